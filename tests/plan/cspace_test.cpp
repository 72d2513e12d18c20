// C-space of a rectangular car: slices and the exact query against a brute-force overlap
// test of the oriented rectangle on thousands of random poses.
#include "plan/cspace.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <numbers>
#include <random>

namespace racer {
namespace {

constexpr double kPi = std::numbers::pi;

// A small yard: boxes, a tilted box, an L, a triangle and a disc, over [-20, 20]^2.
Scene yard() {
  Scene s;
  s.polygons.push_back(box({-12, -12}, {-6, -9}));
  s.polygons.push_back(oriented_box({5, 6}, 4, 1, 0.6));
  s.polygons.push_back(Polygon{{{0, -10}, {8, -10}, {8, -7}, {3, -7}, {3, 0}, {0, 0}}});  // an L
  s.polygons.push_back(Polygon{{{-14, 4}, {-6, 5}, {-11, 12}}});
  s.discs.push_back({{12, -2}, 2.5});
  return s;
}

// Brute force: the oriented rectangle against every obstacle with plan/shapes.h alone.
bool brute_free(const Scene& s, CarRect car, double x, double y, double heading) {
  const Polygon rect = oriented_box({x, y}, car.half_length, car.half_width, heading);
  for (const Polygon& p : s.polygons)
    if (overlaps(rect, p)) return false;
  for (const Disc& d : s.discs)
    if (distance(rect, d.centre) <= d.radius) return false;
  return true;
}

TEST(CSpace, SweptRectangleCoversEveryHeadingOfItsRange) {
  const CarRect car{2.0, 1.0};
  const double lo = 0.3, hi = 0.3 + 2 * kPi / 16;
  const Polygon swept = swept_rect(car, lo, hi, 2);
  EXPECT_TRUE(is_convex(swept));
  for (int k = 0; k <= 200; ++k) {
    const Polygon r = oriented_box({0, 0}, car.half_length, car.half_width, lo + (hi - lo) * k / 200.0);
    for (Vec2 v : r.vertices) EXPECT_TRUE(convex_contains(swept, v)) << k;
  }
  // At a single heading it is the rectangle itself.
  EXPECT_NEAR(signed_area(swept_rect(car, 0.5, 0.5, 2)), 8.0, 1e-12);
}

TEST(CSpace, SliceOfWrapsHeadings) {
  const CSpace cs(Scene{}, CarRect{}, {.slices = 32});
  const double w = 2 * kPi / 32;
  EXPECT_EQ(cs.slice_of(0.0), 0);
  EXPECT_EQ(cs.slice_of(0.49 * w), 0);
  EXPECT_EQ(cs.slice_of(0.51 * w), 1);
  EXPECT_EQ(cs.slice_of(-0.49 * w), 0);
  EXPECT_EQ(cs.slice_of(-0.51 * w), 31);
  EXPECT_EQ(cs.slice_of(2 * kPi + 3 * w), 3);
  EXPECT_EQ(cs.slice_of(-4 * kPi + 5 * w), 5);
}

TEST(CSpace, AxisAlignedCarAgainstABoxIsTheGrownBox) {
  // Car 2 x 1 (half 1 x 0.5) at heading 0 against [0,4] x [0,2]: blocked exactly on
  // [-1, 5] x [-0.5, 2.5].
  Scene s;
  s.polygons.push_back(box({0, 0}, {4, 2}));
  const CSpace cs(s, CarRect{1.0, 0.5});
  const std::vector<Polygon> c = cs.obstacles_at(0.0);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_NEAR(signed_area(c[0]), 6.0 * 3.0, 1e-12);
  EXPECT_FALSE(cs.pose_free_exact(-0.99, 1.0, 0.0));
  EXPECT_TRUE(cs.pose_free_exact(-1.01, 1.0, 0.0));
  EXPECT_FALSE(cs.pose_free_exact(2.0, 2.49, 0.0));
  EXPECT_TRUE(cs.pose_free_exact(2.0, 2.51, 0.0));
  // Turned a quarter: half extents swap, blocked on [-0.5, 4.5] x [-1, 3].
  EXPECT_FALSE(cs.pose_free_exact(-0.49, 1.0, kPi / 2));
  EXPECT_TRUE(cs.pose_free_exact(-0.51, 1.0, kPi / 2));
  EXPECT_FALSE(cs.pose_free_exact(2.0, 2.99, kPi / 2));
}

TEST(CSpace, QueriesAgreeWithBruteForceOnRandomPoses) {
  const Scene s = yard();
  const CarRect car{2.2, 0.9};
  const CSpace cs(s, car, {.slices = 64});
  Scene polygons_only = s;
  polygons_only.discs.clear();
  std::mt19937 rng(2024);
  std::uniform_real_distribution<double> xy(-20.0, 20.0), th(-kPi, 3 * kPi);
  const int trials = 5000;
  int exact_free = 0, slice_free = 0, agree = 0, at_heading_agree = 0;
  for (int k = 0; k < trials; ++k) {
    const double x = xy(rng), y = xy(rng), h = th(rng);
    const bool brute = brute_free(s, car, x, y, h);
    const bool exact = cs.pose_free_exact(x, y, h);
    const bool sliced = cs.pose_free(x, y, h);
    EXPECT_EQ(exact, brute) << x << "," << y << "," << h;
    if (sliced) {
      EXPECT_TRUE(brute) << "slice says free but the car overlaps at " << x << "," << y << "," << h;
    }
    // The Minkowski sums at this precise heading say the same as the brute force, for the
    // polygons (a disc's sum is with its circumscribed polygon, which is larger).
    const std::vector<Polygon> sums = cs.obstacles_at(h);
    bool in_polygon_sum = false;
    for (std::size_t j = 0; j < cs.pieces().size(); ++j) in_polygon_sum = in_polygon_sum || convex_contains(sums[j], {x, y});
    at_heading_agree += (!in_polygon_sum == brute_free(polygons_only, car, x, y, h));
    exact_free += exact;
    slice_free += sliced;
    agree += (sliced == exact);
  }
  std::printf("[ measure  ] %d poses: exact free %d, slice free %d, slice = exact on %.2f%%\n", trials, exact_free,
              slice_free, 100.0 * agree / trials);
  EXPECT_EQ(at_heading_agree, trials);
  // The slices disagree only inside a band about rho w / 2 = 2.4 m x 0.049 rad ~ 0.12 m (plus
  // the disc's polygon) wide around each C-obstacle: on this yard (C-obstacle perimeters
  // ~ 200 m over 1600 m^2) about 1.5% of poses; 90% leaves room for a coarser slicing.
  EXPECT_GE(agree, trials * 9 / 10);
  EXPECT_GT(exact_free, trials / 4);  // both answers exercised
  EXPECT_LT(exact_free, trials * 9 / 10);
}

TEST(CSpace, SlicesNearObstaclesAreConservativeAndTight) {
  // Poses drawn within 3 m of the obstacles, where the answers differ, and 16 slices.
  const Scene s = yard();
  const CarRect car{2.2, 0.9};
  const CSpace coarse(s, car, {.slices = 16}), fine(s, car, {.slices = 128});
  std::mt19937 rng(77);
  std::uniform_real_distribution<double> xy(-20.0, 20.0), th(0.0, 2 * kPi);
  int near = 0, exact_free = 0, coarse_free = 0, fine_free = 0;
  while (near < 3000) {
    const double x = xy(rng), y = xy(rng), h = th(rng);
    if (distance(s, {x, y}) > 3.0) continue;
    ++near;
    const bool exact = brute_free(s, car, x, y, h);
    const bool c = coarse.pose_free(x, y, h), f = fine.pose_free(x, y, h);
    if (c) {
      EXPECT_TRUE(exact);
    }
    if (f) {
      EXPECT_TRUE(exact);
    }
    exact_free += exact;
    coarse_free += c;
    fine_free += f;
  }
  std::printf("[ measure  ] %d poses near obstacles: exact free %d, 16 slices free %d, 128 slices free %d\n", near,
              exact_free, coarse_free, fine_free);
  // Finer slices lose less: a free pose's chance to be lost grows with the band rho w / 2.
  EXPECT_GE(fine_free, coarse_free);
  EXPECT_GE(fine_free, exact_free * 9 / 10);
}

TEST(CSpace, FreeMotionsAreFreeAtEveryPoseAndHeadingOfTheSlice) {
  const Scene s = yard();
  const CarRect car{2.2, 0.9};
  const CSpace cs(s, car, {.slices = 32});
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> xy(-20.0, 20.0), step(-4.0, 4.0), unit(0.0, 1.0);
  int free_motions = 0, blocked_motions = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const Vec2 a{xy(rng), xy(rng)};
    const Vec2 b = a + Vec2{step(rng), step(rng)};
    const int k = static_cast<int>(rng() % 32);
    if (!cs.motion_free(a, b, k)) {
      ++blocked_motions;
      continue;
    }
    ++free_motions;
    for (int j = 0; j < 20; ++j) {  // random points of the segment at random headings of the slice
      const Vec2 q = a + (b - a) * unit(rng);
      const double h = (k + unit(rng) - 0.5) * cs.slice_width();
      EXPECT_TRUE(brute_free(s, car, q.x, q.y, h)) << trial;
    }
  }
  EXPECT_GT(free_motions, 100);
  EXPECT_GT(blocked_motions, 100);
}

// Measurement, not a check (disabled; docs/planners/motion_cspace_visibility.md quotes it):
// slices built for the yard and per-query times of the slice, exact and brute-force tests.
// Run with
//   ./build/tests/racer_plan_tests --gtest_also_run_disabled_tests --gtest_filter='*CSpaceMeasure*'
double cpu_micros() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) * 1e-3;
}

TEST(CSpace, DISABLED_CSpaceMeasure) {
  const Scene s = yard();
  const CarRect car{2.2, 0.9};
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> xy(-20.0, 20.0), th(0.0, 2 * kPi);
  std::vector<std::array<double, 3>> poses(100000);
  for (auto& p : poses) p = {xy(rng), xy(rng), th(rng)};
  for (int n : {16, 64, 256}) {
    const double t0 = cpu_micros();
    const CSpace cs(s, car, {.slices = n});
    const double build = cpu_micros() - t0;
    std::size_t vertices = 0;
    for (int k = 0; k < n; ++k)
      for (const CObstacle& o : cs.slice(k)) vertices += o.polygon.vertices.size();
    int free_slice = 0, free_exact = 0, free_brute = 0;
    const double a = cpu_micros();
    for (const auto& p : poses) free_slice += cs.pose_free(p[0], p[1], p[2]);
    const double b = cpu_micros();
    for (const auto& p : poses) free_exact += cs.pose_free_exact(p[0], p[1], p[2]);
    const double c = cpu_micros();
    for (const auto& p : poses) free_brute += brute_free(s, car, p[0], p[1], p[2]);
    const double d = cpu_micros();
    const double per = 1e3 / static_cast<double>(poses.size());  // us total -> ns per query
    std::printf("slices %3d  pieces %zu  vertices %6zu  build %7.0f us  pose_free %5.0f ns  exact %5.0f ns  brute %5.0f ns  "
                "free %d / %d / %d\n",
                n, cs.pieces().size() + s.discs.size(), vertices, build, (b - a) * per, (c - b) * per, (d - c) * per,
                free_slice, free_exact, free_brute);
  }
}

}  // namespace
}  // namespace racer
