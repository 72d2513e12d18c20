// The lab's motion-planner layers on small hand-made maps: each reaches the goal round a
// wall or reports failure without looping, the field stops in the U's local minimum,
// hybrid A*'s poses are free by the C-space's exact test, and the caps refuse big scenes.
#include "game/lab_motion.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "game/lab_planners.h"
#include "game/lab_session.h"
#include "plan/cspace.h"

namespace racer {
namespace {

LabMap map_of(std::initializer_list<const char*> rows) {
  LabMap m;
  m.name = "test";
  const int h = static_cast<int>(rows.size());
  const int w = static_cast<int>(std::char_traits<char>::length(*rows.begin()));
  m.grid = SearchGrid(w, h);
  int y = 0;
  for (const char* row : rows) {
    for (int x = 0; x < w; ++x)
      if (row[x] == '#') m.grid.set_passable(x, y, false);
    ++y;
  }
  return m;
}

// A room cut by a wall with gaps of two cells above and below it.
LabMap wall_room() {
  return map_of({
      "##############################",
      "#............................#",
      "#............................#",
      "#..............#.............#",
      "#..............#.............#",
      "#..............#.............#",
      "#..............#.............#",
      "#..............#.............#",
      "#..............#.............#",
      "#..............#.............#",
      "#............................#",
      "#............................#",
      "##############################",
  });
}
constexpr GridCell kWallStart{3, 6}, kWallGoal{26, 6};

// The same room with the goal walled in by a ring.
LabMap ring_room() {
  return map_of({
      "##############################",
      "#............................#",
      "#............................#",
      "#..............#.............#",
      "#..............#.....#####...#",
      "#..............#.....#...#...#",
      "#..............#.....#...#...#",
      "#..............#.....#...#...#",
      "#..............#.....#####...#",
      "#..............#.............#",
      "#............................#",
      "#............................#",
      "##############################",
  });
}
constexpr GridCell kRingGoal{23, 6};

// A cup opening toward the start; the goal behind its base.
LabMap cup_room() {
  return map_of({
      "####################################",
      "#..................................#",
      "#..................................#",
      "#..................................#",
      "#..................................#",
      "#.............#######..............#",
      "#...................#..............#",
      "#...................#..............#",
      "#...................#..............#",
      "#...................#..............#",
      "#...................#..............#",
      "#...................#..............#",
      "#...................#..............#",
      "#...................#..............#",
      "#...................#..............#",
      "#.............#######..............#",
      "#..................................#",
      "#..................................#",
      "#..................................#",
      "#..................................#",
      "####################################",
  });
}

LabOutcome run(LabLayer& layer, const LabMap& m, GridCell s, GridCell g, double heading = 0.0, double goal_heading = 0.0) {
  LabQuery q;
  q.start = s;
  q.goal = g;
  q.heading = heading;
  q.goal_heading = goal_heading;
  LabOutcome out;
  layer.run(m, q, out);
  return out;
}

Vec2 centre(GridCell c) { return {c.x + 0.5, c.y + 0.5}; }

// The path ends within `tol` cells of the goal's centre.
void expect_ends_at(const LabOutcome& o, GridCell g, double tol) {
  ASSERT_FALSE(o.path.empty());
  EXPECT_LE(length(o.path.back() - centre(g)), tol);
}

TEST(LabMotion, EveryLayerIsListedOnceWithItsName) {
  const auto layers = lab_layers();
  for (const char* name : {"walk_to", "bug2", "bug1", "potential_field", "visibility_graph", "hybrid_astar"}) {
    int n = 0;
    for (const auto& l : layers) n += l->name() == name ? 1 : 0;
    EXPECT_EQ(n, 1) << name;
  }
}

TEST(LabMotion, WalkToStopsAtTheWallAndBugsGoRound) {
  const LabMap m = wall_room();
  ReactiveLayer walk(ReactivePolicy::walk_to), b2(ReactivePolicy::bug2), b1(ReactivePolicy::bug1);
  const LabOutcome w = run(walk, m, kWallStart, kWallGoal);
  EXPECT_FALSE(w.result.found());
  EXPECT_EQ(w.status, "blocked");
  ASSERT_FALSE(w.path.empty());
  EXPECT_LT(w.path.back().x, 15.0);  // stopped before the wall at x = 15
  for (ReactiveLayer* bug : {&b2, &b1}) {
    const LabOutcome o = run(*bug, m, kWallStart, kWallGoal);
    ASSERT_TRUE(o.result.found()) << bug->name() << ": " << o.note;
    expect_ends_at(o, kWallGoal, 1e-6);
    EXPECT_GT(o.result.length, 23.0);  // longer than the blocked straight line
    // Every point of the walk keeps the robot's radius from the walls (Bug follows at r + margin).
    const LabScene sc = lab_scene(m, whole_map(m.grid));
    for (const Vec2& p : o.path) ASSERT_GT(distance(sc.scene, p), lab_car(m).robot_radius) << bug->name();
  }
  // On an open line walk-to reaches and is the straight line.
  const LabOutcome open = run(walk, m, {3, 11}, {26, 11});
  ASSERT_TRUE(open.result.found());
  EXPECT_NEAR(open.result.length, 23.0, 1e-9);
}

TEST(LabMotion, AnEnclosedGoalIsReportedNotLoopedRound) {
  const LabMap m = ring_room();
  for (ReactivePolicy p : {ReactivePolicy::bug2, ReactivePolicy::bug1}) {
    ReactiveLayer bug(p);
    const LabOutcome o = run(bug, m, kWallStart, kRingGoal);
    EXPECT_FALSE(o.result.found()) << bug.name();
    EXPECT_EQ(o.status, "unreachable") << bug.name() << ": " << o.note;
  }
  VisibilityGraphLayer vis;
  EXPECT_FALSE(run(vis, m, kWallStart, kRingGoal).result.found());
  HybridAStarLayer hy;
  const LabOutcome h = run(hy, m, kWallStart, kRingGoal);
  EXPECT_FALSE(h.result.found());
  EXPECT_EQ(h.status, "unreachable");
}

TEST(LabMotion, PotentialFieldReportsTheLocalMinimumInTheCup) {
  const LabMap m = cup_room();
  ReactiveLayer field(ReactivePolicy::potential_field);
  const LabOutcome o = run(field, m, {3, 10}, {30, 10});
  EXPECT_FALSE(o.result.found());
  EXPECT_EQ(o.status, "stuck") << o.note;
  ASSERT_FALSE(o.path.empty());
  // Inside the cup, in front of its base (x = 20), on the cup's axis.
  EXPECT_GT(o.path.back().x, 15.0);
  EXPECT_LT(o.path.back().x, 20.0);
  EXPECT_NEAR(o.path.back().y, 10.5, 0.5);
  // Its heat map: log(1 + U) on free cells, lowest near the goal.
  ASSERT_EQ(o.field.size(), static_cast<std::size_t>(m.grid.width() * m.grid.height()));
  EXPECT_LT(o.field[m.grid.index(30, 10)], o.field[m.grid.index(3, 10)]);
  EXPECT_TRUE(std::isinf(o.field[m.grid.index(20, 10)]));  // a wall cell
  // Each cell's value is U of the whole scene at its centre (the layer asks only the obstacles
  // near each block of cells; beyond the influence radius they add nothing). float: 1e-6.
  const LabScene sc = lab_scene(m, whole_map(m.grid));
  for (int y = 1; y < m.grid.height() - 1; y += 3)
    for (int x = 1; x < m.grid.width() - 1; x += 2)
      if (m.grid.passable(x, y)) {
        const double u = field_potential(sc.scene, lab_car(m).robot_radius, {30.5, 10.5}, lab_field_params(), {x + 0.5, y + 0.5});
        EXPECT_NEAR(o.field[m.grid.index(x, y)], std::log1p(u), 1e-6 * (1.0 + std::log1p(u))) << x << "," << y;
      }
  // Away from the cup's mouth it reaches.
  const LabOutcome clear = run(field, m, {3, 2}, {30, 2});
  EXPECT_TRUE(clear.result.found()) << clear.note;
}

TEST(LabMotion, VisibilityGraphIsAnyAngleAndShorterThanTheGrid) {
  const LabMap m = wall_room();
  VisibilityGraphLayer vis;
  const LabOutcome o = run(vis, m, kWallStart, kWallGoal);
  ASSERT_TRUE(o.result.found());
  EXPECT_FALSE(o.segments.empty());
  expect_ends_at(o, kWallGoal, 1e-9);
  // Between the straight line and the 8-connected optimum (which bends at 45 degrees only).
  LabSession s(lab_layers(), {});
  s.set_map(wall_room());
  LabQuery q = s.query();
  q.start = kWallStart;
  q.goal = kWallGoal;
  s.set_query(q);
  const int i = s.find("visibility_graph");
  s.set_enabled(i, true);
  ASSERT_TRUE(s.optimal_length().has_value());
  EXPECT_GT(o.result.length, 23.0);
  EXPECT_LT(o.result.length, *s.optimal_length());
  ASSERT_TRUE(s.ratio(i).has_value());
  EXPECT_LT(*s.ratio(i), 1.0);
}

TEST(LabMotion, HybridAStarPathIsFreeByTheCSpaceAndEndsAtTheGoalHeading) {
  const LabMap m = wall_room();
  HybridAStarLayer hy;
  // Start facing east, finish facing north (pi/2 counter-clockwise on screen).
  const double north = std::numbers::pi / 2;
  const LabOutcome o = run(hy, m, kWallStart, kWallGoal, 0.0, north);
  ASSERT_TRUE(o.result.found()) << o.status << " " << o.note;
  EXPECT_GT(o.result.expanded, 0);
  EXPECT_FALSE(o.footprints.empty());
  const LabCar car = lab_car(m);
  const LabScene sc = lab_scene(m, lab_window(m.grid, kWallStart, kWallGoal));
  const CSpace cs(sc.scene, CarRect{car.half_length, car.half_width});
  const HybridPath& path = hy.last_path();
  ASSERT_GE(path.poses.size(), 2u);
  for (const HybridPose& p : path.poses)
    ASSERT_TRUE(cs.pose_free_exact(p.position.x, p.position.y, p.heading)) << p.position.x << "," << p.position.y;
  // The goal region: 1 cell, 15 degrees; in cell units (y down) north is -pi/2.
  EXPECT_LE(length(path.poses.back().position - centre(kWallGoal)), 1.0 + 1e-9);
  EXPECT_LE(std::abs(std::remainder(path.poses.back().heading + north, 2 * std::numbers::pi)), 15.0 * std::numbers::pi / 180 + 1e-9);
  // The overlay is the C-space slice at the start heading: a free cell is in it exactly when
  // the car centred there collides.
  ASSERT_EQ(o.overlay.size(), static_cast<std::size_t>(m.grid.width() * m.grid.height()));
  int closed = 0;
  for (int y = 0; y < m.grid.height(); ++y)
    for (int x = 0; x < m.grid.width(); ++x)
      if (m.grid.passable(x, y)) {
        const bool hit = !cs.pose_free_exact(x + 0.5, y + 0.5, 0.0);
        EXPECT_EQ(o.overlay[m.grid.index(x, y)] != 0, hit) << x << "," << y;
        closed += hit ? 1 : 0;
      }
  EXPECT_GT(closed, 0);  // the cells along the walls
}

// A layer keeps its scene while nothing changes and sees every edit: cells blocked, and a
// drawn polygon that covers no cell centre (so the grid stays the same) swapped for another.
TEST(LabMotion, ScenesFollowTheMapsEdits) {
  LabMap m = wall_room();
  VisibilityGraphLayer vis;
  const LabOutcome before = run(vis, m, {3, 11}, {26, 11});  // along the open bottom row
  ASSERT_TRUE(before.result.found());
  EXPECT_NEAR(before.result.length, 23.0, 1e-6);
  Polygon sliver;  // across the row, thinner than a cell: no centre inside it
  sliver.vertices = {{20.1, 9.6}, {20.3, 9.6}, {20.3, 12.0}, {20.1, 12.0}};
  m.obstacles = {sliver};
  const LabOutcome blocked = run(vis, m, {3, 11}, {26, 11});
  ASSERT_TRUE(blocked.result.found());
  EXPECT_GT(blocked.result.length, 23.0 + 1e-3) << "round the sliver";
  sliver.vertices = {{20.1, 12.0}, {20.3, 12.0}, {20.3, 12.01}, {20.1, 12.01}};  // moved out of the way
  m.obstacles = {sliver};
  EXPECT_NEAR(run(vis, m, {3, 11}, {26, 11}).result.length, 23.0, 1e-6);
}

TEST(LabMotion, BigScenesAreRefusedWithAReasonNotPlanned) {
  LabMap m;
  m.grid = SearchGrid(500, 500);
  for (int y = 1; y < 500; y += 3)
    for (int x = 1; x < 500; x += 3) m.grid.set_passable(x, y, false);  // 27 889 single blocks
  std::vector<std::unique_ptr<LabLayer>> layers;
  layers.push_back(std::make_unique<VisibilityGraphLayer>());
  layers.push_back(std::make_unique<HybridAStarLayer>());
  layers.push_back(std::make_unique<ReactiveLayer>(ReactivePolicy::bug2));
  for (const auto& layer : layers) {
    const LabOutcome o = run(*layer, m, {0, 0}, {498, 498});
    EXPECT_FALSE(o.result.found()) << layer->name();
    EXPECT_EQ(o.status, "too big") << layer->name();
    EXPECT_NE(o.note.find("move S and G closer"), std::string::npos) << o.note;
  }
}

}  // namespace
}  // namespace racer
