// Bug2: reaches every reachable goal of the test scenes along a collision-free path, reports
// the unreachable ones after one loop round the blocking obstacle, goes round where walk-to
// stops, and leaves each obstacle on the M-line nearer the goal than where it hit it.
#include "plan/bug.h"

#include <gtest/gtest.h>

#include <cmath>

#include "motion_scenes.h"
#include "plan/obstacle_distance.h"
#include "plan/walk_to.h"

namespace racer {
namespace {

// Every chord of the path keeps clearance above r. The planner checks each chord against
// `clearance > r` itself, so only rounding of the clearance sums can show; 1e-9 is far above it.
void expect_free(const Scene& scene, double radius, const std::vector<Vec2>& path, const std::string& name) {
  for (std::size_t k = 0; k + 1 < path.size(); ++k)
    ASSERT_GT(clearance(scene, {path[k], path[k + 1]}), radius - 1e-9) << name << " step " << k;
}

// Distance from p to the segment a-b's line, for "on the M-line".
double off_line(Vec2 a, Vec2 b, Vec2 p) { return std::abs(cross(b - a, p - a)) / length(b - a); }

TEST(Bug2, ReachesEveryReachableGoalAndReportsTheRest) {
  for (const test::MotionScene& s : test::motion_scenes()) {
    SCOPED_TRACE(s.name);
    const BugOptions options;
    const BugResult r = bug2(s.scene, s.radius, s.start, s.goal, options);
    expect_free(s.scene, s.radius, r.path, s.name);
    EXPECT_EQ(r.path.front(), s.start);
    if (s.reachable) {
      ASSERT_EQ(r.status, BugStatus::reached);
      EXPECT_EQ(r.path.back(), s.goal);  // the last step lands on the goal exactly
    } else {
      EXPECT_EQ(r.status, BugStatus::unreachable);
    }
    // Bounded: at most the M-line plus (crossings of the M-line) loops round each obstacle;
    // the scenes' M-lines cross no obstacle's boundary more than 4 times.
    const double bound = length(s.goal - s.start) + 4.0 * grown_perimeter(s.scene, s.radius + options.step);
    EXPECT_LE(r.length, bound * (1.0 + 1e-12));  // a sum of steps against a straight length
    // Every leave point is on the M-line and strictly nearer the goal than the hit before it.
    ASSERT_GE(r.hit_points.size(), r.leave_points.size());
    for (std::size_t k = 0; k < r.leave_points.size(); ++k) {
      EXPECT_LT(off_line(s.start, s.goal, r.leave_points[k]), 1e-9);
      EXPECT_LT(length(s.goal - r.leave_points[k]), length(s.goal - r.hit_points[k]) - options.step);
    }
  }
}

TEST(Bug2, GoesRoundTheWallThatStopsWalkTo) {
  const Scene scene{{box({4, -2}, {6, 2})}, {}};
  const WalkToResult w = walk_to(scene, 0.3, {0, 0}, {10, 0});
  EXPECT_EQ(w.status, WalkToStatus::blocked);
  const BugResult b = bug2(scene, 0.3, {0, 0}, {10, 0});
  ASSERT_EQ(b.status, BugStatus::reached);
  ASSERT_EQ(b.hit_points.size(), 1u);
  ASSERT_EQ(b.leave_points.size(), 1u);
  // Hit in front of the wall (x = 4 - r - about half the margin), leave behind it.
  EXPECT_NEAR(b.hit_points[0].x, 4.0 - 0.3 - 0.025, 1e-6);
  EXPECT_NEAR(b.leave_points[0].x, 6.0 + 0.3 + 0.05, 0.01);  // at the followed clearance r + step
  // Clockwise: the obstacle on the right, so round the top (y > 0).
  double top = 0.0;
  for (Vec2 p : b.path) top = std::max(top, p.y);
  EXPECT_NEAR(top, 2.0 + 0.35, 0.01);
  // Up the front face, over the top, down the back: the straight 10 plus twice the climb of
  // 2.35 less the width skipped at the corners; within a few steps of 10 + 2 * 2.35.
  EXPECT_GT(b.length, 10.0 + 2.0 * 2.35 - 1.0);
  EXPECT_LT(b.length, 10.0 + 2.0 * 2.35 + 0.5);
}

TEST(Bug2, GoalInsideARingIsReportedAfterOneLoop) {
  Scene scene;
  scene.polygons = test::ring(3.0);
  const BugOptions options;
  const BugResult r = bug2(scene, 0.2, {8, 0.5}, {0, 0}, options);
  EXPECT_EQ(r.status, BugStatus::unreachable);
  ASSERT_EQ(r.hit_points.size(), 1u);
  EXPECT_TRUE(r.leave_points.empty());
  // One loop round the outside of the 6 x 6 ring at clearance 0.25: 4 * 6 + 2 pi 0.25, plus
  // the 4.75 m walk to it; a step of slack either way.
  const double loop = 24.0 + 2.0 * std::acos(-1.0) * 0.25;
  EXPECT_NEAR(r.length, length(r.hit_points[0] - Vec2{8, 0.5}) + loop, 2.0 * options.step);
}

TEST(Bug2, StartBlockedAndTrivialCases) {
  const Scene scene{{box({0, 0}, {2, 2})}, {}};
  EXPECT_EQ(bug2(scene, 0.0, {1, 1}, {5, 5}).status, BugStatus::start_blocked);
  EXPECT_EQ(bug2(scene, 0.5, {2.3, 1}, {5, 5}).status, BugStatus::start_blocked);  // within r
  const BugResult same = bug2(scene, 0.1, {5, 5}, {5, 5});
  EXPECT_EQ(same.status, BugStatus::reached);
  EXPECT_EQ(same.path.size(), 1u);
  const BugResult open = bug2({}, 0.5, {0, 0}, {3, 4});
  EXPECT_EQ(open.status, BugStatus::reached);
  EXPECT_NEAR(open.length, 5.0, 1e-12);  // straight: the M-line itself
}

TEST(Bug2, SmallStepsAndPointRobotsStayFree) {
  // The same scenes at a finer step and with a point robot: still complete and free.
  for (const test::MotionScene& s : test::motion_scenes()) {
    if (s.name == "ring_gap_too_narrow") continue;  // a point fits through that gap
    SCOPED_TRACE(s.name);
    BugOptions options;
    options.step = 0.02;
    const BugResult r = bug2(s.scene, 0.0, s.start, s.goal, options);
    expect_free(s.scene, 0.0, r.path, s.name);
    EXPECT_EQ(r.status, s.reachable ? BugStatus::reached : BugStatus::unreachable);
  }
}

}  // namespace
}  // namespace racer
