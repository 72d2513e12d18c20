// The audio device end to end through SDL with the dummy driver (SDL_AUDIODRIVER=dummy,
// no sound card needed): it opens, the callback really mixes, parameters and events can be
// pushed from the game thread at any time; with no usable driver the game goes on silent.
// Plus car_sound(): what a car's snapshot turns into.
#include "platform/audio_out.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "sim/world.h"
#include "test_paths.h"
#include "track/test_ground.h"

namespace racer {
namespace {

/// Waits (up to 2 s of wall time: the dummy driver paces callbacks in real time) until the
/// callback has mixed `frames`.
bool wait_for_frames(const AudioOut& out, std::int64_t frames) {
  for (int i = 0; i < 200 && out.frames_mixed() < frames; ++i) SDL_Delay(10);
  return out.frames_mixed() >= frames;
}

class AudioOutTest : public ::testing::Test {
 protected:
  void SetUp() override { setenv("SDL_AUDIODRIVER", "dummy", 1); }  // also set by ctest
};

TEST_F(AudioOutTest, OpensTheDummyDeviceAndMixes) {
  AudioOut out;
  ASSERT_TRUE(out.ok()) << out.error();
  EXPECT_GT(out.sample_rate(), 0);
  audio::CarSound car;
  car.position = {10.0, 0.0};
  car.engine = {3000.0, 0.5, 4};
  car.squeal = {0.4, 8.0};
  out.set_volumes({0.5, 1.0, 1.0});
  for (int i = 0; i < 20; ++i) {  // the game thread pushing while the callback runs
    car.engine.rpm += 100.0;
    out.update({car}, audio::Listener{});
    out.post({audio::SoundEvent::Kind::Impact, 0, 5000.0, 0, 0});
    out.post({audio::SoundEvent::Kind::Shift, 0, 0.0, 2, 3});
    SDL_Delay(2);
  }
  for (int i = 0; i < 200; ++i) out.post({audio::SoundEvent::Kind::Impact, 0, 1.0, 0, 0});  // more than the queue holds
  EXPECT_TRUE(wait_for_frames(out, out.sample_rate() / 10)) << "the callback mixed " << out.frames_mixed() << " frames";
}

TEST_F(AudioOutTest, NoDriverMeansSilentNotBroken) {
  setenv("SDL_AUDIODRIVER", "no_such_driver", 1);
  {
    AudioOut out;
    EXPECT_FALSE(out.ok());
    EXPECT_FALSE(out.error().empty());
    EXPECT_EQ(out.sample_rate(), 0);
    out.update({audio::CarSound{}}, audio::Listener{});  // all no-ops
    out.post({});
    out.set_volumes({});
    EXPECT_EQ(out.frames_mixed(), 0);
  }
  setenv("SDL_AUDIODRIVER", "dummy", 1);
  AudioOut again;  // and a later device still opens
  EXPECT_TRUE(again.ok()) << again.error();
}

/// The shipped sedan (a default CarSpec is not a drivable car).
CarSpec sedan() {
  Result<CarSpec> spec = load_car_spec(test::car_path("sedan"));
  EXPECT_TRUE(spec) << "assets/cars/sedan.json";
  return spec ? spec.value() : CarSpec{};
}

TEST_F(AudioOutTest, FeedsFromAWorldSnapshot) {
  TestGround ground;
  World world(ground);
  world.add_car(sedan(), {0.0, 0.0}, 0.0);
  world.add_car(sedan(), {0.0, 10.0}, 0.0);
  AudioOut out;
  ASSERT_TRUE(out.ok()) << out.error();
  Controls full;
  full.throttle = 1.0;
  const Controls controls[] = {full, full};
  for (int i = 0; i < 120; ++i) {
    world.step(controls);
    if (i % 4 == 0) out.update(world.snapshot(), world);  // 60 Hz frames over a 240 Hz sim
  }
  out.reset_cues();
  EXPECT_TRUE(wait_for_frames(out, out.sample_rate() / 20));
}

TEST(CarSound, FromASnapshot) {
  CarSpec spec;
  spec.engine.cylinders = 6;
  CarSnapshot car;
  car.position = {3.0, 4.0};
  car.velocity = {20.0, 0.0};
  car.speed = 20.0;
  car.rpm = 4500.0;
  car.throttle = 0.8;
  car.tcs = 0.5;
  for (WheelSnapshot& w : car.wheels) w.load = 3000.0;
  car.wheels[2].slip_angle = 0.2;   // the rear left slides sideways
  car.wheels[3].slip_ratio = 0.6;   // the rear right spins, but it is on grass
  car.wheels[3].surface = Surface::Grass;
  car.wheels[1].slip_ratio = -0.9;  // the front right is locked, but lifted
  car.wheels[1].load = 0.0;
  const audio::CarSound s = car_sound(car, spec, 7);
  EXPECT_EQ(s.id, 7);
  EXPECT_EQ(s.position, car.position);
  EXPECT_EQ(s.velocity, car.velocity);
  EXPECT_EQ(s.engine.rpm, 4500.0);
  EXPECT_DOUBLE_EQ(s.engine.load, 0.4);  // throttle after traction control
  EXPECT_EQ(s.engine.cylinders, 6);
  EXPECT_DOUBLE_EQ(s.squeal.slip, std::sin(0.2));
  EXPECT_DOUBLE_EQ(s.squeal.sliding_speed, 20.0 * std::sin(0.2));  // m/s sideways
  // A car rolling straight does not squeal.
  CarSnapshot rolling = car;
  for (WheelSnapshot& w : rolling.wheels) w.slip_angle = w.slip_ratio = 0.0;
  EXPECT_EQ(audio::squeal_level(car_sound(rolling, spec, 0).squeal), 0.0);
  EXPECT_GT(audio::squeal_level(s.squeal), 0.0);
}


// A real car flat out from rest, sampled at 60 Hz as the game does: the gearbox's shifts
// come out as Shift events in order, and hard acceleration is not mistaken for a crash.
TEST(CarSound, AFullThrottleRunGivesShiftsAndNoCrashes) {
  TestGround ground;
  World world(ground);
  world.add_car(sedan(), {0.0, 0.0}, 0.0);
  audio::CueDetector cues;
  std::vector<audio::SoundEvent> events;
  Controls full;
  full.throttle = 1.0;
  double max_rpm = 0.0;
  for (int i = 0; i < 240 * 8; ++i) {  // 8 s at 240 Hz
    world.step(std::span<const Controls>(&full, 1));
    if (i % 4 != 3) continue;
    const WorldSnapshot snap = world.snapshot();
    const CarSnapshot& c = snap.cars[0];
    const audio::CarSound sound = car_sound(c, world.car(0).spec(), 0);
    EXPECT_DOUBLE_EQ(sound.engine.load, c.throttle * c.tcs);
    max_rpm = std::max(max_rpm, sound.engine.rpm);
    cues.update({0, c.gear, c.position, c.velocity, world.car(0).spec().body.mass, snap.time}, events);
  }
  int shifts = 0, last_gear = 1;
  for (const audio::SoundEvent& e : events) {
    ASSERT_EQ(e.kind, audio::SoundEvent::Kind::Shift) << "impulse " << e.impulse;
    EXPECT_EQ(e.from_gear, last_gear);
    EXPECT_EQ(e.to_gear, last_gear + 1);
    last_gear = e.to_gear;
    ++shifts;
  }
  EXPECT_GE(shifts, 2);
  EXPECT_GT(max_rpm, 4000.0);
}

// Into the test ground's wall at 20 m/s: an Impact with about the car's momentum (more
// than half of m v, since the car stops or bounces; less than 2 m v, a full elastic bounce).
TEST(CarSound, AWallHitGivesAnImpactOfAboutTheMomentum) {
  TestGround ground;
  World world(ground);
  add_test_ground_walls(world, ground);
  world.add_car(sedan(), {0.0, 0.0}, 0.0);
  world.car(0).place({ground.half_size() - 15.0, 0.0}, 0.0, 20.0);
  const double mass = world.car(0).spec().body.mass;
  audio::CueDetector cues;
  std::vector<audio::SoundEvent> events;
  const Controls none;
  for (int i = 0; i < 240 * 2; ++i) {
    world.step(std::span<const Controls>(&none, 1));
    if (i % 4 != 3) continue;
    const WorldSnapshot snap = world.snapshot();
    const CarSnapshot& c = snap.cars[0];
    cues.update({0, c.gear, c.position, c.velocity, mass, snap.time}, events);
  }
  double total = 0.0;
  for (const audio::SoundEvent& e : events) {
    if (e.kind == audio::SoundEvent::Kind::Impact) total += e.impulse;
  }
  EXPECT_GT(total, 0.5 * mass * 20.0);
  EXPECT_LT(total, 2.0 * mass * 20.0);
}

}  // namespace
}  // namespace racer
