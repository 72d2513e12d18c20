// ParticleSystem: smoke only from sliding tyres on asphalt, dust from tyres on loose ground,
// nothing from a car rolling straight on the road; puffs fade and die; the count is capped;
// the same inputs give the same puffs.
#include "render/particles.h"

#include <gtest/gtest.h>

#include <vector>

namespace racer {
namespace {

CarSnapshot car_on(Surface s, double speed, double slip_angle = 0.0, double slip_ratio = 0.0) {
  CarSnapshot c;
  c.speed = speed;
  c.velocity = {speed, 0.0};
  for (std::size_t i = 0; i < 4; ++i) {
    WheelSnapshot& w = c.wheels[i];
    w.position = {i < 2 ? 1.3 : -1.3, i % 2 == 0 ? 0.8 : -0.8};
    w.load = 3500.0;
    w.surface = s;
    w.slip_angle = slip_angle;
    w.slip_ratio = slip_ratio;
  }
  return c;
}

std::size_t run(ParticleSystem& p, const CarSnapshot& car, int steps, double dt = 1.0 / 240.0) {
  const std::vector<CarSnapshot> cars{car};
  for (int i = 0; i < steps; ++i) p.step(cars, dt);
  return p.count();
}

TEST(Particles, NothingFromACarRollingStraightOnTheRoad) {
  ParticleSystem p;
  EXPECT_EQ(run(p, car_on(Surface::Asphalt, 30.0, 0.02, 0.03), 480), 0u);
  EXPECT_EQ(run(p, car_on(Surface::Kerb, 30.0), 240), 0u);
  EXPECT_EQ(run(p, car_on(Surface::Ice, 30.0, 0.5, 0.5), 240), 0u) << "ice keeps nothing";
  EXPECT_EQ(run(p, car_on(Surface::Gravel, 0.5, 0.5), 240), 0u) << "too slow";
  CarSnapshot airborne = car_on(Surface::Asphalt, 30.0, 0.6);
  for (WheelSnapshot& w : airborne.wheels) w.load = 0.0;
  EXPECT_EQ(run(p, airborne, 240), 0u);
}

TEST(Particles, GreySmokeFromSlidingTyresOnAsphalt) {
  for (const CarSnapshot& car : {car_on(Surface::Asphalt, 20.0, 0.5), car_on(Surface::Asphalt, 8.0, 0.0, 0.9)}) {
    ParticleSystem p;
    ASSERT_GT(run(p, car, 120), 20u);
    for (const Particle& q : p.particles()) {
      EXPECT_FALSE(q.dust);
      EXPECT_GT(q.colour.r, 180);  // light grey
      EXPECT_NEAR(q.colour.r, q.colour.b, 30);
      EXPECT_NEAR(q.colour.g, q.colour.b, 30);
    }
  }
  CarSnapshot locked = car_on(Surface::Asphalt, 15.0);
  for (WheelSnapshot& w : locked.wheels) w.locked = true;
  ParticleSystem p;
  EXPECT_GT(run(p, locked, 120), 10u) << "locked wheels smoke";
}

TEST(Particles, MoreSlideMoreSmoke) {
  ParticleSystem a, b;
  EXPECT_LT(run(a, car_on(Surface::Asphalt, 20.0, 0.22), 240), run(b, car_on(Surface::Asphalt, 20.0, 0.6), 240));
}

TEST(Particles, BrownDustFromLooseSurfaces) {
  for (Surface s : {Surface::Grass, Surface::Gravel, Surface::Sand, Surface::Dirt}) {
    ParticleSystem p;
    ASSERT_GT(run(p, car_on(s, 18.0), 120), 10u) << static_cast<int>(s) << ": rolling is enough off the road";
    for (const Particle& q : p.particles()) {
      EXPECT_TRUE(q.dust);
      EXPECT_GT(q.colour.r, q.colour.b) << "brown / tan, warmer than grey";
    }
  }
}

TEST(Particles, PuffsFadeAndDie) {
  ParticleSystem p;
  run(p, car_on(Surface::Asphalt, 20.0, 0.6), 60);
  ASSERT_GT(p.count(), 0u);
  // Let the car stop sliding; follow the first puff.
  const CarSnapshot calm = car_on(Surface::Asphalt, 20.0);
  const std::vector<CarSnapshot> cars{calm};
  double peak = 0.0, last_opacity = 1.0, last_radius = 0.0;
  Particle first = p.particles().front();
  for (int i = 0; i < 240 && p.count() > 0; ++i) {
    p.step(cars, 1.0 / 240.0);
    first.age += 1.0 / 240.0;
    const double o = ParticleSystem::opacity(first), r = ParticleSystem::radius(first);
    if (first.age > 0.2 * first.life && first.age < first.life) {
      EXPECT_LE(o, last_opacity + 1e-12) << "fades out";
      EXPECT_GE(r, last_radius - 1e-12) << "grows";
    }
    peak = std::max(peak, o);
    last_opacity = o;
    last_radius = r;
  }
  EXPECT_GT(peak, 0.0);
  run(p, calm, 2 * 240);  // every puff lives < 3 s
  EXPECT_EQ(p.count(), 0u) << "all gone";
  Particle dead = first;
  dead.age = dead.life;
  EXPECT_DOUBLE_EQ(ParticleSystem::opacity(dead), 0.0);
}

TEST(Particles, CountIsCapped) {
  ParticleConfig cfg;
  cfg.capacity = 50;
  ParticleSystem p(cfg);
  std::vector<CarSnapshot> field(6, car_on(Surface::Sand, 25.0, 0.6));
  for (int i = 0; i < 480; ++i) {
    p.step(field, 1.0 / 240.0);
    ASSERT_LE(p.count(), 50u);
  }
  EXPECT_EQ(p.count(), 50u);
  // The oldest went first: what is left is young.
  for (const Particle& q : p.particles()) EXPECT_LT(q.age, 0.5);
}

TEST(Particles, DeterministicGivenInputs) {
  ParticleSystem a(ParticleConfig{}, 7), b(ParticleConfig{}, 7);
  const CarSnapshot car = car_on(Surface::Gravel, 22.0, 0.3);
  run(a, car, 200);
  run(b, car, 200);
  ASSERT_EQ(a.count(), b.count());
  for (std::size_t i = 0; i < a.count(); ++i) {
    EXPECT_EQ(a.particles()[i].position, b.particles()[i].position);
    EXPECT_EQ(a.particles()[i].life, b.particles()[i].life);
  }
  a.clear();
  EXPECT_EQ(a.count(), 0u);
  run(a, car, 200);
  EXPECT_EQ(a.particles().back().position, b.particles().back().position) << "clear() restarts the sequence";
}

}  // namespace
}  // namespace racer
