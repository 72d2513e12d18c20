// D* Lite: the planner around IncrementalSearch with the goal as its source and the agent's
// cell as its moving focus; the path is traced from the agent to the goal.
#include "plan/dstar_lite.h"

#include <array>

namespace racer {

const SearchResult& DStarLite::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  reset(grid, start, goal);
  return compute();
}

void DStarLite::reset(const SearchGrid& grid, GridCell start, GridCell goal) {
  start_ = start;
  goal_ = goal;
  goal_in_bounds_ = grid.in_bounds(goal.x, goal.y);
  const std::array<GridCell, 1> sources{goal};
  // The focus must be in bounds: an outside start gets one once the agent moves in.
  const bool start_in = grid.in_bounds(start.x, start.y);
  search_.reset(grid, goal_in_bounds_ ? std::span<const GridCell>(sources) : std::span<const GridCell>(),
                start_in ? std::optional<GridCell>(start) : std::nullopt);
  cost_key_ = kPathKeyInfinity;
  result_ = {};
}

void DStarLite::move_to(GridCell cell) {
  start_ = cell;
  if (search_.ready() && search_.grid().in_bounds(cell.x, cell.y)) search_.move_focus(cell);
}

long DStarLite::update_cells(std::span<const GridCell> changed) {
  return search_.ready() ? search_.update_cells(changed) : 0;
}

const SearchResult& DStarLite::compute() {
  result_ = {};
  cost_key_ = kPathKeyInfinity;
  if (!search_.ready()) return result_;
  const SearchGrid& grid = search_.grid();
  if (!goal_in_bounds_ || !grid.passable(start_.x, start_.y) || !grid.passable(goal_.x, goal_.y)) return result_;
  search_.set_trace(trace_);
  result_.expanded = search_.compute();
  std::vector<GridCell> path;
  if (search_.g(start_) < kPathKeyInfinity && search_.trace(start_, path)) cost_key_ = search_.g(start_);
  fill_search_result(grid, std::move(path), result_);
  return result_;
}

}  // namespace racer
