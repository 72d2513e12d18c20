#include "game/lab_planners.h"

#include "game/lab_motion.h"
#include "plan/dstar_lite.h"
#include "plan/lpa_star.h"
#include "plan/registry.h"

namespace racer {

std::vector<std::unique_ptr<GridPlanner>> lab_grid_planners() {
  std::vector<std::unique_ptr<GridPlanner>> out;
  for (std::unique_ptr<GridPlanner>& p : all_grid_planners())
    if (p->name() != "lpa" && p->name() != "dstar_lite") out.push_back(std::move(p));
  return out;
}

std::vector<std::unique_ptr<LabLayer>> lab_layers() {
  std::vector<std::unique_ptr<LabLayer>> out;
  for (auto& p : lab_grid_planners()) out.push_back(std::make_unique<GridPlannerLayer>(std::move(p)));
  out.push_back(std::make_unique<IncrementalLayer<LpaStar>>());
  out.push_back(std::make_unique<IncrementalLayer<DStarLite>>());
  out.push_back(std::make_unique<FlowFieldLayer>());
  out.push_back(std::make_unique<ReactiveLayer>(ReactivePolicy::walk_to));
  out.push_back(std::make_unique<ReactiveLayer>(ReactivePolicy::bug2));
  out.push_back(std::make_unique<ReactiveLayer>(ReactivePolicy::bug1));
  out.push_back(std::make_unique<ReactiveLayer>(ReactivePolicy::potential_field));
  out.push_back(std::make_unique<VisibilityGraphLayer>());
  out.push_back(std::make_unique<HybridAStarLayer>());
  return out;
}

}  // namespace racer
