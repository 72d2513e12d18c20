// racer-bench planners: every grid planner of all_grid_planners() (src/plan/registry.h) on
// every scenario of a MovingAI map: lengths checked against the .scen optima, then timed.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plan/movingai.h"
#include "plan/registry.h"
#include "args.h"
#include "experiments.h"
#include "stopwatch.h"

namespace racer::bench {

namespace {

std::set<std::string> split_names(const std::string& list) {
  std::set<std::string> names;
  std::stringstream in(list);
  for (std::string name; std::getline(in, name, ',');)
    if (!name.empty()) names.insert(name);
  return names;
}

int run(const std::vector<std::string>& args) {
  std::string map_path, scen_path, only;
  long repeat = 10;
  ArgParser()
      .text("--map", map_path)
      .text("--scen", scen_path)
      .integer("--repeat", repeat, 0, 100000)
      .text("--only", only)
      .parse(args);
  if (map_path.empty() || scen_path.empty()) throw UsageError("--map FILE and --scen FILE are required");
  const Result<SearchGrid> map = load_movingai_map(map_path);
  const Result<std::vector<MovingAiScenario>> scen = load_movingai_scenarios(scen_path);
  if (!map) throw LoadError(map.error_text());
  if (!scen) throw LoadError(scen.error_text());
  const std::vector<MovingAiScenario>& scenarios = scen.value();
  const std::set<std::string> wanted = split_names(only);

  std::vector<std::unique_ptr<GridPlanner>> planners = all_grid_planners();
  std::set<std::string> known;
  for (const auto& p : planners) known.insert(std::string(p->name()));
  for (const std::string& name : wanted)
    if (known.count(name) == 0) throw UsageError("--only: no planner named '" + name + "'");

  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  bool promises_kept = true;  // every exact planner matched, every bounded one within its bound
  const auto n = static_cast<double>(scenarios.size());
  for (const auto& planner : planners) {
    if (!wanted.empty() && wanted.count(std::string(planner->name())) == 0) continue;
    long matched = 0, expanded = 0, ratios = 0;
    double max_ratio = 0.0, ratio_sum = 0.0;
    const Stopwatch checked_clock;
    for (const MovingAiScenario& s : scenarios) {  // the checked pass (also grows the planner's memory)
      const SearchResult& r = planner->plan(map.value(), s.start, s.goal);
      expanded += r.expanded;
      if (!r.found()) {
        max_ratio = std::numeric_limits<double>::infinity();
        continue;
      }
      if (std::abs(r.cost - s.optimal_length) <= 1e-6) ++matched;
      if (s.optimal_length > 0.0) {
        max_ratio = std::max(max_ratio, r.cost / s.optimal_length);
        ratio_sum += r.cost / s.optimal_length;
        ++ratios;
      }
    }
    const double checked_wall = checked_clock.seconds();
    const Stopwatch clock;
    for (long pass = 0; pass < repeat; ++pass)
      for (const MovingAiScenario& s : scenarios) planner->plan(map.value(), s.start, s.goal);
    // --repeat 0: the checked pass is the timed one (a check, where the time matters less).
    const double wall = repeat > 0 ? clock.seconds() / static_cast<double>(repeat) : checked_wall;
    const bool exact = planner->bound() == 1.0;
    if (exact && matched != static_cast<long>(scenarios.size())) promises_kept = false;
    // A bounded planner (weighted A*) must stay within its bound on every query; the 1e-9
    // relative slack covers the rounding of the .scen lengths (8 decimals) on paths of 100s of cells.
    if (planner->bound() > 1.0 && max_ratio > planner->bound() * (1.0 + 1e-9)) promises_kept = false;
    list.push_back({{"name", std::string(planner->name())}, {"exact", exact}, {"bound", planner->bound()},
                    {"queries", scenarios.size()}, {"matched", matched},
                    {"mean_ratio_to_optimal", ratios > 0 ? ratio_sum / static_cast<double>(ratios) : -1.0},
                    {"max_ratio_to_optimal", std::isfinite(max_ratio) ? max_ratio : -1.0},
                    {"us_per_query", wall * 1e6 / n},
                    {"expanded_per_query", static_cast<double>(expanded) / n}});
  }
  const nlohmann::ordered_json out = {{"planners", list}};
  std::cout << out.dump(2) << "\n";
  return promises_kept ? 0 : 1;
}

}  // namespace

const Experiment kPlannersExperiment{
    "planners",
    "racer-bench planners --map FILE --scen FILE [--repeat N] [--only NAME,...]",
    R"(  planners  every grid planner (src/plan/registry.h) on every scenario of a MovingAI map:
            {"planners": [{"name", "exact", "bound", "queries", "matched",
            "mean_ratio_to_optimal", "max_ratio_to_optimal", "us_per_query",
            "expanded_per_query"}]} (matched:
            cost within 1e-6 of the .scen optimum; bound: the promised ratio to the optimum,
            1 exact, 0 none; ratios of the found paths' costs; max_ratio_to_optimal -1 when a
            query found no path); exits 1
            when an exact planner missed a scenario's optimum or a bounded one
            (weighted A*) exceeded its bound on any scenario
)",
    R"(planners options:
  --map FILE        MovingAI .map file
  --scen FILE       its .scen file (both required)
  --repeat N        timing passes over all scenarios, 0..100000   default 10
                    (0: time the checked pass; a check of every scenario, once)
  --only A,B        run only the planners of these names (default all)
)",
    run};

}  // namespace racer::bench
