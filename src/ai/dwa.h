#pragma once
// DWA: the local-avoidance layer (about 60 Hz) of the AI stack, after seed 004 and better.
// Each decision samples (v, omega) inside the dynamic window, forward-simulates every sample
// as a constant-velocity arc over the horizon, rejects arcs whose disc (car radius + safety
// margin) touches an obstacle at the matching time, and scores the rest by heading to a
// lookahead point, clearance and speed, plus the anti-stall terms.
//
// Sections: limits and parameters | obstacles | input and decision | DwaPlanner | helpers
//
// Pure and deterministic: no allocation per decision once the scratch has grown to the
// number of obstacles, no clock, no printing. World frame and angles as in core/vec2.h.
#include <array>
#include <cstddef>
#include <functional>
#include <limits>
#include <span>
#include <vector>

#include "ai/dwa_road.h"
#include "core/vec2.h"

namespace racer {

class CostGrid;

// ---------------------------------------------------------------- limits and parameters

/// What the car can do. Defaults are seed 004's.
struct DwaLimits {
  double max_speed = 18.0;    ///< m/s, > 0
  double min_speed = 0.0;     ///< m/s, <= max_speed (0: no reversing)
  double max_yaw_rate = 2.4;  ///< rad/s, > 0
  double accel = 6.0;         ///< m/s², speed gain per second, > 0
  double decel = 12.0;        ///< m/s², braking, > 0
  double yaw_accel = 4.0;     ///< rad/s², > 0
  double period = 0.05;       ///< s, control period: the window spans one period of change
};

/// Tuning of the planner. Defaults are seed 004's where the seed has a value.
struct DwaParams {
  DwaLimits limits;
  double car_radius = 1.1;     ///< m, the car's bounding disc
  double margin = 0.4;         ///< m, safety margin added to the disc in every check
  int v_samples = 11;          ///< speed samples across the window, >= 1
  int w_samples = 21;          ///< yaw-rate samples across the window, >= 1
  double horizon = 1.2;        ///< s, forward simulation of each sample
  double lookahead_min = 3.0;  ///< m along the waypoints at standstill
  double lookahead_max = 6.0;  ///< m along the waypoints at max_speed
  // Score weights (each term is normalised first).
  double w_heading = 2.0;       ///< cos(end heading - bearing to the target), in [-1, 1]
  double w_clearance = 0.8;     ///< min(gap, clearance_cap) / clearance_cap, in [0, 1]
  double w_speed = 1.0;         ///< v / max_speed, in [0, 1]
  double clearance_cap = 3.0;   ///< m, gaps beyond this all score 1
  /// m: the clearance score looks this far along each arc (contacts: the whole horizon), so
  /// a faster sample is not scored down merely for reaching further in the same time.
  double clearance_length = 6.0;
  // Anti-stall (see dwa.cpp, "anti-stall"): the slower the car, the more speed counts.
  double w_alive = 1.5;         ///< extra speed weight at standstill, fading to 0 at alive_speed
  double alive_speed = 6.0;     ///< m/s, at or above this no extra speed weight
  double w_side = 0.4;          ///< bonus for displacement towards the committed passing side
  double corridor_clearance = 0.3;  ///< m, extra room the shifted target keeps from obstacles
  double max_offset = 8.0;      ///< m, largest lateral shift of the target off the waypoints
  double side_hysteresis = 1.5; ///< m, the other side must need this much less shift to switch
  double open_speed = 3.0;      ///< m/s, below this a blocked car heads for open space
  double open_length = 8.0;     ///< m, how far the open-direction probes look
  double open_needed = 3.0;     ///< m, free run towards the target below which it counts as blocked
  double stall_speed = 0.5;     ///< m/s, below this the car counts as stalled
  double escape_after = 1.0;    ///< s stalled before the escape behaviour starts
  double escape_time = 1.0;     ///< s the escape behaviour lasts
  /// Heading scored at each arc's end, towards the point lookahead m beyond the end's place
  /// along the waypoints (shifted to the passing side): a path follower, whose arcs keep
  /// to a bending line. false (the seed's): towards the target, from the car.
  bool heading_along_path = false;
  /// m an arc may leave the road (DwaInput::road) beyond what the preferred arc does.
  double road_slack = 0.3;
};

// ---------------------------------------------------------------- obstacles

/// A circle or an oriented rectangle, optionally moving at constant velocity (predicted
/// forward: at time t its centre is centre + velocity * t).
struct DwaObstacle {
  enum class Shape { Circle, Rect };
  Shape shape = Shape::Circle;
  Vec2 centre;            ///< m, at the time of the decision
  Vec2 velocity;          ///< m/s
  double radius = 0.0;    ///< m, circle radius (Circle)
  double half_w = 0.0;    ///< m, half extent along the rectangle's local x (Rect)
  double half_h = 0.0;    ///< m, half extent along the rectangle's local y (Rect)
  double angle = 0.0;     ///< rad, rotation of the rectangle's local x from world x (Rect)
  double cos_a = 1.0;     ///< cos(angle), kept by the factory functions
  double sin_a = 0.0;     ///< sin(angle)

  static DwaObstacle circle(Vec2 centre, double radius, Vec2 velocity = {});
  static DwaObstacle rect(Vec2 centre, double half_w, double half_h, double angle,
                          Vec2 velocity = {});
  /// m, radius of the smallest disc around centre holding the shape.
  double bound_radius() const;
  /// m, exact distance from p to the shape at time t (0 inside).
  double distance(Vec2 p, double t = 0.0) const;
};

/// m from p to the nearest wall, positive on the drivable side (a distance field lookup).
using DwaWallDistance = std::function<double(Vec2)>;

// ---------------------------------------------------------------- input and decision

/// The car's kinematic state (seed 004's model: x' = v cos h, y' = v sin h, h' = omega).
struct DwaState {
  Vec2 pos;            ///< m
  double heading = 0;  ///< rad
  double v = 0;        ///< m/s
  double omega = 0;    ///< rad/s
};

/// One sample of a recorded decision (DwaInput::trace): its (v, omega) and how it fared.
struct DwaSampleTrace {
  double v = 0.0;          ///< m/s
  double omega = 0.0;      ///< rad/s
  double score = 0.0;      ///< its score (clear), -1 (colliding)
  double hit_time = 0.0;   ///< s of its first contact (colliding), infinity (clear)
  /// Traced by the search; false: pruned (its bound could not beat the best), traced and
  /// scored after the choice for display only.
  bool traced = false;
  bool colliding() const { return hit_time < std::numeric_limits<double>::infinity(); }
};

/// What one decision did with every sample, for the debug overlays: filled only when asked
/// (DwaInput::trace), and recording never changes the decision.
struct DwaTrace {
  std::vector<DwaSampleTrace> samples;  ///< row-major: index = v_index * columns + w_index
  int rows = 0, columns = 0;            ///< v samples, omega samples
};

/// One decision's input. Spans and the callback are only read during decide().
struct DwaInput {
  DwaState state;
  std::span<const Vec2> waypoints;       ///< m, local reference line ahead (>= 1 point)
  std::span<const DwaObstacle> obstacles;
  /// m/s, road-curvature limit from the tracking layer (infinity: none).
  double speed_limit = std::numeric_limits<double>::infinity();
  /// Optional wall clearance (nullptr: no walls). Checked at kWallChecks points per arc.
  const DwaWallDistance* walls = nullptr;
  /// rad/s, the yaw rate the tracking layer wants (NaN: none). Its arc (at the window's top
  /// speed, |omega| <= max_yaw_rate) is checked like every sample: DwaDecision::preferred_clear.
  double preferred_omega = std::numeric_limits<double>::quiet_NaN();
  /// Optional wall clearance read straight from a cost grid: the cell's clearance less half
  /// a cell (what the AI driver's walls callback returned, without a call per lookup).
  /// Takes the place of `walls` when set; only read during decide().
  const CostGrid* wall_grid = nullptr;
  /// Optional: where the decision records every sample (cleared first); nullptr: nothing.
  DwaTrace* trace = nullptr;
  /// Optional: the road's edges (nullptr or empty: no road check). With a preferred arc
  /// (preferred_omega) the road is a constraint: no sample is admissible that leaves it, at
  /// DwaPlanner::kWallChecks points along its arc, by more than the preferred arc does at
  /// the window's top speed (and road_slack): avoidance never chooses an arc that leaves
  /// the road when the tracked one does not.
  const DwaRoad* road = nullptr;
};

/// The reachable (v, omega) box of one decision.
struct DwaWindow {
  double v_lo = 0, v_hi = 0;  ///< m/s
  double w_lo = 0, w_hi = 0;  ///< rad/s
  double free_distance = 0;   ///< m, free distance along the current arc (braking limit)
};

struct DwaDecision {
  double v = 0;                ///< m/s, chosen speed for the next period
  double omega = 0;            ///< rad/s, chosen yaw rate
  bool admissible = false;     ///< false: every sample collided; maximum braking chosen
  /// Samples found collision-free: 0 exactly when none is; otherwise a lower bound (samples
  /// that cannot beat the best score are not traced).
  int admissible_count = 0;
  int sample_count = 0;        ///< samples evaluated (v_samples * w_samples)
  int v_index = -1;            ///< chosen sample's row (0 = lowest speed)
  int w_index = -1;            ///< chosen sample's column (0 = most negative yaw rate)
  double score = 0;            ///< best score (admissible) or -1
  double gap = 0;              ///< m, the chosen arc's clearance beyond radius + margin (capped)
  double collision_time = 0;   ///< s, fallback only: time the least-bad arc first touches
  DwaWindow window;
  Vec2 target;                 ///< m, lookahead point after the side shift
  int side = 0;                ///< committed passing side: +1 left, -1 right, 0 none
  double offset = 0;           ///< m, lateral shift of the target
  bool escaping = false;       ///< the escape behaviour is active
  bool open_heading = false;   ///< heading scored towards the most open direction, not the target
  /// The preferred arc (DwaInput::preferred_omega) touches no obstacle and no wall over the
  /// horizon at window.v_hi: the caller may keep its own steering (false without a preference).
  bool preferred_clear = false;
  /// m the preferred arc leaves the road by at its worst (<= 0: it stays on; -infinity
  /// without a road check): samples may leave it by at most max(this, 0) + road_slack.
  double preferred_off_road = -std::numeric_limits<double>::infinity();
};

// ---------------------------------------------------------------- DwaPlanner

/// The planner. Holds the scratch memory and the little state the anti-stall terms need
/// (passing side, stall and escape timers), so one planner serves one car.
class DwaPlanner {
 public:
  static constexpr int kSegments = 32;  ///< polyline segments per forward-simulated arc
  static constexpr int kStations = 24;  ///< corridor stations along the waypoints
  static constexpr int kWallChecks = 16;  ///< wall lookups per arc (when walls are given)
  static constexpr int kOpenDirections = 16;  ///< directions tried when boxed in

  explicit DwaPlanner(DwaParams params = {});

  /// One decision. Deterministic for the same input and planner state.
  DwaDecision decide(const DwaInput& input);
  /// Forgets the anti-stall state (side, timers).
  void reset();

  const DwaParams& params() const { return params_; }

 private:
  DwaWindow window(const DwaInput& in);
  void broad_phase(const DwaInput& in, double arc_reach, double corridor_reach);
  void choose_target(const DwaInput& in, DwaDecision& out);
  double path_heading(const DwaInput& in, const DwaDecision& out, Vec2 end, Vec2 end_dir);

  DwaParams params_;
  std::vector<const DwaObstacle*> near_;   // broad phase: reachable by an arc or the probe
  std::vector<const DwaObstacle*> ahead_;  // broad phase: near the corridor ahead
  std::vector<double> cumulative_;         // arc length at each waypoint
  std::vector<double> intervals_;          // corridor: blocked [lo, hi] pairs on a normal
  std::vector<Vec2> columns_;              // per yaw-rate sample: unit-speed arc points
  std::vector<Vec2> end_dirs_;             // per yaw-rate sample: heading at the horizon
  struct Candidate {
    double bound;  // the score with the clearance term at its largest
    int index;     // row * columns + column
    double heading, speed, push, side;  // the score's other terms
  };
  std::vector<Candidate> candidates_;      // per sample, traced best bound first
  std::vector<double> fallback_hits_;      // per yaw-rate sample: contact time on the lowest row
  std::vector<char> column_ready_;         // per yaw-rate sample: columns_ built this decision
  double lookahead_ = 0.0;                 // m, this decision's lookahead along the waypoints
  int side_ = 0;
  int stall_steps_ = 0;
  int escape_steps_ = 0;
  int escapes_ = 0;
};

// ---------------------------------------------------------------- helpers

/// Pose after `t` seconds on the constant (v, omega) arc from `s` (closed form).
DwaState dwa_predict(const DwaState& s, double v, double omega, double t);
/// m, exact distance between segment ab and the shape (fixed in time).
double dwa_segment_distance(const DwaObstacle& o, Vec2 a, Vec2 b);
/// m, arc length along the polyline of the point on it nearest to p.
double polyline_progress(std::span<const Vec2> line, Vec2 p);
/// m, total length of the polyline.
double polyline_length(std::span<const Vec2> line);

}  // namespace racer
