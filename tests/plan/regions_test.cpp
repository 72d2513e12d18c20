// Region labels: equal to reachability (a flood from every cell, written here) on random
// grids of every connectivity; corner cutting never joins regions; labels are cached by the
// grid's revision; the gated planner answers unreachable goals without searching.
#include "plan/regions.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "plan/best_first.h"
#include "plan/bfs.h"
#include "plan/movingai.h"

namespace racer {
namespace {

const std::string kData = RACER_SOURCE_DIR "/../shared/pathfinding/";
constexpr Connectivity kConnectivities[] = {Connectivity::four, Connectivity::eight, Connectivity::hex};

// Cells reachable from `from` by grid_moves (a plain depth-first flood).
std::vector<bool> reachable_from(const SearchGrid& g, GridCell from) {
  std::vector<bool> seen(static_cast<std::size_t>(g.width() * g.height()), false);
  if (!g.passable(from.x, from.y)) return seen;
  std::vector<GridCell> stack{from};
  seen[g.index(from.x, from.y)] = true;
  GridMove moves[8];
  while (!stack.empty()) {
    const GridCell c = stack.back();
    stack.pop_back();
    const int n = grid_moves(g, c, moves);
    for (int k = 0; k < n; ++k) {
      const std::size_t i = g.index(moves[k].to.x, moves[k].to.y);
      if (!seen[i]) {
        seen[i] = true;
        stack.push_back(moves[k].to);
      }
    }
  }
  return seen;
}

TEST(Regions, LabelsEqualReachabilityOnRandomGrids) {
  std::mt19937 rng(9001);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  GridRegions regions;
  for (const Connectivity c : kConnectivities)
    for (int trial = 0; trial < 150; ++trial) {
      const int w = 1 + static_cast<int>(rng() % 14), h = 1 + static_cast<int>(rng() % 14);
      SearchGrid g(w, h, c);
      const double density = 0.15 + 0.1 * static_cast<double>(rng() % 4);  // 15 .. 45%: many regions
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          if (unit(rng) < density) g.set_passable(x, y, false);
      regions.update(g);
      std::uint32_t max_label = 0;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          const GridCell a{x, y};
          EXPECT_EQ(regions.label(a) != 0, g.passable(x, y));
          max_label = std::max(max_label, regions.label(a));
          const std::vector<bool> reach = reachable_from(g, a);
          for (std::size_t i = 0; i < reach.size(); ++i)
            ASSERT_EQ(regions.same_region(a, g.cell(i)), static_cast<bool>(reach[i]))
                << "trial " << trial << " (" << x << "," << y << ") -> " << i;
        }
      EXPECT_EQ(max_label, regions.region_count());
    }
}

// Two cells that touch only at a corner whose side cells are both blocked: no move joins
// them on an eight grid (no corner cutting), so they are in different regions.
TEST(Regions, CutCornersDoNotJoin) {
  SearchGrid g(2, 2, Connectivity::eight);
  g.set_passable(1, 0, false);
  g.set_passable(0, 1, false);
  GridRegions regions;
  regions.update(g);
  EXPECT_FALSE(regions.same_region({0, 0}, {1, 1}));
  EXPECT_EQ(regions.region_count(), 2u);
  g.set_passable(1, 0, true);  // one side open: the corner can be walked round
  regions.update(g);
  EXPECT_TRUE(regions.same_region({0, 0}, {1, 1}));
  // Hex: (0, 0) and (0, 1) are neighbours (odd-r), (1, 1) is not a neighbour of (0, 0).
  SearchGrid hex(2, 2, Connectivity::hex);
  hex.set_passable(1, 0, false);
  hex.set_passable(0, 1, false);
  regions.update(hex);
  EXPECT_FALSE(regions.same_region({0, 0}, {1, 1}));
  EXPECT_FALSE(regions.same_region({0, 0}, {-1, 0}));  // out of bounds: no region
}

TEST(Regions, CachedByRevision) {
  SearchGrid g(20, 20, Connectivity::four);
  for (int y = 0; y < 20; ++y) g.set_passable(10, y, false);
  GridRegions regions;
  regions.update(g);
  regions.update(g);
  EXPECT_EQ(regions.labellings(), 1);
  EXPECT_FALSE(regions.same_region({0, 0}, {19, 19}));
  const SearchGrid copy = g;  // same revision: same state, nothing to redo
  regions.update(copy);
  EXPECT_EQ(regions.labellings(), 1);
  g.set_passable(10, 5, true);  // a door
  regions.update(g);
  EXPECT_EQ(regions.labellings(), 2);
  EXPECT_TRUE(regions.same_region({0, 0}, {19, 19}));
  g.set_connectivity(Connectivity::hex);
  regions.update(g);
  EXPECT_EQ(regions.labellings(), 3);
}

TEST(Regions, GatedPlannerAnswersUnreachableWithoutSearching) {
  SearchGrid g(40, 40, Connectivity::eight);
  for (int y = 0; y < 40; ++y) g.set_passable(20, y, false);
  RegionGatedPlanner gated(std::make_unique<AStarPlanner>());
  AStarPlanner plain;
  EXPECT_EQ(gated.name(), "astar_generic");
  EXPECT_EQ(gated.bound(), 1.0);
  const SearchResult& flooded = plain.plan(g, {1, 1}, {30, 30});
  EXPECT_EQ(flooded.status, SearchStatus::unreachable);
  EXPECT_EQ(flooded.expanded, 20 * 40);  // the plain search floods the start's side
  const SearchResult& r = gated.plan(g, {1, 1}, {30, 30});
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_EQ(r.expanded, 0);
  EXPECT_TRUE(r.path.empty());
  EXPECT_EQ(gated.plan(g, {20, 3}, {1, 1}).status, SearchStatus::blocked_endpoint);
  EXPECT_EQ(gated.plan(g, {1, 1}, {-1, 1}).status, SearchStatus::blocked_endpoint);
  g.set_passable(20, 39, true);  // a gap: the labels are redone and the search runs
  const SearchResult& found = gated.plan(g, {1, 1}, {30, 30});
  ASSERT_TRUE(found.found());
  EXPECT_NEAR(found.cost, plain.plan(g, {1, 1}, {30, 30}).cost, 1e-9);
  EXPECT_EQ(gated.regions().labellings(), 2);
  // Works around any planner.
  RegionGatedPlanner gated_bfs(std::make_unique<BfsPlanner>());
  EXPECT_EQ(gated_bfs.name(), "bfs");
  EXPECT_TRUE(gated_bfs.plan(g, {1, 1}, {30, 30}).found());
}

// Every scenario of the shared maps is solvable: start and goal share a region.
TEST(Regions, MovingAiScenariosAreConnected) {
  GridRegions regions;
  for (const char* name : {"arena.map", "rooms256.map", "rooms512.map"}) {
    const auto map = load_movingai_map(kData + name);
    ASSERT_TRUE(map) << map.error_text();
    const auto scen = load_movingai_scenarios(kData + name + ".scen");
    ASSERT_TRUE(scen) << scen.error_text();
    regions.update(map.value());
    for (const MovingAiScenario& s : scen.value()) EXPECT_TRUE(regions.same_region(s.start, s.goal)) << name;
  }
}

}  // namespace
}  // namespace racer
