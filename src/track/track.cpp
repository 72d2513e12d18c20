// Track: building a track from its spec (TrackBuilder, one named phase per step) and the
// queries the simulation makes every step.
// Sections:
//   1. geometry helpers (segments, boxes, polygons)
//   2. TrackBuilder: the coordinator (build) and its phases:
//      2a. structure checks       2b. centrelines          2c. geometric validation
//      2d. bounds and raster      2e. kerbs                2f. cells and zones
//      2g. walls (marching squares + Douglas-Peucker)      2h. start line and stations
//      2i. grid                   2j. placement checks     2k. cost grid
//   3. Track: load, build, queries
#include "track/track.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <limits>
#include <unordered_map>
#include <utility>

#include "core/json_doc.h"
#include "core/math.h"

namespace racer {
namespace {

// ---------------------------------------------------------------- 1. geometry helpers

constexpr double kMinRoadWidth = 4.0;      // m: narrower cannot be raced
constexpr double kRasterCell = 0.25;       // m, surface raster
constexpr double kCostCell = 0.5;          // m, AI cost grid
constexpr double kRasterMargin = 2.0;      // m around everything inside the walls
constexpr double kCapsuleMargin = 1.0;     // m of distance field beyond the walls
constexpr double kSampleSpacing = 1.0;     // m between centreline samples
constexpr double kStationSpacing = 40.0;   // m between progress gates
constexpr double kKerbExtension = 4.0;     // m added at both ends of automatic kerbs
constexpr double kWallTolerance = 0.1;     // m, Douglas-Peucker tolerance of the walls
constexpr double kMinWallArea = 1.0;       // m^2: smaller contour loops are raster noise
constexpr double kCarLength = 4.8;         // m, grid slot footprint
constexpr double kCarWidth = 2.0;          // m
constexpr std::size_t kMaxRasterCells = std::size_t{32} << 20;  // ~2 x 1 km at 0.25 m
constexpr int kMaxCrossingReports = 8;

double distance_to_segment(Vec2 p, Vec2 a, Vec2 b, double* u_out = nullptr) {
  const Vec2 d = b - a;
  const double l2 = length_squared(d);
  const double u = l2 > 0.0 ? std::clamp(dot(p - a, d) / l2, 0.0, 1.0) : 0.0;
  if (u_out) *u_out = u;
  return std::sqrt(length_squared(p - (a + d * u)));
}

// Proper crossing of segments ab and cd (touching ends do not count).
bool segments_cross(Vec2 a, Vec2 b, Vec2 c, Vec2 d, Vec2* at = nullptr) {
  const double o1 = cross(b - a, c - a), o2 = cross(b - a, d - a);
  const double o3 = cross(d - c, a - c), o4 = cross(d - c, b - c);
  if (!((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0))) return false;
  if (!((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0))) return false;
  if (at) *at = c + (d - c) * (o1 / (o1 - o2));
  return true;
}

// An oriented box: centre, unit axis along its length, half extents.
struct Box {
  Vec2 centre;
  Vec2 axis{1.0, 0.0};
  double half_length = 0.5, half_width = 0.5;
  Vec2 corner(int i) const {
    const double l = (i == 0 || i == 3) ? -half_length : half_length;
    const double w = (i < 2) ? -half_width : half_width;
    return centre + axis * l + perp(axis) * w;
  }
};

Box obstacle_box(const ObstacleSpec& o) {
  return {o.position, from_angle(o.angle), o.half_length, o.half_width};
}

// Distance from p to the box (0 inside).
double distance_to_box(Vec2 p, const Box& b) {
  const Vec2 d = p - b.centre;
  const double lx = std::max(std::abs(dot(d, b.axis)) - b.half_length, 0.0);
  const double ly = std::max(std::abs(dot(d, perp(b.axis))) - b.half_width, 0.0);
  return std::sqrt(lx * lx + ly * ly);
}

// Projection interval of a box onto an axis.
std::pair<double, double> project_box(const Box& b, Vec2 axis) {
  const double c = dot(b.centre, axis);
  const double r = std::abs(dot(b.axis, axis)) * b.half_length +
                   std::abs(dot(perp(b.axis), axis)) * b.half_width;
  return {c - r, c + r};
}

bool boxes_overlap(const Box& a, const Box& b) {
  for (Vec2 axis : {a.axis, perp(a.axis), b.axis, perp(b.axis)}) {
    const auto [a0, a1] = project_box(a, axis);
    const auto [b0, b1] = project_box(b, axis);
    if (a1 < b0 || b1 < a0) return false;
  }
  return true;
}

bool segment_hits_box(Vec2 p, Vec2 q, const Box& b) {
  const Vec2 d = q - p;
  Vec2 axes[3] = {b.axis, perp(b.axis), perp(d)};
  const int count = length_squared(d) > 0.0 ? 3 : 2;
  for (int i = 0; i < count; ++i) {
    const Vec2 axis = axes[i];
    const auto [b0, b1] = project_box(b, axis);
    const double s0 = std::min(dot(p, axis), dot(q, axis));
    const double s1 = std::max(dot(p, axis), dot(q, axis));
    if (s1 < b0 || b1 < s0) return false;
  }
  return true;
}

// Whether an obstacle touches a box (grid slot, cost grid cell).
bool obstacle_hits_box(const ObstacleSpec& o, const Box& b) {
  if (o.shape == ObstacleShape::Circle) return distance_to_box(o.position, b) <= o.radius;
  return boxes_overlap(obstacle_box(o), b);
}

bool obstacle_hits_segment(const ObstacleSpec& o, Vec2 p, Vec2 q) {
  if (o.shape == ObstacleShape::Circle) return distance_to_segment(o.position, p, q) <= o.radius;
  return segment_hits_box(p, q, obstacle_box(o));
}

double signed_area(const std::vector<Vec2>& loop) {
  double a = 0.0;
  for (std::size_t i = 0, n = loop.size(); i < n; ++i) a += cross(loop[i], loop[(i + 1) % n]);
  return 0.5 * a;
}

// Douglas-Peucker of an open polyline [first, last] (inclusive), keeping marked points.
void simplify_range(const std::vector<Vec2>& pts, std::size_t first, std::size_t last,
                    double tolerance, std::vector<char>& keep) {
  std::vector<std::pair<std::size_t, std::size_t>> stack{{first, last}};
  while (!stack.empty()) {
    const auto [a, b] = stack.back();
    stack.pop_back();
    double worst = 0.0;
    std::size_t at = a;
    for (std::size_t i = a + 1; i < b; ++i) {
      const double d = distance_to_segment(pts[i], pts[a], pts[b]);
      if (d > worst) {
        worst = d;
        at = i;
      }
    }
    if (worst > tolerance) {
      keep[at] = 1;
      stack.push_back({a, at});
      stack.push_back({at, b});
    }
  }
}

std::vector<Vec2> simplify_loop(const std::vector<Vec2>& loop, double tolerance) {
  const std::size_t n = loop.size();
  if (n < 8) return loop;
  std::size_t far = 0;
  double far_d = -1.0;
  for (std::size_t i = 1; i < n; ++i) {
    const double d = length_squared(loop[i] - loop[0]);
    if (d > far_d) {
      far_d = d;
      far = i;
    }
  }
  std::vector<Vec2> closed = loop;
  closed.push_back(loop[0]);
  std::vector<char> keep(closed.size(), 0);
  keep[0] = keep[far] = 1;
  simplify_range(closed, 0, far, tolerance, keep);
  simplify_range(closed, far, n, tolerance, keep);
  std::vector<Vec2> out;
  for (std::size_t i = 0; i < n; ++i)
    if (keep[i]) out.push_back(loop[i]);
  return out;
}

std::string fmt_xy(Vec2 p) {
  return "(x " + std::to_string(std::lround(p.x)) + ", y " + std::to_string(std::lround(p.y)) + ")";
}

std::string fmt_m(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

bool is_finite(Vec2 p) { return std::isfinite(p.x) && std::isfinite(p.y); }

double wrap_s(double s, double length) {
  s = fmod_within(s, length);
  return s < 0.0 ? s + length : s;
}

double cyclic_distance(double a, double b, double length) {
  const double d = std::abs(a - b);
  return std::min(d, length - d);
}

}  // namespace

// ---------------------------------------------------------------- 2. TrackBuilder

class TrackBuilder {
 public:
  TrackBuilder(const TrackSpec& spec, std::string file, const JsonDoc* doc)
      : file_(std::move(file)), doc_(doc), track_(new Track()) {
    track_->spec_ = spec;
  }

  Result<std::shared_ptr<const Track>> build() {
    if (!check_structure()) return finish();
    build_centrelines();
    check_widths();
    check_crossings();
    check_overlaps();
    check_branches();
    check_zones();
    if (!compute_bounds()) return finish();
    mark_kerbs();
    rasterise_roads();
    classify_cells();
    paint_zones();
    extract_walls();
    place_stations();
    place_grid();
    check_placements();
    build_cost_grid();
    return finish();
  }

 private:
  const TrackSpec& spec() const { return track_->spec_; }
  const Centreline& main() const { return track_->centreline_; }
  int point_count() const { return static_cast<int>(spec().centreline.size()); }
  const Centreline& part_line(int c) const {
    return c == 0 ? main() : track_->branches_[static_cast<std::size_t>(c - 1)];
  }
  int part_count() const { return 1 + static_cast<int>(track_->branches_.size()); }

  void problem(std::string pointer, std::string message) {
    problems_.push_back({std::move(pointer), std::move(message)});
  }

  // Control points of the main loop are stored in driving order: reversed tracks keep point
  // 0 and run the others backwards. The mapping is its own inverse.
  int map_point(int i) const {
    const int n = point_count();
    return spec().start.reverse ? (n - i) % n : i;
  }
  std::string point_pointer(int main_index) const {
    const int n = point_count();
    return "/centreline/" + std::to_string(map_point(((main_index % n) + n) % n));
  }
  // Nearest main control point (spec index) to a position, among those next to sample k.
  int nearest_point(const CentreSample& c, Vec2 where) const {
    const int n = point_count();
    const int i0 = static_cast<int>(std::floor(c.point)) % n;
    const int i1 = (i0 + 1) % n;
    const Vec2 p0 = spec().centreline[static_cast<std::size_t>(map_point(i0))].position;
    const Vec2 p1 = spec().centreline[static_cast<std::size_t>(map_point(i1))].position;
    return length_squared(where - p0) <= length_squared(where - p1) ? i0 : i1;
  }

  Result<std::shared_ptr<const Track>> finish() {
    if (problems_.empty()) return std::shared_ptr<const Track>(std::move(track_));
    std::vector<DataError> errors;
    for (const TrackProblem& p : problems_)
      errors.push_back(doc_ ? doc_->error_at(p.pointer, p.message)
                            : DataError{file_, 0, 0, p.message});
    return errors;
  }

  // ---- 2a. structure: what must hold before any geometry can be built -----------------

  bool check_structure() {
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

  // ---- 2b. centrelines --------------------------------------------------------------------

  void build_centrelines() {
    const int n = point_count();
    std::vector<ControlPoint> pts(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) pts[static_cast<std::size_t>(j)] = spec().centreline[static_cast<std::size_t>(map_point(j))];
    track_->centreline_ = Centreline(pts, true, kSampleSpacing);
    for (const BranchSpec& br : spec().branches) {
      std::vector<ControlPoint> bp;
      bp.push_back(pts[static_cast<std::size_t>(map_point(br.from))]);
      bp.insert(bp.end(), br.points.begin(), br.points.end());
      bp.push_back(pts[static_cast<std::size_t>(map_point(br.to))]);
      track_->branches_.emplace_back(bp, false, kSampleSpacing);
    }
  }

  // ---- 2c. geometric validation -----------------------------------------------------------

  void check_widths() {
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

  // Reports a crossing unless one was reported close by; false when enough were reported.
  bool report_crossing(Vec2 where, std::string pointer, std::string message) {
    for (Vec2 p : crossings_)
      if (length(p - where) < 30.0) return true;
    if (static_cast<int>(crossings_.size()) >= kMaxCrossingReports) return false;
    crossings_.push_back(where);
    problem(std::move(pointer), std::move(message));
    return true;
  }

  // Where a problem on part c near sample k is reported.
  std::pair<std::string, std::string> describe_place(int c, int k, Vec2 where) const {
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
  std::pair<int, int> attached_ends(int c) const {
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

  void check_crossings() {
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

  bool report_one_crossing(int c0, int k0, int c1, int k1, bool same_edge, Vec2 at, double main_ds) {
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

  // A road edge of one part of the loop lying inside another part's road (roads that
  // overlap without their edges crossing, e.g. two straights too close side by side).
  void check_overlaps() {
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

  void check_branches() {
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

  void check_zones() {
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

  // ---- 2d. bounds and the road distance raster -------------------------------------------

  bool compute_bounds() {
    Vec2 lo{1e300, 1e300}, hi{-1e300, -1e300};
    auto grow = [&](Vec2 p, double r) {
      lo = {std::min(lo.x, p.x - r), std::min(lo.y, p.y - r)};
      hi = {std::max(hi.x, p.x + r), std::max(hi.y, p.y + r)};
    };
    for (int c = 0; c < part_count(); ++c)
      for (const CentreSample& cs : part_line(c).samples()) grow(cs.position, 0.5 * cs.width + spec().runoff.width);
    for (const ObstacleSpec& o : spec().obstacles)
      grow(o.position, o.shape == ObstacleShape::Circle ? o.radius : std::hypot(o.half_length, o.half_width));
    for (const auto& barrier : spec().walls.barriers)
      for (Vec2 p : barrier) grow(p, 0.0);
    if (!spec().walls.automatic)
      for (const SurfaceZone& z : spec().zones)
        for (Vec2 p : z.polygon) grow(p, 0.0);
    track_->bounds_min_ = lo;
    track_->bounds_max_ = hi;
    const double margin = kRasterMargin + kCapsuleMargin;
    const double w = (hi.x - lo.x + 2.0 * margin) / kRasterCell;
    const double h = (hi.y - lo.y + 2.0 * margin) / kRasterCell;
    if (w * h > static_cast<double>(kMaxRasterCells)) {
      problem("/centreline", "the track covers " + std::to_string(std::lround(hi.x - lo.x)) + " x " +
                                 std::to_string(std::lround(hi.y - lo.y)) + " m; at most about 2 square km is supported");
      return false;
    }
    track_->raster_origin_ = lo - Vec2{margin, margin};
    track_->raster_cell_ = kRasterCell;
    track_->raster_w_ = static_cast<int>(std::ceil(w));
    track_->raster_h_ = static_cast<int>(std::ceil(h));
    const std::size_t cells = static_cast<std::size_t>(track_->raster_w_) * static_cast<std::size_t>(track_->raster_h_);
    edge_.assign(cells, std::numeric_limits<float>::max());
    owner_.assign(cells, -1);
    return true;
  }

  std::size_t cell(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(track_->raster_w_) + static_cast<std::size_t>(x);
  }
  Vec2 cell_centre(int x, int y) const {
    return track_->raster_origin_ + Vec2{(x + 0.5) * kRasterCell, (y + 0.5) * kRasterCell};
  }

  // Distance from every cell near a road to its nearest road edge (negative on the road):
  // each centreline chord's capsule is scanned row by row, keeping the minimum, so the
  // cost is proportional to the road's area, not cells x segments. Runs of samples that
  // lie within 1 cm of a straight chord (with linear width and the same kerbs) are one
  // chord: on straights and gentle bends this cuts the overlap of the capsules several-fold.
  void rasterise_roads() {
    constexpr int kMaxChord = 24;  // samples
    constexpr double kChordTolerance = 0.01;  // m
    for (int c = 0; c < part_count(); ++c) {
      const auto& ss = part_line(c).samples();
      const auto& mask = kerb_mask_[static_cast<std::size_t>(c)];
      const int m = static_cast<int>(ss.size());
      const int count = part_line(c).closed() ? m : m - 1;
      auto sample = [&](int k) -> const CentreSample& { return ss[static_cast<std::size_t>(k % m)]; };
      auto chord_ok = [&](int k, int e) {
        const CentreSample& a = sample(k);
        const CentreSample& b = sample(e);
        for (int j = k + 1; j < e; ++j) {
          const CentreSample& q = sample(j);
          const double u = static_cast<double>(j - k) / (e - k);
          if (distance_to_segment(q.position, a.position, b.position) > kChordTolerance ||
              std::abs(q.width - lerp(a.width, b.width, u)) > kChordTolerance ||
              mask[static_cast<std::size_t>(j % m)] != mask[static_cast<std::size_t>(k)])
            return false;
        }
        return mask[static_cast<std::size_t>(e % m)] == mask[static_cast<std::size_t>(k)];
      };
      for (int k = 0; k < count;) {
        int e = k + 1;
        while (e < count && e - k < kMaxChord && chord_ok(k, e + 1)) ++e;
        rasterise_segment(c, k, e - k, sample(k), sample(e));
        k = e;
      }
    }
  }

  // The capsule of the chord from sample k over `samples` samples to sb.
  void rasterise_segment(int c, int k, int samples, const CentreSample& sa, const CentreSample& sb) {
    const Vec2 a = sa.position, b = sb.position;
    const double ha = 0.5 * sa.width, hb = 0.5 * sb.width;
    const double r = std::max(ha, hb) + spec().runoff.width + kCapsuleMargin;
    const Vec2 o = track_->raster_origin_;
    const int W = track_->raster_w_, H = track_->raster_h_;
    const int y0 = std::max(0, static_cast<int>(std::floor((std::min(a.y, b.y) - r - o.y) / kRasterCell - 0.5)));
    const int y1 = std::min(H - 1, static_cast<int>(std::ceil((std::max(a.y, b.y) + r - o.y) / kRasterCell - 0.5)));
    const Vec2 d = b - a;
    const double l2 = length_squared(d);
    const Vec2 n = perp(length(d) > 0.0 ? d / length(d) : Vec2{1.0, 0.0}) * r;
    const Vec2 quad[4] = {a + n, b + n, b - n, a - n};
    for (int y = y0; y <= y1; ++y) {
      const double py = o.y + (y + 0.5) * kRasterCell;
      // x range of the capsule on this row: the union of both end discs and the strip.
      double x_lo = 1e300, x_hi = -1e300;
      for (Vec2 e : {a, b}) {
        const double dy = py - e.y;
        if (std::abs(dy) <= r) {
          const double dx = std::sqrt(r * r - dy * dy);
          x_lo = std::min(x_lo, e.x - dx);
          x_hi = std::max(x_hi, e.x + dx);
        }
      }
      for (int i = 0; i < 4; ++i) {
        const Vec2 p = quad[i], q = quad[(i + 1) % 4];
        if ((p.y - py) * (q.y - py) > 0.0 || p.y == q.y) continue;
        const double x = p.x + (q.x - p.x) * (py - p.y) / (q.y - p.y);
        x_lo = std::min(x_lo, x);
        x_hi = std::max(x_hi, x);
      }
      if (x_lo > x_hi) continue;
      const int x0 = std::max(0, static_cast<int>(std::ceil((x_lo - o.x) / kRasterCell - 0.5)));
      const int x1 = std::min(W - 1, static_cast<int>(std::floor((x_hi - o.x) / kRasterCell - 0.5)));
      for (int x = x0; x <= x1; ++x) {
        const Vec2 p{o.x + (x + 0.5) * kRasterCell, py};
        const double u = l2 > 0.0 ? std::clamp(dot(p - a, d) / l2, 0.0, 1.0) : 0.0;
        const double h = lerp(ha, hb, u);
        const std::size_t i = cell(x, y);
        // e = |p - q| - h improves on the cell's value only if |p - q|^2 < (value + h)^2.
        const double bound = static_cast<double>(edge_[i]) + h;
        const double d2 = length_squared(p - (a + d * u));
        if (bound > 0.0 && d2 < bound * bound) {
          edge_[i] = static_cast<float>(std::sqrt(d2) - h);
          owner_[i] = (c << 24) | (k + std::min(static_cast<int>(u * samples), samples - 1));
        }
      }
    }
  }

  // ---- 2e. kerbs --------------------------------------------------------------------------

  // Per part, per sample: bit 1 = kerb on the left edge, bit 2 = on the right.
  void mark_kerbs() {
    const KerbSpec& ks = spec().kerbs;
    kerb_mask_.assign(static_cast<std::size_t>(part_count()), {});
    for (int c = 0; c < part_count(); ++c) {
      const Centreline& line = part_line(c);
      const auto& ss = line.samples();
      const int m = static_cast<int>(ss.size());
      auto& mask = kerb_mask_[static_cast<std::size_t>(c)];
      mask.assign(static_cast<std::size_t>(m), 0);
      if (ks.automatic && ks.width > 0.0) {
        const double ds = line.length() / std::max(1, line.closed() ? m : m - 1);
        const int extend = static_cast<int>(std::lround(kKerbExtension / ds));
        for (int k = 0; k < m; ++k) {
          if (std::abs(ss[static_cast<std::size_t>(k)].curvature) <= 1.0 / ks.min_radius) continue;
          for (int o = -extend; o <= extend; ++o) {
            int q = k + o;
            if (line.closed()) q = ((q % m) + m) % m;
            else if (q < 0 || q >= m) continue;
            mask[static_cast<std::size_t>(q)] |= 3;
          }
        }
      }
    }
    // Explicit spans on the main loop, from..to forwards in the file's order; the side is
    // seen in the direction of travel.
    const double L = main().length();
    auto& mask = kerb_mask_[0];
    for (const KerbSpan& span : ks.spans) {
      if (ks.width <= 0.0 || span.from < 0 || span.to < 0 || span.from >= point_count() || span.to >= point_count()) continue;
      int a = map_point(span.from), b = map_point(span.to);
      if (spec().start.reverse) std::swap(a, b);
      const double s0 = main().s_of_point(a);
      const double len = wrap_s(main().s_of_point(b) - s0, L);
      const std::uint8_t bits = span.side == KerbSide::Left ? 1 : span.side == KerbSide::Right ? 2 : 3;
      for (std::size_t k = 0; k < mask.size(); ++k)
        if (wrap_s(main().samples()[k].s - s0, L) <= len + 1e-9) mask[k] |= bits;
    }
    build_kerb_quads();
  }

  // Quads of about 2 m along each kerbed edge (alternate colours when drawing).
  void build_kerb_quads() {
    const double kw = spec().kerbs.width;
    for (int c = 0; c < part_count(); ++c) {
      const auto& ss = part_line(c).samples();
      const auto& mask = kerb_mask_[static_cast<std::size_t>(c)];
      const int m = static_cast<int>(ss.size());
      const int count = part_line(c).closed() ? m : m - 1;
      for (std::uint8_t bit : {std::uint8_t{1}, std::uint8_t{2}}) {
        const double side = bit == 1 ? 1.0 : -1.0;
        for (int k = 0; k < count;) {
          if (!(mask[static_cast<std::size_t>(k)] & bit)) {
            ++k;
            continue;
          }
          int e = k;
          while (e < count && e - k < 2 && (mask[static_cast<std::size_t>(e)] & bit)) ++e;
          const CentreSample& p = ss[static_cast<std::size_t>(k)];
          const CentreSample& q = ss[static_cast<std::size_t>(e % m)];
          auto at = [&](const CentreSample& s, double off) { return s.position + s.normal * (side * off); };
          track_->kerbs_.push_back({at(p, 0.5 * p.width), at(q, 0.5 * q.width), at(q, 0.5 * q.width - kw),
                                    at(p, 0.5 * p.width - kw)});
          k = e;
        }
      }
    }
  }

  // ---- 2f. cells: road, kerb, runoff, outside; then zones ---------------------------------

  void classify_cells() {
    Track& t = *track_;
    const std::size_t cells = edge_.size();
    t.surface_.assign(cells, static_cast<std::uint8_t>(spec().runoff.surface));
    t.flags_.assign(cells, spec().walls.automatic ? kCellOutside : kCellRunoff);
    const double runoff = spec().runoff.width, kw = spec().kerbs.width;
    for (int y = 0; y < t.raster_h_; ++y)
      for (int x = 0; x < t.raster_w_; ++x) {
        const std::size_t i = cell(x, y);
        const double e = edge_[i];
        if (owner_[i] < 0 || e > runoff) continue;
        if (e > 0.0) {
          t.flags_[i] = kCellRunoff;
          continue;
        }
        const int c = owner_[i] >> 24, k = owner_[i] & 0xFFFFFF;
        const Centreline& line = part_line(c);
        t.flags_[i] = kCellRoad;
        t.surface_[i] = static_cast<std::uint8_t>(c == 0 ? spec().road_surface : spec().branches[static_cast<std::size_t>(c - 1)].surface);
        if (e <= -kw) continue;
        const auto& ss = line.samples();
        const std::size_t k1 = (static_cast<std::size_t>(k) + 1) % ss.size();
        const auto& mask = kerb_mask_[static_cast<std::size_t>(c)];
        const std::uint8_t bits = mask[static_cast<std::size_t>(k)] | mask[k1];
        const double side = cross(ss[k1].position - ss[static_cast<std::size_t>(k)].position,
                                  cell_centre(x, y) - ss[static_cast<std::size_t>(k)].position);
        if (bits & (side >= 0.0 ? 1 : 2)) {
          t.flags_[i] = kCellRoad | kCellKerb;
          t.surface_[i] = static_cast<std::uint8_t>(Surface::Kerb);
        }
      }
  }

  // Zones repaint the cells whose centres they contain (even-odd scanlines), in file order.
  void paint_zones() {
    Track& t = *track_;
    for (const SurfaceZone& z : spec().zones) {
      const auto& poly = z.polygon;
      double y_lo = 1e300, y_hi = -1e300;
      for (Vec2 p : poly) {
        y_lo = std::min(y_lo, p.y);
        y_hi = std::max(y_hi, p.y);
      }
      const int y0 = std::max(0, static_cast<int>(std::floor((y_lo - t.raster_origin_.y) / kRasterCell)));
      const int y1 = std::min(t.raster_h_ - 1, static_cast<int>(std::ceil((y_hi - t.raster_origin_.y) / kRasterCell)));
      std::vector<double> xs;
      for (int y = y0; y <= y1; ++y) {
        const double py = t.raster_origin_.y + (y + 0.5) * kRasterCell;
        xs.clear();
        for (std::size_t i = 0; i < poly.size(); ++i) {
          const Vec2 p = poly[i], q = poly[(i + 1) % poly.size()];
          if ((p.y <= py) == (q.y <= py)) continue;
          xs.push_back(p.x + (q.x - p.x) * (py - p.y) / (q.y - p.y));
        }
        std::sort(xs.begin(), xs.end());
        for (std::size_t i = 0; i + 1 < xs.size(); i += 2) {
          const int x0 = std::max(0, static_cast<int>(std::ceil((xs[i] - t.raster_origin_.x) / kRasterCell - 0.5)));
          const int x1 = std::min(t.raster_w_ - 1, static_cast<int>(std::floor((xs[i + 1] - t.raster_origin_.x) / kRasterCell - 0.5)));
          for (int x = x0; x <= x1; ++x) {
            const std::size_t c = cell(x, y);
            if (t.flags_[c] & kCellOutside) continue;
            t.surface_[c] = static_cast<std::uint8_t>(z.surface);
            if (z.surface != Surface::Kerb) t.flags_[c] = static_cast<std::uint8_t>(t.flags_[c] & ~kCellKerb);
          }
        }
      }
    }
  }

  // ---- 2g. walls: contours of the drivable area -------------------------------------------

  // Marching squares over the cell centres of f = (distance to the road edge) - runoff,
  // inside where f < 0. Every contour segment is oriented with the drivable side on its
  // left, so outer boundaries run counter-clockwise and islands clockwise.
  void extract_walls() {
    if (!spec().walls.automatic) return;
    const int W = track_->raster_w_, H = track_->raster_h_;
    const auto runoff = static_cast<float>(spec().runoff.width);
    auto value = [&](int x, int y) {
      const std::size_t i = cell(x, y);
      // Drivable exactly where classify_cells says so (e <= runoff); never exactly 0, so
      // crossings fall strictly inside square edges.
      const float f = owner_[i] < 0 ? 1e6f : edge_[i] - runoff;
      return (track_->flags_[i] & kCellOutside) ? std::max(f, 1e-6f) : std::min(f, -1e-6f);
    };
    auto edge_id = [&](int x, int y, bool vertical) {
      return (static_cast<std::int64_t>(y) * W + x) * 2 + (vertical ? 1 : 0);
    };
    struct Piece {
      std::int64_t to;
      Vec2 start;
    };
    std::unordered_map<std::int64_t, Piece> next;
    next.reserve(1 << 16);
    // Fast reject on the flags (drivable = not outside, the same test as f < 0); the
    // values are read only on squares the contour passes through.
    const std::uint8_t* flags = track_->flags_.data();
    for (int y = 0; y + 1 < H; ++y) {
      const std::uint8_t* row0 = flags + cell(0, y);
      const std::uint8_t* row1 = flags + cell(0, y + 1);
      for (int x = 0; x + 1 < W; ++x) {
        const int out = (row0[x] & kCellOutside) + (row0[x + 1] & kCellOutside) + (row1[x] & kCellOutside) +
                        (row1[x + 1] & kCellOutside);
        if (out == 0 || out == 4 * kCellOutside) continue;
        const float f[4] = {value(x, y), value(x + 1, y), value(x + 1, y + 1), value(x, y + 1)};
        const Vec2 corner[4] = {cell_centre(x, y), cell_centre(x + 1, y), cell_centre(x + 1, y + 1), cell_centre(x, y + 1)};
        // Edge e joins corners e and e + 1.
        const std::int64_t ids[4] = {edge_id(x, y, false), edge_id(x + 1, y, true), edge_id(x, y + 1, false), edge_id(x, y, true)};
        auto crossing = [&](int e) {
          const int p = e, q = (e + 1) % 4;
          const double t = f[p] / (f[p] - f[q]);
          return corner[p] + (corner[q] - corner[p]) * t;
        };
        auto emit = [&](int e0, int e1) {
          Vec2 a = crossing(e0), b = crossing(e1);
          std::int64_t from = ids[e0], to = ids[e1];
          // Test corner: the one both edges share, else any drivable corner.
          int test = -1;
          for (int c = 0; c < 4; ++c) {
            const bool on0 = c == e0 || c == (e0 + 1) % 4, on1 = c == e1 || c == (e1 + 1) % 4;
            if (on0 && on1) test = c;
          }
          bool want_left = true;
          if (test < 0) {
            for (int c = 0; c < 4 && test < 0; ++c)
              if (f[c] < 0) test = c;
          } else {
            want_left = f[test] < 0;
          }
          if ((cross(b - a, corner[test] - a) > 0.0) != want_left) {
            std::swap(a, b);
            std::swap(from, to);
          }
          next[from] = {to, a};
        };
        int cut[4], cuts = 0;
        for (int e = 0; e < 4; ++e)
          if ((f[e] < 0) != (f[(e + 1) % 4] < 0)) cut[cuts++] = e;
        if (cuts == 0) continue;
        if (cuts == 2) {
          emit(cut[0], cut[1]);
        } else {
          // Saddle: the centre decides which diagonal pair is connected.
          const bool centre_in = (f[0] + f[1] + f[2] + f[3]) < 0.0f;
          const bool c0_in = f[0] < 0;
          if (centre_in == c0_in) {  // cut off corners 1 and 3
            emit(0, 1);
            emit(2, 3);
          } else {  // cut off corners 0 and 2
            emit(3, 0);
            emit(1, 2);
          }
        }
      }
    }
    // Link pieces into loops.
    while (!next.empty()) {
      const std::int64_t first = next.begin()->first;
      std::vector<Vec2> loop;
      std::int64_t at = first;
      while (true) {
        const auto it = next.find(at);
        if (it == next.end()) break;  // cannot happen on a closed raster border; be safe
        loop.push_back(it->second.start);
        at = it->second.to;
        next.erase(it);
        if (at == first) break;
      }
      if (loop.size() < 3) continue;
      const double area = signed_area(loop);
      if (std::abs(area) < kMinWallArea) continue;
      track_->walls_.push_back({simplify_loop(loop, kWallTolerance), area > 0.0});
    }
    // Deterministic order: outer loops first, then by size.
    std::stable_sort(track_->walls_.begin(), track_->walls_.end(), [](const WallLoop& p, const WallLoop& q) {
      if (p.keep_inside != q.keep_inside) return p.keep_inside;
      return std::abs(signed_area(p.points)) > std::abs(signed_area(q.points));
    });
  }

  // ---- 2h. start line, stations, sectors --------------------------------------------------

  // From c along dir, up to max_len: stops before the first cell beyond the walls or
  // belonging to a distant part of the same centreline (the other leg of a hairpin).
  Vec2 reach(Vec2 c, Vec2 dir, double max_len, int part, double s) const {
    const Track& t = *track_;
    const Centreline& line = part_line(part);
    constexpr double kStep = 0.5 * kRasterCell;
    double reached = 0.0;
    for (double l = kStep; l <= max_len + 1e-9; l += kStep) {
      const Vec2 p = c + dir * l;
      const int x = static_cast<int>(std::floor((p.x - t.raster_origin_.x) / kRasterCell));
      const int y = static_cast<int>(std::floor((p.y - t.raster_origin_.y) / kRasterCell));
      if (x < 0 || y < 0 || x >= t.raster_w_ || y >= t.raster_h_) break;
      const std::size_t i = cell(x, y);
      if (t.flags_[i] & kCellOutside) break;
      const std::int32_t o = owner_[i];
      if (o >= 0 && (o >> 24) == part) {
        const double os = line.samples()[static_cast<std::size_t>(o & 0xFFFFFF)].s;
        const double far = 0.5 * line.at(s).width + spec().runoff.width + 10.0;
        const double gap = line.closed() ? cyclic_distance(os, s, line.length()) : std::abs(os - s);
        if (gap > far) break;
      }
      reached = l;
    }
    return c + dir * reached;
  }

  Gate gate_at(int part, double s) const {
    const CentreSample c = part_line(part).at(s);
    const double half = 0.5 * c.width + spec().runoff.width;
    return {reach(c.position, c.normal, half, part, s), reach(c.position, -c.normal, half, part, s)};
  }

  void place_stations() {
    Track& t = *track_;
    const double L = main().length();
    s_line_ = wrap_s(main().s_of_point(map_point(spec().start.point)) + spec().start.offset, L);
    // Branch spans in race distance (from the line), merged where they overlap.
    struct Span {
      double from, to;
      std::vector<int> branches;
    };
    std::vector<Span> spans;
    for (std::size_t b = 0; b < spec().branches.size(); ++b) {
      const BranchSpec& br = spec().branches[b];
      const double rf = wrap_s(main().s_of_point(map_point(br.from)) - s_line_, L);
      const double rt = wrap_s(main().s_of_point(map_point(br.to)) - s_line_, L);
      if (rt <= rf) {
        if (map_point(br.from) != map_point(br.to) && wrap_s(rt - rf, L) <= 0.5 * L)
          problem("/branches/" + std::to_string(b), "the start line lies between where branch \"" + br.name +
                                                        "\" leaves and rejoins the loop; move the line or the branch");
        continue;
      }
      spans.push_back({rf, rt, {static_cast<int>(b)}});
    }
    std::sort(spans.begin(), spans.end(), [](const Span& p, const Span& q) { return p.from < q.from; });
    std::vector<Span> merged;
    for (Span& sp : spans) {
      if (!merged.empty() && sp.from <= merged.back().to) {
        merged.back().to = std::max(merged.back().to, sp.to);
        merged.back().branches.insert(merged.back().branches.end(), sp.branches.begin(), sp.branches.end());
      } else {
        merged.push_back(std::move(sp));
      }
    }
    // Candidate stations every ~40 m; a whole number per sector.
    const int sectors = spec().sectors;
    const int per_sector = std::max(1, static_cast<int>(std::lround(L / (kStationSpacing * sectors))));
    const int count = per_sector * sectors;
    struct Placed {
      double r;
      Station station;
    };
    std::vector<Placed> placed;
    for (int k = 0; k < count; ++k) {
      const double r = L * k / count;
      const bool in_span = std::any_of(merged.begin(), merged.end(), [&](const Span& sp) { return r > sp.from && r < sp.to; });
      if (k > 0 && in_span) continue;
      placed.push_back({r, {{gate_at(0, s_line_ + r)}, k == 0 ? 0 : -1}});
    }
    for (const Span& sp : merged) {
      const double r = 0.5 * (sp.from + sp.to);
      Station st{{gate_at(0, s_line_ + r)}, -1};
      for (int b : sp.branches) {
        const int part = b + 1;
        st.gates.push_back(gate_at(part, 0.5 * part_line(part).length()));
      }
      placed.push_back({r, std::move(st)});
    }
    std::stable_sort(placed.begin(), placed.end(), [](const Placed& p, const Placed& q) { return p.r < q.r; });
    // Sector k begins at the first free station at or after k / sectors of the lap.
    t.sector_starts_.assign(1, s_line_);
    std::size_t from = 1;
    for (int k = 1; k < sectors; ++k) {
      const double target = L * k / sectors - 1e-6;
      while (from < placed.size() && placed[from].r < target) ++from;
      if (from >= placed.size()) {
        problem("/sectors", "the track is too short for " + std::to_string(sectors) + " sectors");
        break;
      }
      placed[from].station.sector = k;
      t.sector_starts_.push_back(wrap_s(s_line_ + placed[from].r, L));
      ++from;
    }
    for (Placed& p : placed) t.stations_.push_back(std::move(p.station));
  }

  // ---- 2i. grid ---------------------------------------------------------------------------

  void place_grid() {
    const GridSpec& g = spec().grid;
    const double L = main().length();
    // Pole on the inside of the first corner: the side the next 200 m turn towards.
    double turn = 0.0;
    for (double d = 0.0; d < std::min(200.0, L); d += kSampleSpacing) turn += main().at(s_line_ + d).curvature;
    const double pole_side = turn < 0.0 ? -1.0 : 1.0;
    for (int i = 0; i < g.slots; ++i) {
      const int row = i / g.columns, col = i % g.columns;
      const double back = g.first_offset + row * g.spacing + col * g.spacing / g.columns;
      const CentreSample c = main().at(s_line_ - back);
      const double lateral = c.width * (0.5 - (col + 0.5) / g.columns) * pole_side;
      track_->grid_.push_back({c.position + c.normal * lateral, std::atan2(c.tangent.y, c.tangent.x)});
    }
  }

  // ---- 2j. placement checks: grid slots, obstacles on the line ----------------------------

  void check_placements() {
    const Track& t = *track_;
    for (std::size_t i = 0; i < t.grid_.size(); ++i) {
      const Pose& pose = t.grid_[i];
      const Box car{pose.position, from_angle(pose.heading), 0.5 * kCarLength, 0.5 * kCarWidth};
      const std::string slot = "grid slot " + std::to_string(i + 1) + " " + fmt_xy(pose.position);
      bool on_road = true;
      for (int a = 0; a <= 6 && on_road; ++a)
        for (int b = 0; b <= 2 && on_road; ++b) {
          const Vec2 p = car.centre + car.axis * (car.half_length * (a / 3.0 - 1.0)) +
                         perp(car.axis) * (car.half_width * (b - 1.0));
          on_road = t.on_road(p);
        }
      if (!on_road) {
        problem("/grid", slot + " is not on the road: a 4.8 x 2 m car there would stand off the road or in a wall");
        continue;
      }
      for (std::size_t o = 0; o < spec().obstacles.size(); ++o)
        if (obstacle_hits_box(spec().obstacles[o], car)) {
          problem("/obstacles/" + std::to_string(o), slot + " is on obstacle " + std::to_string(o) + " (" + spec().obstacles[o].kind + ")");
          break;
        }
      for (std::size_t w = 0; w < spec().walls.barriers.size(); ++w) {
        const auto& bar = spec().walls.barriers[w];
        bool hit = false;
        for (std::size_t k = 0; k + 1 < bar.size() && !hit; ++k) hit = segment_hits_box(bar[k], bar[k + 1], car);
        if (hit) {
          problem("/walls/barriers/" + std::to_string(w), slot + " is on barrier " + std::to_string(w));
          break;
        }
      }
    }
    const Gate& line = t.stations_.front().gates.front();
    for (std::size_t o = 0; o < spec().obstacles.size(); ++o)
      if (obstacle_hits_segment(spec().obstacles[o], line.a, line.b))
        problem("/obstacles/" + std::to_string(o), "obstacle " + std::to_string(o) + " (" + spec().obstacles[o].kind + ") " +
                                                       fmt_xy(spec().obstacles[o].position) + " is on the start line");
    // An obstacle beyond the walls is a mistake in the file: no car can ever reach it.
    for (std::size_t o = 0; o < spec().obstacles.size(); ++o)
      if (t.flags_at(spec().obstacles[o].position) & kCellOutside)
        problem("/obstacles/" + std::to_string(o), "obstacle " + std::to_string(o) + " (" + spec().obstacles[o].kind + ") " +
                                                       fmt_xy(spec().obstacles[o].position) +
                                                       " is outside the walls, where no car can reach it");
  }

  // ---- 2k. the AI's cost grid -------------------------------------------------------------

  static float surface_cost(Surface s) {
    switch (s) {
      case Surface::Asphalt: case Surface::Kerb: return 1.0f;
      case Surface::Dirt: return 1.5f;
      case Surface::Gravel: return 2.0f;
      case Surface::Grass: return 3.0f;
      case Surface::Ice: return 3.0f;
      case Surface::Sand: return 4.0f;
      case Surface::Count: break;
    }
    return 1.0f;
  }

  void build_cost_grid() {
    Track& t = *track_;
    const int w = static_cast<int>(std::ceil(t.raster_w_ * kRasterCell / kCostCell));
    const int h = static_cast<int>(std::ceil(t.raster_h_ * kRasterCell / kCostCell));
    CostGrid grid(t.raster_origin_, kCostCell, w, h);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const Vec2 p = grid.cell_centre(x, y);
        const bool border = x == 0 || y == 0 || x == w - 1 || y == h - 1;
        grid.set_blocked(x, y, border || (t.flags_at(p) & kCellOutside) != 0);
        grid.set_surface_cost(x, y, surface_cost(t.surface_at(p)));
      }
    auto cells_near = [&](Vec2 lo, Vec2 hi, auto&& fn) {
      int x0, y0, x1, y1;
      grid.cell_of(lo, x0, y0);
      grid.cell_of(hi, x1, y1);
      for (int y = std::max(0, y0); y <= std::min(h - 1, y1); ++y)
        for (int x = std::max(0, x0); x <= std::min(w - 1, x1); ++x) fn(x, y);
    };
    const double half = 0.5 * kCostCell;
    for (const ObstacleSpec& o : spec().obstacles) {
      const double r = o.shape == ObstacleShape::Circle ? o.radius : std::hypot(o.half_length, o.half_width);
      cells_near(o.position - Vec2{r, r}, o.position + Vec2{r, r}, [&](int x, int y) {
        if (obstacle_hits_box(o, Box{grid.cell_centre(x, y), {1.0, 0.0}, half, half})) grid.set_blocked(x, y, true);
      });
    }
    for (const auto& bar : spec().walls.barriers)
      for (std::size_t k = 0; k + 1 < bar.size(); ++k) {
        const Vec2 a = bar[k], b = bar[k + 1];
        cells_near({std::min(a.x, b.x), std::min(a.y, b.y)}, {std::max(a.x, b.x), std::max(a.y, b.y)}, [&](int x, int y) {
          if (segment_hits_box(a, b, Box{grid.cell_centre(x, y), {1.0, 0.0}, half, half})) grid.set_blocked(x, y, true);
        });
      }
    grid.compute_clearance();
    t.cost_grid_ = std::move(grid);
  }

  std::string file_;
  const JsonDoc* doc_;
  std::unique_ptr<Track> track_;
  std::vector<TrackProblem> problems_;
  std::vector<Vec2> crossings_;                     // where crossings were reported
  std::vector<std::vector<std::uint8_t>> kerb_mask_;  // per part, per sample
  std::vector<float> edge_;            // per raster cell: m to the nearest road edge (< 0 on the road)
  std::vector<std::int32_t> owner_;    // per raster cell: part << 24 | segment, or -1
  double s_line_ = 0.0;
};

// ---------------------------------------------------------------- 3. Track

namespace {

// Reads a whole file (at most max_bytes + 1, so a FIFO cannot make it grow forever).
Result<std::string> read_text(const std::string& path, std::size_t max_bytes) {
  errno = 0;
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) return DataError{path, 0, 0, std::string("cannot read the file (") + (errno ? std::strerror(errno) : "open failed") + ")"};
  std::string text;
  char buffer[1 << 16];
  while (text.size() <= max_bytes) {
    const std::size_t want = std::min(sizeof buffer, max_bytes + 1 - text.size());
    const std::size_t got = std::fread(buffer, 1, want, file.get());
    text.append(buffer, got);
    if (got < want) break;
  }
  if (std::ferror(file.get())) return DataError{path, 0, 0, "cannot read the file (read failed)"};
  return text;
}

}  // namespace

Result<std::shared_ptr<const Track>> Track::load(const std::string& path) {
  // One read: the text gives the positions (JsonDoc) and the spec (parse_track_spec).
  auto text = read_text(path, JsonLimits{}.max_bytes);
  if (!text) return text.errors();
  auto doc = JsonDoc::parse(text.value(), path);
  if (!doc) return doc.errors();
  auto spec = parse_track_spec(text.value(), path);
  if (!spec) return spec.errors();
  return TrackBuilder(spec.value(), path, &doc.value()).build();
}

Result<std::shared_ptr<const Track>> Track::build(const TrackSpec& spec, const std::string& file_name) {
  return TrackBuilder(spec, file_name, nullptr).build();
}

Surface Track::surface_at(Vec2 p) const {
  const double fx = (p.x - raster_origin_.x) / raster_cell_;
  const double fy = (p.y - raster_origin_.y) / raster_cell_;
  // Written so NaN fails the test too.
  if (!(fx >= 0.0 && fy >= 0.0 && fx < raster_w_ && fy < raster_h_)) return spec_.runoff.surface;
  return static_cast<Surface>(surface_[static_cast<std::size_t>(fy) * static_cast<std::size_t>(raster_w_) + static_cast<std::size_t>(fx)]);
}

std::uint8_t Track::flags_at(Vec2 p) const {
  const double fx = (p.x - raster_origin_.x) / raster_cell_;
  const double fy = (p.y - raster_origin_.y) / raster_cell_;
  if (!(fx >= 0.0 && fy >= 0.0 && fx < raster_w_ && fy < raster_h_))
    return spec_.walls.automatic ? kCellOutside : kCellRunoff;
  return flags_[static_cast<std::size_t>(fy) * static_cast<std::size_t>(raster_w_) + static_cast<std::size_t>(fx)];
}

double Track::race_distance(Vec2 p, int* hint) const {
  const Projection pr = centreline_.project(p, hint ? *hint : -1);
  if (hint) *hint = pr.index;
  const double L = centreline_.length();
  if (L <= 0.0) return 0.0;
  const double line_s = sector_starts_.empty() ? 0.0 : sector_starts_.front();
  const double d = wrap_s(pr.s - line_s, L);
  return d >= L ? 0.0 : d;
}

}  // namespace racer
