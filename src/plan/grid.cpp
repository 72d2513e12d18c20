// SearchGrid and the moves of the three connectivities.
#include "plan/grid.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdlib>

namespace racer {
namespace {

constexpr double kSqrt2 = 1.41421356237309504880;

// Eight-connected offsets: the four orthogonal ones first, then the diagonals; each
// diagonal names the two orthogonal moves it must not cut between.
constexpr int kDx[8] = {1, -1, 0, 0, 1, -1, 1, -1};
constexpr int kDy[8] = {0, 0, 1, -1, 1, 1, -1, -1};
constexpr int kSideA[8] = {0, 0, 0, 0, 0, 1, 0, 1};  // the x-move (E or W) of a diagonal
constexpr int kSideB[8] = {0, 0, 0, 0, 2, 2, 3, 3};  // the y-move (S or N) of a diagonal

// Hexagonal "odd-r" offsets: E, W, then the two below and the two above; the column offset
// of the rows above and below depends on whether this row is even or odd.
constexpr int kHexDy[6] = {0, 0, 1, 1, -1, -1};
constexpr int kHexDxEven[6] = {1, -1, -1, 0, -1, 0};
constexpr int kHexDxOdd[6] = {1, -1, 0, 1, 0, 1};

}  // namespace

SearchGrid::SearchGrid(int w, int h, Connectivity connectivity)
    : w_(std::clamp(w, 0, kMaxSide)), h_(std::clamp(h, 0, kMaxSide)), connectivity_(connectivity),
      passable_(static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_), 1) {}

void SearchGrid::set_cost(int x, int y, float multiplier) {
  assert(multiplier >= 1.0f && "SearchGrid: cost multipliers must be >= 1");
  if (cost_.empty()) cost_.assign(passable_.size(), 1.0f);
  cost_[index(x, y)] = std::max(multiplier, 1.0f);  // also maps NaN to 1
  revise();
}

std::uint64_t SearchGrid::next_revision() {
  static std::atomic<std::uint64_t> counter{0};  // only ever compared for equality: order does not matter
  return counter.fetch_add(1, std::memory_order_relaxed) + 1;
}

int grid_moves(const SearchGrid& grid, GridCell from, GridMove out[8]) {
  int n = 0;
  if (grid.connectivity() == Connectivity::hex) {
    const int* dx = (from.y & 1) != 0 ? kHexDxOdd : kHexDxEven;
    for (int k = 0; k < 6; ++k) {
      const GridCell to{from.x + dx[k], from.y + kHexDy[k]};
      if (grid.passable(to.x, to.y)) out[n++] = {to, 1.0};
    }
    return n;
  }
  const int count = grid.connectivity() == Connectivity::four ? 4 : 8;
  bool open[8] = {};
  for (int k = 0; k < count; ++k) {
    const GridCell to{from.x + kDx[k], from.y + kDy[k]};
    open[k] = (k < 4 || (open[kSideA[k]] && open[kSideB[k]])) && grid.passable(to.x, to.y);
    if (open[k]) out[n++] = {to, k < 4 ? 1.0 : kSqrt2};
  }
  return n;
}

double move_cost(const SearchGrid& grid, GridCell a, GridCell b, double length) {
  const auto clamped = [](float m) { return std::clamp(static_cast<double>(m), 1.0, static_cast<double>(SearchGrid::kMaxCost)); };
  if (grid.uniform_cost()) return length;
  return length * 0.5 * (clamped(grid.cost(a.x, a.y)) + clamped(grid.cost(b.x, b.y)));
}

double move_length(const SearchGrid& grid, GridCell a, GridCell b) {
  const int dx = b.x - a.x, dy = b.y - a.y;
  switch (grid.connectivity()) {
    case Connectivity::four:
      return std::abs(dx) + std::abs(dy) == 1 ? 1.0 : 0.0;
    case Connectivity::eight:
      if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0)) return 0.0;
      return dx != 0 && dy != 0 ? kSqrt2 : 1.0;
    case Connectivity::hex: {
      const int* table = (a.y & 1) != 0 ? kHexDxOdd : kHexDxEven;
      for (int k = 0; k < 6; ++k)
        if (dx == table[k] && dy == kHexDy[k]) return 1.0;
      return 0.0;
    }
  }
  return 0.0;
}

}  // namespace racer
