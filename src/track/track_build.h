#pragma once
// Internal to src/track (the public API is track/track.h): the track builder and what its
// phases share. TrackBuilder::build (track.cpp) runs the phases in order; each phase is
// defined in its own file:
//   track.cpp            build (the order of the phases), the centrelines, the result
//   track_checks.cpp     structure checks of the spec; geometric validation of the roads
//   surface_raster.cpp   bounds, kerbs, the road distance raster, cell flags, zones
//   wall_contours.cpp    walls: contours of the drivable raster, simplified
//   stations.cpp         start line, progress stations, sectors
//   placements.cpp       grid slots; checks of what stands where (slots, obstacles)
//   track_cost_grid.cpp  the AI's cost grid
// Sections:
//   1. constants and geometry helpers shared by the phases (segments, oriented boxes,
//      obstacles, arc length on a loop, formatting for problem messages)
//   2. TrackBuilder: shared accessors, the phases (by file), the state they pass on
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/json_doc.h"
#include "core/math.h"
#include "track/track.h"

namespace racer {
namespace track_build {

// ---------------------------------------------------------------- 1. shared helpers

inline constexpr double kRasterCell = 0.25;       // m, surface raster
inline constexpr double kSampleSpacing = 1.0;     // m between centreline samples

inline double distance_to_segment(Vec2 p, Vec2 a, Vec2 b, double* u_out = nullptr) {
  const Vec2 d = b - a;
  const double l2 = length_squared(d);
  const double u = l2 > 0.0 ? std::clamp(dot(p - a, d) / l2, 0.0, 1.0) : 0.0;
  if (u_out) *u_out = u;
  return std::sqrt(length_squared(p - (a + d * u)));
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

inline Box obstacle_box(const ObstacleSpec& o) {
  return {o.position, from_angle(o.angle), o.half_length, o.half_width};
}

// Distance from p to the box (0 inside).
inline double distance_to_box(Vec2 p, const Box& b) {
  const Vec2 d = p - b.centre;
  const double lx = std::max(std::abs(dot(d, b.axis)) - b.half_length, 0.0);
  const double ly = std::max(std::abs(dot(d, perp(b.axis))) - b.half_width, 0.0);
  return std::sqrt(lx * lx + ly * ly);
}

// Projection interval of a box onto an axis.
inline std::pair<double, double> project_box(const Box& b, Vec2 axis) {
  const double c = dot(b.centre, axis);
  const double r = std::abs(dot(b.axis, axis)) * b.half_length +
                   std::abs(dot(perp(b.axis), axis)) * b.half_width;
  return {c - r, c + r};
}

inline bool boxes_overlap(const Box& a, const Box& b) {
  for (Vec2 axis : {a.axis, perp(a.axis), b.axis, perp(b.axis)}) {
    const auto [a0, a1] = project_box(a, axis);
    const auto [b0, b1] = project_box(b, axis);
    if (a1 < b0 || b1 < a0) return false;
  }
  return true;
}

inline bool segment_hits_box(Vec2 p, Vec2 q, const Box& b) {
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
inline bool obstacle_hits_box(const ObstacleSpec& o, const Box& b) {
  if (o.shape == ObstacleShape::Circle) return distance_to_box(o.position, b) <= o.radius;
  return boxes_overlap(obstacle_box(o), b);
}

inline bool obstacle_hits_segment(const ObstacleSpec& o, Vec2 p, Vec2 q) {
  if (o.shape == ObstacleShape::Circle) return distance_to_segment(o.position, p, q) <= o.radius;
  return segment_hits_box(p, q, obstacle_box(o));
}

inline std::string fmt_xy(Vec2 p) {
  return "(x " + std::to_string(std::lround(p.x)) + ", y " + std::to_string(std::lround(p.y)) + ")";
}

inline std::string fmt_m(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

inline double wrap_s(double s, double length) {
  s = fmod_within(s, length);
  return s < 0.0 ? s + length : s;
}

inline double cyclic_distance(double a, double b, double length) {
  const double d = std::abs(a - b);
  return std::min(d, length - d);
}

}  // namespace track_build

// ---------------------------------------------------------------- 2. TrackBuilder

// Builds a Track from its spec, one phase after another, and collects every problem
// found, located by JSON pointer. Used once: construct, then build().
class TrackBuilder {
 public:
  TrackBuilder(const TrackSpec& spec, std::string file, const JsonDoc* doc)
      : file_(std::move(file)), doc_(doc), track_(new Track()) {
    track_->spec_ = spec;
  }

  // The track, or every problem found as file:line:col errors.
  Result<std::shared_ptr<const Track>> build();

 private:
  // ---- shared by the phases
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

  // Raster cell centre (the surface raster of track_).
  Vec2 cell_centre(int x, int y) const {
    return track_->raster_origin_ + Vec2{(x + 0.5) * track_build::kRasterCell, (y + 0.5) * track_build::kRasterCell};
  }
  // A raster cell's flags (CellFlag bits) and surface; (x, y) in bounds.
  std::uint8_t cell_flags(int x, int y) const { return static_cast<std::uint8_t>(track_->cells_.get(x, y) >> 4); }
  Surface cell_surface(int x, int y) const { return static_cast<Surface>(track_->cells_.get(x, y) & 0x0F); }
  void set_cell(int x, int y, Surface s, std::uint8_t flags) { track_->cells_.set(x, y, Track::cell_byte(s, flags)); }

  // ---- track.cpp
  void build_centrelines();
  Result<std::shared_ptr<const Track>> finish();

  // ---- track_checks.cpp: the spec's structure; the roads' widths, crossings, overlaps,
  // branches and zones
  bool check_structure();
  void check_widths();
  bool report_crossing(Vec2 where, std::string pointer, std::string message);
  std::pair<std::string, std::string> describe_place(int c, int k, Vec2 where) const;
  std::pair<int, int> attached_ends(int c) const;
  void check_crossings();
  bool report_one_crossing(int c0, int k0, int c1, int k1, bool same_edge, Vec2 at, double main_ds);
  void check_overlaps();
  void check_branches();
  void check_zones();

  // ---- surface_raster.cpp
  bool compute_bounds();
  void mark_kerbs();
  void build_kerb_quads();
  void rasterise_roads();
  struct Chord {
    int part, first, samples, m;  // from sample `first` of part over `samples`; m samples in the part
  };
  template <typename Fn>
  void capsule_rows(Vec2 a, Vec2 b, double r, Fn&& fn) const;
  double capsule_radius(const CentreSample& sa, const CentreSample& sb) const;
  void reserve_road_tiles(const std::vector<Chord>& chords);
  void rasterise_segment(int c, int k, int samples, const CentreSample& sa, const CentreSample& sb);
  void classify_cells();
  void classify_cell(int x, int y, double runoff, double kerb_width);
  void paint_zones();

  // ---- wall_contours.cpp
  void extract_walls();

  // ---- stations.cpp
  Vec2 reach(Vec2 c, Vec2 dir, double max_len, int part, double s) const;
  Gate gate_at(int part, double s) const;
  void place_stations();

  // ---- placements.cpp
  void place_grid();
  void check_placements();
  void check_scenery();

  // ---- track_cost_grid.cpp
  void build_cost_grid();

  // ---- state passed between the phases
  std::string file_;
  const JsonDoc* doc_;
  std::unique_ptr<Track> track_;
  std::vector<TrackProblem> problems_;
  std::vector<Vec2> crossings_;                     // where crossings were reported
  std::vector<std::vector<std::uint8_t>> kerb_mask_;  // per part, per sample
  // Per raster cell, tiled like the raster (only cells near a road are stored): m to the
  // nearest road edge (< 0 on the road) and which centreline segment that is. Built by
  // rasterise_roads, read up to place_stations, then freed.
  struct RoadCell {
    float edge = std::numeric_limits<float>::max();
    std::int32_t owner = -1;  // part << 24 | segment, or -1
    bool operator==(const RoadCell&) const = default;
  };
  TiledRaster<RoadCell> road_;
  double s_line_ = 0.0;                // m along the main centreline to the start line
};

}  // namespace racer
