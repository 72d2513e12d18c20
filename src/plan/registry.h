#pragma once
// Every grid planner of src/plan, one fresh object each, in a fixed order: what the planner
// bench runs and the AI profile can name. To add a planner, add a line to the list in
// registry.cpp.
#include <memory>
#include <vector>

#include "plan/planner.h"

namespace racer {

std::vector<std::unique_ptr<GridPlanner>> all_grid_planners();

}  // namespace racer
