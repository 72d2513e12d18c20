// Heuristics: their values, and the admissibility table checked against true costs (a plain
// Dijkstra written here) on open grids and on random grids with obstacles and multipliers.
#include "plan/heuristics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <random>

namespace racer {
namespace {

constexpr Heuristic kAll[] = {Heuristic::zero,      Heuristic::manhattan, Heuristic::octile,
                              Heuristic::euclidean, Heuristic::chebyshev, Heuristic::hex};
constexpr Connectivity kConnectivities[] = {Connectivity::four, Connectivity::eight, Connectivity::hex};
constexpr double kInf = std::numeric_limits<double>::infinity();
// Sums of up to a few hundred moves of sqrt 2 and multipliers: 1e-9 absolute is far above
// their rounding (~1e-13) and far below any real overestimate (>= 0.08 cell on these grids).
constexpr double kTolerance = 1e-9;

// Cost from `source` to every cell (infinity where unreachable): textbook Dijkstra over
// grid_moves and move_cost.
std::vector<double> costs_from(const SearchGrid& g, GridCell source) {
  std::vector<double> d(static_cast<std::size_t>(g.width() * g.height()), kInf);
  using Item = std::pair<double, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  d[g.index(source.x, source.y)] = 0.0;
  open.push({0.0, g.index(source.x, source.y)});
  GridMove moves[8];
  while (!open.empty()) {
    const auto [du, u] = open.top();
    open.pop();
    if (du > d[u]) continue;
    const int n = grid_moves(g, g.cell(u), moves);
    for (int k = 0; k < n; ++k) {
      const std::size_t v = g.index(moves[k].to.x, moves[k].to.y);
      const double dv = du + move_cost(g, g.cell(u), moves[k].to, moves[k].length);
      if (dv < d[v]) {
        d[v] = dv;
        open.push({dv, v});
      }
    }
  }
  return d;
}

const char* name_of(Connectivity c) { return c == Connectivity::four ? "four" : c == Connectivity::eight ? "eight" : "hex"; }

// The largest h(cell, source) - cost(cell -> source) over the grid (cost from the source:
// moves and costs are symmetric), and the largest h(a) - cost(a, b) - h(b) over all moves.
struct Excess {
  double admissibility = -kInf;
  double consistency = -kInf;
};
Excess excess(const SearchGrid& g, Heuristic h, GridCell source) {
  const std::vector<double> d = costs_from(g, source);
  Excess e;
  GridMove moves[8];
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (!std::isfinite(d[i])) continue;
    const GridCell a = g.cell(i);
    const double ha = heuristic_cells(h, g.connectivity(), a, source);
    e.admissibility = std::max(e.admissibility, ha - d[i]);
    const int n = grid_moves(g, a, moves);
    for (int k = 0; k < n; ++k) {
      const double hb = heuristic_cells(h, g.connectivity(), moves[k].to, source);
      e.consistency = std::max(e.consistency, ha - move_cost(g, a, moves[k].to, moves[k].length) - hb);
    }
  }
  return e;
}

TEST(Heuristics, Values) {
  const GridCell a{2, 3}, b{7, 1};  // dx 5, dy 2
  EXPECT_EQ(heuristic_cells(Heuristic::zero, Connectivity::eight, a, b), 0.0);
  EXPECT_EQ(heuristic_cells(Heuristic::manhattan, Connectivity::four, a, b), 7.0);
  EXPECT_NEAR(heuristic_cells(Heuristic::octile, Connectivity::eight, a, b), 5.0 + 2.0 * (std::sqrt(2.0) - 1.0), 1e-12);
  EXPECT_NEAR(heuristic_cells(Heuristic::euclidean, Connectivity::eight, a, b), std::sqrt(29.0), 1e-12);
  EXPECT_EQ(heuristic_cells(Heuristic::chebyshev, Connectivity::four, a, b), 5.0);
  EXPECT_EQ(heuristic_name(Heuristic::chebyshev), "chebyshev");
  // Hex (odd-r): (0,0) -> (1,2) is 2 moves ((0,0)->(0,1)->(1,2)), (0,0) -> (3,0) is 3.
  EXPECT_EQ(heuristic_cells(Heuristic::hex, Connectivity::hex, {0, 0}, {1, 2}), 2.0);
  EXPECT_EQ(heuristic_cells(Heuristic::hex, Connectivity::hex, {0, 0}, {3, 0}), 3.0);
  EXPECT_EQ(heuristic_cells(Heuristic::hex, Connectivity::hex, {1, 2}, {0, 0}), 2.0);
  // Hex Euclidean between centres: every neighbour is exactly 1 away.
  GridMove moves[8];
  const SearchGrid open(5, 5, Connectivity::hex);
  for (const GridCell c : {GridCell{2, 2}, GridCell{2, 1}}) {
    const int n = grid_moves(open, c, moves);
    ASSERT_EQ(n, 6);
    for (int k = 0; k < n; ++k) EXPECT_NEAR(heuristic_cells(Heuristic::euclidean, Connectivity::hex, c, moves[k].to), 1.0, 1e-12);
  }
  EXPECT_EQ(exact_heuristic(Connectivity::four), Heuristic::manhattan);
  EXPECT_EQ(exact_heuristic(Connectivity::eight), Heuristic::octile);
  EXPECT_EQ(exact_heuristic(Connectivity::hex), Heuristic::hex);
}

// Plain sqrt(dx^2 + dy^2) on odd-r offset coordinates is not admissible on hex; that is why
// euclidean measures hex grids between true centres.
TEST(Heuristics, OffsetEuclideanOverestimatesOnHex) {
  const SearchGrid open(4, 4, Connectivity::hex);
  const std::vector<double> d = costs_from(open, {0, 0});
  EXPECT_DOUBLE_EQ(d[open.index(1, 2)], 2.0);
  EXPECT_GT(std::sqrt(1.0 + 4.0), d[open.index(1, 2)]);
  EXPECT_LE(heuristic_cells(Heuristic::euclidean, Connectivity::hex, {0, 0}, {1, 2}), 2.0);
}

// On an open grid of multiplier 1 each inadmissible pair overestimates somewhere, and each
// admissible one never does (and is consistent).
TEST(Heuristics, TableMatchesOpenGrids) {
  for (const Connectivity c : kConnectivities) {
    const SearchGrid open(9, 9, c);
    for (const Heuristic h : kAll) {
      double worst = -kInf, worst_consistency = -kInf;
      for (const GridCell source : {GridCell{4, 4}, GridCell{4, 3}, GridCell{0, 0}, GridCell{8, 5}}) {
        const Excess e = excess(open, h, source);
        worst = std::max(worst, e.admissibility);
        worst_consistency = std::max(worst_consistency, e.consistency);
      }
      if (heuristic_admissible(h, c)) {
        EXPECT_LE(worst, kTolerance) << heuristic_name(h) << " on " << name_of(c);
        EXPECT_LE(worst_consistency, kTolerance) << heuristic_name(h) << " on " << name_of(c);
      } else {
        EXPECT_GT(worst, 0.05) << heuristic_name(h) << " on " << name_of(c) << " should overestimate";
      }
    }
  }
}

// The exact heuristic of each connectivity is the true cost on an open uniform grid.
TEST(Heuristics, ExactHeuristicIsExactOnOpenGrids) {
  for (const Connectivity c : kConnectivities) {
    const SearchGrid open(11, 10, c);
    for (const GridCell source : {GridCell{5, 5}, GridCell{0, 0}, GridCell{10, 9}, GridCell{3, 8}}) {
      const std::vector<double> d = costs_from(open, source);
      for (std::size_t i = 0; i < d.size(); ++i)
        EXPECT_NEAR(heuristic_cells(exact_heuristic(c), c, open.cell(i), source), d[i], kTolerance) << name_of(c) << " cell " << i;
    }
  }
}

// Obstacles and multipliers >= 1 only raise true costs: admissible pairs stay admissible and
// consistent on random grids.
TEST(Heuristics, AdmissibleOnRandomGridsWithObstaclesAndMultipliers) {
  std::mt19937 rng(20260);
  for (const Connectivity c : kConnectivities) {
    for (int trial = 0; trial < 60; ++trial) {
      const int w = 3 + static_cast<int>(rng() % 14), h = 3 + static_cast<int>(rng() % 14);
      SearchGrid g(w, h, c);
      const double density = 0.1 * static_cast<double>(rng() % 4);
      std::uniform_real_distribution<double> unit(0.0, 1.0);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          if (unit(rng) < density) g.set_passable(x, y, false);
          if (trial % 2 == 1) g.set_cost(x, y, static_cast<float>(1.0 + 4.0 * unit(rng)));
        }
      const GridCell source{static_cast<int>(rng() % static_cast<unsigned>(w)), static_cast<int>(rng() % static_cast<unsigned>(h))};
      if (!g.passable(source.x, source.y)) continue;
      for (const Heuristic hh : kAll) {
        if (!heuristic_admissible(hh, c)) continue;
        const Excess e = excess(g, hh, source);
        EXPECT_LE(e.admissibility, kTolerance) << heuristic_name(hh) << " on " << name_of(c) << " trial " << trial;
        EXPECT_LE(e.consistency, kTolerance) << heuristic_name(hh) << " on " << name_of(c) << " trial " << trial;
      }
    }
  }
}

}  // namespace
}  // namespace racer
