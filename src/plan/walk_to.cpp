// Walk-to: step straight toward the goal until there or until the next step would collide.
#include "plan/walk_to.h"

#include "plan/obstacle_distance.h"

namespace racer {

Vec2 walk_to_next(Vec2 q, Vec2 goal, double step) {
  const Vec2 to_goal = goal - q;
  const double d = length(to_goal);
  if (d <= step) return goal;
  return q + to_goal * (step / d);
}

WalkToResult walk_to(const Scene& scene, double radius, Vec2 start, Vec2 goal, const WalkToOptions& options) {
  WalkToResult result;
  result.path.push_back(start);
  if (distance(scene, start) <= radius) {
    result.status = WalkToStatus::start_blocked;
    return result;
  }
  Vec2 q = start;
  for (int k = 0; k < options.max_steps; ++k) {
    if (q == goal) {
      result.status = WalkToStatus::reached;
      return result;
    }
    const Vec2 next = walk_to_next(q, goal, options.step);
    if (clearance(scene, {q, next}) <= radius) {  // the whole step, not just its end, must be free
      result.status = WalkToStatus::blocked;
      return result;
    }
    q = next;
    result.path.push_back(q);
  }
  result.status = q == goal ? WalkToStatus::reached : WalkToStatus::step_limit;
  return result;
}

}  // namespace racer
