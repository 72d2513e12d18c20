// RouteGrid: a track's CostGrid costed for the planners (clearance, surface, minimum
// clearance), and the route window the detour searches.
#include "ai/route_grid.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "plan/grid_search.h"
#include "track/cost_grid.h"

namespace racer {
namespace {

// A search of the CostGrid costed by `costs`, through a route grid made for it.
const SearchResult& route_search(GridSearch& search, const CostGrid& g, GridCell start, GridCell goal,
                                 const RouteCosts& costs, SearchMode mode = SearchMode::astar) {
  SearchGrid route;
  make_route_grid(g, costs, route);
  return search.search(route, start, goal, mode);
}

// A 40 x 13 corridor of 0.5 m cells walled on every side (clearance computed).
CostGrid corridor() {
  CostGrid g({0.0, 0.0}, 0.5, 40, 13);
  for (int x = 0; x < g.width(); ++x) {
    g.set_blocked(x, 0, true);
    g.set_blocked(x, g.height() - 1, true);
  }
  for (int y = 0; y < g.height(); ++y) {
    g.set_blocked(0, y, true);
    g.set_blocked(g.width() - 1, y, true);
  }
  g.compute_clearance();
  return g;
}

double mean_clearance(const CostGrid& g, const SearchResult& r) {
  double sum = 0.0;
  for (const GridCell& c : r.path) sum += static_cast<double>(g.clearance(c.x, c.y));
  return sum / static_cast<double>(r.path.size());
}

TEST(RouteGrid, ClearancePenaltyKeepsOffTheWalls) {
  const CostGrid g = corridor();
  const GridCell start{3, 2}, goal{36, 2};  // both 1 m from the lower wall
  GridSearch search;

  RouteCosts plain;
  plain.clearance_penalty = 0.0;
  plain.use_surface = false;
  const SearchResult straight = route_search(search, g, start, goal, plain);
  ASSERT_TRUE(straight.found());
  EXPECT_DOUBLE_EQ(straight.cost, 33.0);  // along the wall, no penalty
  for (const GridCell& c : straight.path) EXPECT_EQ(c.y, 2);

  RouteCosts careful;
  careful.clearance_margin_m = 3.0;  // the corridor's middle row is exactly 3 m clear
  careful.clearance_penalty = 4.0;
  const SearchResult away = route_search(search, g, start, goal, careful);
  ASSERT_TRUE(away.found());
  EXPECT_GT(mean_clearance(g, away), mean_clearance(g, straight) + 1.0);
  int max_y = 0;
  for (const GridCell& c : away.path) max_y = std::max(max_y, c.y);
  EXPECT_EQ(max_y, 6);  // it climbs to the centre line, not past it

  // Dijkstra agrees on the cost.
  EXPECT_NEAR(route_search(search, g, start, goal, careful, SearchMode::dijkstra).cost, away.cost, 1e-9);

  // The multiplier itself: 1 + penalty at a wall, fading to 1 at the margin.
  EXPECT_DOUBLE_EQ(careful.multiplier(0.0, 1.0), 5.0);
  EXPECT_DOUBLE_EQ(careful.multiplier(1.5, 1.0), 3.0);
  EXPECT_DOUBLE_EQ(careful.multiplier(3.0, 2.0), 2.0);
  EXPECT_DOUBLE_EQ(careful.multiplier(10.0, 0.5), 1.0);  // surface costs below 1 are raised to 1
}

TEST(RouteGrid, MinimumClearanceBlocksCells) {
  const CostGrid g = corridor();
  RouteCosts costs;
  costs.min_clearance_m = 1.2;  // rows 1, 2 and 10, 11 are too close to a wall
  GridSearch search;
  EXPECT_EQ(route_search(search, g, {3, 2}, {36, 6}, costs).status, SearchStatus::blocked_endpoint);
  const SearchResult& r = route_search(search, g, {3, 6}, {36, 6}, costs);
  ASSERT_TRUE(r.found());
  for (const GridCell& c : r.path) EXPECT_GE(g.clearance(c.x, c.y), 1.2f);

  // A post in the middle of the corridor, clearance recomputed: the route goes round it.
  CostGrid posted = corridor();
  posted.set_blocked(20, 6, true);
  posted.compute_clearance();
  const SearchResult& round = route_search(search, posted, {3, 6}, {36, 6}, costs);
  ASSERT_TRUE(round.found());
  for (const GridCell& c : round.path) EXPECT_GE(posted.clearance(c.x, c.y), 1.2f);
  // Wall it off but for one-cell gaps at rows 3 and 9: too narrow for the margin.
  for (int y = 1; y <= 11; ++y)
    if (y != 3 && y != 9) posted.set_blocked(20, y, true);
  posted.compute_clearance();
  EXPECT_EQ(route_search(search, posted, {3, 6}, {36, 6}, costs).status, SearchStatus::unreachable);
}

TEST(RouteGrid, SurfaceCostIsAvoided) {
  // A patch of gravel (cost 4) across the corridor, leaving a clean lane along the lower
  // wall (rows 1, 2): with surface costs the route detours into the lane; without, it crosses straight.
  CostGrid g = corridor();
  for (int y = 3; y <= 11; ++y)
    for (int x = 15; x <= 24; ++x) g.set_surface_cost(x, y, 4.0f);
  RouteCosts costs;
  costs.clearance_penalty = 0.0;
  GridSearch search;
  const SearchResult with_surface = route_search(search, g, {3, 6}, {36, 6}, costs);
  ASSERT_TRUE(with_surface.found());
  for (const GridCell& c : with_surface.path) EXPECT_FLOAT_EQ(g.surface_cost(c.x, c.y), 1.0f);
  costs.use_surface = false;
  const SearchResult& without = route_search(search, g, {3, 6}, {36, 6}, costs);
  EXPECT_DOUBLE_EQ(without.cost, 33.0);
  EXPECT_GT(with_surface.length, without.length);
}

TEST(RouteGrid, WindowIsTheSameCellsAsTheWholeGrid) {
  CostGrid g = corridor();
  g.set_surface_cost(12, 5, 3.0f);
  RouteCosts costs;
  costs.min_clearance_m = 1.2;
  SearchGrid whole, window;
  make_route_grid(g, costs, whole);
  make_route_window(g, costs, 10, 2, 30, 9, window);
  ASSERT_EQ(window.width(), 21);
  ASSERT_EQ(window.height(), 8);
  for (int y = 0; y < window.height(); ++y)
    for (int x = 0; x < window.width(); ++x) {
      EXPECT_EQ(window.passable(x, y), whole.passable(x + 10, y + 2)) << x << "," << y;
      if (window.passable(x, y)) {
        EXPECT_EQ(window.cost(x, y), whole.cost(x + 10, y + 2)) << x << "," << y;
      }
    }
  EXPECT_FALSE(window.passable(0, 0));            // row 2 is 1 m from the wall: under 1.2 m
  EXPECT_FLOAT_EQ(window.cost(2, 3), 3.0f * static_cast<float>(costs.multiplier(2.5, 1.0)));  // the gravel cell, 2.5 m clear
}

}  // namespace
}  // namespace racer
