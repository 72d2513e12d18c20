// touching_contacts: where cars touch walls and each other after a step, read-only. A car
// scraping a wall has a contact on the wall's face with the normal pointing into the wall and
// its slide speed; two cars side by side have one contact (the pair once) between them; and
// reading the contacts never changes the world (the state hash of a run that reads them
// every step equals one that does not).
#include "sim/contact_points.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/math.h"
#include "sim/world.h"
#include "test_paths.h"

namespace racer {
namespace {

CarSpec spec_of(const char* name) { return load_car_spec(test::car_path(name)).value(); }

constexpr double kWallX = 40.0;

// A sedan driven at 25 m/s 20 degrees into a barrier at x = 40 on its right, steering
// into it, so it scrapes along it.
std::uint64_t scrape(bool read_contacts, std::vector<ContactPoint>* seen = nullptr) {
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {240.0});
  world.add_barrier({{kWallX, -300}, {kWallX, 300}});
  const double heading = deg_to_rad(70.0);
  world.add_car(spec_of("sedan"), {34.0, 0.0}, heading);
  world.car(0).place({34.0, 0.0}, heading, 25.0);
  Controls c;
  c.throttle = 0.6;
  c.steer = -0.4;
  std::vector<ContactPoint> contacts;
  for (int i = 0; i < 240; ++i) {
    world.step(std::span<const Controls>(&c, 1));
    if (!read_contacts) continue;
    touching_contacts(world, contacts);
    if (seen != nullptr) seen->insert(seen->end(), contacts.begin(), contacts.end());
  }
  return world.state_hash();
}

TEST(ContactPoints, AWallScrapeIsOnTheWallFacingIt) {
  std::vector<ContactPoint> seen;
  scrape(true, &seen);
  ASSERT_GT(seen.size(), 10u) << "the car touched the wall for a while";
  double fastest = 0.0;
  for (const ContactPoint& c : seen) {
    EXPECT_EQ(c.car, 0);
    EXPECT_EQ(c.other, -1) << "static geometry";
    // Box2D keeps bodies within its slop and polygon skin (a few cm) of each other.
    EXPECT_NEAR(c.point.x, kWallX, 0.05);
    EXPECT_NEAR(c.normal.x, 1.0, 1e-3) << "from the car into the wall";
    EXPECT_NEAR(length(c.normal), 1.0, 1e-4);
    fastest = std::max(fastest, c.slide_mps);
  }
  EXPECT_GT(fastest, 5.0) << "m/s: the car slides along the wall";
}

TEST(ContactPoints, ReadingThemChangesNothing) { EXPECT_EQ(scrape(true), scrape(false)); }

TEST(ContactPoints, TwoCarsTouchingGiveOnePairContactBetweenThem) {
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {240.0});
  world.add_car(spec_of("sedan"), {0.0, 0.0}, 0.0);
  world.add_car(spec_of("sedan"), {0.0, 3.0}, -0.15);  // closing in from the left
  world.car(0).place({0.0, 0.0}, 0.0, 20.0);
  world.car(1).place({0.0, 3.0}, -0.15, 20.0);
  const Controls none[2];
  std::vector<ContactPoint> contacts;
  bool touched = false;
  for (int i = 0; i < 480 && !touched; ++i) {
    world.step(std::span<const Controls>(none, 2));
    touching_contacts(world, contacts);
    for (const ContactPoint& c : contacts) {
      touched = true;
      EXPECT_EQ(c.car, 0) << "each pair once, from the lower index";
      EXPECT_EQ(c.other, 1);
      EXPECT_GT(c.normal.y, 0.9) << "car 0 -> car 1 is to its left";
      const double y0 = world.car(0).position().y, y1 = world.car(1).position().y;
      EXPECT_GT(c.point.y, y0);
      EXPECT_LT(c.point.y, y1);
    }
  }
  EXPECT_TRUE(touched);
}

}  // namespace
}  // namespace racer
