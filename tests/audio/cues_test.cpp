// Sound cues from car states: gear changes and collisions become events; hard braking,
// resets and gaps do not.
#include "audio/cues.h"

#include <gtest/gtest.h>

#include <vector>

namespace racer::audio {
namespace {

constexpr double kFrame = 1.0 / 60.0;

CarCueState state(double t, Vec2 v, int gear = 2, Vec2 pos = {}) {
  CarCueState s;
  s.id = 0;
  s.gear = gear;
  s.position = pos;
  s.velocity = v;
  s.mass = 1200.0;
  s.time = t;
  return s;
}

TEST(CueDetector, GearChangesBecomeShiftEvents) {
  CueDetector d;
  std::vector<SoundEvent> out;
  d.update(state(0.0, {10.0, 0.0}, 2), out);
  EXPECT_TRUE(out.empty());  // the first state only records
  d.update(state(kFrame, {10.0, 0.0}, 3, {10.0 * kFrame, 0.0}), out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].kind, SoundEvent::Kind::Shift);
  EXPECT_EQ(out[0].from_gear, 2);
  EXPECT_EQ(out[0].to_gear, 3);
}

TEST(CueDetector, HardBrakingIsNotACrash) {
  CueDetector d;
  std::vector<SoundEvent> out;
  // 1.5 g of braking for a second, sampled each frame.
  double v = 30.0, x = 0.0;
  for (int i = 0; i <= 60; ++i) {
    d.update(state(i * kFrame, {v, 0.0}, 3, {x, 0.0}), out);
    x += v * kFrame;
    v -= 1.5 * 9.81 * kFrame;
  }
  EXPECT_TRUE(out.empty());
}

// Stopping from 12 m/s in one frame against a wall: the impulse is the mass times the
// velocity change beyond what tyres could have done in that frame (25 m/s^2 x dt).
TEST(CueDetector, ACrashBecomesAnImpactWithItsImpulse) {
  CueDetector d;
  std::vector<SoundEvent> out;
  d.update(state(0.0, {12.0, 0.0}), out);
  d.update(state(kFrame, {-1.0, 0.5}, 2, {0.1, 0.0}), out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].kind, SoundEvent::Kind::Impact);
  const double dv = std::hypot(13.0, 0.5);
  EXPECT_NEAR(out[0].impulse, 1200.0 * (dv - 25.0 * kFrame), 1e-9);
}

TEST(CueDetector, ResetsGapsAndRepeatsAreNotCrashes) {
  CueDetector d;
  std::vector<SoundEvent> out;
  d.update(state(0.0, {40.0, 0.0}), out);
  // Car reset: back at the start at rest, 300 m away, one frame later.
  d.update(state(kFrame, {0.0, 0.0}, 1, {-300.0, 0.0}), out);
  EXPECT_TRUE(out.empty());
  // Same simulated time again (a frame without a step): nothing new, even with a new gear.
  d.update(state(kFrame, {0.0, 0.0}, 2, {-300.0, 0.0}), out);
  EXPECT_TRUE(out.empty());
  // A long gap (pause) with a big velocity change: starts over.
  d.update(state(5.0, {30.0, 0.0}, 1, {-300.0, 0.0}), out);
  EXPECT_TRUE(out.empty());
  // Time going back (a new world): starts over.
  d.update(state(0.0, {0.0, 0.0}, 1), out);
  EXPECT_TRUE(out.empty());
}

TEST(CueDetector, CarsAreTrackedSeparately) {
  CueDetector d;
  std::vector<SoundEvent> out;
  CarCueState a = state(0.0, {10.0, 0.0}, 2), b = state(0.0, {10.0, 0.0}, 4);
  b.id = 5;
  d.update(a, out);
  d.update(b, out);
  a.time = b.time = kFrame;
  a.gear = 3;  // only car 0 shifts
  d.update(a, out);
  d.update(b, out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].car, 0);
  d.reset();
  a.gear = 4;
  a.time = 2 * kFrame;
  d.update(a, out);  // forgotten: recorded again, no event
  EXPECT_EQ(out.size(), 1u);
}

}  // namespace
}  // namespace racer::audio
