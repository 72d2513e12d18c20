// FlowField: after every change of hundreds of random change sequences every cell's cost
// equals a fresh Dijkstra's from the goals exactly (keys), on 8-, 4-connected and hex grids,
// with one goal or a checkpoint line; following the field reaches a goal at exactly that
// cost; a local change's repair expands far fewer cells than a full recompute.
#include "plan/flow_field.h"

#include <gtest/gtest.h>

#include <random>

#include "incremental_reference.h"
#include "plan/grid_search.h"

namespace racer {
namespace {

bool is_goal(const std::vector<GridCell>& goals, GridCell c) {
  return std::find(goals.begin(), goals.end(), c) != goals.end();
}

// Every cell's cost against the reference; following the field from a few cells.
void expect_field_exact(const SearchGrid& grid, const FlowField& field, const std::vector<GridCell>& goals, std::mt19937& rng) {
  const std::vector<PathKey> expected = test::reference_distances(grid, goals);
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      // Blocked cells: the reference gives a blocked goal 0 and other blocked cells infinity;
      // the field only promises costs on passable cells (nothing moves from a blocked one).
      if (!grid.passable(x, y)) continue;
      ASSERT_EQ(field.distance_key({x, y}), expected[grid.index(x, y)]) << "cell " << x << "," << y;
    }
  for (int k = 0; k < 5; ++k) {
    const GridCell from = test::random_cell(rng, grid);
    const SearchResult r = field.follow(from);
    if (!grid.passable(from.x, from.y)) {
      EXPECT_EQ(r.status, SearchStatus::blocked_endpoint);
      continue;
    }
    const PathKey want = expected[grid.index(from.x, from.y)];
    if (want == kPathKeyInfinity) {
      EXPECT_EQ(r.status, SearchStatus::unreachable);
      EXPECT_FALSE(field.next(from).has_value());
      continue;
    }
    ASSERT_TRUE(r.found());
    EXPECT_TRUE(is_goal(goals, r.path.back()));
    test::expect_path(grid, r, from, r.path.back(), want);
    if (!is_goal(goals, from)) {
      EXPECT_EQ(field.next(from), r.path[1]);
    }
  }
}

void run_sequences(Connectivity connectivity, int sequences, unsigned seed) {
  std::mt19937 rng(seed);
  FlowField field;
  for (int s = 0; s < sequences; ++s) {
    const int w = 6 + static_cast<int>(rng() % 20), h = 6 + static_cast<int>(rng() % 20);
    const bool weighted = s % 2 == 1;
    SearchGrid grid = test::random_grid(rng, w, h, connectivity, 0.05 + 0.3 * (static_cast<double>(rng() % 100) / 100.0), weighted);
    std::vector<GridCell> goals;
    if (s % 3 == 0) {  // a checkpoint line: a vertical run of cells
      const GridCell a = test::random_cell(rng, grid);
      for (int y = a.y; y < std::min(a.y + 5, h); ++y) goals.push_back({a.x, y});
    } else {
      goals.push_back(test::random_cell(rng, grid));
    }
    SCOPED_TRACE(testing::Message() << "sequence " << s << " (" << w << "x" << h << ")");
    field.reset(grid, goals);
    expect_field_exact(grid, field, goals, rng);
    for (int change = 0; change < 12; ++change) {
      std::vector<GridCell> changed;
      const int count = 1 + static_cast<int>(rng() % 3);
      for (int c = 0; c < count; ++c) {
        // Half of the changes on the way from a random cell to the goals.
        const SearchResult way = field.follow(test::random_cell(rng, grid));
        const GridCell cell = way.found() && rng() % 2 == 0 ? way.path[rng() % way.path.size()] : test::random_cell(rng, grid);
        changed.push_back(test::random_change(rng, grid, cell, weighted));
      }
      field.update_cells(changed);
      SCOPED_TRACE(testing::Message() << "change " << change);
      expect_field_exact(grid, field, goals, rng);
      if (testing::Test::HasFailure()) return;
    }
  }
}

TEST(FlowField, EqualsDijkstraEverywhereAfterEveryChangeOnEightConnectedGrids) { run_sequences(Connectivity::eight, 150, 61); }
TEST(FlowField, EqualsDijkstraEverywhereAfterEveryChangeOnFourConnectedGrids) { run_sequences(Connectivity::four, 80, 62); }
TEST(FlowField, EqualsDijkstraEverywhereAfterEveryChangeOnHexGrids) { run_sequences(Connectivity::hex, 80, 63); }

// The project's own search agrees: the field's cost at a cell is GridSearch's from the goal.
TEST(FlowField, AgreesWithGridSearch) {
  std::mt19937 rng(71);
  GridSearch search;
  FlowField field;
  SearchGrid grid = test::random_grid(rng, 50, 50, Connectivity::eight, 0.2, true);
  const GridCell goal{25, 25};
  grid.set_passable(goal.x, goal.y, true);
  const GridCell goals[1] = {goal};
  field.reset(grid, goals);
  for (int k = 0; k < 200; ++k) {
    const GridCell c = test::random_cell(rng, grid);
    const SearchResult& r = search.search(grid, goal, c, SearchMode::dijkstra);
    if (!r.found()) {
      if (grid.passable(c.x, c.y)) {
        EXPECT_EQ(field.distance_key(c), kPathKeyInfinity);
      }
      continue;
    }
    EXPECT_EQ(field.distance_key(c), path_key(grid, r.path));
    // The key rounds each step to 2^-32 cell (under 1e-10 a step, and a step costs >= 1).
    EXPECT_NEAR(field.distance(c), r.cost, 1e-9 * std::max(1.0, r.cost));
  }
}

// A local change (a car stopping on one cell, re-weighting a cell) repairs only the cells
// whose best way ran through it: on 64 x 64 grids the repairs of 100 random single-cell
// changes expand under a tenth of what recomputing the field each time would (a change near
// the goal or in a door can still reach much of the grid, hence the sum).
TEST(FlowField, LocalRepairsExpandFewerCellsThanRecomputing) {
  std::mt19937 rng(81);
  long repaired = 0, recomputed = 0;
  FlowField field, full;
  for (int s = 0; s < 4; ++s) {
    SearchGrid grid = test::random_grid(rng, 64, 64, Connectivity::eight, 0.1, true);
    const GridCell goals[3] = {{32, 0}, {32, 1}, {32, 2}};
    for (const GridCell g : goals) grid.set_passable(g.x, g.y, true);
    field.reset(grid, goals);
    for (int change = 0; change < 25; ++change) {
      const GridCell changed[1] = {test::random_change(rng, grid, test::random_cell(rng, grid), true)};
      repaired += field.update_cells(changed);
      recomputed += full.reset(grid, goals);
    }
  }
  ASSERT_GT(recomputed, 0);
  EXPECT_LT(repaired * 10, recomputed) << "repaired " << repaired << " vs recomputed " << recomputed;
}

TEST(FlowField, EdgeCases) {
  SearchGrid grid(8, 8);
  FlowField field;
  EXPECT_FALSE(field.ready());
  EXPECT_EQ(field.distance_key({0, 0}), kPathKeyInfinity);
  const GridCell goals[2] = {{3, 3}, {100, 100}};  // the outside one is ignored
  EXPECT_EQ(field.reset(grid, goals), 64);          // every cell settled once
  EXPECT_EQ(field.distance({3, 3}), 0.0);
  EXPECT_FALSE(field.next({3, 3}).has_value());
  EXPECT_EQ(field.distance({-1, 0}), std::numeric_limits<double>::infinity());
  EXPECT_EQ(field.follow({9, 0}).status, SearchStatus::blocked_endpoint);
  // distance() reads the exact key: each step's cost rounded to 2^-32 cell, so within
  // 3 * 2^-33 of three sqrt(2) steps.
  EXPECT_NEAR(field.distance({0, 0}), 3.0 * std::sqrt(2.0), 1e-9);
  EXPECT_EQ(field.next({0, 0}), (GridCell{1, 1}));
  // Block the goal: nothing reaches it; free it again: the field returns.
  grid.set_passable(3, 3, false);
  const GridCell changed[1] = {{3, 3}};
  field.update_cells(changed);
  EXPECT_EQ(field.distance({0, 0}), std::numeric_limits<double>::infinity());
  EXPECT_EQ(field.follow({0, 0}).status, SearchStatus::unreachable);
  grid.set_passable(3, 3, true);
  field.update_cells(changed);
  EXPECT_NEAR(field.distance({0, 0}), 3.0 * std::sqrt(2.0), 1e-9);
  EXPECT_EQ(field.update_cells({}), 0);  // nothing changed, nothing expanded
}

}  // namespace
}  // namespace racer
