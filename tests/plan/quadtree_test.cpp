// Quadtree decompositions: the leaves tile the padded square and are uniform, adjacency is
// symmetric and complete, the planners' answers agree with the grid search on reachability,
// their paths are legal and clear, and their lengths stay in a stated range of the optimum
// on the shared MovingAI maps.
#include "plan/quadtree.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <type_traits>

#include "path_checks.h"
#include "plan/movingai.h"

namespace racer {
namespace {

SearchGrid any_random_grid(std::mt19937& rng, int trial) {
  const int w = 1 + static_cast<int>(rng() % 40), h = 1 + static_cast<int>(rng() % 40);
  return trial % 2 == 0 ? test::random_grid(rng, w, h, 0.05 * (trial % 9)) : test::random_block_grid(rng, w, h, 1 + trial % 12);
}

TEST(Quadtree, LeavesTileThePaddedSquareAndAreUniform) {
  std::mt19937 rng(32);
  Quadtree tree;
  for (int trial = 0; trial < 200; ++trial) {
    const SearchGrid g = any_random_grid(rng, trial);
    tree.build(g);
    const int side = tree.side();
    ASSERT_GE(side, std::max(g.width(), g.height()));
    ASSERT_LT(side, 2 * std::max(g.width(), g.height()));
    ASSERT_EQ(side & (side - 1), 0) << "side must be a power of two";
    std::vector<int> cover(static_cast<std::size_t>(side) * static_cast<std::size_t>(side), 0);
    std::size_t free_leaves = 0;
    for (std::uint32_t id = 0; id < tree.leaves().size(); ++id) {
      const QuadLeaf& l = tree.leaves()[id];
      ASSERT_EQ(l.x % l.size, 0);  // aligned: a quadrant of the square
      ASSERT_EQ(l.y % l.size, 0);
      free_leaves += l.free ? 1 : 0;
      for (int y = l.y; y < l.y + l.size; ++y)
        for (int x = l.x; x < l.x + l.size; ++x) {
          ++cover[static_cast<std::size_t>(y) * static_cast<std::size_t>(side) + static_cast<std::size_t>(x)];
          ASSERT_EQ(g.passable(x, y), l.free) << "leaf " << id << " is not uniform at (" << x << "," << y << ")";
          if (g.in_bounds(x, y)) {
            ASSERT_EQ(tree.leaf_at(x, y), id);
          }
        }
    }
    EXPECT_EQ(free_leaves, tree.free_leaf_count());
    EXPECT_TRUE(std::all_of(cover.begin(), cover.end(), [](int c) { return c == 1; })) << "leaves overlap or leave a gap";
  }
}

TEST(Quadtree, AdjacencyIsSymmetricAndComplete) {
  std::mt19937 rng(33);
  Quadtree tree;
  for (int trial = 0; trial < 200; ++trial) {
    const SearchGrid g = any_random_grid(rng, trial);
    tree.build(g);
    const auto& leaves = tree.leaves();
    for (std::uint32_t a = 0; a < leaves.size(); ++a)
      for (const std::uint32_t b : tree.neighbours(a)) {
        ASSERT_TRUE(leaves[a].free && leaves[b].free);
        const auto nb = tree.neighbours(b);
        ASSERT_TRUE(std::find(nb.begin(), nb.end(), a) != nb.end()) << "not symmetric: " << a << " -> " << b;
        // They share an edge of positive length.
        const QuadLeaf &p = leaves[a], &q = leaves[b];
        const int overlap_x = std::min(p.x + p.size, q.x + q.size) - std::max(p.x, q.x);
        const int overlap_y = std::min(p.y + p.size, q.y + q.size) - std::max(p.y, q.y);
        ASSERT_TRUE((overlap_x == 0 && overlap_y > 0) || (overlap_y == 0 && overlap_x > 0));
        ASSERT_EQ(tree.component(a), tree.component(b));
      }
    // Complete: orthogonally adjacent passable cells lie in one leaf or in neighbours.
    for (int y = 0; y < g.height(); ++y)
      for (int x = 0; x < g.width(); ++x)
        for (const GridCell d : {GridCell{1, 0}, GridCell{0, 1}}) {
          if (!g.passable(x, y) || !g.passable(x + d.x, y + d.y)) continue;
          const std::uint32_t a = tree.leaf_at(x, y), b = tree.leaf_at(x + d.x, y + d.y);
          if (a == b) continue;
          const auto na = tree.neighbours(a);
          ASSERT_TRUE(std::find(na.begin(), na.end(), b) != na.end());
        }
  }
}

// Both planners on random grids: found exactly when Dijkstra finds a path, legal clear paths,
// never shorter than the optimum as walks, never shorter than the straight line as waypoints.
template <class Planner>
void check_random_answers(unsigned seed, int trials) {
  std::mt19937 rng(seed);
  Planner planner;
  GridSearch reference;
  int found = 0, unreachable = 0, blocked = 0;
  for (int trial = 0; trial < trials; ++trial) {
    SearchGrid g = any_random_grid(rng, trial);
    if (trial % 7 == 0) g.set_cost(0, 0, 4.0f);  // multipliers are carried into the walk's cost
    if (trial % 11 == 0) g.set_connectivity(Connectivity::four);
    for (int q = 0; q < 4; ++q) {
      const GridCell s = test::random_cell(rng, g), t = test::random_cell(rng, g);
      const SearchResult& r = planner.plan(g, s, t);
      const SearchResult& d = reference.search(g, s, t, SearchMode::dijkstra);  // eight-connected reachability ==
                                                                                // four-connected (no corner cutting)
      SCOPED_TRACE(testing::Message() << planner.name() << " trial " << trial << " " << g.width() << "x" << g.height() << " (" << s.x
                                      << "," << s.y << ") -> (" << t.x << "," << t.y << ")");
      ASSERT_EQ(r.status, d.status);
      if (!r.found()) {
        (r.status == SearchStatus::unreachable ? unreachable : blocked) += 1;
        EXPECT_TRUE(r.path.empty());
        EXPECT_TRUE(planner.waypoints().empty());
        continue;
      }
      ++found;
      test::expect_valid_answer(g, r, planner.waypoints(), s, t);
      if (g.connectivity() == Connectivity::eight) {  // a legal walk
        EXPECT_GE(r.length, d.length - 1e-9);
      }
      EXPECT_GE(planner.waypoint_length(), std::hypot(s.x - t.x, s.y - t.y) - 1e-9);
      if (std::is_same_v<Planner, FramedQuadtreePlanner>) {  // see LengthRatiosOnTheSharedMaps
        EXPECT_LE(planner.waypoint_length(), d.length + 1e-9);
      }
    }
  }
  EXPECT_GT(found, trials);  // every outcome well exercised
  EXPECT_GT(unreachable, trials / 20);
  EXPECT_GT(blocked, trials / 10);
}

TEST(QuadtreePlanner, RandomGridsAgreeWithDijkstraAndGiveClearPaths) { check_random_answers<QuadtreePlanner>(34, 400); }
TEST(FramedQuadtreePlanner, RandomGridsAgreeWithDijkstraAndGiveClearPaths) { check_random_answers<FramedQuadtreePlanner>(35, 400); }

TEST(QuadtreePlanner, OneLeafIsAStraightLine) {
  const SearchGrid g(16, 16);  // one free leaf
  QuadtreePlanner quad;
  FramedQuadtreePlanner framed;
  for (GridPlanner* p : std::initializer_list<GridPlanner*>{&quad, &framed}) {
    const SearchResult& r = p->plan(g, {1, 2}, {14, 9});
    ASSERT_TRUE(r.found());
    EXPECT_EQ(r.expanded, 0);
  }
  EXPECT_EQ(quad.waypoints().size(), 2u);
  EXPECT_EQ(framed.waypoints().size(), 2u);
  EXPECT_EQ(quad.tree().leaves().size(), 1u);
  EXPECT_NEAR(quad.waypoint_length(), std::hypot(13.0, 7.0), 1e-12);
}

TEST(QuadtreePlanner, RebuildsWhenTheGridChanges) {
  SearchGrid g(20, 20);
  QuadtreePlanner quad;
  FramedQuadtreePlanner framed;
  EXPECT_TRUE(quad.plan(g, {0, 5}, {19, 5}).found());
  EXPECT_TRUE(framed.plan(g, {0, 5}, {19, 5}).found());
  for (int y = 0; y < 20; ++y) g.set_passable(10, y, false);  // a wall across
  EXPECT_EQ(quad.plan(g, {0, 5}, {19, 5}).status, SearchStatus::unreachable);
  EXPECT_EQ(framed.plan(g, {0, 5}, {19, 5}).status, SearchStatus::unreachable);
  g.set_passable(10, 17, true);  // a door
  const SearchResult& r = framed.plan(g, {0, 5}, {19, 5});
  test::expect_valid_answer(g, r, framed.waypoints(), {0, 5}, {19, 5});
  EXPECT_TRUE(quad.plan(g, {0, 5}, {19, 5}).found());
}

// Ratios to the optimum on the shared maps (every arena scenario, every 5th of rooms256,
// every 20th of rooms512, to keep the test fast under the sanitizers). The ranges are the measured ones over all
// scenarios (docs/planners/decompositions.md) with some room: plain quadtree walks up to
// 2.41 x on arena (short paths detour through the centres of large leaves), 1.22 x on
// rooms256.
TEST(QuadtreePlanner, LengthRatiosOnTheSharedMaps) {
  for (const auto& [m, stride] : test::kSharedMaps) {
    SCOPED_TRACE(m);
    const test::Ratios r = test::map_ratios<QuadtreePlanner>(m, stride);
    EXPECT_EQ(r.failures, 0);
    EXPECT_LE(r.walk_max, 2.6);
    EXPECT_LE(r.walk_mean, 1.25);
    EXPECT_GE(r.waypoint_min, 0.9);
  }
}

// The framed quadtree's waypoints are never longer than the 8-connected optimum: an optimal
// grid path enters and leaves each leaf at border cells, and the straight segment between
// them is no longer than its part inside the leaf. Measured walks: at most 1.3 % over.
TEST(FramedQuadtreePlanner, LengthRatiosOnTheSharedMaps) {
  for (const auto& [m, stride] : test::kSharedMaps) {
    SCOPED_TRACE(m);
    const test::Ratios r = test::map_ratios<FramedQuadtreePlanner>(m, stride);
    EXPECT_EQ(r.failures, 0);
    EXPECT_LE(r.walk_max, 1.05);
    EXPECT_LE(r.walk_mean, 1.01);
    EXPECT_LE(r.waypoint_max, 1.0 + 1e-8);  // .scen lengths carry 8 decimals
    EXPECT_GE(r.waypoint_min, 0.9);
  }
}

}  // namespace
}  // namespace racer
