// JumpPointSearch: exact (its costs equal Dijkstra's) on random uniform 8-connected grids and
// on every MovingAI scenario of ../shared/pathfinding; full, legal cell paths; the fallback
// on weighted and non-8-connected grids. Also the "astar" planner on four and hex grids.
#include "plan/jps.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "plan/astar_planner.h"
#include "plan/movingai.h"
#include "plan/best_first.h"

namespace racer {
namespace {

const std::string kData = RACER_SOURCE_DIR "/../shared/pathfinding/";

// Costs are sums of up to a few thousand 1s and sqrt(2)s added in different orders: equal to
// within 1e-9 relative.
double tolerance(double cost) { return 1e-9 * std::max(1.0, cost); }

// The path is a legal walk (grid_moves' moves) from start to goal whose length is the
// reported length and cost.
void expect_legal_path(const SearchGrid& g, const SearchResult& r, GridCell start, GridCell goal) {
  ASSERT_TRUE(r.found());
  ASSERT_FALSE(r.path.empty());
  EXPECT_EQ(r.path.front(), start);
  EXPECT_EQ(r.path.back(), goal);
  double length = 0.0;
  for (std::size_t i = 1; i < r.path.size(); ++i) {
    GridMove moves[8];
    const int n = grid_moves(g, r.path[i - 1], moves);
    bool legal = false;
    for (int k = 0; k < n; ++k)
      if (moves[k].to == r.path[i]) {
        legal = true;
        length += moves[k].length;
      }
    ASSERT_TRUE(legal) << "step " << i << " (" << r.path[i - 1].x << "," << r.path[i - 1].y << ") -> (" << r.path[i].x << ","
                       << r.path[i].y << ")";
  }
  EXPECT_NEAR(length, r.length, tolerance(length));
  EXPECT_NEAR(r.cost, r.length, tolerance(length));
}

SearchGrid random_grid(std::mt19937& rng, int w, int h, double density, bool walls) {
  SearchGrid g(w, h);
  std::bernoulli_distribution blocked(density);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) g.set_passable(x, y, !blocked(rng));
  if (walls)
    for (int i = 0; i < 2; ++i) {
      const bool vertical = rng() % 2 == 0;
      const int at = static_cast<int>(rng() % static_cast<unsigned>(vertical ? w : h));
      for (int t = 0; t < (vertical ? h : w); ++t)
        if (rng() % 6 != 0) g.set_passable(vertical ? at : t, vertical ? t : at, false);
    }
  return g;
}

GridCell random_cell(std::mt19937& rng, const SearchGrid& g) {
  for (int tries = 0; tries < 200; ++tries) {
    const GridCell c{static_cast<int>(rng() % static_cast<unsigned>(g.width())), static_cast<int>(rng() % static_cast<unsigned>(g.height()))};
    if (g.passable(c.x, c.y)) return c;
  }
  return {0, 0};
}

TEST(JumpPointSearch, SameCostsAsDijkstraOnRandomGrids) {
  std::mt19937 rng(3201);
  // The octile heuristic alone, a few landmarks, the default number (every third trial each).
  JumpPointSearch octile_only(0), few(3), standard;
  JumpPointSearch* const planners[3] = {&octile_only, &few, &standard};
  GridSearch dijkstra;
  int found = 0, unreachable = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    // Sizes up to 140 (past two 64-bit words of a bit row), mostly small.
    const int limit = trial % 20 == 0 ? 140 : 36;
    const int w = 1 + static_cast<int>(rng() % static_cast<unsigned>(limit)), h = 1 + static_cast<int>(rng() % static_cast<unsigned>(limit));
    const SearchGrid g = random_grid(rng, w, h, 0.05 * static_cast<double>(trial % 9), trial % 3 == 0);
    const GridCell start = random_cell(rng, g), goal = random_cell(rng, g);
    const SearchResult& d = dijkstra.search(g, start, goal, SearchMode::dijkstra);
    JumpPointSearch& jps = *planners[trial % 3];
    // The landmarks come with the second query on a grid: a first one, then the one checked.
    if (trial % 3 != 0) jps.plan(g, goal, start);
    const SearchResult& j = jps.plan(g, start, goal);
    SCOPED_TRACE(testing::Message() << "trial " << trial << " " << w << "x" << h << " (" << start.x << "," << start.y << ") -> ("
                                    << goal.x << "," << goal.y << ")");
    ASSERT_FALSE(jps.fell_back());
    ASSERT_EQ(j.status, d.status);
    if (!d.found()) {
      ++unreachable;
      continue;
    }
    ++found;
    ASSERT_NEAR(j.cost, d.cost, tolerance(d.cost));
    expect_legal_path(g, j, start, goal);
  }
  EXPECT_GT(found, 2000);
  EXPECT_GT(unreachable, 50);
}

TEST(JumpPointSearch, ScannedJumpsEqualTheTables) {
  // A grid's first query scans its jumps; the second reads them from the tables made then.
  // Both must be the same jumps: the same jump points expanded and the same path, on random
  // grids with scattered blocks and walls (octile bound alone, so only the jumps differ).
  std::mt19937 rng(4402);
  JumpPointSearch jps(0);
  for (int trial = 0; trial < 300; ++trial) {
    const int w = 1 + static_cast<int>(rng() % 60u), h = 1 + static_cast<int>(rng() % 60u);
    const SearchGrid g = random_grid(rng, w, h, 0.05 * static_cast<double>(trial % 8), trial % 2 == 0);
    const GridCell start = random_cell(rng, g), goal = random_cell(rng, g);
    const SearchResult scanned = jps.plan(g, start, goal);
    const SearchResult& tabled = jps.plan(g, start, goal);
    SCOPED_TRACE(testing::Message() << "trial " << trial);
    ASSERT_EQ(scanned.status, tabled.status);
    EXPECT_EQ(scanned.expanded, tabled.expanded);
    EXPECT_EQ(scanned.path, tabled.path);
  }
}

void expect_every_scenario_optimal(const std::string& name, int landmarks = JumpPointSearch::kDefaultLandmarks) {
  JumpPointSearch jps(landmarks);
  GridSearch astar, dijkstra;
  {
    const auto map = load_movingai_map(kData + name + ".map");
    ASSERT_TRUE(map) << map.error_text();
    const auto scen = load_movingai_scenarios(kData + name + ".map.scen");
    ASSERT_TRUE(scen) << scen.error_text();
    int line = 0;
    for (const MovingAiScenario& s : scen.value()) {
      SCOPED_TRACE(testing::Message() << name << " scenario " << line);
      const SearchResult& j = jps.plan(map.value(), s.start, s.goal);
      ASSERT_TRUE(j.found());
      EXPECT_NEAR(j.cost, s.optimal_length, 1e-6);  // the .scen optimum, written to 8 decimals
      // A* is exact and costs what Dijkstra costs (grid_search_test.cpp): checked on every 4th
      // scenario; Dijkstra itself, a whole-map flood, on every 16th, to keep the test fast.
      if (line % 4 == 0) {
        EXPECT_NEAR(j.cost, astar.search(map.value(), s.start, s.goal).cost, tolerance(j.cost));
      }
      if (line % 16 == 0) {
        EXPECT_NEAR(j.cost, dijkstra.search(map.value(), s.start, s.goal, SearchMode::dijkstra).cost, tolerance(j.cost));
      }
      expect_legal_path(map.value(), j, s.start, s.goal);
      ++line;
    }
    EXPECT_GE(line, 130);
  }
}

TEST(JumpPointSearch, EveryArenaScenarioOptimal) { expect_every_scenario_optimal("arena"); }
TEST(JumpPointSearch, EveryRooms256ScenarioOptimal) { expect_every_scenario_optimal("rooms256"); }
TEST(JumpPointSearch, EveryRooms512ScenarioOptimal) { expect_every_scenario_optimal("rooms512"); }
TEST(JumpPointSearch, EveryRooms256ScenarioOptimalWithoutLandmarks) { expect_every_scenario_optimal("rooms256", 0); }

TEST(JumpPointSearch, LandmarksShrinkTheSearch) {
  // rooms256's doors make the octile distance a poor bound; the landmarks' bounds are
  // better, so the search expands far fewer jump points (measured: about a sixth).
  const auto map = load_movingai_map(kData + "rooms256.map");
  ASSERT_TRUE(map) << map.error_text();
  const auto scen = load_movingai_scenarios(kData + "rooms256.map.scen");
  ASSERT_TRUE(scen) << scen.error_text();
  JumpPointSearch octile_only(0), landmarks;
  long plain = 0, bounded = 0;
  for (const MovingAiScenario& s : scen.value()) {
    plain += octile_only.plan(map.value(), s.start, s.goal).expanded;
    bounded += landmarks.plan(map.value(), s.start, s.goal).expanded;
  }
  EXPECT_LT(bounded * 3, plain);
}

TEST(JumpPointSearch, LandmarksWaitForTheSecondQuery) {
  // rooms256: the first query on the grid searches with the octile bound alone, the second
  // (the same query) with the landmarks, and expands fewer jump points for the same cost.
  const auto map = load_movingai_map(kData + "rooms256.map");
  ASSERT_TRUE(map) << map.error_text();
  const auto scen = load_movingai_scenarios(kData + "rooms256.map.scen");
  ASSERT_TRUE(scen) << scen.error_text();
  const MovingAiScenario& s = scen.value().back();
  JumpPointSearch jps, octile_only(0);
  const SearchResult first = jps.plan(map.value(), s.start, s.goal);
  EXPECT_EQ(first.expanded, octile_only.plan(map.value(), s.start, s.goal).expanded);
  const SearchResult& second = jps.plan(map.value(), s.start, s.goal);
  EXPECT_LT(second.expanded, first.expanded);
  EXPECT_NEAR(second.cost, first.cost, tolerance(first.cost));
}

TEST(JumpPointSearch, LongPathsDropTheLandmarksAndStayExact) {
  // A serpentine of 65 rows of 70 cells: shortest paths of over 4096 straight steps, past
  // what the records' packed counts hold; the landmarks are dropped (octile bound) and the
  // search stays exact.
  SearchGrid g(70, 131);
  for (int y = 1; y < 131; y += 2)
    for (int x = 0; x < 70; ++x) g.set_passable(x, y, x == (y % 4 == 1 ? 69 : 0));
  GridSearch dijkstra;
  JumpPointSearch jps;
  const GridCell start{0, 0}, goal{0, 130};
  const double d = dijkstra.search(g, start, goal, SearchMode::dijkstra).cost;
  EXPECT_GT(d, 4096.0);
  jps.plan(g, start, goal);  // the first query on the grid scans; the second builds the tables
  const SearchResult& r = jps.plan(g, {35, 0}, goal);
  ASSERT_TRUE(r.found());
  EXPECT_NEAR(r.cost, dijkstra.search(g, {35, 0}, goal, SearchMode::dijkstra).cost, tolerance(d));
  expect_legal_path(g, r, {35, 0}, goal);
}

TEST(JumpPointSearch, OtherComponentIsUnreachableWithoutSearch) {
  // A wall splits the grid: the component labels answer before any jump point is expanded.
  SearchGrid g(20, 10);
  for (int y = 0; y < 10; ++y) g.set_passable(8, y, false);
  JumpPointSearch jps;
  const SearchResult& r = jps.plan(g, {2, 5}, {15, 5});
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_EQ(r.expanded, 0);
  g.set_passable(8, 9, true);
  const SearchResult& open = jps.plan(g, {2, 5}, {15, 5});
  ASSERT_TRUE(open.found());
  expect_legal_path(g, open, {2, 5}, {15, 5});
}

TEST(JumpPointSearch, EndpointsAndTrivialQueries) {
  SearchGrid g(10, 6);
  g.set_passable(4, 2, false);
  JumpPointSearch jps;
  EXPECT_EQ(jps.plan(g, {4, 2}, {0, 0}).status, SearchStatus::blocked_endpoint);
  EXPECT_EQ(jps.plan(g, {0, 0}, {10, 0}).status, SearchStatus::blocked_endpoint);
  const SearchResult& same = jps.plan(g, {3, 3}, {3, 3});
  ASSERT_TRUE(same.found());
  EXPECT_EQ(same.path.size(), 1u);
  EXPECT_EQ(same.cost, 0.0);
  // No corner cutting: (0,0) -> (1,1) round the blocked (1,0).
  SearchGrid corner(2, 2);
  corner.set_passable(1, 0, false);
  const SearchResult& r = jps.plan(corner, {0, 0}, {1, 1});
  ASSERT_TRUE(r.found());
  EXPECT_DOUBLE_EQ(r.cost, 2.0);
  corner.set_passable(0, 1, false);
  EXPECT_EQ(jps.plan(corner, {0, 0}, {1, 1}).status, SearchStatus::unreachable);
}

TEST(JumpPointSearch, ExpandsFewNodesOnOpenGrids) {
  // An open grid with one wall: a handful of jump points, where A* expands the whole diagonal.
  SearchGrid g(300, 300);
  for (int y = 0; y < 250; ++y) g.set_passable(150, y, false);
  JumpPointSearch jps;
  GridSearch astar;
  const SearchResult& a = astar.search(g, {10, 10}, {290, 20});
  const long astar_expanded = a.expanded;
  const double astar_cost = a.cost;
  const SearchResult& j = jps.plan(g, {10, 10}, {290, 20});
  ASSERT_TRUE(j.found());
  EXPECT_NEAR(j.cost, astar_cost, tolerance(astar_cost));
  EXPECT_LT(j.expanded * 20, astar_expanded);
}

TEST(JumpPointSearch, FallsBackOnWeightedAndOtherGrids) {
  std::mt19937 rng(77);
  SearchGrid g = random_grid(rng, 30, 20, 0.2, false);
  const GridCell start = random_cell(rng, g), goal = random_cell(rng, g);
  g.set_cost(start.x, start.y, 3.0f);
  JumpPointSearch jps;
  GridSearch search;
  const SearchResult expected = search.search(g, start, goal);
  const SearchResult& r = jps.plan(g, start, goal);
  EXPECT_TRUE(jps.fell_back());
  EXPECT_EQ(r.path, expected.path);
  EXPECT_EQ(r.cost, expected.cost);
  g.set_connectivity(Connectivity::four);
  FastAStarPlanner astar;
  const SearchResult four = astar.plan(g, start, goal);
  EXPECT_EQ(jps.plan(g, start, goal).cost, four.cost);
  EXPECT_TRUE(jps.fell_back());
}

// The "astar" planner on four and hex grids (the best-first core's A*): Dijkstra's costs,
// legal moves only, never more expansions; with a trace on an 8-connected grid, the same
// answer as GridSearch.
TEST(FastAStarPlanner, FourAndHexGridsMatchDijkstra) {
  std::mt19937 rng(91);
  FastAStarPlanner astar;
  DijkstraPlanner dijkstra;
  EXPECT_EQ(astar.name(), "astar");
  int found = 0;
  for (int trial = 0; trial < 400; ++trial) {
    SearchGrid g = random_grid(rng, 2 + static_cast<int>(rng() % 30), 2 + static_cast<int>(rng() % 30), 0.05 * (trial % 7), false);
    g.set_connectivity(trial % 2 == 0 ? Connectivity::four : Connectivity::hex);
    if (trial % 3 == 0) g.set_cost(static_cast<int>(rng() % static_cast<unsigned>(g.width())), 0, 4.0f);
    const GridCell start = random_cell(rng, g), goal = random_cell(rng, g);
    const SearchResult a = astar.plan(g, start, goal);
    const SearchResult& d = dijkstra.plan(g, start, goal);
    ASSERT_EQ(a.status, d.status) << trial;
    if (!a.found()) continue;
    ++found;
    EXPECT_NEAR(a.cost, d.cost, 1e-9 * std::max(1.0, d.cost)) << trial;
    EXPECT_LE(a.expanded, d.expanded) << trial;
    for (std::size_t i = 1; i < a.path.size(); ++i) ASSERT_GT(move_length(g, a.path[i - 1], a.path[i]), 0.0) << trial;
  }
  EXPECT_GT(found, 250);
}

TEST(FastAStarPlanner, TracedSearchIsGridSearchs) {
  std::mt19937 rng(17);
  FastAStarPlanner traced;
  PlanTrace trace;
  traced.set_trace(&trace);
  GridSearch search;
  for (int trial = 0; trial < 200; ++trial) {
    const SearchGrid g = random_grid(rng, 4 + static_cast<int>(rng() % 40), 4 + static_cast<int>(rng() % 40), 0.05 * (trial % 6), trial % 2 == 1);
    const GridCell start = random_cell(rng, g), goal = random_cell(rng, g);
    trace.expanded.clear();
    const SearchResult& t = traced.plan(g, start, goal);
    const SearchResult& r = search.search(g, start, goal);
    // Uniform grids: GridSearch's fast core breaks ties in f in its own order (last pushed
    // first), so the traced search may take another path of the same length.
    ASSERT_EQ(t.status, r.status) << trial;
    EXPECT_NEAR(t.length, r.length, 1e-9 * std::max(1.0, r.length)) << trial;  // sums of sqrt(2)s in another order
    EXPECT_EQ(static_cast<long>(trace.expanded.size()), t.expanded) << trial;
  }
}

}  // namespace
}  // namespace racer
