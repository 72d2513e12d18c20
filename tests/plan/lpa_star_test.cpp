// LPA*: after every change of hundreds of random change sequences (blocking, freeing and
// re-weighting cells, many on the current path) its answer equals a fresh Dijkstra's exactly
// (keys), on 8-, 4-connected and hex grids; the 8-connected answers also equal GridSearch's.
// Repairs reuse work; endpoints; the GridPlanner face.
#include "plan/lpa_star.h"

#include <gtest/gtest.h>

#include <random>

#include "incremental_reference.h"
#include "plan/grid_search.h"
#include "plan/movingai.h"

namespace racer {
namespace {

const std::string kData = RACER_SOURCE_DIR "/../shared/pathfinding/";

// Checks LPA*'s answer against a fresh reference search on the grid as it is now.
void expect_matches_fresh(const SearchGrid& grid, const LpaStar& lpa, const SearchResult& r, GridCell start, GridCell goal,
                          GridSearch& fresh) {
  if (!grid.passable(start.x, start.y) || !grid.passable(goal.x, goal.y)) {
    EXPECT_EQ(r.status, SearchStatus::blocked_endpoint);
    return;
  }
  const PathKey expected = test::reference_distances(grid, {start})[grid.index(goal.x, goal.y)];
  if (expected == kPathKeyInfinity) {
    EXPECT_EQ(r.status, SearchStatus::unreachable);
    EXPECT_EQ(lpa.cost_key(), kPathKeyInfinity);
    return;
  }
  test::expect_path(grid, r, start, goal, expected);
  EXPECT_EQ(lpa.cost_key(), expected);
  if (grid.connectivity() == Connectivity::eight) {  // the project's own search agrees exactly
    const SearchResult& g = fresh.search(grid, start, goal, SearchMode::dijkstra);
    ASSERT_TRUE(g.found());
    EXPECT_EQ(path_key(grid, g.path), expected);
    EXPECT_NEAR(g.cost, r.cost, 1e-9 * std::max(1.0, r.cost));  // same key, summed in another order
  }
}

// Runs `sequences` random change sequences on random grids of `connectivity`.
void run_sequences(Connectivity connectivity, int sequences, unsigned seed) {
  std::mt19937 rng(seed);
  GridSearch fresh;
  LpaStar lpa;
  for (int s = 0; s < sequences; ++s) {
    const int w = 6 + static_cast<int>(rng() % 20), h = 6 + static_cast<int>(rng() % 20);
    const bool weighted = s % 2 == 1;
    SearchGrid grid = test::random_grid(rng, w, h, connectivity, 0.05 + 0.3 * (static_cast<double>(rng() % 100) / 100.0), weighted);
    const GridCell start = test::random_cell(rng, grid), goal = test::random_cell(rng, grid);
    lpa.reset(grid, start, goal);
    SCOPED_TRACE(testing::Message() << "sequence " << s << " (" << w << "x" << h << ")");
    expect_matches_fresh(grid, lpa, lpa.compute(), start, goal, fresh);
    for (int change = 0; change < 15; ++change) {
      std::vector<GridCell> changed;
      const int count = 1 + static_cast<int>(rng() % 3);
      const std::vector<GridCell> path = lpa.compute().path;  // nothing changed: no expansions
      for (int c = 0; c < count; ++c) {
        const bool on_path = !path.empty() && rng() % 2 == 0;  // half of the changes hit the path
        const GridCell cell = on_path ? path[rng() % path.size()] : test::random_cell(rng, grid);
        changed.push_back(test::random_change(rng, grid, cell, weighted));
      }
      lpa.update_cells(changed);
      SCOPED_TRACE(testing::Message() << "change " << change);
      expect_matches_fresh(grid, lpa, lpa.compute(), start, goal, fresh);
      if (testing::Test::HasFailure()) return;
    }
  }
}

TEST(LpaStar, EqualsAFreshSearchAfterEveryChangeOnEightConnectedGrids) { run_sequences(Connectivity::eight, 200, 11); }
TEST(LpaStar, EqualsAFreshSearchAfterEveryChangeOnFourConnectedGrids) { run_sequences(Connectivity::four, 100, 12); }
TEST(LpaStar, EqualsAFreshSearchAfterEveryChangeOnHexGrids) { run_sequences(Connectivity::hex, 100, 13); }

// The heuristic the incremental searches use must be consistent in keys, move by move, or an
// expansion would not be final (h(a) <= key(a, b) + h(b) for every move a -> b).
TEST(LpaStar, HeuristicIsConsistentInKeys) {
  std::mt19937 rng(3);
  for (const Connectivity c : {Connectivity::four, Connectivity::eight, Connectivity::hex}) {
    const SearchGrid grid = test::random_grid(rng, 30, 30, c, 0.1, true);
    GridMove moves[8];
    for (int k = 0; k < 2000; ++k) {
      const GridCell a = test::random_cell(rng, grid), target = test::random_cell(rng, grid);
      EXPECT_EQ(heuristic_key(grid, a, a), 0u);
      const int n = grid_moves(grid, a, moves);
      for (int m = 0; m < n; ++m)
        ASSERT_LE(heuristic_key(grid, a, target), move_key(grid, a, moves[m].to, moves[m].length) + heuristic_key(grid, moves[m].to, target));
    }
  }
}

TEST(LpaStar, ComputeWithoutChangesExpandsNothing) {
  std::mt19937 rng(5);
  SearchGrid grid = test::random_grid(rng, 40, 40, Connectivity::eight, 0.2, false);
  grid.set_passable(0, 0, true);
  grid.set_passable(39, 39, true);
  LpaStar lpa;
  lpa.reset(grid, {0, 0}, {39, 39});
  const SearchResult first = lpa.compute();
  EXPECT_GT(first.expanded, 0);
  const SearchResult& again = lpa.compute();
  EXPECT_EQ(again.expanded, 0);
  EXPECT_EQ(again.path, first.path);
}

// The point of LPA*: after a change on the path, repairing costs fewer expansions than
// searching again. Summed over many changes on open 64 x 64 grids (a single change can
// be as costly as a new search, e.g. blocking a door that forces a long detour).
TEST(LpaStar, RepairsExpandFewerCellsThanFreshSearches) {
  std::mt19937 rng(21);
  long repaired = 0, searched = 0;
  LpaStar lpa, fresh;
  for (int s = 0; s < 10; ++s) {
    SearchGrid grid = test::random_grid(rng, 64, 64, Connectivity::eight, 0.15, false);
    const GridCell start{1, 1}, goal{62, 62};
    grid.set_passable(start.x, start.y, true);
    grid.set_passable(goal.x, goal.y, true);
    lpa.reset(grid, start, goal);
    lpa.compute();
    for (int change = 0; change < 10; ++change) {
      const std::vector<GridCell> path = lpa.compute().path;
      if (path.size() < 3) break;
      const GridCell cell = path[1 + rng() % (path.size() - 2)];
      grid.set_passable(cell.x, cell.y, false);
      const GridCell changed[1] = {cell};
      lpa.update_cells(changed);
      repaired += lpa.compute().expanded;
      searched += fresh.plan(grid, start, goal).expanded;
    }
  }
  ASSERT_GT(searched, 0);
  EXPECT_LT(repaired * 2, searched) << "repaired " << repaired << " vs fresh " << searched;
}

TEST(LpaStar, EndpointsOutsideOrBlocked) {
  SearchGrid grid(10, 10);
  LpaStar lpa;
  EXPECT_EQ(lpa.plan(grid, {-1, 0}, {5, 5}).status, SearchStatus::blocked_endpoint);
  EXPECT_EQ(lpa.plan(grid, {0, 0}, {10, 5}).status, SearchStatus::blocked_endpoint);
  grid.set_passable(5, 5, false);
  lpa.reset(grid, {0, 0}, {5, 5});
  EXPECT_EQ(lpa.compute().status, SearchStatus::blocked_endpoint);
  grid.set_passable(5, 5, true);  // the goal opens: the same problem carries on
  const GridCell changed[1] = {{5, 5}};
  lpa.update_cells(changed);
  const SearchResult& r = lpa.compute();
  ASSERT_TRUE(r.found());
  EXPECT_NEAR(r.cost, 5.0 * std::sqrt(2.0), 1e-12);  // the diagonal: five sqrt(2) steps
  const SearchResult& same = lpa.plan(grid, {3, 3}, {3, 3});
  ASSERT_TRUE(same.found());
  EXPECT_EQ(same.path.size(), 1u);
  EXPECT_EQ(same.cost, 0.0);
}

// The GridPlanner face: fresh searches with the known optimal lengths of the MovingAI arena.
TEST(LpaStar, PlannerMatchesMovingAiArena) {
  const auto grid = load_movingai_map(kData + "arena.map");
  const auto scenarios = load_movingai_scenarios(kData + "arena.map.scen");
  ASSERT_TRUE(grid.ok() && scenarios.ok());
  LpaStar lpa;
  GridPlanner& planner = lpa;
  EXPECT_EQ(planner.name(), "lpa");
  EXPECT_EQ(planner.bound(), 1.0);
  for (const MovingAiScenario& s : scenarios.value()) {
    const SearchResult& r = planner.plan(grid.value(), s.start, s.goal);
    ASSERT_TRUE(r.found());
    EXPECT_NEAR(r.cost, s.optimal_length, 1e-6) << "scenario lengths are printed with 8 decimals";
  }
}

}  // namespace
}  // namespace racer
