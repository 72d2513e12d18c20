// Binding capture: an axis is taken for moving away from its own rest value, never for
// resting away from zero (SDL triggers rest at -1); buttons held when capture starts wait
// for their release.
#include "game/axis_capture.h"

#include <gtest/gtest.h>

#include <array>

namespace racer {
namespace {

constexpr double kDt = 1.0 / 60.0;  // one sample per frame
// SDL GameController axis order: leftx, lefty, rightx, righty, lefttrigger, righttrigger.
constexpr int kLeftX = 0, kLeftTrigger = 4, kRightTrigger = 5;
using Axes = std::array<double, 6>;

/// Feeds `axes` for `seconds` and returns the last result.
std::optional<CapturedAxis> feed(AxisCapture& c, const Axes& axes, double seconds) {
  std::optional<CapturedAxis> r;
  for (int i = 0; i < static_cast<int>(seconds / kDt + 0.5); ++i) r = c.update(axes, kDt);
  return r;
}

/// Both triggers released, as raw SDL joystick drivers report them: -32768 -> -1.
Axes at_rest() {
  Axes a{};
  a[kLeftTrigger] = normalise_axis(-32768);
  a[kRightTrigger] = normalise_axis(-32768);
  return a;
}

TEST(AxisCapture, NormalisesSdlRange) {
  EXPECT_DOUBLE_EQ(normalise_axis(-32768), -1.0) << "clamped: -32768 / 32767 is just below -1";
  EXPECT_DOUBLE_EQ(normalise_axis(32767), 1.0);
  EXPECT_DOUBLE_EQ(normalise_axis(0), 0.0);
}

TEST(AxisCapture, RestingTriggerIsNotCapturedAMovedStickIs) {
  AxisCapture c;
  EXPECT_FALSE(feed(c, at_rest(), 0.3).has_value());
  EXPECT_FALSE(c.resting()) << "0.3 s of samples define the rest values";
  EXPECT_DOUBLE_EQ(c.rest_values()[kLeftTrigger], -1.0);
  // Long at rest: the trigger sits at -1, far from 0, and is still not taken.
  EXPECT_FALSE(feed(c, at_rest(), 2.0).has_value());
  // The stick is pushed left.
  Axes moved = at_rest();
  moved[kLeftX] = -0.3;
  EXPECT_FALSE(feed(c, moved, 0.1).has_value()) << "0.3 from rest is not a clear move (needs > 0.5)";
  moved[kLeftX] = -0.8;
  const std::optional<CapturedAxis> r = c.update(moved, kDt);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, (CapturedAxis{kLeftX, -1}));
  EXPECT_EQ(gamepad_binding_name({GamepadBinding::Kind::Axis, r->axis, r->direction}), "leftx-");
}

TEST(AxisCapture, TriggerPressedFromMinusOneIsCapturedAsPlus) {
  AxisCapture c;
  feed(c, at_rest(), 0.3);
  Axes a = at_rest();
  std::optional<CapturedAxis> r;
  // Squeezed over a few frames: -1 -> +1 (captured once it is more than 0.5 from rest).
  for (const double v : {-0.9, -0.7, -0.45, 0.0, 0.5, 1.0}) {
    a[kRightTrigger] = v;
    r = c.update(a, kDt);
    if (v <= -0.5) {
      EXPECT_FALSE(r.has_value()) << "at " << v << " the trigger moved only " << v + 1.0;
    }
  }
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, (CapturedAxis{kRightTrigger, +1}));
  EXPECT_EQ(gamepad_binding_name({GamepadBinding::Kind::Axis, r->axis, r->direction}), "righttrigger+");
}

TEST(AxisCapture, NothingIsTakenWhileSamplingRestOrForNoise) {
  AxisCapture c;
  Axes a = at_rest();
  a[kLeftX] = 1.0;  // even a full deflection during the rest window is only a rest value
  EXPECT_FALSE(c.update(a, kDt).has_value());
  EXPECT_TRUE(c.resting());
  c.restart();
  feed(c, at_rest(), 0.3);
  // Stick noise of +-0.2 around centre for a second.
  for (int i = 0; i < 60; ++i) {
    Axes n = at_rest();
    n[kLeftX] = (i % 2 == 0) ? 0.2 : -0.2;
    n[kLeftTrigger] = -1.0 + 0.1 * (i % 3);
    EXPECT_FALSE(c.update(n, kDt).has_value()) << "noise at sample " << i;
  }
}

TEST(AxisCapture, TheAxisThatMovedFurthestWins) {
  AxisCapture c;
  feed(c, at_rest(), 0.3);
  Axes a = at_rest();
  a[kLeftX] = 0.6;            // moved 0.6
  a[kLeftTrigger] = 0.2;      // moved 1.2 from -1
  const std::optional<CapturedAxis> r = c.update(a, kDt);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, (CapturedAxis{kLeftTrigger, +1}));
  EXPECT_EQ(c.update(at_rest(), kDt), r) << "kept until restart";
}

TEST(AxisCapture, AnotherPadRestartsTheRestSampling) {
  AxisCapture c;
  feed(c, at_rest(), 0.3);
  ASSERT_FALSE(c.resting());
  const std::array<double, 4> other{0.0, 0.0, 0.0, 0.9};
  EXPECT_FALSE(c.update(other, kDt).has_value()) << "new axis count: these are rest values";
  EXPECT_TRUE(c.resting());
}

TEST(ButtonCapture, HeldButtonWaitsForReleaseNewPressIsTaken) {
  ButtonCapture c;
  std::array<bool, 21> b{};
  b[0] = true;  // A: the button that opened the bindings menu, still held
  EXPECT_FALSE(c.update(b).has_value());
  EXPECT_FALSE(c.update(b).has_value()) << "A is still the same press";
  b[6] = true;  // Start pressed
  EXPECT_EQ(c.update(b), 6);
  c.restart();
  EXPECT_FALSE(c.update(b).has_value());
  b[0] = false;
  b[6] = false;
  EXPECT_FALSE(c.update(b).has_value());
  b[0] = true;  // A pressed again after release: a new press
  EXPECT_EQ(c.update(b), 0);
}

TEST(GamepadCapture, GivesABindingForButtonOrAxis) {
  GamepadCapture c;
  std::array<bool, 21> buttons{};
  const Axes rest = at_rest();
  for (int i = 0; i < 30; ++i) ASSERT_FALSE(c.update(rest, buttons, kDt).has_value());
  buttons[10] = true;  // right shoulder
  const auto r = c.update(rest, buttons, kDt);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(gamepad_binding_name(*r), "rightshoulder");

  c.restart();
  buttons = {};
  for (int i = 0; i < 30; ++i) c.update(rest, buttons, kDt);
  Axes pressed = rest;
  pressed[kLeftTrigger] = 1.0;
  const auto t = c.update(pressed, buttons, kDt);
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(gamepad_binding_name(*t), "lefttrigger+");
}

}  // namespace
}  // namespace racer
