#pragma once
// FlowField: the cost from every cell of a grid to the nearest of a set of goal cells (the
// next checkpoint's line, say), Dijkstra's distances, and the way down them: every AI car
// on the grid follows the same field instead of searching on its own. When cells change (a
// stopped car, debris), update_cells() repairs the field where it changed instead of
// recomputing it all: a dynamic shortest-path repair (LPA* with no heuristic and no focus,
// plan/incremental_search.h) that lowers the costs a freed or cheaper cell improves and
// raises, then settles again, the costs that ran through a blocked or dearer one. After
// every repair each cell's cost equals a fresh Dijkstra's from the goals (exact keys).
//
// Moves, costs, connectivities: those of plan/grid.h; moves are symmetric, so the cost to
// the goals is the cost from them. Unlike a potential field (seed 001), following the field
// never gets stuck in a local minimum: each cell's best neighbour is strictly cheaper, down
// to a goal.
#include <optional>
#include <span>
#include <vector>

#include "plan/grid_search.h"
#include "plan/incremental_search.h"

namespace racer {

class FlowField {
 public:
  /// Computes the field on `grid` (kept by reference; report its changes through
  /// update_cells) toward `goals` (out-of-bounds ones ignored; a blocked goal reaches nothing).
  /// Returns the cells expanded: every cell that can reach a goal.
  long reset(const SearchGrid& grid, std::span<const GridCell> goals);
  /// Repairs the field after `changed` cells (in bounds) changed passability or multiplier.
  /// Returns the cells the repair expanded (whose cost it settled again), a fraction of
  /// reset()'s count when the change is local.
  long update_cells(std::span<const GridCell> changed);

  bool ready() const { return search_.ready(); }
  /// Expansions of the last reset() or update_cells().
  long last_expanded() const { return last_expanded_; }
  /// The cost to the nearest goal as an exact key; kPathKeyInfinity when none is reachable
  /// (or out of bounds).
  PathKey distance_key(GridCell c) const;
  /// The cost to the nearest goal in cells (multipliers applied), from the exact key: within
  /// 2^-33 cell per step of the double sum of move_cost; infinity when unreachable.
  double distance(GridCell c) const { return key_to_cost(distance_key(c)); }
  /// The neighbour to move to from `c`: the one whose cost plus the move's is least (the
  /// first such in grid_moves order, so the field's direction is deterministic); nullopt at a
  /// goal, on a blocked cell, or when no goal is reachable.
  std::optional<GridCell> next(GridCell c) const;
  /// The path that follows the field from `from` to a goal: status found with the path
  /// (from .. goal), its cost and length; unreachable, or blocked_endpoint for a blocked or
  /// out-of-bounds `from`. `expanded` is 0.
  SearchResult follow(GridCell from) const;

 private:
  IncrementalSearch search_;
  long last_expanded_ = 0;
};

}  // namespace racer
