// Sparks: a wall hit throws sparks from the contact point and away from the wall; a scrape
// keeps a stream going, more the faster it slides; no contact means no sparks, however the
// car moves (a teleport included); sparks cool and die; the count is capped; the same
// inputs give the same sparks.
#include "render/sparks.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/math.h"

namespace racer {
namespace {

constexpr double kDt = 1.0 / 240.0;

CarSnapshot car_at(Vec2 p, Vec2 v) {
  CarSnapshot c;
  c.position = p;
  c.velocity = v;
  c.speed = length(v);
  return c;
}

// A wall at x = 40 on the car's right, seen from a car whose nose touches it.
ContactPoint wall_contact(Vec2 point, double slide) {
  ContactPoint c;
  c.car = 0;
  c.other = -1;
  c.point = point;
  c.normal = {1.0, 0.0};
  c.slide_mps = slide;
  return c;
}

TEST(Sparks, AWallHitThrowsThemFromTheContactAwayFromTheWall) {
  Sparks s;
  const Vec2 hit{40.0, 0.5};
  // One step at 20 m/s towards the wall, the next nearly stopped against it: a knock of
  // about 18 m/s, far beyond what tyres do in 1/240 s (0.1 m/s).
  const std::vector<CarSnapshot> before{car_at({37.5, 0.0}, {20.0, 0.0})};
  const std::vector<CarSnapshot> after{car_at({37.6, 0.0}, {2.0, 0.5})};
  s.step(before, {}, kDt);
  EXPECT_EQ(s.count(), 0u);
  const std::vector<ContactPoint> contacts{wall_contact(hit, 0.5)};
  s.step(after, contacts, kDt);
  ASSERT_GE(s.count(), 20u) << "a burst";
  bool flash = false;
  for (const Spark& k : s.sparks()) {
    // Born within the spawn jitter (0.1 m each way) of the contact.
    EXPECT_LT(length(k.position - hit), 0.15);
    EXPECT_LE(k.velocity.x, 1e-9) << "never into the wall";
    flash = flash || k.flash;
  }
  EXPECT_TRUE(flash) << "and a flash where it landed";
  // They fly out: a few steps later the streaks have left the wall.
  for (int i = 0; i < 24; ++i) s.step(after, {}, kDt);
  double mean_x = 0.0;
  std::size_t streaks = 0;
  for (const Spark& k : s.sparks())
    if (!k.flash) mean_x += k.position.x, ++streaks;
  ASSERT_GT(streaks, 0u);
  EXPECT_LT(mean_x / static_cast<double>(streaks), hit.x - 0.2);
}

TEST(Sparks, NoContactNoSparks) {
  Sparks s;
  // The same knock with no contact: nothing.
  s.step(std::vector<CarSnapshot>{car_at({37.5, 0.0}, {20.0, 0.0})}, {}, kDt);
  s.step(std::vector<CarSnapshot>{car_at({37.6, 0.0}, {2.0, 0.0})}, {}, kDt);
  EXPECT_EQ(s.count(), 0u);
  // A fast car spinning, for 2 s, touching nothing: nothing.
  for (int i = 0; i < 480; ++i) {
    CarSnapshot c = car_at({30.0 * kDt * i, 0.0}, {30.0, 0.0});
    c.yaw_rate = 4.0;
    s.step(std::vector<CarSnapshot>{c}, {}, kDt);
  }
  EXPECT_EQ(s.count(), 0u);
  // A car resting against a wall (touching, not sliding, not knocked): nothing.
  const std::vector<ContactPoint> resting{wall_contact({40.0, 0.0}, 0.0)};
  for (int i = 0; i < 240; ++i) s.step(std::vector<CarSnapshot>{car_at({37.7, 0.0}, {})}, resting, kDt);
  EXPECT_EQ(s.count(), 0u);
}

TEST(Sparks, ATeleportAgainstAWallIsNoKnock) {
  Sparks s;
  s.step(std::vector<CarSnapshot>{car_at({0.0, 0.0}, {30.0, 0.0})}, {}, kDt);
  // Placed 60 m away at rest (a respawn), touching a wall but not sliding along it.
  const std::vector<ContactPoint> contacts{wall_contact({40.0, 60.0}, 0.0)};
  s.step(std::vector<CarSnapshot>{car_at({37.7, 60.0}, {})}, contacts, kDt);
  EXPECT_EQ(s.count(), 0u);
}

TEST(Sparks, AScrapeStreamsMoreTheFasterItSlides) {
  auto stream = [](double slide) {
    SparkConfig cfg;
    cfg.life_s = 10.0;  // none die within the second: the count is the births
    cfg.capacity = 10000;
    Sparks s(cfg);
    const std::vector<ContactPoint> contacts{wall_contact({40.0, 0.0}, slide)};
    for (int i = 0; i < 240; ++i) {  // 1 s along the wall at `slide` m/s, no knock
      const std::vector<CarSnapshot> cars{car_at({37.7, slide * kDt * i}, {0.0, slide})};
      s.step(cars, contacts, kDt);
    }
    return static_cast<double>(s.count());
  };
  EXPECT_EQ(stream(1.0), 0.0) << "below scrape_start_mps";
  // scrape_rate x ramp(slide): 140 x (8 - 2.5) / 17.5 = 44 and 140 per second; the
  // rounding draws one number per step, a spread of about sqrt(240 p (1 - p)) < 8.
  EXPECT_NEAR(stream(8.0), 44.0, 25.0);
  EXPECT_NEAR(stream(25.0), SparkConfig{}.scrape_rate, 30.0);
}

TEST(Sparks, BetweenTwoCarsTheyComeFromTheirContact) {
  Sparks s;
  ContactPoint c;
  c.car = 0;
  c.other = 1;
  c.point = {0.0, 1.0};
  c.normal = {0.0, 1.0};
  c.slide_mps = 12.0;
  const std::vector<ContactPoint> contacts{c};
  for (int i = 0; i < 60; ++i)
    s.step(std::vector<CarSnapshot>{car_at({0.0, 0.0}, {20.0, 0.0}), car_at({0.0, 2.0}, {8.0, 0.0})}, contacts, kDt);
  ASSERT_GT(s.count(), 5u);
  // A contact naming a car that is not there is skipped.
  Sparks t;
  for (int i = 0; i < 60; ++i) t.step(std::vector<CarSnapshot>{car_at({0.0, 0.0}, {20.0, 0.0})}, contacts, kDt);
  EXPECT_EQ(t.count(), 0u);
}

TEST(Sparks, TheyCoolAndDie) {
  EXPECT_GT(Sparks::colour(1.0).g, Sparks::colour(0.3).g) << "white-yellow, then orange-red";
  EXPECT_GT(Sparks::colour(1.0).b, Sparks::colour(0.3).b);
  EXPECT_EQ(Sparks::colour(0.0).a, 0);
  Sparks s;
  const std::vector<ContactPoint> contacts{wall_contact({40.0, 0.0}, 25.0)};
  for (int i = 0; i < 60; ++i) s.step(std::vector<CarSnapshot>{car_at({37.7, 0.0}, {0.0, 25.0})}, contacts, kDt);
  ASSERT_GT(s.count(), 0u);
  for (int i = 0; i < 240; ++i) s.step(std::vector<CarSnapshot>{car_at({37.7, 0.0}, {})}, {}, kDt);
  EXPECT_EQ(s.count(), 0u) << "every spark lives under 1 s";
}

TEST(Sparks, CountIsCapped) {
  SparkConfig cfg;
  cfg.capacity = 50;
  Sparks s(cfg);
  std::vector<CarSnapshot> cars;
  std::vector<ContactPoint> contacts;
  for (int i = 0; i < 8; ++i) {
    cars.push_back(car_at({37.7, 10.0 * i}, {0.0, 30.0}));
    ContactPoint c = wall_contact({40.0, 10.0 * i}, 30.0);
    c.car = i;
    contacts.push_back(c);
  }
  for (int i = 0; i < 480; ++i) {
    s.step(cars, contacts, kDt);
    ASSERT_LE(s.count(), 50u);
  }
  EXPECT_EQ(s.count(), 50u);
  for (const Spark& k : s.sparks()) EXPECT_LT(k.age, 0.2) << "the oldest went first";
}

TEST(Sparks, DeterministicGivenInputs) {
  Sparks a(SparkConfig{}, 3), b(SparkConfig{}, 3);
  const std::vector<ContactPoint> contacts{wall_contact({40.0, 0.0}, 18.0)};
  for (int i = 0; i < 120; ++i) {
    const std::vector<CarSnapshot> cars{car_at({37.7, 18.0 * kDt * i}, {0.0, 18.0})};
    a.step(cars, contacts, kDt);
    b.step(cars, contacts, kDt);
  }
  ASSERT_EQ(a.count(), b.count());
  for (std::size_t i = 0; i < a.count(); ++i) {
    EXPECT_EQ(a.sparks()[i].position, b.sparks()[i].position);
    EXPECT_EQ(a.sparks()[i].life, b.sparks()[i].life);
  }
}

}  // namespace
}  // namespace racer
