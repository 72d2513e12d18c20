// ParticleSystem: smoke only from sliding tyres on asphalt, dust from tyres on loose ground,
// green clippings from grass and stones that arc and fall from gravel (mostly when the
// wheels slide or spin), nothing from a car rolling straight on the road; particles fade
// and die; the count is capped; the same inputs give the same particles.
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
      EXPECT_EQ(q.kind, ParticleKind::Smoke);
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
      if (q.kind != ParticleKind::Dust) continue;
      EXPECT_GT(q.colour.r, q.colour.b) << "brown / tan, warmer than grey";
    }
    EXPECT_GT(p.count(ParticleKind::Dust), 10u);
  }
}

bool green(Rgba c) { return c.g > c.r + 20 && c.g > c.b + 20; }

TEST(Particles, AWheelSlidingOnGrassThrowsGreenClippings) {
  ParticleSystem p;
  run(p, car_on(Surface::Grass, 15.0, 0.5), 120);  // 0.5 s sideways over grass
  const std::size_t clippings = p.count(ParticleKind::Clipping);
  ASSERT_GT(clippings, 40u) << "60 a second a wheel at full slide";
  EXPECT_EQ(p.count(ParticleKind::Stone), 0u);
  std::size_t greens = 0, flying = 0;
  for (const Particle& q : p.particles()) {
    if (q.kind != ParticleKind::Clipping) continue;
    greens += green(q.colour) ? 1 : 0;
    flying += q.height > 0.05 ? 1 : 0;
  }
  // Clippings are green blades; one in eight is a brown clod of earth.
  EXPECT_GT(static_cast<double>(greens), 0.75 * static_cast<double>(clippings));
  EXPECT_GT(flying, clippings / 4) << "thrown up into the air";
  // Rolling straight over grass throws far fewer than sliding does.
  ParticleSystem rolling;
  run(rolling, car_on(Surface::Grass, 15.0), 120);
  EXPECT_LT(3 * rolling.count(ParticleKind::Clipping), clippings);
  // Nothing like it from the road.
  ParticleSystem road;
  run(road, car_on(Surface::Asphalt, 15.0, 0.5), 120);
  EXPECT_EQ(road.count(ParticleKind::Clipping) + road.count(ParticleKind::Stone), 0u);
}

TEST(Particles, GravelStonesArcUpAndFallBack) {
  ParticleConfig stones_only;
  stones_only.dust_rate = 0.0;  // so every particle followed below is a stone
  ParticleSystem p(stones_only);
  CarSnapshot spinning = car_on(Surface::Gravel, 10.0, 0.0, 0.8);  // wheelspin
  run(p, spinning, 24);
  ASSERT_GT(p.count(ParticleKind::Stone), 5u);
  EXPECT_EQ(p.count(ParticleKind::Clipping), 0u);
  // Follow the stones with no new ones (the car stopped): each climbs, then lands.
  const std::vector<CarSnapshot> stopped{car_on(Surface::Gravel, 0.0)};
  std::vector<double> peak(p.count(), 0.0);
  bool all_landed = false;
  for (int i = 0; i < 240 && !all_landed; ++i) {
    p.step(stopped, 1.0 / 240.0);
    all_landed = true;
    for (std::size_t k = 0; k < p.count() && k < peak.size(); ++k) {
      const Particle& q = p.particles()[k];
      if (q.kind != ParticleKind::Stone) continue;
      peak[k] = std::max(peak[k], q.height);
      all_landed = all_landed && q.height == 0.0;
    }
  }
  EXPECT_TRUE(all_landed) << "under gravity every stone is back down within 1 s";
  for (double h : peak) EXPECT_GT(h, 0.1) << "m: an arc, not a slide along the ground";
  for (const Particle& q : p.particles()) {
    if (q.kind != ParticleKind::Stone) continue;
    EXPECT_NEAR(q.colour.r, q.colour.g, 20) << "grey stones";
    EXPECT_NEAR(q.colour.g, q.colour.b, 25);
  }
}

TEST(Particles, SandAndDirtRaiseDustCloudsOnly) {
  for (Surface s : {Surface::Sand, Surface::Dirt}) {
    ParticleSystem loose, grass;
    run(loose, car_on(s, 20.0, 0.5), 120);
    run(grass, car_on(Surface::Grass, 20.0, 0.5), 120);
    EXPECT_EQ(loose.count(ParticleKind::Clipping) + loose.count(ParticleKind::Stone), 0u);
    EXPECT_GT(loose.count(ParticleKind::Dust), 2 * grass.count(ParticleKind::Dust)) << "a cloud, not a wisp";
    double big = 0.0;
    for (const Particle& q : loose.particles()) big = std::max(big, q.size1);
    EXPECT_GT(big, 2.0) << "m";
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
  field[1] = field[3] = car_on(Surface::Gravel, 25.0, 0.6);
  field[2] = car_on(Surface::Grass, 25.0, 0.6);
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
