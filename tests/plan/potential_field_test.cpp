// Potential field: the gradient matches finite differences of the potential; the policy
// reaches the goal in the open and among discs off its line, and stops in the U-shaped
// obstacle's local minimum (the seed's warning), where the attraction and the base wall's
// repulsion cancel, at the clearance the two formulas predict.
#include "plan/potential_field.h"

#include <gtest/gtest.h>

#include <cmath>

#include "motion_scenes.h"
#include "plan/obstacle_distance.h"

namespace racer {
namespace {

FieldParams params() {
  FieldParams f;
  f.attraction = 1.0;
  f.quadratic_radius = 1.0;
  f.repulsion = 1.0;
  f.influence = 1.5;
  return f;
}

TEST(PotentialField, GradientMatchesFiniteDifferences) {
  const Scene scene{{test::u_shape(3, true), box({-3, 4}, {-1, 5})}, {Disc{{1, -2}, 0.7}}};
  const FieldParams f = params();
  const Vec2 goal{10, 0};
  const double r = 0.2, e = 1e-6;
  int checked = 0;
  for (double x = -4.0; x <= 11.0; x += 0.37)
    for (double y = -5.0; y <= 6.0; y += 0.41) {
      const Vec2 q{x, y};
      if (distance(scene, q) <= r + 0.05) continue;  // keep both difference points free
      const Vec2 g = field_gradient(scene, r, goal, f, q);
      const double gx = (field_potential(scene, r, goal, f, q + Vec2{e, 0}) - field_potential(scene, r, goal, f, q - Vec2{e, 0})) / (2 * e);
      const double gy = (field_potential(scene, r, goal, f, q + Vec2{0, e}) - field_potential(scene, r, goal, f, q - Vec2{0, e})) / (2 * e);
      // Central differences: error ~ e^2 U''' plus rounding ~ 1e-16 U / e; the repulsion's
      // third derivative near clearance 0.05 is ~1e6, so 1e-4 relative to |g| + 1.
      EXPECT_NEAR(g.x, gx, 1e-4 * (length(g) + 1.0)) << x << "," << y;
      EXPECT_NEAR(g.y, gy, 1e-4 * (length(g) + 1.0)) << x << "," << y;
      ++checked;
    }
  EXPECT_GT(checked, 500);
  EXPECT_TRUE(std::isinf(field_potential(scene, r, goal, f, {6.2, 0})));  // inside the grown base
}

TEST(PotentialField, ReachesTheGoalInTheOpen) {
  const FieldResult r = follow_field({}, 0.5, {0, 0}, {10, 3}, params());
  ASSERT_EQ(r.status, FieldStatus::reached);
  EXPECT_LE(length(r.path.back() - Vec2{10, 3}), 0.01);
  // Straight down the cone: the path is the segment, no longer than it.
  EXPECT_NEAR(r.length, std::hypot(10.0, 3.0), 0.01 + 1e-9);
}

TEST(PotentialField, ReachesTheGoalPastDiscsOffItsLine) {
  const Scene scene{{}, {Disc{{4, 1.5}, 1.0}, Disc{{7, -1.6}, 0.8}}};
  const FieldResult r = follow_field(scene, 0.2, {0, 0}, {10, 0}, params());
  ASSERT_EQ(r.status, FieldStatus::reached);
  for (std::size_t k = 0; k + 1 < r.path.size(); ++k) ASSERT_GT(clearance(scene, {r.path[k], r.path[k + 1]}), 0.2);
}

TEST(PotentialField, LocalMinimumInsideTheU) {
  // The U opens toward the start and the goal is behind its base: the robot walks into the
  // cup and stops where the base wall's push cancels the pull. The arms (2.5 from the axis,
  // clearance 2.3 > Q*) do not push there, and the cone's pull is zeta d* = 1, so the
  // stopping clearance rho solves eta (1/rho - 1/Q*) / rho^2 = 1.
  const Scene scene{{test::u_shape(3, true)}, {}};
  const FieldParams f = params();
  const double r = 0.2;
  const Vec2 goal{10, 0};
  const FieldResult res = follow_field(scene, r, {0, 0.4}, goal, f);
  ASSERT_EQ(res.status, FieldStatus::local_minimum);
  const Vec2 end = res.path.back();
  EXPECT_LT(res.gradient_norm, 1e-6);
  EXPECT_GT(length(goal - end), 4.0);           // far from the goal
  EXPECT_GT(end.x, 3.0);                        // inside the cup
  EXPECT_LT(std::abs(end.y), 2.5);
  double lo = 0.1, hi = 1.5;                    // bisection for rho
  for (int k = 0; k < 100; ++k) {
    const double mid = 0.5 * (lo + hi);
    ((1.0 / mid - 1.0 / f.influence) / (mid * mid) > 1.0 ? lo : hi) = mid;
  }
  // At the stop |grad| < 1e-6 and the curvature across the wall is > 1, so x is within 1e-6;
  // y settles on the axis, where the cone's sideways curvature zeta d* / d ~ 0.2 holds it.
  EXPECT_NEAR(end.x, 6.0 - r - lo, 1e-5);
  EXPECT_NEAR(end.y, 0.0, 1e-4);
  // A true minimum of the sampled field: every neighbour on a grid round it is higher, and
  // the goal is lower still (a local, not the global, minimum).
  const FieldSamples g = sample_field(scene, r, goal, f, end - Vec2{0.3, 0.3}, 0.1, 7, 7);
  const double u_end = field_potential(scene, r, goal, f, end);
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) EXPECT_GE(g.at(i, j), u_end);
  EXPECT_LT(field_potential(scene, r, goal, f, goal), u_end);
}

TEST(PotentialField, SamplesAGrid) {
  const Scene scene{{box({1, 1}, {2, 2})}, {}};
  const FieldSamples g = sample_field(scene, 0.0, {0, 0}, params(), {0, 0}, 0.5, 6, 5);
  ASSERT_EQ(g.potential.size(), 30u);
  ASSERT_EQ(g.gradient.size(), 30u);
  EXPECT_NEAR(g.at(0, 0), 0.5 * std::pow(1.0 / std::sqrt(2.0) - 1.0 / 1.5, 2), 1e-12);  // the goal: the box's corner pushes
  EXPECT_TRUE(std::isinf(g.at(3, 3)));              // (1.5, 1.5) inside the box
  EXPECT_EQ(g.gradient[static_cast<std::size_t>(3 * 6 + 3)], (Vec2{}));
  EXPECT_NEAR(g.at(4, 0), 2.0 - 0.5 + 0.5 * std::pow(1.0 / 1.0 - 1.0 / 1.5, 2), 1e-12);  // (2, 0): cone + wall 1 away
}

}  // namespace
}  // namespace racer
