// LPA*: the planner around IncrementalSearch with the start as its source and the goal as its
// focus; the path is traced from the goal back to the start and reversed.
#include "plan/lpa_star.h"

#include <algorithm>
#include <array>

namespace racer {

const SearchResult& LpaStar::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  reset(grid, start, goal);
  return compute();
}

void LpaStar::reset(const SearchGrid& grid, GridCell start, GridCell goal) {
  start_ = start;
  goal_ = goal;
  in_bounds_ = grid.in_bounds(start.x, start.y) && grid.in_bounds(goal.x, goal.y);
  const std::array<GridCell, 1> sources{start};
  if (in_bounds_) search_.reset(grid, sources, goal);
  else search_.reset(grid, {}, std::nullopt);  // keeps the grid for update_cells; never computed
  cost_key_ = kPathKeyInfinity;
  result_ = {};
}

long LpaStar::update_cells(std::span<const GridCell> changed) {
  return search_.ready() ? search_.update_cells(changed) : 0;
}

const SearchResult& LpaStar::compute() {
  result_ = {};
  cost_key_ = kPathKeyInfinity;
  if (!search_.ready()) return result_;
  const SearchGrid& grid = search_.grid();
  if (!in_bounds_ || !grid.passable(start_.x, start_.y) || !grid.passable(goal_.x, goal_.y)) return result_;
  search_.set_trace(trace_);
  result_.expanded = search_.compute();
  std::vector<GridCell> path;
  if (search_.g(goal_) < kPathKeyInfinity && search_.trace(goal_, path)) {
    std::reverse(path.begin(), path.end());
    cost_key_ = search_.g(goal_);
  }
  fill_search_result(grid, std::move(path), result_);
  return result_;
}

}  // namespace racer
