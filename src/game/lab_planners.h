#pragma once
// The planners the lab offers, in the order it lists them: the registry's grid planners
// (plan/registry.h) that plan afresh, then the incremental ones and the flow field.
#include <memory>
#include <vector>

#include "game/lab_layer.h"
#include "plan/planner.h"

namespace racer {

/// Every grid planner of src/plan that plans afresh (all_grid_planners() without lpa and
/// dstar_lite, which the lab repairs in place), newly constructed with its defaults.
std::vector<std::unique_ptr<GridPlanner>> lab_grid_planners();
/// The lab's layers: the grid planners of lab_grid_planners(), then the incremental ones
/// (lpa, dstar_lite) and the flow field. Motion-planner layers are listed here when added.
std::vector<std::unique_ptr<LabLayer>> lab_layers();

}  // namespace racer
