#pragma once
// GridPlanner: what every grid planner of src/plan offers, so that the AI's router, the
// planner bench and the lab can take any of them. A planner owns its working memory (and
// any preprocessing of the grid it was last given, kept while grid.revision() is
// unchanged); one object per user, not thread-safe.
#include <string_view>

#include "plan/grid.h"
#include "plan/grid_search.h"

namespace racer {

class GridPlanner {
 public:
  virtual ~GridPlanner() = default;

  /// Short name, lower case, as the bench and the AI profile spell it ("astar", "jps", ...).
  virtual std::string_view name() const = 0;
  /// The promised ratio of the returned cost to the optimal cost: 1 for exact planners,
  /// w for weighted A*, 0 when nothing is promised (greedy best-first, the decompositions).
  virtual double bound() const { return 1.0; }
  /// Plans from start to goal on `grid` (its connectivity and multipliers). The answer's
  /// cost is in the grid's cost (plan/grid.h), `expanded` counts the nodes the planner
  /// expanded (grid cells or abstract nodes). The reference stays valid until the next call.
  virtual const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) = 0;
};

}  // namespace racer
