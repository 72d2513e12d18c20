// Speed profile: the circle (v = sqrt(mu g R)), the straight-to-hairpin braking point, the
// surface under the line (the rally stage's ice), grip factor, determinism, and limit laps
// on the shipped tracks.
#include "ai/speed_profile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "sim/proving_ground.h"
#include "test_paths.h"
#include "track/track.h"
#include "vehicle/tyre.h"

namespace racer {
namespace {

RacingLine circle_line(double r, double step = 2.0) {
  const auto n = static_cast<int>(std::round(2.0 * kPi * r / step));
  std::vector<Vec2> pts;
  for (int i = 0; i < n; ++i) pts.push_back(from_angle(2.0 * kPi * i / n) * r);
  return racing_line_from_points(pts, step);
}

// A stadium driven anticlockwise: the bottom straight (length `straight`, y = -r) runs east
// from s = 0, then a semicircle of radius r, the top straight west, the other semicircle.
RacingLine stadium_line(double straight, double r, double step = 1.0) {
  std::vector<Vec2> pts;
  const auto ns = static_cast<int>(std::round(straight / step));
  const auto na = static_cast<int>(std::round(kPi * r / step));
  for (int i = 0; i < ns; ++i) pts.push_back({straight * i / ns, -r});
  for (int i = 0; i < na; ++i) pts.push_back(Vec2{straight, 0.0} + from_angle(-0.5 * kPi + kPi * i / na) * r);
  for (int i = 0; i < ns; ++i) pts.push_back({straight - straight * i / ns, r});
  for (int i = 0; i < na; ++i) pts.push_back(from_angle(0.5 * kPi + kPi * i / na) * r);
  return racing_line_from_points(pts, step);
}

CarSpec car(const std::string& name) {
  auto r = load_car_spec(test::car_path(name));
  EXPECT_TRUE(r.ok()) << r.error_text();
  return r.ok() ? r.value() : CarSpec{};
}

TEST(SpeedProfile, CircleWithoutDragIsSqrtMuGR) {
  const double r = 50.0, mu = 1.1;
  const RacingLine line = circle_line(r);
  const SpeedProfile p = compute_speed_profile(line, simple_envelope(1000.0, mu, 5000.0, 80.0), uniform_surface(line));
  const double expected = std::sqrt(mu * kGravity * r);
  for (double v : p.speed) EXPECT_NEAR(v, expected, 0.002 * expected);
  EXPECT_NEAR(p.lap_time, 2.0 * kPi * r / expected, 0.002 * p.lap_time);
  EXPECT_TRUE(p.braking.empty());
}

// A real car with drag and rolling resistance: the tyres must also push against them, so
// the car settles a little below sqrt(mu_y g R): within 1.5% (the racer's drag at 32 m/s
// takes the most of its axles' friction ellipses: 1.1% below).
TEST(SpeedProfile, CircleWithARealCarWithinOnePercent) {
  for (const char* name : {"hatchback", "sedan", "racer"}) {
    const CarEnvelope env = car_envelope(car(name));
    EXPECT_NEAR(env.mu_peak, Tyre(car(name).tyre).mu_peak(env.mass * kGravity / 4.0), 1e-12);
    for (double r : {30.0, 80.0}) {
      const RacingLine line = circle_line(r);
      const SpeedProfile p = compute_speed_profile(line, env, uniform_surface(line, 1.0, 0.013));
      const double mu_y = env.mu_peak * env.lateral_share;
      const double expected = std::sqrt(mu_y * kGravity * r);
      for (double v : p.speed) {
        EXPECT_LE(v, expected * 1.001) << name << " R " << r;
        EXPECT_GE(v, expected * 0.97) << name << " R " << r;  // the costs below take 1.5-2.5%
      }
      // The car settles where the drive both axles leave at a_y = v^2 / R just pays for
      // rolling resistance, air drag and cornering drag (5%: the passes' 1 m steps).
      const double v = *std::min_element(p.speed.begin(), p.speed.end());
      const double ay = v * v / r;
      const double spare = axle_accel_limit(env, ay, env.mu_peak, mu_y, +1);
      const double cost = (env.drag_k * v * v + 0.013 * env.mass * kGravity) / env.mass + env.cornering_drag_at(ay, mu_y);
      EXPECT_NEAR(spare, cost, 0.05 * cost) << name << " R " << r;
    }
  }
}

// The envelope's cornering grip (load transfer on load-sensitive tyres) against the
// simulated car on the skidpad: it must lie between what the car really holds there (the
// skidpad also pays for drag, the drive force's share of the friction circle and a driver
// that cannot sit exactly on the peak) and the tyre's own mu at the static load, and it
// must be closer to the skidpad than the bare tyre mu is.
TEST(SpeedProfile, LateralGripShareLiesBetweenTheSkidpadAndTheTyre) {
  for (const char* name : {"hatchback", "sedan", "racer"}) {
    const CarSpec spec = car(name);
    const CarEnvelope env = car_envelope(spec);
    const double skidpad = run_skidpad(spec, 240.0, 50.0).lateral_g;
    const double cornering = env.mu_peak * env.lateral_share;
    EXPECT_LT(env.lateral_share, 1.0) << name;  // load-sensitive tyres always lose some
    EXPECT_GE(cornering, skidpad) << name;
    EXPECT_LT(cornering - skidpad, env.mu_peak - skidpad) << name;
  }
}

// Cornering drag: none going straight, growing with the lateral acceleration, and at the
// limit each axle's Fy sin(alpha) at its peak slip angle (the front's on the front's curve,
// the rear's scaled by rear_cornering_factor).
TEST(SpeedProfile, CorneringDragFromTheTyresSlipAngles) {
  const CarSpec spec = car("sedan");
  const CarEnvelope env = car_envelope(spec);
  const double mu_y = env.mu_peak * env.lateral_share, a_max = mu_y * kGravity;
  EXPECT_DOUBLE_EQ(env.cornering_drag_at(0.0, mu_y), 0.0);
  double last = 0.0;
  for (int i = 1; i <= 10; ++i) {
    const double d = env.cornering_drag_at(a_max * i / 10.0, mu_y);
    EXPECT_GT(d, last) << i;
    last = d;
  }
  const Tyre tyre(spec.tyre);
  const double wf = env.front_static_share, w = spec.body.mass * kGravity;
  const double at_peak = wf * std::sin(tyre.peak_slip_angle(0.5 * w * wf)) +
                         (1.0 - wf) * std::sin(tyre.peak_slip_angle(0.5 * w * (1.0 - wf)) / spec.tyre.rear_cornering_factor);
  // The table's last entry asks for lateral_share of the peak force: a little under the peak angle.
  EXPECT_LE(last / a_max, at_peak);
  EXPECT_GE(last / a_max, 0.5 * at_peak);
  EXPECT_DOUBLE_EQ(env.cornering_drag_at(-a_max, mu_y), last);  // either way round
}

// Open differentials: the inner driven wheel, unloaded by the lateral transfer, limits the
// drive in a corner. Going straight, braking, or with no transfer the axle ellipses are all.
TEST(SpeedProfile, OpenDifferentialsLimitTheDriveInCorners) {
  CarEnvelope rwd = car_envelope(car("sedan"));
  ASSERT_GT(rwd.cg_height_over_track, 0.0);
  ASSERT_DOUBLE_EQ(rwd.front_drive_share, 0.0);
  CarEnvelope flat = rwd;  // the same car with its weight at road level sideways
  flat.cg_height_over_track = 0.0;
  const double mu = rwd.mu_peak, mu_y = mu * rwd.lateral_share, a_max = mu_y * kGravity;
  EXPECT_DOUBLE_EQ(axle_accel_limit(rwd, 0.0, mu, mu_y, +1), axle_accel_limit(flat, 0.0, mu, mu_y, +1));
  for (double use : {0.3, 0.6, 0.9}) {
    const double ay = use * a_max;
    EXPECT_LT(axle_accel_limit(rwd, ay, mu, mu_y, +1), axle_accel_limit(flat, ay, mu, mu_y, +1)) << use;
    EXPECT_DOUBLE_EQ(axle_accel_limit(rwd, ay, mu, mu_y, -1), axle_accel_limit(flat, ay, mu, mu_y, -1)) << use;
    // The stiffer the rear in roll, the more the inner rear wheel is unloaded.
    CarEnvelope soft_rear = rwd;
    soft_rear.front_roll_share = 0.9;
    EXPECT_GT(axle_accel_limit(soft_rear, ay, mu, mu_y, +1), axle_accel_limit(rwd, ay, mu, mu_y, +1)) << use;
  }
}

// The same through a Track: a circular centreline built by Track::build, the racing line
// on it, and the surface read from the track (asphalt, no kerbs).
TEST(SpeedProfile, CircleTrackThroughThePipeline) {
  TrackSpec spec;
  spec.name = "ring";
  const double rc = 80.0;
  for (int i = 0; i < 24; ++i) spec.centreline.push_back({from_angle(2.0 * kPi * i / 24) * rc, 12.0});
  spec.kerbs.automatic = false;
  spec.runoff = {Surface::Grass, 8.0};
  auto built = Track::build(spec, "ring.json");
  ASSERT_TRUE(built.ok()) << built.error_text();
  const Track& track = *built.value();
  const RacingLine line = compute_racing_line(corridor_from_centreline(track.centreline()), RacingLineParams{});
  double mean_r = 0.0;
  for (Vec2 q : line.points) mean_r += length(q);
  mean_r /= static_cast<double>(line.size());
  CarEnvelope env = car_envelope(car("sedan"));
  env.drag_k = 0.0;
  env.rolling_scale = 0.0;
  env.cornering_drag.clear();  // no costs at all: pure grip
  const SpeedProfile p = compute_speed_profile(line, env, track);
  const double expected = std::sqrt(env.mu_peak * env.lateral_share * kGravity * mean_r);
  for (double v : p.speed) EXPECT_NEAR(v, expected, 0.01 * expected);
}

// Straight into a hairpin: the car brakes at mu g from the point where the acceleration
// curve v^2 = vh^2 + 2 a_acc x meets the braking curve v^2 = vh^2 + 2 mu g d.
TEST(SpeedProfile, StraightToHairpinBrakingPoint) {
  const double straight = 400.0, r = 15.0, mu = 1.0, mass = 1000.0, force = 4000.0;
  const RacingLine line = stadium_line(straight, r);
  const SpeedProfile p = compute_speed_profile(line, simple_envelope(mass, mu, force, 90.0), uniform_surface(line));
  const double vh = std::sqrt(mu * kGravity * r), a_acc = force / mass, a_brk = mu * kGravity;
  const double x = a_brk * straight / (a_acc + a_brk);  // braking point along the straight
  ASSERT_EQ(p.braking.size(), 2u);
  const BrakingZone& z = *p.next_braking(0.0);
  EXPECT_NEAR(z.s_start, x, 0.03 * x);
  EXPECT_NEAR(z.v_start, std::sqrt(vh * vh + 2.0 * a_acc * x), 0.03 * z.v_start);
  EXPECT_NEAR(z.v_end, vh, 0.03 * vh);
  // On the braking curve: v^2 = vh^2 + 2 a d, d before the hairpin.
  for (double d : {20.0, 50.0, 100.0}) {
    const double expected = std::sqrt(vh * vh + 2.0 * a_brk * d);
    EXPECT_NEAR(p.target_speed(straight - d), expected, 0.03 * expected) << d << " m before";
  }
  // Through the hairpin: the cornering limit.
  EXPECT_NEAR(p.target_speed(straight + 0.5 * kPi * r), vh, 0.01 * vh);
  // And the friction circle: never more than mu g in total.
  for (std::size_t i = 0; i < p.speed.size(); ++i) {
    const double lat = p.speed[i] * p.speed[i] * std::abs(line.curvature[i]);
    EXPECT_LE(std::hypot(lat, p.accel[i]), mu * kGravity * 1.03) << "sample " << i;
  }
}

// The braking envelope is the braking curve alone: the profile in the braking zones and the
// hairpins, and above it where the profile is still accelerating out of them (a car that
// came faster may keep its speed there).
TEST(SpeedProfile, BrakingEnvelopeIsTheBrakingCurveWithoutTheAccelerationCurve) {
  const double straight = 400.0, r = 15.0, mu = 1.0, mass = 1000.0, force = 4000.0, cap = 90.0;
  const RacingLine line = stadium_line(straight, r);
  SpeedProfileParams params;
  params.max_speed = cap;
  const SpeedProfile p = compute_speed_profile(line, simple_envelope(mass, mu, force, cap), uniform_surface(line), params);
  ASSERT_EQ(p.envelope.size(), p.speed.size());
  for (std::size_t i = 0; i < p.speed.size(); ++i) EXPECT_GE(p.envelope[i], p.speed[i] - 1e-9) << "sample " << i;
  const double vh = std::sqrt(mu * kGravity * r), a_brk = mu * kGravity;
  // In the braking zone and the hairpin: the same as the profile.
  for (double d : {20.0, 50.0, 100.0}) EXPECT_NEAR(p.envelope_speed(straight - d), p.target_speed(straight - d), 1e-6) << d;
  EXPECT_NEAR(p.envelope_speed(straight + 0.5 * kPi * r), vh, 0.01 * vh);
  // 30 m into the straight the profile is still accelerating (v^2 = vh^2 + 2 a x); the
  // envelope is what braking for the hairpin 370 m on allows (within 1%: the passes step
  // on 1 m samples, and the hairpin's first sample is not exactly at s = 400).
  const double accelerating = std::sqrt(vh * vh + 2.0 * (force / mass) * 30.0);
  EXPECT_NEAR(p.target_speed(30.0), accelerating, 0.03 * accelerating);
  const double brakes_from = std::min(cap, std::sqrt(vh * vh + 2.0 * a_brk * 370.0));
  EXPECT_NEAR(p.envelope_speed(30.0), brakes_from, 0.01 * brakes_from);
  EXPECT_GT(p.envelope_speed(30.0), 2.0 * accelerating);
  // 30 m before the hairpin, the braking curve's own speed.
  const double braking = std::sqrt(vh * vh + 2.0 * a_brk * 30.0);
  EXPECT_NEAR(p.envelope_speed(straight - 30.0), braking, 0.03 * braking);
}

TEST(SpeedProfile, GripFactorScalesTheCorners) {
  const RacingLine line = circle_line(40.0);
  const CarEnvelope env = simple_envelope(1000.0, 1.0, 5000.0, 80.0);
  SpeedProfileParams half;
  half.grip_factor = 0.5;
  const SpeedProfile full = compute_speed_profile(line, env, uniform_surface(line));
  const SpeedProfile slow = compute_speed_profile(line, env, uniform_surface(line), half);
  EXPECT_NEAR(slow.speed[0], full.speed[0] * std::sqrt(0.5), 1e-3 * full.speed[0]);
  EXPECT_GT(slow.lap_time, full.lap_time);
}

TEST(SpeedProfile, IceOnTheRallyStageLowersVmax) {
  auto loaded = Track::load(test::source_path("tracks/cragmoor_stage.json"));
  ASSERT_TRUE(loaded.ok()) << loaded.error_text();
  const Track& track = *loaded.value();
  const RacingLine line = compute_racing_line(corridor_from_centreline(track.centreline()), RacingLineParams{});
  const CarEnvelope env = car_envelope(car("hatchback"));
  const LineSurface surface = line_surface(line, track, env);
  const SpeedProfile real = compute_speed_profile(line, env, surface);
  // The same line if everything were the stage's dirt.
  const SpeedProfile dirt = compute_speed_profile(line, env, uniform_surface(line, surface_props(Surface::Dirt).grip, 0.04));
  int on_ice = 0;
  const double ice = surface_props(Surface::Ice).grip;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (surface.grip[i] > ice + 1e-9) continue;  // all four wheels on ice
    ++on_ice;
    EXPECT_LT(real.v_max[i], 0.5 * dirt.v_max[i]) << "sample " << i;
    EXPECT_LT(real.speed[i], dirt.speed[i]) << "sample " << i;
  }
  EXPECT_GT(on_ice, 3) << "the line should cross the ice patch";
  EXPECT_GT(real.lap_time, dirt.lap_time);
}

TEST(SpeedProfile, Deterministic) {
  auto loaded = Track::load(test::source_path("tracks/lantern_hill.json"));
  ASSERT_TRUE(loaded.ok()) << loaded.error_text();
  const Track& track = *loaded.value();
  const CarEnvelope env = car_envelope(car("racer"));
  const auto run = [&] {
    return compute_speed_profile(compute_racing_line(corridor_from_centreline(track.centreline()), {}), env, track);
  };
  const SpeedProfile a = run(), b = run();
  EXPECT_EQ(a.speed, b.speed);
  EXPECT_EQ(a.v_max, b.v_max);
  EXPECT_EQ(a.lap_time, b.lap_time);
}

// Every shipped track with every shipped car: a finite lap at a plausible average speed,
// faster cars faster.
TEST(SpeedProfile, LimitLapsOnShippedTracksArePlausible) {
  for (const char* name : {"cragmoor_stage", "foundry_loop", "kestrel_downs", "lantern_hill", "port_ardent"}) {
    auto loaded = Track::load(test::source_path(std::string("tracks/") + name + ".json"));
    ASSERT_TRUE(loaded.ok()) << loaded.error_text();
    const Track& track = *loaded.value();
    const RacingLine line = compute_racing_line(corridor_from_centreline(track.centreline()), {});
    EXPECT_LT(line.length, track.centreline().length()) << name;
    double hatch = 0.0;
    for (const char* c : {"hatchback", "sedan", "racer"}) {
      const SpeedProfile p = compute_speed_profile(line, car_envelope(car(c)), track);
      ASSERT_TRUE(std::isfinite(p.lap_time)) << name << " " << c;
      const double mean = line.length / p.lap_time;
      EXPECT_GT(mean, 12.0) << name << " " << c;  // m/s: 43 km/h
      EXPECT_LT(mean, 60.0) << name << " " << c;  // 216 km/h
      EXPECT_FALSE(p.braking.empty()) << name << " " << c;
      if (std::string(c) == "hatchback") hatch = p.lap_time;
      if (std::string(c) == "racer") {
        EXPECT_LT(p.lap_time, hatch) << name;
      }
    }
  }
}


// The drive limit through open differentials replays the 24 halvings of its bisection against
// a root of the margin: the same answer bit for bit, for every layout, roll split, friction
// and lateral acceleration up to the limit and beyond.
TEST(SpeedProfile, OpenDifferentialLimitReplaysTheBisectionExactly) {
  int below_ellipses = 0;
  for (const char* name : {"hatchback", "sedan", "racer"}) {
    for (double front_drive : {0.0, 0.4, 1.0}) {
      for (double roll : {0.3, 0.5, 0.7}) {
        CarEnvelope env = car_envelope(car(name));
        env.front_drive_share = front_drive;
        env.front_roll_share = roll;
        for (double mu : {0.3, 0.7, env.mu_peak}) {
          const double mu_y = mu * env.lateral_share;
          for (int i = 0; i <= 400; ++i) {
            const double ay = 1.05 * mu_y * kGravity * i / 400.0;
            for (int dir : {+1, -1}) {
              const double bisected = axle_accel_limit_bisected(env, ay, mu, mu_y, dir);
              EXPECT_EQ(axle_accel_limit(env, ay, mu, mu_y, dir), bisected) << name << " " << ay << " " << dir;
              CarEnvelope flat = env;
              flat.cg_height_over_track = 0.0;
              if (dir > 0 && bisected < axle_accel_limit(flat, ay, mu, mu_y, dir)) ++below_ellipses;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(below_ellipses, 1000);  // the open differentials did bind in most of these corners
}

// The AI's car model reads each axle's own tyres: a staggered car whose rear tyres grip less
// (a harder compound) is limited by its rear axle, so its lateral share falls, and the same
// tyres front and rear give exactly the unstaggered figure.
TEST(SpeedProfile, TheLateralShareReadsTheRearTyres) {
  const CarSpec plain = car("sedan");
  CarSpec same = plain;
  same.rear_tyre = plain.tyre;
  EXPECT_EQ(lateral_grip_share(same), lateral_grip_share(plain));
  CarSpec harder_rear = plain;
  harder_rear.rear_tyre = plain.tyre;
  harder_rear.rear_tyre->grip_scale = 0.8;
  // 0.8 of the rear's grip: the rear axle saturates first, at about 0.8 of the front's share.
  EXPECT_LT(lateral_grip_share(harder_rear), 0.9 * lateral_grip_share(plain));
}

}  // namespace
}  // namespace racer
