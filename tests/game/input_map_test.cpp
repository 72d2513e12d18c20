// InputMapper: keyboard steering ramp and speed sensitivity, analogue steering, deadzone,
// and the automatic gearbox's brake-to-reverse logic.
#include "game/input_map.h"

#include <gtest/gtest.h>

#include <cmath>

namespace racer {
namespace {

constexpr double kDt = 1.0 / 240.0;

/// Runs `steps` updates with the same input and returns the last controls.
Controls hold(InputMapper& m, const InputState& in, const DriveContext& ctx, int steps) {
  Controls c;
  for (int i = 0; i < steps; ++i) c = m.update(in, ctx, kDt);
  return c;
}

TEST(InputMap, KeyboardSteerRampsUpAtTheRiseRate) {
  InputMapper m;
  InputState in;
  in.steer_left = true;
  const DriveContext stopped{0.0, 1};
  // Half the rise time gives half lock (at standstill full lock is available).
  const int half = static_cast<int>(0.5 * m.config().steer_rise_s / kDt);
  Controls c = hold(m, in, stopped, half);
  EXPECT_NEAR(c.steer, 0.5, 0.02) << "linear ramp: half way after half the rise time";
  c = hold(m, in, stopped, half + 2);
  EXPECT_DOUBLE_EQ(c.steer, 1.0) << "full lock after the rise time";
}

TEST(InputMap, KeyboardSteerReturnsToCentreFasterThanItRises) {
  InputMapper m;
  InputState in;
  in.steer_right = true;
  const DriveContext stopped{0.0, 1};
  EXPECT_DOUBLE_EQ(hold(m, in, stopped, 100).steer, -1.0);
  in.steer_right = false;
  const int return_steps = static_cast<int>(m.config().steer_return_s / kDt) + 1;
  ASSERT_LT(m.config().steer_return_s, m.config().steer_rise_s);
  EXPECT_DOUBLE_EQ(hold(m, in, stopped, return_steps).steer, 0.0) << "centred within the return time";
}

TEST(InputMap, KeyboardSteerSwitchingSidesPassesThroughCentre) {
  InputMapper m;
  InputState in;
  in.steer_left = true;
  const DriveContext stopped{0.0, 1};
  hold(m, in, stopped, 100);
  in.steer_left = false;
  in.steer_right = true;
  const Controls c = m.update(in, stopped, kDt);
  EXPECT_GT(c.steer, 0.9) << "one step later the wheel is still left of centre, no jump";
  EXPECT_LT(hold(m, in, stopped, 100).steer, -0.99);
}

TEST(InputMap, KeyboardLockShrinksSmoothlyWithSpeed) {
  const InputMapConfig cfg;
  EXPECT_DOUBLE_EQ(keyboard_lock_limit(0.0, cfg), 1.0);
  EXPECT_NEAR(keyboard_lock_limit(50.0, cfg), 0.35, 1e-12);
  EXPECT_NEAR(keyboard_lock_limit(80.0, cfg), 0.35, 1e-12) << "no less than the minimum";
  EXPECT_DOUBLE_EQ(keyboard_lock_limit(-20.0, cfg), keyboard_lock_limit(20.0, cfg));
  double prev = 1.0;
  for (double v = 0.5; v <= 50.0; v += 0.5) {  // monotonic, no jumps
    const double limit = keyboard_lock_limit(v, cfg);
    EXPECT_LE(limit, prev);
    EXPECT_LT(prev - limit, 0.02) << "smooth at " << v << " m/s";
    prev = limit;
  }

  InputMapper m;
  InputState in;
  in.steer_left = true;
  EXPECT_NEAR(hold(m, in, {50.0, 5}, 200).steer, 0.35, 1e-9) << "full key press at 50 m/s";
  m.reset();
  EXPECT_DOUBLE_EQ(hold(m, in, {0.0, 1}, 200).steer, 1.0) << "full lock at standstill";
}

TEST(InputMap, AnalogStickSteersDirectlyWithoutRateLimitOrSpeedLimit) {
  InputMapper m;
  InputState in;
  in.has_analog = true;
  in.analog_steer = 1.0;
  EXPECT_DOUBLE_EQ(m.update(in, {50.0, 5}, kDt).steer, 1.0) << "first step, at speed";
  in.analog_steer = -1.0;
  EXPECT_DOUBLE_EQ(m.update(in, {50.0, 5}, kDt).steer, -1.0);
  in.analog_steer = -0.6;
  const double dz = m.config().stick_deadzone;
  EXPECT_NEAR(m.update(in, {10.0, 2}, kDt).steer, -(0.6 - dz) / (1.0 - dz), 1e-12);
}

TEST(InputMap, LettingGoOfTheStickSteersStraightAtOnce) {
  // The stick jumps back to centre between two samples (a released spring-loaded stick):
  // the wheels follow it at once, with no keyboard return ramp and no jump to a
  // speed-limited fraction of the old angle.
  InputMapper m;
  InputState in;
  in.has_analog = true;
  in.analog_steer = -0.8;
  const DriveContext fast{30.0, 4};
  ASSERT_LT(m.update(in, fast, kDt).steer, -0.7);
  in.analog_steer = 0.0;
  EXPECT_DOUBLE_EQ(m.update(in, fast, kDt).steer, 0.0);
  // A steer key afterwards ramps from straight as usual.
  in.steer_left = true;
  const Controls c = m.update(in, fast, kDt);
  EXPECT_GT(c.steer, 0.0);
  EXPECT_LT(c.steer, 0.1);
  // And releasing the key (the stick still centred) uses the keyboard's return ramp.
  hold(m, in, fast, 100);
  in.steer_left = false;
  const double held = m.update(in, fast, kDt).steer;
  EXPECT_GT(held, 0.0) << "keys centre at their return rate, not at once";
}

TEST(InputMap, DeadzoneIgnoresSmallStickAndRescales) {
  EXPECT_DOUBLE_EQ(apply_deadzone(0.1, 0.15), 0.0);
  EXPECT_DOUBLE_EQ(apply_deadzone(-0.15, 0.15), 0.0);
  EXPECT_DOUBLE_EQ(apply_deadzone(1.0, 0.15), 1.0);
  EXPECT_DOUBLE_EQ(apply_deadzone(-1.0, 0.15), -1.0);
  EXPECT_NEAR(apply_deadzone(0.575, 0.15), 0.5, 1e-12) << "half way through the live range";

  // Inside the deadzone the keys steer; the deadzone is settable.
  InputMapper m;
  InputState in;
  in.has_analog = true;
  in.analog_steer = 0.1;
  in.steer_right = true;
  EXPECT_LT(hold(m, in, {0.0, 1}, 100).steer, -0.99) << "stick resting: keys drive";
  m.set_stick_deadzone(0.05);
  in.steer_right = false;
  EXPECT_NEAR(m.update(in, {0.0, 1}, kDt).steer, 0.05 / 0.95, 1e-12) << "smaller deadzone";
}

TEST(InputMap, PedalsFromKeysAndTriggers) {
  InputMapper m;
  InputState in;
  in.throttle_key = true;
  Controls c = m.update(in, {10.0, 2}, kDt);
  EXPECT_DOUBLE_EQ(c.throttle, 1.0);
  EXPECT_DOUBLE_EQ(c.brake, 0.0);
  in = {};
  in.has_analog = true;
  in.analog_brake = 1.0;
  in.handbrake_key = true;
  c = m.update(in, {10.0, 2}, kDt);
  EXPECT_DOUBLE_EQ(c.brake, 1.0);
  EXPECT_TRUE(c.handbrake);
  EXPECT_EQ(c.shift, ShiftRequest::None) << "braking while moving never asks for reverse";
}

TEST(InputMap, HoldingBrakeAtStandstillRequestsReverseOnce) {
  InputMapper m;
  InputState in;
  in.brake_key = true;
  const DriveContext stopped{0.0, 1};
  const int hold_steps = static_cast<int>(std::lround(m.config().reverse_hold_s / kDt));
  for (int i = 0; i < hold_steps - 1; ++i) {
    const Controls c = m.update(in, stopped, kDt);
    ASSERT_EQ(c.shift, ShiftRequest::None) << "too early at step " << i;
    EXPECT_DOUBLE_EQ(c.brake, 1.0) << "the car is held while waiting";
  }
  EXPECT_EQ(m.update(in, stopped, kDt).shift, ShiftRequest::Down) << "after the hold time";
  EXPECT_EQ(m.update(in, stopped, kDt).shift, ShiftRequest::None) << "an edge, not a level";

  // Neutral selects reverse the same way; moving does not.
  InputMapper n;
  EXPECT_EQ(hold(n, in, {0.0, 0}, hold_steps).shift, ShiftRequest::Down);
  InputMapper moving;
  for (int i = 0; i < 3 * hold_steps; ++i)
    ASSERT_EQ(moving.update(in, {5.0, 1}, kDt).shift, ShiftRequest::None);
}

TEST(InputMap, InReverseThePedalsSwapAndThrottleAtStandstillSelectsForward) {
  InputMapper m;
  InputState in;
  in.brake_key = true;
  Controls c = m.update(in, {-3.0, -1}, kDt);
  EXPECT_DOUBLE_EQ(c.throttle, 1.0) << "brake key drives backwards";
  EXPECT_DOUBLE_EQ(c.brake, 0.0);

  in = {};
  in.throttle_key = true;
  c = m.update(in, {-3.0, -1}, kDt);
  EXPECT_DOUBLE_EQ(c.brake, 1.0) << "throttle brakes while reversing";
  EXPECT_DOUBLE_EQ(c.throttle, 0.0);
  EXPECT_EQ(c.shift, ShiftRequest::None) << "still rolling backwards";

  const int hold_steps = static_cast<int>(std::lround(m.config().reverse_hold_s / kDt));
  EXPECT_EQ(hold(m, in, {0.0, -1}, hold_steps).shift, ShiftRequest::Up) << "stopped: go forward";

  // Holding the brake key in reverse at standstill just drives backwards, no request.
  InputMapper r;
  in = {};
  in.brake_key = true;
  for (int i = 0; i < 3 * hold_steps; ++i) ASSERT_EQ(r.update(in, {0.0, -1}, kDt).shift, ShiftRequest::None);
}

TEST(InputMap, ExplicitShiftEdgesWin) {
  InputMapper m;
  InputState in;
  in.shift_up = true;
  EXPECT_EQ(m.update(in, {10.0, 2}, kDt).shift, ShiftRequest::Up);
  in.shift_up = false;
  in.shift_down = true;
  EXPECT_EQ(m.update(in, {10.0, 2}, kDt).shift, ShiftRequest::Down);
  in.shift_down = false;
  EXPECT_EQ(m.update(in, {10.0, 2}, kDt).shift, ShiftRequest::None);
}

TEST(InputMap, ManualBoxNeverShiftsOnTheDriversBehalf) {
  InputMapper m;
  const int hold_steps = static_cast<int>(std::lround(m.config().reverse_hold_s / kDt));
  InputState in;
  in.brake_key = true;
  DriveContext ctx{0.0, 1, true};
  for (int i = 0; i < 4 * hold_steps; ++i) {
    const Controls c = m.update(in, ctx, kDt);
    ASSERT_EQ(c.shift, ShiftRequest::None) << "no brake-to-reverse with a manual box, step " << i;
    ASSERT_DOUBLE_EQ(c.brake, 1.0);
  }
  // Neutral and reverse at standstill: neither pedal asks for a gear either.
  in = {};
  in.throttle_key = true;
  for (int gear : {0, -1}) {
    ctx.gear = gear;
    for (int i = 0; i < 4 * hold_steps; ++i) ASSERT_EQ(m.update(in, ctx, kDt).shift, ShiftRequest::None);
  }
  // A half-held brake in automatic mode is reset when the box turns manual: switching
  // back does not fire a request left over from before.
  InputMapper a;
  in = {};
  in.brake_key = true;
  hold(a, in, {0.0, 1}, hold_steps - 1);
  a.update(in, {0.0, 1, true}, kDt);
  EXPECT_EQ(a.update(in, {0.0, 1}, kDt).shift, ShiftRequest::None) << "the hold starts again";
}

TEST(InputMap, ManualBoxKeepsThePedalsInReverse) {
  InputMapper m;
  InputState in;
  in.throttle_key = true;
  Controls c = m.update(in, {-2.0, -1, true}, kDt);
  EXPECT_DOUBLE_EQ(c.throttle, 1.0) << "throttle drives the reverse gear";
  EXPECT_DOUBLE_EQ(c.brake, 0.0);
  in = {};
  in.has_analog = true;
  in.analog_brake = 1.0;
  c = m.update(in, {-2.0, -1, true}, kDt);
  EXPECT_DOUBLE_EQ(c.brake, 1.0) << "brake brakes";
  EXPECT_DOUBLE_EQ(c.throttle, 0.0);
}

TEST(InputMap, ManualBoxPassesTheDriversShiftEdges) {
  InputMapper m;
  InputState in;
  in.shift_down = true;
  EXPECT_EQ(m.update(in, {0.0, 1, true}, kDt).shift, ShiftRequest::Down) << "1 -> N";
  EXPECT_EQ(m.update(in, {0.0, 0, true}, kDt).shift, ShiftRequest::Down) << "N -> R";
  in.shift_down = false;
  in.shift_up = true;
  EXPECT_EQ(m.update(in, {20.0, 3, true}, kDt).shift, ShiftRequest::Up);
  in.shift_up = false;
  EXPECT_EQ(m.update(in, {20.0, 3, true}, kDt).shift, ShiftRequest::None) << "edges only";
}

TEST(InputMap, AutomaticBoxInNeutralSelectsFirstWithTheThrottle) {
  // A manual box may leave the car in neutral; after switching to automatic, holding the
  // throttle at standstill selects first (and the brake still selects reverse).
  InputMapper m;
  InputState in;
  in.throttle_key = true;
  const int hold_steps = static_cast<int>(std::lround(m.config().reverse_hold_s / kDt));
  EXPECT_EQ(hold(m, in, {0.0, 0}, hold_steps).shift, ShiftRequest::Up);
  InputMapper rolling;
  for (int i = 0; i < 3 * hold_steps; ++i) ASSERT_EQ(rolling.update(in, {4.0, 0}, kDt).shift, ShiftRequest::None);
}

}  // namespace
}  // namespace racer
