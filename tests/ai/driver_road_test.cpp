// DriverRoad (ai/driver_road.h): the room a car can hold beside the line and the lanes read
// through it are the route's own wherever no static obstacle stands on the road, and drawn
// in ahead of one that does.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "ai/ai_params.h"
#include "ai/driver_road.h"
#include "ai/route.h"
#include "core/result.h"
#include "test_paths.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {
namespace {

// The sedan's road on track `file` (a path from the source root), as the races plan it.
DriverRoad plan_road(const std::string& file, std::shared_ptr<const Track>& track) {
  auto loaded = Track::load(test::source_path(file));
  EXPECT_TRUE(loaded.ok()) << loaded.error_text();
  const Result<CarSpec> spec = load_car_spec(test::car_path("sedan"));
  EXPECT_TRUE(spec.ok()) << spec.error_text();
  track = loaded.value();
  return DriverRoad::plan(plan_route(*track, spec.value(), AiParams{}.line_margin), *track, AiParams{}.grip_use);
}

// The first line sample where an obstacle takes over `depth` m of the room (`left` and
// `right` against the route's room without the obstacles), and its side; the line's size:
// none.
std::size_t first_cut(const AiRoute& r, const std::vector<double>& left, const std::vector<double>& right, double depth,
                      int& side) {
  for (std::size_t i = 0; i < r.line.size(); ++i) {
    if (left[i] < r.open_left[i] - depth) return side = +1, i;
    if (right[i] < r.open_right[i] - depth) return side = -1, i;
  }
  return r.line.size();
}

// Port Ardent has no obstacle: at every line sample the room is the route's (its racing line
// runs out to the edges at 0.2-0.3 m/m in its narrow section, which is not an obstacle), and
// every passing and let-by lane is read as the route planned it. Exact: nothing is computed
// in between.
TEST(DriverRoad, RoomAndLanesAreTheRoutesWhereNoObstacleStands) {
  std::shared_ptr<const Track> track;
  const DriverRoad road = plan_road("tracks/port_ardent.json", track);
  const AiRoute& r = *road.route;
  ASSERT_TRUE(track->obstacles().empty());
  for (std::size_t i = 0; i < r.line.size(); ++i) {
    const double s = r.line.s[i];
    ASSERT_EQ(r.open_left[i], r.room_left[i]) << i;
    ASSERT_EQ(r.open_right[i], r.room_right[i]) << i;
    ASSERT_EQ(road.room(s, +1), r.room_left[i]) << i;
    ASSERT_EQ(road.room(s, -1), r.room_right[i]) << i;
    for (const bool let_by : {false, true})
      for (const int side : {+1, -1}) ASSERT_DOUBLE_EQ(road.lane_offset(side, let_by, s), road.lane(side, let_by).offset[i]) << i;
  }
}

// Harbour Streets' parked van stands on the road: where it cuts the room (the route's room
// under the room without it), that is the room a car holds; 10 m before it the room is
// already narrowed (at the 0.15 m/m taper beyond the body's 2.5 m), and the lanes on its
// side are drawn in within that room wherever it is narrowed.
TEST(DriverRoad, RoomNarrowsBeforeAnObstacleOnTheRoad) {
  std::shared_ptr<const Track> track;
  const DriverRoad road = plan_road("tests/track/unseen/harbour_streets.json", track);
  const AiRoute& r = *road.route;
  const std::size_t n = r.line.size();
  int side = 0;
  const std::size_t cut = first_cut(r, r.room_left, r.room_right, 0.5, side);
  ASSERT_LT(cut, n) << "no obstacle cuts the room";
  const std::vector<double>& room = side > 0 ? r.room_left : r.room_right;
  const std::vector<double>& clear = side > 0 ? road.clear_left : road.clear_right;
  EXPECT_LE(clear[cut], room[cut]);
  const double spacing = r.line.spacing();
  const auto back = static_cast<std::size_t>(std::round(10.0 / spacing));
  const std::size_t before = (cut + n - back) % n;
  const double at_taper = room[cut] + 0.15 * (static_cast<double>(back) * spacing - 2.5) + 1e-9;
  EXPECT_LE(clear[before], at_taper);
  EXPECT_LT(clear[before], room[before]);
  int narrowed = 0;
  for (std::size_t k = 0; k <= back; ++k) {
    const std::size_t i = (before + k) % n;
    if (clear[i] >= room[i]) continue;  // (where the route's own room is the least, the lanes are the route's)
    ++narrowed;
    for (const bool let_by : {false, true})
      EXPECT_LE(side * road.lane_offset(side, let_by, r.line.s[i]), clear[i] + 1e-9) << k;
  }
  EXPECT_GT(narrowed, 0);
}

// obstacle_on_side: Harbour Streets' parked van takes the room on one side of the line: seen
// from 20 m before its first cut sample over 30 m, not over 10 m, and never on the other
// side there; Port Ardent has no obstacle, so nothing is seen over the whole lap.
TEST(DriverRoad, AnObstacleIsSeenOnItsSideOfTheLineAhead) {
  std::shared_ptr<const Track> track;
  const DriverRoad road = plan_road("tests/track/unseen/harbour_streets.json", track);
  const AiRoute& r = *road.route;
  const std::size_t n = r.line.size();
  int side = 0;
  const std::size_t cut = first_cut(r, road.clear_left, road.clear_right, 2.0 * kObstacleCut, side);
  ASSERT_LT(cut, n) << "no obstacle cuts the room";
  // The first sample whose room it takes by more than kObstacleCut, walking back from there.
  const std::vector<double>& clear = side > 0 ? road.clear_left : road.clear_right;
  const std::vector<double>& open = side > 0 ? r.open_left : r.open_right;
  std::size_t first = cut;
  while (open[(first + n - 1) % n] - clear[(first + n - 1) % n] > kObstacleCut) first = (first + n - 1) % n;
  const double before = r.line.s[first] - 20.0;
  EXPECT_TRUE(road.obstacle_on_side(side, before, 30.0));
  EXPECT_FALSE(road.obstacle_on_side(side, before, 10.0));
  EXPECT_FALSE(road.obstacle_on_side(-side, before, 30.0));
  std::shared_ptr<const Track> port;
  const DriverRoad open_road = plan_road("tracks/port_ardent.json", port);
  for (double s = 0.0; s < open_road.route->path.length(); s += 100.0)
    for (const int sd : {+1, -1}) ASSERT_FALSE(open_road.obstacle_on_side(sd, s, 100.0)) << s;
}

}  // namespace
}  // namespace racer
