// clear_room (ai/clear_room.h): the room a car can hold beside its line, ahead of an
// obstacle cut out of a few samples of the route's room.
#include "ai/clear_room.h"

#include <gtest/gtest.h>

#include <vector>

namespace racer {
namespace {

// 3 m of room everywhere but samples 20-22 (an obstacle: 0.2 m), 2 m apart, a 2.5 m reach
// and a 0.15 taper: the room is 0.2 m wherever a car's body (2.5 m either way) overlaps the
// obstacle, and narrows towards it at the taper from further back; behind it, only the body's
// reach; far from it, untouched.
TEST(ClearRoom, NarrowsAheadOfAnObstacleAtTheTaper) {
  std::vector<double> room(100, 3.0);
  for (int i = 20; i <= 22; ++i) room[static_cast<std::size_t>(i)] = 0.2;
  const ClearRoomRules r;  // 2.5 m reach, 0.15 taper
  const std::vector<double> c = clear_room(room, 2.0, r);
  ASSERT_EQ(c.size(), room.size());
  for (int i = 19; i <= 23; ++i) EXPECT_DOUBLE_EQ(c[static_cast<std::size_t>(i)], 0.2) << i;  // within 2 m of it
  EXPECT_NEAR(c[18], 0.2 + 0.15 * (4.0 - 2.5), 1e-12);   // 4 m before it
  EXPECT_NEAR(c[10], 0.2 + 0.15 * (20.0 - 2.5), 1e-12);  // 20 m before it: 2.825 m
  EXPECT_DOUBLE_EQ(c[5], 3.0);                            // 30 m before: the taper has given it all back
  EXPECT_DOUBLE_EQ(c[24], 3.0);                           // 4 m past it: the body is clear
  // Never more than the room itself, anywhere.
  for (std::size_t i = 0; i < room.size(); ++i) EXPECT_LE(c[i], room[i]) << i;
}

// Room changing no faster than the taper (a road widening, a line drifting across it) is
// narrowed only by what it changes under the car's body (here one sample either way); the
// line is closed, so an obstacle just past the end narrows its start.
TEST(ClearRoom, GentleChangesOnlyUnderTheBodyAndTheLineIsClosed) {
  std::vector<double> room(50);
  for (std::size_t i = 0; i < room.size(); ++i) room[i] = 2.0 + 0.1 * static_cast<double>(i % 25);  // 0.05 m/m
  std::vector<double> c = clear_room(room, 2.0);
  for (std::size_t i = 2; i <= 15; ++i) EXPECT_NEAR(c[i], room[i - 1], 1e-12) << i;  // (the drop at i = 25 narrows 18-24)
  room.assign(50, 3.0);
  room[0] = 0.0;
  c = clear_room(room, 2.0);
  EXPECT_DOUBLE_EQ(c[49], 0.0);  // 2 m before it, round the end of the lap
  EXPECT_NEAR(c[45], 0.15 * (10.0 - 2.5), 1e-12);
}

}  // namespace
}  // namespace racer
