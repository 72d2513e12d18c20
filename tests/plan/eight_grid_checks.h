#pragma once
// Checks and random inputs shared by the tests of the 8-connected planners (GridSearch,
// HPA*, PRA*): the move rules of plan/grid.h written out plainly, a found path checked
// move by move against them, random grids and cells, and the shared MovingAI data.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>

#include "plan/grid.h"
#include "plan/grid_search.h"

namespace racer::test {

inline const std::string kPathfindingData = RACER_SOURCE_DIR "/../shared/pathfinding/";
inline const double kSqrt2 = std::sqrt(2.0);

/// Cost of one 8-connected move as plan/grid.h defines it, or infinity when the move is not legal.
inline double step_cost(const SearchGrid& g, GridCell a, GridCell b) {
  const int dx = b.x - a.x, dy = b.y - a.y;
  if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0)) return std::numeric_limits<double>::infinity();
  if (!g.passable(a.x, a.y) || !g.passable(b.x, b.y)) return std::numeric_limits<double>::infinity();
  if (dx != 0 && dy != 0 && (!g.passable(a.x + dx, a.y) || !g.passable(a.x, a.y + dy)))
    return std::numeric_limits<double>::infinity();  // corner cutting
  const double length = (dx != 0 && dy != 0) ? kSqrt2 : 1.0;
  return length * 0.5 * (static_cast<double>(g.cost(a.x, a.y)) + static_cast<double>(g.cost(b.x, b.y)));
}

/// How expect_valid_path compares the summed cost and length with the result's.
enum class SumTolerance {
  absolute,  ///< within 1e-9 (paths of a few dozen moves)
  relative,  ///< within 1e-9 x max(1, sum) (sums of hundreds or thousands of moves in double)
};

/// A found path is a walk of legal moves from start to goal whose cost and length are the result's.
inline void expect_valid_path(const SearchGrid& g, const SearchResult& r, GridCell start, GridCell goal,
                              SumTolerance tolerance = SumTolerance::relative) {
  ASSERT_TRUE(r.found());
  ASSERT_FALSE(r.path.empty());
  EXPECT_EQ(r.path.front(), start);
  EXPECT_EQ(r.path.back(), goal);
  double cost = 0.0, length = 0.0;
  for (std::size_t i = 1; i < r.path.size(); ++i) {
    const double c = step_cost(g, r.path[i - 1], r.path[i]);
    ASSERT_TRUE(std::isfinite(c)) << "illegal step " << i << ": (" << r.path[i - 1].x << "," << r.path[i - 1].y
                                  << ") -> (" << r.path[i].x << "," << r.path[i].y << ")";
    cost += c;
    length += (r.path[i].x != r.path[i - 1].x && r.path[i].y != r.path[i - 1].y) ? kSqrt2 : 1.0;
  }
  const bool relative = tolerance == SumTolerance::relative;
  EXPECT_NEAR(cost, r.cost, 1e-9 * (relative ? std::max(1.0, cost) : 1.0));
  EXPECT_NEAR(length, r.length, 1e-9 * (relative ? std::max(1.0, length) : 1.0));
}

/// A w x h grid, each cell blocked with probability `density`; weighted: 30% of the cells
/// get a multiplier in [1, 5].
inline SearchGrid random_grid(std::mt19937& rng, int w, int h, double density, bool weighted) {
  SearchGrid g(w, h);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (u(rng) < density) g.set_passable(x, y, false);
      if (weighted && u(rng) < 0.3) g.set_cost(x, y, static_cast<float>(1.0 + 4.0 * u(rng)));
    }
  return g;
}

/// A random passable cell (1000 tries), else (0, 0).
inline GridCell random_passable_cell(std::mt19937& rng, const SearchGrid& g) {
  std::uniform_int_distribution<int> ux(0, g.width() - 1), uy(0, g.height() - 1);
  for (int tries = 0; tries < 1000; ++tries) {
    const GridCell c{ux(rng), uy(rng)};
    if (g.passable(c.x, c.y)) return c;
  }
  return {0, 0};
}

}  // namespace racer::test
