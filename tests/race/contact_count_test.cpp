// ContactCount on hand-built worlds: a scrape along a wall made of many chain edges is one
// contact, touching again after the gap is a second, two cars touching count once for the
// pair and once in each car's tally, and a finished car's tally stops.
#include "race/contact_count.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/math.h"
#include "sim/world.h"
#include "test_paths.h"

namespace racer {
namespace {

CarSpec sedan() { return load_car_spec(test::car_path("sedan")).value(); }

void step_all(World& world, ContactCount& count, const std::vector<bool>& finished, double seconds, Controls c = {}) {
  const std::vector<Controls> controls(world.car_count(), c);
  const int steps = static_cast<int>(std::lround(seconds / world.dt()));
  for (int i = 0; i < steps; ++i) {
    world.step(controls);
    count.update(world, finished);
  }
}

// A wall of 1 m chain edges along y = 3; the car runs along it at 15 m/s with its side on it
// (heading a little into it): Box2D begins a contact at every edge, the race counts one.
TEST(ContactCount, AScrapeAlongAChainWallIsOneContact) {
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {240.0});
  std::vector<Vec2> wall;
  for (int x = -20; x <= 200; ++x) wall.push_back({static_cast<double>(x), 3.0});
  world.add_barrier(wall);
  world.add_car(sedan(), {0.0, 1.6}, 0.05);
  world.car(0).place({0.0, 1.6}, 0.05, 15.0);
  ContactCount count;
  const std::vector<bool> running{false};
  Controls c;
  c.throttle = 0.3;
  c.steer = 0.05;  // keep leaning on the wall
  step_all(world, count, running, 3.0, c);
  EXPECT_GE(world.contacts(0).walls, 3) << "Box2D began several contacts (the premise)";
  EXPECT_EQ(count.walls(0), 1);
  EXPECT_EQ(count.cars(0), 0);
}

// Away from the wall for longer than the gap, then back on it: a second contact.
TEST(ContactCount, TouchingAgainAfterTheGapIsANewContact) {
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {240.0});
  world.add_barrier({{10.0, -20.0}, {10.0, 20.0}});
  world.add_car(sedan(), {0.0, 0.0}, 0.0);
  world.car(0).place({0.0, 0.0}, 0.0, 6.0);
  ContactCount count;
  const std::vector<bool> running{false};
  step_all(world, count, running, 2.0);  // rolls into the wall and stops against it
  ASSERT_EQ(count.walls(0), 1);
  world.car(0).place({0.0, 0.0}, 0.0, 6.0);  // back 8 m, and into it again after > 0.5 s
  step_all(world, count, running, 2.0);
  EXPECT_EQ(count.walls(0), 2);
}

// Car 1 runs into the back of car 0: one contact for the pair, in both tallies; with car 0
// finished, only car 1's tally grows.
TEST(ContactCount, TwoCarsCountOncePerPair) {
  for (bool first_finished : {false, true}) {
    const UniformSurface ground(Surface::Asphalt);
    World world(ground, {240.0});
    world.add_car(sedan(), {10.0, 0.0}, 0.0);
    world.add_car(sedan(), {0.0, 0.0}, 0.0);
    world.car(1).place({0.0, 0.0}, 0.0, 8.0);
    ContactCount count;
    const std::vector<bool> finished{first_finished, false};
    bool seen_pair = false;
    const int steps = static_cast<int>(2.0 * 240.0);
    for (int i = 0; i < steps; ++i) {
      world.step(std::vector<Controls>(2));
      count.update(world, finished);
      for (const CountedContact& k : count.counted()) {
        EXPECT_EQ(k.a, 0);
        EXPECT_EQ(k.b, 1);
        EXPECT_EQ(k.a_counts, !first_finished);
        EXPECT_TRUE(k.b_counts);
        seen_pair = true;
      }
    }
    EXPECT_TRUE(seen_pair);
    EXPECT_EQ(count.cars(0), first_finished ? 0 : 1);
    EXPECT_EQ(count.cars(1), 1);
    EXPECT_EQ(count.walls(0) + count.walls(1), 0);
  }
}

}  // namespace
}  // namespace racer
