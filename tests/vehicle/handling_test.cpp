// The car's balance from its data (vehicle/handling.h and the causes in car.cpp): the
// steering's compliance under the aligning torque, the pneumatic trail, the roll stiffness
// split and the tyres' relaxation, each measured on the proving ground.
#include <gtest/gtest.h>

#include <box2d/box2d.h>

#include <cmath>

#include "core/math.h"
#include "sim/proving_ground.h"
#include "sim/world.h"
#include "test_cars.h"
#include "track/test_ground.h"
#include "vehicle/car.h"
#include "vehicle/handling.h"

namespace racer {
namespace {

const UniformSurface kAsphalt(Surface::Asphalt);
constexpr double kRate = 120.0;  // Hz: the yaw test settles the same at any rate (car_test's time-step tests)

// A shipped car with its rear_cornering_factor replaced by causes a modeller would give a
// road car: trails of a passenger tyre and a strut, a steering of 400 N·m/deg at the road
// wheels, a rear axle that toes 0.3 deg/kN towards its force, tyres relaxing over 0.45 m.
CarSpec on_causes(const char* name) {
  CarSpec c = test::shipped_car(name);
  c.tyre.rear_cornering_factor = 1.0;
  c.tyre.pneumatic_trail = 0.03;
  c.tyre.relaxation_length = 0.45;
  c.steering.caster_trail = 0.025;
  c.steering.stiffness = rad_to_deg(400.0);  // N·m/deg -> N·m/rad
  c.suspension.rear_compliance_steer = deg_to_rad(0.3) / 1000.0;
  return c;
}

double predicted_deg_per_g(const CarSpec& spec) {
  return rad_to_deg(linear_handling(spec).understeer_gradient * kGravity);
}

// 20 m/s and 0.05 of lock: 0.2-0.35 g, inside the tyres' linear range.
double measured_deg_per_g(const CarSpec& spec) { return run_yaw(spec, kRate, 20.0, 0.05).understeer_gradient_deg_per_g; }

TEST(Handling, TheLinearModelPredictsEachCarsGradient) {
  for (const char* name : {"hatchback", "sedan", "racer", "mx5_nd", "golf_gti_mk7"}) {
    for (CarSpec spec : {test::shipped_car(name), on_causes(name)}) {
      // The MX-5's limited-slip differential holds its rear wheels together: a yaw moment
      // against the turn that the bicycle model has no term for (0.4 deg/g more at 20 m/s).
      spec.drive.rear_diff = DiffSpec{};
      const double predicted = predicted_deg_per_g(spec), measured = measured_deg_per_g(spec);
      // 0.25 deg/g: what the bicycle model leaves out (load transfer on load-sensitive
      // tyres, the Ackermann split, the drive force's share of the tyres) is worth up to a
      // quarter of a degree per g at these accelerations; every one of them understeers.
      EXPECT_NEAR(measured, predicted, 0.25) << name << " factor " << spec.tyre.rear_cornering_factor;
      EXPECT_GT(measured, 0.2) << name;
    }
  }
}

TEST(Handling, ASoftSteeringSettlesAlikeAtEveryStepRate) {
  // The compliance is solved with the moment's slope each step: a steering four times
  // softer than the road cars' gives the same turn at 60 Hz as at 240 Hz (no chatter).
  CarSpec soft = on_causes("sedan");
  soft.steering.stiffness = rad_to_deg(100.0);
  const double k60 = run_yaw(soft, 60.0, 20.0, 0.05).understeer_gradient_deg_per_g;
  const double k240 = run_yaw(soft, 240.0, 20.0, 0.05).understeer_gradient_deg_per_g;
  EXPECT_GT(k240, 2.0);  // it is soft: several degrees per g
  EXPECT_NEAR(k60, k240, 0.02 * k240);  // 2%: the shipped cars' 0-100 km/h agree to 0.25% across rates
}

TEST(Handling, ARearAxleThatToesTowardsItsForceUndersteers) {
  CarSpec plain = on_causes("hatchback");
  plain.suspension.rear_compliance_steer = 0.0;
  const CarSpec toeing = on_causes("hatchback");
  const double m_plain = measured_deg_per_g(plain), m_toeing = measured_deg_per_g(toeing);
  const double p_change = predicted_deg_per_g(toeing) - predicted_deg_per_g(plain);
  EXPECT_GT(p_change, 0.2);
  EXPECT_NEAR(m_toeing - m_plain, p_change, 0.15 * p_change);  // 15%: as for the steering
}

TEST(Handling, ASofterSteeringUndersteersMoreByWhatTheModelSays) {
  const CarSpec stiff = on_causes("hatchback");
  CarSpec soft = stiff;
  soft.steering.stiffness *= 0.5;
  CarSpec rigid = stiff;
  rigid.steering.stiffness = 0.0;
  const double m_stiff = measured_deg_per_g(stiff), m_soft = measured_deg_per_g(soft), m_rigid = measured_deg_per_g(rigid);
  EXPECT_GT(m_soft, m_stiff + 0.3);
  EXPECT_GT(m_stiff, m_rigid + 0.3);
  // The change, not the level: the model's other omissions cancel. 15%: the compliance
  // acts on the measured front force, which load transfer makes a little unlike the model's.
  const double p_change = predicted_deg_per_g(soft) - predicted_deg_per_g(stiff);
  EXPECT_NEAR(m_soft - m_stiff, p_change, 0.15 * p_change);
  // No compliance at rest: the commanded angle is the wheels' angle.
  EXPECT_EQ(linear_handling(rigid).compliance, 0.0);
}

TEST(Handling, PneumaticTrailMovesTheBalanceTowardsUndersteer) {
  CarSpec spec = test::reference_sedan();
  spec.steering.stiffness = 0.0;  // the trail's own effect, through the yaw moment only
  spec.tyre.pneumatic_trail = 0.0;
  CarSpec trail = spec;
  trail.tyre.pneumatic_trail = 0.05;
  const double m0 = measured_deg_per_g(spec), m1 = measured_deg_per_g(trail);
  const double p_change = predicted_deg_per_g(trail) - predicted_deg_per_g(spec);
  EXPECT_GT(p_change, 0.1);
  EXPECT_NEAR(m1 - m0, p_change, 0.25 * p_change);
}

TEST(Handling, PneumaticTrailFallsToNothingAtThePeakSlipAngle) {
  TyreSpec t;
  t.pneumatic_trail = 0.04;
  EXPECT_DOUBLE_EQ(pneumatic_trail(t, 0.0, 0.1), 0.04);
  EXPECT_DOUBLE_EQ(pneumatic_trail(t, -0.05, 0.1), 0.02);
  EXPECT_DOUBLE_EQ(pneumatic_trail(t, 0.1, 0.1), 0.0);
  EXPECT_DOUBLE_EQ(pneumatic_trail(t, 0.3, 0.1), 0.0);  // sliding: the force at the patch's centre
  t.pneumatic_trail = 0.0;
  EXPECT_DOUBLE_EQ(pneumatic_trail(t, 0.0, 0.1), 0.0);
}

TEST(Handling, MoreFrontRollStiffnessUndersteersNearTheLimit) {
  // Near the limit (20 m/s, 0.1 of lock: about 0.8 g) the axle that takes more of the load
  // transfer loses more grip on load-sensitive tyres.
  CarSpec front = test::shipped_car("sedan");
  front.suspension.front_antiroll = 40000.0;
  front.suspension.rear_antiroll = 5000.0;
  CarSpec rear = front;
  std::swap(rear.suspension.front_antiroll, rear.suspension.rear_antiroll);
  const double k_front = run_yaw(front, kRate, 20.0, 0.1).understeer_gradient_deg_per_g;
  const double k_rear = run_yaw(rear, kRate, 20.0, 0.1).understeer_gradient_deg_per_g;
  // 0.1 deg/g: the runs are deterministic, the whole difference is the roll stiffness split.
  EXPECT_GT(k_front, k_rear + 0.1) << k_front << " " << k_rear;
  // The linear model does not see it: the split matters only through the load transfer.
  EXPECT_DOUBLE_EQ(predicted_deg_per_g(front), predicted_deg_per_g(rear));
}

// ---------------------------------------------------------------- relaxation

// Rolling straight at `speed` (m/s), then a step of steer: the front tyres' lateral force
// (N) and the yaw rate (rad/s) a time `t` (s) later.
struct StepResponse {
  double front_force = 0.0, yaw_rate = 0.0;
};
StepResponse after_a_steer_step(const CarSpec& spec, double speed, double t) {
  World world(kAsphalt, {240.0});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& car = world.car(0);
  car.place({0.0, 0.0}, 0.0, speed);
  Controls c;
  c.steer = 0.05;
  while (world.time() < t) world.step(std::span<const Controls>(&c, 1));
  return {car.wheel(kFrontLeft).fy + car.wheel(kFrontRight).fy, car.yaw_rate()};
}

TEST(Handling, TheTyresForceBuildsUpOverItsRelaxationLength) {
  CarSpec spec = test::shipped_car("hatchback");
  spec.tyre.relaxation_length = 0.5;
  World world(kAsphalt, {240.0});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& car = world.car(0);
  car.place({0.0, 0.0}, 0.0, 20.0);
  Controls c;
  c.steer = 0.05;
  world.step(std::span<const Controls>(&c, 1));
  // One step of 1/240 s at 20 m/s rolls 0.083 m: the tyre takes 1 - exp(-0.083 / 0.5) of
  // the new slip angle. 1e-3: the contact's speed is a hair off 20 m/s after the step.
  const WheelState& w = car.wheel(kFrontLeft);
  const double share = 1.0 - std::exp(-20.0 / 240.0 / 0.5);
  EXPECT_NEAR(w.tyre_slip_angle / w.slip_angle, share, 1e-3);
  // Without a relaxation length the tyre answers at once.
  spec.tyre.relaxation_length = 0.0;
  World now(kAsphalt, {240.0});
  now.add_car(spec, {0.0, 0.0}, 0.0);
  now.car(0).place({0.0, 0.0}, 0.0, 20.0);
  now.step(std::span<const Controls>(&c, 1));
  EXPECT_EQ(now.car(0).wheel(kFrontLeft).tyre_slip_angle, now.car(0).wheel(kFrontLeft).slip_angle);
}

TEST(Handling, ALongerRelaxationLengthSlowsTheTurnIn) {
  CarSpec quick = test::shipped_car("hatchback");
  quick.tyre.relaxation_length = 0.1;
  CarSpec slow = quick;
  slow.tyre.relaxation_length = 1.0;
  // 0.03 s after the step at 20 m/s the 0.1 m tyre has rolled six of its lengths (its force
  // built), the 1 m one 0.6 (about 45% of it).
  const StepResponse f_quick = after_a_steer_step(quick, 20.0, 0.03), f_slow = after_a_steer_step(slow, 20.0, 0.03);
  EXPECT_GT(f_quick.front_force, 0.0);
  EXPECT_LT(f_slow.front_force, 0.7 * f_quick.front_force) << f_slow.front_force << " " << f_quick.front_force;
  // Both settle on the same turn: the lag changes the transient, not the balance (1%: the
  // speed held differs by as much after the two transients).
  const double s_quick = after_a_steer_step(quick, 20.0, 4.0).yaw_rate, s_slow = after_a_steer_step(slow, 20.0, 4.0).yaw_rate;
  EXPECT_NEAR(s_slow, s_quick, 0.01 * s_quick);
}

}  // namespace
}  // namespace racer
