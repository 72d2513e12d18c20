// DifferentialHeuristic: its bound never exceeds the true distance (Dijkstra), it is exactly
// consistent in keys across every legal move, component labels agree with reachability, and
// the active landmarks are the ones bounding the start best.
#include "plan/differential_heuristic.h"

#include <gtest/gtest.h>

#include <random>

#include "plan/grid_search.h"

namespace racer {
namespace {

using Key = DifferentialHeuristic::Key;

SearchGrid random_grid(std::mt19937& rng, int w, int h, double density) {
  SearchGrid g(w, h);
  std::bernoulli_distribution blocked(density);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) g.set_passable(x, y, !blocked(rng));
  return g;
}

TEST(DifferentialHeuristic, AdmissibleConsistentAndLabelled) {
  std::mt19937 rng(4401);
  GridSearch dijkstra;
  int checked = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int w = 2 + static_cast<int>(rng() % 30), h = 2 + static_cast<int>(rng() % 30);
    const SearchGrid g = random_grid(rng, w, h, 0.05 * static_cast<double>(trial % 8));
    const int k = 1 + trial % 6;
    std::vector<std::uint32_t> counts(static_cast<std::size_t>(w * h * k));
    DifferentialHeuristic dh;
    const int placed = dh.build(g, k, [&](std::size_t i) { return counts.data() + i * static_cast<std::size_t>(k); });
    ASSERT_LE(placed, k);
    const auto at_cell = [&](GridCell c) { return counts.data() + g.index(c.x, c.y) * static_cast<std::size_t>(k); };
    for (int q = 0; q < 4; ++q) {
      const GridCell goal{static_cast<int>(rng() % static_cast<unsigned>(w)), static_cast<int>(rng() % static_cast<unsigned>(h))};
      if (!g.passable(goal.x, goal.y)) continue;
      dh.set_goal(at_cell(goal), at_cell(goal), 1 + q * 2);  // 1, 3, 5, 7 active landmarks
      EXPECT_EQ(dh.at(at_cell(goal)), 0u);
      const std::uint32_t goal_component = dh.component(g.index(goal.x, goal.y));
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          if (!g.passable(x, y)) continue;
          const GridCell c{x, y};
          const bool same_component = dh.component(g.index(x, y)) == goal_component;
          // Against Dijkstra on every 5th cell (a search each; consistency below, with a bound
          // of 0 at the goal, already implies admissibility everywhere).
          if (g.index(x, y) % 5 == 0) {
            const SearchResult& r = dijkstra.search(g, c, goal, SearchMode::dijkstra);
            ASSERT_EQ(r.found(), same_component) << trial;
            // Admissible: at most the optimal cost (in keys, 2^-32 cell; the cost is a double
            // sum of 1s and sqrt(2)s, within 1e-9 relative).
            if (r.found()) {
              EXPECT_LE(static_cast<double>(dh.at(at_cell(c))) / 4294967296.0, r.cost * (1.0 + 1e-9)) << trial;
            }
          }
          if (!same_component) continue;
          const Key bound = dh.at(at_cell(c));
          // Consistent, exactly: bound(c) <= step + bound(next) for every legal move.
          GridMove moves[8];
          const int n = grid_moves(g, c, moves);
          for (int m = 0; m < n; ++m) {
            const Key step = moves[m].length > 1.0 ? DifferentialHeuristic::kDiagonalKey : DifferentialHeuristic::kOrthogonalKey;
            ASSERT_LE(bound, step + dh.at(at_cell(moves[m].to))) << trial;
          }
          ++checked;
        }
    }
  }
  EXPECT_GT(checked, 10000);  // cells checked for consistency
}

TEST(DifferentialHeuristic, ExactOnAStraightCorridor) {
  // A 1-cell corridor: with a landmark at one end, d(L, goal) - d(L, n) is the distance.
  SearchGrid g(12, 1);
  std::vector<std::uint32_t> counts(12);
  DifferentialHeuristic dh;
  ASSERT_EQ(dh.build(g, 1, [&](std::size_t i) { return counts.data() + i; }), 1);
  const GridCell l = dh.landmark(0);
  EXPECT_TRUE(l.x == 0 || l.x == 11);
  dh.set_goal(&counts[9], &counts[2], 1);
  EXPECT_EQ(dh.at(&counts[2]), 7 * DifferentialHeuristic::kOrthogonalKey);
}

TEST(DifferentialHeuristic, ActiveLandmarksAreTheStartsBest) {
  std::mt19937 rng(5);
  const SearchGrid g = random_grid(rng, 40, 30, 0.2);
  const int k = 8;
  std::vector<std::uint32_t> counts(static_cast<std::size_t>(40 * 30 * k));
  DifferentialHeuristic dh;
  ASSERT_EQ(dh.build(g, k, [&](std::size_t i) { return counts.data() + i * k; }), k);
  const auto at_cell = [&](std::size_t i) { return counts.data() + i * k; };
  for (std::size_t a = 0; a < 1200; a += 37)
    for (std::size_t b = 5; b < 1200; b += 53) {
      if (!g.passable(static_cast<int>(a % 40), static_cast<int>(a / 40)) || !g.passable(static_cast<int>(b % 40), static_cast<int>(b / 40)) ||
          dh.component(a) != dh.component(b))
        continue;
      dh.set_goal(at_cell(b), at_cell(a), k);
      const Key all = dh.at(at_cell(a));
      dh.set_goal(at_cell(b), at_cell(a), 2);
      EXPECT_EQ(dh.at(at_cell(a)), all);  // the best landmark at the start is active
    }
}

TEST(DifferentialHeuristic, PackedCountsBoundLikeTheCounts) {
  // JumpPointSearch keeps each count in 3 bytes: at_packed() gives at()'s bound exactly.
  std::mt19937 rng(11);
  const SearchGrid g = random_grid(rng, 50, 40, 0.2);
  const int k = 13;  // not a multiple of 4: the padded active list reads copies
  std::vector<std::uint32_t> counts(static_cast<std::size_t>(50 * 40 * k));
  DifferentialHeuristic dh;
  ASSERT_EQ(dh.build(g, k, [&](std::size_t i) { return counts.data() + i * k; }, DifferentialHeuristic::kPackedLimit), k);
  std::vector<unsigned char> packed(counts.size() * 3 + 1);  // the byte after the last one is read
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const std::uint32_t p = DifferentialHeuristic::pack(counts[i]);
    ASSERT_EQ(DifferentialHeuristic::unpack(p), counts[i]);
    packed[3 * i] = static_cast<unsigned char>(p);
    packed[3 * i + 1] = static_cast<unsigned char>(p >> 8);
    packed[3 * i + 2] = static_cast<unsigned char>(p >> 16);
  }
  const auto at_cell = [&](std::size_t i) { return counts.data() + i * k; };
  int compared = 0;
  for (std::size_t b = 3; b < 2000; b += 97)
    for (std::size_t a = 0; a < 2000; a += 7) {
      if (dh.component(a) != dh.component(b) || !g.passable(static_cast<int>(a % 50), static_cast<int>(a / 50))) continue;
      dh.set_goal(at_cell(b), at_cell(a), 1 + static_cast<int>(a % k));
      ASSERT_EQ(dh.at_packed(packed.data() + 3 * a * k), dh.at(at_cell(a)));
      ++compared;
    }
  EXPECT_GT(compared, 1000);
}

TEST(DifferentialHeuristic, CountsPastTheLimitDropTheLandmarks) {
  // A 1-cell corridor of 30 cells needs 29 straight steps: with a limit of 16 no landmark
  // is kept (bounds of 0, still admissible), with the default limit one is.
  SearchGrid g(30, 1);
  std::vector<std::uint32_t> counts(30);
  DifferentialHeuristic dh;
  EXPECT_EQ(dh.build(g, 1, [&](std::size_t i) { return counts.data() + i; }, 16), 0);
  dh.set_goal(&counts[29], &counts[0], 1);
  EXPECT_EQ(dh.at(&counts[0]), 0u);
  EXPECT_EQ(dh.build(g, 1, [&](std::size_t i) { return counts.data() + i; }), 1);
}

}  // namespace
}  // namespace racer
