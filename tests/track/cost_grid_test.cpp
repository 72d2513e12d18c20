// CostGrid: the exact Euclidean distance transform against brute force.
#include "track/cost_grid.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace racer {
namespace {

// Brute force: distance from each cell centre to the nearest blocked cell centre.
double brute_clearance(const CostGrid& g, int x, int y) {
  double best = std::numeric_limits<double>::infinity();
  for (int by = 0; by < g.height(); ++by)
    for (int bx = 0; bx < g.width(); ++bx)
      if (!g.drivable(bx, by)) best = std::min(best, std::hypot(bx - x, by - y) * g.cell_size());
  return best;
}

TEST(CostGrid, DistanceTransformMatchesBruteForce) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 12; ++trial) {
    const int w = 5 + static_cast<int>(rng() % 40), h = 5 + static_cast<int>(rng() % 40);
    const double density = (trial % 4 == 0) ? 0.002 : 0.02 + 0.1 * (trial % 3);
    CostGrid g({-3.0, 2.0}, 0.5, w, h);
    std::bernoulli_distribution blocked(density);
    int count = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        if (blocked(rng)) {
          g.set_blocked(x, y, true);
          ++count;
        }
    if (count == 0) g.set_blocked(w / 2, h / 3, true);
    g.compute_clearance();
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        // Exact up to float storage of a value below ~30 m (about 2e-6 m).
        ASSERT_NEAR(g.clearance(x, y), brute_clearance(g, x, y), 1e-4) << trial << " " << x << "," << y;
      }
  }
}

// A sparse grid (blocked background, only some tiles open) transforms only its stored
// tiles, and must give every cell exactly (bit for bit) the clearance of the same cells in
// a dense grid: the blocked cell just outside each run of open tiles stands for all the
// blocked cells beyond it.
TEST(CostGrid, SparseTransformEqualsDense) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 4; ++trial) {
    const int w = 150 + static_cast<int>(rng() % 80), h = 100 + static_cast<int>(rng() % 80);
    CostGrid sparse({1.0, -2.0}, 0.5, w, h, true, 2.0f);
    CostGrid dense({1.0, -2.0}, 0.5, w, h);
    std::vector<char> open(static_cast<std::size_t>(w * h), 0);
    std::bernoulli_distribution open_tile(0.45), free_cell(0.93);
    for (int ty = 0; ty * 32 < h; ++ty)
      for (int tx = 0; tx * 32 < w; ++tx) {
        if (!open_tile(rng)) continue;
        for (int y = ty * 32; y < std::min(h, ty * 32 + 32); ++y)
          for (int x = tx * 32; x < std::min(w, tx * 32 + 32); ++x)
            if (free_cell(rng)) open[static_cast<std::size_t>(y * w + x)] = 1;
      }
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const bool free = open[static_cast<std::size_t>(y * w + x)] != 0;
        if (free) sparse.set_blocked(x, y, false);
        dense.set_blocked(x, y, !free);
      }
    sparse.compute_clearance();
    dense.compute_clearance();
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        ASSERT_EQ(sparse.drivable(x, y), dense.drivable(x, y)) << x << "," << y;
        const float a = sparse.clearance(x, y), b = dense.clearance(x, y);
        ASSERT_EQ(std::memcmp(&a, &b, sizeof a), 0) << trial << " " << x << "," << y << ": " << a << " vs " << b;
      }
    EXPECT_FLOAT_EQ(sparse.surface_cost(0, 0), 2.0f);  // the background's cost
    EXPECT_LT(sparse.stored_tiles(), dense.stored_tiles());
  }
}

TEST(CostGrid, ClearanceNextToABlockedCell) {
  CostGrid g({0.0, 0.0}, 0.5, 20, 20);
  g.set_blocked(10, 10, true);
  g.compute_clearance();
  EXPECT_FLOAT_EQ(g.clearance(10, 10), 0.0f);
  EXPECT_FLOAT_EQ(g.clearance(11, 10), 0.5f);
  EXPECT_FLOAT_EQ(g.clearance(11, 11), static_cast<float>(0.5 * std::sqrt(2.0)));
  EXPECT_FLOAT_EQ(g.clearance(13, 14), 2.5f);  // 3-4-5 triangle of 0.5 m cells
  EXPECT_FALSE(g.drivable(10, 10));
  EXPECT_TRUE(g.drivable(11, 10));
}

TEST(CostGrid, CellLookupsAndBounds) {
  CostGrid g({-10.0, 5.0}, 0.5, 8, 4);
  int x = 0, y = 0;
  g.cell_of({-9.9, 5.1}, x, y);
  EXPECT_EQ(x, 0);
  EXPECT_EQ(y, 0);
  g.cell_of({-6.26, 6.9}, x, y);
  EXPECT_EQ(x, 7);
  EXPECT_EQ(y, 3);
  g.cell_of({1e300, -1e300}, x, y);
  EXPECT_FALSE(g.in_bounds(x, y));
  g.cell_of({std::nan(""), 0.0}, x, y);
  EXPECT_FALSE(g.in_bounds(x, y));
  EXPECT_DOUBLE_EQ(g.cell_centre(0, 0).x, -9.75);
  EXPECT_FALSE(g.drivable(-1, 0));
  EXPECT_FLOAT_EQ(g.clearance(100, 0), 0.0f);
  EXPECT_GE(g.surface_cost(100, 0), 1e8f);
  g.set_surface_cost(2, 1, 3.0f);
  EXPECT_FLOAT_EQ(g.surface_cost(2, 1), 3.0f);
}

TEST(CostGrid, NoBlockedCellsGivesALargeClearance) {
  CostGrid g({0.0, 0.0}, 0.5, 10, 10);
  g.compute_clearance();
  EXPECT_GT(g.clearance(5, 5), 5.0f);
}

// Surface costs are kept as a byte index into the grid's distinct values while there are
// at most 256 of them, then as a float per cell: either way every cell reads back exactly
// the value last set (bit for bit: -0 and 0 stay apart).
TEST(CostGrid, SurfaceCostsReadBackExactly) {
  CostGrid g({0.0, 0.0}, 0.5, 40, 20);
  const std::size_t byte_per_cell = g.memory_bytes();
  std::vector<float> expected(40 * 20, 1.0f);
  auto set = [&](int x, int y, float v) {
    g.set_surface_cost(x, y, v);
    expected[static_cast<std::size_t>(y * 40 + x)] = v;
  };
  auto check = [&] {
    for (int y = 0; y < 20; ++y)
      for (int x = 0; x < 40; ++x) {
        const float got = g.surface_cost(x, y), want = expected[static_cast<std::size_t>(y * 40 + x)];
        ASSERT_EQ(std::memcmp(&got, &want, sizeof got), 0) << x << "," << y << ": " << got << " vs " << want;
      }
  };
  set(0, 0, 0.0f);
  set(1, 0, -0.0f);
  set(2, 0, 1.5f);
  set(3, 0, 1.5f);
  for (int i = 0; i < 250; ++i) set(i % 40, 1 + i / 40, 2.0f + 0.001f * static_cast<float>(i));
  check();
  // A byte a cell (the grid's two 32 x 32 tiles of indices, with room for a third as the
  // tiles grow by doubling) and the 254 values.
  EXPECT_LE(g.memory_bytes(), byte_per_cell + 3 * 1024 + 256 * sizeof(float));
  for (int i = 0; i < 40; ++i) set(i, 15, 100.0f + static_cast<float>(i));  // past 256 distinct values
  check();
  EXPECT_GE(g.memory_bytes(), std::size_t{40 * 20} * (1 + 2 * sizeof(float)));  // a float a cell now
  set(5, 5, 7.25f);
  check();
}

}  // namespace
}  // namespace racer
