// racer-bench astar: the cost of the AI's grid A* (src/ai/grid_search.h), on a MovingAI
// benchmark map (every scenario, checked against its optimal length) or on a random grid
// (random passable start and goal cells; the worst query timed too).
#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "plan/grid_search.h"
#include "plan/movingai.h"
#include "args.h"
#include "experiments.h"
#include "stopwatch.h"

namespace racer::bench {

namespace {

int bench_movingai(const std::string& map_path, const std::string& scen_path, long repeat) {
  const Result<SearchGrid> map = load_movingai_map(map_path);
  const Result<std::vector<MovingAiScenario>> scen = load_movingai_scenarios(scen_path);
  if (!map || !scen) {
    if (!map) std::cerr << map.error_text() << "\n";
    if (!scen) std::cerr << scen.error_text() << "\n";
    return 1;
  }
  const std::vector<MovingAiScenario>& scenarios = scen.value();
  GridSearch search;
  long matched = 0, expanded = 0;
  double max_error = 0.0;
  for (const MovingAiScenario& s : scenarios) {  // the checked pass
    const SearchResult& r = search.search(map.value(), s.start, s.goal);
    const double error = r.found() ? std::abs(r.cost - s.optimal_length) : std::numeric_limits<double>::infinity();
    max_error = std::max(max_error, error);
    if (error <= 1e-6) ++matched;
    expanded += r.expanded;
  }
  const Stopwatch clock;
  for (long pass = 0; pass < repeat; ++pass)
    for (const MovingAiScenario& s : scenarios) search.search(map.value(), s.start, s.goal);
  const double wall = clock.seconds();
  const auto n = static_cast<double>(scenarios.size());
  nlohmann::ordered_json out = {{"bench", "astar"}, {"map", map_path}, {"queries", scenarios.size()},
                                {"matched", matched}, {"max_error", std::isfinite(max_error) ? max_error : -1.0},
                                {"us_per_query", wall * 1e6 / (n * static_cast<double>(repeat))},
                                {"expanded_per_query", static_cast<double>(expanded) / n}};
  std::cout << out.dump(2) << "\n";
  return matched == static_cast<long>(scenarios.size()) ? 0 : 1;
}

int bench_random(int side, double obstacles, std::uint64_t seed, long queries) {
  std::uint64_t state = seed;  // splitmix64: the same grid and queries on every machine
  auto next = [&state] {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  auto uniform = [&next] { return static_cast<double>(next() >> 11) / 9007199254740992.0; };
  SearchGrid grid(side, side);
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x) grid.set_passable(x, y, uniform() >= obstacles);
  auto passable_cell = [&] {
    for (;;) {
      const GridCell c{static_cast<int>(next() % static_cast<std::uint64_t>(side)),
                       static_cast<int>(next() % static_cast<std::uint64_t>(side))};
      if (grid.passable(c.x, c.y)) return c;
    }
  };
  std::vector<std::pair<GridCell, GridCell>> pairs(static_cast<std::size_t>(queries));
  for (auto& [a, b] : pairs) {
    a = passable_cell();
    b = passable_cell();
  }
  GridSearch search;
  search.search(grid, pairs.front().first, pairs.front().second);  // grow the arrays once, untimed
  long found = 0, expanded = 0;
  double total_us = 0.0, max_us = 0.0, length = 0.0, found_us = 0.0, max_found_us = 0.0;
  for (const auto& [a, b] : pairs) {
    const Stopwatch clock;
    const SearchResult& r = search.search(grid, a, b);
    const double us = clock.us();
    total_us += us;
    max_us = std::max(max_us, us);
    expanded += r.expanded;
    if (r.found()) {
      ++found;
      length += r.length;
      found_us += us;
      max_found_us = std::max(max_found_us, us);
    }
  }
  const auto n = static_cast<double>(queries);
  nlohmann::ordered_json out = {{"bench", "astar"}, {"grid", "random"}, {"side", side}, {"obstacles", obstacles},
                                {"seed", seed}, {"queries", queries}, {"found", found},
                                {"us_per_query", total_us / n}, {"max_us_per_query", max_us},
                                {"us_per_found_query", found > 0 ? found_us / static_cast<double>(found) : 0.0},
                                {"max_us_per_found_query", max_found_us},
                                {"expanded_per_query", static_cast<double>(expanded) / n},
                                {"mean_length", found > 0 ? length / static_cast<double>(found) : 0.0}};
  std::cout << out.dump(2) << "\n";
  return 0;
}

int run(const std::vector<std::string>& args) {
  std::string map_path, scen_path;
  long repeat = 100, queries = 200;
  int side = 0;
  double obstacles = 0.3;
  std::uint64_t seed = 1;
  ArgParser()
      .text("--map", map_path)
      .text("--scen", scen_path)
      .integer("--repeat", repeat, 1, 100000)
      .integer("--random", side, 8, 4096)
      .number("--obstacles", obstacles, 0.0, 0.6)
      .integer("--seed", seed, 0, 4294967295LL)
      .integer("--queries", queries, 1, 1000000)
      .parse(args);
  if (side > 0) {
    if (!map_path.empty() || !scen_path.empty()) throw UsageError("takes either --random SIDE or --map/--scen, not both");
    return bench_random(side, obstacles, seed, queries);
  }
  if (map_path.empty() || scen_path.empty()) throw UsageError("--map FILE and --scen FILE (or --random SIDE) are required");
  return bench_movingai(map_path, scen_path, repeat);
}

}  // namespace

const Experiment kAstarExperiment{
    "astar",
    "racer-bench astar --map FILE --scen FILE [--repeat N]\n"
    "racer-bench astar --random SIDE [--seed N] [--queries Q] [--obstacles P]",
    R"(  astar     A* (src/ai/grid_search.h) on a MovingAI map, every scenario of the .scen file:
            {"bench", "map", "queries", "matched", "max_error", "us_per_query",
            "expanded_per_query"} (matched: within 1e-6 of the optimal length); or on a
            random SIDE x SIDE grid with random passable start and goal cells:
            {"bench", "grid", "side", "obstacles", "seed", "queries", "found", "us_per_query",
            "max_us_per_query", "us_per_found_query", "max_us_per_found_query",
            "expanded_per_query", "mean_length"} (an unreachable goal floods the start's
            whole component: those queries set the maximum)
)",
    R"(astar options:
  --map FILE      MovingAI .map file
  --scen FILE     its .scen file (both required unless --random)
  --repeat N      timing passes over all scenarios, 1..100000 default 100
  --random SIDE   random SIDE x SIDE grid, 8..4096 (instead of --map/--scen)
  --obstacles P   blocked share of the random grid, 0..0.6  default 0.3
  --seed N        random grid and queries, 0..4294967295    default 1
  --queries Q     random queries, 1..1000000                default 200
)",
    run};

}  // namespace racer::bench
