// GridSearch: A* against Dijkstra and a brute-force reference on random grids, the MovingAI
// arena known answers, corner cutting, endpoints, memory reuse.
#include "plan/grid_search.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "eight_grid_checks.h"
#include "plan/movingai.h"

namespace racer {
namespace {

using test::expect_valid_path;
using test::kPathfindingData;
using test::kSqrt2;
using test::step_cost;
using test::SumTolerance;

const std::string& kData = kPathfindingData;

// Reference: Bellman-Ford style relaxation to a fixed point over the step costs above
// (slow, obviously correct). Infinity when unreachable.
double brute_force_cost(const SearchGrid& g, GridCell start, GridCell goal) {
  const int w = g.width(), h = g.height();
  std::vector<double> d(static_cast<std::size_t>(w * h), std::numeric_limits<double>::infinity());
  d[g.index(start.x, start.y)] = 0.0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const double here = d[g.index(x, y)];
        if (!std::isfinite(here)) continue;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            if (!g.in_bounds(x + dx, y + dy)) continue;
            const double c = here + step_cost(g, {x, y}, {x + dx, y + dy});
            double& there = d[g.index(x + dx, y + dy)];
            if (c < there - 1e-12) {
              there = c;
              changed = true;
            }
          }
      }
  }
  return d[g.index(goal.x, goal.y)];
}

SearchGrid random_grid(std::mt19937& rng, int w, int h, double density, bool weighted) {
  SearchGrid g(w, h);
  std::bernoulli_distribution blocked(density);
  std::uniform_real_distribution<float> multiplier(1.0f, 5.0f);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      g.set_passable(x, y, !blocked(rng));
      if (weighted) g.set_cost(x, y, multiplier(rng));
    }
  return g;
}

GridCell random_passable_cell(std::mt19937& rng, const SearchGrid& g) {
  for (int tries = 0; tries < 1000; ++tries) {
    const GridCell c{static_cast<int>(rng() % static_cast<unsigned>(g.width())),
                     static_cast<int>(rng() % static_cast<unsigned>(g.height()))};
    if (g.passable(c.x, c.y)) return c;
  }
  return {0, 0};
}

// One random trial: A* and Dijkstra agree on status and cost, both paths are legal, A*
// expands no more nodes than Dijkstra, and (small grids) the brute force agrees too.
struct TrialCounts {
  int found = 0, unreachable = 0, blocked = 0;
};

void run_random_trials(bool weighted, int trials, unsigned seed, TrialCounts& counts) {
  std::mt19937 rng(seed);
  GridSearch astar, dijkstra;  // reused across all trials
  for (int trial = 0; trial < trials; ++trial) {
    const int w = 1 + static_cast<int>(rng() % 40), h = 1 + static_cast<int>(rng() % 40);
    const double density = 0.05 * static_cast<double>(trial % 10);  // 0 .. 45 % blocked
    SearchGrid g = random_grid(rng, w, h, density, weighted);
    const GridCell start = random_passable_cell(rng, g);
    const GridCell goal = random_passable_cell(rng, g);
    if (trial % 25 == 0) g.set_passable(goal.x, goal.y, false);  // now and then a blocked goal

    const SearchResult& a = astar.search(g, start, goal, SearchMode::astar);
    const SearchResult& d = dijkstra.search(g, start, goal, SearchMode::dijkstra);
    SCOPED_TRACE(testing::Message() << "trial " << trial << " " << w << "x" << h << " (" << start.x << ","
                                    << start.y << ") -> (" << goal.x << "," << goal.y << ")");
    ASSERT_EQ(a.status, d.status);
    ASSERT_LE(a.expanded, d.expanded);
    if (w * h <= 400 && a.status != SearchStatus::blocked_endpoint) {
      const double reference = brute_force_cost(g, start, goal);
      if (a.found()) {
        EXPECT_NEAR(a.cost, reference, 1e-7);  // optimal to 2^-32 cell per step
      } else {
        EXPECT_TRUE(std::isinf(reference));
      }
    }
    switch (a.status) {
      case SearchStatus::found:
        ++counts.found;
        ASSERT_NEAR(a.cost, d.cost, 1e-7);
        expect_valid_path(g, a, start, goal, SumTolerance::absolute);
        expect_valid_path(g, d, start, goal, SumTolerance::absolute);
        break;
      case SearchStatus::unreachable:
        ++counts.unreachable;
        EXPECT_TRUE(a.path.empty());
        EXPECT_EQ(a.expanded, d.expanded);  // both flood the start's whole component
        break;
      case SearchStatus::blocked_endpoint:
        ++counts.blocked;
        EXPECT_EQ(a.expanded, 0);
        break;
    }
  }
}

TEST(GridSearch, AStarMatchesDijkstraOnRandomGrids) {
  TrialCounts counts;
  run_random_trials(false, 600, 11, counts);
  // The random mix really covers every outcome.
  EXPECT_GT(counts.found, 400);
  EXPECT_GT(counts.unreachable, 20);
  EXPECT_GT(counts.blocked, 10);
}

TEST(GridSearch, AStarMatchesDijkstraOnRandomWeightedGrids) {
  TrialCounts counts;
  run_random_trials(true, 400, 23, counts);
  EXPECT_GT(counts.found, 250);
  EXPECT_GT(counts.unreachable, 10);
}

TEST(GridSearch, MovingAiArenaEveryScenarioOptimal) {
  const auto map = load_movingai_map(kData + "arena.map");
  ASSERT_TRUE(map) << map.error_text();
  const auto scenarios = load_movingai_scenarios(kData + "arena.map.scen");
  ASSERT_TRUE(scenarios) << scenarios.error_text();
  ASSERT_EQ(scenarios.value().size(), 130u);
  GridSearch search;
  int matched = 0;
  for (const MovingAiScenario& s : scenarios.value()) {
    ASSERT_EQ(s.map_width, map.value().width());
    ASSERT_EQ(s.map_height, map.value().height());
    const SearchResult& r = search.search(map.value(), s.start, s.goal);
    ASSERT_TRUE(r.found()) << "bucket " << s.bucket << " (" << s.start.x << "," << s.start.y << ")";
    EXPECT_NEAR(r.cost, s.optimal_length, 1e-6) << "bucket " << s.bucket;
    EXPECT_DOUBLE_EQ(r.length, r.cost);  // multiplier 1 everywhere: cost is length
    expect_valid_path(map.value(), r, s.start, s.goal, SumTolerance::absolute);
    if (std::abs(r.cost - s.optimal_length) <= 1e-6) ++matched;
  }
  EXPECT_EQ(matched, 130);
}

TEST(GridSearch, NoCornerCutting) {
  // . #      From (0,0) to (1,1): the diagonal would cut the corner of the blocked (1,0),
  // . .      so the path goes round it: two orthogonal steps.
  SearchGrid g(2, 2);
  g.set_passable(1, 0, false);
  GridSearch search;
  const SearchResult& r = search.search(g, {0, 0}, {1, 1});
  ASSERT_TRUE(r.found());
  EXPECT_DOUBLE_EQ(r.cost, 2.0);
  ASSERT_EQ(r.path.size(), 3u);
  EXPECT_EQ(r.path[1], (GridCell{0, 1}));

  // . #      Both orthogonal neighbours blocked: the diagonal alone does not connect.
  // # .
  g.set_passable(0, 1, false);
  EXPECT_EQ(search.search(g, {0, 0}, {1, 1}).status, SearchStatus::unreachable);
  EXPECT_EQ(search.search(g, {1, 1}, {0, 0}, SearchMode::dijkstra).status, SearchStatus::unreachable);

  // With both free, the diagonal is taken: sqrt(2).
  SearchGrid open(2, 2);
  EXPECT_DOUBLE_EQ(search.search(open, {0, 0}, {1, 1}).cost, kSqrt2);
}

TEST(GridSearch, StartEqualsGoal) {
  SearchGrid g(5, 5);
  GridSearch search;
  const SearchResult& r = search.search(g, {2, 3}, {2, 3});
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.cost, 0.0);
  EXPECT_EQ(r.length, 0.0);
  ASSERT_EQ(r.path.size(), 1u);
  EXPECT_EQ(r.path[0], (GridCell{2, 3}));
  EXPECT_EQ(r.expanded, 1);
}

TEST(GridSearch, BlockedOrOutOfBoundsEndpoints) {
  SearchGrid g(6, 4);
  g.set_passable(1, 1, false);
  GridSearch search;
  for (const auto& [start, goal] : std::vector<std::pair<GridCell, GridCell>>{
           {{1, 1}, {4, 2}}, {{4, 2}, {1, 1}}, {{1, 1}, {1, 1}}, {{-1, 0}, {3, 3}}, {{0, 0}, {6, 0}}, {{0, 0}, {0, 4}}}) {
    const SearchResult& r = search.search(g, start, goal);
    EXPECT_EQ(r.status, SearchStatus::blocked_endpoint) << start.x << "," << start.y << " -> " << goal.x << "," << goal.y;
    EXPECT_TRUE(r.path.empty());
    EXPECT_EQ(r.expanded, 0);
    EXPECT_EQ(r.cost, 0.0);
  }
  const SearchGrid empty;
  EXPECT_EQ(search.search(empty, {0, 0}, {0, 0}).status, SearchStatus::blocked_endpoint);
  // The object still works afterwards.
  EXPECT_DOUBLE_EQ(search.search(g, {0, 0}, {5, 0}).cost, 5.0);
}

TEST(GridSearch, TiesPreferDeeperNodes) {
  // On an open grid every cell of the optimal "parallelogram" has the same f; preferring
  // the larger g walks straight to the goal, expanding only the path's own cells.
  SearchGrid g(40, 30);
  GridSearch search;
  const SearchResult& r = search.search(g, {3, 4}, {31, 17});
  ASSERT_TRUE(r.found());
  EXPECT_NEAR(r.cost, 15.0 + 13.0 * kSqrt2, 1e-12);
  EXPECT_EQ(r.expanded, static_cast<long>(r.path.size()));
  // Dijkstra on the same grid expands far more.
  EXPECT_GT(search.search(g, {3, 4}, {31, 17}, SearchMode::dijkstra).expanded, 10 * static_cast<long>(r.path.size()));
}

TEST(GridSearch, MemoryReusedAcrossSearches) {
  // One object running many searches in a row (growing and shrinking grids) answers exactly
  // as a fresh object does every time, and its node arrays stop growing.
  std::mt19937 rng(5);
  std::vector<SearchGrid> grids;
  for (int i = 0; i < 6; ++i) {
    const int side = (i % 3 == 0) ? 64 : 8 + 7 * i;
    grids.push_back(random_grid(rng, side, side + i, 0.25, i % 2 == 1));
  }
  GridSearch reused;
  std::size_t capacity = 0;
  for (int q = 0; q < 300; ++q) {
    const SearchGrid& g = grids[static_cast<std::size_t>(q) % grids.size()];
    const GridCell start = random_passable_cell(rng, g), goal = random_passable_cell(rng, g);
    const SearchMode mode = q % 3 == 0 ? SearchMode::dijkstra : SearchMode::astar;
    const SearchResult r = reused.search(g, start, goal, mode);  // a copy: compared after the fresh search
    GridSearch fresh;
    const SearchResult& f = fresh.search(g, start, goal, mode);
    ASSERT_EQ(r.status, f.status) << q;
    EXPECT_EQ(r.cost, f.cost) << q;
    EXPECT_EQ(r.expanded, f.expanded) << q;
    EXPECT_EQ(r.path, f.path) << q;
    if (q == static_cast<int>(grids.size())) capacity = reused.node_capacity();
    if (q > static_cast<int>(grids.size())) {
      EXPECT_EQ(reused.node_capacity(), capacity);
    }
  }
  EXPECT_EQ(capacity, 64u * 67u);  // the largest grid: 64 x (64 + 3)
}

}  // namespace
}  // namespace racer
