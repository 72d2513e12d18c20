// Measurement, not a check (disabled; docs/planners/incremental.md quotes its output):
// expansions and microseconds of LPA*, D* Lite and flow-field repairs after a local change
// against fresh searches, on the shared rooms256 / rooms512 maps (times: the thread's CPU
// time, means over the 40 longest scenarios). Run with
//   ./build/tests/racer_plan_tests --gtest_also_run_disabled_tests --gtest_filter='*IncrementalMeasure*'
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <random>

#include "plan/dstar_lite.h"
#include "plan/flow_field.h"
#include "plan/grid_search.h"
#include "plan/lpa_star.h"
#include "plan/movingai.h"

namespace racer {
namespace {

const std::string kData = RACER_SOURCE_DIR "/../shared/pathfinding/";

// This thread's CPU time: the machine is shared, and wall time would count other processes.
struct Clock {
  using time_point = double;
  static double now() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) * 1e-3;
  }
};
double micros_since(double t0) { return Clock::now() - t0; }

struct Tally {
  long repair_expanded = 0, fresh_expanded = 0;
  double repair_us = 0.0, fresh_us = 0.0;
  int count = 0;
  void print(const char* what, const char* fresh_name) const {
    if (count == 0) return;
    std::printf("  %-28s repair: %8.0f expanded %9.1f us | %-16s %8.0f expanded %9.1f us  (mean of %d)\n", what,
                static_cast<double>(repair_expanded) / count, repair_us / count, fresh_name,
                static_cast<double>(fresh_expanded) / count, fresh_us / count, count);
  }
};

void measure_map(const std::string& name) {
  const auto loaded = load_movingai_map(kData + name + ".map");
  const auto scenarios = load_movingai_scenarios(kData + name + ".map.scen");
  ASSERT_TRUE(loaded && scenarios);
  SearchGrid grid = loaded.value();
  std::printf("%s (%dx%d), 40 longest scenarios; change = block one cell of the current path\n", name.c_str(), grid.width(),
              grid.height());
  std::vector<MovingAiScenario> list = scenarios.value();
  std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.optimal_length > b.optimal_length; });
  list.resize(std::min<std::size_t>(list.size(), 40));
  std::mt19937 rng(7);
  GridSearch astar;
  LpaStar lpa, lpa_fresh;
  DStarLite dstar;
  FlowField field;
  Tally lpa_mid, lpa_near_goal, lpa_near_start, dstar_ahead, field_tally;
  for (const MovingAiScenario& s : list) {
    // LPA*: block one cell in the middle / near the start / near the goal of the current path.
    for (int where = 0; where < 3; ++where) {
      lpa.reset(grid, s.start, s.goal);
      const std::vector<GridCell> path = lpa.compute().path;
      if (path.size() < 12) continue;
      const std::size_t at = where == 0 ? path.size() / 2 : where == 1 ? 5 : path.size() - 6;
      const GridCell cell = path[at];
      grid.set_passable(cell.x, cell.y, false);
      const GridCell changed[1] = {cell};
      Tally& t = where == 0 ? lpa_mid : where == 1 ? lpa_near_start : lpa_near_goal;
      auto t0 = Clock::now();
      lpa.update_cells(changed);
      t.repair_expanded += lpa.compute().expanded;
      t.repair_us += micros_since(t0);
      t0 = Clock::now();
      t.fresh_expanded += astar.search(grid, s.start, s.goal).expanded;
      t.fresh_us += micros_since(t0);
      ++t.count;
      grid.set_passable(cell.x, cell.y, true);
    }
    // D* Lite: the car has driven a third of the way and finds a cell 10 steps ahead blocked.
    {
      dstar.reset(grid, s.start, s.goal);
      const std::vector<GridCell> path = dstar.compute().path;
      if (path.size() > 40) {
        const GridCell here = path[path.size() / 3], cell = path[path.size() / 3 + 10];
        dstar.move_to(here);
        grid.set_passable(cell.x, cell.y, false);
        const GridCell changed[1] = {cell};
        auto t0 = Clock::now();
        dstar.update_cells(changed);
        dstar_ahead.repair_expanded += dstar.compute().expanded;
        dstar_ahead.repair_us += micros_since(t0);
        t0 = Clock::now();
        dstar_ahead.fresh_expanded += astar.search(grid, here, s.goal).expanded;
        dstar_ahead.fresh_us += micros_since(t0);
        ++dstar_ahead.count;
        grid.set_passable(cell.x, cell.y, true);
      }
    }
    // Flow field toward the goal: a car stops (2 x 2 cells blocked) somewhere on a path to it.
    {
      const GridCell goals[1] = {s.goal};
      field.reset(grid, goals);
      const SearchResult way = field.follow(s.start);
      if (way.path.size() > 4) {
        const GridCell c = way.path[1 + rng() % (way.path.size() - 3)];
        std::vector<GridCell> changed;
        for (int dy = 0; dy < 2; ++dy)
          for (int dx = 0; dx < 2; ++dx)
            if (grid.in_bounds(c.x + dx, c.y + dy) && grid.passable(c.x + dx, c.y + dy) && !(GridCell{c.x + dx, c.y + dy} == s.goal)) {
              grid.set_passable(c.x + dx, c.y + dy, false);
              changed.push_back({c.x + dx, c.y + dy});
            }
        auto t0 = Clock::now();
        field_tally.repair_expanded += field.update_cells(changed);
        field_tally.repair_us += micros_since(t0);
        FlowField full;
        t0 = Clock::now();
        field_tally.fresh_expanded += full.reset(grid, goals);
        field_tally.fresh_us += micros_since(t0);
        ++field_tally.count;
        for (const GridCell x : changed) grid.set_passable(x.x, x.y, true);
      }
    }
  }
  // For scale: a fresh LPA* (its first search is an A*) on the unchanged map.
  Tally first;
  for (const MovingAiScenario& s : list) {
    auto t0 = Clock::now();
    first.repair_expanded += lpa_fresh.plan(grid, s.start, s.goal).expanded;
    first.repair_us += micros_since(t0);
    t0 = Clock::now();
    first.fresh_expanded += astar.search(grid, s.start, s.goal).expanded;
    first.fresh_us += micros_since(t0);
    ++first.count;
  }
  lpa_mid.print("LPA*, middle of the path", "fresh A*");
  lpa_near_start.print("LPA*, 5 steps from start", "fresh A*");
  lpa_near_goal.print("LPA*, 5 steps before goal", "fresh A*");
  dstar_ahead.print("D* Lite, 10 steps ahead", "fresh A*");
  field_tally.print("flow field, 2x2 car stops", "full recompute");
  first.print("(LPA* first search)", "fresh A*");
}

TEST(IncrementalMeasure, DISABLED_RoomsMaps) {
  measure_map("rooms256");
  measure_map("rooms512");
}

}  // namespace
}  // namespace racer
