// Centreline: spline through the points, arc length, curvature, projection, edges.
#include "track/centreline.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "core/math.h"

namespace racer {
namespace {

std::vector<ControlPoint> circle_points(double radius, int n, double width = 12.0) {
  std::vector<ControlPoint> pts;
  for (int i = 0; i < n; ++i) {
    const double a = 2.0 * kPi * i / n;
    pts.push_back({{radius * std::cos(a), radius * std::sin(a)}, width});
  }
  return pts;
}

// An irregular closed loop: a rounded, lumpy shape with varying widths.
std::vector<ControlPoint> lumpy_points() {
  return {{{0, 0}, 10},    {{120, -10}, 12}, {{220, 30}, 14}, {{260, 140}, 10},
          {{180, 220}, 8}, {{90, 160}, 12},  {{20, 200}, 16}, {{-60, 110}, 12}};
}

// Brute-force nearest point on the sampled polyline.
double brute_distance(const Centreline& c, Vec2 p) {
  const auto& s = c.samples();
  double best = std::numeric_limits<double>::infinity();
  const std::size_t m = s.size();
  const std::size_t segments = c.closed() ? m : m - 1;
  for (std::size_t k = 0; k < segments; ++k) {
    const Vec2 a = s[k].position, b = s[(k + 1) % m].position;
    const Vec2 d = b - a;
    const double u = std::clamp(dot(p - a, d) / length_squared(d), 0.0, 1.0);
    best = std::min(best, length(p - (a + d * u)));
  }
  return best;
}

TEST(Centreline, PassesThroughItsControlPoints) {
  const auto pts = lumpy_points();
  const Centreline c(pts, true, 1.0);
  for (int i = 0; i < static_cast<int>(pts.size()); ++i) {
    const CentreSample at = c.at(c.s_of_point(i));
    // s_of_point is exact on the dense polyline; at() interpolates between samples 1 m
    // apart, whose chords sag by well under a centimetre on these radii.
    EXPECT_NEAR(at.position.x, pts[static_cast<std::size_t>(i)].position.x, 0.01) << i;
    EXPECT_NEAR(at.position.y, pts[static_cast<std::size_t>(i)].position.y, 0.01) << i;
    EXPECT_NEAR(at.width, pts[static_cast<std::size_t>(i)].width, 0.05) << i;
    EXPECT_NEAR(at.point, i, 0.02) << i;
  }
}

TEST(Centreline, OpenPathPassesThroughEndsAndPoints) {
  const std::vector<ControlPoint> pts = {{{0, 0}, 8}, {{50, 10}, 10}, {{100, -5}, 12}, {{140, 30}, 8}};
  const Centreline c(pts, false, 1.0);
  EXPECT_FALSE(c.closed());
  EXPECT_NEAR(c.samples().front().position.x, 0.0, 1e-9);
  EXPECT_NEAR(c.samples().back().position.x, 140.0, 1e-9);
  EXPECT_NEAR(c.samples().back().position.y, 30.0, 1e-9);
  EXPECT_NEAR(c.samples().back().s, c.length(), 1e-9);
  for (int i = 0; i < 4; ++i) {
    const CentreSample at = c.at(c.s_of_point(i));
    EXPECT_NEAR(length(at.position - pts[static_cast<std::size_t>(i)].position), 0.0, 0.01) << i;
  }
  // Clamped beyond the ends.
  EXPECT_NEAR(length(c.at(-10.0).position - pts[0].position), 0.0, 1e-9);
  EXPECT_NEAR(length(c.at(c.length() + 10.0).position - pts[3].position), 0.0, 1e-9);
}

TEST(Centreline, CircleHasLengthTwoPiRAndCurvatureOneOverR) {
  const double r = 100.0;
  const Centreline c(circle_points(r, 32), true, 1.0);
  // The spline through 32 points of a circle is not exactly a circle; 0.5% is the brief's
  // tolerance (the measured error is far smaller).
  EXPECT_NEAR(c.length(), 2.0 * kPi * r, 0.005 * 2.0 * kPi * r);
  double mean = 0.0;
  for (const CentreSample& s : c.samples()) {
    // Between control points the spline's curvature ripples by a few percent around 1/R.
    EXPECT_NEAR(s.curvature, 1.0 / r, 0.05 / r);  // +: anticlockwise turns left
    EXPECT_NEAR(length(s.position), r, 0.1);
    mean += s.curvature / static_cast<double>(c.samples().size());
  }
  // The total turning of a closed loop is exactly 2 pi, so the mean is 2 pi / length.
  EXPECT_NEAR(mean, 1.0 / r, 0.005 / r);
  // Clockwise: negative curvature.
  auto cw = circle_points(r, 32);
  std::reverse(cw.begin(), cw.end());
  const Centreline c2(cw, true, 1.0);
  EXPECT_NEAR(c2.samples()[10].curvature, -1.0 / r, 0.05 / r);
}

TEST(Centreline, SamplesAreUniformInArcLength) {
  const Centreline c(lumpy_points(), true, 1.0);
  const auto& s = c.samples();
  const double ds = c.length() / static_cast<double>(s.size());
  EXPECT_NEAR(ds, 1.0, 0.01);
  for (std::size_t k = 0; k < s.size(); ++k) {
    EXPECT_NEAR(s[k].s, ds * static_cast<double>(k), 1e-6);
    // Chord between neighbours equals the arc step up to the curve's sag (< 1 mm here).
    const double chord = length(s[(k + 1) % s.size()].position - s[k].position);
    EXPECT_NEAR(chord, ds, 2e-3) << k;
    EXPECT_NEAR(length(s[k].tangent), 1.0, 1e-12);
    EXPECT_NEAR(dot(s[k].tangent, s[k].normal), 0.0, 1e-12);
    EXPECT_NEAR(cross(s[k].tangent, s[k].normal), 1.0, 1e-12);  // normal to the left
  }
}

TEST(Centreline, AtWrapsOnAClosedPath) {
  const Centreline c(lumpy_points(), true, 1.0);
  const double l = c.length();
  for (double s : {0.3, 17.0, 250.5, l - 0.2}) {
    EXPECT_NEAR(length(c.at(s).position - c.at(s + l).position), 0.0, 1e-6);
    EXPECT_NEAR(length(c.at(s).position - c.at(s - 2.0 * l).position), 0.0, 1e-6);
  }
  // Across the join: continuous.
  EXPECT_LT(length(c.at(l - 0.01).position - c.at(0.01).position), 0.03);
}

TEST(Centreline, EdgesLieHalfAWidthEitherSide) {
  const Centreline c(lumpy_points(), true, 1.0);
  const auto left = c.left_edge(), right = c.right_edge();
  ASSERT_EQ(left.size(), c.samples().size());
  for (std::size_t k = 0; k < left.size(); ++k) {
    const CentreSample& s = c.samples()[k];
    EXPECT_NEAR(length(left[k] - s.position), 0.5 * s.width, 1e-9);
    EXPECT_NEAR(length(right[k] - s.position), 0.5 * s.width, 1e-9);
    EXPECT_GT(dot(left[k] - s.position, s.normal), 0.0);
    EXPECT_LT(dot(right[k] - s.position, s.normal), 0.0);
  }
}

TEST(Centreline, ProjectionMatchesBruteForce) {
  const Centreline c(lumpy_points(), true, 1.0);
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> x(-100.0, 320.0), y(-60.0, 280.0);
  int hint = -1;
  for (int i = 0; i < 500; ++i) {
    const Vec2 p{x(rng), y(rng)};
    const Projection pr = c.project(p);
    EXPECT_NEAR(pr.distance, brute_distance(c, p), 1e-9) << p.x << ", " << p.y;
    EXPECT_NEAR(std::abs(pr.offset), pr.distance, 1e-12);
    // Near the road the reported s and offset reconstruct the point (farther out, the
    // nearest point may be a sample vertex, where the interpolated normal differs from the
    // direction to p by up to half a sample's turning angle).
    if (pr.distance < 20.0) {
      const CentreSample at = c.at(pr.s);
      EXPECT_NEAR(length(at.position + at.normal * pr.offset - p), 0.0, 0.05 + 0.02 * pr.distance);
    }
    // A stale hint from the previous random point still finds the nearest point.
    const Projection hinted = c.project(p, hint);
    EXPECT_NEAR(hinted.distance, pr.distance, 1e-9);
    hint = hinted.index;
  }
}

TEST(Centreline, HintedProjectionFollowsACarAcrossTheJoin) {
  const Centreline c(circle_points(80.0, 12), true, 1.0);
  const double l = c.length();
  int hint = -1;
  for (double s = l - 30.0; s < l + 30.0; s += 0.7) {  // drives through s = 0
    const CentreSample at = c.at(s);
    const Vec2 p = at.position + at.normal * 3.0;
    const Projection pr = c.project(p, hint);
    hint = pr.index;
    const double expect = std::fmod(s, l);
    const double diff = std::remainder(pr.s - expect, l);
    EXPECT_NEAR(diff, 0.0, 0.05) << s;
    EXPECT_NEAR(pr.offset, 3.0, 0.01);
    EXPECT_GE(pr.s, 0.0);
    EXPECT_LT(pr.s, l);
  }
}

TEST(Centreline, OffsetIsPositiveToTheLeft) {
  const std::vector<ControlPoint> pts = {{{0, 0}, 8}, {{50, 0}, 8}, {{100, 0}, 8}};
  const Centreline c(pts, false, 1.0);
  EXPECT_NEAR(c.project({30, 2}).offset, 2.0, 1e-9);
  EXPECT_NEAR(c.project({30, -3}).offset, -3.0, 1e-9);
  EXPECT_NEAR(c.project({30, -3}).s, 30.0, 1e-6);
}

}  // namespace
}  // namespace racer
