#pragma once
// Grid search: A* (and Dijkstra, for tests) on 8-connected grids, the fast search the AI's
// router uses. One reusable GridSearch object owns its node arrays and binary heap; a
// generation counter marks stale nodes, so a new search clears nothing and allocates
// nothing once the arrays have grown to the grid's size.
//
// Moves and costs: those of plan/grid.h for Connectivity::eight (the MovingAI convention):
// - The octile heuristic h = max(dx, dy) + (sqrt(2) - 1) * min(dx, dy) never overestimates
//   (multipliers >= 1) and is consistent, so A* returns optimal costs.
// - The open list is ordered on exact fixed-point keys (units of 2^-32 cell, 64-bit): every
//   step's cost is rounded once, so equal costs are exactly equal and the heuristic is
//   exactly consistent (floating-point sums differ in the last bit and would break ties at
//   random). The returned path is optimal to within 2^-32 cell per step; its reported cost
//   is summed in double along the path.
// - Ties in f = g + h are broken the same way every time, so the same query always gives
//   the same path and the same expansion count (the order depends on the core, below).
// The grid is searched as 8-connected whatever its connectivity() says.
//
// Two cores, with answers of the same length (equal keys, so the same numbers of straight
// and diagonal steps):
// - weighted grids (and grids too large for the uniform core's keys): an indexed binary heap
//   with decrease-key; ties in f go to the larger g (deeper node), then to the lower cell
//   index, and A* expands a subset of what Dijkstra expands. The AI's router searches these
//   (its detours, and so the game's state hashes, depend on this order).
// - uniform grids (no multipliers set, fewer than 2^20 cells): the fast core. It reads each
//   cell's legal moves as a bit mask from a byte array made once per grid revision; keeps a
//   node in one 64-bit word (generation, g, the move from the parent; closed = g 0), so that
//   whether a step improves a neighbour is the sign of one subtraction, done for all 8
//   neighbours at once without a branch; keeps an open entry as a 4-byte cell index in a
//   ring of buckets of f 1/64 cell wide (1/16 for a short query; every f pushed is >= the
//   last f popped and at most 2 sqrt(2) cells above it), each bucket a stack: ties in f pop
//   last pushed first, which walks depth first along cells of one f as "larger g first"
//   does, without sorting; only a bucket that holds several f is sorted when its turn comes
//   (see grid_search.cpp). The entry the next pop would take at once (the last one an
//   expansion pushes at the f just popped) stays in registers. A cell reached again more cheaply
//   is pushed again; the stale copy is dropped, uncounted, when it pops after the cheaper
//   one has closed the cell. Where several shortest paths exist it may return another one
//   than the heap core would, after another number of expansions.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "plan/grid.h"

namespace racer {

enum class SearchMode {
  astar,     ///< octile heuristic
  dijkstra,  ///< heuristic 0 (reference for tests)
};

enum class SearchStatus {
  found,             ///< path holds an optimal path from start to goal
  unreachable,       ///< start and goal passable, but no path joins them
  blocked_endpoint,  ///< start or goal out of bounds or impassable (nothing searched)
};

/// The answer of one search.
struct SearchResult {
  SearchStatus status = SearchStatus::blocked_endpoint;
  std::vector<GridCell> path;  ///< start ... goal inclusive when found, else empty
  double cost = 0.0;           ///< sum of step costs (multipliers applied), in cells; 0 unless found
  double length = 0.0;         ///< geometric length of the path in cells (1 or sqrt(2) a step)
  long expanded = 0;           ///< nodes taken off the open list and expanded (goal included)

  bool found() const { return status == SearchStatus::found; }
};

/// Reusable A* / Dijkstra search. Not thread-safe; use one object per thread (or per AI).
class GridSearch {
 public:
  GridSearch() = default;

  /// Searches `grid` from start to goal. The returned reference stays valid until the next
  /// search on this object.
  const SearchResult& search(const SearchGrid& grid, GridCell start, GridCell goal,
                             SearchMode mode = SearchMode::astar);

  /// The last answer.
  const SearchResult& result() const { return result_; }
  /// Nodes currently allocated (grows to the largest grid searched, never shrinks).
  std::size_t node_capacity() const { return std::max(nodes_.size(), packed_.size()); }

 private:
  using Key = std::uint64_t;  // cost in 2^-32 cell units (see the header comment)
  struct Node {                  // 16 bytes: a 512 x 512 grid's nodes fit in 4 MiB
    Key g = 0;                     // best cost from start so far (valid in this generation)
    std::uint32_t parent = 0;      // cell index of the predecessor
    std::uint32_t generation = 0;  // search that last touched the node
  };
  struct HeapEntry {
    Key f;
    Key g;
    std::uint32_t cell;
  };
  static constexpr std::int32_t kClosed = -2;
  template <class View>
  const SearchResult& run(const View& view, GridCell start, GridCell goal, SearchMode mode);
  template <bool kHeuristic, int kShift>
  const SearchResult& run_uniform(const SearchGrid& grid, GridCell start, GridCell goal);
  void prepare(std::size_t cells);
  Node& touch(std::uint32_t cell);
  static bool before(const HeapEntry& a, const HeapEntry& b);  // a leaves the heap first
  void heap_push(HeapEntry entry);
  HeapEntry heap_pop();
  void heap_decrease(std::int32_t pos, Key f, Key g);
  void sift_up(std::size_t pos);
  void sift_down(std::size_t pos);
  void place(std::size_t pos, const HeapEntry& entry);

  std::vector<Node> nodes_;
  // The uniform core's storage (its layout is described in grid_search.cpp): a 64-bit word
  // a node (with a row and a cell of margin on either side), stamped with a generation (127
  // of them, counting down) so that a new search clears nothing; the move masks of the grid
  // with revision masks_revision_; the open list's ring of buckets of cell indices (kept
  // between searches for their capacity, empty between searches).
  std::vector<std::uint64_t> packed_;
  std::uint32_t packed_generation_ = 0;
  std::vector<std::uint8_t> masks_;
  std::uint64_t masks_revision_ = 0;
  bool masks_valid_ = false;
  struct OpenBucket {                 // cells whose open entries have f in one band of the ring
    std::vector<std::uint32_t> cells;  // in push order (the last pushed pops first)
    std::uint64_t f_or = 0;            // the bitwise or and and of the f pushed since it was
    std::uint64_t f_and = ~std::uint64_t{0};  // last left empty: equal when one f only
  };
  std::vector<OpenBucket> buckets_;
  __extension__ std::vector<unsigned __int128> open_scratch_;  // a mixed bucket's (f, order, cell)
  std::vector<std::uint64_t> goal_distance_;  // |x - goal x| for x in [-1, w], then |y - goal y|
  std::vector<std::int32_t> heap_pos_;  // per cell: index in heap_, kClosed, or -1 (not reached);
                                        // apart from nodes_ so the heap's writes stay in cache
  std::vector<HeapEntry> heap_;
  std::uint32_t generation_ = 0;
  SearchResult result_;
};

}  // namespace racer
