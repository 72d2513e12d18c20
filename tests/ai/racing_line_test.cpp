// Racing line: apex cutting on a 90-degree corner, margins, curvature, convergence,
// determinism, and the objective on a circle.
#include "ai/racing_line.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/math.h"
#include "test_paths.h"
#include "track/track.h"

namespace racer {
namespace {

constexpr double kHalfWidth = 6.0;  // m: 12 m road
constexpr double kMargin = 1.4;     // m
constexpr double kBound = kHalfWidth - kMargin;

// A rounded square driven anticlockwise: four straights of `side` m and four 90-degree
// left corners of radius `r`, sampled every ~`step` m. The first corner starts at s = side.
struct Square {
  std::vector<CorridorSample> corridor;
  std::vector<double> s;  // along the centre
  double side = 0.0, r = 0.0;
  double corner_start(int k) const { return side + k * (side + 0.5 * kPi * r); }
  double corner_apex(int k) const { return corner_start(k) + 0.25 * kPi * r; }
  double corner_end(int k) const { return corner_start(k) + 0.5 * kPi * r; }
};

Square rounded_square(double side, double r, double step = 2.0) {
  Square sq;
  sq.side = side;
  sq.r = r;
  const double arc = 0.5 * kPi * r, leg = side + arc, total = 4.0 * leg;
  const auto n = static_cast<int>(std::round(total / step));
  for (int i = 0; i < n; ++i) {
    const double s = total * i / n;
    const int k = static_cast<int>(s / leg);
    const double u = s - k * leg;
    // Leg k starts heading at angle k * 90 degrees from corner point c_k.
    const double heading = k * 0.5 * kPi;
    const Vec2 dir = from_angle(heading), left = perp(dir);
    // Start of leg 0 at (0, 0); each leg's start is the previous leg's end.
    Vec2 start{0.0, 0.0};
    for (int j = 0; j < k; ++j) {
      const Vec2 d = from_angle(j * 0.5 * kPi), l = perp(d);
      start = start + d * side + (d + l) * r;  // straight, then the arc's chord
    }
    Vec2 p;
    Vec2 n_left;
    if (u <= side) {
      p = start + dir * u;
      n_left = left;
    } else {
      const double a = (u - side) / r;  // angle turned in the corner
      const Vec2 centre = start + dir * side + left * r;
      p = centre + rotate(-left * r, a);
      n_left = rotate(left, a);
    }
    sq.corridor.push_back({p, n_left, kHalfWidth, kHalfWidth});
    sq.s.push_back(s);
  }
  return sq;
}

double offset_at(const Square& sq, const std::vector<double>& alpha, double s) {
  const double total = 4.0 * (sq.side + 0.5 * kPi * sq.r);
  s -= total * std::floor(s / total);
  std::size_t best = 0;
  for (std::size_t i = 0; i < sq.s.size(); ++i)
    if (std::abs(sq.s[i] - s) < std::abs(sq.s[best] - s)) best = i;
  return alpha[best];
}

RacingLineParams params() {
  RacingLineParams p;
  p.margin = kMargin;
  return p;
}

TEST(RacingLine, CutsTheApexOfA90DegreeCorner) {
  const Square sq = rounded_square(200.0, 20.0);
  const std::vector<double> alpha = solve_min_curvature_offsets(sq.corridor, params());
  for (int k = 0; k < 4; ++k) {
    // Inside (left) at the apex, touching the inner margin in the corner; outside (right)
    // on entry and exit.
    EXPECT_GT(offset_at(sq, alpha, sq.corner_apex(k)), 0.75 * kBound) << "corner " << k;
    double deepest = -kBound;
    for (double s = sq.corner_start(k) - 10.0; s <= sq.corner_end(k) + 10.0; s += 1.0)
      deepest = std::max(deepest, offset_at(sq, alpha, s));
    EXPECT_GT(deepest, kBound - 0.05) << "corner " << k;  // touches the inner margin
    EXPECT_LT(offset_at(sq, alpha, sq.corner_start(k) - 25.0), -1.0) << "corner " << k;
    EXPECT_LT(offset_at(sq, alpha, sq.corner_end(k) + 25.0), -1.0) << "corner " << k;
  }
  for (double a : alpha) {
    EXPECT_LE(a, kBound + 1e-12);
    EXPECT_GE(a, -kBound - 1e-12);
  }
}

TEST(RacingLine, CurvaturePeakBelowTheCentrelines) {
  const Square sq = rounded_square(200.0, 20.0);
  const RacingLine line = compute_racing_line(sq.corridor, params());
  double peak = 0.0;
  for (double k : line.curvature) peak = std::max(peak, std::abs(k));
  // The line through a 20 m corner of a 12 m road: radius at least 1.5 times the centreline's.
  EXPECT_LT(peak, (1.0 / 20.0) / 1.5);
  EXPECT_GT(peak, 0.0);
  // Uniformly resampled, closed, with offsets and corridor parameters per sample.
  ASSERT_EQ(line.offset.size(), line.size());
  ASSERT_EQ(line.corridor_u.size(), line.size());
  for (std::size_t i = 1; i < line.size(); ++i) EXPECT_NEAR(line.s[i] - line.s[i - 1], line.spacing(), 1e-9);
  for (std::size_t i = 0; i < line.size(); ++i)
    EXPECT_NEAR(length(line.points[(i + 1) % line.size()] - line.points[i]), line.spacing(), 0.05 * line.spacing());
}

TEST(RacingLine, ConvergesToTheLongRunAnswer) {
  const Square sq = rounded_square(150.0, 15.0);
  int sweeps = 0;
  const std::vector<double> fast = solve_min_curvature_offsets(sq.corridor, params(), &sweeps);
  RacingLineParams slow = params();
  slow.tolerance = 1e-10;
  slow.max_sweeps_coarse = 200000;
  slow.max_sweeps_fine = 20000;
  slow.relaxation = 1.0;  // plain projected Gauss-Seidel
  const std::vector<double> exact = solve_min_curvature_offsets(sq.corridor, slow);
  double worst = 0.0;
  for (std::size_t i = 0; i < fast.size(); ++i) worst = std::max(worst, std::abs(fast[i] - exact[i]));
  EXPECT_LT(worst, 0.02) << "m off the long-run line, after " << sweeps << " sweeps";
}

TEST(RacingLine, Deterministic) {
  const Square sq = rounded_square(120.0, 12.0);
  const RacingLine a = compute_racing_line(sq.corridor, params());
  const RacingLine b = compute_racing_line(sq.corridor, params());
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a.points[i], b.points[i]);
    EXPECT_EQ(a.curvature[i], b.curvature[i]);
    EXPECT_EQ(a.offset[i], b.offset[i]);
  }
}

// Weighting the second differences by the line's own spacing (exponent 3: the integral of
// curvature squared) widens the corners further than plain second differences (exponent 0,
// which also rewards a shorter path); both stay inside the margins.
TEST(RacingLine, CurvatureWeightingWidensTheCorners) {
  const Square sq = rounded_square(200.0, 20.0);
  RacingLineParams p0 = params();
  p0.weight_exponent = 0.0;
  const RacingLine plain = compute_racing_line(sq.corridor, p0);
  const RacingLine curv = compute_racing_line(sq.corridor, params());
  double peak0 = 0.0, peak4 = 0.0;
  for (double k : plain.curvature) peak0 = std::max(peak0, std::abs(k));
  for (double k : curv.curvature) peak4 = std::max(peak4, std::abs(k));
  EXPECT_LT(peak4, peak0);
  for (const RacingLine* line : {&plain, &curv})
    for (double a : line->offset) EXPECT_LE(std::abs(a), kBound + 1e-9);
}

// On a ring every sample is held at the same bound and the solver must still settle.
TEST(RacingLine, RingSettlesOnAnEdge) {
  std::vector<CorridorSample> ring;
  const double r = 60.0;
  const int n = 188;
  for (int i = 0; i < n; ++i) {
    const Vec2 radial = from_angle(2.0 * kPi * i / n);
    ring.push_back({radial * r, -radial, kHalfWidth, kHalfWidth});  // anticlockwise: left = inward
  }
  const std::vector<double> a = solve_min_curvature_offsets(ring, params());
  for (int i = 0; i < n; ++i) EXPECT_NEAR(a[static_cast<std::size_t>(i)], a[0], 1e-6);
  EXPECT_NEAR(std::abs(a[0]), kBound, 1e-6);
}

TEST(RacingLine, NoRoomMeansTheMiddleOfTheRoad) {
  Square sq = rounded_square(100.0, 15.0);
  for (CorridorSample& c : sq.corridor) {
    c.left = 1.0;
    c.right = 1.2;
  }
  for (double a : solve_min_curvature_offsets(sq.corridor, params())) EXPECT_DOUBLE_EQ(a, -0.1);
}

// A Track built from a spec: the line stays on the road with the car's half width to spare
// (kerbs count, run-off does not) and its curvature peak is below the centreline's.
TEST(RacingLine, OnABuiltTrackStaysOnTheRoad) {
  TrackSpec spec;
  spec.name = "square";
  const double half = 120.0, cut = 30.0;  // a square with its corners cut by control points
  const Vec2 corners[4] = {{half, -half}, {half, half}, {-half, half}, {-half, -half}};
  for (int k = 0; k < 4; ++k) {
    const Vec2 c = corners[k], prev = corners[(k + 3) % 4], next = corners[(k + 1) % 4];
    const Vec2 in = c + (prev - c) * (cut / (2.0 * half)), out = c + (next - c) * (cut / (2.0 * half));
    spec.centreline.push_back({(prev + c) * 0.5, 12.0});
    spec.centreline.push_back({in, 12.0});
    spec.centreline.push_back({c + ((in + out) * 0.5 - c) * 0.6, 12.0});
    spec.centreline.push_back({out, 12.0});
  }
  spec.runoff = {Surface::Grass, 8.0};
  auto built = Track::build(spec, "square.json");
  ASSERT_TRUE(built.ok()) << built.error_text();
  const Track& track = *built.value();
  RacingLineParams p;
  p.margin = 0.9 + 0.3;  // car half width + safety
  const RacingLine line = compute_racing_line(corridor_from_centreline(track.centreline(), p.spacing), p);
  double line_peak = 0.0, centre_peak = 0.0;
  for (double k : line.curvature) line_peak = std::max(line_peak, std::abs(k));
  for (const CentreSample& cs : track.centreline().samples()) centre_peak = std::max(centre_peak, std::abs(cs.curvature));
  EXPECT_LT(line_peak, 0.8 * centre_peak);
  for (std::size_t i = 0; i < line.size(); ++i) {
    const Vec2 d = line.points[(i + 1) % line.size()] - line.points[(i + line.size() - 1) % line.size()];
    const Vec2 n = perp(d / length(d));
    EXPECT_TRUE(track.on_road(line.points[i] + n * 0.9)) << "sample " << i;
    EXPECT_TRUE(track.on_road(line.points[i] - n * 0.9)) << "sample " << i;
    EXPECT_LE(std::abs(line.offset[i]), 6.0 - p.margin + 1e-9);
  }
}

TEST(RacingLine, ShippedTrackBelowCentrelineCurvature) {
  auto loaded = Track::load(test::source_path("tracks/kestrel_downs.json"));
  ASSERT_TRUE(loaded.ok()) << loaded.error_text();
  const Track& track = *loaded.value();
  RacingLineParams p;
  const RacingLine line = compute_racing_line(corridor_from_centreline(track.centreline(), p.spacing), p);
  double line_peak = 0.0, centre_peak = 0.0;
  for (double k : line.curvature) line_peak = std::max(line_peak, std::abs(k));
  for (const CentreSample& cs : track.centreline().samples()) centre_peak = std::max(centre_peak, std::abs(cs.curvature));
  EXPECT_LT(line_peak, centre_peak);
  int off_road = 0;
  for (Vec2 q : line.points) off_road += track.on_road(q) ? 0 : 1;
  EXPECT_EQ(off_road, 0);
}

}  // namespace
}  // namespace racer
