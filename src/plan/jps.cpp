// Jump Point Search on uniform 8-connected grids without corner cutting.
//
// Sections
//   Bit planes: the grid as bit rows and bit columns, with a blocked border
//   Jumps: 64-cell straight scans, diagonal walks
//   The search: A* over jump points, then the cell path
#include "plan/jps.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstdlib>

namespace racer {
namespace {

constexpr double kSqrt2 = 1.41421356237309504880;
using Key = std::uint64_t;
constexpr Key kOrthogonalKey = Key{1} << 32;
const Key kDiagonalKey = static_cast<Key>(std::llround(kSqrt2 * 4294967296.0));

Key octile(int dx, int dy) {
  const auto ax = static_cast<Key>(std::abs(dx)), ay = static_cast<Key>(std::abs(dy));
  return ax > ay ? (ax - ay) * kOrthogonalKey + ay * kDiagonalKey : (ay - ax) * kOrthogonalKey + ax * kDiagonalKey;
}

int sign(int v) { return (v > 0) - (v < 0); }

}  // namespace

// ---- Bit planes --------------------------------------------------------------------------------

void JumpPointSearch::load(const SearchGrid& grid) {
  if (loaded_ && revision_ == grid.revision()) return;
  loaded_ = true;
  revision_ = grid.revision();
  w_ = grid.width();
  h_ = grid.height();
  row_words_ = (static_cast<std::size_t>(w_) + 2 + 63) / 64;
  column_words_ = (static_cast<std::size_t>(h_) + 2 + 63) / 64;
  rows_.assign((static_cast<std::size_t>(h_) + 2) * row_words_, 0);
  columns_.assign((static_cast<std::size_t>(w_) + 2) * column_words_, 0);
  const std::vector<std::uint8_t>& pass = grid.passable_cells();
  for (int y = 0; y < h_; ++y)
    for (int x = 0; x < w_; ++x) {
      if (pass[grid.index(x, y)] == 0) continue;
      const auto px = static_cast<std::size_t>(x) + 1, py = static_cast<std::size_t>(y) + 1;
      rows_[py * row_words_ + px / 64] |= std::uint64_t{1} << (px % 64);
      columns_[px * column_words_ + py / 64] |= std::uint64_t{1} << (py % 64);
    }
}

bool JumpPointSearch::open(int x, int y) const {
  const auto px = static_cast<std::size_t>(x + 1), py = static_cast<std::size_t>(y + 1);
  return ((rows_[py * row_words_ + px / 64] >> (px % 64)) & 1u) != 0;
}

// ---- Jumps ---------------------------------------------------------------------------------------

// A straight jump along `line` of a plane (rows: line y, positions x; columns: line x,
// positions y), from position `from` (the first cell to step on, maybe the border) in
// direction dir (+1, -1). It stops at the first blocked cell (no jump point: -1), at the goal,
// or at a cell with a forced neighbour: a passable cell on a side line whose predecessor
// on that line (one step back) is blocked. Returns the jump point's position.
int JumpPointSearch::scan(const std::vector<std::uint64_t>& plane, std::size_t words, int line, int from, int dir,
                          int goal_line, int goal_pos) const {
  const std::uint64_t* cur = plane.data() + (static_cast<std::size_t>(line) + 1) * words;
  const std::uint64_t* up = cur - words;
  const std::uint64_t* down = cur + words;
  const auto p = static_cast<std::size_t>(from + 1);
  std::size_t k = p / 64;
  int stop = 0;
  bool blocked = false;
  if (dir > 0) {
    std::uint64_t mask = ~std::uint64_t{0} << (p % 64);
    for (;; ++k, mask = ~std::uint64_t{0}) {
      const std::uint64_t up_back = (up[k] << 1) | (k > 0 ? up[k - 1] >> 63 : 0);
      const std::uint64_t down_back = (down[k] << 1) | (k > 0 ? down[k - 1] >> 63 : 0);
      const std::uint64_t wall = ~cur[k] & mask;
      const std::uint64_t stops = wall | (((up[k] & ~up_back) | (down[k] & ~down_back)) & mask);
      if (stops != 0) {  // the border bit is blocked: found within the line
        const int bit = std::countr_zero(stops);
        blocked = ((wall >> bit) & 1u) != 0;
        stop = static_cast<int>(k * 64) + bit - 1;
        break;
      }
    }
    if (line == goal_line && goal_pos >= from && goal_pos <= stop) return goal_pos;
  } else {
    std::uint64_t mask = ~std::uint64_t{0} >> (63 - p % 64);
    for (;; --k, mask = ~std::uint64_t{0}) {
      const std::uint64_t up_back = (up[k] >> 1) | (k + 1 < words ? up[k + 1] << 63 : 0);
      const std::uint64_t down_back = (down[k] >> 1) | (k + 1 < words ? down[k + 1] << 63 : 0);
      const std::uint64_t wall = ~cur[k] & mask;
      const std::uint64_t stops = wall | (((up[k] & ~up_back) | (down[k] & ~down_back)) & mask);
      if (stops != 0) {
        const int bit = 63 - std::countl_zero(stops);
        blocked = ((wall >> bit) & 1u) != 0;
        stop = static_cast<int>(k * 64) + bit - 1;
        break;
      }
    }
    if (line == goal_line && goal_pos <= from && goal_pos >= stop) return goal_pos;
  }
  return blocked ? -1 : stop;
}

// The jump from (x, y) in direction (dx, dy) (the first step is legal: checked by the
// caller's neighbour rules). True with the jump point in `out`, false when the run dies.
bool JumpPointSearch::jump(int x, int y, int dx, int dy, GridCell goal, GridCell& out) const {
  if (dy == 0) {
    const int at = scan(rows_, row_words_, y, x + dx, dx, goal.y, goal.x);
    if (at < 0) return false;
    out = {at, y};
    return true;
  }
  if (dx == 0) {
    const int at = scan(columns_, column_words_, x, y + dy, dy, goal.x, goal.y);
    if (at < 0) return false;
    out = {x, at};
    return true;
  }
  int cx = x + dx, cy = y + dy;
  for (;;) {
    if (!open(cx, cy)) return false;
    if (cx == goal.x && cy == goal.y) break;
    if (scan(rows_, row_words_, cy, cx + dx, dx, goal.y, goal.x) >= 0 ||
        scan(columns_, column_words_, cx, cy + dy, dy, goal.x, goal.y) >= 0)
      break;
    if (!open(cx + dx, cy) || !open(cx, cy + dy)) return false;  // no corner cutting
    cx += dx;
    cy += dy;
  }
  out = {cx, cy};
  return true;
}

// ---- The search ----------------------------------------------------------------------------------

namespace {

// The heap's order as a max-heap: "a pops after b" (f, then larger g, then lower cell).
constexpr auto kPopsAfter = [](const auto& a, const auto& b) {
  if (a.f != b.f) return a.f > b.f;
  if (a.g != b.g) return a.g < b.g;
  return a.cell > b.cell;
};

}  // namespace

void JumpPointSearch::relax(std::uint32_t from, Key from_g, GridCell at, GridCell to, GridCell goal) {
  const std::uint32_t cell = static_cast<std::uint32_t>(to.y) * static_cast<std::uint32_t>(w_) + static_cast<std::uint32_t>(to.x);
  Node& n = nodes_[cell];
  const Key g = from_g + octile(to.x - at.x, to.y - at.y);
  if (n.generation != generation_) {
    n.generation = generation_;
  } else if ((n.parent & kClosedBit) != 0 || g >= n.g) {
    return;
  }
  n.g = g;
  n.parent = from;
  heap_.push_back({g + octile(goal.x - to.x, goal.y - to.y), g, cell});
  std::push_heap(heap_.begin(), heap_.end(), kPopsAfter);
}

const SearchResult& JumpPointSearch::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  fell_back_ = !grid.uniform_cost() || grid.connectivity() != Connectivity::eight;
  if (fell_back_) return fallback_.plan(grid, start, goal);

  result_.status = SearchStatus::blocked_endpoint;
  result_.path.clear();
  result_.cost = 0.0;
  result_.length = 0.0;
  result_.expanded = 0;
  if (!grid.passable(start.x, start.y) || !grid.passable(goal.x, goal.y)) return result_;
  load(grid);
  const std::size_t cells = static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_);
  if (nodes_.size() < cells) nodes_.resize(cells);
  if (++generation_ == 0) {
    for (Node& n : nodes_) n.generation = 0;
    generation_ = 1;
  }
  heap_.clear();

  const auto index = [this](GridCell c) { return static_cast<std::uint32_t>(c.y) * static_cast<std::uint32_t>(w_) + static_cast<std::uint32_t>(c.x); };
  const std::uint32_t source = index(start), target = index(goal);
  nodes_[source] = {0, source, generation_};
  heap_.push_back({octile(goal.x - start.x, goal.y - start.y), 0, source});
  bool found = false;
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), kPopsAfter);
    const OpenEntry top = heap_.back();
    heap_.pop_back();
    Node& node = nodes_[top.cell];
    if ((node.parent & kClosedBit) != 0) continue;  // stale copy
    node.parent |= kClosedBit;
    ++result_.expanded;
    if (top.cell == target) {
      found = true;
      break;
    }
    const GridCell at{static_cast<int>(top.cell % static_cast<std::uint32_t>(w_)), static_cast<int>(top.cell / static_cast<std::uint32_t>(w_))};
    const int x = at.x, y = at.y;
    // The directions to try: all legal moves at the start, the pruned set elsewhere.
    int dirs[8][2];
    int count = 0;
    const auto add = [&](int dx, int dy) {
      dirs[count][0] = dx;
      dirs[count][1] = dy;
      ++count;
    };
    if (top.cell == source) {
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          if (dx == 0 && dy == 0) continue;
          if (open(x + dx, y + dy) && (dx == 0 || dy == 0 || (open(x + dx, y) && open(x, y + dy)))) add(dx, dy);
        }
    } else {
      const std::uint32_t parent = node.parent & ~kClosedBit;
      const int px = static_cast<int>(parent % static_cast<std::uint32_t>(w_)), py = static_cast<int>(parent / static_cast<std::uint32_t>(w_));
      const int dx = sign(x - px), dy = sign(y - py);
      if (dx != 0 && dy != 0) {
        const bool vertical = open(x, y + dy), horizontal = open(x + dx, y);
        if (vertical) add(0, dy);
        if (horizontal) add(dx, 0);
        if (vertical && horizontal) add(dx, dy);
      } else if (dx != 0) {
        const bool next = open(x + dx, y), below = open(x, y + 1), above = open(x, y - 1);
        if (next) {
          add(dx, 0);
          if (below) add(dx, 1);
          if (above) add(dx, -1);
        }
        if (below) add(0, 1);
        if (above) add(0, -1);
      } else {
        const bool next = open(x, y + dy), right = open(x + 1, y), left = open(x - 1, y);
        if (next) {
          add(0, dy);
          if (right) add(1, dy);
          if (left) add(-1, dy);
        }
        if (right) add(1, 0);
        if (left) add(-1, 0);
      }
    }
    for (int i = 0; i < count; ++i) {
      GridCell to;
      if (jump(x, y, dirs[i][0], dirs[i][1], goal, to)) relax(top.cell, top.g, at, to, goal);
    }
  }
  if (!found) {
    result_.status = SearchStatus::unreachable;
    return result_;
  }

  // The jump points back to the start, each run unrolled into its cells.
  result_.status = SearchStatus::found;
  for (std::uint32_t cell = target;;) {
    const GridCell c{static_cast<int>(cell % static_cast<std::uint32_t>(w_)), static_cast<int>(cell / static_cast<std::uint32_t>(w_))};
    if (cell == source) {
      result_.path.push_back(c);
      break;
    }
    const std::uint32_t parent = nodes_[cell].parent & ~kClosedBit;
    const GridCell p{static_cast<int>(parent % static_cast<std::uint32_t>(w_)), static_cast<int>(parent / static_cast<std::uint32_t>(w_))};
    const int dx = sign(p.x - c.x), dy = sign(p.y - c.y);
    for (GridCell walk = c; !(walk == p); walk = {walk.x + dx, walk.y + dy}) result_.path.push_back(walk);
    cell = parent;
  }
  std::reverse(result_.path.begin(), result_.path.end());
  for (std::size_t i = 1; i < result_.path.size(); ++i) {
    const GridCell a = result_.path[i - 1], b = result_.path[i];
    result_.length += (a.x != b.x && a.y != b.y) ? kSqrt2 : 1.0;
  }
  result_.cost = result_.length;
  return result_;
}

}  // namespace racer
