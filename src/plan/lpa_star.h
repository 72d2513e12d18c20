#pragma once
// LPA*, Lifelong Planning A* (Koenig, Likhachev & Furcy, AIJ 2004): A* that repairs its
// previous answer when cells change instead of searching again. The first compute() expands
// what A* would; after update_cells() it expands only the cells whose cost from the start
// changed, and its cost equals a fresh A*'s on the current grid (exact keys, see
// plan/incremental_search.h). Moves, costs, connectivities: those of plan/grid.h.
//
// Incremental use: reset(grid, start, goal); compute(); then, after each change of the grid
// (passability or multiplier), update_cells(the changed cells); compute(). The grid must be
// the same object throughout and every change reported, or the answers are wrong.
// plan() (the GridPlanner interface) always searches afresh: reset + compute.
#include <span>

#include "plan/incremental_search.h"
#include "plan/planner.h"

namespace racer {

class LpaStar final : public GridPlanner {
 public:
  std::string_view name() const override { return "lpa"; }
  /// A fresh search (reset + compute); `expanded` counts its expansions.
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

  /// Starts a new incremental problem on `grid` (kept by reference); nothing is searched yet.
  /// start and goal may be anything: an out-of-bounds or blocked one gives blocked_endpoint.
  void reset(const SearchGrid& grid, GridCell start, GridCell goal);
  /// Tells the planner these cells (in bounds) changed since the last call; returns the
  /// cells re-evaluated (their 3 x 3 blocks).
  long update_cells(std::span<const GridCell> changed);
  /// The optimal path from start to goal on the grid as it is now; `expanded` counts this
  /// call's expansions only (0 when nothing changed).
  const SearchResult& compute();
  /// The last answer's cost as an exact key (kPathKeyInfinity when not found).
  PathKey cost_key() const { return cost_key_; }

 private:
  IncrementalSearch search_;
  GridCell start_, goal_;
  bool in_bounds_ = false;
  PathKey cost_key_ = kPathKeyInfinity;
  SearchResult result_;
};

}  // namespace racer
