#include "game/lab_planners.h"

#include "plan/best_first.h"
#include "plan/bfs.h"
#include "plan/hpa.h"
#include "plan/navmesh.h"
#include "plan/pra.h"
#include "plan/quadtree.h"

namespace racer {

std::vector<std::unique_ptr<GridPlanner>> lab_grid_planners() {
  std::vector<std::unique_ptr<GridPlanner>> out;
  out.push_back(std::make_unique<DijkstraPlanner>());
  out.push_back(std::make_unique<AStarPlanner>());
  out.push_back(std::make_unique<WeightedAStarPlanner>());
  out.push_back(std::make_unique<GreedyPlanner>());
  out.push_back(std::make_unique<BfsPlanner>());
  out.push_back(std::make_unique<BidirectionalBfsPlanner>());
  out.push_back(std::make_unique<HpaPlanner>());
  out.push_back(std::make_unique<PraPlanner>());
  out.push_back(std::make_unique<QuadtreePlanner>());
  out.push_back(std::make_unique<FramedQuadtreePlanner>());
  out.push_back(std::make_unique<NavMeshPlanner>());
  return out;
}

std::vector<std::unique_ptr<LabLayer>> lab_layers() {
  std::vector<std::unique_ptr<LabLayer>> out;
  for (auto& p : lab_grid_planners()) out.push_back(std::make_unique<GridPlannerLayer>(std::move(p)));
  out.push_back(std::make_unique<IncrementalLayer<LpaStar>>());
  out.push_back(std::make_unique<IncrementalLayer<DStarLite>>());
  out.push_back(std::make_unique<FlowFieldLayer>());
  return out;
}

}  // namespace racer
