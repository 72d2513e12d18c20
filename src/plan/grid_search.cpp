// Grid search: A* / Dijkstra over two views of a grid (uniform and weighted SearchGrid)
// sharing one core.
//
// Sections
//   Views: how the core reads passability and multipliers
//   The search core (A* with an indexed binary heap, generation-stamped nodes)
//   The uniform core (move masks, 8-byte nodes, 4-byte open entries, lazy deletion)
//     its open list (a ring of buckets on f, each a stack)
//   The heap
#include "plan/grid_search.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace racer {
namespace {

constexpr double kSqrt2 = 1.41421356237309504880;
constexpr double kUnit = 4294967296.0;  // 2^32 key units per cell of cost
using Key = std::uint64_t;
constexpr Key kOrthogonalKey = Key{1} << 32;
constexpr Key kDiagonalKey = static_cast<Key>(kSqrt2 * kUnit + 0.5);  // round(sqrt(2) * 2^32)
constexpr Key kKeyLimit = Key{1} << 62;  // keys saturate here (never reached in practice)
constexpr int kCellBits = 20;
constexpr int kShortQuery = 64;  // start and goal closer than this (|dx| + |dy|, cells): a short query            // the uniform core takes grids below 2^kCellBits cells

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
    if (bound < static_cast<double>(kKeyLimit) / 2.0 && cells < static_cast<double>(std::uint64_t{1} << kCellBits)) {
      // A short query takes buckets 1/16 cell wide, a longer one 1/64 (see the open list).
      if (std::abs(goal.x - start.x) + std::abs(goal.y - start.y) < kShortQuery)
        return mode == SearchMode::astar ? run_uniform<true, 28>(grid, start, goal) : run_uniform<false, 28>(grid, start, goal);
      return mode == SearchMode::astar ? run_uniform<true, 26>(grid, start, goal) : run_uniform<false, 26>(grid, start, goal);
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
// The same search as run() on a grid without multipliers, and answers of the same length:
// the same fixed-point keys, the same strict "g < old g" relaxation, the same path walk-back
// and cost sums. Ties in f pop in another order (the entry pushed last first; see the open
// list below), so where several shortest paths exist it may return another of them, after
// another number of expansions.
//
// A node is one 64-bit word: the search's generation in bits 56..62, g in keys below them
// (53 bits: a tree path has fewer than 2^20 steps of at most sqrt(2) * 2^32 keys), the move
// from the parent (0..7, kUniformDx/kUniformDy) in the low 3 bits. g counts one key unit more
// than the cost from the start (the start's g is 1: every g and f shifted alike, the same
// order), so that g 0 means closed and nothing else. Generations count down, 126 to 0, and
// then every node is reset to 127: so with base = generation << 56, node - base is
// g << 3 | move for a node of this search and between 2^56 and 2^63 for one of an older
// search. A step to a neighbour improves it when node - base > (g + step) << 3 | 7; both
// sides are below 2^63, so that is the sign bit of ((g + step) << 3 | 7) + base - node, and
// all 8 neighbours are tested with a few vector subtractions and no branch (whether a
// neighbour improves is data that a branch predictor cannot guess).
//
// An open entry is the cell's index (4 bytes); its f is known from its bucket (below) or,
// where a bucket holds several, worked out again from the node.

namespace {

__extension__ using OpenKey = unsigned __int128;
constexpr int kNodeGShift = 3;
constexpr std::uint64_t kMoveMask = (std::uint64_t{1} << kNodeGShift) - 1;
constexpr int kNodeGenerationShift = 56;
constexpr std::uint32_t kNodeGenerations = 127;  // 126 .. 0
constexpr std::uint64_t kFreshNode = std::uint64_t{kNodeGenerations} << kNodeGenerationShift;

// The uniform core's moves, in the order of the move mask's bits: bits 0-1, 2-3, 4-5 and 6-7
// are the pairs the neighbour test reads together (E W, NW N, SW S, NE SE).
constexpr int kUniformDx[8] = {1, -1, -1, 0, -1, 0, 1, 1};
constexpr int kUniformDy[8] = {0, 0, -1, -1, 1, 1, -1, 1};


// Bit k of a cell's move mask: the move (kUniformDx[k], kUniformDy[k]) is legal (in bounds, onto a passable
// cell, no corner cutting). Passability bytes are 0 or 1 (SearchGrid writes nothing else).
unsigned move_mask(const std::uint8_t* pass, int w, int h, int x, int y, std::size_t cell) {
  if (x > 0 && y > 0 && x + 1 < w && y + 1 < h) {  // inside: no bounds checks
    const std::uint8_t* p = pass + cell;
    const auto W = static_cast<std::ptrdiff_t>(w);
    const unsigned e = p[1], west = p[-1], s = p[W], n = p[-W];
    return e | west << 1 | (west & n & p[-1 - W]) << 2 | n << 3 | (west & s & p[W - 1]) << 4 | s << 5 |
           (e & n & p[1 - W]) << 6 | (e & s & p[W + 1]) << 7;
  }
  const auto at = [&](int xx, int yy) -> unsigned {
    return (xx >= 0 && yy >= 0 && xx < w && yy < h) ? pass[static_cast<std::size_t>(yy) * static_cast<std::size_t>(w) + static_cast<std::size_t>(xx)] : 0u;
  };
  const unsigned e = at(x + 1, y), west = at(x - 1, y), s = at(x, y + 1), n = at(x, y - 1);
  return e | west << 1 | (west & n & at(x - 1, y - 1)) << 2 | n << 3 | (west & s & at(x - 1, y + 1)) << 4 | s << 5 |
         (e & n & at(x + 1, y - 1)) << 6 | (e & s & at(x + 1, y + 1)) << 7;
}

constexpr Key kOrthogonalBound = kOrthogonalKey << kNodeGShift, kDiagonalBound = kDiagonalKey << kNodeGShift;

// Bit k set: the move k from `here` improves its neighbour, i.e. the neighbour's word is
// above `orthogonal` or `diagonal` (the bound of the step plus base, see above) as a signed
// difference. Read without bounds checks: the nodes have a row and a cell of margin.
[[gnu::always_inline]] inline unsigned improved_neighbours(const std::uint64_t* here, std::ptrdiff_t W, std::uint64_t orthogonal,
                             std::uint64_t diagonal) {
#if defined(__SSE2__)
  // Two 8-byte loads each: a 16-byte load across two words just stored by the last
  // expansion would wait for both stores to complete.
  const auto pair = [](const std::uint64_t* a, const std::uint64_t* b) {  // a in the low lane
    return _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(a)),
                              _mm_loadl_epi64(reinterpret_cast<const __m128i*>(b)));
  };
  const auto bounds = [](std::uint64_t low, std::uint64_t high) {
    return _mm_set_epi64x(static_cast<long long>(high), static_cast<long long>(low));
  };
  const __m128i east_west = _mm_sub_epi64(bounds(orthogonal, orthogonal), pair(here + 1, here - 1));
  const __m128i north = _mm_sub_epi64(bounds(diagonal, orthogonal), pair(here - W - 1, here - W));
  const __m128i south = _mm_sub_epi64(bounds(diagonal, orthogonal), pair(here + W - 1, here + W));
  const __m128i east = _mm_sub_epi64(bounds(diagonal, diagonal), pair(here + 1 - W, here + 1 + W));
  // The sign bits (the high 32-bit half of each lane), four at a time.
  const auto signs = [](__m128i low, __m128i high) {
    return static_cast<unsigned>(_mm_movemask_ps(_mm_shuffle_ps(_mm_castsi128_ps(low), _mm_castsi128_ps(high), _MM_SHUFFLE(3, 1, 3, 1))));
  };
  return signs(east_west, north) | signs(south, east) << 4;
#else
  const std::ptrdiff_t offset[8] = {1, -1, -1 - W, -W, W - 1, W, 1 - W, 1 + W};
  unsigned better = 0;
  for (int k = 0; k < 8; ++k) {
    const std::uint64_t bound = (k == 2 || k == 4 || k >= 6) ? diagonal : orthogonal;
    better |= static_cast<unsigned>((bound - here[offset[k]]) >> 63) << k;
  }
  return better;
#endif
}

// ---- The uniform core's open list ------------------------------------------------------------
// A ring of buckets of f, each 2^shift keys wide, 4 cells of f in all: an entry of f sits
// in bucket (f >> shift) mod kRing<shift>. f never decreases from pop to pop, and a push is at
// most 2 sqrt(2) cells above the f just popped (a step of sqrt(2) plus a heuristic rise of at
// most as much), so every live entry lies between the current bucket and the bucket of the
// largest f pushed, less than the ring's 4 cells apart: the ring never wraps onto itself.
// A bucket is a stack of cells: the next pop is at its back. It notes the bitwise or and and
// of the f pushed into it since it was last left empty; when they are equal (nearly always)
// its entries share one f and pop as they are, last pushed first. Only a bucket holding
// several f (values m + n sqrt(2) closer than its width) is sorted when its turn comes. A
// push into the current bucket always has f equal to the f just popped (one move changes f
// by 0 or by at least 2 - sqrt(2) cells, more than a bucket's width), the smallest f open,
// so it goes on top as it is. Stale entries (a cell reached again more cheaply, pushed again
// with a smaller f) stay where they are; the cell is closed when they pop, and they are
// dropped, uncounted. The last push of an expansion into the current bucket, the next pop,
// is held in registers instead of on the stack (run_uniform): the same order.
// The width (the order of the pops is the same with either): 1/64 cell (shift 26, a ring
// of 256) leaves fewer buckets holding several f to sort than 1/16 (shift 28, 64): on
// rooms256 13 % fewer instructions. A short query (start and goal less than kShortQuery
// apart, |dx| + |dy|) takes 1/16: it expands a few dozen cells, and the wider ring's cost of
// stepping over empty buckets and emptying the ring at the end would outweigh the sorts
// (arena: 1.51 M instructions a pass so, 1.67 M with 1/64 for every query).
//
// Last pushed first among equal f walks depth first along the cells of one f, as "larger g
// first" does: in an open area both go straight to the goal. Against that order (sorted by
// h, then cell) it costs 0.9 % more expansions on rooms256 (624570 against 619111 a pass of
// its 200 scenarios) and saves the sorting.

// The ring of buckets 2^shift keys wide: 4 cells of f in all.
template <int kShift>
constexpr std::size_t kRing = std::size_t{1} << (34 - kShift);
static_assert((Key{kRing<26> - 1} << 26) > 2 * kDiagonalKey, "the ring must hold every live entry");
static_assert((Key{kRing<28> - 1} << 28) > 2 * kDiagonalKey, "the ring must hold every live entry");

constexpr std::uint32_t kNoCell = ~std::uint32_t{0};

template <int kShift>
std::size_t bucket_of(Key f) { return static_cast<std::size_t>(f >> kShift) & (kRing<kShift> - 1); }

// Makes the first non-empty bucket after `current` (up to `last`) ready to pop and returns
// its index, or kRing when every bucket up to `last` is empty. A bucket of one f is ready as
// it is (its entries pop last pushed first). A mixed one is put in f order, smallest at the
// back: each entry's f is worked out again from its node (`f_of`; an entry whose cell has
// since been reached more cheaply gets the cheaper f, a duplicate of the cheaper entry, and
// whichever pops second finds the cell closed) and closed cells are dropped; entries of one
// f stay in push order.
template <int kShift, class Bucket, class FOf>
std::size_t next_bucket(Bucket* ring, std::size_t current, std::size_t last, std::vector<OpenKey>& scratch,
                        const FOf& f_of) {
  while (current != last) {
    current = (current + 1) & (kRing<kShift> - 1);
    Bucket& bucket = ring[current];
    if (bucket.cells.empty()) continue;
    if (bucket.f_or != bucket.f_and) {  // mixed
      scratch.clear();
      for (std::size_t i = 0; i < bucket.cells.size(); ++i) {
        const std::uint32_t cell = bucket.cells[i];
        Key f = 0;
        if (f_of(cell, f))  // f, then the later pushed first
          scratch.push_back(static_cast<OpenKey>(f) << 64 | static_cast<OpenKey>(~static_cast<std::uint32_t>(i)) << 32 | cell);
      }
      std::sort(scratch.begin(), scratch.end());
      bucket.cells.clear();  // the first to pop at the back
      for (std::size_t i = scratch.size(); i-- > 0;) bucket.cells.push_back(static_cast<std::uint32_t>(scratch[i]));
      if (bucket.cells.empty()) {
        bucket.f_or = 0;  // left empty
        bucket.f_and = ~Key{0};
        continue;
      }
    }
    return current;
  }
  return kRing<kShift>;
}

}  // namespace

template <bool kHeuristic, int kShift>
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
  // The nodes have a margin of a row and a cell on either side, so that the 8 neighbours of
  // any cell can be read without bounds checks (the move mask then drops the illegal ones).
  const std::size_t cells = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  const std::size_t margin = static_cast<std::size_t>(w) + 1;
  if (packed_.size() < cells + 2 * margin) packed_.resize(cells + 2 * margin, kFreshNode);
  if (packed_generation_ == 0) {  // the last generation was used (or none yet)
    std::fill(packed_.begin(), packed_.end(), kFreshNode);
    packed_generation_ = kNodeGenerations;
  }
  --packed_generation_;
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
  if (buckets_.size() < kRing<kShift>) buckets_.resize(kRing<kShift>);

  // The octile heuristic, in keys (exactly consistent): from the distances to the goal along
  // x and y, read from two tables made for the query (with a cell of margin either side).
  const auto octile = [](Key ax, Key ay) -> Key {
    if constexpr (!kHeuristic) return 0;
    return (ax + ay) * kOrthogonalKey - std::min(ax, ay) * (2 * kOrthogonalKey - kDiagonalKey);
  };
  const auto heuristic = [&](int dx, int dy) -> Key {
    return octile(static_cast<Key>(std::abs(dx)), static_cast<Key>(std::abs(dy)));
  };
  goal_distance_.resize(static_cast<std::size_t>(w + h + 4));
  Key* const x_distance = goal_distance_.data() + 1;  // [-1, w]
  Key* const y_distance = x_distance + w + 2;           // [-1, h]
  if constexpr (kHeuristic) {
    const auto distances = [](Key* d, int from, int to, int goal_at) {  // d[i] = |i - goal_at|, i in [from, to]
      Key* const at = d + goal_at;
      for (int i = from - goal_at; i < 0; ++i) at[i] = static_cast<Key>(-i);
      for (int i = 0; i <= to - goal_at; ++i) at[i] = static_cast<Key>(i);
    };
    distances(x_distance, -1, w, goal.x);
    distances(y_distance, -1, h, goal.y);
  }
  const auto W = static_cast<std::ptrdiff_t>(w);
  const std::ptrdiff_t offset[8] = {1, -1, -1 - W, -W, W - 1, W, 1 - W, 1 + W};  // kUniformDx + W * kUniformDy
  const Key step[8] = {kOrthogonalKey, kOrthogonalKey, kDiagonalKey, kOrthogonalKey,
                       kDiagonalKey,   kOrthogonalKey, kDiagonalKey, kDiagonalKey};
  const std::uint64_t base = std::uint64_t{packed_generation_} << kNodeGenerationShift;
  // y = cell / w as (cell * reciprocal) >> 40: exact, as the reciprocal (2^40 / w rounded up)
  // is off by less than 1, so the product is off by less than cell / 2^40 < 2^-20 <= 1 / w.
  const std::uint64_t reciprocal = ((std::uint64_t{1} << 40) + static_cast<std::uint64_t>(w) - 1) / static_cast<std::uint64_t>(w);

  const std::uint32_t source = index_of(start.x, start.y), target = index_of(goal.x, goal.y);
  std::uint64_t* const nodes = packed_.data() + margin;
  const std::uint8_t* const masks = masks_.data();
  OpenBucket* const ring = buckets_.data();
  const auto push = [ring](std::size_t b, Key f, std::uint32_t cell) __attribute__((always_inline)) {
    OpenBucket& bucket = ring[b];
    bucket.f_or |= f;
    bucket.f_and &= f;
    bucket.cells.push_back(cell);
  };
  // A mixed bucket's entry: its f from its node, or false when the cell is closed.
  const auto f_of = [&](std::uint32_t cell, Key& f) {
    const std::uint64_t node = nodes[cell];
    const Key g = (node - base) >> kNodeGShift;
    if (g == 0) return false;
    const auto y = static_cast<std::uint32_t>((cell * reciprocal) >> 40);
    f = g + heuristic(static_cast<int>(cell - y * static_cast<std::uint32_t>(w)) - goal.x, static_cast<int>(y) - goal.y);
    return true;
  };
  // Every g is one key unit above the cost from the start (the start's g is 1), so that g
  // 0 means closed and nothing else: the same order, and costs are summed along the path.
  const Key first_h = heuristic(start.x - goal.x, start.y - goal.y) + 1;
  nodes[source] = base + (Key{1} << kNodeGShift);
  std::size_t current = bucket_of<kShift>(first_h);  // the bucket being popped
  Key largest_f = first_h;                   // the largest f pushed
  push(current, first_h, source);

  bool found = false;
  long expanded = 0;
  // The entry pushed last into the current bucket by the last expansion, held here instead
  // of on the bucket's stack: it is the next to pop (last pushed first), it cannot be stale
  // (nothing ran since its push), and its g and move are known without reading its node.
  std::uint32_t held = kNoCell;
  Key held_g = 0;
  std::uint64_t held_move = 0;
  for (;;) {
    std::uint32_t cell;
    Key g;
    std::uint64_t* here;
    if (held != kNoCell) {
      cell = held;
      g = held_g;
      here = nodes + cell;
      *here = base | held_move;  // closed: g 0, the move kept for the walk back
      held = kNoCell;
    } else {
      OpenBucket& bucket = ring[current];
      if (bucket.cells.empty()) {
        bucket.f_or = 0;  // left empty
        bucket.f_and = ~Key{0};
        current = next_bucket<kShift>(ring, current, bucket_of<kShift>(largest_f), open_scratch_, f_of);
        if (current == kRing<kShift>) break;
        continue;
      }
      cell = bucket.cells.back();
      bucket.cells.pop_back();
      here = nodes + cell;
      g = (*here - base) >> kNodeGShift;
      if (g == 0) continue;                // a stale copy: the cell closed at a lower g
      *here = base | (*here & kMoveMask);  // closed: g 0, the move kept for the walk back
    }
    ++expanded;
    if (cell == target) {
      found = true;
      break;
    }
    const auto y = static_cast<std::uint32_t>((cell * reciprocal) >> 40);
    const Key* const xd = x_distance + (cell - y * static_cast<std::uint32_t>(w));
    const Key* const yd = y_distance + y;
    const unsigned better = improved_neighbours(here, W, base + ((g << kNodeGShift | kMoveMask) + kOrthogonalBound),
                                                base + ((g << kNodeGShift | kMoveMask) + kDiagonalBound));
    for (unsigned mask = better & masks[cell]; mask != 0; mask &= mask - 1) {
      const auto k = static_cast<std::size_t>(static_cast<unsigned>(std::countr_zero(mask)));
      std::uint64_t* const next = here + offset[k];
      const Key next_g = g + step[k];
      *next = base + (next_g << kNodeGShift) + k;
      const Key next_f = next_g + octile(xd[kUniformDx[k]], yd[kUniformDy[k]]);
      const std::size_t b = bucket_of<kShift>(next_f);
      const auto next_cell = static_cast<std::uint32_t>(next - nodes);
      if (b == current) {  // f equal to the f just popped: the next to pop unless another follows
        if (held != kNoCell) push(b, next_f, held);
        held = next_cell;
        held_g = next_g;
        held_move = k;
      } else {
        largest_f = std::max(largest_f, next_f);
        push(b, next_f, next_cell);
      }
    }
  }
  result_.expanded = expanded;
  if (found) {  // empty the ring for the next search: its entries lie from current to largest_f
    const std::size_t last = bucket_of<kShift>(largest_f);
    for (std::size_t b = current;; b = (b + 1) & (kRing<kShift> - 1)) {
      OpenBucket& bucket = ring[b];
      if (bucket.f_or != 0) {  // pushed into since it was last left empty (every f is >= 1)
        bucket.cells.clear();
        bucket.f_or = 0;
        bucket.f_and = ~Key{0};
      }
      if (b == last) break;
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
    const auto k = static_cast<std::size_t>(nodes[cell] & kMoveMask);
    cell = static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(cell) - offset[k]);
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

}  // namespace racer
