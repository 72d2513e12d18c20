#pragma once
// DWA internals shared by the planner's parts, not part of the public API (src/ai/dwa.h):
//   geometry   exact point/segment distances to circles and oriented boxes (dwa_geometry.cpp)
//   arcs       the sampled constant-(v, omega) polyline and its yaw-rate columns (dwa_arcs.cpp)
//   sweep      the swept-disc check of one arc against obstacles and walls (dwa_sweep.cpp)
//   polyline   stations along the waypoints and the corridor's blocked intervals
//              (dwa_polyline.cpp)
// The decision itself (window, broad phase, target, samples, fallback) is dwa.cpp.
// Units: metres, seconds, radians, in the world frame of core/vec2.h unless a line says
// otherwise.
#include <array>
#include <cstddef>
#include <limits>
#include <span>

#include "ai/dwa.h"
#include "core/vec2.h"
#include "track/cost_grid.h"

namespace racer::dwa_detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr int kN = DwaPlanner::kSegments;  ///< polyline segments per arc

// ---------------------------------------------------------------- geometry

/// m, distance from p to segment ab.
double point_segment_distance(Vec2 p, Vec2 a, Vec2 b);
/// m, distance from p (box frame) to the box [-hx, hx] x [-hy, hy] (0 inside).
double point_box_distance(Vec2 p, double hx, double hy);
/// m, distance from segment ab (box frame) to the box [-hx, hx] x [-hy, hy] (0 touching).
double segment_box_distance(Vec2 a, Vec2 b, double hx, double hy);
/// p in the rectangle's frame (origin at its centre at t = 0, x along its local x).
Vec2 to_local(const DwaObstacle& o, Vec2 p);

// ---------------------------------------------------------------- arcs

/// One forward-simulated arc, sampled at kN + 1 equal times.
struct Arc {
  std::array<Vec2, kN + 1> p;  ///< m, positions at t_k = k * dt
  double dt = 0.0;             ///< s
  double curve = 0.0;  ///< 1/s², |v omega| / 8: times span² bounds the distance to the chord
};

/// Unit-speed displacements f[0..kN] of the yaw-rate column `w` (rad/s) from `heading` over
/// `duration` s: the arc at speed v is p0 + v f[k].
void make_column(double heading, double w, double duration, Vec2* f);
/// The arc at speed v from a column made by make_column (its w and duration).
void make_arc(const DwaState& s, double v, double w, double duration, const Vec2* f, Arc& arc);
/// The arc at speed v, yaw rate w, building its column.
void make_arc(const DwaState& s, double v, double w, double duration, Arc& arc);

// ---------------------------------------------------------------- sweep

/// The swept-disc check's answer for one arc.
struct Trace {
  double hit_time = kInf;  ///< s, first contact; infinity when free
  double gap = 0.0;        ///< m, clearance beyond radius + margin, capped
};

/// The input's wall clearance (callback or cost grid), with its value at the car's position
/// (every arc of one decision starts there) looked up once per decision.
struct Walls {
  const DwaWallDistance* fn = nullptr;
  const CostGrid* grid = nullptr;
  double start = 0.0;  ///< m, at the car

  explicit Walls(const DwaInput& in) : fn(in.walls != nullptr && *in.walls ? in.walls : nullptr), grid(in.wall_grid) {
    if (active()) start = (*this)(in.state.pos);
  }
  bool active() const { return grid != nullptr || fn != nullptr; }
  /// m from p to the nearest wall, positive on the drivable side.
  double operator()(Vec2 p) const {
    if (grid == nullptr) return (*fn)(p);
    int x = 0, y = 0;
    grid->cell_of(p, x, y);
    return static_cast<double>(grid->clearance(x, y)) - 0.5 * grid->cell_size();
  }
};

/// The whole arc against the broad-phase obstacles and the walls, with the disc of
/// `radius` m. The gap is measured over the first `gap_time` s and capped at `cap` m.
/// Without need_hit_time the first contact found ends the check. The arc starts at the
/// car (walls.start).
Trace trace_arc(const Arc& arc, std::span<const DwaObstacle* const> near, double radius,
                double cap, double gap_time, bool need_hit_time, const Walls& walls);

// ---------------------------------------------------------------- polyline

/// A point on the waypoints' polyline and the direction there.
struct Station {
  Vec2 p;        ///< m
  Vec2 tangent;  ///< unit
};

/// Point at arc length s along `line` (cum: arc length at each point; extrapolated past
/// both ends along the end segments). `seg` is a hint that only moves forward for
/// increasing s.
Station station_at(std::span<const Vec2> line, std::span<const double> cum, double s,
                   std::size_t& seg);
/// Blocked interval [lo, hi] (m) of the line p + o n by the obstacle (its centre moved to
/// `centre`) grown by `grow` m; false when the line misses it.
bool blocked_interval(const DwaObstacle& o, Vec2 centre, Vec2 p, Vec2 n, double grow,
                      double& lo, double& hi);
/// m, smallest shift (>= 0) to the left (side +1) or right (-1) out of every interval of
/// `iv` (pairs lo, hi).
double required_shift(std::span<const double> iv, int side);

}  // namespace racer::dwa_detail
