// racer-bench unreachable: how fast a region-gated planner (src/plan/regions.h) answers a goal
// it cannot reach, after the grid's one-time labelling, against the plain A* that floods the
// start's region to find out.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plan/astar_planner.h"
#include "plan/movingai.h"
#include "plan/regions.h"
#include "args.h"
#include "experiments.h"
#include "stopwatch.h"

namespace racer::bench {

namespace {

// The first passable cell, and the first passable cell after it in another region.
bool unreachable_pair(const SearchGrid& grid, const GridRegions& regions, GridCell& start, GridCell& goal) {
  bool have_start = false;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      if (!grid.passable(x, y)) continue;
      if (!have_start) {
        start = {x, y};
        have_start = true;
      } else if (!regions.same_region(start, {x, y})) {
        goal = {x, y};
        return true;
      }
    }
  return false;
}

int run(const std::vector<std::string>& args) {
  std::string map_path;
  long queries = 1000000;
  ArgParser().text("--map", map_path).integer("--queries", queries, 1, 1000000000).parse(args);
  if (map_path.empty()) throw UsageError("--map FILE is required");
  const Result<SearchGrid> map = load_movingai_map(map_path);
  if (!map) throw LoadError(map.error_text());
  const SearchGrid& grid = map.value();

  GridRegions regions;
  const Stopwatch labelling;
  regions.update(grid);
  const double label_ms = labelling.seconds() * 1e3;
  GridCell start, goal;
  if (!unreachable_pair(grid, regions, start, goal)) throw UsageError("the map has one region: no goal is unreachable");

  RegionGatedPlanner gated(std::make_unique<FastAStarPlanner>());
  gated.plan(grid, start, goal);  // labels the planner's own copy once
  long unreachable = 0;
  const Stopwatch clock;
  for (long q = 0; q < queries; ++q) unreachable += gated.plan(grid, start, goal).status == SearchStatus::unreachable;
  const double ns = clock.seconds() * 1e9 / static_cast<double>(queries);

  FastAStarPlanner astar;
  const Stopwatch flood;
  const SearchResult& r = astar.plan(grid, start, goal);
  const double astar_us = flood.seconds() * 1e6;
  nlohmann::ordered_json out = {{"bench", "unreachable"}, {"map", map_path}, {"regions", regions.region_count()},
                                {"labelling_ms", label_ms}, {"start", {start.x, start.y}}, {"goal", {goal.x, goal.y}},
                                {"gated_ns_per_query", ns}, {"gated_unreachable", unreachable == queries},
                                {"astar_us", astar_us}, {"astar_expanded", r.expanded}};
  std::cout << out.dump(2) << "\n";
  return unreachable == queries && r.status == SearchStatus::unreachable ? 0 : 1;
}

}  // namespace

const Experiment kUnreachableExperiment{
    "unreachable",
    "racer-bench unreachable --map FILE [--queries N]",
    R"(  unreachable  a goal in another region than the start (the first such pair of a MovingAI
            map): the grid's one-time labelling (ms), the region-gated A*'s answer (ns a
            query, over N queries) and the plain A*'s (us, cells expanded); exits 1 unless
            both say unreachable
)",
    R"(unreachable options:
  --map FILE        MovingAI .map file (required)
  --queries N       timed queries, 1..1000000000                 default 1000000
)",
    run};

}  // namespace racer::bench
