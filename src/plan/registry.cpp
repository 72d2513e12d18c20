// The list of grid planners.
#include "plan/registry.h"

#include "plan/astar_planner.h"
#include "plan/jps.h"

namespace racer {

std::vector<std::unique_ptr<GridPlanner>> all_grid_planners() {
  std::vector<std::unique_ptr<GridPlanner>> list;
  list.push_back(std::make_unique<AstarPlanner>(SearchMode::astar));
  list.push_back(std::make_unique<JumpPointSearch>());
  return list;
}

}  // namespace racer
