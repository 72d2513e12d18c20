// Grid search: A* / Dijkstra over two views of a grid (uniform and weighted SearchGrid)
// sharing one core.
//
// Sections
//   Views: how the core reads passability and multipliers
//   The search core (A* with an indexed binary heap, generation-stamped nodes)
//   The uniform core (move masks, 8-byte nodes, bucket queue on f, lazy deletion)
//   The heap
//   The uniform core's open list
#include "plan/grid_search.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdlib>

namespace racer {
namespace {

constexpr double kSqrt2 = 1.41421356237309504880;
constexpr double kUnit = 4294967296.0;  // 2^32 key units per cell of cost
using Key = std::uint64_t;
constexpr Key kOrthogonalKey = Key{1} << 32;
const Key kDiagonalKey = static_cast<Key>(std::llround(kSqrt2 * kUnit));
constexpr Key kKeyLimit = Key{1} << 62;  // keys saturate here (never reached in practice)

// The key of a step of `cost` cells (cost <= 1.5 * kMaxCost, so the product is exact enough).
Key step_key(double cost) { return static_cast<Key>(std::llround(cost * kUnit)); }

Key add_keys(Key a, Key b) { return std::min(a + b, kKeyLimit); }  // both < 2^62: no wrap

double clamp_cost(double m) { return std::clamp(m, 1.0, static_cast<double>(SearchGrid::kMaxCost)); }

// Neighbour offsets: the four orthogonal ones first, then the diagonals; each diagonal
// lists the two orthogonal neighbours it must not cut between.
constexpr int kDx[8] = {1, -1, 0, 0, 1, -1, 1, -1};
constexpr int kDy[8] = {0, 0, 1, -1, 1, 1, -1, -1};
constexpr int kSideA[8] = {0, 0, 0, 0, 0, 1, 0, 1};  // the x-step (E or W) of a diagonal
constexpr int kSideB[8] = {0, 0, 0, 0, 2, 2, 3, 3};  // the y-step (N or S) of a diagonal

}  // namespace

// ---- Views ---------------------------------------------------------------------------------
// The core asks a view for its size and, for in-bounds cells only, passable(x, y, index) and
// cost(x, y, index) (the multiplier). kUniform lets the core skip multipliers altogether.

namespace {

struct UniformView {
  static constexpr bool kUniform = true;
  const SearchGrid& grid;
  int width() const { return grid.width(); }
  int height() const { return grid.height(); }
  bool passable(int, int, std::size_t i) const { return grid.passable_cells()[i] != 0; }
  double cost(int, int, std::size_t) const { return 1.0; }
};

struct WeightedView {
  static constexpr bool kUniform = false;
  const SearchGrid& grid;
  int width() const { return grid.width(); }
  int height() const { return grid.height(); }
  bool passable(int, int, std::size_t i) const { return grid.passable_cells()[i] != 0; }
  double cost(int, int, std::size_t i) const { return clamp_cost(static_cast<double>(grid.costs()[i])); }
};

}  // namespace

// ---- The search core -------------------------------------------------------------------------

const SearchResult& GridSearch::search(const SearchGrid& grid, GridCell start, GridCell goal, SearchMode mode) {
  if (grid.uniform_cost()) {
    // The uniform core never saturates its keys: every g and f stays below kKeyLimit when
    // (cells + width + height) diagonal steps do, and its step counts fit their 20 bits
    // below 2^20 cells. Larger grids take the general core.
    const double cells = static_cast<double>(grid.width()) * static_cast<double>(grid.height());
    const double bound = (cells + grid.width() + grid.height()) * static_cast<double>(kDiagonalKey);
    if (bound < static_cast<double>(kKeyLimit) / 2.0 && cells < static_cast<double>(std::uint64_t{1} << kCountBits)) {
      return mode == SearchMode::astar ? run_uniform<true>(grid, start, goal) : run_uniform<false>(grid, start, goal);
    }
    return run(UniformView{grid}, start, goal, mode);
  }
  return run(WeightedView{grid}, start, goal, mode);
}

void GridSearch::prepare(std::size_t cells) {
  if (nodes_.size() < cells) {  // new nodes carry generation 0: stale
    nodes_.resize(cells);
    heap_pos_.resize(cells);
  }
  if (++generation_ == 0) {  // wrapped after 2^32 searches: restamp everything once
    for (Node& n : nodes_) n.generation = 0;
    generation_ = 1;
  }
  heap_.clear();
}

GridSearch::Node& GridSearch::touch(std::uint32_t cell) {
  Node& n = nodes_[cell];
  if (n.generation != generation_) {
    n = {kKeyLimit, cell, generation_};
    heap_pos_[cell] = -1;
  }
  return n;
}

template <class View>
const SearchResult& GridSearch::run(const View& view, GridCell start, GridCell goal, SearchMode mode) {
  result_.status = SearchStatus::blocked_endpoint;
  result_.path.clear();
  result_.cost = 0.0;
  result_.length = 0.0;
  result_.expanded = 0;

  const int w = view.width(), h = view.height();
  const auto index_of = [w](int x, int y) {
    return static_cast<std::uint32_t>(static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x));
  };
  const auto usable = [&](GridCell c) {
    return c.x >= 0 && c.y >= 0 && c.x < w && c.y < h && view.passable(c.x, c.y, index_of(c.x, c.y));
  };
  if (!usable(start) || !usable(goal)) return result_;

  prepare(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  const bool use_heuristic = mode == SearchMode::astar;
  const Key diagonal_extra = kDiagonalKey - kOrthogonalKey;
  const auto heuristic = [&](int x, int y) -> Key {  // octile, in keys: exactly consistent
    if (!use_heuristic) return 0;
    const auto dx = static_cast<Key>(std::abs(x - goal.x)), dy = static_cast<Key>(std::abs(y - goal.y));
    return std::max(dx, dy) * kOrthogonalKey + std::min(dx, dy) * diagonal_extra;
  };

  const std::uint32_t source = index_of(start.x, start.y), target = index_of(goal.x, goal.y);
  Node& first = touch(source);
  first.g = 0;
  heap_push({heuristic(start.x, start.y), 0, source});

  bool found = false;
  while (!heap_.empty()) {
    const HeapEntry current = heap_pop();
    ++result_.expanded;
    if (current.cell == target) {
      found = true;
      break;
    }
    const int x = static_cast<int>(current.cell % static_cast<std::uint32_t>(w));
    const int y = static_cast<int>(current.cell / static_cast<std::uint32_t>(w));
    const double here_multiplier = View::kUniform ? 1.0 : view.cost(x, y, current.cell);

    bool open[8];
    for (int k = 0; k < 8; ++k) {
      const int nx = x + kDx[k], ny = y + kDy[k];
      open[k] = nx >= 0 && ny >= 0 && nx < w && ny < h &&
                (k < 4 || (open[kSideA[k]] && open[kSideB[k]])) &&  // no corner cutting
                view.passable(nx, ny, index_of(nx, ny));
      if (!open[k]) continue;
      const std::uint32_t cell = index_of(nx, ny);
      Node& next = touch(cell);
      const std::int32_t pos = heap_pos_[cell];
      if (pos == kClosed) continue;
      Key step = k < 4 ? kOrthogonalKey : kDiagonalKey;
      if constexpr (!View::kUniform)  // >= the uniform key: multipliers >= 1, rounding is monotone
        step = step_key((k < 4 ? 1.0 : kSqrt2) * 0.5 * (here_multiplier + view.cost(nx, ny, cell)));
      const Key g = add_keys(current.g, step);
      if (pos == -1 || g < next.g) {
        next.g = g;
        next.parent = current.cell;
        const Key f = add_keys(g, heuristic(nx, ny));
        if (pos == -1) heap_push({f, g, cell});
        else heap_decrease(pos, f, g);
      }
    }
  }
  if (!found) {
    result_.status = SearchStatus::unreachable;
    return result_;
  }

  result_.status = SearchStatus::found;
  for (std::uint32_t cell = target;; cell = nodes_[cell].parent) {
    result_.path.push_back({static_cast<int>(cell % static_cast<std::uint32_t>(w)),
                            static_cast<int>(cell / static_cast<std::uint32_t>(w))});
    if (cell == source) break;
  }
  std::reverse(result_.path.begin(), result_.path.end());
  for (std::size_t i = 1; i < result_.path.size(); ++i) {  // cost and length in double
    const GridCell a = result_.path[i - 1], b = result_.path[i];
    const double length = (a.x != b.x && a.y != b.y) ? kSqrt2 : 1.0;
    result_.length += length;
    result_.cost += View::kUniform ? length
                                   : length * 0.5 * (view.cost(a.x, a.y, index_of(a.x, a.y)) + view.cost(b.x, b.y, index_of(b.x, b.y)));
  }
  return result_;
}

// ---- The uniform core ------------------------------------------------------------------------
// The same search as run() on a grid without multipliers, and the same answers: the same
// pop order (f, then larger g, then lower cell index) over the same open entries, the same
// strict "g < old g" relaxation, the same path walk-back and cost sums.

namespace {

// Bit k of a cell's move mask: the move (kDx[k], kDy[k]) is legal (in bounds, onto a passable
// cell, no corner cutting). Passability bytes are 0 or 1 (SearchGrid writes nothing else).
unsigned move_mask(const std::uint8_t* pass, int w, int h, int x, int y, std::size_t cell) {
  if (x > 0 && y > 0 && x + 1 < w && y + 1 < h) {  // inside: no bounds checks
    const std::uint8_t* p = pass + cell;
    const auto W = static_cast<std::ptrdiff_t>(w);
    const unsigned e = p[1], west = p[-1], s = p[W], n = p[-W];
    return e | west << 1 | s << 2 | n << 3 | (e & s & p[W + 1]) << 4 | (west & s & p[W - 1]) << 5 |
           (e & n & p[1 - W]) << 6 | (west & n & p[-1 - W]) << 7;
  }
  const auto at = [&](int xx, int yy) -> unsigned {
    return (xx >= 0 && yy >= 0 && xx < w && yy < h) ? pass[static_cast<std::size_t>(yy) * static_cast<std::size_t>(w) + static_cast<std::size_t>(xx)] : 0u;
  };
  const unsigned e = at(x + 1, y), west = at(x - 1, y), s = at(x, y + 1), n = at(x, y - 1);
  return e | west << 1 | s << 2 | n << 3 | (e & s & at(x + 1, y + 1)) << 4 | (west & s & at(x - 1, y + 1)) << 5 |
         (e & n & at(x + 1, y - 1)) << 6 | (west & n & at(x - 1, y - 1)) << 7;
}

}  // namespace

template <bool kHeuristic>
const SearchResult& GridSearch::run_uniform(const SearchGrid& grid, GridCell start, GridCell goal) {
  result_.status = SearchStatus::blocked_endpoint;
  result_.path.clear();
  result_.cost = 0.0;
  result_.length = 0.0;
  result_.expanded = 0;

  const int w = grid.width(), h = grid.height();
  const std::uint8_t* pass = grid.passable_cells().data();
  const auto index_of = [w](int x, int y) {
    return static_cast<std::uint32_t>(static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x));
  };
  const auto usable = [&](GridCell c) { return c.x >= 0 && c.y >= 0 && c.x < w && c.y < h && pass[index_of(c.x, c.y)] != 0; };
  if (!usable(start) || !usable(goal)) return result_;

  // Nodes and move masks: the masks are made once per grid revision (one pass over the
  // grid), the nodes are stamped with a generation and cleared only when it wraps.
  const std::size_t cells = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  if (packed_.size() < cells) packed_.resize(cells, 0);  // generation 0: stale
  if (++packed_generation_ == kPackedGenerations) {
    std::fill(packed_.begin(), packed_.end(), std::uint64_t{0});
    packed_generation_ = 1;
  }
  if (!masks_valid_ || masks_revision_ != grid.revision() || masks_.size() != cells) {
    masks_.resize(cells);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const std::uint32_t cell = index_of(x, y);
        masks_[cell] = static_cast<std::uint8_t>(move_mask(pass, w, h, x, y, cell));
      }
    masks_revision_ = grid.revision();
    masks_valid_ = true;
  }

  const Key diagonal_extra = kDiagonalKey - kOrthogonalKey;
  const int gx = goal.x, gy = goal.y;
  const auto heuristic = [&](int x, int y) -> Key {  // octile, in keys: exactly consistent
    if constexpr (!kHeuristic) return 0;
    const auto dx = static_cast<Key>(std::abs(x - gx)), dy = static_cast<Key>(std::abs(y - gy));
    return dx > dy ? dx * kOrthogonalKey + dy * diagonal_extra : dy * kOrthogonalKey + dx * diagonal_extra;
  };
  const auto W = static_cast<std::int64_t>(w);
  const std::int64_t offset[8] = {1, -1, W, -W, W + 1, W - 1, 1 - W, -1 - W};
  const Key step[8] = {kOrthogonalKey, kOrthogonalKey, kOrthogonalKey, kOrthogonalKey,
                       kDiagonalKey,   kDiagonalKey,   kDiagonalKey,   kDiagonalKey};
  // A node's counts, generation, move and closed bit (see kCountBits in the header); the
  // increment of the counts for each move: one orthogonal or one diagonal step.
  constexpr std::uint64_t kCountMask = (std::uint64_t{1} << kCountBits) - 1;
  const std::uint64_t count_step[8] = {1, 1, 1, 1, std::uint64_t{1} << kCountBits, std::uint64_t{1} << kCountBits,
                                       std::uint64_t{1} << kCountBits, std::uint64_t{1} << kCountBits};
  const auto g_of = [&](std::uint64_t node) -> Key {
    return (node & kCountMask) * kOrthogonalKey + ((node >> kCountBits) & kCountMask) * kDiagonalKey;
  };
  const std::uint64_t stamp = std::uint64_t{packed_generation_} << kGenerationShift;
  constexpr std::uint64_t kGenerationMask = std::uint64_t{kPackedGenerations - 1} << kGenerationShift;
  // The top 24 bits (closed, move, generation) without the move: equal to `stamp` when the
  // node is open in this search, to `stamp | kPackedClosed` when closed.
  constexpr std::uint64_t kStateMask = kPackedClosed | kGenerationMask;

  const std::uint32_t source = index_of(start.x, start.y), target = index_of(goal.x, goal.y);
  std::uint64_t* const nodes = packed_.data();
  const auto last_cell = static_cast<std::uint32_t>(cells - 1);
  const std::uint8_t* const masks = masks_.data();
  nodes[source] = stamp;
  open_clear(heuristic(start.x, start.y));
  open_push({window_f_, 0, source, static_cast<std::uint16_t>(start.x), static_cast<std::uint16_t>(start.y)});

  bool found = false;
  OpenEntry current;
  while (open_pop(current)) {
    std::uint64_t& here = nodes[current.cell];
    if ((here & kPackedClosed) != 0) continue;  // a stale copy: the cell closed at a lower g
    assert(g_of(here) == current.g);
    here |= kPackedClosed;
    ++result_.expanded;
    if (current.cell == target) {
      found = true;
      break;
    }
    if (!current_.empty()) {  // the likely next expansion: its rows of nodes on their way to the cache
      const std::uint32_t c = current_.back().cell, row = static_cast<std::uint32_t>(w);
      __builtin_prefetch(nodes + (c - std::min(c, row)));  // addresses inside the array only
      __builtin_prefetch(nodes + c);
      __builtin_prefetch(nodes + std::min(c + row, last_cell));
    }
    const std::uint64_t counts = here & (kCountMask | kCountMask << kCountBits);
    const int x = current.x, y = current.y;
    for (unsigned mask = masks[current.cell]; mask != 0; mask &= mask - 1) {
      const int k = std::countr_zero(mask);
      const auto cell = static_cast<std::uint32_t>(static_cast<std::int64_t>(current.cell) + offset[k]);
      const std::uint64_t next = nodes[cell];
      const Key g = current.g + step[k];
      const std::uint64_t state = next & kStateMask;
      if (state == stamp) {
        if (g >= g_of(next)) continue;
      } else if (state == (stamp | kPackedClosed)) {
        continue;
      }
      nodes[cell] = (counts + count_step[k]) | stamp | static_cast<std::uint64_t>(k) << kMoveShift;
      const int nx = x + kDx[k], ny = y + kDy[k];
      open_push({g + heuristic(nx, ny), g, cell, static_cast<std::uint16_t>(nx), static_cast<std::uint16_t>(ny)});
    }
  }
  if (!found) {
    result_.status = SearchStatus::unreachable;
    return result_;
  }

  result_.status = SearchStatus::found;
  for (std::uint32_t cell = target;;) {
    result_.path.push_back({static_cast<int>(cell % static_cast<std::uint32_t>(w)),
                            static_cast<int>(cell / static_cast<std::uint32_t>(w))});
    if (cell == source) break;
    const auto k = static_cast<std::size_t>((nodes[cell] >> kMoveShift) & 7);
    cell = static_cast<std::uint32_t>(static_cast<std::int64_t>(cell) - offset[k]);
  }
  std::reverse(result_.path.begin(), result_.path.end());
  for (std::size_t i = 1; i < result_.path.size(); ++i) {  // length in double, as run() sums it
    const GridCell a = result_.path[i - 1], b = result_.path[i];
    const double length = (a.x != b.x && a.y != b.y) ? kSqrt2 : 1.0;
    result_.length += length;
    result_.cost += length;
  }
  return result_;
}

// ---- The heap --------------------------------------------------------------------------------
// A binary min-heap of open nodes ordered by f, then larger g, then lower cell index; each
// node knows its position (heap_pos_) so a better path lowers its key in place.

bool GridSearch::before(const HeapEntry& a, const HeapEntry& b) {
  if (a.f != b.f) return a.f < b.f;
  if (a.g != b.g) return a.g > b.g;
  return a.cell < b.cell;
}

void GridSearch::place(std::size_t pos, const HeapEntry& entry) {
  heap_[pos] = entry;
  heap_pos_[entry.cell] = static_cast<std::int32_t>(pos);
}

void GridSearch::sift_up(std::size_t pos) {
  const HeapEntry entry = heap_[pos];
  while (pos > 0) {
    const std::size_t parent = (pos - 1) / 2;
    const HeapEntry& p = heap_[parent];
    if (!before(entry, p)) break;
    place(pos, p);
    pos = parent;
  }
  place(pos, entry);
}

void GridSearch::sift_down(std::size_t pos) {
  const HeapEntry entry = heap_[pos];
  const std::size_t n = heap_.size();
  for (;;) {
    std::size_t child = 2 * pos + 1;
    if (child >= n) break;
    if (child + 1 < n) {
      const HeapEntry& a = heap_[child];
      const HeapEntry& b = heap_[child + 1];
      if (before(b, a)) ++child;
    }
    const HeapEntry& c = heap_[child];
    if (!before(c, entry)) break;
    place(pos, c);
    pos = child;
  }
  place(pos, entry);
}

void GridSearch::heap_push(HeapEntry entry) {
  heap_.push_back(entry);
  sift_up(heap_.size() - 1);
}

GridSearch::HeapEntry GridSearch::heap_pop() {
  const HeapEntry top = heap_.front();
  heap_pos_[top.cell] = kClosed;
  const HeapEntry last = heap_.back();
  heap_.pop_back();
  if (heap_.empty()) return top;
  // Bottom-up: walk the hole down along the smaller children to a leaf (one comparison a
  // level), then drop the last entry into it and let it rise (rarely far).
  const std::size_t n = heap_.size();
  std::size_t pos = 0;
  for (std::size_t child = 1; child < n; child = 2 * pos + 1) {
    if (child + 1 < n && before(heap_[child + 1], heap_[child])) ++child;
    place(pos, heap_[child]);
    pos = child;
  }
  heap_[pos] = last;
  sift_up(pos);
  return top;
}

void GridSearch::heap_decrease(std::int32_t pos, Key f, Key g) {
  const auto p = static_cast<std::size_t>(pos);
  heap_[p].f = f;
  heap_[p].g = g;
  const std::uint32_t cell = heap_[p].cell;
  sift_up(p);  // g dropped and h is unchanged, so f dropped: the entry rises...
  // ...except when f saturated at kKeyLimit (then only g dropped, a worse tie-break).
  sift_down(static_cast<std::size_t>(heap_pos_[cell]));
}

// ---- The uniform core's open list ------------------------------------------------------------
// A bucket queue: f never decreases from pop to pop, so only the current bucket needs an
// order; the later ones are plain lists until their turn comes. current_ is kept sorted,
// the next pop at its back. A push into the current bucket always has f equal to the f just
// popped: one move changes f by 0 or by at least sqrt(2) - 1 cells (step + change of the
// octile distance), more than a bucket's width. Its g is larger than the g just popped,
// hence larger than every g left at that f, so it goes on top of current_, past at most the
// other entries pushed by the same expansion: a few steps of insertion, no heap.

namespace {

// "a pops after b": f, then larger g, then lower cell index.
constexpr auto kPopsAfter = [](const auto& a, const auto& b) {
  if (a.f != b.f) return a.f > b.f;
  if (a.g != b.g) return a.g < b.g;
  return a.cell > b.cell;
};

}  // namespace

void GridSearch::open_clear(Key first_f) {
  if (bucket_head_.empty()) {
    bucket_head_.assign(kBuckets, -1);
    bucket_bits_.assign(kBuckets / 64, 0);
  }
  for (std::size_t word = 0; word < bucket_bits_.size(); ++word) {
    for (std::uint64_t m = bucket_bits_[word]; m != 0; m &= m - 1)
      bucket_head_[word * 64 + static_cast<std::size_t>(std::countr_zero(m))] = -1;
    bucket_bits_[word] = 0;
  }
  current_.clear();
  pool_.clear();
  far_.clear();
  window_f_ = first_f;
  bucket_ = 0;
}

void GridSearch::open_push(const OpenEntry& entry) {
  assert(entry.f >= window_f_);
  const Key bucket = (entry.f - window_f_) >> kBucketShift;
  if (bucket == bucket_) {
    current_.push_back(entry);
    for (std::size_t i = current_.size() - 1; i > 0 && kPopsAfter(current_[i], current_[i - 1]); --i)
      std::swap(current_[i], current_[i - 1]);
  } else if (bucket < kBuckets) {
    assert(bucket > bucket_);
    const auto b = static_cast<std::size_t>(bucket);
    pool_.push_back({entry, bucket_head_[b]});
    bucket_head_[b] = static_cast<std::int32_t>(pool_.size() - 1);
    bucket_bits_[b / 64] |= std::uint64_t{1} << (b % 64);
  } else {
    far_.push_back(entry);
  }
}

bool GridSearch::open_pop(OpenEntry& out) {
  while (current_.empty()) {
    // The next non-empty bucket of the window...
    std::size_t next = kBuckets;
    for (std::size_t word = (bucket_ + 1) / 64; word < bucket_bits_.size(); ++word) {
      std::uint64_t m = bucket_bits_[word];
      if (word == (bucket_ + 1) / 64) m &= ~std::uint64_t{0} << ((bucket_ + 1) % 64);
      if (m != 0) {
        next = word * 64 + static_cast<std::size_t>(std::countr_zero(m));
        break;
      }
    }
    if (next < kBuckets) {
      bucket_ = next;
      for (std::int32_t at = bucket_head_[next]; at >= 0; at = pool_[static_cast<std::size_t>(at)].next)
        current_.push_back(pool_[static_cast<std::size_t>(at)].entry);
      bucket_head_[next] = -1;
      bucket_bits_[next / 64] &= ~(std::uint64_t{1} << (next % 64));
      std::sort(current_.begin(), current_.end(), kPopsAfter);
      continue;
    }
    // ...or a new window starting at the smallest f beyond the old one: its first bucket
    // straight into current_ (sorted), the rest of the window into the lists.
    if (far_.empty()) return false;
    pool_.clear();
    Key smallest = far_.front().f;
    for (const OpenEntry& e : far_) smallest = std::min(smallest, e.f);
    window_f_ = smallest;
    bucket_ = 0;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < far_.size(); ++i) {
      const OpenEntry e = far_[i];
      const Key bucket = (e.f - window_f_) >> kBucketShift;
      if (bucket == 0) {
        current_.push_back(e);
      } else if (bucket < kBuckets) {
        open_push(e);
      } else {
        far_[kept++] = e;
      }
    }
    far_.resize(kept);
    std::sort(current_.begin(), current_.end(), kPopsAfter);
  }
  out = current_.back();
  current_.pop_back();
  return true;
}

}  // namespace racer
