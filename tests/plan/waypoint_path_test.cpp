// Waypoint paths: segment_clear against a brute-force supercover, and the walk of cells along
// clear segments (legal moves, octile length on open grids, loops cut, four-connected walks).
#include "plan/waypoint_path.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "path_checks.h"

namespace racer {
namespace {

using test::brute_segment_clear;
using test::random_grid;

Vec2 centre(int x, int y) { return {x + 0.5, y + 0.5}; }

// A random point on the half-cell lattice of a w x h grid (centres, corners, edge midpoints).
Vec2 random_half_point(std::mt19937& rng, int w, int h) {
  return {0.5 * static_cast<double>(rng() % static_cast<unsigned>(2 * w + 1)), 0.5 * static_cast<double>(rng() % static_cast<unsigned>(2 * h + 1))};
}

TEST(SegmentClear, MatchesBruteForceOnRandomGrids) {
  std::mt19937 rng(20261206);
  int clear = 0, blocked = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int w = 1 + static_cast<int>(rng() % 14), h = 1 + static_cast<int>(rng() % 14);
    const SearchGrid g = random_grid(rng, w, h, 0.03 * (trial % 8));
    for (int k = 0; k < 20; ++k) {
      const Vec2 a = random_half_point(rng, w, h), b = k % 5 == 0 ? a : random_half_point(rng, w, h);
      const bool expected = brute_segment_clear(g, a, b);
      ASSERT_EQ(segment_clear(g, a, b), expected) << "(" << a.x << "," << a.y << ") -> (" << b.x << "," << b.y << ") on " << w << "x" << h;
      ASSERT_EQ(segment_clear(g, b, a), expected);  // symmetric
      (expected ? clear : blocked) += 1;
    }
  }
  EXPECT_GT(clear, 1000);  // both answers well exercised
  EXPECT_GT(blocked, 1000);
}

TEST(SegmentClear, CornersAndEdgesCount) {
  SearchGrid g(4, 4);
  g.set_passable(2, 1, false);
  EXPECT_FALSE(segment_clear(g, centre(1, 0), centre(2, 1)));  // into the blocked cell
  EXPECT_FALSE(segment_clear(g, centre(1, 2), centre(2, 0)));  // ... through its edge
  EXPECT_FALSE(segment_clear(g, centre(1, 0), centre(3, 2)));  // diagonal through it, corner to corner
  EXPECT_FALSE(segment_clear(g, centre(1, 1), centre(2, 2)));  // grazes the corner (2, 2): corner cutting
  EXPECT_TRUE(segment_clear(g, centre(0, 0), centre(3, 0)));   // row 0 is free
  EXPECT_TRUE(segment_clear(g, centre(0, 3), centre(3, 2)));
  EXPECT_FALSE(segment_clear(g, Vec2{2.0, 0.5}, Vec2{2.0, 3.5}));  // along the line x = 2: touches column 1 and 2
  EXPECT_FALSE(segment_clear(g, Vec2{0.0, 0.5}, Vec2{1.5, 0.5}));  // on the grid's edge: the outside counts as blocked
}

TEST(WaypointWalker, OneSegmentOnAnOpenGridHasTheOctileLength) {
  SearchGrid g(40, 30);
  WaypointWalker walker;
  SearchResult r;
  std::mt19937 rng(7);
  for (int k = 0; k < 300; ++k) {
    const GridCell a = test::random_cell(rng, g), b = test::random_cell(rng, g);
    walker.walk(g, {centre(a.x, a.y), centre(b.x, b.y)}, r);
    test::expect_valid_answer(g, r, {centre(a.x, a.y), centre(b.x, b.y)}, a, b);
    const double dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
    EXPECT_NEAR(r.length, std::max(dx, dy) + (std::sqrt(2.0) - 1.0) * std::min(dx, dy), 1e-9);
  }
}

TEST(WaypointWalker, CutsLoopsAndWalksFourConnected) {
  SearchGrid g(8, 8);
  WaypointWalker walker;
  SearchResult r;
  walker.walk(g, {centre(0, 0), centre(5, 0), centre(2, 0)}, r);  // out and back: the loop is cut
  test::expect_valid_answer(g, r, {centre(0, 0), centre(2, 0)}, {0, 0}, {2, 0});
  EXPECT_EQ(r.path.size(), 3u);

  g.set_connectivity(Connectivity::four);
  walker.walk(g, {centre(0, 0), centre(3, 3), centre(3, 7)}, r);  // the first leg crosses corners
  test::expect_valid_answer(g, r, {centre(0, 0), centre(3, 3), centre(3, 7)}, {0, 0}, {3, 7});
  EXPECT_NEAR(r.length, 6.0 + 4.0, 1e-12);  // monotone on each leg: Manhattan lengths
}

TEST(WaypointWalker, RandomClearPolylinesGiveLegalWalks) {
  std::mt19937 rng(99);
  WaypointWalker walker;
  SearchResult r;
  int walks = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int w = 2 + static_cast<int>(rng() % 20), h = 2 + static_cast<int>(rng() % 20);
    SearchGrid g = random_grid(rng, w, h, 0.1);
    if (trial % 3 == 0) g.set_connectivity(Connectivity::four);
    if (trial % 4 == 0) g.set_cost(0, 0, 3.0f);
    // A polyline of clear segments: corners and edge points inside, centres at the ends.
    std::vector<Vec2> points{centre(static_cast<int>(rng() % static_cast<unsigned>(w)), static_cast<int>(rng() % static_cast<unsigned>(h)))};
    if (!g.passable(static_cast<int>(points[0].x), static_cast<int>(points[0].y))) continue;
    for (int k = 0; k < 6; ++k) {
      const Vec2 p = k == 5 ? centre(static_cast<int>(rng() % static_cast<unsigned>(w)), static_cast<int>(rng() % static_cast<unsigned>(h)))
                            : random_half_point(rng, w, h);
      if (segment_clear(g, points.back(), p)) points.push_back(p);
    }
    const Vec2 last = points.back();
    if (last.x != std::floor(last.x) + 0.5 || last.y != std::floor(last.y) + 0.5) continue;  // must end on a centre
    walker.walk(g, points, r);
    const GridCell s{static_cast<int>(points.front().x), static_cast<int>(points.front().y)};
    const GridCell t{static_cast<int>(last.x), static_cast<int>(last.y)};
    test::expect_valid_answer(g, r, points, s, t);
    ++walks;
  }
  EXPECT_GT(walks, 100);
}

}  // namespace
}  // namespace racer
