// The route (ai/route.h): its passing and let-by lanes on every shipped track, and its choice
// among a track's branches.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "ai/driver_road.h"
#include "ai/route.h"
#include "core/math.h"
#include "core/result.h"
#include "test_paths.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {
namespace {

constexpr double kSplit = 1.35;  // m, route.cpp's kLaneSplit: each lane's inner bound off the road's middle
constexpr double kApart = 4.0;  // m, route.cpp's kLetByApart: each let-by lane's inner bound off the racing line
constexpr double kMargin = 1.4;  // m, the shipped profiles' line margin

// The sedan's route on shipped track `file`, as the races plan it.
void plan_shipped(const std::string& file, std::shared_ptr<const AiRoute>& out) {
  auto track = Track::load(std::string(RACER_SOURCE_DIR) + "/tracks/" + file);
  ASSERT_TRUE(track.ok()) << track.error_text();
  const Result<CarSpec> spec = load_car_spec(std::string(RACER_SOURCE_DIR) + "/assets/cars/sedan.json");
  ASSERT_TRUE(spec.ok()) << spec.error_text();
  out = plan_route(*track.value(), spec.value(), kMargin);
}

class PassingLanes : public ::testing::TestWithParam<std::string> {};

// Each lane keeps to its own half of the usable road, so two cars in the two lanes are
// 2 x 1.35 m apart centre to centre wherever the road is that wide. Tolerance 0.3 m: the
// lane is read abreast of the racing line from a resampled spline (a sample every 2 m),
// and the solver's bounds hold at the corridor's samples, not between them.
TEST_P(PassingLanes, KeepToTheirHalfOfTheRoad) {
  std::shared_ptr<const AiRoute> route;
  ASSERT_NO_FATAL_FAILURE(plan_shipped(GetParam(), route));
  const std::size_t n = route->line.size();
  ASSERT_EQ(route->lane_left.offset.size(), n);
  ASSERT_EQ(route->lane_right.offset.size(), n);
  std::size_t wide = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double l = route->lane_left.offset[i], r = route->lane_right.offset[i];
    EXPECT_LE(l, route->room_left[i] + 0.3) << "left lane off the road at sample " << i;
    EXPECT_GE(r, -route->room_right[i] - 0.3) << "right lane off the road at sample " << i;
    if (route->room_left[i] + route->room_right[i] < 2.0 * kSplit + 0.6) continue;
    ++wide;
    EXPECT_GE(l - r, 2.0 * kSplit - 0.3) << "lanes closer than their split at sample " << i;
  }
  EXPECT_GT(wide, n / 2);  // the check above is about most of the track, not a few samples
}

// Each let-by lane keeps kApart from the racing line, out of the way of a car passing on it,
// wherever the road has that room beside the line, and at the road's edge where it has not.
// Tolerance 0.3 m as above.
TEST_P(PassingLanes, LetByLanesKeepOffTheLine) {
  std::shared_ptr<const AiRoute> route;
  ASSERT_NO_FATAL_FAILURE(plan_shipped(GetParam(), route));
  const std::size_t n = route->line.size();
  ASSERT_EQ(route->let_by_left.offset.size(), n);
  ASSERT_EQ(route->let_by_right.offset.size(), n);
  std::size_t apart = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double l = route->let_by_left.offset[i], r = route->let_by_right.offset[i];
    EXPECT_LE(l, route->room_left[i] + 0.3) << "left let-by lane off the road at sample " << i;
    EXPECT_GE(r, -route->room_right[i] - 0.3) << "right let-by lane off the road at sample " << i;
    EXPECT_GE(l, std::min(kApart, route->room_left[i]) - 0.3) << "left let-by lane near the line at sample " << i;
    EXPECT_LE(r, -std::min(kApart, route->room_right[i]) + 0.3) << "right let-by lane near the line at sample " << i;
    apart += l >= kApart - 0.3 || r <= -kApart + 0.3;
  }
  EXPECT_GT(apart, n / 2);  // on most of the track, one of them is clear of the line
}

// Each racing-line sample's lane position moves on along the lane as the line does: the
// abreast mapping neither jumps nor runs backwards (a pass reads its speed there).
TEST_P(PassingLanes, AreReadAbreastOfTheLineInOrder) {
  std::shared_ptr<const AiRoute> route;
  ASSERT_NO_FATAL_FAILURE(plan_shipped(GetParam(), route));
  for (int side : {+2, +1, -1, -2}) {
    const PassingLane& lane = std::abs(side) == 2 ? route->let_by_lane(side) : route->lane(side);
    const double len = lane.line.length, step = route->line.spacing();
    for (std::size_t i = 0; i < lane.lane_s.size(); ++i) {
      const double next = lane.lane_s[(i + 1) % lane.lane_s.size()];
      const double d = std::fmod(next - lane.lane_s[i] + len, len);
      // A lane on the inside of a bend is shorter, on the outside longer: within a factor 2.
      EXPECT_GT(d, 0.5 * step) << "side " << side << " sample " << i;
      EXPECT_LT(d, 2.0 * step) << "side " << side << " sample " << i;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(ShippedTracks, PassingLanes,
                         ::testing::Values("kestrel_downs.json", "lantern_hill.json", "port_ardent.json",
                                           "foundry_loop.json", "cragmoor_stage.json"));

// Three Forks (tests/track/unseen/three_forks.json): two asphalt cut-offs across the bumps of
// the top and bottom straights, each saving about 300 m, and a longer dirt detour. The
// fastest lap takes both cut-offs, which no single branch gives.
TEST(RouteBranches, TakesTheFastestCombinationOfBranches) {
  auto track = Track::load(std::string(RACER_SOURCE_DIR) + "/tests/track/unseen/three_forks.json");
  ASSERT_TRUE(track.ok()) << track.error_text();
  const Track& t = *track.value();
  ASSERT_EQ(t.branches().size(), 3u);
  const Result<CarSpec> spec = load_car_spec(std::string(RACER_SOURCE_DIR) + "/assets/cars/sedan.json");
  ASSERT_TRUE(spec.ok()) << spec.error_text();
  const auto route = plan_route(t, spec.value(), kMargin);

  std::vector<std::string> taken;
  for (int b : route->branches) taken.push_back(branch_name(t, b));
  std::sort(taken.begin(), taken.end());
  EXPECT_EQ(taken, (std::vector<std::string>{"North Cut", "South Cut"}));
  // Main loop first, then each branch alone, then the sets tried: the route kept is the
  // fastest of them, and faster than the loop with any one branch by a clear margin (each
  // cut-off alone leaves the other bump's 300 m and four corners: several seconds).
  const std::vector<double>& times = route->candidate_lap_times;
  ASSERT_GE(times.size(), 5u);
  EXPECT_DOUBLE_EQ(route->limit_lap_time, *std::min_element(times.begin(), times.end()));
  const double best_single = *std::min_element(times.begin() + 1, times.begin() + 4);
  EXPECT_LT(route->limit_lap_time, best_single - 3.0);
}

// The two cut-offs can share a lap; the dirt detour on the east side can too; a branch
// cannot be taken with itself twice nor with one leaving inside the stretch it skips.
TEST(RouteBranches, CompatibleSetsAreThoseOneLapCanDrive) {
  auto track = Track::load(std::string(RACER_SOURCE_DIR) + "/tests/track/unseen/three_forks.json");
  ASSERT_TRUE(track.ok()) << track.error_text();
  const Track& t = *track.value();
  EXPECT_TRUE(branches_compatible(t, {0, 1}));
  EXPECT_TRUE(branches_compatible(t, {0, 1, 2}));
  EXPECT_FALSE(branches_compatible(t, {0, 0}));
  for (int b = 0; b < 3; ++b) {
    const BranchSpan span = branch_span(t, b);
    EXPECT_GT(span.skipped, 100.0) << branch_name(t, b);
    EXPECT_LT(span.skipped, 0.5 * t.centreline().length()) << branch_name(t, b);
  }
}

// A corridor through all three branches is one continuous loop: consecutive samples about
// the 2 m spacing apart (at most 3 m: a branch's spacing is rounded to fit its length, and a
// fork's two sides meet within a metre), none repeated.
TEST(RouteBranches, CorridorThroughSeveralBranchesIsContinuous) {
  auto track = Track::load(std::string(RACER_SOURCE_DIR) + "/tests/track/unseen/three_forks.json");
  ASSERT_TRUE(track.ok()) << track.error_text();
  const std::vector<CorridorSample> c = route_corridor(*track.value(), std::vector<int>{2, 0, 1});
  ASSERT_GT(c.size(), 100u);
  for (std::size_t i = 0; i < c.size(); ++i) {
    const double d = length(c[(i + 1) % c.size()].centre - c[i].centre);
    EXPECT_GT(d, 0.5) << "sample " << i;
    EXPECT_LT(d, 3.0) << "sample " << i;
  }
}

// The room a car can hold beside the racing line (DriverRoad's: the route's room under the
// car's body either way) keeps a car clear of every static obstacle on the road: each point
// of an obstacle's outline (every 0.1 m), taken to the line, lies beyond that room on its
// side plus a sedan's half width (0.9 m) at the nearest line sample. Quarry Stage's
// tyre stack (1.8 m across) fell between two of the corridor's samples (2 m apart): the room
// beside it was the road's, 0.9 m into the stack, and a car on a lane beside it hit it.
TEST(RouteObstacles, TheRoomKeepsACarClearOfEveryObstacle) {
  const Result<CarSpec> spec = load_car_spec(std::string(RACER_SOURCE_DIR) + "/assets/cars/sedan.json");
  ASSERT_TRUE(spec.ok()) << spec.error_text();
  for (const char* file : {"tests/track/unseen/quarry_stage.json", "tests/track/unseen/harbour_streets.json"}) {
    auto track = Track::load(std::string(RACER_SOURCE_DIR) + "/" + file);
    ASSERT_TRUE(track.ok()) << track.error_text();
    const DriverRoad road = DriverRoad::plan(plan_route(*track.value(), spec.value(), kMargin), *track.value(), 1.0);
    const AiRoute* route = road.route.get();
    ASSERT_FALSE(track.value()->obstacles().empty());
    for (const ObstacleSpec& o : track.value()->obstacles()) {
      std::vector<Vec2> outline;
      if (o.shape == ObstacleShape::Circle) {
        for (double a = 0.0; a < 2.0 * kPi; a += 0.1 / o.radius) outline.push_back(o.position + from_angle(a) * o.radius);
      } else {
        const Vec2 ax = from_angle(o.angle), ay = perp(ax);
        for (double u = -o.half_length; u <= o.half_length + 1e-9; u += 0.1)
          for (const double v : {-o.half_width, o.half_width}) outline.push_back(o.position + ax * u + ay * v);
        for (double v = -o.half_width; v <= o.half_width + 1e-9; v += 0.1)
          for (const double u : {-o.half_length, o.half_length}) outline.push_back(o.position + ax * u + ay * v);
      }
      double worst = 1e9;  // m, the least clearance of a car at the room's edge to the outline
      for (const Vec2 p : outline) {
        const double s = route->path.project(p, -1).s;
        const PathSample at = route->path.at(s);
        const double lat = dot(p - at.position, at.normal);
        const std::size_t i = route->line.index_at(s);
        const double room = lat > 0.0 ? road.clear_left[i] : road.clear_right[i];
        worst = std::min(worst, std::abs(lat) - room - 0.9);
      }
      EXPECT_GE(worst, 0.0) << file << ": a car at the room's edge overlaps the " << o.kind << " by " << -worst << " m";
    }
  }
}

}  // namespace
}  // namespace racer
