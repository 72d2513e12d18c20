// Shapes: containment, distances and intersections against hand-worked cases and a
// sampling brute force.
#include "plan/shapes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

namespace racer {
namespace {

TEST(Shapes, AreaAndOrientation) {
  const Polygon square = box({0, 0}, {2, 3});
  EXPECT_DOUBLE_EQ(signed_area(square), 6.0);
  Polygon cw = square;
  std::reverse(cw.vertices.begin(), cw.vertices.end());
  EXPECT_DOUBLE_EQ(signed_area(cw), -6.0);
  EXPECT_DOUBLE_EQ(signed_area(counter_clockwise(cw)), 6.0);
  EXPECT_TRUE(is_convex(square));
  const Polygon ell{{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}};  // an L: not convex
  EXPECT_FALSE(is_convex(ell));
  EXPECT_DOUBLE_EQ(signed_area(oriented_box({5, 5}, 2, 1, 0.7)), 8.0);
}

TEST(Shapes, ContainmentAndDistance) {
  const Polygon ell{{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}};
  EXPECT_TRUE(contains(ell, {0.5, 1.5}));
  EXPECT_FALSE(contains(ell, {1.5, 1.5}));  // the notch
  EXPECT_TRUE(contains(ell, {2, 0.5}));     // on an edge
  EXPECT_DOUBLE_EQ(distance(ell, {1.5, 1.5}), 0.5);
  EXPECT_DOUBLE_EQ(distance(ell, {0.5, 0.5}), 0.0);
  EXPECT_DOUBLE_EQ(boundary_distance(ell, {0.5, 0.4}), 0.4);
  EXPECT_DOUBLE_EQ(distance(Disc{{0, 0}, 1}, {3, 4}), 4.0);
  Scene scene;
  scene.polygons.push_back(ell);
  scene.discs.push_back({{5, 0}, 1});
  EXPECT_DOUBLE_EQ(distance(scene, {3.5, 0}), 0.5);
  EXPECT_TRUE(blocked(scene, {5.5, 0.5}));
  EXPECT_FALSE(blocked(scene, {3, 3}));
}

TEST(Shapes, SegmentIntersections) {
  EXPECT_TRUE(intersects(Segment{{0, 0}, {2, 2}}, Segment{{0, 2}, {2, 0}}));
  EXPECT_FALSE(intersects(Segment{{0, 0}, {1, 1}}, Segment{{2, 2}, {3, 0}}));
  EXPECT_TRUE(intersects(Segment{{0, 0}, {1, 0}}, Segment{{1, 0}, {1, 5}}));  // touching ends
  EXPECT_TRUE(intersects(Segment{{0, 0}, {3, 0}}, Segment{{1, 0}, {2, 0}}));  // collinear overlap
  EXPECT_FALSE(intersects(Segment{{0, 0}, {1, 0}}, Segment{{2, 0}, {3, 0}}));
  const Polygon sq = box({0, 0}, {2, 2});
  EXPECT_TRUE(intersects(Segment{{0.5, 0.5}, {1, 1}}, sq));  // wholly inside
  EXPECT_TRUE(intersects(Segment{{-1, 1}, {3, 1}}, sq));
  EXPECT_FALSE(intersects(Segment{{-1, 3}, {3, 3}}, sq));
  EXPECT_TRUE(intersects(Segment{{-1, 0}, {0, 0}}, Disc{{0, 1}, 1}));
  EXPECT_FALSE(intersects(Segment{{-1, 0}, {1, 0}}, Disc{{0, 2}, 1}));
}

// Segment against polygon agrees with dense sampling along the segment (the samples may miss
// a graze, so only "samples hit => intersects" and "far from it => not" are asserted).
TEST(Shapes, SegmentPolygonAgreesWithSampling) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-3.0, 5.0);
  const Polygon ell{{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}};
  for (int trial = 0; trial < 2000; ++trial) {
    const Segment s{{u(rng), u(rng)}, {u(rng), u(rng)}};
    bool hit = false;
    double nearest = 1e9;
    for (int k = 0; k <= 400; ++k) {
      const Vec2 q = s.a + (s.b - s.a) * (k / 400.0);
      hit = hit || contains(ell, q);
      nearest = std::min(nearest, distance(ell, q));
    }
    if (hit) {
      EXPECT_TRUE(intersects(s, ell));
    }
    const double step = length(s.b - s.a) / 400.0;
    if (nearest > step) {
      EXPECT_FALSE(intersects(s, ell));
    }
  }
}

TEST(Shapes, PolygonOverlap) {
  const Polygon a = box({0, 0}, {2, 2});
  EXPECT_TRUE(overlaps(a, box({1, 1}, {3, 3})));
  EXPECT_TRUE(overlaps(a, box({0.5, 0.5}, {1, 1})));  // inside
  EXPECT_TRUE(overlaps(box({0.5, 0.5}, {1, 1}), a));  // around
  EXPECT_FALSE(overlaps(a, box({3, 3}, {4, 4})));
  EXPECT_TRUE(overlaps(a, oriented_box({3, 1}, 1.2, 0.2, 0.0)));
  EXPECT_FALSE(overlaps(a, oriented_box({3.5, 1}, 1.2, 0.2, 0.3)));
}

}  // namespace
}  // namespace racer
