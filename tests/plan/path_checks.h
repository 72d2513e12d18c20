#pragma once
// Checks shared by the decompositions' tests (quadtree, navmesh): random grids, a brute-force
// clearance test of a segment independent of plan/waypoint_path, and the validity of an
// answer's walk and waypoints.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/vec2.h"
#include "plan/grid.h"
#include "plan/grid_search.h"
#include "plan/movingai.h"

namespace racer::test {

inline SearchGrid random_grid(std::mt19937& rng, int w, int h, double blocked) {
  SearchGrid g(w, h);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (u(rng) < blocked) g.set_passable(x, y, false);
  return g;
}

// Random blocked rectangles (walls and rooms rather than salt), so the quadtrees get large
// leaves and the navmesh large rectangles.
inline SearchGrid random_block_grid(std::mt19937& rng, int w, int h, int blocks) {
  SearchGrid g(w, h);
  for (int k = 0; k < blocks; ++k) {
    const int bw = 1 + static_cast<int>(rng() % static_cast<unsigned>(std::max(1, w / 3)));
    const int bh = 1 + static_cast<int>(rng() % static_cast<unsigned>(std::max(1, h / 3)));
    const int x0 = static_cast<int>(rng() % static_cast<unsigned>(w)), y0 = static_cast<int>(rng() % static_cast<unsigned>(h));
    for (int y = y0; y < std::min(h, y0 + bh); ++y)
      for (int x = x0; x < std::min(w, x0 + bw); ++x) g.set_passable(x, y, false);
  }
  return g;
}

inline GridCell random_cell(std::mt19937& rng, const SearchGrid& g) {
  return {static_cast<int>(rng() % static_cast<unsigned>(g.width())), static_cast<int>(rng() % static_cast<unsigned>(g.height()))};
}

// Conservative supercover, by brute force: every cell whose closed square meets the closed
// segment a-b must be passable. A square meets the segment when their bounding boxes overlap
// and the square's corners are not all strictly on one side of the segment's line (exact for
// the half-cell coordinates the planners use).
inline bool brute_segment_clear(const SearchGrid& g, Vec2 a, Vec2 b) {
  const int x0 = static_cast<int>(std::floor(std::min(a.x, b.x))) - 1, x1 = static_cast<int>(std::floor(std::max(a.x, b.x))) + 1;
  const int y0 = static_cast<int>(std::floor(std::min(a.y, b.y))) - 1, y1 = static_cast<int>(std::floor(std::max(a.y, b.y))) + 1;
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      if (x + 1 < std::min(a.x, b.x) || x > std::max(a.x, b.x) || y + 1 < std::min(a.y, b.y) || y > std::max(a.y, b.y)) continue;
      int below = 0, above = 0;
      for (const Vec2 c : {Vec2{1.0 * x, 1.0 * y}, Vec2{x + 1.0, 1.0 * y}, Vec2{1.0 * x, y + 1.0}, Vec2{x + 1.0, y + 1.0}}) {
        const double side = cross(b - a, c - a);
        below += side < 0.0;
        above += side > 0.0;
      }
      if (below == 4 || above == 4) continue;  // the line misses the square
      if (!g.passable(x, y)) return false;
    }
  return true;
}

// A found answer of a decomposition planner: the walk is legal grid moves from start to goal
// (orthogonal only on four-connected grids), its length and cost add up, the waypoints run
// from the start's centre to the goal's in segments that touch no blocked cell.
inline void expect_valid_answer(const SearchGrid& g, const SearchResult& r, const std::vector<Vec2>& waypoints, GridCell start,
                                GridCell goal) {
  ASSERT_TRUE(r.found());
  ASSERT_FALSE(r.path.empty());
  EXPECT_EQ(r.path.front(), start);
  EXPECT_EQ(r.path.back(), goal);
  double length = 0.0, cost = 0.0;
  for (std::size_t i = 1; i < r.path.size(); ++i) {
    const GridCell p = r.path[i - 1], q = r.path[i];
    const int dx = q.x - p.x, dy = q.y - p.y;
    ASSERT_TRUE(std::abs(dx) <= 1 && std::abs(dy) <= 1 && (dx != 0 || dy != 0)) << "step " << i << " is no move";
    ASSERT_TRUE(g.passable(q.x, q.y)) << "step " << i << " onto a blocked cell";
    if (dx != 0 && dy != 0) {
      ASSERT_NE(g.connectivity(), Connectivity::four) << "diagonal step on a four-connected grid";
      ASSERT_TRUE(g.passable(p.x + dx, p.y) && g.passable(p.x, p.y + dy)) << "step " << i << " cuts a corner";
    }
    const double len = (dx != 0 && dy != 0) ? std::sqrt(2.0) : 1.0;
    length += len;
    cost += len * 0.5 * (static_cast<double>(g.cost(p.x, p.y)) + static_cast<double>(g.cost(q.x, q.y)));
  }
  EXPECT_NEAR(r.length, length, 1e-9 * (1.0 + length));  // sums of the same terms
  EXPECT_NEAR(r.cost, cost, 1e-9 * (1.0 + cost));
  ASSERT_GE(waypoints.size(), 1u);
  EXPECT_EQ(waypoints.front(), (Vec2{start.x + 0.5, start.y + 0.5}));
  EXPECT_EQ(waypoints.back(), (Vec2{goal.x + 0.5, goal.y + 0.5}));
  for (std::size_t k = 1; k < waypoints.size(); ++k)
    ASSERT_TRUE(brute_segment_clear(g, waypoints[k - 1], waypoints[k]))
        << "segment " << k << " (" << waypoints[k - 1].x << "," << waypoints[k - 1].y << ") -> (" << waypoints[k].x << ","
        << waypoints[k].y << ") touches a blocked cell";
}

// The shared MovingAI maps and the stride through their scenarios the tests take.
inline const std::pair<const char*, int> kSharedMaps[] = {{"arena.map", 1}, {"rooms256.map", 5}, {"rooms512.map", 20}};

// Ratios of a decomposition planner's lengths to the optimal lengths of a map's scenarios
// (every stride-th one; start == goal skipped). Walks, legal grid paths, are never shorter
// than the optimum (checked); waypoints may be, running at any angle.
struct Ratios {
  int count = 0, failures = 0;
  double walk_max = 0.0, walk_mean = 0.0, waypoint_min = 1e9, waypoint_max = 0.0;
};

template <class Planner>
Ratios map_ratios(const std::string& map_name, int stride) {
  const std::string dir = RACER_SOURCE_DIR "/../shared/pathfinding/";
  const auto map = load_movingai_map(dir + map_name);
  const auto scenarios = load_movingai_scenarios(dir + map_name + ".scen");
  Ratios out;
  EXPECT_TRUE(map.ok() && scenarios.ok());
  if (!map.ok() || !scenarios.ok()) return out;
  Planner planner;
  for (std::size_t k = 0; k < scenarios.value().size(); k += static_cast<std::size_t>(stride)) {
    const MovingAiScenario& s = scenarios.value()[k];
    if (s.optimal_length <= 0.0) continue;
    const SearchResult& r = planner.plan(map.value(), s.start, s.goal);
    if (!r.found()) {
      ++out.failures;
      continue;
    }
    EXPECT_GE(r.length, s.optimal_length - 1e-6);  // .scen lengths carry 8 decimals
    const double walk = r.length / s.optimal_length, way = planner.waypoint_length() / s.optimal_length;
    out.walk_max = std::max(out.walk_max, walk);
    out.walk_mean += walk;
    out.waypoint_min = std::min(out.waypoint_min, way);
    out.waypoint_max = std::max(out.waypoint_max, way);
    ++out.count;
  }
  out.walk_mean /= std::max(out.count, 1);
  return out;
}

}  // namespace racer::test
