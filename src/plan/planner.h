#pragma once
// GridPlanner: what every grid planner of src/plan offers, so that the AI's router, the
// planner bench and the lab can take any of them. A planner owns its working memory (and
// any preprocessing of the grid it was last given, kept while grid.revision() is
// unchanged); one object per user, not thread-safe.
#include <string_view>
#include <vector>

#include "plan/grid.h"
#include "plan/grid_search.h"

namespace racer {

/// What a planner records of one search for display (the lab): the cells it expanded, in
/// the order it expanded them (abstract planners record the cells of their nodes).
struct PlanTrace {
  std::vector<GridCell> expanded;
};

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

  /// From the next plan() on, appends each expanded cell to `trace` (nullptr: records nothing,
  /// the default). A planner that cannot record leaves the trace empty; the caller clears it.
  void set_trace(PlanTrace* trace) { trace_ = trace; }

 protected:
  PlanTrace* trace_ = nullptr;  ///< where plan() records its expansions, if anywhere
};

}  // namespace racer
