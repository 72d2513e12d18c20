// SearchGrid's moves: four, eight (no corner cutting) and hexagonal neighbours, move
// lengths and costs.
#include "plan/grid.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace racer {
namespace {

std::vector<GridCell> moves_of(const SearchGrid& g, GridCell c) {
  GridMove out[8];
  const int n = grid_moves(g, c, out);
  std::vector<GridCell> cells;
  for (int k = 0; k < n; ++k) cells.push_back(out[k].to);
  return cells;
}

bool has(const std::vector<GridCell>& cells, GridCell c) { return std::find(cells.begin(), cells.end(), c) != cells.end(); }

TEST(Grid, FourAndEightConnectedMovesInTheOpen) {
  SearchGrid g(5, 5, Connectivity::four);
  EXPECT_EQ(moves_of(g, {2, 2}).size(), 4u);
  EXPECT_EQ(moves_of(g, {0, 0}).size(), 2u);  // a corner: two neighbours in bounds
  g.set_connectivity(Connectivity::eight);
  GridMove out[8];
  ASSERT_EQ(grid_moves(g, {2, 2}, out), 8);
  for (int k = 0; k < 8; ++k) {
    const bool diagonal = out[k].to.x != 2 && out[k].to.y != 2;
    EXPECT_DOUBLE_EQ(out[k].length, diagonal ? std::sqrt(2.0) : 1.0);
    EXPECT_DOUBLE_EQ(move_length(g, {2, 2}, out[k].to), out[k].length);
  }
  EXPECT_EQ(moves_of(g, {0, 0}).size(), 3u);
}

TEST(Grid, EightConnectedNeverCutsACorner) {
  SearchGrid g(3, 3);
  g.set_passable(1, 0, false);  // north of the centre
  const std::vector<GridCell> m = moves_of(g, {1, 1});
  EXPECT_FALSE(has(m, {1, 0}));
  EXPECT_FALSE(has(m, {0, 0}));  // NW and NE both pass the blocked north cell
  EXPECT_FALSE(has(m, {2, 0}));
  EXPECT_TRUE(has(m, {0, 2}));
  EXPECT_EQ(m.size(), 5u);
}

TEST(Grid, HexNeighboursTouchTheCell) {
  // In odd-r rows the cells above and below an even-row cell (x, y) are x-1 and x; of an
  // odd-row cell, x and x+1. Every hex neighbour relation is symmetric.
  SearchGrid g(6, 6, Connectivity::hex);
  const std::vector<GridCell> even = moves_of(g, {2, 2});
  ASSERT_EQ(even.size(), 6u);
  for (GridCell c : {GridCell{3, 2}, GridCell{1, 2}, GridCell{1, 1}, GridCell{2, 1}, GridCell{1, 3}, GridCell{2, 3}})
    EXPECT_TRUE(has(even, c)) << c.x << "," << c.y;
  const std::vector<GridCell> odd = moves_of(g, {2, 3});
  ASSERT_EQ(odd.size(), 6u);
  for (GridCell c : {GridCell{3, 3}, GridCell{1, 3}, GridCell{2, 2}, GridCell{3, 2}, GridCell{2, 4}, GridCell{3, 4}})
    EXPECT_TRUE(has(odd, c)) << c.x << "," << c.y;
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 6; ++x)
      for (GridCell n : moves_of(g, {x, y})) {
        EXPECT_TRUE(has(moves_of(g, n), GridCell{x, y})) << x << "," << y;
        EXPECT_DOUBLE_EQ(move_length(g, {x, y}, n), 1.0);
      }
  EXPECT_DOUBLE_EQ(move_length(g, {2, 2}, {3, 3}), 0.0);  // not a neighbour of an even-row cell
}

TEST(Grid, BlockedAndOutOfBoundsCellsAreNoMoves) {
  SearchGrid g(2, 1, Connectivity::hex);
  g.set_passable(1, 0, false);
  EXPECT_TRUE(moves_of(g, {0, 0}).empty());
}

TEST(Grid, MoveCostIsTheMeanMultiplierTimesTheLength) {
  SearchGrid g(3, 3);
  EXPECT_DOUBLE_EQ(move_cost(g, {0, 0}, {1, 1}, std::sqrt(2.0)), std::sqrt(2.0));  // uniform: the length
  g.set_cost(1, 1, 3.0f);
  EXPECT_DOUBLE_EQ(move_cost(g, {0, 0}, {1, 1}, std::sqrt(2.0)), std::sqrt(2.0) * 2.0);
  EXPECT_DOUBLE_EQ(move_cost(g, {1, 1}, {0, 0}, std::sqrt(2.0)), std::sqrt(2.0) * 2.0);  // same both ways
  g.set_cost(2, 1, 5000.0f);  // clamped to kMaxCost
  EXPECT_DOUBLE_EQ(move_cost(g, {1, 1}, {2, 1}, 1.0), 0.5 * (3.0 + static_cast<double>(SearchGrid::kMaxCost)));
  EXPECT_EQ(g.cell(g.index(2, 1)), (GridCell{2, 1}));
}

}  // namespace
}  // namespace racer
