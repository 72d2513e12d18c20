// The whole car on the proving ground, against known physics. Every expected value is
// derived here from the car's data; each tolerance says why it is what it is.
#include "vehicle/car.h"

#include <gtest/gtest.h>

#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>

#include "ai/speed_profile.h"
#include "core/math.h"
#include "sim/proving_ground.h"
#include "sim/world.h"
#include "test_cars.h"

namespace racer {
namespace {

constexpr double kRate = 240.0;

double mu_peak(const CarSpec& spec) { return Tyre(spec.tyre).mu_peak(spec.body.mass * kGravity / 4.0); }

// The friction coefficient a steady turn can reach: mu at rest times the share of it both
// axles give under lateral load transfer (ai/speed_profile.h's lateral_grip_share, what the
// AI plans corners with). On load-sensitive tyres it is below mu_peak: the outer tyres gain
// less than the inner ones lose.
double mu_loaded(const CarSpec& spec) { return lateral_grip_share(spec) * mu_peak(spec); }

class EveryCar : public ::testing::TestWithParam<std::string> {};
INSTANTIATE_TEST_SUITE_P(Cars, EveryCar, ::testing::Values("hatchback", "sedan", "racer"));

TEST_P(EveryCar, ParkedCarNeitherCreepsNorTurns) {
  const CarSpec spec = test::shipped_car(GetParam());
  for (double rate : {60.0, 240.0}) {
    const RestResult r = run_rest(spec, rate);
    EXPECT_LT(r.drift_m, 1e-3) << rate << " Hz";
    EXPECT_LT(r.yaw_deg, 0.01) << rate << " Hz";
  }
}

TEST_P(EveryCar, AtRestWheelLoadsSumToWeightAndSplitByCg) {
  const CarSpec spec = test::shipped_car(GetParam());
  const RestResult r = run_rest(spec, kRate);
  const double mg = spec.body.mass * kGravity;
  EXPECT_NEAR(r.load_sum_n, mg, 1e-3 * mg);
  const double front = mg * spec.rear_axle_to_cg() / spec.body.wheelbase;
  EXPECT_NEAR(r.front_axle_n, front, 0.01 * front);
}

TEST_P(EveryCar, ANudgedParkedCarComesToRest) {
  // Static friction (seed 003): a sideways shove of 0.3 m/s dies out, the car stays put.
  const CarSpec spec = test::shipped_car(GetParam());
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {kRate});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& c = world.car(0);
  c.drivetrain().set_gear(0);
  c.body()->SetLinearVelocity(b2Vec2(0.0f, 0.3f));
  const Controls none;
  for (int i = 0; i < 240 * 2; ++i) world.step(std::span<const Controls>(&none, 1));
  EXPECT_LT(c.speed(), 1e-3);
  const Vec2 p = c.position();
  for (int i = 0; i < 240 * 10; ++i) world.step(std::span<const Controls>(&none, 1));
  EXPECT_LT(length(c.position() - p), 1e-3);
}

TEST_P(EveryCar, BrakingFromHundredRespectsFrictionAndAbsBeatsLocking) {
  CarSpec spec = test::shipped_car(GetParam());
  const double v0 = kmh_to_mps(100.0);
  const double mu = mu_peak(spec);
  const double crr = surface_props(Surface::Asphalt).rolling_resistance;
  for (double rate : {60.0, 240.0}) {
    const BrakeResult with_abs = run_brake(spec, rate, true);
    const BrakeResult locked = run_brake(spec, rate, false);
    // The real car also has drag: bound its help by the drag at the initial speed.
    const double drag0 = 0.5 * kAirDensity * spec.body.drag_coefficient * spec.body.frontal_area * v0 * v0;
    const double best_decel = (mu + crr) * kGravity + drag0 / spec.body.mass;
    EXPECT_GE(with_abs.distance_m, v0 * v0 / (2.0 * best_decel)) << rate << " Hz";
    EXPECT_LT(with_abs.distance_m, locked.distance_m) << rate << " Hz";
    // 15%: the bound on how much grip ABS may leave unused.
    EXPECT_LE(with_abs.distance_m, 1.15 * v0 * v0 / (2.0 * mu * kGravity)) << rate << " Hz";
  }
  // Tyres alone (no air, and rolling resistance counted): never shorter than v^2 / 2 mu g.
  spec.body.drag_coefficient = 0.0;
  const BrakeResult tyres_only = run_brake(spec, kRate, true);
  const double ideal = v0 * v0 / (2.0 * mu * kGravity);
  EXPECT_GE(tyres_only.distance_m, v0 * v0 / (2.0 * (mu + crr) * kGravity));
  EXPECT_GE(tyres_only.distance_m * (mu + crr) / mu, ideal);
}

TEST_P(EveryCar, SkidpadLateralAccelerationIsWithinTenPercentOfMuG) {
  const CarSpec spec = test::shipped_car(GetParam());
  const SkidpadResult r = run_skidpad(spec, kRate, 50.0);
  const double mu = mu_loaded(spec);
  // 10%: the tolerance, against what the tyres give at their loaded weights. The
  // drive force needed against drag (combined slip) and the axles' balance keep a real car
  // a little under that.
  EXPECT_NEAR(r.lateral_g, mu, 0.10 * mu) << "mu at rest " << mu_peak(spec);
  EXPECT_LE(r.lateral_g, mu * 1.01);  // and never above what the tyres can give
  EXPECT_NEAR(r.speed_mps, std::sqrt(r.lateral_g * kGravity * 50.0), 0.05 * r.speed_mps);
}

TEST_P(EveryCar, UpshiftScalesRpmByTheRatioOfRatios) {
  const CarSpec spec = test::shipped_car(GetParam());
  const AccelResult r = run_accel(spec, kRate, 40.0);
  ASSERT_GE(r.shifts.size(), 3u);
  for (const ShiftRecord& s : r.shifts) {
    ASSERT_EQ(s.to, s.from + 1);
    const double ratio = spec.gearbox.ratios[static_cast<std::size_t>(s.to - 1)] /
                         spec.gearbox.ratios[static_cast<std::size_t>(s.from - 1)];
    // 3%: the car keeps gaining speed while the clutch comes back in (the racer, at 1.3 g
    // with a 0.2 s clutch, gains 2.1% over its 1-2 shift), less first gear's wheel slip.
    EXPECT_NEAR(s.rpm_after / s.rpm_before, ratio, 0.03 * ratio) << s.from << "->" << s.to;
    EXPECT_GE(s.rpm_before, spec.gearbox.shift_up_rpm - 50.0);
  }
  for (std::size_t i = 1; i < r.shifts.size(); ++i)
    EXPECT_GE(r.shifts[i].t - r.shifts[i - 1].t, spec.gearbox.min_shift_interval_s);
}

TEST_P(EveryCar, TopSpeedDoesNotDependOnTheStepRate) {
  const CarSpec spec = test::shipped_car(GetParam());
  const double top240 = run_accel(spec, 240.0).top_speed_kmh;
  for (double rate : {60.0, 120.0}) {
    EXPECT_NEAR(run_accel(spec, rate).top_speed_kmh, top240, 0.005 * top240) << rate << " Hz";  // 0.5%
  }
}

TEST_P(EveryCar, LockedClutchRpmMatchesWheelSpeedThroughTheRatios) {
  const CarSpec spec = test::shipped_car(GetParam());
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {kRate});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& c = world.car(0);
  c.place({0.0, 0.0}, 0.0, 20.0);
  c.drivetrain().set_automatic(false);
  c.drivetrain().set_gear(3);
  Controls throttle;
  throttle.throttle = 0.6;
  for (int i = 0; i < 240; ++i) world.step(std::span<const Controls>(&throttle, 1));
  double driven = 0.0;
  int n = 0;
  for (int i = 0; i < kWheelCount; ++i) {
    const bool front = i < 2;
    if (spec.drive.layout == DriveLayout::AWD || (spec.drive.layout == DriveLayout::FWD) == front) {
      driven += c.wheel(i).omega;
      ++n;
    }
  }
  const double expected = rads_to_rpm(driven / n) * spec.gearbox.ratios[2] * spec.gearbox.final_drive;
  EXPECT_NEAR(c.drivetrain().state().rpm, expected, 0.01 * expected);  // 1%: the tolerance
}

TEST(Car, BrakingLoadTransferMatchesMahOverL) {
  // The racer's grip allows ~1 g without locking; measure a, then compare with m a h / L.
  const CarSpec spec = test::shipped_car("racer");
  const BrakeTransferResult r = run_brake_transfer(spec, kRate, 0.37);
  ASSERT_GT(r.decel_mps2, 0.85 * kGravity);
  ASSERT_LT(r.decel_mps2, 1.15 * kGravity);
  EXPECT_NEAR(r.front_transfer_n, r.expected_transfer_n, 0.03 * r.expected_transfer_n);
}

TEST(Car, LooseSurfacesGripLessThanAsphalt) {
  const CarSpec spec = test::shipped_car("sedan");
  for (Surface s : {Surface::Gravel, Surface::Grass, Surface::Ice}) {
    const UniformSurface ground(s);
    World world(ground, {kRate});
    world.add_car(spec, {0.0, 0.0}, 0.0);
    world.car(0).place({0.0, 0.0}, 0.0, 20.0);
    world.car(0).drivetrain().set_gear(0);
    Controls brake;
    brake.brake = 1.0;
    while (world.car(0).forward_speed() > 0.05 && world.time() < 60.0) world.step(std::span<const Controls>(&brake, 1));
    const double mu = mu_peak(spec) * surface_props(s).grip;
    // Never shorter than the surface's friction allows (rolling resistance counted).
    EXPECT_GE(world.car(0).position().x, 400.0 / (2.0 * (mu + surface_props(s).rolling_resistance) * kGravity))
        << surface_name(s);
  }
}

// Ice under the left wheels, asphalt under the right (y < 0): a split-mu launch.
class SplitMu final : public SurfaceMap {
 public:
  Surface surface_at(Vec2 p) const override { return p.y > 0.0 ? Surface::Ice : Surface::Asphalt; }
};

double rear_spin_ratio_after_launch(bool tcs) {
  CarSpec spec = test::shipped_car("sedan");
  spec.assists.tcs = tcs;
  spec.gearbox.launch_control = false;  // it would hold the ice wheel in first as traction control does
  const SplitMu ground;
  World world(ground, {kRate});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Controls c;
  c.throttle = 1.0;
  for (int i = 0; i < 240; ++i) world.step(std::span<const Controls>(&c, 1));
  const Car& car = world.car(0);
  return car.wheel(kRearLeft).omega / std::max(1e-3, car.wheel(kRearRight).omega);
}

TEST(Car, OpenDifferentialLetsTheIceWheelSpinAndTractionControlCatchesIt) {
  // Equal torque to both rear wheels: the one on ice cannot resist it and spins up.
  const double open = rear_spin_ratio_after_launch(false);
  EXPECT_GT(open, 2.0);
  // TCS cuts the throttle until the spinning wheel is back near its peak slip.
  const double with_tcs = rear_spin_ratio_after_launch(true);
  EXPECT_LT(with_tcs, open);
  EXPECT_LT(with_tcs, 1.5);
}

class AllIce final : public SurfaceMap {
 public:
  Surface surface_at(Vec2) const override { return Surface::Ice; }
};

// Off the throttle in first gear on ice the engine's drag locks the rear wheels; back on the
// throttle, the engine must catch them again. Traction control once took that lock for
// wheelspin (the drive torque and the slip are both negative) and held the throttle shut.
// (The engine-braking blip of the AI, filter_engine_braking, relies on this.)
TEST(Car, TractionControlDoesNotTakeAnEngineBrakingLockForWheelspin) {
  const AllIce ice;
  World world(ice, {kRate});
  world.add_car(test::shipped_car("sedan"), {0.0, 0.0}, 0.0);
  Car& car = world.car(0);
  car.place({0.0, 0.0}, 0.0, 12.0);
  car.drivetrain().set_gear(1);
  Controls c;
  for (int i = 0; i < 120; ++i) world.step(std::span<const Controls>(&c, 1));  // 0.5 s off the pedals
  const double peak = Tyre(car.spec().tyre).peak_slip_ratio(car.wheel(kRearLeft).load);
  ASSERT_LT(car.wheel(kRearLeft).slip_ratio, -peak) << "the engine should lock the wheels first";
  c.throttle = 0.6;
  // A quarter of a second back on it: the engine has caught the wheels (without the fix
  // they were still locked at -1.7 x the peak after 0.9 s).
  for (int i = 0; i < 60; ++i) world.step(std::span<const Controls>(&c, 1));
  EXPECT_GT(car.wheel(kRearLeft).slip_ratio, -peak);
  EXPECT_GT(car.wheel(kRearRight).slip_ratio, -peak);
}

TEST(Car, AccelerationFiguresArePlausibleForEachClass) {
  // Published-style figures: hatchback ~10 s, sedan ~6-7 s, lightweight racer ~3-4 s.
  const AccelResult hatch = run_accel(test::shipped_car("hatchback"), kRate);
  const AccelResult sedan = run_accel(test::shipped_car("sedan"), kRate);
  const AccelResult racer = run_accel(test::shipped_car("racer"), kRate);
  ASSERT_TRUE(hatch.t_0_100_s && sedan.t_0_100_s && racer.t_0_100_s);
  EXPECT_GT(*hatch.t_0_100_s, *sedan.t_0_100_s);
  EXPECT_GT(*sedan.t_0_100_s, *racer.t_0_100_s);
  EXPECT_GT(*racer.t_0_100_s, 2.5);
  EXPECT_LT(*hatch.t_0_100_s, 14.0);
}

}  // namespace
}  // namespace racer
