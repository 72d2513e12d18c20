// Hybrid A* (plan/hybrid_astar.h) on scenes of polygons (plan/shapes.h): a car-sized
// rectangle round the reference point (the rear axle) checked against the scene's walls.
// Every answer is checked pose by pose: free, never turning tighter than the minimum
// radius, ending in the goal region.
#include "plan/hybrid_astar.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "plan/shapes.h"

namespace racer {
namespace {

constexpr double kPi = std::numbers::pi;
// The car: 4.4 m x 1.8 m, its centre 1.3 m ahead of the rear axle (the reference point).
constexpr double kHalfLength = 2.2, kHalfWidth = 0.9, kAxleToCentre = 1.3;

// The car's rectangle overlaps no polygon of the scene (a polygon farther from the car's
// centre than its circumradius cannot overlap it: skipped before the exact test).
bool car_free(const Scene& scene, double x, double y, double heading) {
  const Vec2 centre = Vec2{x, y} + Vec2{std::cos(heading), std::sin(heading)} * kAxleToCentre;
  const double reach = std::hypot(kHalfLength, kHalfWidth);
  const Polygon car = oriented_box(centre, kHalfLength, kHalfWidth, heading);
  for (const Polygon& p : scene.polygons)
    if (distance(p, centre) <= reach && overlaps(car, p)) return false;
  return true;
}

// Walls round the area lo..hi, 1 m thick, inside it.
void add_border(Scene& s, Vec2 lo, Vec2 hi) {
  s.polygons.push_back(box(lo, {hi.x, lo.y + 1.0}));
  s.polygons.push_back(box({lo.x, hi.y - 1.0}, hi));
  s.polygons.push_back(box(lo, {lo.x + 1.0, hi.y}));
  s.polygons.push_back(box({hi.x - 1.0, lo.y}, hi));
}

HybridAStarParams params_for(Vec2 lo, Vec2 hi) {
  HybridAStarParams p;
  p.min_turn_radius = 4.5;
  p.lo = lo;
  p.hi = hi;
  return p;
}

// The checks every found path must pass: starts at the start, every pose free, consecutive
// poses at most collision_step apart (+1e-9 m: rounding) and never turning tighter than the
// radius (heading change per chord <= 1/R x 1.001: a chord of an arc of angle t is shorter
// than the arc by t^2/24 of it, under 1e-4 for the steps here), the last pose in the goal
// region, and the switch count matching the direction flags.
void expect_drivable(const HybridPath& path, const HybridAStarParams& p, const HybridPose& start, const HybridPose& goal,
                     const Scene& scene) {
  ASSERT_TRUE(path.found());
  ASSERT_GE(path.poses.size(), 2u);
  EXPECT_NEAR(path.poses.front().position.x, start.position.x, 1e-12);
  EXPECT_NEAR(path.poses.front().position.y, start.position.y, 1e-12);
  int switches = 0;
  for (std::size_t k = 0; k < path.poses.size(); ++k) {
    const HybridPose& q = path.poses[k];
    ASSERT_TRUE(car_free(scene, q.position.x, q.position.y, q.heading)) << "pose " << k << " collides";
    if (k == 0) continue;
    const HybridPose& a = path.poses[k - 1];
    const double chord = length(q.position - a.position);
    ASSERT_GT(chord, 1e-6) << "pose " << k << " repeats the one before";
    EXPECT_LE(chord, p.collision_step + 1e-9);
    double turn = std::remainder(q.heading - a.heading, 2.0 * kPi);
    EXPECT_LE(std::abs(turn) / chord, 1.001 / p.min_turn_radius) << "pose " << k << " turns too tight";
    // The heading points along the motion (forwards) or against it (reverse).
    const Vec2 fwd{std::cos(q.heading), std::sin(q.heading)};
    const double along = dot(fwd, q.position - a.position) / chord;
    EXPECT_GT(q.reverse ? -along : along, 0.99) << "pose " << k << " moves sideways";
    if (k >= 2 && q.reverse != a.reverse) switches += 1;
  }
  EXPECT_EQ(switches, path.switches);
  const HybridPose& end = path.poses.back();
  EXPECT_LE(length(end.position - goal.position), p.goal_tolerance + 1e-9);
  EXPECT_LE(std::abs(std::remainder(end.heading - goal.heading, 2.0 * kPi)), p.goal_heading_tolerance + 1e-9);
}

// An open yard: a quarter turn to a goal ahead and to the left, forwards only (reversing
// costs more and is never needed).
TEST(HybridAStar, OpenYardQuarterTurnForwards) {
  const Vec2 lo{-10.0, -10.0}, hi{40.0, 40.0};
  Scene scene;
  add_border(scene, lo, hi);
  const HybridAStarParams p = params_for(lo, hi);
  const HybridPose start{{0.0, 0.0}, 0.0}, goal{{20.0, 15.0}, 0.5 * kPi};
  HybridAStar planner;
  const HybridPath path = planner.plan(p, start, goal, [&](double x, double y, double h) { return car_free(scene, x, y, h); });
  ASSERT_NO_FATAL_FAILURE(expect_drivable(path, p, start, goal, scene));
  EXPECT_EQ(path.switches, 0);
  EXPECT_FALSE(path.poses.back().reverse);
  // Not much longer than the shortest forward path (a straight and a quarter circle of
  // radius >= R: under the 35 m of the two legs); the discrete arcs cost a few metres.
  EXPECT_LT(path.length, 35.0);
}

// The search spread over calls (a few nodes each, as the AI runs it a game step at a time)
// ends with plan()'s path to the last pose: the same nodes in the same order.
TEST(HybridAStar, SpreadOverCallsGivesPlansPath) {
  const Vec2 lo{-10.0, -15.0}, hi{40.0, 15.0};
  Scene scene;
  add_border(scene, lo, hi);
  scene.polygons.push_back(box({12.0, -14.0}, {14.0, 6.0}));
  const HybridAStarParams p = params_for(lo, hi);
  const HybridPose start{{0.0, 0.0}, 0.0}, goal{{28.0, 0.0}, 0.0};
  const PoseFree free = [&](double x, double y, double h) { return car_free(scene, x, y, h); };
  HybridAStar whole, spread;
  const HybridPath once = whole.plan(p, start, goal, free);
  spread.begin(p, start, goal, free);
  int calls = 0;
  while (spread.searching()) {
    const int before = spread.expansions();
    spread.advance(7, free);
    EXPECT_LE(spread.expansions() - before, 7);
    calls += 1;
  }
  const HybridPath path = spread.result();
  ASSERT_TRUE(path.found());
  EXPECT_GT(calls, 1);
  EXPECT_EQ(path.expansions, once.expansions);
  ASSERT_EQ(path.poses.size(), once.poses.size());
  for (std::size_t k = 0; k < path.poses.size(); ++k) {
    EXPECT_EQ(path.poses[k].position.x, once.poses[k].position.x);
    EXPECT_EQ(path.poses[k].position.y, once.poses[k].position.y);
    EXPECT_EQ(path.poses[k].heading, once.poses[k].heading);
  }
}

// A wall across the way with a gap at one side: the path goes through the gap.
TEST(HybridAStar, RoundAWallThroughTheGap) {
  const Vec2 lo{-10.0, -15.0}, hi{40.0, 15.0};
  Scene scene;
  add_border(scene, lo, hi);
  scene.polygons.push_back(box({12.0, -14.0}, {14.0, 6.0}));  // the gap: y 6..14
  const HybridAStarParams p = params_for(lo, hi);
  const HybridPose start{{0.0, 0.0}, 0.0}, goal{{28.0, 0.0}, 0.0};
  HybridAStar planner;
  const HybridPath path = planner.plan(p, start, goal, [&](double x, double y, double h) { return car_free(scene, x, y, h); });
  ASSERT_NO_FATAL_FAILURE(expect_drivable(path, p, start, goal, scene));
  double top = -1e9;
  for (const HybridPose& q : path.poses) top = std::max(top, q.position.y);
  EXPECT_GT(top, 6.0) << "through the gap";
}

// Slow ground (PoseCost): a patch across the straight way, 12 m long and 8 m wide, costing 5
// more per metre. Without the cost the path runs
// straight through it; with it the path goes round (an S of a few metres more, far cheaper
// than the 60 of crossing) and no pose's reference point is more than a move inside it.
TEST(HybridAStar, SlowGroundIsGoneRound) {
  const Vec2 lo{-10.0, -15.0}, hi{40.0, 15.0};
  Scene scene;
  add_border(scene, lo, hi);
  const HybridAStarParams p = params_for(lo, hi);
  const HybridPose start{{0.0, 0.0}, 0.0}, goal{{28.0, 0.0}, 0.0};
  auto on_patch = [](double x, double y) { return x > 8.0 && x < 20.0 && std::abs(y) < 4.0; };
  auto free = [&](double x, double y, double h) { return car_free(scene, x, y, h); };
  HybridAStar planner;
  const HybridPath straight = planner.plan(p, start, goal, free);
  ASSERT_NO_FATAL_FAILURE(expect_drivable(straight, p, start, goal, scene));
  int crossing = 0;
  for (const HybridPose& q : straight.poses) crossing += on_patch(q.position.x, q.position.y) ? 1 : 0;
  EXPECT_GT(crossing, 0) << "without the cost: straight through";
  const HybridPath round = planner.plan(p, start, goal, free, {}, [&](double x, double y, double) {
    return on_patch(x, y) ? 5.0 : 0.0;
  });
  ASSERT_NO_FATAL_FAILURE(expect_drivable(round, p, start, goal, scene));
  // (The cost is taken at each move's end: a move may clip the patch's edge by under its 1 m.)
  for (const HybridPose& q : round.poses)
    EXPECT_FALSE(q.position.x > 9.0 && q.position.x < 19.0 && std::abs(q.position.y) < 3.0) << "on the slow ground";
  EXPECT_GT(round.cost, straight.cost);
}

// A dead-end bay 8 m wide (narrower than the 9 m a U-turn at R = 4.5 m needs, before the
// car's own width), the car nose-in near its end; the goal faces out of the bay. The only
// way is to turn round in the bay: at least one change of direction (a three-point turn).
TEST(HybridAStar, DeadEndNarrowerThanAUTurnNeedsAThreePointTurn) {
  const Vec2 lo{-2.0, -5.0}, hi{30.0, 5.0};
  Scene scene;
  add_border(scene, lo, hi);  // a closed box 32 m x 10 m: 8 m between the side walls
  const HybridAStarParams p = params_for(lo, hi);
  const HybridPose start{{18.0, 0.0}, 0.0}, goal{{8.0, 0.0}, kPi};
  HybridAStar planner;
  const HybridPath path = planner.plan(p, start, goal, [&](double x, double y, double h) { return car_free(scene, x, y, h); });
  ASSERT_NO_FATAL_FAILURE(expect_drivable(path, p, start, goal, scene));
  EXPECT_GE(path.switches, 1);
  bool reversed = false;
  for (const HybridPose& q : path.poses) reversed = reversed || q.reverse;
  EXPECT_TRUE(reversed);
}

// Without reverse the same bay has no answer: the search exhausts the reachable poses.
TEST(HybridAStar, DeadEndWithoutReverseIsNotFound) {
  const Vec2 lo{-2.0, -5.0}, hi{30.0, 5.0};
  Scene scene;
  add_border(scene, lo, hi);
  HybridAStarParams p = params_for(lo, hi);
  p.allow_reverse = false;
  HybridAStar planner;
  const HybridPath path =
      planner.plan(p, {{18.0, 0.0}, 0.0}, {{8.0, 0.0}, kPi}, [&](double x, double y, double h) { return car_free(scene, x, y, h); });
  EXPECT_EQ(path.status, HybridStatus::not_found);
  EXPECT_LT(path.expansions, p.max_expansions);
}

// The car walled in (a closed pen 12 m x 8 m) and the goal outside: not found, and found
// quickly: the heuristic's grid never reaches the pen from the goal, so nothing is expanded.
TEST(HybridAStar, EnclosedIsNotFound) {
  const Vec2 lo{-10.0, -10.0}, hi{30.0, 20.0};
  Scene scene;
  add_border(scene, lo, hi);
  scene.polygons.push_back(box({-6.0, -6.0}, {8.0, -5.0}));
  scene.polygons.push_back(box({-6.0, 3.0}, {8.0, 4.0}));
  scene.polygons.push_back(box({-6.0, -6.0}, {-5.0, 4.0}));
  scene.polygons.push_back(box({7.0, -6.0}, {8.0, 4.0}));
  const HybridAStarParams p = params_for(lo, hi);
  HybridAStar planner;
  const HybridPath path =
      planner.plan(p, {{0.0, -1.0}, 0.0}, {{20.0, 10.0}, 0.0}, [&](double x, double y, double h) { return car_free(scene, x, y, h); });
  EXPECT_EQ(path.status, HybridStatus::not_found);
  EXPECT_TRUE(path.poses.empty());
  EXPECT_LE(path.expansions, 1);
}

// The same pen, but the heuristic told every point is free (so it cannot prune): the search
// still ends, having expanded every reachable pose in the pen, well under the limit.
TEST(HybridAStar, EnclosedExhaustsThePenWithoutTheGridsHelp) {
  const Vec2 lo{-10.0, -10.0}, hi{30.0, 20.0};
  Scene scene;
  add_border(scene, lo, hi);
  scene.polygons.push_back(box({-6.0, -6.0}, {8.0, -5.0}));
  scene.polygons.push_back(box({-6.0, 3.0}, {8.0, 4.0}));
  scene.polygons.push_back(box({-6.0, -6.0}, {-5.0, 4.0}));
  scene.polygons.push_back(box({7.0, -6.0}, {8.0, 4.0}));
  HybridAStarParams p = params_for(lo, hi);
  p.max_expansions = 200000;
  HybridAStar planner;
  const HybridPath path = planner.plan(
      p, {{0.0, -1.0}, 0.0}, {{20.0, 10.0}, 0.0}, [&](double x, double y, double h) { return car_free(scene, x, y, h); },
      [](double, double) { return true; });
  EXPECT_EQ(path.status, HybridStatus::not_found);
  EXPECT_GT(path.expansions, 1);
  EXPECT_LT(path.expansions, p.max_expansions);
}

// A start pose inside a wall: nothing is searched. An expansion limit too small: limit_reached.
TEST(HybridAStar, BlockedStartAndTheExpansionLimit) {
  const Vec2 lo{-10.0, -10.0}, hi{40.0, 40.0};
  Scene scene;
  add_border(scene, lo, hi);
  HybridAStarParams p = params_for(lo, hi);
  HybridAStar planner;
  auto fr = [&](double x, double y, double h) { return car_free(scene, x, y, h); };
  EXPECT_EQ(planner.plan(p, {{-9.5, 0.0}, 0.0}, {{20.0, 15.0}, 0.0}, fr).status, HybridStatus::start_blocked);
  p.max_expansions = 5;
  const HybridPath path = planner.plan(p, {{0.0, 0.0}, kPi}, {{20.0, 15.0}, 0.0}, fr);
  EXPECT_EQ(path.status, HybridStatus::limit_reached);
  EXPECT_EQ(path.expansions, 5);
}

// The same query twice on one planner (memory reused) gives the same path, pose for pose.
TEST(HybridAStar, Deterministic) {
  const Vec2 lo{-10.0, -15.0}, hi{40.0, 15.0};
  Scene scene;
  add_border(scene, lo, hi);
  scene.polygons.push_back(box({12.0, -14.0}, {14.0, 6.0}));
  const HybridAStarParams p = params_for(lo, hi);
  HybridAStar planner;
  auto fr = [&](double x, double y, double h) { return car_free(scene, x, y, h); };
  const HybridPath a = planner.plan(p, {{0.0, 0.0}, 0.0}, {{28.0, 0.0}, 0.0}, fr);
  const HybridPath b = planner.plan(p, {{0.0, 0.0}, 0.0}, {{28.0, 0.0}, 0.0}, fr);
  ASSERT_TRUE(a.found());
  ASSERT_EQ(a.poses.size(), b.poses.size());
  EXPECT_EQ(a.expansions, b.expansions);
  for (std::size_t k = 0; k < a.poses.size(); ++k) {
    EXPECT_EQ(a.poses[k].position.x, b.poses[k].position.x);
    EXPECT_EQ(a.poses[k].position.y, b.poses[k].position.y);
    EXPECT_EQ(a.poses[k].heading, b.poses[k].heading);
  }
}

}  // namespace
}  // namespace racer
