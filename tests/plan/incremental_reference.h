#pragma once
// Test helpers for the incremental planners (LPA*, D* Lite, the flow field): a plain
// multi-source Dijkstra over grid_moves and move_key (the reference every incremental answer
// must equal exactly), random grids, and random cell changes.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <queue>
#include <random>
#include <utility>
#include <vector>

#include "plan/grid.h"
#include "plan/incremental_search.h"

namespace racer::test {

/// Exact key cost from every cell to the nearest source (moves are symmetric), computed
/// afresh with a binary-heap Dijkstra; kPathKeyInfinity where unreachable. Blocked sources
/// reach nothing.
inline std::vector<PathKey> reference_distances(const SearchGrid& grid, const std::vector<GridCell>& sources) {
  std::vector<PathKey> d(static_cast<std::size_t>(grid.width()) * static_cast<std::size_t>(grid.height()), kPathKeyInfinity);
  using Entry = std::pair<PathKey, std::size_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  for (const GridCell s : sources) {
    if (!grid.in_bounds(s.x, s.y)) continue;
    d[grid.index(s.x, s.y)] = 0;
    open.push({0, grid.index(s.x, s.y)});
  }
  GridMove moves[8];
  while (!open.empty()) {
    const auto [key, i] = open.top();
    open.pop();
    if (key != d[i]) continue;
    const GridCell c = grid.cell(i);
    if (!grid.passable(c.x, c.y)) continue;
    const int n = grid_moves(grid, c, moves);
    for (int k = 0; k < n; ++k) {
      const std::size_t j = grid.index(moves[k].to.x, moves[k].to.y);
      const PathKey v = key + move_key(grid, c, moves[k].to, moves[k].length);
      if (v < d[j]) {
        d[j] = v;
        open.push({v, j});
      }
    }
  }
  return d;
}

/// A random w x h grid: each cell blocked with probability `blocked`; with `weighted`, each
/// passable cell's multiplier is 1 (half of them) or one of 1.5, 2, 3.25, 7.
inline SearchGrid random_grid(std::mt19937& rng, int w, int h, Connectivity connectivity, double blocked, bool weighted) {
  SearchGrid grid(w, h, connectivity);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const float multipliers[4] = {1.5f, 2.0f, 3.25f, 7.0f};
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (u(rng) < blocked) grid.set_passable(x, y, false);
      else if (weighted && u(rng) < 0.5) grid.set_cost(x, y, multipliers[rng() % 4]);
    }
  return grid;
}

/// Changes one cell at random: blocks it, frees it, or (on a weighted grid) gives it a new
/// multiplier. Returns the cell.
inline GridCell random_change(std::mt19937& rng, SearchGrid& grid, GridCell cell, bool weighted) {
  const int kind = static_cast<int>(rng() % (weighted ? 3u : 2u));
  if (kind == 0) grid.set_passable(cell.x, cell.y, false);
  else if (kind == 1) grid.set_passable(cell.x, cell.y, true);
  else {
    const float multipliers[5] = {1.0f, 1.5f, 2.0f, 3.25f, 7.0f};
    grid.set_passable(cell.x, cell.y, true);
    grid.set_cost(cell.x, cell.y, multipliers[rng() % 5]);
  }
  return cell;
}

inline GridCell random_cell(std::mt19937& rng, const SearchGrid& grid) {
  return {static_cast<int>(rng() % static_cast<unsigned>(grid.width())), static_cast<int>(rng() % static_cast<unsigned>(grid.height()))};
}

/// Checks that `r` is a legal path from `from` to `to` whose exact key cost is `expected` and
/// whose reported cost agrees with it (1e-9 relative: the double sum of a path's move costs
/// and its key differ by the rounding of each step to 2^-32 cell and the sum's last bits).
inline void expect_path(const SearchGrid& grid, const SearchResult& r, GridCell from, GridCell to, PathKey expected) {
  ASSERT_TRUE(r.found());
  ASSERT_FALSE(r.path.empty());
  EXPECT_EQ(r.path.front(), from);
  EXPECT_EQ(r.path.back(), to);
  EXPECT_EQ(path_key(grid, r.path), expected);
  EXPECT_NEAR(r.cost, key_to_cost(expected), 1e-9 * std::max(1.0, key_to_cost(expected)));
}

}  // namespace racer::test
