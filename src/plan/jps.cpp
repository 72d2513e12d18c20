// Jump Point Search (JPS+) on uniform 8-connected grids without corner cutting.
//
// Sections
//   Directions and keys
//   Per grid revision: the passability and component labels (first query), the jump tables
//     in the records (second query), a jump scanned without the tables
//   The search: A* over jump points (octile and landmark bounds, a bucket open list), then
//     the cell path
#include "plan/jps.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>

namespace racer {
namespace {

// ---- Directions and keys -------------------------------------------------------------------------

// Directions 0..3 straight (E, W, S, N), 4..7 diagonal (SE, SW, NE, NW).
constexpr int kDx[8] = {1, -1, 0, 0, 1, -1, 1, -1};
constexpr int kDy[8] = {0, 0, 1, -1, 1, 1, -1, -1};
constexpr int along_x(int dx) { return dx > 0 ? 0 : 1; }
constexpr int along_y(int dy) { return dy > 0 ? 2 : 3; }
constexpr int diagonal(int dx, int dy) { return 4 + (dx < 0 ? 1 : 0) + (dy < 0 ? 2 : 0); }
constexpr unsigned bit(int direction) { return 1u << direction; }

constexpr double kSqrt2 = 1.41421356237309504880;
using Key = std::uint64_t;
constexpr Key kOrthogonalKey = Key{1} << 32;
constexpr Key kDiagonalKey = DifferentialHeuristic::kDiagonalKey;  // round(sqrt(2) * 2^32)

Key octile(int dx, int dy) {
  const auto ax = static_cast<Key>(std::abs(dx)), ay = static_cast<Key>(std::abs(dy));
  return ax > ay ? (ax - ay) * kOrthogonalKey + ay * kDiagonalKey : (ay - ax) * kOrthogonalKey + ax * kDiagonalKey;
}

int sign(int v) { return (v > 0) - (v < 0); }

constexpr std::uint32_t kClosed = 1u << 3;
constexpr std::uint32_t kDirectionMask = 7u;

}  // namespace

// ---- Per grid revision ---------------------------------------------------------------------------

// The component labels (landmarks == 0) or the labels and the landmark distances, which
// DifferentialHeuristic writes into the records.
void JumpPointSearch::build_landmarks(const SearchGrid& grid, int landmarks) {
  static_assert(sizeof(Cell) == 128);
  const auto k = static_cast<std::size_t>(std::clamp(landmarks, 0, kLandmarkSlots));
  if (k == 0) {
    landmarks_.build(grid, 0, [](std::size_t) -> std::uint32_t* { return nullptr; });
    return;
  }
  // The counts unpacked into scratch (4 bytes a landmark), then packed into the records (3
  // bytes: 32 landmarks in the 128-byte record); counts of 4096 steps or more drop them all.
  counts_scratch_.assign(cells_.size() * k, 0);
  landmarks_.build(grid, static_cast<int>(k), [this, k](std::size_t cell) { return counts_scratch_.data() + cell * k; },
                   DifferentialHeuristic::kPackedLimit);
  for (std::size_t cell = 0; cell < cells_.size(); ++cell)
    for (std::size_t l = 0; l < k; ++l) {
      const std::uint32_t packed = DifferentialHeuristic::pack(counts_scratch_[cell * k + l]);
      const unsigned char bytes[3] = {static_cast<unsigned char>(packed), static_cast<unsigned char>(packed >> 8), static_cast<unsigned char>(packed >> 16)};
      std::memcpy(cells_[cell].landmarks + 3 * l, bytes, 3);
    }
  std::vector<std::uint32_t>().swap(counts_scratch_);
}

void JumpPointSearch::unpack_landmarks(std::uint32_t cell, std::uint32_t* counts) const {
  const unsigned char* b = packed_landmarks(cells_[cell]);  // 4 bytes readable from each landmark's
  for (int l = 0; l < landmarks_.landmarks(); ++l, b += 3) {
    std::uint32_t word = 0;
    std::memcpy(&word, b, 4);
    counts[l] = DifferentialHeuristic::unpack(word & 0xFFFFFFu);
  }
}

void JumpPointSearch::load(const SearchGrid& grid) {
  if (loaded_ && revision_ == grid.revision()) return;
  loaded_ = true;
  revision_ = grid.revision();
  w_ = grid.width();
  h_ = grid.height();
  // y = cell * ceil(2^40 / w) >> 40 is exact while cell * w < 2^40 (the rounding adds less
  // than cell / 2^40 < 1 / w to cell / w), so for every cell of a grid below 2^20 cells.
  const std::uint64_t cells = static_cast<std::uint64_t>(w_) * static_cast<std::uint64_t>(h_);
  row_reciprocal_ = cells > 0 && cells < (std::uint64_t{1} << 20) ? ((std::uint64_t{1} << 40) + static_cast<std::uint64_t>(w_) - 1) / static_cast<std::uint64_t>(w_) : 0;
  const auto pw = static_cast<std::size_t>(w_) + 2;
  open_.assign(pw * (static_cast<std::size_t>(h_) + 2), 0);
  const std::vector<std::uint8_t>& pass = grid.passable_cells();
  for (int y = 0; y < h_; ++y)
    for (int x = 0; x < w_; ++x)
      open_[static_cast<std::size_t>(y + 1) * pw + static_cast<std::size_t>(x + 1)] = pass[grid.index(x, y)] != 0 ? 1 : 0;
  // The records' search fields need no reset (their stamps are of older searches), nor their
  // landmark counts (unread until build_landmarks() writes them all).
  const std::size_t n = static_cast<std::size_t>(cells);
  if (cells_.size() != n) cells_.assign(n, Cell{});
  queries_on_revision_ = 0;
  build_landmarks(grid, 0);  // the labels only: tables and landmarks wait for a second query
}

// The jump tables: for each passable cell and direction d, cells_[cell].jumps[d] = v: v > 0,
// the jump from the cell stops at a jump point v steps away; v <= 0, the run can take -v
// steps and finds no jump point. Each line is filled from its far end, so the value of the
// cell one step ahead is known: straight directions first, since a diagonal stops where a
// straight jump from the cell it steps on finds a jump point. Direction by direction into
// direction-major rows (each line's next cell is then one row or one entry away), then
// copied into the records.
void JumpPointSearch::build_jumps() {
  const std::size_t n = cells_.size();
  const auto pw = static_cast<std::size_t>(w_) + 2;
  jump_rows_.resize(8 * n);
  const auto width = static_cast<std::size_t>(w_);
  for (int d = 0; d < 8; ++d) {
    const int dx = kDx[d], dy = kDy[d];
    std::int16_t* table = jump_rows_.data() + static_cast<std::size_t>(d) * n;
    const std::int16_t* along_x_table = jump_rows_.data() + static_cast<std::size_t>(along_x(dx)) * n;
    const std::int16_t* along_y_table = jump_rows_.data() + static_cast<std::size_t>(along_y(dy)) * n;
    // Offsets of the padded passability: one step ahead, and the forced-neighbour probes.
    const std::ptrdiff_t step = dx + dy * static_cast<std::ptrdiff_t>(pw);
    const std::ptrdiff_t side = dy == 0 ? static_cast<std::ptrdiff_t>(pw) : 1;  // across the line
    for (int row = 0; row < h_; ++row) {
      const int y = dy > 0 ? h_ - 1 - row : row;
      for (int col = 0; col < w_; ++col) {
        const int x = dx > 0 ? w_ - 1 - col : col;
        const std::size_t cell = static_cast<std::size_t>(y) * width + static_cast<std::size_t>(x);
        const std::uint8_t* here = open_.data() + static_cast<std::size_t>(y + 1) * pw + static_cast<std::size_t>(x + 1);
        int v = 0;
        if (*here == 0) {
          v = 0;
        } else if (d < 4) {
          // A cell t stepped on straight has a forced neighbour: a side cell of t is passable
          // and the side cell one step back is blocked.
          const std::uint8_t* t = here + step;
          if (*t == 0) {
            v = 0;
          } else if ((t[side] != 0 && here[side] == 0) || (t[-side] != 0 && here[-side] == 0)) {
            v = 1;
          } else {
            const int ahead = table[static_cast<std::ptrdiff_t>(cell) + dx + dy * w_];
            v = ahead > 0 ? ahead + 1 : ahead - 1;
          }
        } else {
          const std::ptrdiff_t next = static_cast<std::ptrdiff_t>(cell) + dx + dy * w_;
          if (here[dx] == 0 || here[dy * static_cast<std::ptrdiff_t>(pw)] == 0 || here[step] == 0) {
            v = 0;
          } else if (along_x_table[next] > 0 || along_y_table[next] > 0) {
            v = 1;
          } else {
            const int ahead = table[next];
            v = ahead > 0 ? ahead + 1 : ahead - 1;
          }
        }
        table[cell] = static_cast<std::int16_t>(v);
      }
    }
  }
  for (std::size_t cell = 0; cell < n; ++cell)
    for (int d = 0; d < 8; ++d) cells_[cell].jumps[d] = jump_rows_[static_cast<std::size_t>(d) * n + cell];
}

// The jump from (x, y) along d without the tables, as the tables would hold it (a grid's
// first query scans its jumps instead of paying for the tables): walk the line until it
// leaves the passable cells (-steps) or, straight, steps on a cell with a forced neighbour,
// or, diagonally, on a cell from which a straight jump along a component finds a jump point
// (steps).
int JumpPointSearch::scan_jump(int x, int y, int d) const {
  const auto pw = static_cast<std::ptrdiff_t>(w_) + 2;
  const std::uint8_t* here = open_.data() + static_cast<std::ptrdiff_t>(y + 1) * pw + (x + 1);
  const int dx = kDx[d], dy = kDy[d];
  const std::ptrdiff_t step = dx + dy * pw;
  if (d < 4) {
    const std::ptrdiff_t side = dy == 0 ? pw : 1;  // across the line
    for (int k = 1;; ++k, here += step) {
      const std::uint8_t* t = here + step;
      if (*t == 0) return -(k - 1);
      if ((t[side] != 0 && here[side] == 0) || (t[-side] != 0 && here[-side] == 0)) return k;
    }
  }
  for (int k = 1;; ++k) {
    if (here[dx] == 0 || here[dy * pw] == 0 || here[step] == 0) return -(k - 1);
    here += step;
    x += dx;
    y += dy;
    if (scan_jump(x, y, along_x(dx)) > 0 || scan_jump(x, y, along_y(dy)) > 0) return k;
  }
}

// ---- The search ----------------------------------------------------------------------------------

// The jump point (x, y) reached from `from` (whose g is `g` plus the jump, already added)
// along `direction`: recorded and pushed unless it holds a cost as low already. The tie
// word orders equal f by larger g (3 bits of fraction kept), then by lower cell.
inline void JumpPointSearch::relax(std::uint32_t from, Key g, std::uint32_t cell, int x, int y, int direction, GridCell goal) {
  Cell& n = cells_[cell];
  const std::uint32_t generation = generation_ << 4;
  if ((n.stamp & ~(kClosed | kDirectionMask)) != generation) {
    n.stamp = generation;
  } else if ((n.stamp & kClosed) != 0 || g >= n.g) {
    return;
  }
  const Key h = std::max(octile(goal.x - x, goal.y - y), landmarks_.at_packed(packed_landmarks(n)));
  n.g = g;
  n.parent = from;
  n.stamp = generation | static_cast<std::uint32_t>(direction);
  const auto depth = static_cast<std::uint32_t>(g >> 29);
  open_list_.push({g + h, (static_cast<std::uint64_t>(~depth) << 32) | cell});
}

void JumpPointSearch::prefetch(std::uint32_t cell) const {
  const auto* record = reinterpret_cast<const char*>(&cells_[cell]);
  __builtin_prefetch(record);
  __builtin_prefetch(record + 64);
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
  // The tables and landmarks pay from the second query of a grid revision on: a grid planned
  // once (a window made afresh for one detour) costs the labels and a search that scans its
  // jumps, with the octile bound.
  if (queries_on_revision_ < 2 && ++queries_on_revision_ == 2) {
    build_jumps();
    if (landmark_count_ > 0) build_landmarks(grid, landmark_count_);
  }
  const bool tables = queries_on_revision_ >= 2;
  if (++generation_ >= (1u << 28)) {  // the stamp keeps 28 bits of generation
    for (Cell& n : cells_) n.stamp = 0;
    generation_ = 1;
  }

  const auto uw = static_cast<std::uint32_t>(w_);
  const std::uint32_t source = static_cast<std::uint32_t>(start.y) * uw + static_cast<std::uint32_t>(start.x);
  const std::uint32_t target = static_cast<std::uint32_t>(goal.y) * uw + static_cast<std::uint32_t>(goal.x);
  if (landmarks_.component(source) != landmarks_.component(target)) {
    result_.status = SearchStatus::unreachable;
    return result_;
  }
  {
    // The active landmarks: those whose bounds summed over the start and the passable cells
    // of the goal's component at 1/4, 1/2 and 3/4 of the straight line to the goal are
    // largest (on rooms512 4 % fewer jump points than ranking by the start alone). A query
    // whose ends lie within kShortQuery cells in x and y (a few jump points) ranks them at the
    // start alone and keeps kShortQueryActive: there the three more rows and the wider bound
    // cost more than they save (arena: 0.3 us a query with 16 ranked at the start, 0.1 with 8).
    std::uint32_t counts[kLandmarkSamples][kLandmarkSlots], goal_counts[kLandmarkSlots];
    const std::uint32_t* rows[kLandmarkSamples];
    int count = 0;
    unpack_landmarks(source, counts[count]);
    rows[count] = counts[count];
    ++count;
    const bool short_query = std::abs(goal.x - start.x) < kShortQuery && std::abs(goal.y - start.y) < kShortQuery;
    for (int k = 1; k < kLandmarkSamples && !short_query; ++k) {
      const int px = start.x + (goal.x - start.x) * k / kLandmarkSamples, py = start.y + (goal.y - start.y) * k / kLandmarkSamples;
      const std::uint32_t p = static_cast<std::uint32_t>(py) * uw + static_cast<std::uint32_t>(px);
      if (open(px, py) && landmarks_.component(p) == landmarks_.component(target)) {
        unpack_landmarks(p, counts[count]);
        rows[count] = counts[count];
        ++count;
      }
    }
    unpack_landmarks(target, goal_counts);
    landmarks_.set_goal(goal_counts, rows, count, short_query ? kShortQueryActive : kActiveLandmarks);
  }
  cells_[source].g = 0;
  cells_[source].parent = source;
  cells_[source].stamp = generation_ << 4;
  const Key first = std::max(octile(goal.x - start.x, goal.y - start.y), landmarks_.at_packed(packed_landmarks(cells_[source])));
  // Every f lies within twice the longest jump (max(w, h) diagonal steps) of the last popped.
  open_list_.reset(first, 2 * static_cast<Key>(std::max(w_, h_)) * kDiagonalKey);
  open_list_.push({first, source});
  bool found = false;
  while (!open_list_.empty()) {
    const std::uint32_t cell = static_cast<std::uint32_t>(open_list_.pop().tie);
    Cell& node = cells_[cell];
    if ((node.stamp & kClosed) != 0) continue;  // stale copy
    node.stamp |= kClosed;
    ++result_.expanded;
    const auto row = static_cast<std::uint32_t>(row_reciprocal_ != 0 ? (cell * row_reciprocal_) >> 40 : cell / uw);
    const int x = static_cast<int>(cell - row * uw), y = static_cast<int>(row);
    if (trace_ != nullptr) trace_->expanded.push_back({x, y});
    if (cell == target) {
      found = true;
      break;
    }
    // The directions to try: all eight at the start, the pruned set elsewhere.
    unsigned dirs = 0xFFu;
    if (cell != source) {
      const int a = static_cast<int>(node.stamp & kDirectionMask);
      const int dx = kDx[a], dy = kDy[a];
      if (a >= 4) {
        dirs = bit(a) | bit(along_x(dx)) | bit(along_y(dy));
      } else if (dy == 0) {
        dirs = bit(a);
        if (open(x, y + 1) && !open(x - dx, y + 1)) dirs |= bit(2) | bit(diagonal(dx, 1));
        if (open(x, y - 1) && !open(x - dx, y - 1)) dirs |= bit(3) | bit(diagonal(dx, -1));
      } else {
        dirs = bit(a);
        if (open(x + 1, y) && !open(x + 1, y - dy)) dirs |= bit(0) | bit(diagonal(1, dy));
        if (open(x - 1, y) && !open(x - 1, y - dy)) dirs |= bit(1) | bit(diagonal(-1, dy));
      }
    }
    const std::int16_t* jumps = node.jumps;
    const Key g = node.g;
    const int gx = goal.x - x, gy = goal.y - y;
    // The jumps' ends first, their records prefetched, then the relaxations: the ends lie far
    // apart in memory, and their cache misses then overlap instead of queueing.
    struct Jump {
      Key g;
      std::uint32_t cell;
      int x, y, direction;
    };
    Jump jumps_out[8];
    int count = 0;
    for (; dirs != 0; dirs &= dirs - 1) {
      const int d = std::countr_zero(dirs);
      const int v = tables ? jumps[d] : scan_jump(x, y, d);
      const int dx = kDx[d], dy = kDy[d];
      int steps = v;  // the jump's length in steps; <= 0: none
      if (d < 4) {
        // The goal on this line within reach ends the jump there.
        const int to_goal = dy == 0 ? (gy == 0 ? gx * dx : 0) : (gx == 0 ? gy * dy : 0);
        if (to_goal > 0 && to_goal <= std::abs(v)) steps = to_goal;
      } else if (sign(gx) == dx && sign(gy) == dy) {
        // The goal in this quadrant: the jump also ends where it crosses the goal's row or
        // column, if it gets that far.
        const int cross = std::min(std::abs(gx), std::abs(gy));
        if (cross <= std::abs(v)) steps = cross;
      }
      if (steps <= 0) continue;
      const int ex = x + steps * dx, ey = y + steps * dy;
      const std::uint32_t end = static_cast<std::uint32_t>(ey) * uw + static_cast<std::uint32_t>(ex);
      jumps_out[count++] = {g + static_cast<Key>(steps) * (d < 4 ? kOrthogonalKey : kDiagonalKey), end, ex, ey, d};
      prefetch(end);
    }
    for (int i = 0; i < count; ++i) {
      const Jump& j = jumps_out[i];
      relax(cell, j.g, j.cell, j.x, j.y, j.direction, goal);
    }
  }
  if (!found) {
    result_.status = SearchStatus::unreachable;
    return result_;
  }

  // The jump points back to the start, each run unrolled into its cells.
  result_.status = SearchStatus::found;
  for (std::uint32_t cell = target;;) {
    const GridCell c{static_cast<int>(cell % uw), static_cast<int>(cell / uw)};
    if (cell == source) {
      result_.path.push_back(c);
      break;
    }
    const std::uint32_t parent = cells_[cell].parent;
    const GridCell p{static_cast<int>(parent % uw), static_cast<int>(parent / uw)};
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
