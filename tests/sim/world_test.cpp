// World: determinism (state hash) and the fixed-step order.
#include "sim/world.h"

#include <box2d/box2d.h>
#include <gtest/gtest.h>

#include <chrono>

#include "track/test_ground.h"
#include "test_paths.h"

namespace racer {
namespace {

// A scripted drive over every surface of the test ground: launch, weave, brake, handbrake.
std::uint64_t scripted_drive(const CarSpec& spec, double steer_bias = 0.0) {
  const TestGround ground;
  World world(ground, {240.0});
  add_test_ground_walls(world, ground);
  world.add_car(spec, {0.0, 0.0}, 1.2);
  world.add_car(spec, {5.0, -6.0}, 1.2);
  for (int i = 0; i < 240 * 20; ++i) {
    const double t = i / 240.0;
    Controls c[2];
    c[0].throttle = t < 12.0 ? 1.0 : 0.0;
    c[0].brake = t > 12.0 ? 0.8 : 0.0;
    c[0].steer = 0.3 * std::sin(t * 0.9) + steer_bias;
    c[0].handbrake = t > 15.0 && t < 16.0;
    c[1].throttle = 0.7;
    c[1].steer = -0.2;
    world.step(c);
  }
  return world.state_hash();
}

TEST(World, SameInputsGiveTheSameStateHash) {
  const CarSpec spec = load_car_spec(test::car_path("sedan")).value();
  const std::uint64_t a = scripted_drive(spec);
  EXPECT_EQ(a, scripted_drive(spec));
  EXPECT_NE(a, scripted_drive(spec, 1e-3));  // and the hash does see a tiny change
}

// sim/world.cpp replaces Box2D's profiling timer (a gettimeofday at every island of every
// step): it must read no clock, here as in the game. A real one reads about 2 ms.
TEST(World, Box2DsTimerReadsNoClock) {
  const b2Timer timer;
  const auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(2)) {
  }
  EXPECT_EQ(timer.GetMilliseconds(), 0.0f);
}

TEST(World, StepAdvancesTimeByTheFixedStep) {
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {120.0});
  world.add_car(load_car_spec(test::car_path("hatchback")).value(), {0.0, 0.0}, 0.0);
  const Controls none;
  for (int i = 0; i < 120; ++i) world.step(std::span<const Controls>(&none, 1));
  EXPECT_EQ(world.steps(), 120);
  EXPECT_NEAR(world.time(), 1.0, 1e-12);
}

TEST(World, CarsCannotLeaveThroughTheWall) {
  const TestGround ground;
  World world(ground, {240.0});
  add_test_ground_walls(world, ground);
  const CarSpec spec = load_car_spec(test::car_path("racer")).value();
  world.add_car(spec, {ground.half_size() - 20.0, -150.0}, 0.0);
  world.car(0).place({ground.half_size() - 20.0, -150.0}, 0.0, 60.0);  // 216 km/h at the wall
  Controls flat_out;
  flat_out.throttle = 1.0;
  for (int i = 0; i < 240 * 3; ++i) world.step(std::span<const Controls>(&flat_out, 1));
  EXPECT_LT(world.car(0).position().x, ground.half_size());
}

TEST(World, StaticObstaclesAndBarriersStopACar) {
  const UniformSurface ground(Surface::Asphalt);
  const CarSpec spec = load_car_spec(test::car_path("sedan")).value();
  for (int kind = 0; kind < 3; ++kind) {
    World world(ground, {240.0});
    if (kind == 0) world.add_static_circle({30.0, 0.0}, 1.0);
    if (kind == 1) world.add_static_box({30.0, 0.0}, 1.0, 4.0, 0.3);
    if (kind == 2) world.add_barrier({{30.0, -10.0}, {30.0, 10.0}});
    world.add_car(spec, {0.0, 0.0}, 0.0);
    world.car(0).place({0.0, 0.0}, 0.0, 25.0);
    Controls flat_out;
    flat_out.throttle = 1.0;
    for (int i = 0; i < 240 * 3; ++i) world.step(std::span<const Controls>(&flat_out, 1));
    // The car's nose (2.6 m ahead of its CG) never gets past the obstacle's near face.
    EXPECT_LT(world.car(0).position().x, 30.0) << "kind " << kind;
  }
}

TEST(World, ContactsAreCountedOncePerBegin) {
  const UniformSurface ground(Surface::Asphalt);
  const CarSpec spec = load_car_spec(test::car_path("sedan")).value();
  World world(ground, {240.0});
  world.add_static_circle({20.0, 0.0}, 1.0);
  world.add_car(spec, {0.0, 0.0}, 0.0);      // drives into the post, once
  world.add_car(spec, {0.0, 30.0}, 0.0);     // two cars nose to tail, the back one faster
  world.add_car(spec, {12.0, 30.0}, 0.0);
  world.car(0).place({0.0, 0.0}, 0.0, 10.0);
  world.car(1).place({0.0, 30.0}, 0.0, 12.0);
  world.car(2).place({12.0, 30.0}, 0.0, 4.0);
  Controls c[3];
  c[0].brake = 0.0;
  c[1].throttle = 0.3;
  for (int i = 0; i < 240 * 3; ++i) {
    if (i == 240 * 2) c[0].brake = 1.0;  // it has bounced off; stay clear
    world.step(c);
  }
  EXPECT_GE(world.contacts(0).walls, 1);
  EXPECT_LE(world.contacts(0).walls, 3);  // a bounce or two, not one per step resting on it
  EXPECT_EQ(world.contacts(0).cars, 0);
  EXPECT_GE(world.contacts(1).cars, 1);
  EXPECT_EQ(world.contacts(1).cars, world.contacts(2).cars);  // both sides of each contact
  EXPECT_EQ(world.contacts(1).walls, 0);
}

TEST(World, SnapshotInterpolatesPositions) {
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {240.0});
  world.add_car(load_car_spec(test::car_path("sedan")).value(), {0.0, 0.0}, 0.0);
  world.car(0).place({0.0, 0.0}, 0.0, 24.0);
  const WorldSnapshot a = world.snapshot();
  const Controls none;
  world.step(std::span<const Controls>(&none, 1));
  const WorldSnapshot b = world.snapshot();
  const WorldSnapshot mid = interpolate(a, b, 0.5);
  EXPECT_NEAR(mid.cars[0].position.x, 0.5 * (a.cars[0].position.x + b.cars[0].position.x), 1e-9);
  EXPECT_GT(b.cars[0].position.x, a.cars[0].position.x);
}

}  // namespace
}  // namespace racer
