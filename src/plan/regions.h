#pragma once
// Connected regions of a grid: every passable cell gets the label of the set of cells it can
// reach under the grid's connectivity, so "is the goal reachable at all?" is two array reads
// instead of a search that floods the start's whole region before saying no.
//
// - Labels match reachability exactly: a and b get the same label iff a path of grid_moves
//   joins them. On an eight-connected grid without corner cutting these are the regions of
//   the four-connected grid: a diagonal move needs both cells beside it passable, so every
//   diagonal move can be replaced by two orthogonal ones (and two cells touching only at a
//   corner with both side cells blocked are in different regions).
// - Labelling is one flood fill, O(cells); it is redone only when the grid's revision()
//   changes (any set_passable, set_cost or set_connectivity), and costs nothing otherwise.
// - RegionGatedPlanner wraps any planner: an unreachable goal is answered without searching
//   (expanded 0); reachable goals are handed to the wrapped planner unchanged.
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "plan/grid.h"
#include "plan/grid_search.h"
#include "plan/planner.h"

namespace racer {

/// The connected regions of one grid at a time (the last one given to update()).
class GridRegions {
 public:
  /// Labels `grid` unless it is the grid state labelled last (same revision and size).
  void update(const SearchGrid& grid);
  /// The region of a cell: 1..region_count(), or 0 when the cell is blocked or out of bounds
  /// (of the grid labelled last).
  std::uint32_t label(GridCell c) const {
    if (c.x < 0 || c.y < 0 || c.x >= width_ || c.y >= height_) return 0;
    return labels_[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(c.x)];
  }
  /// True iff both cells are passable and a path joins them. O(1).
  bool same_region(GridCell a, GridCell b) const {
    const std::uint32_t la = label(a);
    return la != 0 && la == label(b);
  }
  /// Regions found in the grid labelled last.
  std::uint32_t region_count() const { return regions_; }
  /// How many times a grid was labelled (for tests of the caching).
  long labellings() const { return labellings_; }

 private:
  void label_all(const SearchGrid& grid);

  std::vector<std::uint32_t> labels_;
  std::vector<std::uint32_t> queue_;
  std::uint64_t revision_ = 0;
  bool labelled_ = false;
  int width_ = 0, height_ = 0;
  std::uint32_t regions_ = 0;
  long labellings_ = 0;
};

/// A planner that answers an unreachable goal from the region labels and passes every other
/// query to the planner it wraps (same name and bound).
class RegionGatedPlanner final : public GridPlanner {
 public:
  /// `inner` must not be null.
  explicit RegionGatedPlanner(std::unique_ptr<GridPlanner> inner) : inner_(std::move(inner)) {}
  std::string_view name() const override { return inner_->name(); }
  double bound() const override { return inner_->bound(); }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

  const GridRegions& regions() const { return regions_; }

 private:
  std::unique_ptr<GridPlanner> inner_;
  GridRegions regions_;
  SearchResult result_;
};

}  // namespace racer
