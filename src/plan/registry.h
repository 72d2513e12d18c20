#pragma once
// Every grid planner of src/plan, one fresh object each, in a fixed order: what the planner
// bench runs, the lab offers and the AI profile can name. To add a planner, add a line to
// the list in registry.cpp.
#include <memory>
#include <string_view>
#include <vector>

#include "plan/planner.h"

namespace racer {

/// One of each, with its default settings (weighted A*: w = 1.5; HPA*: 10 x 10 clusters,
/// smoothed; PRA*: full refinement).
std::vector<std::unique_ptr<GridPlanner>> all_grid_planners();
/// The planner of that name() with its default settings, or nullptr for an unknown name.
std::unique_ptr<GridPlanner> make_grid_planner(std::string_view name);

}  // namespace racer
