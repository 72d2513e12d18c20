#pragma once
// The planners the lab offers, in the order it lists them: the registry's grid planners
// (plan/registry.h) that plan afresh, then the incremental ones and the flow field, then the
// motion planners (game/lab_motion.h).
#include <memory>
#include <vector>

#include "game/lab_layer.h"
#include "plan/planner.h"

namespace racer {

/// Every grid planner of src/plan that plans afresh (all_grid_planners() without lpa and
/// dstar_lite, which the lab repairs in place), newly constructed with its defaults.
std::vector<std::unique_ptr<GridPlanner>> lab_grid_planners();
/// The lab's layers: the grid planners of lab_grid_planners(), then the incremental ones
/// (lpa, dstar_lite), the flow field, and the motion planners: walk_to, bug2, bug1,
/// potential_field, visibility_graph, hybrid_astar.
std::vector<std::unique_ptr<LabLayer>> lab_layers();

}  // namespace racer
