// Tracking: the path type, the lookahead law, and Pure Pursuit / Stanley closing the loop on
// the real car (sim::World, asphalt, the sedan) at 240 Hz with the tracker at 20 Hz.
// Sections: 1. Path  2. the laws on their own  3. closed loop on the real car
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "ai/path.h"
#include "ai/tracking.h"
#include "core/math.h"
#include "sim/world.h"
#include "test_paths.h"
#include "track/surface_map.h"
#include "vehicle/car_spec.h"

namespace racer {
namespace {

// A counter-clockwise circle of radius r about the origin, vertices about 1 m apart.
Path circle_path(double r) {
  const int n = static_cast<int>(std::ceil(2.0 * kPi * r));
  std::vector<Vec2> pts;
  for (int i = 0; i < n; ++i) pts.push_back(from_angle(2.0 * kPi * i / n) * r);
  return Path(pts, true);
}

// y = amplitude sin(2 pi x / wavelength) from x0 to x1, vertices 1 m apart in x.
Path sine_path(double amplitude, double wavelength, double x0, double x1) {
  std::vector<Vec2> pts;
  for (double x = x0; x <= x1; x += 1.0) pts.push_back({x, amplitude * std::sin(2.0 * kPi * x / wavelength)});
  return Path(pts, false);
}

Path straight_path(double x0, double x1) { return Path({{x0, 0.0}, {x1, 0.0}}, false); }

// ---------------------------------------------------------------- 1. Path

TEST(Path, CircleHasLengthCurvatureAndTangents) {
  const Path c = circle_path(40.0);
  EXPECT_NEAR(c.length(), 2.0 * kPi * 40.0, 0.01);  // chord sum of 252 chords of a 40 m circle
  for (double s = 0.0; s < c.length(); s += 7.3) {
    const PathSample p = c.at(s);
    EXPECT_NEAR(length(p.position), 40.0, 0.01);
    EXPECT_NEAR(p.curvature, 1.0 / 40.0, 1e-9);  // Menger curvature is exact on a circle
    EXPECT_NEAR(dot(p.tangent, p.position), 0.0, 0.05);  // tangent perpendicular to the radius
    EXPECT_GT(cross(p.position, p.tangent), 0.0);        // counter-clockwise
  }
  EXPECT_NEAR(c.at(c.length() + 5.0).position.x, c.at(5.0).position.x, 1e-9);  // wraps
}

TEST(Path, ProjectionIsSignedAndFollowsAHint) {
  const Path c = circle_path(40.0);
  const PathProjection outside = c.project({43.0, 0.0});
  EXPECT_NEAR(outside.distance, 3.0, 0.01);
  EXPECT_LT(outside.offset, 0.0);  // outside a left-hand circle is right of the path
  EXPECT_NEAR(c.project({37.0, 0.0}).offset, 3.0, 0.01);
  // Walk round the circle passing each answer as the next hint: the same as a global search.
  int hint = -1;
  for (double a = 0.0; a < 4.0 * kPi; a += 0.05) {
    const Vec2 p = from_angle(a) * 41.0;
    const PathProjection local = c.project(p, hint);
    const PathProjection global = c.project(p);
    EXPECT_NEAR(local.s, global.s, 1e-9);
    EXPECT_NEAR(local.offset, -1.0, 0.01);
    hint = local.index;
  }
  // A stale hint on the far side of the circle still finds the nearest point.
  EXPECT_NEAR(c.project({0.0, -41.0}, 10).distance, 1.0, 0.01);
}

TEST(Path, OpenPathGoesOnStraightAndCurvatureAheadIsTheMaximum) {
  const Path line = straight_path(0.0, 100.0);
  EXPECT_NEAR(line.at(130.0).position.x, 130.0, 1e-9);
  EXPECT_NEAR(line.at(-10.0).position.x, -10.0, 1e-9);
  EXPECT_EQ(line.curvature_at(50.0), 0.0);
  // A straight, then a 20 m arc of radius 20 m turning left.
  std::vector<Vec2> pts;
  for (int i = 0; i <= 50; ++i) pts.push_back({static_cast<double>(i), 0.0});
  for (int i = 1; i <= 20; ++i) pts.push_back(Vec2{50.0, 20.0} + from_angle(-kPi / 2.0 + i / 20.0) * 20.0);
  const Path bend(pts, false);
  EXPECT_NEAR(bend.max_abs_curvature(0.0, 30.0), 0.0, 1e-9);
  EXPECT_NEAR(bend.max_abs_curvature(30.0, 30.0), 0.05, 1e-3);
  EXPECT_NEAR(bend.curvature_at(60.0), 0.05, 1e-3);
}

// Queries along s find the segment from a table of buckets a mean segment long and a short
// walk, else a binary search: on a path whose spacing varies a hundredfold (buckets holding
// ten vertices, and none), every query at a vertex, just after it and between vertices lands
// on the segment it lies on.
TEST(Path, QueriesAlongSFindTheSegmentOnUnevenSpacing) {
  std::vector<Vec2> pts;
  double x = 0.0;
  for (int i = 0; i < 40; ++i) {
    pts.push_back({x, 0.01 * x * x});
    x += i % 10 == 9 ? 30.0 : 0.3;  // clusters 0.3 m apart, 30 m gaps between them
  }
  for (const bool closed : {false, true}) {
    const Path path(pts, closed);
    const std::vector<double>& vs = path.vertex_s();
    const std::size_t n = vs.size();
    for (std::size_t k = 0; k < n; ++k) {
      const double sb = k + 1 < n ? vs[k + 1] : path.length();
      for (const double u : {0.0, 1e-12, 0.25, 0.5, 0.999999}) {
        const double s = vs[k] + u * (sb - vs[k]);
        if (!closed && k + 1 == n) continue;  // (an open path's last vertex is its end)
        const PathSample at = path.at(s);
        const Vec2 b = pts[(k + 1) % n];
        const double w = sb > vs[k] ? (s - vs[k]) / (sb - vs[k]) : 0.0;
        const Vec2 expect = pts[k] + (b - pts[k]) * w;
        EXPECT_NEAR(at.position.x, expect.x, 1e-9) << "closed " << closed << " k " << k << " u " << u;
        EXPECT_NEAR(at.position.y, expect.y, 1e-9) << "closed " << closed << " k " << k << " u " << u;
      }
    }
    // The ends: s = length (open: the last vertex; closed: wraps to the first) and beyond.
    const Vec2 end = closed ? pts.front() : pts.back();
    EXPECT_NEAR(path.at(path.length()).position.x, end.x, 1e-9);
    EXPECT_NEAR(path.at(path.length()).position.y, end.y, 1e-9);
  }
}

// ---------------------------------------------------------------- 2. the laws on their own

TEST(PurePursuit, LookaheadGrowsWithSpeedAndShrinksWithCurvature) {
  const PurePursuitParams p;
  double last = 0.0;
  for (double v = 0.0; v <= 80.0; v += 2.0) {
    const double ld = pure_pursuit_lookahead(p, v, 0.0);
    EXPECT_GE(ld, last);
    EXPECT_GE(ld, p.min);
    EXPECT_LE(ld, p.max);
    last = ld;
  }
  EXPECT_EQ(pure_pursuit_lookahead(p, 0.0, 0.0), p.min);
  EXPECT_EQ(pure_pursuit_lookahead(p, 80.0, 0.0), p.max);
  EXPECT_NEAR(pure_pursuit_lookahead(p, 20.0, 0.0), p.per_speed * 20.0 + p.base, 1e-12);
  // At 20 m/s: straight > gentle bend > hairpin, never below the minimum.
  const double straight = pure_pursuit_lookahead(p, 20.0, 0.0);
  const double gentle = pure_pursuit_lookahead(p, 20.0, 0.005);
  const double hairpin = pure_pursuit_lookahead(p, 20.0, 0.1);
  EXPECT_GT(straight, gentle);
  EXPECT_GT(gentle, hairpin);
  EXPECT_NEAR(gentle, straight / (1.0 + p.curvature_gain * 0.005 * 20.0), 1e-12);
  EXPECT_EQ(hairpin, p.min);
  EXPECT_EQ(pure_pursuit_lookahead(p, 20.0, -0.005), gentle);  // either direction of turn
  // The shrink grows with speed: the same bend costs more lookahead at 30 m/s than at 10.
  EXPECT_LT(pure_pursuit_lookahead(p, 30.0, 0.01) / pure_pursuit_lookahead(p, 30.0, 0.0),
            pure_pursuit_lookahead(p, 10.0, 0.01) / pure_pursuit_lookahead(p, 10.0, 0.0));
}

TEST(PurePursuit, OnTheCircleItAsksForTheCirclesSteer) {
  // Rear axle on the circle, heading along its tangent: the arc through the target is the
  // circle itself, δ = atan(L / R).
  const SteeringGeometry g{2.8, 1.3, 0.6};
  const Path c = circle_path(40.0);
  TrackingState s;
  s.heading = kPi / 2.0;
  s.position = Vec2{40.0, 0.0} + from_angle(s.heading) * g.cg_to_rear_axle();
  s.speed = 12.0;
  int hint = -1;
  const SteerCommand cmd = pure_pursuit({}, g, s, c, hint);
  EXPECT_NEAR(cmd.road_wheel_angle, std::atan(g.wheelbase / 40.0), 2e-3);
  EXPECT_NEAR(cmd.steer, cmd.road_wheel_angle / g.max_angle, 1e-12);
  EXPECT_GE(hint, 0);
  // The lookahead used is the law's at this speed and the circle's curvature.
  EXPECT_NEAR(cmd.lookahead, pure_pursuit_lookahead({}, 12.0, 1.0 / 40.0), 1e-6);
}

TEST(Tracking, SteerStaysInRangeWhateverThePose) {
  const SteeringGeometry g{2.8, 1.3, 0.6};
  const Path c = circle_path(40.0);
  for (double a = 0.0; a < 2.0 * kPi; a += 0.37)
    for (double r : {0.0, 20.0, 39.0, 43.0, 90.0})
      for (double h = -kPi; h < kPi; h += 0.41)
        for (double v : {0.0, 3.0, 30.0, -5.0}) {
          const TrackingState s{from_angle(a) * r, h, v};
          int hint_pp = -1, hint_st = -1;
          const SteerCommand pp = pure_pursuit({}, g, s, c, hint_pp);
          const SteerCommand st = stanley({}, g, s, c, hint_st);
          for (const SteerCommand& cmd : {pp, st}) {
            EXPECT_TRUE(std::isfinite(cmd.steer));
            EXPECT_GE(cmd.steer, -1.0);
            EXPECT_LE(cmd.steer, 1.0);
          }
        }
  // Facing away from a target behind: full lock towards it, not a timid sin(η) ≈ 0.
  const Path line = straight_path(-100.0, 100.0);
  const TrackingState backwards{{0.0, 0.5}, kPi, 10.0};  // heading -x, path runs +x, slightly left of it
  int hint = -1;
  EXPECT_EQ(std::abs(pure_pursuit({}, g, backwards, line, hint).steer), 1.0);
}

TEST(Stanley, SteersBackTowardsThePathAndAlongIt) {
  const SteeringGeometry g{2.8, 1.3, 0.6};
  const Path line = straight_path(-100.0, 100.0);
  int hint = -1;
  // Front axle 1 m left of the path, heading along it: steer right.
  TrackingState s{{-g.cg_to_front_axle, 1.0}, 0.0, 10.0};
  SteerCommand cmd = stanley({}, g, s, line, hint);
  EXPECT_NEAR(cmd.cross_track, 1.0, 1e-9);
  EXPECT_NEAR(cmd.road_wheel_angle, std::atan(-StanleyParams{}.gain * 1.0 / (1.0 + 10.0)), 1e-9);
  // On the path, heading 0.2 rad left of it: steer 0.2 rad right.
  s = {{-g.cg_to_front_axle * std::cos(0.2), -g.cg_to_front_axle * std::sin(0.2)}, 0.2, 10.0};
  hint = -1;
  cmd = stanley({}, g, s, line, hint);
  EXPECT_NEAR(cmd.road_wheel_angle, -0.2, 1e-9);
}

// ---------------------------------------------------------------- 3. closed loop on the real car

enum class Law { PurePursuit, Stanley };

struct LoopResult {
  double settled_after = 0.0;  ///< s: the last time the error was at or above the tolerance
  double min_steer = 0.0, max_steer = 0.0;
  double mean_speed = 0.0;     ///< m/s over the run
  double final_error = 0.0;    ///< m: largest error over the last 10 s
};

constexpr double kRate = 240.0;      // Hz, the world
constexpr int kTrackerEvery = 12;    // steps: the tracker at 20 Hz, its steer held in between

/// Drives the sedan along `path` from `start` at `speed` for `seconds`, the tracker updated
/// every kTrackerEvery steps; `error(cg)` measures how far off the car is.
template <class ErrorFn>
LoopResult drive(Law law, const Path& path, Vec2 start, double heading, double speed, double seconds,
                 double tolerance, ErrorFn error) {
  static const CarSpec spec = load_car_spec(test::car_path("sedan")).value();
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {kRate});
  world.add_car(spec, start, heading);
  Car& car = world.car(0);
  car.place(start, heading, speed);
  const SteeringGeometry geometry = SteeringGeometry::of(spec);
  int hint = -1;
  double held_steer = 0.0;
  LoopResult r;
  double speed_sum = 0.0;
  const auto steps = static_cast<int>(seconds * kRate);
  for (int k = 0; k < steps; ++k) {
    if (k % kTrackerEvery == 0) {
      const TrackingState state{car.position(), car.heading(), car.forward_speed()};
      const SteerCommand cmd = law == Law::PurePursuit ? pure_pursuit({}, geometry, state, path, hint)
                                                       : stanley({}, geometry, state, path, hint);
      held_steer = cmd.steer;
      r.min_steer = std::min(r.min_steer, cmd.steer);
      r.max_steer = std::max(r.max_steer, cmd.steer);
    }
    Controls c;  // zeroed every tick
    c.steer = held_steer;
    const double u = 0.15 + 0.5 * (speed - car.forward_speed());  // the speed controller
    c.throttle = clamp01(u);
    c.brake = clamp01(-u - 0.1);
    world.step(std::span<const Controls>(&c, 1));
    speed_sum += car.speed();
    const double e = error(car.position());
    if (world.time() > seconds - 10.0) r.final_error = std::max(r.final_error, e);
    if (e >= tolerance) r.settled_after = world.time();
  }
  r.mean_speed = speed_sum / steps;
  return r;
}

const char* name(Law law) { return law == Law::PurePursuit ? "Pure Pursuit" : "Stanley"; }

// R = 40 m at 12 m/s (0.37 g), starting 3 m inside or outside and 20° towards or away from
// the circle: the CG's radial error must fall below 0.3 m within 10 s and stay there.
void converges_on_a_circle(Law law) {
  const double radius = 40.0;
  const Path circle = circle_path(radius);
  for (double off : {3.0, -3.0})
    for (double angle_off : {deg_to_rad(20.0), deg_to_rad(-20.0)}) {
      SCOPED_TRACE(::testing::Message() << name(law) << ", start " << off << " m outside, " << rad_to_deg(angle_off)
                                        << " deg off the tangent");
      const LoopResult r = drive(law, circle, {radius + off, 0.0}, kPi / 2.0 + angle_off, 12.0, 30.0, 0.3,
                                 [&](Vec2 cg) { return std::abs(length(cg) - radius); });
      EXPECT_LT(r.settled_after, 10.0);
      EXPECT_GT(r.settled_after, 0.0);  // it did start off the circle
      EXPECT_LT(r.final_error, 0.25);   // steady state (PP about 0.19 m: rear slip and understeer over ld)
      EXPECT_GE(r.min_steer, -1.0);
      EXPECT_LE(r.max_steer, 1.0);
      EXPECT_NEAR(r.mean_speed, 12.0, 1.0);  // the speed controller held the speed
    }
}

TEST(PurePursuit, ConvergesOnACircle) { converges_on_a_circle(Law::PurePursuit); }
TEST(Stanley, ConvergesOnACircle) { converges_on_a_circle(Law::Stanley); }

// A straight at 20 m/s from 2 m off and 10° off: settles within 0.3 m inside 10 s.
void follows_a_straight(Law law) {
  SCOPED_TRACE(name(law));
  const Path line = straight_path(-50.0, 2000.0);
  const LoopResult r = drive(law, line, {0.0, 2.0}, deg_to_rad(10.0), 20.0, 20.0, 0.3,
                             [](Vec2 cg) { return std::abs(cg.y); });
  EXPECT_LT(r.settled_after, 10.0);
  EXPECT_GT(r.settled_after, 0.0);
  EXPECT_LT(r.final_error, 0.05);
  EXPECT_GE(r.min_steer, -1.0);
  EXPECT_LE(r.max_steer, 1.0);
}

TEST(PurePursuit, FollowsAStraight) { follows_a_straight(Law::PurePursuit); }
TEST(Stanley, FollowsAStraight) { follows_a_straight(Law::Stanley); }

// A sine of 6 m amplitude and 90 m wavelength (tightest radius 34 m, left and right
// alternately) at 12 m/s from 2 m off: within 0.5 m of the path after 10 s.
void follows_a_sine(Law law) {
  SCOPED_TRACE(name(law));
  const Path sine = sine_path(6.0, 90.0, -50.0, 1000.0);
  int hint = -1;
  const LoopResult r = drive(law, sine, {0.0, -2.0}, std::atan(6.0 * 2.0 * kPi / 90.0), 12.0, 40.0, 0.5,
                             [&](Vec2 cg) {
                               const PathProjection p = sine.project(cg, hint);
                               hint = p.index;
                               return p.distance;
                             });
  EXPECT_LT(r.settled_after, 10.0);
  EXPECT_GT(r.settled_after, 0.0);
  EXPECT_LT(r.final_error, 0.35);
  EXPECT_GE(r.min_steer, -1.0);
  EXPECT_LE(r.max_steer, 1.0);
}

TEST(PurePursuit, FollowsASine) { follows_a_sine(Law::PurePursuit); }
TEST(Stanley, FollowsASine) { follows_a_sine(Law::Stanley); }

}  // namespace
}  // namespace racer
