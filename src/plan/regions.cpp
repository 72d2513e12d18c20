// Connected-region labelling by flood fill, and the planner wrapper that uses it.
#include "plan/regions.h"

#include <algorithm>

namespace racer {

void GridRegions::update(const SearchGrid& grid) {
  if (labelled_ && revision_ == grid.revision() && width_ == grid.width() && height_ == grid.height()) return;
  label_all(grid);
  revision_ = grid.revision();
  width_ = grid.width();
  height_ = grid.height();
  labelled_ = true;
  ++labellings_;
}

void GridRegions::label_all(const SearchGrid& grid) {
  const int w = grid.width(), h = grid.height();
  const std::size_t cells = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  labels_.assign(cells, 0);
  regions_ = 0;
  const std::vector<std::uint8_t>& open = grid.passable_cells();
  const bool hex = grid.connectivity() == Connectivity::hex;  // four and eight: the same regions
  GridMove moves[8];
  for (std::size_t seed = 0; seed < cells; ++seed) {
    if (open[seed] == 0 || labels_[seed] != 0) continue;
    const std::uint32_t region = ++regions_;
    labels_[seed] = region;
    queue_.assign(1, static_cast<std::uint32_t>(seed));
    for (std::size_t head = 0; head < queue_.size(); ++head) {
      const std::uint32_t i = queue_[head];
      const GridCell c = grid.cell(i);
      const auto visit = [&](std::size_t j) {
        if (open[j] != 0 && labels_[j] == 0) {
          labels_[j] = region;
          queue_.push_back(static_cast<std::uint32_t>(j));
        }
      };
      if (hex) {
        const int count = grid_moves(grid, c, moves);
        for (int k = 0; k < count; ++k) visit(grid.index(moves[k].to.x, moves[k].to.y));
        continue;
      }
      const auto row = static_cast<std::size_t>(w);
      if (c.x > 0) visit(i - 1);
      if (c.x + 1 < w) visit(i + 1);
      if (c.y > 0) visit(i - row);
      if (c.y + 1 < h) visit(i + row);
    }
  }
}

const SearchResult& RegionGatedPlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  regions_.update(grid);
  if (regions_.same_region(start, goal)) return inner_->plan(grid, start, goal);
  result_.path.clear();
  result_.cost = 0.0;
  result_.length = 0.0;
  result_.expanded = 0;
  result_.status = grid.passable(start.x, start.y) && grid.passable(goal.x, goal.y) ? SearchStatus::unreachable
                                                                                    : SearchStatus::blocked_endpoint;
  return result_;
}

}  // namespace racer
