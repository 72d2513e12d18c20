#pragma once
// FastAStarPlanner, the "astar" GridPlanner: GridSearch (the fast octile A* of
// plan/grid_search.h) on 8-connected grids; on four- and hex-connected grids, and whenever a
// trace is asked for (set_trace), the best-first core's A* (plan/best_first.h), which on an
// 8-connected grid expands the same cells in the same order (same fixed-point keys, same
// tie-breaking) and so returns the same answer.
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
