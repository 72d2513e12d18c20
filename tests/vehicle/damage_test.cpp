// Damage (pure): impacts -> zone and tyre levels, marks, capped mechanical effects.
#include "vehicle/damage.h"

#include <gtest/gtest.h>

#include "vehicle/car_spec.h"
#include "test_paths.h"

namespace racer {
namespace {

CarSpec sedan() { return load_car_spec(test::car_path("sedan")).value(); }

/// A hit with impulse J along `normal` (body frame) at `point`, no sliding.
Impact hit(double impulse, Vec2 normal, Vec2 point, double slide = 0.0) {
  return {impulse, point, normal, slide, slide / 240.0};
}

/// The impulse that gives `energy` J on the sedan.
double impulse_for(double energy) { return std::sqrt(2.0 * energy * sedan().body.mass); }

TEST(Damage, ImpactEnergyIsImpulseSquaredOverTwiceTheMass) {
  EXPECT_DOUBLE_EQ(impact_energy(3000.0, 1500.0), 3000.0);
  // A 1500 kg car stopped dead from 20 m/s (J = m v) takes its kinetic energy.
  EXPECT_DOUBLE_EQ(impact_energy(1500.0 * 20.0, 1500.0), 0.5 * 1500.0 * 400.0);
}

TEST(Damage, AHarderHitCostsMore) {
  double previous = 0.0;
  for (double energy : {10e3, 50e3, 200e3, 800e3, 3e6}) {
    Damage d(sedan());
    d.add_impact(hit(impulse_for(energy), {1, 0}, {2.5, 0}));
    EXPECT_GT(d.level(DamageZone::Front), previous) << energy;
    EXPECT_LT(d.level(DamageZone::Front), 1.0);
    previous = d.level(DamageZone::Front);
    EXPECT_LT(d.effects().torque_factor, 1.0);
  }
  // Two hits cost more than one of them.
  Damage one(sedan()), two(sedan());
  one.add_impact(hit(impulse_for(100e3), {1, 0}, {2.5, 0}));
  two.add_impact(hit(impulse_for(100e3), {1, 0}, {2.5, 0}));
  two.add_impact(hit(impulse_for(100e3), {1, 0}, {2.5, 0}));
  EXPECT_GT(two.level(DamageZone::Front), one.level(DamageZone::Front));
  EXPECT_LT(two.effects().torque_factor, one.effects().torque_factor);
}

TEST(Damage, BelowTheThresholdNothingButAScrape) {
  Damage d(sedan());
  const double j = impulse_for(0.9 * d.tuning().threshold_j);
  d.add_impact(hit(j, {0, -1}, {0.5, -0.9}, 20.0));  // sliding along a wall on the right
  EXPECT_EQ(d.impacts(), 0);
  EXPECT_EQ(d.mark_count(), 0);
  for (int z = 0; z < kDamageZoneCount; ++z) EXPECT_EQ(d.level(static_cast<DamageZone>(z)), 0.0);
  EXPECT_TRUE(d.effects().neutral());
  EXPECT_NEAR(d.summary().scrape_m[static_cast<int>(DamageZone::Right)], 20.0 / 240.0, 1e-12);
}

struct LocationCase {
  Vec2 normal, point;
  DamageZone zone;
  int wheel;  // nearest wheel: FL 0, FR 1, RL 2, RR 3
};

TEST(Damage, TheHitLandsWhereTheCarWasStruck) {
  const CarSpec spec = sedan();
  const double front = (spec.body.cg_to_front_axle - spec.rear_axle_to_cg()) / 2.0 + spec.body.length / 2.0;
  const LocationCase cases[] = {
      {{1, 0}, {front, 0.3}, DamageZone::Front, 0},       // nose, left of centre
      {{-1, 0}, {front - spec.body.length, -0.4}, DamageZone::Rear, 3},
      {{0, 1}, {0.8, 0.91}, DamageZone::Left, 0},        // left door, forward of the CG
      {{0.2, -0.98}, {-1.2, -0.91}, DamageZone::Right, 3}, // a wall at an angle on the right rear
  };
  for (const LocationCase& c : cases) {
    Damage d(spec);
    d.add_impact(hit(impulse_for(200e3), c.normal, c.point));
    for (int z = 0; z < kDamageZoneCount; ++z) {
      const auto zone = static_cast<DamageZone>(z);
      if (zone == c.zone) {
        EXPECT_GT(d.level(zone), 0.2) << damage_zone_name(zone);
      } else {
        EXPECT_EQ(d.level(zone), 0.0) << damage_zone_name(zone);
      }
    }
    for (int w = 0; w < 4; ++w) EXPECT_EQ(d.tyre_level(w) > 0.0, w == c.wheel) << "wheel " << w;
    ASSERT_EQ(d.mark_count(), 1);
    EXPECT_EQ(d.mark(0).zone, c.zone);
    // The mark sits on that side of the body outline.
    const Vec2 m = d.mark(0).point;
    const double expected = c.zone == DamageZone::Front  ? front
                            : c.zone == DamageZone::Rear ? front - spec.body.length
                            : c.zone == DamageZone::Left ? spec.body.width / 2.0
                                                         : -spec.body.width / 2.0;
    const bool lengthwise = c.zone == DamageZone::Front || c.zone == DamageZone::Rear;
    EXPECT_NEAR(lengthwise ? m.x : m.y, expected, 1e-12);
  }
}

TEST(Damage, SteeringPullsTowardsTheDamagedSide) {
  Damage left(sedan()), right(sedan());
  left.add_impact(hit(impulse_for(300e3), {0, 1}, {0, 0.91}));
  right.add_impact(hit(impulse_for(300e3), {0, -1}, {0, -0.91}));
  EXPECT_GT(left.effects().steer_offset, 0.0);   // + = left
  EXPECT_LT(right.effects().steer_offset, 0.0);
  EXPECT_DOUBLE_EQ(left.effects().steer_offset, -right.effects().steer_offset);
  EXPECT_EQ(left.effects().torque_factor, 1.0);  // a door does not cost engine power
}

TEST(Damage, CapsHoldHoweverHardAndOftenTheCarIsHit) {
  Damage d(sedan());
  const DamageTuning& t = d.tuning();
  const Vec2 normals[] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  const Vec2 points[] = {{2.5, 0.5}, {-2.3, -0.5}, {1.4, 0.9}, {-1.4, -0.9}};
  for (int i = 0; i < 2000; ++i) {
    d.add_impact(hit(impulse_for(5e6), normals[i % 4], points[(i / 4) % 4]));
    if (i % 3 == 0) d.add_impact(hit(impulse_for(5e6), {0, 1}, {0.0, 0.9}));  // lopsided: more on the left
    const DamageEffects e = d.effects();
    ASSERT_LE(std::abs(e.steer_offset), t.max_steer_pull);
    ASSERT_GE(e.torque_factor, 1.0 - t.max_power_loss);
    for (double g : e.grip_factor) ASSERT_GE(g, 1.0 - t.max_grip_loss);
    ASSERT_LE(d.mark_count(), kMaxDamageMarks);
  }
  for (int z = 0; z < kDamageZoneCount; ++z) EXPECT_LE(d.level(static_cast<DamageZone>(z)), 1.0);
  EXPECT_NEAR(d.effects().torque_factor, 1.0 - t.max_power_loss, 1e-6);  // saturated at the cap
  EXPECT_NEAR(d.summary().worst, 1.0, 1e-6);
}

TEST(Damage, GlancingHitsScuffHeadOnHitsDent) {
  Damage d(sedan());
  const double j = impulse_for(50e3);  // a normal speed change of j / m ~ 5.8 m/s
  d.add_impact(hit(j, {0, -1}, {1.0, -0.91}, 30.0));  // sliding on at 30 m/s: a scuff
  d.add_impact(hit(j, {1, 0}, {2.5, 0.0}, 0.5));      // stopped dead: a dent
  ASSERT_EQ(d.mark_count(), 2);
  EXPECT_TRUE(d.mark(0).scuff);
  EXPECT_FALSE(d.mark(1).scuff);
}

TEST(Damage, NearbyHitsDeepenOneMarkAndMarksAreBounded) {
  Damage d(sedan());
  d.add_impact(hit(impulse_for(50e3), {1, 0}, {2.5, 0.1}));
  const double first = d.mark(0).severity;
  d.add_impact(hit(impulse_for(50e3), {1, 0}, {2.5, 0.3}));
  ASSERT_EQ(d.mark_count(), 1);
  EXPECT_GT(d.mark(0).severity, first);
  for (int i = 0; i < 20; ++i) d.add_impact(hit(impulse_for(50e3), {0, 1}, {-2.0 + 0.6 * i, 0.9}));
  EXPECT_EQ(d.mark_count(), kMaxDamageMarks);
}

TEST(Damage, SameImpactsSameHashAndRepairClearsEverything) {
  const auto run = [](double scale) {
    Damage d(sedan());
    for (int i = 0; i < 10; ++i)
      d.add_impact(hit(scale * impulse_for(20e3 * (i + 1)), {std::cos(i * 1.0), std::sin(i * 1.0)}, {0.3 * i - 1.0, 0.2}, i));
    return d;
  };
  const auto hash = [](const Damage& d) {
    Hash64 h;
    d.hash_into(h);
    return h.value();
  };
  EXPECT_EQ(hash(run(1.0)), hash(run(1.0)));
  EXPECT_NE(hash(run(1.0)), hash(run(1.0 + 1e-9)));
  Damage d = run(1.0);
  d.repair();
  EXPECT_EQ(hash(d), hash(Damage(sedan())));
  EXPECT_TRUE(d.effects().neutral());
}

}  // namespace
}  // namespace racer
