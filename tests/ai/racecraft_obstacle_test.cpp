// Racecraft (ai/racecraft.h) beside a static obstacle: Quarry Stage (tests/track/unseen), a
// truck parked at one edge of the road. The lanes on its side swerve round it, slower than
// the line, and a car on one at speed, braking for that, cannot steer back in as fast: no
// move takes a lane with an obstacle on its side within kObstacleLook (3 s at our speed),
// and a move under way ends before one. Hand-built traffic pictures, one decision a call.
#include <gtest/gtest.h>

#include <memory>

#include "ai/racecraft.h"
#include "sedan_road.h"

namespace racer {
namespace {

constexpr double kDt = 1.0 / 60.0;  // s, one decision at DriverConfig's local rate
constexpr double kLate = 100.0;     // s since the start: long past the start's calm
constexpr double kLook = 3.0;       // s ahead at our speed no move's lane may have an obstacle on its side

class ObstacleTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    test::SedanRoad r = test::plan_sedan_road("tests/track/unseen/quarry_stage.json");
    ASSERT_TRUE(r.road);
    track_ = std::move(r.track);
    us_ = r.us;
    road_ = std::move(r.road);
  }
  static void TearDownTestSuite() { road_.reset(), track_.reset(); }

  // m along the line where an obstacle first takes room on `side` (seen from 200 m on: off
  // the grid), and that side; -1: none.
  static double first_cut(int& side) {
    for (double s = 200.0; s < road_->route->path.length(); s += 1.0)
      for (const int sd : {+1, -1})
        if (road_->obstacle_on_side(sd, s, 0.0)) return side = sd, s;
    return -1.0;
  }
  // A car level with us, `lat` m off the line, at our speed `fwd`, as the traffic scan sees it.
  static TrafficPicture beside(double lat, double fwd) {
    TrafficPicture p;
    p.near.push_back(NearCar{0.0, lat, us_.half_width, us_.half_length, 1, 0.0, 0.0});
    p.beside.push_back({0.0, lat, us_.half_length, us_.half_width, 0.0});
    p.alongside = true;
    p.alongside_lat = lat;
    p.target.index = 1, p.target.lat = lat, p.target.speed = fwd;
    p.target.half_length = us_.half_length, p.target.half_width = us_.half_width;
    p.target.gap = -2.0 * us_.half_length;
    return p;
  }

  static std::shared_ptr<const Track> track_;
  static CarSize us_;
  static std::unique_ptr<DriverRoad> road_;
};

std::shared_ptr<const Track> ObstacleTest::track_;
CarSize ObstacleTest::us_;
std::unique_ptr<DriverRoad> ObstacleTest::road_;

// A car come up beside us 3 m off the line, away from the truck, 60 m before it at 40 m/s
// (1.5 s): no racing room is given on the truck's side. 400 m before it (10 s), where that
// lane is off the line with nothing on its side for the look, the same car is given room.
TEST_F(ObstacleTest, NoRacingRoomIsGivenOnTheSideOfAnObstacleAhead) {
  int side = 0;
  const double cut = first_cut(side);
  ASSERT_GE(cut, 0.0) << "no obstacle on Quarry Stage's road";
  const double fwd = 40.0;
  const AiParams params;
  AiRng rng(1);
  TrafficPicture p = beside(-side * 3.0, fwd);
  Racecraft near_truck(DriverConfig{}, us_);
  const LineChoice c = near_truck.decide({road_.get(), &params, &p, {cut - 60.0, 0.0}, fwd, kLate}, rng);
  EXPECT_EQ(c.lane_side, 0) << "no lane towards the truck";
  EXPECT_EQ(near_truck.counts().room_given, 0);
  const double far = cut - 400.0;
  ASSERT_FALSE(road_->obstacle_on_side(side, far, kLook * fwd));
  ASSERT_GT(side * road_->lane_offset(side, false, far), 0.5) << "the lane at s = " << far << " is on the line";
  Racecraft far_off(DriverConfig{}, us_);
  EXPECT_EQ(far_off.decide({road_.get(), &params, &p, {far, 0.0}, fwd, kLate}, rng).lane_side, side);
  EXPECT_EQ(far_off.counts().room_given, 1);
}

// Racing room given 400 m before the truck at 30 m/s, the car kept beside us as we drive on
// along the line: the move ends once the truck comes within the look (90 m), and before
// the lane starts to swerve round it (clear_room's taper).
TEST_F(ObstacleTest, RacingRoomUnderWayEndsBeforeAnObstacleOnItsSide) {
  int side = 0;
  const double cut = first_cut(side);
  ASSERT_GE(cut, 0.0);
  const double fwd = 30.0;
  const AiParams params;
  AiRng rng(1);
  TrafficPicture p = beside(-side * 3.0, fwd);
  Racecraft rc(DriverConfig{}, us_);
  double s = cut - 400.0;
  ASSERT_EQ(rc.decide({road_.get(), &params, &p, {s, 0.0}, fwd, kLate}, rng).lane_side, side);
  double ended = -1.0;
  for (int k = 1; s < cut && ended < 0.0; ++k) {
    s += fwd * kDt;
    rc.decide({road_.get(), &params, &p, {s, 0.0}, fwd, kLate + k * kDt}, rng);
    if (rc.focus().target < 0) ended = s;
  }
  ASSERT_GE(ended, 0.0) << "the room was still given at the truck";
  EXPECT_GE(ended, cut - kLook * fwd - 1.0) << "m: not before the truck came within the look";
  EXPECT_LE(ended, cut - kLook * fwd + 1.0) << "m: as soon as it did";
  EXPECT_EQ(rc.counts().room_given, 1) << "not given again towards it";
}

}  // namespace
}  // namespace racer
