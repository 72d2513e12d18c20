// The list of grid planners.
#include "plan/registry.h"

#include "plan/astar_planner.h"
#include "plan/best_first.h"
#include "plan/bfs.h"
#include "plan/dstar_lite.h"
#include "plan/hpa.h"
#include "plan/jps.h"
#include "plan/lpa_star.h"
#include "plan/navmesh.h"
#include "plan/pra.h"
#include "plan/quadtree.h"

namespace racer {

std::vector<std::unique_ptr<GridPlanner>> all_grid_planners() {
  std::vector<std::unique_ptr<GridPlanner>> list;
  list.push_back(std::make_unique<FastAStarPlanner>());
  list.push_back(std::make_unique<JumpPointSearch>());
  list.push_back(std::make_unique<DijkstraPlanner>());
  list.push_back(std::make_unique<AStarPlanner>());
  list.push_back(std::make_unique<WeightedAStarPlanner>(1.5));
  list.push_back(std::make_unique<GreedyPlanner>());
  list.push_back(std::make_unique<BfsPlanner>());
  list.push_back(std::make_unique<BidirectionalBfsPlanner>());
  list.push_back(std::make_unique<HpaPlanner>());
  list.push_back(std::make_unique<PraPlanner>());
  list.push_back(std::make_unique<QuadtreePlanner>());
  list.push_back(std::make_unique<FramedQuadtreePlanner>());
  list.push_back(std::make_unique<NavMeshPlanner>());
  list.push_back(std::make_unique<LpaStar>());
  list.push_back(std::make_unique<DStarLite>());
  return list;
}

std::unique_ptr<GridPlanner> make_grid_planner(std::string_view name) {
  for (std::unique_ptr<GridPlanner>& p : all_grid_planners())
    if (p->name() == name) return std::move(p);
  return nullptr;
}

}  // namespace racer
