#pragma once
// GridSearch as GridPlanners: "astar" (the octile A*) and "dijkstra" (no heuristic), both
// exact. GridSearch searches every grid as 8-connected; for a grid whose connectivity is
// four or hex these planners run a plain A* of their own over grid_moves() (heuristic:
// Manhattan distance for four, hex distance for hex; both admissible since multipliers
// are >= 1 and every move is 1 cell long), so the answer follows the grid's own moves.
#include <cstdint>
#include <string_view>
#include <vector>

#include "plan/grid_search.h"
#include "plan/planner.h"

namespace racer {

class AstarPlanner final : public GridPlanner {
 public:
  explicit AstarPlanner(SearchMode mode = SearchMode::astar) : mode_(mode) {}
  std::string_view name() const override { return mode_ == SearchMode::astar ? "astar" : "dijkstra"; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

 private:
  const SearchResult& plan_other(const SearchGrid& grid, GridCell start, GridCell goal);  // four, hex

  SearchMode mode_;
  GridSearch search_;
  // plan_other's working memory.
  struct Entry {
    double f;
    double g;
    std::uint32_t cell;
  };
  std::vector<double> g_;
  std::vector<std::uint32_t> parent_;
  std::vector<std::uint32_t> stamp_;  // generation that reached the cell; closed_ likewise
  std::vector<std::uint32_t> closed_;
  std::vector<Entry> heap_;
  std::uint32_t generation_ = 0;
  SearchResult result_;
};

}  // namespace racer
