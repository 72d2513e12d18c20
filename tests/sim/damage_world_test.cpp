// Damage in the world: Box2D's contact impulses become impacts on the right part of the
// right car; Off changes nothing, Visual only records, Full costs power, pulls the steering
// and wears a tyre, measurably, within the caps; all of it deterministic.
#include <box2d/box2d.h>
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "core/math.h"
#include "sim/world.h"
#include "test_cars.h"

namespace racer {
namespace {

constexpr double kWallX = 30.0;

/// A world with a wall loop whose right side is at x = kWallX (a 600 m box).
std::unique_ptr<World> walled_world(const SurfaceMap& ground, DamageMode mode) {
  WorldConfig config{240.0};
  config.damage = mode;
  auto world = std::make_unique<World>(ground, config);
  world->add_wall_loop({{-600, -300}, {kWallX, -300}, {kWallX, 300}, {-600, 300}}, World::KeepCars::Inside);
  return world;
}

void run(World& world, const Controls& c, double seconds) {
  for (int i = 0; i < static_cast<int>(seconds / world.dt()); ++i) world.step(std::span<const Controls>(&c, 1));
}

/// Car 0 of `world` driven (coasting) nose first into the wall at `speed`.
void head_on_crash(World& world, double speed) {
  world.car(0).place({kWallX - 10.0, 0.0}, 0.0, speed);
  run(world, Controls{}, 1.5);
}

/// The state hash as World computed it before damage existed: steps, cars, contacts.
std::uint64_t hash_without_damage(const World& world) {
  Hash64 h;
  h.add(world.steps());
  for (std::size_t i = 0; i < world.car_count(); ++i) world.car(i).hash_into(h);
  for (std::size_t i = 0; i < world.car_count(); ++i) {
    h.add(world.contacts(i).walls);
    h.add(world.contacts(i).cars);
  }
  return h.value();
}

/// Cars only (poses, velocities, wheels, drivetrain): what the physics did.
std::uint64_t car_hash(const World& world) {
  Hash64 h;
  for (std::size_t i = 0; i < world.car_count(); ++i) world.car(i).hash_into(h);
  return h.value();
}

/// Two cars: a head-on wall crash, a shunt into the back of the other car, then both drive on.
std::unique_ptr<World> crash_script(const SurfaceMap& ground, DamageMode mode) {
  auto world = walled_world(ground, mode);
  world->add_car(test::shipped_car("sedan"), {0.0, 0.0}, 0.0);
  world->add_car(test::shipped_car("hatchback"), {0.0, -20.0}, 0.0);
  world->car(0).place({10.0, 0.0}, 0.0, 25.0);
  world->car(1).place({-20.0, 0.0}, 0.0, 12.0);
  Controls c[2];
  for (int i = 0; i < 240 * 6; ++i) {
    const double t = i / 240.0;
    c[0].brake = t > 1.0 && t < 2.0 ? 1.0 : 0.0;
    c[0].throttle = t > 3.0 ? 0.6 : 0.0;
    c[0].steer = t > 3.0 ? 0.5 : 0.0;
    c[1].throttle = 0.8;
    world->step(c);
  }
  return world;
}

TEST(DamageWorld, OffRecordsNothingAndHashesAsBeforeDamageExisted) {
  const UniformSurface ground(Surface::Asphalt);
  auto off = crash_script(ground, DamageMode::Off);
  ASSERT_GE(off->contacts(0).walls, 1);
  ASSERT_GE(off->contacts(1).cars, 1);
  EXPECT_EQ(off->state_hash(), hash_without_damage(*off));
  for (std::size_t i = 0; i < off->car_count(); ++i) {
    EXPECT_EQ(off->damage(i).impacts(), 0);
    EXPECT_TRUE(off->car(i).damage_effects().neutral());
    EXPECT_EQ(off->snapshot().cars[i].damage.worst, 0.0);
    EXPECT_EQ(off->snapshot().cars[i].damage.mark_count, 0);
  }
}

TEST(DamageWorld, VisualRecordsButTheCarsMoveExactlyAsWithOff) {
  const UniformSurface ground(Surface::Asphalt);
  auto off = crash_script(ground, DamageMode::Off);
  auto visual = crash_script(ground, DamageMode::Visual);
  EXPECT_EQ(car_hash(*visual), car_hash(*off));          // bit-identical physics
  EXPECT_NE(visual->state_hash(), off->state_hash());    // the damage is in the hash when on
  EXPECT_GT(visual->damage(0).level(DamageZone::Front), 0.1);
  EXPECT_GT(visual->damage(1).impacts(), 0);
  EXPECT_TRUE(visual->car(0).damage_effects().neutral());
  const DamageSummary s = visual->snapshot().cars[0].damage;
  EXPECT_GT(s.worst, 0.1);
  EXPECT_GT(s.mark_count, 0);
  EXPECT_LT(s.effects.torque_factor, 1.0);  // what Full would cost, for the HUD
}

TEST(DamageWorld, FullIsDeterministic) {
  const UniformSurface ground(Surface::Asphalt);
  auto a = crash_script(ground, DamageMode::Full);
  auto b = crash_script(ground, DamageMode::Full);
  EXPECT_EQ(a->state_hash(), b->state_hash());
  EXPECT_FALSE(a->car(0).damage_effects().neutral());
  EXPECT_NE(car_hash(*a), car_hash(*crash_script(ground, DamageMode::Visual)));  // Full does change the drive
}

TEST(DamageWorld, AFrontHitDentsTheFrontAndHarderHitsCostMore) {
  const UniformSurface ground(Surface::Asphalt);
  double previous = 0.0;
  for (double speed : {8.0, 15.0, 25.0, 40.0}) {
    auto world = walled_world(ground, DamageMode::Visual);
    world->add_car(test::shipped_car("sedan"), {0.0, 0.0}, 0.0);
    head_on_crash(*world, speed);
    const Damage& d = world->damage(0);
    EXPECT_GT(d.level(DamageZone::Front), previous) << speed;
    previous = d.level(DamageZone::Front);
    EXPECT_EQ(d.level(DamageZone::Left), 0.0) << speed;
    EXPECT_EQ(d.level(DamageZone::Right), 0.0) << speed;
    EXPECT_EQ(d.level(DamageZone::Rear), 0.0) << speed;
    // Energy ~ J^2 / 2m with J = m v (1 + e), e = 0.2: 1.44 x the kinetic energy; the tyres
    // and the solver's spread over steps keep it within a band around that.
    const double kinetic = 0.5 * test::shipped_car("sedan").body.mass * speed * speed;
    EXPECT_GT(d.zone_energy(DamageZone::Front), 0.8 * kinetic) << speed;
    EXPECT_LT(d.zone_energy(DamageZone::Front), 1.6 * kinetic) << speed;
    ASSERT_GE(d.mark_count(), 1);
    EXPECT_EQ(d.mark(0).zone, DamageZone::Front);
    EXPECT_FALSE(d.mark(0).scuff);
  }
}

TEST(DamageWorld, ASideHitDentsThatSide) {
  const UniformSurface ground(Surface::Asphalt);
  auto world = walled_world(ground, DamageMode::Visual);
  // Heading +y, sliding sideways to +x: the right side meets the wall.
  world->add_car(test::shipped_car("sedan"), {kWallX - 6.0, 0.0}, kPi / 2.0);
  world->car(0).body()->SetLinearVelocity(b2Vec2(15.0f, 0.0f));
  run(*world, Controls{}, 1.0);
  const Damage& d = world->damage(0);
  EXPECT_GT(d.level(DamageZone::Right), 0.05);
  EXPECT_EQ(d.level(DamageZone::Left), 0.0);
  EXPECT_LT(d.effects().steer_offset, 0.0);  // it will pull right
}

TEST(DamageWorld, CarToCarHitsDamageBothCarsWhereTheyTouched) {
  const UniformSurface ground(Surface::Asphalt);
  WorldConfig config{240.0};
  config.damage = DamageMode::Visual;
  World world(ground, config);
  world.add_car(test::shipped_car("sedan"), {0.0, 0.0}, 0.0);
  world.add_car(test::shipped_car("sedan"), {20.0, 0.0}, 0.0);
  world.car(0).place({0.0, 0.0}, 0.0, 20.0);  // runs into the back of the parked car
  run(world, Controls{}, 1.5);
  EXPECT_GT(world.damage(0).level(DamageZone::Front), 0.05);
  EXPECT_GT(world.damage(1).level(DamageZone::Rear), 0.05);
  EXPECT_EQ(world.damage(0).level(DamageZone::Rear), 0.0);
  EXPECT_EQ(world.damage(1).level(DamageZone::Front), 0.0);
}

struct DriveResult {
  double speed = 0.0;   // m/s after the run
  double drift = 0.0;   // m to the left of the start line
};

/// After the crash, the car is put on open ground (far from the wall) heading -x and driven
/// with the given throttle, steer straight, for `seconds`.
DriveResult drive_on(World& world, double throttle, double seconds, double start_speed) {
  world.car(0).place({-100.0, 0.0}, kPi, start_speed);
  Controls c;
  c.throttle = throttle;
  run(world, c, seconds);
  return {world.car(0).speed(), -world.car(0).position().y};  // heading -x: left is -y
}

TEST(DamageWorld, FullCostsEnginePowerAfterAFrontCrash) {
  const UniformSurface ground(Surface::Asphalt);
  DriveResult result[2];
  for (int k = 0; k < 2; ++k) {
    auto world = walled_world(ground, k == 0 ? DamageMode::Visual : DamageMode::Full);
    world->add_car(test::shipped_car("sedan"), {0.0, 0.0}, 0.0);
    head_on_crash(*world, 25.0);
    const double factor = world->damage(0).effects().torque_factor;
    if (k == 1) {
      EXPECT_LT(factor, 0.85);
      EXPECT_DOUBLE_EQ(world->car(0).damage_effects().torque_factor, factor);
    }
    result[k] = drive_on(*world, 1.0, 8.0, 0.0);
  }
  // 8 s flat out from rest: the damaged car is clearly slower (about 20% less torque).
  EXPECT_LT(result[1].speed, 0.95 * result[0].speed);
  EXPECT_GT(result[1].speed, 0.6 * result[0].speed);  // capped: still a car
}

TEST(DamageWorld, FullPullsTheSteeringTowardsTheDamagedSide) {
  const UniformSurface ground(Surface::Asphalt);
  DriveResult result[2];
  for (int k = 0; k < 2; ++k) {
    auto world = walled_world(ground, k == 0 ? DamageMode::Visual : DamageMode::Full);
    // Left side into the wall: heading -y, sliding to +x.
    world->add_car(test::shipped_car("sedan"), {kWallX - 6.0, 0.0}, -kPi / 2.0);
    world->car(0).body()->SetLinearVelocity(b2Vec2(18.0f, 0.0f));
    run(*world, Controls{}, 1.0);
    if (k == 1) {
      EXPECT_GT(world->car(0).damage_effects().steer_offset, 0.0);
    }
    result[k] = drive_on(*world, 0.25, 5.0, 20.0);
  }
  EXPECT_LT(std::abs(result[0].drift), 0.05);  // undamaged (Visual): straight
  EXPECT_GT(result[1].drift, 2.0);             // pulled left over 100 m
  EXPECT_LT(result[1].drift, 60.0);            // but not into a spin: the pull is small
}

TEST(DamageWorld, FullWearsTheTyreNearestTheHit) {
  const UniformSurface ground(Surface::Asphalt);
  auto world = walled_world(ground, DamageMode::Full);
  world->add_car(test::shipped_car("sedan"), {0.0, 0.0}, 0.0);
  head_on_crash(*world, 25.0);
  const DamageEffects& e = world->car(0).damage_effects();
  int worn = 0;
  for (double g : e.grip_factor) worn += g < 1.0 ? 1 : 0;
  EXPECT_GE(worn, 1);
  EXPECT_LE(worn, 2);  // one front corner, or both when the hit is square
  EXPECT_DOUBLE_EQ(e.grip_factor[2], 1.0);  // the rears are untouched
  EXPECT_DOUBLE_EQ(e.grip_factor[3], 1.0);
}

TEST(DamageWorld, AWreckedCarStillDrives) {
  const UniformSurface ground(Surface::Asphalt);
  auto world = walled_world(ground, DamageMode::Full);
  world->add_car(test::shipped_car("sedan"), {0.0, 0.0}, 0.0);
  for (int i = 0; i < 8; ++i) head_on_crash(*world, 60.0);
  const DamageEffects e = world->damage(0).effects();
  const DamageTuning t;
  EXPECT_GE(e.torque_factor, 1.0 - t.max_power_loss);
  for (double g : e.grip_factor) EXPECT_GE(g, 1.0 - t.max_grip_loss);
  EXPECT_LE(std::abs(e.steer_offset), t.max_steer_pull);
  const DriveResult r = drive_on(*world, 1.0, 10.0, 0.0);
  EXPECT_GT(r.speed, 25.0);  // 90 km/h in 10 s
  world->repair(0);
  EXPECT_TRUE(world->car(0).damage_effects().neutral());
  EXPECT_EQ(world->damage(0).impacts(), 0);
}

}  // namespace
}  // namespace racer
