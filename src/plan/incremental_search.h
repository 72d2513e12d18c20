#pragma once
// IncrementalSearch: the engine LPA*, D* Lite and the flow field share. It keeps, for every
// cell of a grid, the cost g of the best path to a set of source cells found so far and the
// one-step lookahead rhs(s) = min over neighbours s' of (c(s, s') + g(s')) (0 at a source),
// and an open list of the cells where the two differ (locally inconsistent). compute()
// expands them in key order until the focus cell (if any) is consistent with a key no larger
// than the open list's least, so g(focus) is the optimal cost; without a focus it empties the
// open list and every cell's g is optimal (a dynamic single-source shortest-path repair).
// After the grid changes, update_cells() re-evaluates rhs around the changed cells and the
// next compute() repairs only the cells whose costs changed (Koenig & Likhachev, "Lifelong
// Planning A*", AIJ 2004; "D* Lite", AAAI 2002, the optimised version of its Figure 4).
//
// Moves and costs: those of plan/grid.h under the grid's connectivity (four, eight with no
// corner cutting, hex), multipliers applied; moves are symmetric, so the cost to the sources
// equals the cost from them. Costs are exact fixed-point keys, as GridSearch's
// (plan/grid_search.h): 2^-32 cell units, each move's cost (move_cost) rounded once, so
// equal costs are exactly equal, key sums do not depend on the order of addition, and an
// 8-connected shortest path's key equals the key GridSearch reaches for the same query.
// The heuristic toward the focus (octile, Manhattan or hex distance, in keys) is consistent
// in keys, so every expansion is final as in A*. D* Lite's moving focus adds km to the keys.
//
// A change to one cell changes the moves of the cells around it: its own moves, and with no
// corner cutting also the diagonal moves between its orthogonal neighbours (the cell is
// their corner). All of them lie within the cell's 3 x 3 block (hex moves too), so
// update_cells() re-evaluates that block.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "plan/grid.h"
#include "plan/grid_search.h"
#include "plan/planner.h"

namespace racer {

/// A path cost as an exact fixed-point key: 2^32 units per cell of cost.
using PathKey = std::uint64_t;
/// "No path": larger than any reachable cost (a 32768^2 grid at multiplier 1000 stays below
/// 2^58); sums saturate here.
inline constexpr PathKey kPathKeyInfinity = PathKey{1} << 62;
inline constexpr double kPathKeyUnit = 4294967296.0;

/// The key of the move from a to b of `length` cells: move_cost rounded to the key unit.
PathKey move_key(const SearchGrid& grid, GridCell a, GridCell b, double length);
/// The sum of move_key over a path's steps (its cost as a key); kPathKeyInfinity when a step
/// is not a legal move of the grid (checked with grid_moves).
PathKey path_key(const SearchGrid& grid, const std::vector<GridCell>& path);
/// A key as a cost in cells (infinity for kPathKeyInfinity).
double key_to_cost(PathKey key);
/// The consistent lower bound on the key cost between a and b under the grid's
/// connectivity (octile, Manhattan, hex distance), 0 when the cells coincide.
PathKey heuristic_key(const SearchGrid& grid, GridCell a, GridCell b);

/// Fills `result`'s status (found, or unreachable for an empty path), path, cost and length
/// (move_cost and move_length summed in double along the path) from a traced path on `grid`;
/// leaves `expanded` alone. The shared tail of LPA*, D* Lite and the flow field.
void fill_search_result(const SearchGrid& grid, std::vector<GridCell>&& path, SearchResult& result);

class IncrementalSearch {
 public:
  /// Starts over on `grid`, which must outlive this object's use of it; the caller reports
  /// every later change of it through update_cells() before the next compute(). `sources`
  /// (out-of-bounds ones ignored) cost 0. `focus`, when given, must be in bounds: the heuristic
  /// aims there and compute() stops once its cost is known. Nothing is expanded yet. A change
  /// of the grid's size or connectivity needs a new reset().
  void reset(const SearchGrid& grid, std::span<const GridCell> sources, std::optional<GridCell> focus);
  /// Moves (or sets) the focus, in bounds (D* Lite's agent); keys already queued stay lower
  /// bounds through km.
  void move_focus(GridCell focus);
  /// Re-evaluates the cells whose moves changed when `changed` cells (in bounds) changed
  /// passability or multiplier. Returns how many cells it re-evaluated.
  long update_cells(std::span<const GridCell> changed);
  /// Expands cells until the focus's cost is optimal (or, without a focus, until every
  /// cell's is). Returns the number of expansions.
  long compute();
  /// From the next compute() on, appends each expanded cell to `trace` (nullptr: none).
  void set_trace(PlanTrace* trace) { trace_ = trace; }

  bool ready() const { return grid_ != nullptr; }
  const SearchGrid& grid() const { return *grid_; }
  std::optional<GridCell> focus() const { return focus_; }
  /// The cost of a cell's best path to the sources (exact after compute() for the focus, and
  /// for every cell when there is no focus); kPathKeyInfinity when none is known.
  PathKey g(GridCell c) const { return g_[index(c)]; }
  PathKey rhs(GridCell c) const { return rhs_[index(c)]; }
  bool is_source(GridCell c) const { return source_[index(c)] != 0; }
  /// Cells waiting in the open list.
  std::size_t open_size() const { return heap_.size(); }

  /// The neighbour to move to from `from` toward the sources: the one minimising
  /// move_key + g, the first such in grid_moves order; nullopt at a source or when no
  /// neighbour has a finite cost.
  std::optional<GridCell> best_neighbour(GridCell from) const;
  /// Follows best_neighbour from `from` to a source, writing from .. source into `path`.
  /// False (path empty) when `from` has no finite cost or the walk does not reach a source.
  bool trace(GridCell from, std::vector<GridCell>& path) const;

 private:
  struct Key {
    PathKey k1 = 0, k2 = 0;
    bool operator<(const Key& o) const { return k1 != o.k1 ? k1 < o.k1 : k2 < o.k2; }
  };
  struct HeapEntry {
    Key key;
    std::uint32_t cell;
  };
  struct Neighbour {
    std::uint32_t cell;
    PathKey cost;
  };

  std::uint32_t index(GridCell c) const {
    return static_cast<std::uint32_t>(grid_->index(c.x, c.y));
  }
  GridCell cell_of(std::uint32_t i) const { return grid_->cell(i); }
  int neighbours(std::uint32_t cell, Neighbour out[8]) const;  // none from an impassable cell
  PathKey heuristic(std::uint32_t cell) const;
  Key calculate_key(std::uint32_t cell) const;
  PathKey lookahead(std::uint32_t cell) const;  // min over neighbours of cost + g
  void update_vertex(std::uint32_t cell);
  bool focus_settled() const;

  // Indexed binary min-heap on (key, cell): the cell index breaks ties, so the order of
  // expansions (and so the result) never depends on the order of insertions.
  static bool before(const HeapEntry& a, const HeapEntry& b);
  void heap_set(std::uint32_t cell, Key key);  // insert or re-key
  void heap_remove(std::uint32_t cell);
  void place(std::size_t pos, const HeapEntry& e);
  void sift_up(std::size_t pos);
  void sift_down(std::size_t pos);

  const SearchGrid* grid_ = nullptr;
  std::optional<GridCell> focus_;
  PlanTrace* trace_ = nullptr;
  PathKey km_ = 0;
  std::vector<PathKey> g_, rhs_;
  std::vector<std::uint8_t> source_;
  std::vector<std::int32_t> heap_pos_;  // per cell: index in heap_, or -1
  std::vector<HeapEntry> heap_;
};

}  // namespace racer
