// FlowField: IncrementalSearch with the goals as sources and no focus, so every compute()
// settles the whole field.
#include "plan/flow_field.h"

namespace racer {

long FlowField::reset(const SearchGrid& grid, std::span<const GridCell> goals) {
  search_.reset(grid, goals, std::nullopt);
  last_expanded_ = search_.compute();
  return last_expanded_;
}

long FlowField::update_cells(std::span<const GridCell> changed) {
  if (!search_.ready()) return 0;
  search_.update_cells(changed);
  last_expanded_ = search_.compute();
  return last_expanded_;
}

PathKey FlowField::distance_key(GridCell c) const {
  if (!search_.ready() || !search_.grid().in_bounds(c.x, c.y)) return kPathKeyInfinity;
  return search_.g(c);
}

std::optional<GridCell> FlowField::next(GridCell c) const {
  if (distance_key(c) >= kPathKeyInfinity) return std::nullopt;
  return search_.best_neighbour(c);
}

SearchResult FlowField::follow(GridCell from) const {
  SearchResult result;
  if (!search_.ready() || !search_.grid().passable(from.x, from.y)) return result;
  std::vector<GridCell> path;
  search_.trace(from, path);
  fill_search_result(search_.grid(), std::move(path), result);
  return result;
}

}  // namespace racer
