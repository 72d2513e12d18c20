// BFS and bidirectional BFS: fewest moves on every connectivity (against a plain reference
// BFS written here), optimal cost where fewest moves is optimal (uniform four and hex),
// within sqrt 2 on uniform eight, and blind to multipliers (as documented).
#include "plan/bfs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <random>

namespace racer {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr Connectivity kConnectivities[] = {Connectivity::four, Connectivity::eight, Connectivity::hex};
// Sums of at most a few hundred moves: 1e-9 relative is far above their rounding error.
bool same_cost(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }

// Reference: fewest moves from start to goal by a textbook BFS over grid_moves; -1 when
// unreachable or an endpoint is blocked.
int reference_moves(const SearchGrid& g, GridCell start, GridCell goal) {
  if (!g.passable(start.x, start.y) || !g.passable(goal.x, goal.y)) return -1;
  std::vector<int> d(static_cast<std::size_t>(g.width() * g.height()), -1);
  std::queue<std::size_t> open;
  d[g.index(start.x, start.y)] = 0;
  open.push(g.index(start.x, start.y));
  GridMove moves[8];
  while (!open.empty()) {
    const std::size_t u = open.front();
    open.pop();
    const int n = grid_moves(g, g.cell(u), moves);
    for (int k = 0; k < n; ++k) {
      const std::size_t v = g.index(moves[k].to.x, moves[k].to.y);
      if (d[v] < 0) {
        d[v] = d[u] + 1;
        open.push(v);
      }
    }
  }
  return d[g.index(goal.x, goal.y)];
}

// Reference optimal cost: textbook Dijkstra over grid_moves and move_cost.
double reference_cost(const SearchGrid& g, GridCell start, GridCell goal) {
  std::vector<double> d(static_cast<std::size_t>(g.width() * g.height()), kInf);
  using Item = std::pair<double, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  d[g.index(start.x, start.y)] = 0.0;
  open.push({0.0, g.index(start.x, start.y)});
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
  return d[g.index(goal.x, goal.y)];
}

// A found path is a walk of legal moves from start to goal; its reported cost and length
// are the sums along it.
void expect_legal_path(const SearchGrid& g, const SearchResult& r, GridCell start, GridCell goal, const char* who) {
  ASSERT_FALSE(r.path.empty()) << who;
  EXPECT_EQ(r.path.front(), start) << who;
  EXPECT_EQ(r.path.back(), goal) << who;
  double cost = 0.0, length = 0.0;
  GridMove moves[8];
  for (std::size_t i = 1; i < r.path.size(); ++i) {
    const int n = grid_moves(g, r.path[i - 1], moves);
    int k = 0;
    while (k < n && !(moves[k].to == r.path[i])) ++k;
    ASSERT_LT(k, n) << who << ": illegal move " << i;
    cost += move_cost(g, r.path[i - 1], r.path[i], moves[k].length);
    length += moves[k].length;
  }
  EXPECT_TRUE(same_cost(r.cost, cost)) << who;
  EXPECT_TRUE(same_cost(r.length, length)) << who;
}

TEST(Bfs, FewestMovesOnRandomGrids) {
  std::mt19937 rng(4242);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  BfsPlanner bfs;
  BidirectionalBfsPlanner bidirectional;
  int found = 0, searched = 0;
  for (const Connectivity c : kConnectivities)
    for (const bool weighted : {false, true})
      for (int trial = 0; trial < 300; ++trial) {
        const int w = 1 + static_cast<int>(rng() % 20), h = 1 + static_cast<int>(rng() % 20);
        SearchGrid g(w, h, c);
        const double density = 0.1 * static_cast<double>(rng() % 5);
        for (int y = 0; y < h; ++y)
          for (int x = 0; x < w; ++x) {
            if (unit(rng) < density) g.set_passable(x, y, false);
            if (weighted && unit(rng) < 0.5) g.set_cost(x, y, static_cast<float>(1.0 + 20.0 * unit(rng)));
          }
        for (int q = 0; q < 3; ++q) {
          const GridCell s{static_cast<int>(rng() % static_cast<unsigned>(w)), static_cast<int>(rng() % static_cast<unsigned>(h))};
          const GridCell t{static_cast<int>(rng() % static_cast<unsigned>(w)), static_cast<int>(rng() % static_cast<unsigned>(h))};
          const int moves = reference_moves(g, s, t);
          const bool endpoints = g.passable(s.x, s.y) && g.passable(t.x, t.y);
          ++searched;
          for (GridPlanner* p : {static_cast<GridPlanner*>(&bfs), static_cast<GridPlanner*>(&bidirectional)}) {
            const SearchResult& r = p->plan(g, s, t);
            const char* who = p->name().data();
            if (!endpoints) {
              EXPECT_EQ(r.status, SearchStatus::blocked_endpoint) << who;
              continue;
            }
            if (moves < 0) {
              EXPECT_EQ(r.status, SearchStatus::unreachable) << who;
              continue;
            }
            ASSERT_TRUE(r.found()) << who << " trial " << trial;
            expect_legal_path(g, r, s, t, who);
            EXPECT_EQ(static_cast<int>(r.path.size()) - 1, moves) << who << " trial " << trial;
            const double optimal = reference_cost(g, s, t);
            const double bound = fewest_moves_bound(g);
            if (bound > 0.0) {
              EXPECT_LE(r.cost, bound * optimal * (1.0 + 1e-9)) << who;
            }
            if (bound == 1.0) {
              EXPECT_TRUE(same_cost(r.cost, optimal)) << who << ": " << r.cost << " vs " << optimal;
            }
          }
          found += moves >= 0 ? 1 : 0;
        }
      }
  EXPECT_GT(found, searched / 3);
}

TEST(Bfs, Bounds) {
  EXPECT_EQ(fewest_moves_bound(SearchGrid(3, 3, Connectivity::four)), 1.0);
  EXPECT_EQ(fewest_moves_bound(SearchGrid(3, 3, Connectivity::hex)), 1.0);
  EXPECT_DOUBLE_EQ(fewest_moves_bound(SearchGrid(3, 3, Connectivity::eight)), std::sqrt(2.0));
  SearchGrid weighted(3, 3, Connectivity::four);
  weighted.set_cost(1, 1, 2.0f);
  EXPECT_EQ(fewest_moves_bound(weighted), 0.0);
  EXPECT_EQ(BfsPlanner().bound(), 0.0);
  EXPECT_EQ(BidirectionalBfsPlanner().bound(), 0.0);
  EXPECT_EQ(BfsPlanner().name(), "bfs");
  EXPECT_EQ(BidirectionalBfsPlanner().name(), "bidirectional_bfs");
}

// BFS counts moves, not multipliers: through a cell of multiplier 1000 it takes the two-move
// path (cost (1 + 1000) / 2 * 2 = 1001) over the four-move detour of cost 4.
TEST(Bfs, IgnoresMultipliers) {
  SearchGrid g(3, 3, Connectivity::four);
  g.set_cost(1, 1, 1000.0f);
  BfsPlanner bfs;
  BidirectionalBfsPlanner bidirectional;
  for (GridPlanner* p : {static_cast<GridPlanner*>(&bfs), static_cast<GridPlanner*>(&bidirectional)}) {
    const SearchResult& r = p->plan(g, {0, 1}, {2, 1});
    ASSERT_TRUE(r.found());
    EXPECT_EQ(r.path.size(), 3u);
    EXPECT_DOUBLE_EQ(r.cost, 1001.0);
    EXPECT_DOUBLE_EQ(r.length, 2.0);
  }
  EXPECT_DOUBLE_EQ(reference_cost(g, {0, 1}, {2, 1}), 4.0);
}

// Two cells 32 apart in the middle of an open four grid: BFS floods a diamond of radius 32
// (about 2 * 32^2 cells), bidirectional BFS two of radius 16 (about half as many).
TEST(Bfs, BidirectionalExpandsLess) {
  const SearchGrid g(64, 64, Connectivity::four);
  BfsPlanner bfs;
  BidirectionalBfsPlanner bidirectional;
  const long one = bfs.plan(g, {16, 32}, {48, 32}).expanded;
  const long two = bidirectional.plan(g, {16, 32}, {48, 32}).expanded;
  EXPECT_GT(one, 1500);
  EXPECT_LT(two, one * 6 / 10);
}

TEST(Bfs, TrivialQueriesAndReuse) {
  SearchGrid g(5, 5, Connectivity::hex);
  BfsPlanner bfs;
  BidirectionalBfsPlanner bidirectional;
  for (GridPlanner* p : {static_cast<GridPlanner*>(&bfs), static_cast<GridPlanner*>(&bidirectional)}) {
    const SearchResult& same = p->plan(g, {2, 2}, {2, 2});
    ASSERT_TRUE(same.found());
    EXPECT_EQ(same.path.size(), 1u);
    EXPECT_EQ(same.cost, 0.0);
    const SearchResult first = p->plan(g, {0, 0}, {4, 4});
    EXPECT_EQ(p->plan(g, {0, 0}, {4, 4}).path, first.path);  // repeatable on a reused object
  }
  g.set_passable(2, 2, false);
  EXPECT_EQ(bfs.plan(g, {2, 2}, {0, 0}).status, SearchStatus::blocked_endpoint);
  EXPECT_EQ(bidirectional.plan(g, {0, 0}, {7, 0}).status, SearchStatus::blocked_endpoint);
}

}  // namespace
}  // namespace racer
