// ElementRef: existence, JSON pointers both ways, positions and names.
#include "editor/element.h"

#include <charconv>

namespace racer::editor {
namespace {

bool in_range(int i, std::size_t n) { return i >= 0 && static_cast<std::size_t>(i) < n; }

/// Splits "/a/1/b" into {"a", "1", "b"}.
std::vector<std::string_view> split_pointer(std::string_view p) {
  std::vector<std::string_view> out;
  while (!p.empty() && p.front() == '/') {
    p.remove_prefix(1);
    const std::size_t end = p.find('/');
    out.push_back(p.substr(0, end));
    p = end == std::string_view::npos ? std::string_view{} : p.substr(end);
  }
  return out;
}

std::optional<int> as_index(const std::vector<std::string_view>& parts, std::size_t i) {
  if (i >= parts.size()) return std::nullopt;
  int v = 0;
  const std::string_view s = parts[i];
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc{} || r.ptr != s.data() + s.size() || v < 0) return std::nullopt;
  return v;
}

std::string idx(int i) { return std::to_string(i); }

}  // namespace

bool element_exists(const TrackSpec& s, const ElementRef& e) {
  switch (e.kind) {
    case ElementKind::CentrelinePoint: return in_range(e.index, s.centreline.size());
    case ElementKind::KerbSpan: return in_range(e.index, s.kerbs.spans.size());
    case ElementKind::Zone: return in_range(e.index, s.zones.size());
    case ElementKind::ZonePoint:
      return in_range(e.index, s.zones.size()) && in_range(e.sub, s.zones[static_cast<std::size_t>(e.index)].polygon.size());
    case ElementKind::Obstacle: return in_range(e.index, s.obstacles.size());
    case ElementKind::Barrier: return in_range(e.index, s.walls.barriers.size());
    case ElementKind::BarrierPoint:
      return in_range(e.index, s.walls.barriers.size()) &&
             in_range(e.sub, s.walls.barriers[static_cast<std::size_t>(e.index)].size());
    case ElementKind::Branch: return in_range(e.index, s.branches.size());
    case ElementKind::BranchPoint:
      return in_range(e.index, s.branches.size()) &&
             in_range(e.sub, s.branches[static_cast<std::size_t>(e.index)].points.size());
    case ElementKind::SceneryObject: return in_range(e.index, s.scenery.objects.size());
    case ElementKind::Start:
    case ElementKind::Grid:
    case ElementKind::Track: return true;
  }
  return false;
}

std::string pointer_of(const ElementRef& e) {
  switch (e.kind) {
    case ElementKind::CentrelinePoint: return "/centreline/" + idx(e.index);
    case ElementKind::KerbSpan: return "/kerbs/spans/" + idx(e.index);
    case ElementKind::Zone: return "/zones/" + idx(e.index);
    case ElementKind::ZonePoint: return "/zones/" + idx(e.index) + "/polygon/" + idx(e.sub);
    case ElementKind::Obstacle: return "/obstacles/" + idx(e.index);
    case ElementKind::Barrier: return "/walls/barriers/" + idx(e.index);
    case ElementKind::BarrierPoint: return "/walls/barriers/" + idx(e.index) + "/" + idx(e.sub);
    case ElementKind::Branch: return "/branches/" + idx(e.index);
    case ElementKind::BranchPoint: return "/branches/" + idx(e.index) + "/points/" + idx(e.sub);
    case ElementKind::SceneryObject: return "/scenery/objects/" + idx(e.index);
    case ElementKind::Start: return "/start";
    case ElementKind::Grid: return "/grid";
    case ElementKind::Track: return "";
  }
  return "";
}

ElementRef element_of_pointer(std::string_view pointer) {
  const std::vector<std::string_view> p = split_pointer(pointer);
  const auto at = [&](std::size_t i, std::string_view key) { return i < p.size() && p[i] == key; };
  const std::optional<int> i1 = as_index(p, 1), i2 = as_index(p, 2), i3 = as_index(p, 3);
  if (at(0, "centreline") && i1) return {ElementKind::CentrelinePoint, *i1, 0};
  if (at(0, "kerbs") && at(1, "spans") && i2) return {ElementKind::KerbSpan, *i2, 0};
  if (at(0, "zones") && i1) {
    if (at(2, "polygon") && i3) return {ElementKind::ZonePoint, *i1, *i3};
    return {ElementKind::Zone, *i1, 0};
  }
  if (at(0, "obstacles") && i1) return {ElementKind::Obstacle, *i1, 0};
  if (at(0, "walls") && at(1, "barriers") && i2) {
    if (i3) return {ElementKind::BarrierPoint, *i2, *i3};
    return {ElementKind::Barrier, *i2, 0};
  }
  if (at(0, "branches") && i1) {
    if (at(2, "points") && i3) return {ElementKind::BranchPoint, *i1, *i3};
    return {ElementKind::Branch, *i1, 0};
  }
  if (at(0, "scenery") && at(1, "objects") && i2) return {ElementKind::SceneryObject, *i2, 0};
  if (at(0, "start")) return {ElementKind::Start, 0, 0};
  if (at(0, "grid")) return {ElementKind::Grid, 0, 0};
  return {ElementKind::Track, 0, 0};
}

std::optional<Vec2> element_position(const TrackSpec& s, const ElementRef& e) {
  if (!element_exists(s, e)) return std::nullopt;
  const auto i = static_cast<std::size_t>(e.index), j = static_cast<std::size_t>(e.sub);
  switch (e.kind) {
    case ElementKind::CentrelinePoint: return s.centreline[i].position;
    case ElementKind::KerbSpan: {
      const int from = s.kerbs.spans[i].from;
      if (!in_range(from, s.centreline.size())) return std::nullopt;
      return s.centreline[static_cast<std::size_t>(from)].position;
    }
    case ElementKind::Zone:
      if (s.zones[i].polygon.empty()) return std::nullopt;
      return s.zones[i].polygon.front();
    case ElementKind::ZonePoint: return s.zones[i].polygon[j];
    case ElementKind::Obstacle: return s.obstacles[i].position;
    case ElementKind::Barrier:
      if (s.walls.barriers[i].empty()) return std::nullopt;
      return s.walls.barriers[i].front();
    case ElementKind::BarrierPoint: return s.walls.barriers[i][j];
    case ElementKind::Branch:
      if (s.branches[i].points.empty()) return std::nullopt;
      return s.branches[i].points.front().position;
    case ElementKind::BranchPoint: return s.branches[i].points[j].position;
    case ElementKind::SceneryObject: return s.scenery.objects[i].position;
    case ElementKind::Start:
      if (!in_range(s.start.point, s.centreline.size())) return std::nullopt;
      return s.centreline[static_cast<std::size_t>(s.start.point)].position;
    case ElementKind::Grid:
    case ElementKind::Track: return std::nullopt;
  }
  return std::nullopt;
}

std::string element_name(const TrackSpec& s, const ElementRef& e) {
  switch (e.kind) {
    case ElementKind::CentrelinePoint: return "centreline point " + idx(e.index);
    case ElementKind::KerbSpan: return "kerb span " + idx(e.index);
    case ElementKind::Zone: {
      std::string n = "zone " + idx(e.index);
      if (element_exists(s, e)) n += " (" + std::string(surface_name(s.zones[static_cast<std::size_t>(e.index)].surface)) + ")";
      return n;
    }
    case ElementKind::ZonePoint: return "zone " + idx(e.index) + " corner " + idx(e.sub);
    case ElementKind::Obstacle: {
      std::string n = "obstacle " + idx(e.index);
      if (element_exists(s, e)) n += " (" + s.obstacles[static_cast<std::size_t>(e.index)].kind + ")";
      return n;
    }
    case ElementKind::Barrier: return "barrier " + idx(e.index);
    case ElementKind::BarrierPoint: return "barrier " + idx(e.index) + " point " + idx(e.sub);
    case ElementKind::Branch: {
      std::string n = "branch " + idx(e.index);
      if (element_exists(s, e) && !s.branches[static_cast<std::size_t>(e.index)].name.empty())
        n += " \"" + s.branches[static_cast<std::size_t>(e.index)].name + "\"";
      return n;
    }
    case ElementKind::BranchPoint: return "branch " + idx(e.index) + " point " + idx(e.sub);
    case ElementKind::SceneryObject: return "scenery object " + idx(e.index);
    case ElementKind::Start: return "start line";
    case ElementKind::Grid: return "grid";
    case ElementKind::Track: return "track";
  }
  return "track";
}

bool element_movable(ElementKind kind) {
  switch (kind) {
    case ElementKind::CentrelinePoint:
    case ElementKind::Zone:
    case ElementKind::ZonePoint:
    case ElementKind::Obstacle:
    case ElementKind::Barrier:
    case ElementKind::BarrierPoint:
    case ElementKind::Branch:
    case ElementKind::BranchPoint:
    case ElementKind::SceneryObject: return true;
    default: return false;
  }
}

}  // namespace racer::editor
