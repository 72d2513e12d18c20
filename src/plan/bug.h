#pragma once
// Bug2 (seed 001, "BUG"): a disc robot of radius r walks the M-line, the straight segment
// from start to goal. When the next step would touch an obstacle (the hit point), it follows
// the obstacle's boundary clockwise (the obstacle on its right) at a fixed clearance, until
// it is back on the M-line at a point nearer the goal than the hit point from where the way
// toward the goal is free (the leave point); there it returns to the M-line. If it comes back
// round to the hit point without finding a leave point, the goal cannot be reached: the
// obstacle it follows separates start and goal. Complete for a disc in the plane (Lumelsky &
// Stepanov 1987): every reachable goal is reached, every unreachable one is reported, and the
// path is bounded by |start - goal| plus a sum over the obstacles of their perimeters times
// the number of times the M-line crosses them. Not optimal: it goes round clockwise even when
// the other way is short.
//
// The robot is a point among the obstacles grown by r: q is free when distance(scene, q) > r.
// It follows the boundary at clearance r + margin, stepping along the circle of one step's
// radius round its position (a bug's feeler): the first point of that circle, sweeping
// counter-clockwise from the direction of the nearest obstacle, whose clearance is
// r + margin. So completeness holds for the obstacles grown by r + margin: a gap narrower than
// 2 (r + margin) counts as closed. Units are the caller's (metres, cells).
#include <vector>

#include "core/vec2.h"
#include "plan/shapes.h"

namespace racer {

struct BugOptions {
  double step = 0.05;          ///< length of one step along the M-line and round obstacles, > 0
  double margin = -1.0;        ///< clearance beyond r kept while following; < 0 means `step`
                               ///< (>= step keeps every step's chord clear of the grown obstacles)
  double length_factor = 20.0; ///< guard: gives up after |start - goal| + length_factor *
                               ///< (the grown obstacles' perimeters) of path
};

enum class BugStatus {
  reached,        ///< the path ends at the goal
  unreachable,    ///< came back round to a hit point without a leave point (or the goal is not free)
  start_blocked,  ///< the start itself is not free
  step_limit,     ///< the length guard ran out (should not happen in a scene with finite obstacles)
};

struct BugResult {
  BugStatus status = BugStatus::unreachable;
  std::vector<Vec2> path;          ///< start, then every step (on M-lines and round boundaries)
  std::vector<Vec2> hit_points;    ///< where the M-line walks stopped at an obstacle
  std::vector<Vec2> leave_points;  ///< where the boundary walks returned to the M-line
  double length = 0.0;             ///< of the path
  int steps = 0;                   ///< path points after the start
};

/// Bug2 from start to goal; radius >= 0.
BugResult bug2(const Scene& scene, double radius, Vec2 start, Vec2 goal, const BugOptions& options = {});

/// Bug1, for comparison (Lumelsky & Stepanov): heads straight for the goal; at a hit point
/// it goes once all the way round the obstacle (clockwise), remembering the boundary point
/// nearest the goal, then back along the boundary the shorter way to it and leaves there
/// toward the goal; if the way toward the goal is not free at that point, the goal is
/// unreachable. Also complete; its path is bounded by |start - goal| + 1.5 x the perimeters
/// of the obstacles met (each met once), so it is slower on easy scenes and bounded on hard
/// ones where Bug2 can loop round an obstacle many times.
BugResult bug1(const Scene& scene, double radius, Vec2 start, Vec2 goal, const BugOptions& options = {});

}  // namespace racer
