// Track build phases that only report problems: the structure checks of the spec (what
// must hold before any geometry can be built: counts, ranges, finite positions, indices)
// and the geometric validation of the roads once their centrelines exist (road narrower
// than 4 m, edges crossing or folding, parts of the loop overlapping, branches that do
// not rejoin ahead, self-intersecting zones). Problems are located by JSON pointer;
// crossings close to one already reported are not repeated, and at most 8 are reported.
// Sections: 1. structure  2. widths  3. edge crossings  4. overlaps  5. branches, zones
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "track/track_build.h"

namespace racer {

using namespace track_build;

namespace {

constexpr double kMinRoadWidth = 4.0;      // m: narrower cannot be raced
constexpr int kMaxCrossingReports = 8;

// Proper crossing of segments ab and cd (touching ends do not count).
bool segments_cross(Vec2 a, Vec2 b, Vec2 c, Vec2 d, Vec2* at = nullptr) {
  const double o1 = cross(b - a, c - a), o2 = cross(b - a, d - a);
  const double o3 = cross(d - c, a - c), o4 = cross(d - c, b - c);
  if (!((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0))) return false;
  if (!((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0))) return false;
  if (at) *at = c + (d - c) * (o1 / (o1 - o2));
  return true;
}

bool is_finite(Vec2 p) { return std::isfinite(p.x) && std::isfinite(p.y); }

}  // namespace

// ---------------------------------------------------------------- 1. structure

bool TrackBuilder::check_structure() {
  const std::size_t before = problems_.size();
  const TrackSpec& s = spec();
  const int n = point_count();
  if (n < 4 || n > 512)
    problem("/centreline", "the centreline needs 4 to 512 control points, got " + std::to_string(n));
  for (int i = 0; i < n; ++i) {
    const ControlPoint& p = s.centreline[static_cast<std::size_t>(i)];
    const std::string at = "/centreline/" + std::to_string(i);
    if (!is_finite(p.position) || std::abs(p.position.x) > 1e5 || std::abs(p.position.y) > 1e5)
      problem(at, "control point " + std::to_string(i) + " is not a position within 100 km of the origin");
    else if (!std::isfinite(p.width) || p.width <= 0.0 || p.width > 60.0)
      problem(at + "/2", "control point " + std::to_string(i) + " must be 4 to 60 m wide");
    else if (n >= 2 && length(p.position - s.centreline[static_cast<std::size_t>((i + 1) % n)].position) < 0.1)
      problem(at, "control points " + std::to_string(i) + " and " + std::to_string((i + 1) % n) +
                      " are at the same place " + fmt_xy(p.position));
  }
  if (n >= 4 && (s.start.point < 0 || s.start.point >= n))
    problem("/start/point", "the start point must be a control point index in [0, " +
                                std::to_string(n - 1) + "], got " + std::to_string(s.start.point));
  if (!std::isfinite(s.start.offset)) problem("/start/offset_m", "the start offset must be a number of metres");
  if (s.grid.slots < 1 || s.grid.slots > 24) problem("/grid/slots", "the grid needs 1 to 24 slots");
  if (s.grid.columns < 1 || s.grid.columns > 3) problem("/grid/columns", "the grid needs 1 to 3 columns");
  if (!(s.grid.spacing > 0.0 && s.grid.spacing < 100.0)) problem("/grid/spacing_m", "the grid spacing must be in (0, 100) m");
  if (!(s.grid.first_offset >= 0.0 && s.grid.first_offset < 500.0))
    problem("/grid/first_offset_m", "the grid's first offset must be in [0, 500) m");
  if (s.sectors < 1 || s.sectors > 10) problem("/sectors", "a track has 1 to 10 sectors");
  if (!(s.runoff.width >= 0.0 && s.runoff.width <= 100.0)) problem("/runoff/width_m", "the runoff width must be in [0, 100] m");
  if (!(s.kerbs.width >= 0.0 && s.kerbs.width <= 5.0)) problem("/kerbs/width_m", "the kerb width must be in [0, 5] m");
  if (!(s.kerbs.min_radius > 0.0 && std::isfinite(s.kerbs.min_radius)))
    problem("/kerbs/min_radius_m", "the kerbs' minimum radius must be a positive number of metres");
  if (s.branches.size() > 64) problem("/branches", "a track has at most 64 branches");
  for (std::size_t b = 0; b < s.branches.size() && b < 64; ++b) {
    const BranchSpec& br = s.branches[b];
    const std::string at = "/branches/" + std::to_string(b);
    for (const auto& [key, idx] : {std::pair{"from", br.from}, std::pair{"to", br.to}})
      if (idx < 0 || idx >= n)
        problem(at + "/" + key, "branch \"" + br.name + "\": \"" + key + "\" must be a control point index in [0, " +
                                    std::to_string(n - 1) + "], got " + std::to_string(idx));
    if (br.points.empty() || br.points.size() > 512)
      problem(at + "/points", "branch \"" + br.name + "\" needs 1 to 512 points");
    for (std::size_t j = 0; j < br.points.size(); ++j) {
      const ControlPoint& p = br.points[j];
      const std::string pj = at + "/points/" + std::to_string(j);
      if (!is_finite(p.position) || std::abs(p.position.x) > 1e5 || std::abs(p.position.y) > 1e5)
        problem(pj, "branch \"" + br.name + "\": point " + std::to_string(j) + " is not a position within 100 km of the origin");
      else if (!std::isfinite(p.width) || p.width <= 0.0 || p.width > 60.0)
        problem(pj + "/2", "branch \"" + br.name + "\": point " + std::to_string(j) + " must be 4 to 60 m wide");
      else if (j > 0 && length(p.position - br.points[j - 1].position) < 0.1)
        problem(pj, "branch \"" + br.name + "\": points " + std::to_string(j - 1) + " and " + std::to_string(j) + " are at the same place");
    }
    if (problems_.size() == before && !br.points.empty()) {
      const Vec2 first = s.centreline[static_cast<std::size_t>(br.from)].position;
      const Vec2 last = s.centreline[static_cast<std::size_t>(br.to)].position;
      if (length(br.points.front().position - first) < 0.1 || length(br.points.back().position - last) < 0.1)
        problem(at + "/points", "branch \"" + br.name + "\": its first and last points must not repeat the main loop's points");
    }
  }
  for (std::size_t z = 0; z < s.zones.size(); ++z) {
    const SurfaceZone& zone = s.zones[z];
    bool ok = zone.polygon.size() >= 3 && zone.polygon.size() <= 256 && zone.surface < Surface::Count;
    for (Vec2 p : zone.polygon) ok = ok && is_finite(p) && std::abs(p.x) < 1e5 && std::abs(p.y) < 1e5;
    if (!ok) problem("/zones/" + std::to_string(z), "zone " + std::to_string(z) + " needs a polygon of 3 to 256 finite points");
  }
  for (std::size_t o = 0; o < s.obstacles.size(); ++o) {
    const ObstacleSpec& ob = s.obstacles[o];
    const bool ok = is_finite(ob.position) && std::abs(ob.position.x) < 1e5 && std::abs(ob.position.y) < 1e5 &&
                    ob.radius > 0.0 && ob.radius < 100.0 && ob.half_length > 0.0 && ob.half_length < 100.0 &&
                    ob.half_width > 0.0 && ob.half_width < 100.0 && std::isfinite(ob.angle);
    if (!ok) problem("/obstacles/" + std::to_string(o), "obstacle " + std::to_string(o) + " needs a finite position and sizes in (0, 100) m");
  }
  for (std::size_t w = 0; w < s.walls.barriers.size(); ++w) {
    bool ok = s.walls.barriers[w].size() >= 2;
    for (Vec2 p : s.walls.barriers[w]) ok = ok && is_finite(p) && std::abs(p.x) < 1e5 && std::abs(p.y) < 1e5;
    if (!ok) problem("/walls/barriers/" + std::to_string(w), "barrier " + std::to_string(w) + " needs 2 or more finite points");
  }
  if (s.road_surface >= Surface::Count || s.runoff.surface >= Surface::Count)
    problem("", "unknown road or runoff surface");
  return problems_.size() == before;
}

// ---------------------------------------------------------------- 2. widths

void TrackBuilder::check_widths() {
  for (std::size_t i = 0; i < spec().centreline.size(); ++i)
    if (spec().centreline[i].width < kMinRoadWidth)
      problem("/centreline/" + std::to_string(i) + "/2",
              "the road is " + fmt_m(spec().centreline[i].width) + " m wide at control point " + std::to_string(i) + " " +
                  fmt_xy(spec().centreline[i].position) + "; it must be at least 4 m wide");
  for (std::size_t b = 0; b < spec().branches.size(); ++b) {
    const BranchSpec& br = spec().branches[b];
    for (std::size_t j = 0; j < br.points.size(); ++j)
      if (br.points[j].width < kMinRoadWidth)
        problem("/branches/" + std::to_string(b) + "/points/" + std::to_string(j) + "/2",
                "branch \"" + br.name + "\" is " + fmt_m(br.points[j].width) + " m wide at its point " + std::to_string(j) +
                    "; it must be at least 4 m wide");
  }
}

// ---------------------------------------------------------------- 3. edge crossings

// Reports a crossing unless one was reported close by; false when enough were reported.
bool TrackBuilder::report_crossing(Vec2 where, std::string pointer, std::string message) {
  for (Vec2 p : crossings_)
    if (length(p - where) < 30.0) return true;
  if (static_cast<int>(crossings_.size()) >= kMaxCrossingReports) return false;
  crossings_.push_back(where);
  problem(std::move(pointer), std::move(message));
  return true;
}

// Where a problem on part c near sample k is reported.
std::pair<std::string, std::string> TrackBuilder::describe_place(int c, int k, Vec2 where) const {
  const CentreSample& cs = part_line(c).samples()[static_cast<std::size_t>(k)];
  if (c == 0) {
    const int i = nearest_point(cs, where);
    return {point_pointer(i), "control point " + std::to_string(map_point(i % point_count()))};
  }
  const BranchSpec& br = spec().branches[static_cast<std::size_t>(c - 1)];
  const int last = static_cast<int>(br.points.size()) - 1;
  const int j = std::clamp(static_cast<int>(std::lround(cs.point)) - 1, 0, last);
  return {"/branches/" + std::to_string(c - 1) + "/points/" + std::to_string(j),
          "branch \"" + br.name + "\" point " + std::to_string(j)};
}

// Branch samples still merging with the main road at either end (exempt from crossings).
std::pair<int, int> TrackBuilder::attached_ends(int c) const {
  const auto& ss = part_line(c).samples();
  const int m = static_cast<int>(ss.size());
  auto attached = [&](int k) {
    const CentreSample& b = ss[static_cast<std::size_t>(k)];
    const Projection pr = main().project(b.position);
    const double main_half = 0.5 * main().at(pr.s).width;
    return pr.distance < main_half + 0.5 * b.width + 1.0;
  };
  int head = 0;
  while (head < m && attached(head)) ++head;
  int tail = m - 1;
  while (tail > head && attached(tail)) --tail;
  return {head, tail};
}

void TrackBuilder::check_crossings() {
  // Edge polylines: left and right edge of every part.
  struct Line {
    int part;
    std::vector<Vec2> pts;
    bool closed;
  };
  std::vector<Line> lines;
  std::vector<std::pair<int, int>> attached(static_cast<std::size_t>(part_count()), {0, 0});
  for (int c = 0; c < part_count(); ++c) {
    const Centreline& l = part_line(c);
    lines.push_back({c, l.left_edge(), l.closed()});
    lines.push_back({c, l.right_edge(), l.closed()});
    if (c > 0) attached[static_cast<std::size_t>(c)] = attached_ends(c);
  }
  struct Seg {
    int line, index;
  };
  std::vector<Seg> segs;
  for (int li = 0; li < static_cast<int>(lines.size()); ++li) {
    const int m = static_cast<int>(lines[static_cast<std::size_t>(li)].pts.size());
    const int count = lines[static_cast<std::size_t>(li)].closed ? m : m - 1;
    for (int k = 0; k < count; ++k) segs.push_back({li, k});
  }
  auto ends = [&](const Seg& s) {
    const auto& pts = lines[static_cast<std::size_t>(s.line)].pts;
    return std::pair{pts[static_cast<std::size_t>(s.index)], pts[static_cast<std::size_t>(s.index + 1) % pts.size()]};
  };
  auto exempt = [&](const Seg& s) {
    const int c = lines[static_cast<std::size_t>(s.line)].part;
    if (c == 0) return false;
    const auto [head, tail] = attached[static_cast<std::size_t>(c)];
    return s.index < head || s.index >= tail;
  };
  // Spatial hash: every segment in each 4 m cell its bounding box touches.
  constexpr double kHash = 4.0;
  std::vector<std::pair<std::int64_t, int>> cells;
  for (int i = 0; i < static_cast<int>(segs.size()); ++i) {
    const auto [a, b] = ends(segs[static_cast<std::size_t>(i)]);
    const auto x0 = static_cast<std::int64_t>(std::floor(std::min(a.x, b.x) / kHash));
    const auto x1 = static_cast<std::int64_t>(std::floor(std::max(a.x, b.x) / kHash));
    const auto y0 = static_cast<std::int64_t>(std::floor(std::min(a.y, b.y) / kHash));
    const auto y1 = static_cast<std::int64_t>(std::floor(std::max(a.y, b.y) / kHash));
    for (auto y = y0; y <= y1; ++y)
      for (auto x = x0; x <= x1; ++x) cells.push_back({(y << 32) ^ (x & 0xFFFFFFFF), i});
  }
  std::sort(cells.begin(), cells.end());
  const double main_ds = main().length() / static_cast<double>(main().samples().size());
  for (std::size_t g = 0; g < cells.size();) {
    std::size_t e = g;
    while (e < cells.size() && cells[e].first == cells[g].first) ++e;
    for (std::size_t i = g; i < e; ++i)
      for (std::size_t j = i + 1; j < e; ++j) {
        const Seg& s = segs[static_cast<std::size_t>(cells[i].second)];
        const Seg& t = segs[static_cast<std::size_t>(cells[j].second)];
        const Line& ls = lines[static_cast<std::size_t>(s.line)];
        const Line& lt = lines[static_cast<std::size_t>(t.line)];
        if (s.line == t.line) {
          const int m = static_cast<int>(ls.pts.size());
          int gap = std::abs(s.index - t.index);
          if (ls.closed) gap = std::min(gap, m - gap);
          if (gap <= 1) continue;
        } else if (ls.part != lt.part && (exempt(s) || exempt(t))) {
          continue;
        }
        const auto [a, b] = ends(s);
        const auto [c, d] = ends(t);
        Vec2 at;
        if (!segments_cross(a, b, c, d, &at)) continue;
        if (!report_one_crossing(ls.part, s.index, lt.part, t.index, s.line == t.line, at, main_ds)) return;
      }
    g = e;
  }
}

bool TrackBuilder::report_one_crossing(int c0, int k0, int c1, int k1, bool same_edge, Vec2 at, double main_ds) {
  if (c0 != 0) {  // the main loop (if involved) first
    std::swap(c0, c1);
    std::swap(k0, k1);
  }
  const auto [pointer, place] = describe_place(c0, k0, at);
  const auto [pointer1, place1] = describe_place(c1, k1, at);
  if (c0 == 0 && c1 == 0) {
    const int m = static_cast<int>(main().samples().size());
    int gap = std::abs(k0 - k1);
    gap = std::min(gap, m - gap);
    const double w = main().samples()[static_cast<std::size_t>(k0)].width;
    if (same_edge && gap * main_ds < 3.0 * w)
      return report_crossing(at, pointer, "the road's edge folds over itself in the corner near " + place + " " +
                                              fmt_xy(at) + ": the corner is tighter than half the road width");
    return report_crossing(at, pointer, "the road crosses itself near " + place + " " + fmt_xy(at) +
                                            (place1 != place ? " (and near " + place1 + ")" : ""));
  }
  if (c0 == 0) return report_crossing(at, pointer1, place1 + " crosses the main road " + fmt_xy(at));
  if (c0 == c1) return report_crossing(at, pointer, place + ": the branch crosses itself " + fmt_xy(at));
  return report_crossing(at, pointer, place + " crosses " + place1 + " " + fmt_xy(at));
}

// ---------------------------------------------------------------- 4. overlaps

// A road edge of one part of the loop lying inside another part's road (roads that
// overlap without their edges crossing, e.g. two straights too close side by side).
void TrackBuilder::check_overlaps() {
  const auto& ss = main().samples();
  const int m = static_cast<int>(ss.size());
  constexpr double kHash = 8.0;
  std::unordered_map<std::int64_t, std::vector<int>> grid;
  auto key = [&](std::int64_t x, std::int64_t y) { return (y << 32) ^ (x & 0xFFFFFFFF); };
  for (int k = 0; k < m; ++k) {
    const CentreSample& a = ss[static_cast<std::size_t>(k)];
    const CentreSample& b = ss[static_cast<std::size_t>((k + 1) % m)];
    const double r = 0.5 * std::max(a.width, b.width);
    const auto x0 = static_cast<std::int64_t>(std::floor((std::min(a.position.x, b.position.x) - r) / kHash));
    const auto x1 = static_cast<std::int64_t>(std::floor((std::max(a.position.x, b.position.x) + r) / kHash));
    const auto y0 = static_cast<std::int64_t>(std::floor((std::min(a.position.y, b.position.y) - r) / kHash));
    const auto y1 = static_cast<std::int64_t>(std::floor((std::max(a.position.y, b.position.y) + r) / kHash));
    for (auto y = y0; y <= y1; ++y)
      for (auto x = x0; x <= x1; ++x) grid[key(x, y)].push_back(k);
  }
  const double L = main().length();
  for (int k = 0; k < m; ++k) {
    const CentreSample& c = ss[static_cast<std::size_t>(k)];
    for (double side : {1.0, -1.0}) {
      const Vec2 e = c.position + c.normal * (side * 0.5 * c.width);
      const auto it = grid.find(key(static_cast<std::int64_t>(std::floor(e.x / kHash)),
                                    static_cast<std::int64_t>(std::floor(e.y / kHash))));
      if (it == grid.end()) continue;
      for (int j : it->second) {
        const CentreSample& a = ss[static_cast<std::size_t>(j)];
        const CentreSample& b = ss[static_cast<std::size_t>((j + 1) % m)];
        if (cyclic_distance(a.s, c.s, L) < 2.0 * std::max(a.width, c.width)) continue;
        double u = 0.0;
        const double d = distance_to_segment(e, a.position, b.position, &u);
        const double depth = 0.5 * lerp(a.width, b.width, u) - d;
        if (depth <= 0.5) continue;
        const auto [pointer, place] = describe_place(0, k, e);
        const auto other = describe_place(0, j, e).second;
        if (!report_crossing(e, pointer, "the road overlaps itself near " + place + " " + fmt_xy(e) + ": its edge lies " +
                                             fmt_m(depth) + " m inside the road near " + other))
          return;
      }
    }
  }
}

// ---------------------------------------------------------------- 5. branches, zones

void TrackBuilder::check_branches() {
  const double L = main().length();
  for (std::size_t b = 0; b < spec().branches.size(); ++b) {
    const BranchSpec& br = spec().branches[b];
    const std::string at = "/branches/" + std::to_string(b);
    const int jf = map_point(br.from), jt = map_point(br.to);
    if (jf == jt) {
      problem(at + "/to", "branch \"" + br.name + "\" leaves and rejoins the loop at the same control point " + std::to_string(br.from));
      continue;
    }
    const double s_from = main().s_of_point(jf), s_to = main().s_of_point(jt);
    const double span = wrap_s(s_to - s_from, L);
    if (span > 0.5 * L) {
      problem(at + "/to", "branch \"" + br.name + "\" does not rejoin ahead: control point " + std::to_string(br.to) +
                              " is " + fmt_m(L - span) + " m behind control point " + std::to_string(br.from) +
                              " in the direction of travel (\"to\" must be ahead of \"from\")");
      continue;
    }
    const Centreline& line = track_->branches_[b];
    const auto& ss = line.samples();
    if (dot(ss.front().tangent, main().at(s_from).tangent) < 0.0)
      problem(at + "/from", "branch \"" + br.name + "\" leaves control point " + std::to_string(br.from) +
                                " against the direction of travel");
    if (dot(ss.back().tangent, main().at(s_to).tangent) < 0.0)
      problem(at + "/to", "branch \"" + br.name + "\" rejoins at control point " + std::to_string(br.to) +
                              " against the direction of travel");
  }
}

void TrackBuilder::check_zones() {
  for (std::size_t z = 0; z < spec().zones.size(); ++z) {
    const auto& poly = spec().zones[z].polygon;
    const std::size_t n = poly.size();
    bool crossed = false;
    for (std::size_t i = 0; i < n && !crossed; ++i)
      for (std::size_t j = i + 2; j < n && !crossed; ++j) {
        if (i == 0 && j == n - 1) continue;  // adjacent through the closing edge
        Vec2 at;
        if (segments_cross(poly[i], poly[(i + 1) % n], poly[j], poly[(j + 1) % n], &at)) {
          crossed = true;
          problem("/zones/" + std::to_string(z) + "/polygon",
                  "zone " + std::to_string(z) + " (" + std::string(surface_name(spec().zones[z].surface)) +
                      ") crosses itself " + fmt_xy(at) + ": its edges from point " + std::to_string(i) + " and point " +
                      std::to_string(j) + " intersect");
        }
      }
  }
}

}  // namespace racer
