// Walk-to: straight to the goal in the open (optimal), stopped short in front of a wall (not
// complete), never a step into an obstacle.
#include "plan/walk_to.h"

#include <gtest/gtest.h>

#include <cmath>

#include "motion_scenes.h"
#include "plan/obstacle_distance.h"

namespace racer {
namespace {

TEST(WalkTo, StraightToTheGoalInTheOpen) {
  WalkToOptions options;
  options.step = 0.1;
  const WalkToResult r = walk_to({}, 0.5, {0, 0}, {3, 4}, options);
  ASSERT_EQ(r.status, WalkToStatus::reached);
  EXPECT_EQ(r.path.back(), (Vec2{3, 4}));
  EXPECT_EQ(r.path.size(), 51u);  // 5 m in steps of 0.1, the last landing on the goal
  double len = 0.0;
  for (std::size_t k = 0; k + 1 < r.path.size(); ++k) len += length(r.path[k + 1] - r.path[k]);
  EXPECT_NEAR(len, 5.0, 1e-12);  // the straight line: 50 steps of rounded length
}

TEST(WalkTo, StopsInFrontOfAWall) {
  const Scene scene{{box({4, -2}, {6, 2})}, {}};
  WalkToOptions options;
  options.step = 0.1;
  const WalkToResult r = walk_to(scene, 0.3, {0, 0}, {10, 0}, options);
  EXPECT_EQ(r.status, WalkToStatus::blocked);
  // The last point is free and within one step of touching: clearance in (r, r + step].
  const double c = distance(scene, r.path.back());
  EXPECT_GT(c, 0.3);
  EXPECT_LE(c, 0.3 + 0.1 + 1e-12);
  EXPECT_NEAR(r.path.back().y, 0.0, 1e-12);
}

TEST(WalkTo, ReachesOnlyWhenTheStraightLineIsFree) {
  // Over the test scenes: reached exactly when the segment start-goal has clearance > r;
  // otherwise blocked, and every step taken is free.
  for (const test::MotionScene& s : test::motion_scenes()) {
    SCOPED_TRACE(s.name);
    const WalkToResult r = walk_to(s.scene, s.radius, s.start, s.goal);
    for (std::size_t k = 0; k + 1 < r.path.size(); ++k) ASSERT_GT(clearance(s.scene, {r.path[k], r.path[k + 1]}), s.radius);
    const bool straight_free = clearance(s.scene, {s.start, s.goal}) > s.radius;
    EXPECT_EQ(r.status, straight_free ? WalkToStatus::reached : WalkToStatus::blocked);
  }
}

TEST(WalkTo, StartBlockedAndStepLimit) {
  const Scene scene{{}, {Disc{{0, 0}, 1.0}}};
  EXPECT_EQ(walk_to(scene, 0.0, {0.5, 0}, {5, 0}).status, WalkToStatus::start_blocked);
  WalkToOptions few;
  few.step = 0.1;
  few.max_steps = 10;
  const WalkToResult r = walk_to({}, 0.0, {0, 0}, {5, 0}, few);
  EXPECT_EQ(r.status, WalkToStatus::step_limit);
  EXPECT_EQ(r.path.size(), 11u);
  EXPECT_EQ(walk_to_next({0, 0}, {0.05, 0}, 0.1), (Vec2{0.05, 0}));  // the goal when nearer than a step
}

}  // namespace
}  // namespace racer
