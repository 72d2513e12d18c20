#pragma once
// D* Lite (Koenig & Likhachev, AAAI 2002, the optimised version): replanning for an agent
// that moves toward a fixed goal and learns of changed cells as it goes (a car discovering
// obstacles). It searches from the goal toward the agent, so the costs it keeps (cost to the
// goal) stay valid when the agent moves; after the agent moves and cells change, compute()
// repairs only what changed, and the path from the agent's cell costs the same as a fresh A*
// on the current grid (exact keys, plan/incremental_search.h). Moves, costs, connectivities:
// those of plan/grid.h.
//
// Incremental use: reset(grid, start, goal); compute(); then repeatedly move_to(the cell the
// agent is in now), update_cells(cells that changed), compute(). The grid must be the same
// object throughout and every change reported. plan() (GridPlanner) searches afresh.
#include <span>

#include "plan/incremental_search.h"
#include "plan/planner.h"

namespace racer {

class DStarLite final : public GridPlanner {
 public:
  std::string_view name() const override { return "dstar_lite"; }
  /// A fresh search (reset + compute).
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

  /// Starts a new problem on `grid` (kept by reference); nothing is searched yet.
  void reset(const SearchGrid& grid, GridCell start, GridCell goal);
  /// The agent is now in `cell` (any cell; usually the next of the last path). An
  /// out-of-bounds cell gives blocked_endpoint until the agent moves back in.
  void move_to(GridCell cell);
  /// Tells the planner these cells (in bounds) changed; returns the cells re-evaluated.
  long update_cells(std::span<const GridCell> changed);
  /// The optimal path from the agent's cell to the goal on the grid as it is now; `expanded`
  /// counts this call's expansions only.
  const SearchResult& compute();
  GridCell start() const { return start_; }
  PathKey cost_key() const { return cost_key_; }

 private:
  IncrementalSearch search_;
  GridCell start_, goal_;
  bool goal_in_bounds_ = false;
  PathKey cost_key_ = kPathKeyInfinity;
  SearchResult result_;
};

}  // namespace racer
