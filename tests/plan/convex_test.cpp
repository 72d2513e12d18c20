// Convex geometry: hand-worked Minkowski sums and hulls, the sum against the hull of all
// pairwise sums, convex pieces against containment in the whole polygon, disc growth
// against exact distances, and the interior tests against plan/shapes.h.
#include "plan/convex.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace racer {
namespace {

// Same vertices in the same cyclic order (starting anywhere), within tol.
bool same_ring(const Polygon& a, const Polygon& b, double tol) {
  if (a.size() != b.size()) return false;
  for (int shift = 0; shift < a.size(); ++shift) {
    bool all = true;
    for (int k = 0; k < a.size() && all; ++k) {
      const Vec2 u = a.vertices[static_cast<std::size_t>((k + shift) % a.size())], v = b.vertices[static_cast<std::size_t>(k)];
      all = length(u - v) <= tol;
    }
    if (all) return true;
  }
  return false;
}

// A random convex polygon: the hull of random points in a disc of radius `spread`.
Polygon random_convex(std::mt19937& rng, Vec2 centre, double spread) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<Vec2> pts;
  const int n = 3 + static_cast<int>(rng() % 8);
  for (int k = 0; k < n; ++k) pts.push_back(centre + Vec2{u(rng), u(rng)} * spread);
  return convex_hull(pts);
}

// A random star-shaped (so simple) polygon around the origin: radii at sorted angles.
Polygon random_star(std::mt19937& rng, int n) {
  std::uniform_real_distribution<double> radius(0.3, 2.0), jitter(0.0, 0.9);
  Polygon p;
  for (int k = 0; k < n; ++k) {
    const double a = (k + jitter(rng)) * 2.0 * std::numbers::pi / n;
    p.vertices.push_back(from_angle(a) * radius(rng));
  }
  return p;
}

TEST(Convex, HullDropsInteriorAndCollinearPoints) {
  const Polygon h = convex_hull({{0, 0}, {1, 0}, {2, 0}, {2, 2}, {1, 1}, {0, 2}, {0, 1}, {2, 2}});
  EXPECT_TRUE(same_ring(h, box({0, 0}, {2, 2}), 0.0));
  EXPECT_DOUBLE_EQ(signed_area(h), 4.0);
}

TEST(Convex, MinkowskiSumOfTwoSquares) {
  // [0,1]^2 (+) [0,2]^2 = [0,3]^2; [-1,1]^2 (+) its reflection = [-2,2]^2.
  EXPECT_TRUE(same_ring(minkowski_sum(box({0, 0}, {1, 1}), box({0, 0}, {2, 2})), box({0, 0}, {3, 3}), 0.0));
  const Polygon unit = box({-1, -1}, {1, 1});
  EXPECT_TRUE(same_ring(minkowski_sum(unit, reflected(unit)), box({-2, -2}, {2, 2}), 0.0));
}

TEST(Convex, MinkowskiSumOfTriangleAndSquare) {
  // Triangle (0,0) (2,0) (0,2) with the unit square: the edge directions merged give the
  // pentagon (0,0) (3,0) (3,1) (1,3) (0,3), area 2 + 1 + 2 (mixed) + ... = 7 by the
  // shoelace formula.
  const Polygon tri{{{0, 0}, {2, 0}, {0, 2}}};
  const Polygon sum = minkowski_sum(tri, box({0, 0}, {1, 1}));
  EXPECT_TRUE(same_ring(sum, Polygon{{{0, 0}, {3, 0}, {3, 1}, {1, 3}, {0, 3}}}, 0.0));
  EXPECT_DOUBLE_EQ(signed_area(sum), 7.0);
  // Commutative.
  EXPECT_TRUE(same_ring(minkowski_sum(box({0, 0}, {1, 1}), tri), sum, 0.0));
}

TEST(Convex, MinkowskiSumEqualsHullOfPairwiseSums) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    const Polygon a = random_convex(rng, {1, 2}, 2.0), b = random_convex(rng, {-3, 0.5}, 1.0);
    if (a.size() < 3 || b.size() < 3) continue;
    std::vector<Vec2> sums;
    for (Vec2 p : a.vertices)
      for (Vec2 q : b.vertices) sums.push_back(p + q);
    // Coordinates of size ~5: sums of two doubles agree to a few ulps.
    EXPECT_TRUE(same_ring(minkowski_sum(a, b), convex_hull(sums), 1e-12)) << "trial " << trial;
  }
}

TEST(Convex, PiecesOfAnL) {
  const Polygon ell{{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}};
  const std::vector<Polygon> pieces = convex_pieces(ell);
  EXPECT_EQ(pieces.size(), 2u);  // one reflex corner: Hertel-Mehlhorn leaves two pieces
  double area = 0.0;
  for (const Polygon& p : pieces) {
    EXPECT_TRUE(is_convex(p));
    area += signed_area(p);
  }
  EXPECT_DOUBLE_EQ(area, 3.0);
  EXPECT_EQ(convex_pieces(box({0, 0}, {1, 1})).size(), 1u);
}

TEST(Convex, PiecesCoverTheirPolygonExactly) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-2.1, 2.1);
  for (int trial = 0; trial < 60; ++trial) {
    const int n = 5 + trial % 20;
    const Polygon p = random_star(rng, n);
    const std::vector<Polygon> pieces = convex_pieces(p);
    double area = 0.0;
    int reflex = 0;
    for (int k = 0; k < p.size(); ++k) {
      const Segment e = p.edge(k);
      if (cross(e.b - e.a, p.vertices[static_cast<std::size_t>((k + 2) % n)] - e.b) < 0.0) ++reflex;
    }
    for (const Polygon& q : pieces) {
      EXPECT_TRUE(is_convex(q));
      area += signed_area(q);
    }
    EXPECT_NEAR(area, signed_area(p), 1e-12 * n);
    // Hertel-Mehlhorn: at most 2 r + 1 pieces for r reflex corners (each reflex corner keeps
    // at most two diagonals).
    EXPECT_LE(static_cast<int>(pieces.size()), 2 * reflex + 1);
    for (int s = 0; s < 200; ++s) {
      const Vec2 q{u(rng), u(rng)};
      if (boundary_distance(p, q) < 1e-9) continue;
      bool in_piece = false;
      for (const Polygon& piece : pieces) in_piece = in_piece || convex_contains(piece, q);
      EXPECT_EQ(in_piece, contains(p, q)) << "trial " << trial << " at " << q.x << "," << q.y;
    }
  }
}

TEST(Convex, GrownPolygonContainsTheRoundedOneAndStaysClose) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-5.0, 5.0);
  for (int trial = 0; trial < 40; ++trial) {
    const Polygon p = random_convex(rng, {0, 0}, 2.0);
    if (p.size() < 3) continue;
    const double r = 0.2 + 0.1 * (trial % 10);
    const int k = 1 + trial % 6;
    const Polygon g = grown_convex(p, r, k);
    EXPECT_TRUE(is_convex(g));
    // No exterior angle exceeds pi, so a step is at most pi / k: the polygon stays within
    // r / cos(pi / 2k) of p.
    const double reach = r / std::cos(0.5 * std::numbers::pi / k);
    for (int s = 0; s < 300; ++s) {
      const Vec2 q{u(rng), u(rng)};
      if (within_distance(p, r, q)) {
        EXPECT_TRUE(convex_contains(g, q));
      }
      if (convex_contains(g, q)) {
        EXPECT_LE(distance(p, q), reach + 1e-12);
      }
    }
    for (Vec2 v : g.vertices) EXPECT_GE(distance(p, v), r - 1e-12);
  }
  // The unit square grown by 1 with one segment per corner is the square of side 2 + 2.
  EXPECT_TRUE(same_ring(grown_convex(box({0, 0}, {2, 2}), 1.0, 1), box({-1, -1}, {3, 3}), 1e-12));
}

TEST(Convex, CircumscribedPolygonContainsTheDisc) {
  const Disc d{{1, -2}, 1.5};
  const Polygon p = circumscribed_polygon(d, 12);
  EXPECT_TRUE(is_convex(p));
  // Just inside the circle: points on it touch the polygon at the tangent points, where
  // rounding may put them a few ulps out.
  for (int k = 0; k < 360; ++k) {
    const Vec2 on_circle = d.centre + from_angle(k * std::numbers::pi / 180.0) * (d.radius * (1 - 1e-12));
    EXPECT_TRUE(convex_contains(p, on_circle)) << k;
  }
  for (Vec2 v : p.vertices) EXPECT_NEAR(length(v - d.centre), 1.5 / std::cos(std::numbers::pi / 12), 1e-12);
}

TEST(Convex, InteriorTests) {
  const Polygon sq = box({0, 0}, {2, 2});
  const double eps = 1e-9;
  EXPECT_FALSE(crosses_interior({{-1, 0}, {3, 0}}, sq, eps));   // along the bottom edge
  EXPECT_FALSE(crosses_interior({{-1, 1}, {1, 3}}, sq, eps));   // through the corner (0, 2)
  EXPECT_FALSE(crosses_interior({{0, 0}, {2, 0}}, sq, eps));    // an edge itself
  EXPECT_FALSE(crosses_interior({{3, 0}, {3, 5}}, sq, eps));    // outside
  EXPECT_TRUE(crosses_interior({{-1, 1}, {3, 1}}, sq, eps));    // straight through
  EXPECT_TRUE(crosses_interior({{0, 0}, {2, 2}}, sq, eps));     // the diagonal
  EXPECT_TRUE(crosses_interior({{1, 1}, {1.1, 1.1}}, sq, eps)); // wholly inside
  EXPECT_FALSE(crosses_interior({{-1, 1}, {1e-10, 1}}, sq, eps));  // ends shallower than eps
  EXPECT_TRUE(convex_contains(sq, {2, 1}));
  EXPECT_FALSE(convex_contains_deeper(sq, {2, 1}, eps));
  EXPECT_TRUE(convex_contains_deeper(sq, {1, 1}, eps));
}

TEST(Convex, SeparatingAxesAgreeWithShapesOverlaps) {
  std::mt19937 rng(3);
  int overlapping = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    std::uniform_real_distribution<double> u(-3.0, 3.0);
    const Polygon a = random_convex(rng, {0, 0}, 1.5), b = random_convex(rng, {u(rng), u(rng)}, 1.0);
    if (a.size() < 3 || b.size() < 3) continue;
    const bool sat = convex_overlap(a, b);
    EXPECT_EQ(sat, overlaps(a, b)) << "trial " << trial;
    overlapping += sat;
  }
  EXPECT_GT(overlapping, 200);  // both answers exercised
  EXPECT_LT(overlapping, 1800);
}

}  // namespace
}  // namespace racer
