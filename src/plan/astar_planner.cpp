// The "astar" GridPlanner: GridSearch where it applies, the best-first core's A* elsewhere.
#include "plan/astar_planner.h"

namespace racer {

const SearchResult& FastAStarPlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  if (grid.connectivity() == Connectivity::eight && trace_ == nullptr) return search_.search(grid, start, goal);
  generic_.set_trace(trace_);
  return generic_.plan(grid, start, goal);
}

}  // namespace racer
