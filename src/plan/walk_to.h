#pragma once
// Walk-to (seed 001, "WALK TO"): the simplest motion policy. A disc robot of radius r steps
// straight toward the goal and stops at it; it stops short, reporting itself blocked, when
// its next step would touch an obstacle. Optimal (the straight line) when nothing is in the
// way, and not complete: any obstacle across the line stops it.
//
// The robot is a point among the scene's obstacles grown by r: a point q is free when
// distance(scene, q) > r. Units are the caller's (metres, cells).
#include <vector>

#include "core/vec2.h"
#include "plan/shapes.h"

namespace racer {

struct WalkToOptions {
  double step = 0.1;       ///< length of one step, > 0
  int max_steps = 100000;  ///< guard; walk-to never needs more than |start - goal| / step + 1
};

enum class WalkToStatus {
  reached,       ///< the path ends at the goal
  blocked,       ///< the next step toward the goal would touch an obstacle (path ends before it)
  start_blocked, ///< the start itself is not free (the path is just the start)
  step_limit,    ///< max_steps taken without reaching the goal
};

struct WalkToResult {
  WalkToStatus status = WalkToStatus::blocked;
  std::vector<Vec2> path;  ///< the start, then one point per step taken
};

/// The policy's one decision: the point one step from q toward the goal (the goal itself when
/// nearer than a step). The caller checks the step for collisions.
Vec2 walk_to_next(Vec2 q, Vec2 goal, double step);

/// Runs the policy from start until it reaches the goal or is blocked. `radius` >= 0.
WalkToResult walk_to(const Scene& scene, double radius, Vec2 start, Vec2 goal, const WalkToOptions& options = {});

}  // namespace racer
