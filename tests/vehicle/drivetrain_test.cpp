// Drivetrain: the seed's torque curve and engine speed model, shifting rules.
#include "vehicle/drivetrain.h"

#include <gtest/gtest.h>

#include "core/math.h"
#include "test_cars.h"

namespace racer {
namespace {

TEST(Engine, GaussianCurvePeaksAtPeakTorqueRpm) {
  const EngineSpec e = test::shipped_car("sedan").engine;
  EXPECT_DOUBLE_EQ(engine_torque_curve(e, e.peak_torque_rpm), e.max_torque);
  // The seed's formula: A exp(-((rpm - D) C)^2 / F^2), checked one curve width away.
  const double rpm = e.peak_torque_rpm + e.curve_f / e.curve_c;
  EXPECT_NEAR(engine_torque_curve(e, rpm), e.max_torque * std::exp(-1.0), 1e-9);
}

TEST(Drivetrain, LockedClutchTurnsTheEngineWithTheWheels) {
  CarSpec spec = test::shipped_car("sedan");
  spec.gearbox.automatic = false;  // hold third: the automatic would pick its own gear
  Drivetrain d(spec);
  d.set_gear(3);
  const double omega = 60.0;  // rad/s at the wheels
  Controls c;
  c.throttle = 0.5;
  d.step(c, c.throttle, omega, omega * spec.tyre.radius, 1.0 / 240.0);
  const double expected = rads_to_rpm(omega) * spec.gearbox.ratios[2] * spec.gearbox.final_drive;
  EXPECT_NEAR(d.state().rpm, expected, 0.01 * expected);
}

TEST(Drivetrain, OpenClutchRevsFreelyWithThrottle) {
  CarSpec spec = test::shipped_car("sedan");
  spec.gearbox.automatic = false;  // stay in neutral (the automatic would pick a gear)
  Drivetrain d(spec);
  d.set_gear(0);
  Controls c;
  c.throttle = 1.0;
  const double torque = d.step(c, 1.0, 0.0, 0.0, 1.0 / 240.0);
  EXPECT_NEAR(d.state().rpm, spec.engine.max_rpm, 1e-9);  // neutral: rpm_free = max at full throttle
  EXPECT_EQ(torque, 0.0);                                 // and nothing reaches the wheels
}

TEST(Drivetrain, AutomaticShiftsAtMostOncePerIntervalAndDoesNotHunt) {
  const CarSpec spec = test::shipped_car("hatchback");
  Drivetrain d(spec);
  d.set_gear(2);
  const double dt = 1.0 / 240.0;
  Controls c;
  c.throttle = 1.0;
  // Wheel speed sweeping up and down through both shift points: count shifts and check gaps.
  double last_shift = -1e9;
  int shifts = 0;
  for (int i = 0; i < 240 * 20; ++i) {
    const double t = i * dt;
    const double omega = 40.0 + 30.0 * std::sin(t * 1.3);
    d.step(c, 1.0, omega, omega * spec.tyre.radius, dt);
    if (d.state().shifted_this_step) {
      EXPECT_GE(t - last_shift, spec.gearbox.min_shift_interval_s - 1e-9);
      last_shift = t;
      ++shifts;
    }
  }
  EXPECT_GT(shifts, 2);
  EXPECT_LT(shifts, 20);
}

TEST(Drivetrain, DownshiftRequestAtStandstillSelectsReverse) {
  const CarSpec spec = test::shipped_car("sedan");
  Drivetrain d(spec);
  Controls c;
  c.shift = ShiftRequest::Down;
  d.step(c, 0.0, 0.0, 0.0, 1.0 / 240.0);
  EXPECT_EQ(d.state().gear, -1);
  EXPECT_LT(d.overall_ratio(-1), 0.0);
  c.shift = ShiftRequest::Up;
  d.step(c, 0.0, 0.0, 0.0, 1.0 / 240.0);
  EXPECT_EQ(d.state().gear, 1);
}

TEST(Drivetrain, ManualBoxFollowsRequestsThroughNeutral) {
  CarSpec spec = test::shipped_car("sedan");
  spec.gearbox.automatic = false;
  Drivetrain d(spec);
  Controls c;
  c.shift = ShiftRequest::Down;
  d.step(c, 0.0, 0.0, 0.0, 1.0 / 240.0);
  EXPECT_EQ(d.state().gear, 0);
  d.step(c, 0.0, 0.0, 0.0, 1.0 / 240.0);
  EXPECT_EQ(d.state().gear, -1);
  c.clutch = 1.0;  // pedal down: no drive even in gear
  c.shift = ShiftRequest::None;
  for (int i = 0; i < 240; ++i) d.step(c, 1.0, 0.0, 0.0, 1.0 / 240.0);
  EXPECT_EQ(d.state().engagement, 0.0);
}

}  // namespace
}  // namespace racer

namespace racer {
namespace {

TEST(Drivetrain, ManualBoxRefusesReverseAtSpeedAndOverRevvingDownshifts) {
  CarSpec spec = test::shipped_car("sedan");
  spec.gearbox.automatic = false;
  Drivetrain d(spec);
  d.set_gear(0);
  Controls down;
  down.shift = ShiftRequest::Down;
  d.step(down, 0.0, 60.0, 20.0, 1.0 / 240.0);  // rolling at 20 m/s: no reverse
  EXPECT_EQ(d.state().gear, 0);
  d.set_gear(3);
  // 110 rad/s at the wheels in 2nd would be past the limiter: refused.
  const double omega = 110.0;
  ASSERT_GT(d.drivetrain_rpm(2, omega), spec.engine.max_rpm);
  d.step(down, 0.0, omega, omega * spec.tyre.radius, 1.0 / 240.0);
  EXPECT_EQ(d.state().gear, 3);
}

TEST(Drivetrain, AutomaticLeftInNeutralPicksAGearForTheSpeed) {
  const CarSpec spec = test::shipped_car("sedan");
  Drivetrain d(spec);
  d.set_gear(0);
  Controls c;
  c.throttle = 0.5;
  const double omega = 60.0;  // ~20 m/s
  d.step(c, c.throttle, omega, omega * spec.tyre.radius, 1.0 / 240.0);
  ASSERT_GE(d.state().gear, 2);
  EXPECT_LT(d.drivetrain_rpm(d.state().gear, omega), spec.gearbox.shift_up_rpm);
  EXPECT_GT(d.drivetrain_rpm(d.state().gear, omega), spec.engine.idle_rpm);
}

}  // namespace
}  // namespace racer
