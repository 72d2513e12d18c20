// Edits applied to a TrackSpec, and their labels for the undo history.
// Sections: 1. helpers  2. apply (one operator per edit)  3. labels
#include "editor/edits.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/json_reader.h"
#include "core/math.h"

namespace racer::editor {
namespace {

// ---------------------------------------------------------------- 1. helpers

bool in_range(int i, std::size_t n) { return i >= 0 && static_cast<std::size_t>(i) < n; }
bool insert_range(int i, std::size_t n) { return i >= 0 && static_cast<std::size_t>(i) <= n; }
std::size_t at(int i) { return static_cast<std::size_t>(i); }
std::string idx(int i) { return std::to_string(i); }

/// Every centreline index the spec holds elsewhere (kerb spans, branch ends, the start).
template <typename Fn>
void for_each_point_reference(TrackSpec& s, Fn fn) {
  for (KerbSpan& k : s.kerbs.spans) {
    fn(k.from);
    fn(k.to);
  }
  for (BranchSpec& b : s.branches) {
    fn(b.from);
    fn(b.to);
  }
  fn(s.start.point);
}

Vec2* point_of(TrackSpec& s, const ElementRef& e) {
  if (!element_exists(s, e)) return nullptr;
  switch (e.kind) {
    case ElementKind::CentrelinePoint: return &s.centreline[at(e.index)].position;
    case ElementKind::ZonePoint: return &s.zones[at(e.index)].polygon[at(e.sub)];
    case ElementKind::Obstacle: return &s.obstacles[at(e.index)].position;
    case ElementKind::BarrierPoint: return &s.walls.barriers[at(e.index)][at(e.sub)];
    case ElementKind::BranchPoint: return &s.branches[at(e.index)].points[at(e.sub)].position;
    case ElementKind::SceneryObject: return &s.scenery.objects[at(e.index)].position;
    default: return nullptr;
  }
}

/// The single points an element stands for (a zone: all its corners, ...).
std::vector<Vec2*> points_of(TrackSpec& s, const ElementRef& e) {
  std::vector<Vec2*> out;
  if (!element_exists(s, e)) return out;
  switch (e.kind) {
    case ElementKind::Zone:
      for (Vec2& p : s.zones[at(e.index)].polygon) out.push_back(&p);
      break;
    case ElementKind::Barrier:
      for (Vec2& p : s.walls.barriers[at(e.index)]) out.push_back(&p);
      break;
    case ElementKind::Branch:
      for (ControlPoint& p : s.branches[at(e.index)].points) out.push_back(&p.position);
      break;
    default:
      if (Vec2* p = point_of(s, e)) out.push_back(p);
  }
  return out;
}

std::optional<std::string> missing(const TrackSpec& s, const ElementRef& e) {
  return "there is no " + element_name(s, e);
}

// ---------------------------------------------------------------- 2. apply

struct Apply {
  TrackSpec& s;
  using R = std::optional<std::string>;

  R operator()(const MovePoints& m) {
    std::vector<Vec2*> points;
    for (const ElementRef& e : m.elements) {
      if (!element_exists(s, e) || !element_movable(e.kind)) return "cannot move " + element_name(s, e);
      for (Vec2* p : points_of(s, e))
        if (std::find(points.begin(), points.end(), p) == points.end()) points.push_back(p);
    }
    for (Vec2* p : points) *p = snap_to_grid(*p + m.delta, m.snap);
    return std::nullopt;
  }

  R operator()(const SetPosition& m) {
    Vec2* p = point_of(s, m.element);
    if (p == nullptr) return "cannot place " + element_name(s, m.element);
    *p = m.position;
    return std::nullopt;
  }

  R operator()(const InsertCentrelinePoint& m) {
    if (!insert_range(m.index, s.centreline.size())) return "no place " + idx(m.index) + " on the centreline";
    s.centreline.insert(s.centreline.begin() + m.index, m.point);
    if (static_cast<std::size_t>(m.index) + 1 < s.centreline.size())
      for_each_point_reference(s, [&](int& r) { r += r >= m.index ? 1 : 0; });
    return std::nullopt;
  }

  R operator()(const DeleteCentrelinePoint& m) {
    if (!in_range(m.index, s.centreline.size())) return missing(s, {ElementKind::CentrelinePoint, m.index, 0});
    s.centreline.erase(s.centreline.begin() + m.index);
    const int n = static_cast<int>(s.centreline.size());
    // A reference to the deleted point moves to the point that took its place.
    for_each_point_reference(s, [&](int& r) {
      if (r > m.index) --r;
      if (n > 0 && r >= n) r %= n;
    });
    return std::nullopt;
  }

  R operator()(const SetPointWidth& m) {
    if (m.point.kind == ElementKind::CentrelinePoint && element_exists(s, m.point))
      s.centreline[at(m.point.index)].width = m.width;
    else if (m.point.kind == ElementKind::BranchPoint && element_exists(s, m.point))
      s.branches[at(m.point.index)].points[at(m.point.sub)].width = m.width;
    else
      return "cannot set the width of " + element_name(s, m.point);
    return std::nullopt;
  }

  R operator()(const SetDefaultWidth& m) {
    const double old = common_width(s);
    for (ControlPoint& p : s.centreline)
      if (p.width == old) p.width = m.width;
    for (BranchSpec& b : s.branches)
      for (ControlPoint& p : b.points)
        if (p.width == old) p.width = m.width;
    return std::nullopt;
  }

  R operator()(const SetTrackInfo& m) {
    s.name = m.name;
    s.author = m.author;
    s.description = m.description;
    return std::nullopt;
  }
  R operator()(const SetRoadSurface& m) {
    s.road_surface = m.surface;
    return std::nullopt;
  }
  R operator()(const SetRunoff& m) {
    s.runoff = m.runoff;
    return std::nullopt;
  }
  R operator()(const SetSceneryTheme& m) {
    s.scenery.theme = m.theme;
    s.scenery.automatic = m.automatic;
    return std::nullopt;
  }

  R operator()(const SetKerbSettings& m) {
    s.kerbs.automatic = m.automatic;
    s.kerbs.min_radius = m.min_radius;
    s.kerbs.width = m.width;
    return std::nullopt;
  }
  R operator()(const AddKerbSpan& m) {
    s.kerbs.spans.push_back(m.span);
    return std::nullopt;
  }
  R operator()(const SetKerbSpan& m) {
    if (!in_range(m.index, s.kerbs.spans.size())) return missing(s, {ElementKind::KerbSpan, m.index, 0});
    s.kerbs.spans[at(m.index)] = m.span;
    return std::nullopt;
  }
  R operator()(const DeleteKerbSpan& m) {
    if (!in_range(m.index, s.kerbs.spans.size())) return missing(s, {ElementKind::KerbSpan, m.index, 0});
    s.kerbs.spans.erase(s.kerbs.spans.begin() + m.index);
    return std::nullopt;
  }

  R operator()(const AddZone& m) {
    s.zones.push_back(m.zone);
    return std::nullopt;
  }
  R operator()(const DeleteZone& m) {
    if (!in_range(m.index, s.zones.size())) return missing(s, {ElementKind::Zone, m.index, 0});
    s.zones.erase(s.zones.begin() + m.index);
    return std::nullopt;
  }
  R operator()(const SetZoneSurface& m) {
    if (!in_range(m.index, s.zones.size())) return missing(s, {ElementKind::Zone, m.index, 0});
    s.zones[at(m.index)].surface = m.surface;
    return std::nullopt;
  }
  R operator()(const InsertZonePoint& m) {
    if (!in_range(m.zone, s.zones.size())) return missing(s, {ElementKind::Zone, m.zone, 0});
    auto& poly = s.zones[at(m.zone)].polygon;
    if (!insert_range(m.corner, poly.size())) return "no place " + idx(m.corner) + " in zone " + idx(m.zone);
    poly.insert(poly.begin() + m.corner, m.position);
    return std::nullopt;
  }
  R operator()(const DeleteZonePoint& m) {
    if (!element_exists(s, {ElementKind::ZonePoint, m.zone, m.corner}))
      return missing(s, {ElementKind::ZonePoint, m.zone, m.corner});
    auto& poly = s.zones[at(m.zone)].polygon;
    poly.erase(poly.begin() + m.corner);
    return std::nullopt;
  }

  R operator()(const AddObstacle& m) {
    s.obstacles.push_back(m.obstacle);
    return std::nullopt;
  }
  R operator()(const DeleteObstacle& m) {
    if (!in_range(m.index, s.obstacles.size())) return missing(s, {ElementKind::Obstacle, m.index, 0});
    s.obstacles.erase(s.obstacles.begin() + m.index);
    return std::nullopt;
  }
  R operator()(const RotateObstacle& m) {
    if (!in_range(m.index, s.obstacles.size())) return missing(s, {ElementKind::Obstacle, m.index, 0});
    s.obstacles[at(m.index)].angle = deg_to_rad(m.angle_deg);
    return std::nullopt;
  }
  R operator()(const ResizeObstacle& m) {
    if (!in_range(m.index, s.obstacles.size())) return missing(s, {ElementKind::Obstacle, m.index, 0});
    ObstacleSpec& o = s.obstacles[at(m.index)];
    o.radius = m.radius;
    o.half_length = m.length / 2.0;
    o.half_width = m.width / 2.0;
    return std::nullopt;
  }
  R operator()(const SetObstacleShape& m) {
    if (!in_range(m.index, s.obstacles.size())) return missing(s, {ElementKind::Obstacle, m.index, 0});
    ObstacleSpec& o = s.obstacles[at(m.index)];
    if (m.shape != o.shape && m.shape == ObstacleShape::Box) {
      o.half_length = o.half_width = o.radius;
    } else if (m.shape != o.shape) {
      o.radius = std::max(o.half_length, o.half_width);
      o.angle = 0.0;
    }
    o.shape = m.shape;
    o.kind = m.kind;
    return std::nullopt;
  }

  R operator()(const SetWallsAutomatic& m) {
    s.walls.automatic = m.automatic;
    return std::nullopt;
  }
  R operator()(const AddBarrier& m) {
    s.walls.barriers.push_back(m.points);
    return std::nullopt;
  }
  R operator()(const DeleteBarrier& m) {
    if (!in_range(m.index, s.walls.barriers.size())) return missing(s, {ElementKind::Barrier, m.index, 0});
    s.walls.barriers.erase(s.walls.barriers.begin() + m.index);
    return std::nullopt;
  }
  R operator()(const InsertBarrierPoint& m) {
    if (!in_range(m.barrier, s.walls.barriers.size())) return missing(s, {ElementKind::Barrier, m.barrier, 0});
    auto& line = s.walls.barriers[at(m.barrier)];
    if (!insert_range(m.point, line.size())) return "no place " + idx(m.point) + " in barrier " + idx(m.barrier);
    line.insert(line.begin() + m.point, m.position);
    return std::nullopt;
  }
  R operator()(const DeleteBarrierPoint& m) {
    if (!element_exists(s, {ElementKind::BarrierPoint, m.barrier, m.point}))
      return missing(s, {ElementKind::BarrierPoint, m.barrier, m.point});
    auto& line = s.walls.barriers[at(m.barrier)];
    line.erase(line.begin() + m.point);
    return std::nullopt;
  }

  R operator()(const AddBranch& m) {
    s.branches.push_back(m.branch);
    return std::nullopt;
  }
  R operator()(const DeleteBranch& m) {
    if (!in_range(m.index, s.branches.size())) return missing(s, {ElementKind::Branch, m.index, 0});
    s.branches.erase(s.branches.begin() + m.index);
    return std::nullopt;
  }
  R operator()(const SetBranchEnds& m) {
    if (!in_range(m.index, s.branches.size())) return missing(s, {ElementKind::Branch, m.index, 0});
    s.branches[at(m.index)].from = m.from;
    s.branches[at(m.index)].to = m.to;
    return std::nullopt;
  }
  R operator()(const SetBranchInfo& m) {
    if (!in_range(m.index, s.branches.size())) return missing(s, {ElementKind::Branch, m.index, 0});
    s.branches[at(m.index)].name = m.name;
    s.branches[at(m.index)].surface = m.surface;
    return std::nullopt;
  }
  R operator()(const InsertBranchPoint& m) {
    if (!in_range(m.branch, s.branches.size())) return missing(s, {ElementKind::Branch, m.branch, 0});
    auto& pts = s.branches[at(m.branch)].points;
    if (!insert_range(m.point, pts.size())) return "no place " + idx(m.point) + " in branch " + idx(m.branch);
    pts.insert(pts.begin() + m.point, m.position);
    return std::nullopt;
  }
  R operator()(const DeleteBranchPoint& m) {
    if (!element_exists(s, {ElementKind::BranchPoint, m.branch, m.point}))
      return missing(s, {ElementKind::BranchPoint, m.branch, m.point});
    auto& pts = s.branches[at(m.branch)].points;
    pts.erase(pts.begin() + m.point);
    return std::nullopt;
  }

  R operator()(const SetStart& m) {
    s.start = m.start;
    return std::nullopt;
  }
  R operator()(const SetGrid& m) {
    s.grid = m.grid;
    return std::nullopt;
  }
  R operator()(const SetSectors& m) {
    s.sectors = m.sectors;
    return std::nullopt;
  }
  R operator()(const SetLaps& m) {
    s.laps = m.laps;
    return std::nullopt;
  }
};

// ---------------------------------------------------------------- 3. labels

struct Label {
  const TrackSpec& s;

  std::string operator()(const MovePoints& m) const {
    if (m.elements.size() == 1) return "move " + element_name(s, m.elements.front());
    return "move " + std::to_string(m.elements.size()) + " elements";
  }
  std::string operator()(const SetPosition& m) const { return "place " + element_name(s, m.element); }
  std::string operator()(const InsertCentrelinePoint& m) const { return "insert centreline point " + idx(m.index); }
  std::string operator()(const DeleteCentrelinePoint& m) const { return "delete centreline point " + idx(m.index); }
  std::string operator()(const SetPointWidth& m) const {
    return "width of " + element_name(s, m.point) + " " + format_number(m.width) + " m";
  }
  std::string operator()(const SetDefaultWidth& m) const { return "default width " + format_number(m.width) + " m"; }
  std::string operator()(const SetTrackInfo&) const { return "name, author, description"; }
  std::string operator()(const SetRoadSurface& m) const { return "road surface " + std::string(surface_name(m.surface)); }
  std::string operator()(const SetRunoff&) const { return "run-off"; }
  std::string operator()(const SetSceneryTheme& m) const {
    return "scenery theme " + std::string(scenery_theme_name(m.theme));
  }
  std::string operator()(const SetKerbSettings&) const { return "kerb settings"; }
  std::string operator()(const AddKerbSpan& m) const {
    return "add kerb span " + idx(m.span.from) + "-" + idx(m.span.to);
  }
  std::string operator()(const SetKerbSpan& m) const { return "edit kerb span " + idx(m.index); }
  std::string operator()(const DeleteKerbSpan& m) const { return "delete kerb span " + idx(m.index); }
  std::string operator()(const AddZone& m) const { return "add zone (" + std::string(surface_name(m.zone.surface)) + ")"; }
  std::string operator()(const DeleteZone& m) const { return "delete " + element_name(s, {ElementKind::Zone, m.index, 0}); }
  std::string operator()(const SetZoneSurface& m) const {
    return "zone " + idx(m.index) + " surface " + std::string(surface_name(m.surface));
  }
  std::string operator()(const InsertZonePoint& m) const { return "insert zone " + idx(m.zone) + " corner " + idx(m.corner); }
  std::string operator()(const DeleteZonePoint& m) const { return "delete zone " + idx(m.zone) + " corner " + idx(m.corner); }
  std::string operator()(const AddObstacle& m) const { return "add obstacle (" + m.obstacle.kind + ")"; }
  std::string operator()(const DeleteObstacle& m) const {
    return "delete " + element_name(s, {ElementKind::Obstacle, m.index, 0});
  }
  std::string operator()(const RotateObstacle& m) const {
    return "rotate obstacle " + idx(m.index) + " to " + format_number(m.angle_deg) + " deg";
  }
  std::string operator()(const ResizeObstacle& m) const { return "resize obstacle " + idx(m.index); }
  std::string operator()(const SetObstacleShape& m) const {
    return "obstacle " + idx(m.index) + " shape " + (m.shape == ObstacleShape::Box ? "box" : "circle");
  }
  std::string operator()(const SetWallsAutomatic& m) const {
    return std::string("automatic walls ") + (m.automatic ? "on" : "off");
  }
  std::string operator()(const AddBarrier&) const { return "add barrier"; }
  std::string operator()(const DeleteBarrier& m) const { return "delete barrier " + idx(m.index); }
  std::string operator()(const InsertBarrierPoint& m) const {
    return "insert barrier " + idx(m.barrier) + " point " + idx(m.point);
  }
  std::string operator()(const DeleteBarrierPoint& m) const {
    return "delete barrier " + idx(m.barrier) + " point " + idx(m.point);
  }
  std::string operator()(const AddBranch& m) const { return "add branch \"" + m.branch.name + "\""; }
  std::string operator()(const DeleteBranch& m) const { return "delete " + element_name(s, {ElementKind::Branch, m.index, 0}); }
  std::string operator()(const SetBranchEnds& m) const {
    return "branch " + idx(m.index) + " from " + idx(m.from) + " to " + idx(m.to);
  }
  std::string operator()(const SetBranchInfo& m) const { return "branch " + idx(m.index) + " name and surface"; }
  std::string operator()(const InsertBranchPoint& m) const {
    return "insert branch " + idx(m.branch) + " point " + idx(m.point);
  }
  std::string operator()(const DeleteBranchPoint& m) const {
    return "delete branch " + idx(m.branch) + " point " + idx(m.point);
  }
  std::string operator()(const SetStart& m) const {
    return "start at point " + idx(m.start.point) + (m.start.reverse ? ", reversed" : "");
  }
  std::string operator()(const SetGrid& m) const { return "grid of " + idx(m.grid.slots) + " slots"; }
  std::string operator()(const SetSectors& m) const { return idx(m.sectors) + " sectors"; }
  std::string operator()(const SetLaps& m) const { return idx(m.laps) + " laps"; }
};

}  // namespace

std::optional<std::string> apply_edit(TrackSpec& spec, const Edit& edit) {
  TrackSpec changed = spec;
  std::optional<std::string> error = std::visit(Apply{changed}, edit);
  if (!error) spec = std::move(changed);
  return error;
}

std::string edit_label(const TrackSpec& before, const Edit& edit) { return std::visit(Label{before}, edit); }

Vec2 snap_to_grid(Vec2 p, double step) {
  if (!(step > 0.0)) return p;
  return {std::round(p.x / step) * step, std::round(p.y / step) * step};
}


}  // namespace racer::editor
