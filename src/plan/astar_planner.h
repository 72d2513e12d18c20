#pragma once
// FastAStarPlanner, the "astar" GridPlanner: GridSearch (the fast octile A* of
// plan/grid_search.h) on 8-connected grids; on four- and hex-connected grids, and whenever a
// trace is asked for (set_trace), the best-first core's A* (plan/best_first.h). On an
// 8-connected weighted grid that expands the same cells in the same order as GridSearch
// (same fixed-point keys, same tie-breaking) and so returns the same answer; on a uniform
// grid GridSearch's fast core breaks ties in f in its own order, so the traced search
// returns a path of the same length, not necessarily the same cells.
#include <string_view>

#include "plan/best_first.h"
#include "plan/grid_search.h"
#include "plan/planner.h"

namespace racer {

class FastAStarPlanner final : public GridPlanner {
 public:
  std::string_view name() const override { return "astar"; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

 private:
  GridSearch search_;
  AStarPlanner generic_;
};

}  // namespace racer
