// Collisions: cars never pass through walls or each other at any speed and step rate
// (checked on every step), and the restitution/friction of the fixtures give a glancing hit
// that keeps its speed and a head-on one that stops with little bounce.
#include <box2d/box2d.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>
#include <vector>

#include "core/math.h"
#include "sim/world.h"
#include "test_cars.h"

namespace racer {
namespace {

// Box2D keeps touching bodies within its linear slop (5 mm) plus the polygon skin (1 cm) of
// each other, and a time-of-impact sub-step stops a fast body a few slops short; anything
// beyond 5 cm would be a real overlap (a pass-through is metres).
constexpr double kOverlapTolerance = 0.05;

/// The car's collision polygon (its Box2D body box) in world coordinates.
std::vector<Vec2> body_polygon(const Car& car) {
  const b2Body* body = car.body();
  const auto* box = static_cast<const b2PolygonShape*>(body->GetFixtureList()->GetShape());
  std::vector<Vec2> out;
  for (int i = 0; i < box->m_count; ++i) {
    const b2Vec2 p = body->GetWorldPoint(box->m_vertices[i]);
    out.push_back({p.x, p.y});
  }
  return out;
}

/// The separating axis test of two convex polygons over both polygons' edge normals: the
/// axis (unit) along which b lies furthest beyond a, and that gap (m; < 0 = overlap depth).
struct Separation {
  Vec2 axis;
  double gap = -1e9;
};

Separation separation(const std::vector<Vec2>& a, const std::vector<Vec2>& b) {
  Separation best;
  for (const auto* poly : {&a, &b}) {
    const std::vector<Vec2>& p = *poly;
    for (std::size_t i = 0; i < p.size(); ++i) {
      const Vec2 edge = p[(i + 1) % p.size()] - p[i];
      for (Vec2 axis : {Vec2{edge.y, -edge.x} / length(edge), Vec2{-edge.y, edge.x} / length(edge)}) {
        double a_max = -1e9, b_min = 1e9;
        for (Vec2 v : a) a_max = std::max(a_max, dot(v, axis));
        for (Vec2 v : b) b_min = std::min(b_min, dot(v, axis));
        if (b_min - a_max > best.gap) best = {axis, b_min - a_max};
      }
    }
  }
  return best;
}

/// Watches two polygons step by step: the deepest overlap seen, and whether they ever
/// swapped sides between two steps (b entirely behind a along the axis that separated them
/// the step before: a pass-through that no single step shows as an overlap).
struct PassThroughWatch {
  bool have_previous = false;
  Separation previous;
  double deepest = 0.0;
  bool swapped = false;

  void observe(const std::vector<Vec2>& a, const std::vector<Vec2>& b) {
    const Separation now = separation(a, b);
    deepest = std::max(deepest, -now.gap);
    if (have_previous && previous.gap > 0.0) {
      double a_min = 1e9, b_max = -1e9;
      for (Vec2 v : a) a_min = std::min(a_min, dot(v, previous.axis));
      for (Vec2 v : b) b_max = std::max(b_max, dot(v, previous.axis));
      swapped = swapped || b_max < a_min;
    }
    previous = now;
    have_previous = true;
  }
};

// ---------------------------------------------------------------- walls

enum class WallKind { ChainLoop, Barrier, Box };

struct WallCase {
  double speed;     // m/s at the wall
  double rate;      // Hz
  double angle_deg; // heading relative to the wall's normal
  WallKind kind;
};

class FiredAtAWall : public ::testing::TestWithParam<std::tuple<double, double, double, WallKind>> {};

// The car starts 30 m short of a wall at x = 40, flat out, and must stay on its side on
// every step, including the steps of the hit itself.
TEST_P(FiredAtAWall, NeverEndsUpBeyondIt) {
  const auto [speed, rate, angle_deg, kind] = GetParam();
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {rate});
  constexpr double kWallX = 40.0;
  if (kind == WallKind::ChainLoop) world.add_wall_loop({{-kWallX, -200}, {kWallX, -200}, {kWallX, 200}, {-kWallX, 200}}, World::KeepCars::Inside);
  if (kind == WallKind::Barrier) world.add_barrier({{kWallX, -200}, {kWallX, 200}});
  if (kind == WallKind::Box) world.add_static_box({kWallX + 1.0, 0.0}, 1.0, 200.0, 0.0);
  const double heading = deg_to_rad(angle_deg);
  world.add_car(test::shipped_car("sedan"), {10.0, 0.0}, heading);
  world.car(0).place({10.0, 0.0}, heading, speed);
  Controls flat_out;
  flat_out.throttle = 1.0;
  double deepest = -1e9;  // furthest any corner got beyond the wall's face (< 0: short of it)
  for (int i = 0; i < static_cast<int>(rate * 2.0); ++i) {
    world.step(std::span<const Controls>(&flat_out, 1));
    for (Vec2 corner : body_polygon(world.car(0))) deepest = std::max(deepest, corner.x - kWallX);
    ASSERT_LT(deepest, kOverlapTolerance) << "step " << i;
  }
  EXPECT_GE(world.contacts(0).walls, 1);  // it did hit the wall
  EXPECT_LT(world.car(0).position().x, kWallX);
}

INSTANTIATE_TEST_SUITE_P(SpeedsRatesAngles, FiredAtAWall,
                         ::testing::Combine(::testing::Values(20.0, 60.0, 120.0), ::testing::Values(60.0, 240.0),
                                            ::testing::Values(0.0, 35.0),
                                            ::testing::Values(WallKind::ChainLoop, WallKind::Barrier, WallKind::Box)));

// A two-sided barrier stops cars from its far side too.
TEST(Collisions, BarrierStopsCarsFromBothSides) {
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {60.0});
  world.add_barrier({{0.0, -100.0}, {0.0, 100.0}});
  world.add_car(test::shipped_car("racer"), {30.0, 0.0}, kPi);
  world.car(0).place({30.0, 0.0}, kPi, 120.0);
  const Controls none;
  for (int i = 0; i < 120; ++i) {
    world.step(std::span<const Controls>(&none, 1));
    for (Vec2 corner : body_polygon(world.car(0))) ASSERT_GT(corner.x, -kOverlapTolerance) << "step " << i;
  }
}

// ---------------------------------------------------------------- car against car

class CarsMeet : public ::testing::TestWithParam<std::tuple<double, double>> {};

// Head-on, nose to nose on one line, each at `speed`: their polygons never overlap beyond
// the solver's slop and the cars never swap sides along the line.
TEST_P(CarsMeet, HeadOnNeverPassThrough) {
  const auto [speed, rate] = GetParam();
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {rate});
  world.add_car(test::shipped_car("sedan"), {-15.0, 0.0}, 0.0);
  world.add_car(test::shipped_car("hatchback"), {15.0, 0.3}, kPi);  // a little off-centre: they also rotate
  world.car(0).place({-15.0, 0.0}, 0.0, speed);
  world.car(1).place({15.0, 0.3}, kPi, speed);
  Controls c[2];
  c[0].throttle = c[1].throttle = 1.0;
  PassThroughWatch watch;
  for (int i = 0; i < static_cast<int>(rate * 1.5); ++i) {
    world.step(c);
    watch.observe(body_polygon(world.car(0)), body_polygon(world.car(1)));
    ASSERT_LT(watch.deepest, kOverlapTolerance) << "step " << i;
    ASSERT_FALSE(watch.swapped) << "step " << i;
    ASSERT_LT(world.car(0).position().x, world.car(1).position().x) << "step " << i;
  }
  EXPECT_GE(world.contacts(0).cars, 1);
}

// Side-on: a car driven into the side of a car crossing its path. (After the hit the
// crossing car spins, so "sides" are those of the separating axis step to step.)
TEST_P(CarsMeet, SideOnNeverPassThrough) {
  const auto [speed, rate] = GetParam();
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {rate});
  // Car 1 crosses along +x at 20 m/s and is at x ~ 0 when car 0 (heading +y) reaches y = 0.
  const double t_meet = 20.0 / speed;
  world.add_car(test::shipped_car("racer"), {0.0, -20.0 - 2.5}, kPi / 2.0);
  world.add_car(test::shipped_car("sedan"), {-20.0 * t_meet, 0.0}, 0.0);
  world.car(0).place({0.0, -20.0 - 2.5}, kPi / 2.0, speed);
  world.car(1).place({-20.0 * t_meet, 0.0}, 0.0, 20.0);
  Controls c[2];
  c[0].throttle = 1.0;
  c[1].throttle = 0.5;
  PassThroughWatch watch;
  for (int i = 0; i < static_cast<int>(rate * 1.5); ++i) {
    world.step(c);
    watch.observe(body_polygon(world.car(0)), body_polygon(world.car(1)));
    ASSERT_LT(watch.deepest, kOverlapTolerance) << "step " << i;
    ASSERT_FALSE(watch.swapped) << "step " << i;
  }
  EXPECT_GE(world.contacts(0).cars, 1);
}

// The watch has teeth: without bullet mode (continuous collision between dynamic bodies)
// two cars closing at 240 m/s at 60 Hz (4 m a step) do go through each other.
TEST(Collisions, WithoutBulletsFastCarsWouldPassThrough) {
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {60.0});
  world.add_car(test::shipped_car("sedan"), {-15.0, 0.0}, 0.0);
  world.add_car(test::shipped_car("hatchback"), {15.0, 0.3}, kPi);
  world.car(0).place({-15.0, 0.0}, 0.0, 120.0);
  world.car(1).place({15.0, 0.3}, kPi, 120.0);
  world.car(0).body()->SetBullet(false);
  world.car(1).body()->SetBullet(false);
  Controls c[2];
  PassThroughWatch watch;
  for (int i = 0; i < 90; ++i) {
    world.step(c);
    watch.observe(body_polygon(world.car(0)), body_polygon(world.car(1)));
  }
  EXPECT_TRUE(watch.swapped || watch.deepest > kOverlapTolerance);
}

INSTANTIATE_TEST_SUITE_P(SpeedsRates, CarsMeet,
                         ::testing::Combine(::testing::Values(30.0, 60.0, 120.0), ::testing::Values(60.0, 240.0)));

// ---------------------------------------------------------------- how a hit feels

struct WallHit {
  double speed_after = 0.0;    // m/s, 0.25 s after the first contact
  double rebound = 0.0;        // m/s, largest speed away from the wall after the first contact
};

/// Fires a sedan, coasting, at a wall at x = 30 at `angle_deg` from the wall's normal.
WallHit hit_wall(double speed, double angle_deg) {
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {240.0});
  world.add_wall_loop({{-300, -300}, {30, -300}, {30, 300}, {-300, 300}}, World::KeepCars::Inside);
  const double heading = deg_to_rad(angle_deg);
  const Vec2 start = Vec2{27.0, 0.0} - from_angle(heading) * 8.0;
  world.add_car(test::shipped_car("sedan"), start, heading);
  world.car(0).place(start, heading, speed);
  const Controls coast;
  WallHit out;
  int hit_step = -1;
  for (int i = 0; i < 240 * 3; ++i) {
    world.step(std::span<const Controls>(&coast, 1));
    if (hit_step < 0 && world.contacts(0).walls > 0) hit_step = i;
    if (hit_step >= 0) out.rebound = std::max(out.rebound, -world.car(0).velocity().x);
    if (hit_step >= 0 && i == hit_step + 60) out.speed_after = world.car(0).speed();
  }
  return out;
}

// Restitution: car 0.2 (car files), walls 0.1, obstacles 0.15; Box2D takes the larger of
// the two, so car-wall and car-car hits bounce at 0.2 (below 1 m/s of approach Box2D
// makes them inelastic). A head-on hit at 20 m/s leaves the car rolling back at ~0.2 of
// its speed: it stops, with a small visible bounce, and is not flung back into traffic.
TEST(Collisions, HeadOnWallHitStopsTheCarWithLittleBounce) {
  const WallHit hit = hit_wall(20.0, 0.0);
  EXPECT_GT(hit.rebound, 0.1 * 20.0);   // some bounce (restitution 0.2, tyres rolling it back)
  EXPECT_LT(hit.rebound, 0.3 * 20.0);   // but little: restitution must stay in 0.1-0.3
  EXPECT_LT(hit.speed_after, 0.3 * 20.0);
}

// Friction: body 0.3 against walls 0.3 (Box2D: sqrt of the product, 0.3). A hit at 10
// degrees to the wall loses only the normal part of the speed (sin 10 ~ 0.17) and friction
// times that impulse along the wall, so most of the speed is kept.
TEST(Collisions, GlancingWallHitKeepsMostOfTheSpeed) {
  const WallHit hit = hit_wall(30.0, 80.0);
  EXPECT_GT(hit.speed_after, 0.75 * 30.0);
  EXPECT_LT(hit.rebound, 0.3 * 30.0 * std::cos(deg_to_rad(80.0)) + 1.0);  // the normal part bounces little
}

}  // namespace
}  // namespace racer
