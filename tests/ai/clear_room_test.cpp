// clear_room (ai/clear_room.h): the room a car can hold beside its line, ahead of an
// obstacle cut out of a few samples of the route's room; the road's own narrowings are left
// as the route measured them.
#include "ai/clear_room.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace racer {
namespace {

// 3 m of room everywhere but samples 20-22 (an obstacle: 0.2 m, 3 m without it), 2 m apart, a
// 2.5 m reach and a 0.15 taper: the room is 0.2 m wherever a car's body (2.5 m either way)
// overlaps the obstacle, and narrows towards it at the taper from further back; behind it,
// only the body's reach; far from it, untouched.
TEST(ClearRoom, NarrowsAheadOfAnObstacleAtTheTaper) {
  std::vector<double> room(100, 3.0);
  const std::vector<double> open = room;
  for (int i = 20; i <= 22; ++i) room[static_cast<std::size_t>(i)] = 0.2;
  const ClearRoomRules r;  // 2.5 m reach, 0.15 taper
  const std::vector<double> c = clear_room(room, open, 2.0, r);
  ASSERT_EQ(c.size(), room.size());
  for (int i = 19; i <= 23; ++i) EXPECT_DOUBLE_EQ(c[static_cast<std::size_t>(i)], 0.2) << i;  // within 2 m of it
  EXPECT_NEAR(c[18], 0.2 + 0.15 * (4.0 - 2.5), 1e-12);   // 4 m before it
  EXPECT_NEAR(c[10], 0.2 + 0.15 * (20.0 - 2.5), 1e-12);  // 20 m before it: 2.825 m
  EXPECT_DOUBLE_EQ(c[5], 3.0);                            // 30 m before: the taper has given it all back
  EXPECT_DOUBLE_EQ(c[24], 3.0);                           // 4 m past it: the body is clear
  // Never more than the room itself, anywhere.
  for (std::size_t i = 0; i < room.size(); ++i) EXPECT_LE(c[i], room[i]) << i;
}

// The same obstacle just past the end of a closed line narrows its start, round the lap.
TEST(ClearRoom, TheLineIsClosed) {
  std::vector<double> room(50, 3.0);
  const std::vector<double> open = room;
  room[0] = 0.0;
  const std::vector<double> c = clear_room(room, open, 2.0);
  EXPECT_DOUBLE_EQ(c[49], 0.0);  // 2 m before it, round the end of the lap
  EXPECT_NEAR(c[45], 0.15 * (10.0 - 2.5), 1e-12);
  EXPECT_DOUBLE_EQ(c[1], 0.0);  // 2 m past it: under the body
}

// The road's own narrowings, however fast (a racing line running out to the edge at an
// apex at 0.3 m/m, or a kink of 2.8 m in one sample), are not obstacles: without one, the
// room is the route's, sample for sample. (Narrowed at the taper, the lanes and offsets of a
// car beside another on Port Ardent, which has no obstacle, were pulled up to 3.8 m towards
// the line, and the two cars into each other.)
TEST(ClearRoom, TheRoadsOwnNarrowingsAreLeftAlone) {
  std::vector<double> room(60);
  for (std::size_t i = 0; i < room.size(); ++i) room[i] = std::max(0.0, 9.0 - 0.6 * static_cast<double>(i));  // 0.3 m/m
  room[40] = 0.2, room[41] = 3.0;
  const std::vector<double> c = clear_room(room, room, 2.0);
  for (std::size_t i = 0; i < room.size(); ++i) EXPECT_DOUBLE_EQ(c[i], room[i]) << i;
}

}  // namespace
}  // namespace racer
