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

// respec_car (the car editor in a race): the car rebuilt with the new spec where it was, at
// its speed, still car i to Box2D (contacts with it are counted for it), and the same edit at
// the same step gives the same world.
std::uint64_t respecced_drive(const CarSpec& spec, const CarSpec& edited, int edit_at, World** out = nullptr) {
  static const UniformSurface ground(Surface::Asphalt);
  auto world = std::make_unique<World>(ground, WorldConfig{120.0});
  world->add_car(spec, {0.0, 0.0}, 0.0);
  world->add_car(spec, {40.0, 0.4}, 0.0);  // parked ahead in our path
  Controls c[2];
  c[0].throttle = 1.0;
  for (int i = 0; i < 600; ++i) {
    if (i == edit_at) world->respec_car(0, edited);
    world->step(c);
  }
  const std::uint64_t hash = world->state_hash();
  if (out != nullptr) *out = world.release();
  return hash;
}

TEST(World, RespecCarRebuildsItWhereItIsAtItsSpeed) {
  const UniformSurface ground(Surface::Asphalt);
  const CarSpec spec = load_car_spec(test::car_path("sedan")).value();
  CarSpec heavy = spec;
  heavy.body.mass += 400.0;
  World world(ground, {120.0});
  world.add_car(spec, {0.0, 0.0}, 0.3);
  Controls go;
  go.throttle = 1.0;
  for (int i = 0; i < 240; ++i) world.step(std::span<const Controls>(&go, 1));
  const Vec2 position = world.car(0).position();
  const double heading = world.car(0).heading(), speed = world.car(0).forward_speed();
  ASSERT_GT(speed, 8.0);
  world.respec_car(0, heavy);
  const Car& car = world.car(0);
  EXPECT_EQ(car.spec().body.mass, heavy.body.mass);
  EXPECT_NEAR(car.body()->GetMass(), heavy.body.mass, 1e-3 * heavy.body.mass);  // Box2D keeps floats
  EXPECT_EQ(car.position().x, position.x);
  EXPECT_EQ(car.position().y, position.y);
  EXPECT_NEAR(car.heading(), heading, 1e-6);
  EXPECT_NEAR(car.forward_speed(), speed, 1e-4 * speed);
  EXPECT_EQ(car.body()->GetUserData().pointer, 1u) << "still car 0 to the contact counter";
  for (int i = 0; i < 120; ++i) world.step(std::span<const Controls>(&go, 1));
  EXPECT_GT(world.car(0).forward_speed(), speed) << "drives on";

  // Into the parked car after the edit: the contact is car 0's; the same edit, the same world.
  CarSpec torquey = spec;
  torquey.engine.max_torque *= 1.3;
  World* raw = nullptr;
  const std::uint64_t a = respecced_drive(spec, torquey, 120, &raw);
  const std::unique_ptr<World> after(raw);
  EXPECT_GE(after->contacts(0).cars, 1) << "hit the parked car";
  EXPECT_EQ(a, respecced_drive(spec, torquey, 120));
  EXPECT_NE(a, respecced_drive(spec, spec, 600)) << "never edited";
}

}  // namespace
}  // namespace racer
