// The planner registry: every planner once, by a unique name, each made by name; every exact
// planner returns Dijkstra's cost and every planner finds a path exactly when one exists.
#include "plan/registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>

#include "plan/grid_search.h"

namespace racer {
namespace {

TEST(GridPlannerRegistry, EveryPlannerOnceByName) {
  const auto planners = all_grid_planners();
  std::set<std::string> names;
  for (const auto& p : planners) {
    EXPECT_TRUE(names.insert(std::string(p->name())).second) << "twice: " << p->name();
    const auto made = make_grid_planner(p->name());
    ASSERT_NE(made, nullptr) << p->name();
    EXPECT_EQ(made->name(), p->name());
  }
  EXPECT_EQ(planners.size(), 15u);
  EXPECT_EQ(planners[0]->name(), "astar");  // the AI's default router first
  EXPECT_EQ(make_grid_planner("no_such_planner"), nullptr);
}

// Random 8-connected grids, uniform and weighted: found exactly when Dijkstra finds a path;
// exact planners (bound 1) at Dijkstra's cost (1e-9 relative: a sum of a few hundred
// sqrt(2) moves in double); bounded ones within their bound.
TEST(GridPlannerRegistry, EveryPlannerAgreesWithDijkstra) {
  std::mt19937 rng(2026);
  auto planners = all_grid_planners();
  GridSearch dijkstra;
  for (int trial = 0; trial < 60; ++trial) {
    const int w = 8 + static_cast<int>(rng() % 40), h = 8 + static_cast<int>(rng() % 40);
    SearchGrid g(w, h);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const bool weighted = trial % 2 == 1;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        if (u(rng) < 0.25) g.set_passable(x, y, false);
        else if (weighted && u(rng) < 0.3) g.set_cost(x, y, 1.0f + static_cast<float>(4.0 * u(rng)));
      }
    GridCell start{static_cast<int>(rng() % static_cast<unsigned>(w)), static_cast<int>(rng() % static_cast<unsigned>(h))};
    GridCell goal{static_cast<int>(rng() % static_cast<unsigned>(w)), static_cast<int>(rng() % static_cast<unsigned>(h))};
    g.set_passable(start.x, start.y, true);
    g.set_passable(goal.x, goal.y, true);
    const SearchResult truth = dijkstra.search(g, start, goal, SearchMode::dijkstra);
    for (auto& p : planners) {
      const SearchResult& r = p->plan(g, start, goal);
      ASSERT_EQ(r.found(), truth.found()) << p->name() << " trial " << trial;
      if (!truth.found()) continue;
      EXPECT_EQ(r.path.front(), start) << p->name();
      EXPECT_EQ(r.path.back(), goal) << p->name();
      const double tolerance = 1e-9 * std::max(1.0, truth.cost);
      if (p->bound() == 1.0) {
        EXPECT_NEAR(r.cost, truth.cost, tolerance) << p->name() << " trial " << trial;
      } else if (p->bound() > 1.0) {
        EXPECT_LE(r.cost, p->bound() * truth.cost + tolerance) << p->name() << " trial " << trial;
      }
      EXPECT_GE(r.cost, truth.cost - tolerance) << p->name() << " trial " << trial;  // nothing beats the optimum
    }
  }
}

}  // namespace
}  // namespace racer
