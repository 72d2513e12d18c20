// GridSearch against a frozen copy of its first algorithm (an ordered set as the open list,
// decrease-key by erase and insert), on thousands of random grids, in both modes:
// - weighted grids (the AI's detours, and so the game's state hashes, depend on them): the
//   very same answers, path by path, cost by cost, expansion count by expansion count;
// - uniform grids: the fast core breaks ties in f in its own order, so the same status and
//   an optimal path of the very same numbers of straight and diagonal steps (equal fixed-point
//   keys mean equal step counts: D * n is never a multiple of 2^32 for 0 < n < 2^29), each
//   step a legal move.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "plan/grid_search.h"

namespace racer {
namespace {

// ---- The frozen reference: keep it as it is ----------------------------------------------------
// Keys in 2^-32 cell; open list ordered by f, then larger g, then lower cell index; a cell's
// g and parent change only on a strictly smaller g; neighbours E, W, S, N, then diagonals,
// a diagonal only when both orthogonal neighbours it passes are open.
SearchResult reference_search(const SearchGrid& grid, GridCell start, GridCell goal, SearchMode mode) {
  using Key = std::uint64_t;
  constexpr double kSqrt2 = 1.41421356237309504880;
  constexpr double kUnit = 4294967296.0;
  constexpr Key kOrthogonal = Key{1} << 32;
  const Key kDiagonal = static_cast<Key>(std::llround(kSqrt2 * kUnit));
  constexpr Key kLimit = Key{1} << 62;
  constexpr int kDx[8] = {1, -1, 0, 0, 1, -1, 1, -1};
  constexpr int kDy[8] = {0, 0, 1, -1, 1, 1, -1, -1};
  constexpr int kSideA[8] = {0, 0, 0, 0, 0, 1, 0, 1};
  constexpr int kSideB[8] = {0, 0, 0, 0, 2, 2, 3, 3};
  const auto multiplier = [&](int x, int y) {
    return std::clamp(static_cast<double>(grid.cost(x, y)), 1.0, static_cast<double>(SearchGrid::kMaxCost));
  };

  SearchResult result;
  const int w = grid.width(), h = grid.height();
  if (!grid.passable(start.x, start.y) || !grid.passable(goal.x, goal.y)) return result;
  const auto index = [w](int x, int y) { return static_cast<std::uint32_t>(y * w + x); };
  const auto heuristic = [&](int x, int y) -> Key {
    if (mode != SearchMode::astar) return 0;
    const auto dx = static_cast<Key>(std::abs(x - goal.x)), dy = static_cast<Key>(std::abs(y - goal.y));
    return std::max(dx, dy) * kOrthogonal + std::min(dx, dy) * (kDiagonal - kOrthogonal);
  };
  const std::size_t cells = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  std::vector<Key> g(cells, kLimit);
  std::vector<std::uint32_t> parent(cells);
  std::vector<char> state(cells, 0);  // 0 unreached, 1 open, 2 closed
  using Entry = std::tuple<Key, Key, std::uint32_t>;  // f, kLimit - g (larger g first), cell
  std::set<Entry> open;
  const std::uint32_t source = index(start.x, start.y), target = index(goal.x, goal.y);
  g[source] = 0;
  parent[source] = source;
  state[source] = 1;
  open.insert({heuristic(start.x, start.y), kLimit, source});
  bool found = false;
  while (!open.empty()) {
    const auto [f, inverse_g, cell] = *open.begin();
    open.erase(open.begin());
    state[cell] = 2;
    ++result.expanded;
    if (cell == target) {
      found = true;
      break;
    }
    const int x = static_cast<int>(cell) % w, y = static_cast<int>(cell) / w;
    bool passable[8];
    for (int k = 0; k < 8; ++k) {
      const int nx = x + kDx[k], ny = y + kDy[k];
      passable[k] = grid.passable(nx, ny) && (k < 4 || (passable[kSideA[k]] && passable[kSideB[k]]));
      if (!passable[k]) continue;
      const std::uint32_t next = index(nx, ny);
      if (state[next] == 2) continue;
      Key step = k < 4 ? kOrthogonal : kDiagonal;
      if (!grid.uniform_cost())
        step = static_cast<Key>(std::llround((k < 4 ? 1.0 : kSqrt2) * 0.5 * (multiplier(x, y) + multiplier(nx, ny)) * kUnit));
      const Key candidate = std::min(g[cell] + step, kLimit);
      if (state[next] == 0 || candidate < g[next]) {
        if (state[next] == 1) open.erase({std::min(g[next] + heuristic(nx, ny), kLimit), kLimit - g[next], next});
        g[next] = candidate;
        parent[next] = cell;
        state[next] = 1;
        open.insert({std::min(candidate + heuristic(nx, ny), kLimit), kLimit - candidate, next});
      }
    }
  }
  if (!found) {
    result.status = SearchStatus::unreachable;
    return result;
  }
  result.status = SearchStatus::found;
  for (std::uint32_t cell = target;; cell = parent[cell]) {
    result.path.push_back({static_cast<int>(cell) % w, static_cast<int>(cell) / w});
    if (cell == source) break;
  }
  std::reverse(result.path.begin(), result.path.end());
  for (std::size_t i = 1; i < result.path.size(); ++i) {
    const GridCell a = result.path[i - 1], b = result.path[i];
    const double length = (a.x != b.x && a.y != b.y) ? kSqrt2 : 1.0;
    result.length += length;
    result.cost += grid.uniform_cost() ? length : length * 0.5 * (multiplier(a.x, a.y) + multiplier(b.x, b.y));
  }
  return result;
}

// ---- The comparison ------------------------------------------------------------------------------

// Random obstacles: scattered cells at `density`, plus (on every other grid) a few walls with
// gaps, so that both open areas (long f ties) and mazes (many re-opened cells) occur.
SearchGrid random_grid(std::mt19937& rng, int w, int h, double density, bool walls, bool weighted) {
  SearchGrid g(w, h);
  std::bernoulli_distribution blocked(density);
  std::uniform_real_distribution<float> multiplier(1.0f, 4.0f);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) g.set_passable(x, y, !blocked(rng));
  if (walls) {
    for (int i = 0; i < 3; ++i) {
      const int at = static_cast<int>(rng() % static_cast<unsigned>(std::max(w, 1)));
      for (int y = 0; y < h; ++y)
        if (rng() % 8 != 0) g.set_passable(at, y, false);
    }
  }
  if (weighted)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) g.set_cost(x, y, multiplier(rng));
  return g;
}

GridCell random_cell(std::mt19937& rng, const SearchGrid& g) {
  for (int tries = 0; tries < 200; ++tries) {
    const GridCell c{static_cast<int>(rng() % static_cast<unsigned>(g.width())), static_cast<int>(rng() % static_cast<unsigned>(g.height()))};
    if (g.passable(c.x, c.y)) return c;
  }
  return {static_cast<int>(rng() % static_cast<unsigned>(g.width())), 0};
}

long diagonal_steps(const std::vector<GridCell>& path) {
  long n = 0;
  for (std::size_t i = 1; i < path.size(); ++i) n += (path[i].x != path[i - 1].x && path[i].y != path[i - 1].y) ? 1 : 0;
  return n;
}

// One 8-connected step between passable cells, not cutting a blocked corner.
bool legal_move(const SearchGrid& g, GridCell a, GridCell b) {
  const int dx = b.x - a.x, dy = b.y - a.y;
  if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0)) return false;
  if (!g.passable(a.x, a.y) || !g.passable(b.x, b.y)) return false;
  return dx == 0 || dy == 0 || (g.passable(a.x + dx, a.y) && g.passable(a.x, a.y + dy));
}

void compare_on_random_grids(bool weighted, int grids, unsigned seed) {
  std::mt19937 rng(seed);
  GridSearch search;  // one object for all: its reuse is part of what is checked
  int found = 0, unreachable = 0;
  for (int trial = 0; trial < grids; ++trial) {
    const int w = 1 + static_cast<int>(rng() % (trial % 10 == 0 ? 90 : 30));
    const int h = 1 + static_cast<int>(rng() % (trial % 10 == 0 ? 90 : 30));
    const double density = 0.05 * static_cast<double>(trial % 9);  // 0 .. 40 % blocked
    const SearchGrid g = random_grid(rng, w, h, density, trial % 2 == 1, weighted);
    for (int q = 0; q < 3; ++q) {
      const GridCell start = random_cell(rng, g), goal = random_cell(rng, g);
      for (const SearchMode mode : {SearchMode::astar, SearchMode::dijkstra}) {
        const SearchResult expected = reference_search(g, start, goal, mode);
        const SearchResult& got = search.search(g, start, goal, mode);
        SCOPED_TRACE(testing::Message() << "trial " << trial << " " << w << "x" << h << " (" << start.x << "," << start.y
                                        << ") -> (" << goal.x << "," << goal.y << ") mode " << static_cast<int>(mode));
        ASSERT_EQ(got.status, expected.status);
        if (weighted) {
          ASSERT_EQ(got.expanded, expected.expanded);
          ASSERT_EQ(got.path, expected.path);
          ASSERT_EQ(got.cost, expected.cost);  // the same sums in the same order: bit for bit
          ASSERT_EQ(got.length, expected.length);
        } else {
          ASSERT_EQ(diagonal_steps(got.path), diagonal_steps(expected.path));
          ASSERT_EQ(got.path.size(), expected.path.size());
          if (got.found()) {
            ASSERT_EQ(got.path.front(), start);
            ASSERT_EQ(got.path.back(), goal);
          }
          for (std::size_t i = 1; i < got.path.size(); ++i) ASSERT_TRUE(legal_move(g, got.path[i - 1], got.path[i])) << i;
          ASSERT_NEAR(got.cost, expected.cost, 1e-9 * std::max(1.0, expected.cost));  // sums in another order
          ASSERT_EQ(got.length, got.cost);
          if (got.found()) {
            ASSERT_GE(got.expanded, static_cast<long>(got.path.size()));  // the path's cells all expanded
          }
        }
        if (mode == SearchMode::astar) {
          found += got.found() ? 1 : 0;
          unreachable += got.status == SearchStatus::unreachable ? 1 : 0;
        }
      }
    }
  }
  EXPECT_GT(found, grids);          // most queries succeed...
  EXPECT_GT(unreachable, grids / 20);  // ...and floods of a closed-off start are checked too
}

TEST(GridSearchReference, UniformGridsSameAnswersAsTheFrozenSearch) { compare_on_random_grids(false, 1000, 101); }

TEST(GridSearchReference, WeightedGridsSameAnswersAsTheFrozenSearch) { compare_on_random_grids(true, 300, 202); }

TEST(GridSearchReference, OpenGridLongTies) {
  // An open 200 x 150 grid: thousands of cells share each f; the tie order alone picks the
  // path. Both orders take the deeper cells first here (the frozen one by g, the fast core's
  // last pushed first): the same cells, straight to the goal.
  const SearchGrid g(200, 150);
  GridSearch search;
  for (const auto& [start, goal] : {std::pair<GridCell, GridCell>{{3, 4}, {190, 140}}, {{199, 0}, {0, 149}}, {{100, 75}, {100, 0}}}) {
    for (const SearchMode mode : {SearchMode::astar, SearchMode::dijkstra}) {
      const SearchResult expected = reference_search(g, start, goal, mode);
      const SearchResult& got = search.search(g, start, goal, mode);
      EXPECT_EQ(got.expanded, expected.expanded);
      EXPECT_EQ(got.path, expected.path);
      EXPECT_EQ(got.cost, expected.cost);
    }
  }
}

}  // namespace
}  // namespace racer
