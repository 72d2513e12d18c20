// The planner lab's pure state: layers plan, edits repair the incremental ones to the same
// answers as a fresh search, stepping, maps.
#include "game/lab_session.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "game/lab_map.h"
#include "game/lab_planners.h"

namespace racer {
namespace {

// Costs are sums of 1 and sqrt(2) multiplied by multipliers, summed in double in different
// orders by different planners: 1e-9 relative covers the rounding.
constexpr double kCostTol = 1e-9;

LabSession session_with(std::initializer_list<const char*> names) {
  double t = 0.0;
  LabSession s(lab_layers(), [t]() mutable { return t += 1e-6; });  // 1 us a reading
  s.set_map(builtin_lab_map());
  for (const char* n : names) {
    const int i = s.find(n);
    EXPECT_GE(i, 0) << n;
    if (i >= 0) s.set_enabled(i, true);
  }
  return s;
}

TEST(LabMap, BuiltinMapHasADefaultQueryWithAPath) {
  const LabMap m = builtin_lab_map();
  EXPECT_EQ(m.grid.width(), 64);
  EXPECT_EQ(m.grid.height(), 40);
  const LabQuery q = default_lab_query(m.grid);
  EXPECT_TRUE(m.grid.passable(q.start.x, q.start.y));
  EXPECT_TRUE(m.grid.passable(q.goal.x, q.goal.y));
  EXPECT_GT(std::abs(q.goal.x - q.start.x) + std::abs(q.goal.y - q.start.y), 40);
}

TEST(LabMap, PolygonCellsAreThoseWhoseCentresAreInside) {
  const SearchGrid g(10, 10);
  Polygon square;
  square.vertices = {{2.0, 2.0}, {2.0, 5.0}, {5.0, 5.0}, {5.0, 2.0}};  // clockwise on purpose
  const std::vector<GridCell> cells = polygon_cells(g, square);
  EXPECT_EQ(cells.size(), 9u);  // centres 2.5, 3.5, 4.5 in each axis
  for (const GridCell& c : cells) {
    EXPECT_GE(c.x, 2);
    EXPECT_LE(c.x, 4);
  }
}

TEST(LabMap, ShippedTrackLoadsCoarsenedNorthUpWithAPath) {
  auto m = load_lab_map(RACER_SOURCE_DIR "/tracks/kestrel_downs.json");
  ASSERT_TRUE(m) << m.error_text();
  EXPECT_LE(std::max(m.value().grid.width(), m.value().grid.height()), kLabMaxTrackSide);
  EXPECT_GT(m.value().metres_per_cell, 0.0);
  LabSession s(lab_layers(), {});
  s.set_map(std::move(m.value()));
  EXPECT_TRUE(s.optimal_cost().has_value());
}

TEST(LabMap, BadFileGivesAnError) {
  EXPECT_FALSE(load_lab_map(RACER_SOURCE_DIR "/no_such_map.map"));
  EXPECT_FALSE(load_lab_map(RACER_SOURCE_DIR "/no_such_track.json"));
}

TEST(LabSession, ExactLayersMatchTheOptimumAndOthersAreNoBetter) {
  LabSession s = session_with({"dijkstra", "astar_generic", "weighted_astar", "greedy", "hpa", "navmesh", "lpa",
                               "dstar_lite", "flow_field", "quadtree", "pra", "bfs"});
  ASSERT_TRUE(s.optimal_cost());
  for (int i = 0; i < s.layer_count(); ++i) {
    const LabEntry& e = s.entry(i);
    if (!e.enabled) continue;
    ASSERT_TRUE(e.outcome.result.found()) << e.layer->name();
    const double r = *s.ratio(i);
    EXPECT_GE(r, 1.0 - kCostTol) << e.layer->name();
    if (e.layer->bound() == 1.0) {
      EXPECT_NEAR(r, 1.0, kCostTol) << e.layer->name();
    } else if (e.layer->bound() > 1.0) {
      EXPECT_LE(r, e.layer->bound() + kCostTol) << e.layer->name();
    }
    EXPECT_EQ(e.outcome.path.size(), e.outcome.result.path.size());
    EXPECT_GT(e.time_us, 0.0);  // the fake clock ticks once per reading
  }
  // Searches record their expansions in order, as many as they count.
  const LabEntry& astar = s.entry(s.find("astar_generic"));
  EXPECT_EQ(static_cast<long>(astar.outcome.expanded.size()), astar.outcome.result.expanded);
  EXPECT_EQ(astar.outcome.expanded.front(), s.query().start);
  EXPECT_EQ(astar.outcome.expanded.back(), s.query().goal);
  // The flow field carries a finite distance at the start equal to the optimum.
  const LabEntry& ff = s.entry(s.find("flow_field"));
  const SearchGrid& g = s.map().grid;
  EXPECT_NEAR(ff.outcome.field[g.index(s.query().start.x, s.query().start.y)], *s.optimal_cost(), 1e-3);
}

TEST(LabSession, BlockingThePathRepairsIncrementalLayersToTheNewOptimum) {
  LabSession s = session_with({"astar_generic", "lpa", "dstar_lite", "flow_field"});
  const int lpa = s.find("lpa");
  const long first = s.entry(lpa).outcome.result.expanded;
  // Block a cell in the middle of A*'s path (not an endpoint).
  const std::vector<GridCell>& path = s.entry(s.find("astar_generic")).outcome.result.path;
  ASSERT_GT(path.size(), 10u);
  const GridCell mid = path[path.size() / 2];
  const double before = *s.optimal_cost();
  const std::vector<GridCell> changed = s.set_blocked(std::vector<GridCell>{mid}, true);
  ASSERT_EQ(changed.size(), 1u);
  ASSERT_TRUE(s.optimal_cost());
  EXPECT_GE(*s.optimal_cost(), before - kCostTol);
  for (const char* n : {"lpa", "dstar_lite", "flow_field"}) {
    const LabEntry& e = s.entry(s.find(n));
    EXPECT_TRUE(e.outcome.repaired) << n;
    ASSERT_TRUE(e.outcome.result.found()) << n;
    EXPECT_NEAR(e.outcome.result.cost, *s.optimal_cost(), kCostTol * *s.optimal_cost()) << n;
    EXPECT_TRUE(std::find(e.outcome.result.path.begin(), e.outcome.result.path.end(), mid) == e.outcome.result.path.end()) << n;
  }
  // A one-cell change is repaired with fewer expansions than the first search's.
  EXPECT_LT(s.entry(lpa).outcome.result.expanded, first);
  EXPECT_FALSE(s.entry(s.find("astar_generic")).outcome.repaired);
  // Freeing it again goes back to the first optimum.
  s.set_blocked(changed, false);
  EXPECT_NEAR(s.entry(lpa).outcome.result.cost, before, kCostTol * before);
  // Blocking an already blocked cell changes nothing.
  EXPECT_TRUE(s.set_blocked(std::vector<GridCell>{{0, 0}}, true).empty());
}

TEST(LabSession, PolygonObstacleBlocksAndClears) {
  LabSession s = session_with({"dijkstra", "lpa"});
  const double before = *s.optimal_cost();
  Polygon p;
  p.vertices = {{20.0, 1.0}, {30.0, 1.0}, {30.0, 39.0}, {20.0, 39.0}};  // a wall across the map
  const std::vector<GridCell> cells = s.add_polygon(p);
  EXPECT_FALSE(cells.empty());
  EXPECT_EQ(s.map().obstacles.size(), 1u);
  EXPECT_FALSE(s.optimal_cost().has_value());  // the wall cuts the map in two
  EXPECT_FALSE(s.entry(s.find("lpa")).outcome.result.found());
  s.clear_polygons();
  EXPECT_TRUE(s.map().obstacles.empty());
  ASSERT_TRUE(s.optimal_cost());
  EXPECT_NEAR(*s.optimal_cost(), before, kCostTol * before);
  EXPECT_NEAR(s.entry(s.find("lpa")).outcome.result.cost, before, kCostTol * before);
}

TEST(LabSession, StepsThroughTheSelectedTrace) {
  LabSession s = session_with({"astar_generic", "dijkstra"});
  EXPECT_EQ(s.selected(), s.find("astar_generic"));  // the first enabled
  EXPECT_FALSE(s.stepping());
  EXPECT_EQ(s.shown_expansions(), s.trace_size());
  s.step_by(1);
  EXPECT_EQ(s.shown_expansions(), 1);
  s.step_by(-5);
  EXPECT_EQ(s.shown_expansions(), 0);
  s.set_step(1L << 40);
  EXPECT_EQ(s.shown_expansions(), s.trace_size());
  s.select(s.find("dijkstra"));
  EXPECT_FALSE(s.stepping());
  EXPECT_GT(s.trace_size(), s.entry(s.find("astar_generic")).outcome.result.expanded);  // Dijkstra expands more
  s.set_enabled(s.find("dijkstra"), false);
  EXPECT_EQ(s.selected(), s.find("astar_generic"));
}

// More layers than colours: the names differ, and so do the colours of the shown layers,
// whichever are switched on (up to the palette's size).
TEST(LabSession, LayerNamesAreUniqueAndShownColoursDistinct) {
  LabSession s(lab_layers(), {});
  s.set_map(builtin_lab_map());
  for (int i = 0; i < s.layer_count(); ++i)
    for (int j = i + 1; j < s.layer_count(); ++j) EXPECT_NE(s.entry(i).layer->name(), s.entry(j).layer->name());
  EXPECT_GE(s.layer_count(), 20);
  // The motion planners (listed last, their colours at first those of the first grid
  // planners) with the first grid planners; then every layer from the end, to the palette's size.
  for (const char* n : {"astar", "jps", "visibility_graph", "bug2", "potential_field", "hybrid_astar", "dijkstra"})
    s.set_enabled(s.find(n), true);
  auto expect_distinct = [&] {
    for (int i = 0; i < s.layer_count(); ++i)
      for (int j = i + 1; j < s.layer_count(); ++j)
        if (s.entry(i).enabled && s.entry(j).enabled) {
          EXPECT_NE(s.entry(i).colour, s.entry(j).colour) << i << " " << j;
        }
  };
  expect_distinct();
  int shown = 7;
  for (int i = s.layer_count() - 1; i >= 0 && shown < kLabColours; --i)
    if (!s.entry(i).enabled) {
      s.set_enabled(i, true);
      ++shown;
    }
  expect_distinct();
}

}  // namespace
}  // namespace racer
