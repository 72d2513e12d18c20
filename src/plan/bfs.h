#pragma once
// Breadth-first search on any connectivity: the path of fewest moves, found without a heap.
//
// BFS and bidirectional BFS count moves only: they ignore the cells' multipliers and the
// moves' lengths (a diagonal counts as one move, like an orthogonal one) while searching.
// The returned cost and length are still the path's cost and length on the grid
// (plan/grid.h), so they compare with the other planners'. What fewest moves is worth:
//   uniform four or hex grid: every move costs 1, so fewest moves is optimal (bound 1);
//   uniform eight grid:       a move costs 1 or sqrt 2, so cost <= sqrt 2 * optimal;
//   with multipliers:         nothing is promised (a one-move detour through a cell of
//                             multiplier 1000 is taken over two cheap moves).
// bound() cannot see the grid, so both planners report 0 (no promise); fewest_moves_bound()
// gives the promise for a particular grid.
// Bidirectional BFS expands whole layers, each time from the side whose frontier is smaller;
// the first move that joins the two searched sets closes a fewest-moves path (every node of
// the expanded layer is one move further from its side, and no shorter path can exist, or
// the sides would have met a layer earlier). Both use grid_moves' fixed move order: the same
// query always gives the same path.
#include <cstdint>
#include <string_view>
#include <vector>

#include "plan/grid.h"
#include "plan/grid_search.h"
#include "plan/planner.h"

namespace racer {

/// The promised ratio of a fewest-moves path's cost to the optimal cost on `grid`: 1 on a
/// uniform four or hex grid, sqrt 2 on a uniform eight grid, 0 (none) with multipliers.
double fewest_moves_bound(const SearchGrid& grid);

/// Breadth-first search from the start; stops when the goal is first reached.
class BfsPlanner final : public GridPlanner {
 public:
  std::string_view name() const override { return "bfs"; }
  double bound() const override { return 0.0; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

 private:
  std::vector<std::uint32_t> stamp_;   // generation that reached the cell
  std::vector<std::uint32_t> parent_;  // cell index of the predecessor
  std::vector<std::uint32_t> queue_;
  std::uint32_t generation_ = 0;
  SearchResult result_;
};

/// Breadth-first search from both ends, layer by layer (see above).
class BidirectionalBfsPlanner final : public GridPlanner {
 public:
  std::string_view name() const override { return "bidirectional_bfs"; }
  double bound() const override { return 0.0; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

 private:
  struct Side {
    std::vector<std::uint32_t> stamp;   // generation that reached the cell from this side
    std::vector<std::uint32_t> parent;  // the neighbour one move nearer this side's root
    std::vector<std::uint32_t> frontier, next;
  };
  Side sides_[2];  // 0 from the start, 1 from the goal
  std::uint32_t generation_ = 0;
  SearchResult result_;
};

}  // namespace racer
