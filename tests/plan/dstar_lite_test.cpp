// D* Lite: an agent walks along its path while cells change around it (hundreds of random
// sequences, many changes on the path ahead); after every move and change its path from the
// agent's cell equals a fresh Dijkstra's exactly (keys), on 8-, 4-connected and hex grids.
// A car that discovers obstacles as it drives reaches the goal; repairs reuse work.
#include "plan/dstar_lite.h"

#include <gtest/gtest.h>

#include <random>

#include "incremental_reference.h"
#include "plan/grid_search.h"

namespace racer {
namespace {

// Checks D* Lite's answer against a fresh search from the goal on the grid as it is now.
void expect_matches_fresh(const SearchGrid& grid, const DStarLite& planner, const SearchResult& r, GridCell goal,
                          GridSearch& fresh) {
  const GridCell start = planner.start();
  if (!grid.passable(start.x, start.y) || !grid.passable(goal.x, goal.y)) {
    EXPECT_EQ(r.status, SearchStatus::blocked_endpoint);
    return;
  }
  const PathKey expected = test::reference_distances(grid, {goal})[grid.index(start.x, start.y)];
  if (expected == kPathKeyInfinity) {
    EXPECT_EQ(r.status, SearchStatus::unreachable);
    return;
  }
  test::expect_path(grid, r, start, goal, expected);
  EXPECT_EQ(planner.cost_key(), expected);
  if (grid.connectivity() == Connectivity::eight) {
    const SearchResult& g = fresh.search(grid, start, goal, SearchMode::dijkstra);
    ASSERT_TRUE(g.found());
    EXPECT_EQ(path_key(grid, g.path), expected);
  }
}

void run_sequences(Connectivity connectivity, int sequences, unsigned seed) {
  std::mt19937 rng(seed);
  GridSearch fresh;
  DStarLite planner;
  for (int s = 0; s < sequences; ++s) {
    const int w = 6 + static_cast<int>(rng() % 20), h = 6 + static_cast<int>(rng() % 20);
    const bool weighted = s % 2 == 1;
    SearchGrid grid = test::random_grid(rng, w, h, connectivity, 0.05 + 0.3 * (static_cast<double>(rng() % 100) / 100.0), weighted);
    const GridCell start = test::random_cell(rng, grid), goal = test::random_cell(rng, grid);
    grid.set_passable(start.x, start.y, true);
    planner.reset(grid, start, goal);
    SCOPED_TRACE(testing::Message() << "sequence " << s << " (" << w << "x" << h << ")");
    const SearchResult& first = planner.compute();
    expect_matches_fresh(grid, planner, first, goal, fresh);
    std::vector<GridCell> path = first.path;
    for (int round = 0; round < 15 && planner.start() != goal; ++round) {
      SCOPED_TRACE(testing::Message() << "round " << round);
      if (path.size() > 1) {  // drive 1 to 3 steps along the path
        const std::size_t steps = std::min<std::size_t>(1 + rng() % 3, path.size() - 1);
        planner.move_to(path[steps]);
        path.erase(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(steps));
      }
      std::vector<GridCell> changed;
      const int count = 1 + static_cast<int>(rng() % 3);
      for (int c = 0; c < count; ++c) {
        // Half on the path ahead (never the agent's own cell: it stands there), else anywhere
        // but the agent's cell; the goal may close and reopen.
        GridCell cell = path.size() > 1 && rng() % 2 == 0 ? path[1 + rng() % (path.size() - 1)] : test::random_cell(rng, grid);
        if (cell == planner.start()) continue;
        changed.push_back(test::random_change(rng, grid, cell, weighted));
      }
      planner.update_cells(changed);
      const SearchResult& r = planner.compute();
      expect_matches_fresh(grid, planner, r, goal, fresh);
      path = r.path;
      if (testing::Test::HasFailure()) return;
    }
  }
}

TEST(DStarLite, EqualsAFreshSearchAfterEveryMoveAndChangeOnEightConnectedGrids) { run_sequences(Connectivity::eight, 200, 31); }
TEST(DStarLite, EqualsAFreshSearchAfterEveryMoveAndChangeOnFourConnectedGrids) { run_sequences(Connectivity::four, 100, 32); }
TEST(DStarLite, EqualsAFreshSearchAfterEveryMoveAndChangeOnHexGrids) { run_sequences(Connectivity::hex, 100, 33); }

// The agent moves to cells off its path (pushed aside) too: the keys stay lower bounds
// through km, and the answers stay exact.
TEST(DStarLite, AgentPushedOffItsPath) {
  std::mt19937 rng(41);
  GridSearch fresh;
  DStarLite planner;
  for (int s = 0; s < 50; ++s) {
    SearchGrid grid = test::random_grid(rng, 20, 20, Connectivity::eight, 0.2, s % 2 == 1);
    const GridCell goal = test::random_cell(rng, grid);
    planner.reset(grid, test::random_cell(rng, grid), goal);
    for (int round = 0; round < 10; ++round) {
      planner.move_to(test::random_cell(rng, grid));
      const GridCell changed[1] = {test::random_change(rng, grid, test::random_cell(rng, grid), s % 2 == 1)};
      planner.update_cells(changed);
      expect_matches_fresh(grid, planner, planner.compute(), goal, fresh);
      if (testing::Test::HasFailure()) return;
    }
  }
}

// A car that discovers obstacles as it drives: its map starts empty, and each step it sees
// the true cells within 2 cells and reports those that differ. It drives along D* Lite's
// path, so it reaches the goal whenever the true map joins them, and never enters a cell
// that is truly blocked. Replanning costs fewer expansions than searching afresh each step.
TEST(DStarLite, CarDiscoveringObstaclesReachesTheGoal) {
  std::mt19937 rng(51);
  long repaired = 0, searched = 0;
  int reached = 0;
  GridSearch fresh;
  for (int s = 0; s < 30; ++s) {
    const SearchGrid truth = test::random_grid(rng, 48, 48, Connectivity::eight, 0.2, false);
    SearchGrid known(48, 48, Connectivity::eight);
    GridCell start{0, 0}, goal{47, 47};
    const bool joined = truth.passable(start.x, start.y) && fresh.search(truth, start, goal).found();
    if (!joined) continue;
    DStarLite planner;
    planner.reset(known, start, goal);
    GridCell at = start;
    for (int step = 0; step < 48 * 48 && at != goal; ++step) {
      std::vector<GridCell> changed;
      for (int y = at.y - 2; y <= at.y + 2; ++y)
        for (int x = at.x - 2; x <= at.x + 2; ++x)
          if (known.in_bounds(x, y) && known.passable(x, y) != truth.passable(x, y)) {
            known.set_passable(x, y, truth.passable(x, y));
            changed.push_back({x, y});
          }
      planner.move_to(at);
      planner.update_cells(changed);
      const SearchResult& r = planner.compute();
      ASSERT_TRUE(r.found()) << "the known map only loses cells the true map lacks too";
      repaired += r.expanded;
      searched += fresh.search(known, at, goal).expanded;
      at = r.path[1];
      ASSERT_TRUE(truth.passable(at.x, at.y)) << "the next cell is within sight, so known truly";
    }
    EXPECT_EQ(at, goal);
    ++reached;
  }
  EXPECT_GE(reached, 10) << "most maps should join the corners, or the test tests little";
  EXPECT_LT(repaired * 2, searched) << "repaired " << repaired << " vs fresh A* " << searched;
}

TEST(DStarLite, PlannerFaceAndEndpoints) {
  SearchGrid grid(10, 10);
  DStarLite planner;
  GridPlanner& face = planner;
  EXPECT_EQ(face.name(), "dstar_lite");
  EXPECT_EQ(face.plan(grid, {-1, 0}, {5, 5}).status, SearchStatus::blocked_endpoint);
  EXPECT_EQ(face.plan(grid, {0, 0}, {5, -5}).status, SearchStatus::blocked_endpoint);
  const SearchResult& r = face.plan(grid, {0, 0}, {9, 0});
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.cost, 9.0);
  // The agent steps outside the grid and back in.
  planner.reset(grid, {0, 0}, {9, 9});
  planner.compute();
  planner.move_to({-1, 3});
  EXPECT_EQ(planner.compute().status, SearchStatus::blocked_endpoint);
  planner.move_to({0, 3});
  ASSERT_TRUE(planner.compute().found());
  EXPECT_NEAR(planner.compute().cost, 3.0 + 6.0 * std::sqrt(2.0), 1e-12);  // 6 diagonals, 3 straight
  // The agent starts outside and drives in.
  planner.reset(grid, {-1, 0}, {9, 9});
  EXPECT_EQ(planner.compute().status, SearchStatus::blocked_endpoint);
  planner.move_to({0, 0});
  ASSERT_TRUE(planner.compute().found());
  EXPECT_NEAR(planner.compute().cost, 9.0 * std::sqrt(2.0), 1e-12);
}

}  // namespace
}  // namespace racer
