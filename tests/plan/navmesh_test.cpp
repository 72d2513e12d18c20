// Navigation mesh: the rectangles tile the passable cells, the portals are exactly the shared
// edges, the planner agrees with the grid search on reachability and returns legal clear
// paths (the pulled string never needs its fallback), and its lengths stay in a stated range
// of the optimum on the shared maps. Also the disabled DecompositionReport, which prints the
// figures of docs/planners/decompositions.md.
#include "plan/navmesh.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <type_traits>

#include "path_checks.h"
#include "plan/movingai.h"
#include "plan/quadtree.h"

namespace racer {
namespace {

const std::string kData = RACER_SOURCE_DIR "/../shared/pathfinding/";

SearchGrid any_random_grid(std::mt19937& rng, int trial) {
  const int w = 1 + static_cast<int>(rng() % 40), h = 1 + static_cast<int>(rng() % 40);
  return trial % 2 == 0 ? test::random_grid(rng, w, h, 0.05 * (trial % 9)) : test::random_block_grid(rng, w, h, 1 + trial % 12);
}

TEST(NavMesh, RectanglesTileThePassableCells) {
  std::mt19937 rng(40);
  NavMesh mesh;
  for (int trial = 0; trial < 200; ++trial) {
    const SearchGrid g = any_random_grid(rng, trial);
    mesh.build(g);
    std::vector<int> cover(static_cast<std::size_t>(g.width()) * static_cast<std::size_t>(g.height()), 0);
    for (std::uint32_t id = 0; id < mesh.rects().size(); ++id) {
      const NavRect& r = mesh.rects()[id];
      ASSERT_GT(r.w, 0);
      ASSERT_GT(r.h, 0);
      for (int y = r.y; y < r.y + r.h; ++y)
        for (int x = r.x; x < r.x + r.w; ++x) {
          ASSERT_TRUE(g.passable(x, y)) << "rectangle " << id << " holds a blocked cell";
          ++cover[g.index(x, y)];
          ASSERT_EQ(mesh.rect_at(x, y), id);
        }
    }
    for (int y = 0; y < g.height(); ++y)
      for (int x = 0; x < g.width(); ++x) {
        ASSERT_EQ(cover[g.index(x, y)], g.passable(x, y) ? 1 : 0) << "(" << x << "," << y << ")";
        if (!g.passable(x, y)) {
          ASSERT_EQ(mesh.rect_at(x, y), NavMesh::kNone);
        }
      }
  }
}

TEST(NavMesh, PortalsAreExactlyTheSharedEdges) {
  std::mt19937 rng(41);
  NavMesh mesh;
  for (int trial = 0; trial < 200; ++trial) {
    const SearchGrid g = any_random_grid(rng, trial);
    mesh.build(g);
    // Every pair of orthogonally adjacent passable cells in two rectangles is crossed by
    // exactly one portal, and every cell pair a portal stands for is such a pair.
    std::vector<int> crossings(2 * static_cast<std::size_t>(g.width()) * static_cast<std::size_t>(g.height()), 0);  // [cell][E or S]
    for (std::uint32_t p = 0; p < mesh.portals().size(); ++p) {
      const NavPortal& portal = mesh.portals()[p];
      ASSERT_LT(portal.lo, portal.hi);
      for (int k = portal.lo; k < portal.hi; ++k) {
        const GridCell a = portal.vertical ? GridCell{portal.at - 1, k} : GridCell{k, portal.at - 1};
        const GridCell b = portal.vertical ? GridCell{portal.at, k} : GridCell{k, portal.at};
        ASSERT_TRUE(g.passable(a.x, a.y) && g.passable(b.x, b.y));
        ASSERT_EQ(mesh.rect_at(a.x, a.y), portal.a);
        ASSERT_EQ(mesh.rect_at(b.x, b.y), portal.b);
        ++crossings[2 * g.index(a.x, a.y) + (portal.vertical ? 0 : 1)];
      }
      for (const std::uint32_t r : {portal.a, portal.b}) {
        const auto list = mesh.portals_of(r);
        ASSERT_TRUE(std::find(list.begin(), list.end(), p) != list.end());
      }
      ASSERT_EQ(mesh.component(portal.a), mesh.component(portal.b));
    }
    for (int y = 0; y < g.height(); ++y)
      for (int x = 0; x < g.width(); ++x)
        for (int dir = 0; dir < 2; ++dir) {
          const int nx = x + (dir == 0 ? 1 : 0), ny = y + (dir == 1 ? 1 : 0);
          const bool between = g.passable(x, y) && g.passable(nx, ny) && mesh.rect_at(x, y) != mesh.rect_at(nx, ny);
          ASSERT_EQ(crossings[2 * g.index(x, y) + static_cast<std::size_t>(dir)], between ? 1 : 0) << "(" << x << "," << y << ") dir " << dir;
        }
    std::size_t listed = 0;
    for (std::uint32_t r = 0; r < mesh.rects().size(); ++r) listed += mesh.portals_of(r).size();
    EXPECT_EQ(listed, 2 * mesh.portals().size());
  }
}

TEST(NavMeshPlanner, RandomGridsAgreeWithDijkstraAndGiveClearPaths) {
  std::mt19937 rng(42);
  NavMeshPlanner planner;
  GridSearch reference;
  int found = 0, unreachable = 0, blocked = 0;
  const int trials = 500;
  for (int trial = 0; trial < trials; ++trial) {
    SearchGrid g = any_random_grid(rng, trial);
    if (trial % 7 == 0) g.set_cost(0, 0, 4.0f);
    if (trial % 11 == 0) g.set_connectivity(Connectivity::four);
    for (int q = 0; q < 4; ++q) {
      const GridCell s = test::random_cell(rng, g), t = test::random_cell(rng, g);
      const SearchResult& r = planner.plan(g, s, t);
      const SearchResult& d = reference.search(g, s, t, SearchMode::dijkstra);
      SCOPED_TRACE(testing::Message() << "trial " << trial << " " << g.width() << "x" << g.height() << " (" << s.x << "," << s.y
                                      << ") -> (" << t.x << "," << t.y << ")");
      ASSERT_EQ(r.status, d.status);
      if (!r.found()) {
        (r.status == SearchStatus::unreachable ? unreachable : blocked) += 1;
        EXPECT_TRUE(r.path.empty());
        continue;
      }
      ++found;
      test::expect_valid_answer(g, r, planner.waypoints(), s, t);
      if (g.connectivity() == Connectivity::eight) {
        EXPECT_GE(r.length, d.length - 1e-9);
      }
      EXPECT_GE(planner.waypoint_length(), std::hypot(s.x - t.x, s.y - t.y) - 1e-9);
    }
  }
  EXPECT_EQ(planner.string_fallbacks(), 0);
  EXPECT_GT(found, trials);
  EXPECT_GT(unreachable, trials / 20);
  EXPECT_GT(blocked, trials / 10);
}

TEST(NavMeshPlanner, OpenGridIsOneRectangleAndAStraightLine) {
  const SearchGrid g(30, 20);
  NavMeshPlanner planner;
  const SearchResult& r = planner.plan(g, {0, 0}, {29, 13});
  ASSERT_TRUE(r.found());
  EXPECT_EQ(planner.mesh().rects().size(), 1u);
  ASSERT_EQ(planner.waypoints().size(), 2u);
  EXPECT_NEAR(planner.waypoint_length(), std::hypot(29.0, 13.0), 1e-12);
}

TEST(NavMeshPlanner, PullsTheStringRoundACorner) {
  // An L-shaped room: the shortest path bends once, at the centre of the inner corner's cell.
  SearchGrid g(10, 10);
  for (int y = 0; y < 7; ++y)
    for (int x = 3; x < 10; ++x) g.set_passable(x, y, false);
  NavMeshPlanner planner;
  const SearchResult& r = planner.plan(g, {1, 0}, {9, 8});
  test::expect_valid_answer(g, r, planner.waypoints(), {1, 0}, {9, 8});
  ASSERT_EQ(planner.waypoints().size(), 3u);
  EXPECT_EQ(planner.waypoints()[1], (Vec2{2.5, 7.5}));  // the free cell diagonal to the wall's corner
}

TEST(NavMeshPlanner, RebuildsWhenTheGridChanges) {
  SearchGrid g(20, 20);
  NavMeshPlanner planner;
  EXPECT_TRUE(planner.plan(g, {0, 5}, {19, 5}).found());
  for (int y = 0; y < 20; ++y) g.set_passable(10, y, false);
  EXPECT_EQ(planner.plan(g, {0, 5}, {19, 5}).status, SearchStatus::unreachable);
  g.set_passable(10, 17, true);
  const SearchResult& r = planner.plan(g, {0, 5}, {19, 5});
  test::expect_valid_answer(g, r, planner.waypoints(), {0, 5}, {19, 5});
}

// Ratios to the optimum on the shared maps (strides: test::kSharedMaps). The ranges are the
// measured ones over all scenarios (docs/planners/decompositions.md: walks at most 1.16 x,
// waypoints 0.92 .. 1.12 x) with some room.
TEST(NavMeshPlanner, LengthRatiosOnTheSharedMaps) {
  for (const auto& [m, stride] : test::kSharedMaps) {
    SCOPED_TRACE(m);
    const test::Ratios r = test::map_ratios<NavMeshPlanner>(m, stride);
    EXPECT_EQ(r.failures, 0);
    EXPECT_LE(r.walk_max, 1.25);
    EXPECT_LE(r.walk_mean, 1.08);
    EXPECT_LE(r.waypoint_max, 1.2);
    EXPECT_GE(r.waypoint_min, 0.9);
  }
}

TEST(Decompositions, StartEqualsGoalAndBlockedEndpoints) {
  SearchGrid g(12, 9);
  g.set_passable(4, 4, false);
  QuadtreePlanner quad;
  FramedQuadtreePlanner framed;
  NavMeshPlanner nav;
  for (GridPlanner* p : std::initializer_list<GridPlanner*>{&quad, &framed, &nav}) {
    SCOPED_TRACE(p->name());
    const SearchResult& r = p->plan(g, {3, 5}, {3, 5});
    ASSERT_TRUE(r.found());
    EXPECT_EQ(r.path, (std::vector<GridCell>{{3, 5}}));
    EXPECT_EQ(r.length, 0.0);
    EXPECT_EQ(p->plan(g, {4, 4}, {3, 5}).status, SearchStatus::blocked_endpoint);
    EXPECT_EQ(p->plan(g, {3, 5}, {12, 5}).status, SearchStatus::blocked_endpoint);
    EXPECT_EQ(p->plan(g, {-1, 0}, {3, 5}).status, SearchStatus::blocked_endpoint);
    EXPECT_EQ(p->bound(), 0.0);
  }
}

// A track-like grid: a closed band between two ellipses (what the AI hands over is a track's
// drivable area). All three decompositions go round it legally and not far from the
// optimum (measured walks: quadtree up to 1.13 x, navmesh 1.12 x, framed 1.00 x).
TEST(Decompositions, GoRoundARingTrack) {
  SearchGrid g(160, 110);
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x) {
      const double u = (x + 0.5 - 80.0) / 75.0, v = (y + 0.5 - 55.0) / 50.0, outer = u * u + v * v;
      const double ui = (x + 0.5 - 80.0) / 55.0, vi = (y + 0.5 - 55.0) / 30.0, inner = ui * ui + vi * vi;
      g.set_passable(x, y, outer <= 1.0 && inner >= 1.0);
    }
  QuadtreePlanner quad;
  FramedQuadtreePlanner framed;
  NavMeshPlanner nav;
  GridSearch reference;
  const GridCell pairs[][2] = {{{10, 55}, {150, 55}}, {{80, 10}, {80, 100}}, {{20, 30}, {140, 80}}, {{80, 100}, {12, 50}}};
  for (const auto& pair : pairs) {
    const SearchResult& d = reference.search(g, pair[0], pair[1], SearchMode::dijkstra);
    ASSERT_TRUE(d.found());
    for (GridPlanner* p : std::initializer_list<GridPlanner*>{&quad, &framed, &nav}) {
      SCOPED_TRACE(p->name());
      const SearchResult& r = p->plan(g, pair[0], pair[1]);
      const std::vector<Vec2>& way = p == &quad ? quad.waypoints() : (p == &framed ? framed.waypoints() : nav.waypoints());
      test::expect_valid_answer(g, r, way, pair[0], pair[1]);
      EXPECT_LE(r.length, 1.25 * d.length);
    }
  }
}

// Prints the table of docs/planners/decompositions.md:
//   ./build/tests/racer_plan_tests --gtest_also_run_disabled_tests --gtest_filter='*DecompositionReport*'
// (RelWithDebInfo). Preprocessing is the first plan() minus a second identical plan().
template <class Planner>
void report(const char* map_name, const SearchGrid& grid, const std::vector<MovingAiScenario>& scenarios) {
  using Clock = std::chrono::steady_clock;
  const auto us = [](Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); };
  Planner planner;
  const MovingAiScenario& s0 = scenarios.front();
  const auto t0 = Clock::now();
  planner.plan(grid, s0.start, s0.goal);
  const auto t1 = Clock::now();
  planner.plan(grid, s0.start, s0.goal);
  const auto t2 = Clock::now();
  const double prep_ms = (us(t1 - t0) - us(t2 - t1)) / 1000.0;
  double walk_sum = 0.0, walk_max = 0.0, way_sum = 0.0, way_max = 0.0, way_min = 1e9, expanded = 0.0;
  int n = 0;
  const auto q0 = Clock::now();
  for (const MovingAiScenario& s : scenarios) {
    const SearchResult& r = planner.plan(grid, s.start, s.goal);
    if (!r.found() || s.optimal_length <= 0.0) continue;
    const double walk = r.length / s.optimal_length, way = planner.waypoint_length() / s.optimal_length;
    walk_sum += walk;
    walk_max = std::max(walk_max, walk);
    way_sum += way;
    way_max = std::max(way_max, way);
    way_min = std::min(way_min, way);
    expanded += static_cast<double>(r.expanded);
    ++n;
  }
  const double per_query = us(Clock::now() - q0) / static_cast<double>(scenarios.size());
  std::size_t nodes = 0;
  if constexpr (std::is_same_v<Planner, QuadtreePlanner>) nodes = planner.tree().free_leaf_count();
  if constexpr (std::is_same_v<Planner, FramedQuadtreePlanner>) nodes = planner.border_cell_count();
  if constexpr (std::is_same_v<Planner, NavMeshPlanner>) nodes = planner.mesh().rects().size();
  std::size_t extra = 0;  // leaves in all / portals
  if constexpr (std::is_same_v<Planner, NavMeshPlanner>) extra = planner.mesh().portals().size();
  else extra = planner.tree().leaves().size();
  std::printf("| %-12s | %-15s | %7zu | %7zu | %8.2f | %6.3f | %6.3f | %6.3f | %6.3f | %6.3f | %9.0f | %8.1f |\n", map_name,
              std::string(planner.name()).c_str(), nodes, extra, prep_ms, walk_sum / n, walk_max, way_sum / n, way_min, way_max,
              expanded / n, per_query);
}

TEST(DecompositionReport, DISABLED_PrintTable) {
  std::printf("| map | planner | nodes | leaves/portals | prep ms | walk mean | walk max | waypoints mean | min | max | expanded | us/query |\n");
  for (const char* name : {"arena.map", "rooms256.map", "rooms512.map"}) {
    const auto map = load_movingai_map(kData + name);
    const auto scenarios = load_movingai_scenarios(kData + name + ".scen");
    ASSERT_TRUE(map.ok() && scenarios.ok());
    report<QuadtreePlanner>(name, map.value(), scenarios.value());
    report<FramedQuadtreePlanner>(name, map.value(), scenarios.value());
    report<NavMeshPlanner>(name, map.value(), scenarios.value());
    GridSearch search;  // the reference: 8-connected A*
    const auto q0 = std::chrono::steady_clock::now();
    for (const MovingAiScenario& s : scenarios.value()) search.search(map.value(), s.start, s.goal);
    std::printf("| %-12s | %-15s | grid A*: %.1f us/query |\n", name, "astar",
                std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - q0).count() /
                    static_cast<double>(scenarios.value().size()));
  }
}

}  // namespace
}  // namespace racer
