// The traffic picture (ai/traffic.h) on hand-built views: a circular racing line and other
// cars placed on it by line coordinates, no race and no physics.
#include "ai/traffic.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ai/path.h"
#include "core/math.h"

namespace racer {
namespace {

// A racing line round a circle of 300 m radius, counter-clockwise, a vertex every ~2 m: its
// left (+ lateral) is towards the centre.
constexpr double kRadius = 300.0;

Path circle_line() {
  std::vector<Vec2> points;
  const int n = 942;
  for (int i = 0; i < n; ++i) {
    const double a = 2.0 * kPi * i / n;
    points.push_back({kRadius * std::cos(a), kRadius * std::sin(a)});
  }
  return Path(std::move(points), true);
}

// A car at s m along the line, `lat` m to its left, driving along it at `speed` m/s.
OtherCarView car_at(int index, double s, double lat, double speed) {
  const double a = s / kRadius;
  const Vec2 radial{std::cos(a), std::sin(a)}, tangent{-std::sin(a), std::cos(a)};
  OtherCarView o;
  o.index = index;
  o.position = radial * (kRadius - lat);
  o.heading = std::atan2(tangent.y, tangent.x);
  o.velocity = tangent * speed;
  return o;  // the default sedan-sized footprint: 2.2 m half length, 0.9 m half width
}

// Our car at s, on the line, at `speed`, seeing `others` at fixed step `step`.
DriverView view_at(double s, double speed, const std::vector<OtherCarView>& others, std::int64_t step = 0) {
  const OtherCarView me = car_at(0, s, 0.0, speed);
  DriverView v;
  v.self.position = me.position;
  v.self.heading = me.heading;
  v.self.velocity = me.velocity;
  v.self.forward_speed = speed;
  v.others = others;
  v.step = step;
  return v;
}

const CarSize kUs{2.2, 0.9};
// The line's chords sit within 2 mm of the circle (sagitta of a 2 m chord on 300 m): the
// positions read back in line coordinates agree to that, the speeds to a few mm/s.
constexpr double kTol = 0.01;

TEST(Traffic, ASlowerCarInOurLaneIsTheCarAhead) {
  const Path line = circle_line();
  const std::vector<OtherCarView> others{car_at(1, 120.0, 0.3, 25.0)};
  TrafficScan scan;
  const TrafficPicture p = scan.scan(view_at(100.0, 30.0, others), line, {100.0, 0.0}, kUs, {}, {});
  ASSERT_EQ(p.ahead.index, 1);
  EXPECT_NEAR(p.ahead.ds, 20.0, kTol);
  EXPECT_NEAR(p.ahead.gap, 20.0 - 4.4, kTol) << "m bumper to bumper";
  EXPECT_NEAR(p.ahead.lat, 0.3, kTol);
  EXPECT_NEAR(p.ahead.speed, 25.0, kTol);
  EXPECT_NEAR(p.ahead.closing, 5.0, kTol) << "m/s, ours minus its";
  EXPECT_FALSE(p.queued) << "15.6 m is beyond the 10 m queue gap";
  EXPECT_FALSE(p.alongside);
  EXPECT_EQ(p.behind.index, -1);
  ASSERT_EQ(p.near.size(), 1u) << "within 30 m ahead: near";
  EXPECT_EQ(p.beside.size(), 1u);
  EXPECT_TRUE(p.rear.empty());
}

TEST(Traffic, ACarBesideUsInTheNextLaneIsNotAhead) {
  const Path line = circle_line();
  const std::vector<OtherCarView> others{car_at(1, 101.0, 3.0, 30.0)};
  TrafficScan scan;
  const TrafficPicture p = scan.scan(view_at(100.0, 30.0, others), line, {100.0, 0.0}, kUs, {}, {});
  EXPECT_EQ(p.ahead.index, -1) << "overlapping us but clear sideways: beside, not to be braked for";
  EXPECT_TRUE(p.alongside);
  EXPECT_NEAR(p.alongside_lat, 3.0, kTol);
  ASSERT_EQ(p.beside.size(), 1u);
  EXPECT_NEAR(p.beside[0].ds, 1.0, kTol);
  EXPECT_NEAR(p.beside[0].lat, 3.0, kTol);
}

TEST(Traffic, ACarOverlappingUsInOurLaneIsAheadAndQueuesUs) {
  const Path line = circle_line();
  const std::vector<OtherCarView> others{car_at(1, 103.0, 0.5, 0.0)};
  TrafficScan scan;
  const TrafficPicture p = scan.scan(view_at(100.0, 0.5, others), line, {100.0, 0.0}, kUs, {}, {});
  ASSERT_EQ(p.ahead.index, 1);
  EXPECT_LT(p.ahead.gap, 0.0) << "overlapping along the line";
  EXPECT_TRUE(p.queued);
}

TEST(Traffic, TheNearestCarBehindAndTheFasterOnesFurtherBack) {
  const Path line = circle_line();
  // 20 m behind in the next lane, faster; 30 m behind on the line, slower.
  const std::vector<OtherCarView> others{car_at(1, 80.0, -3.0, 35.0), car_at(2, 70.0, 0.0, 25.0)};
  TrafficScan scan;
  const TrafficPicture p = scan.scan(view_at(100.0, 30.0, others), line, {100.0, 0.0}, kUs, {}, {});
  ASSERT_EQ(p.behind.index, 1);
  EXPECT_NEAR(p.behind.ds, -20.0, kTol);
  EXPECT_NEAR(p.behind.closing, -5.0, kTol) << "ours minus its: it gains on us";
  EXPECT_EQ(p.ahead.index, -1);
  EXPECT_TRUE(p.near.empty()) << "both further back than 4 m bumper to bumper";
  ASSERT_EQ(p.rear.size(), 1u) << "only the faster one closes on us";
  EXPECT_EQ(p.rear[0].index, 1);
  EXPECT_NEAR(p.rear[0].closing, 5.0, kTol) << "m/s on us";
}

TEST(Traffic, CarsBeyondTheLookRangeAreNotSeen) {
  const Path line = circle_line();
  const std::vector<OtherCarView> others{car_at(1, 170.0, 0.0, 10.0), car_at(2, 40.0, 0.0, 60.0)};
  TrafficScan scan;
  const TrafficPicture p = scan.scan(view_at(100.0, 30.0, others), line, {100.0, 0.0}, kUs, {}, {});
  EXPECT_EQ(p.ahead.index, -1) << "70 m ahead: beyond the 45 m look range";
  EXPECT_EQ(p.behind.index, -1) << "60 m behind";
  EXPECT_TRUE(p.near.empty());
  EXPECT_TRUE(p.rear.empty());
}

// The scan remembers when we went by a car: ahead of us at one scan, behind at the next.
TEST(Traffic, RemembersWhenWeWentByACar) {
  const Path line = circle_line();
  TrafficScan scan;
  const std::vector<OtherCarView> before{car_at(1, 101.0, 3.0, 25.0)};
  TrafficPicture p = scan.scan(view_at(100.0, 30.0, before, 240), line, {100.0, 0.0}, kUs, {}, {});
  EXPECT_EQ(p.behind.index, -1);
  const std::vector<OtherCarView> after{car_at(1, 103.0, 3.0, 25.0)};
  p = scan.scan(view_at(110.0, 30.0, after, 480), line, {110.0, 0.0}, kUs, {}, {});
  ASSERT_EQ(p.behind.index, 1);
  EXPECT_NEAR(p.behind_passed_at, 2.0, 1e-12) << "s since the start (step 480 of 1/240 s): the scan that found it behind";
}

// The car racecraft singles out (the focus) is found wherever it is, and a car in the lane
// the offset is bound back to is the merge's car.
TEST(Traffic, TheFocusTargetAndTheMergeLane) {
  const Path line = circle_line();
  const std::vector<OtherCarView> others{car_at(1, 115.0, 3.5, 28.0)};
  TrafficScan scan;
  TrafficFocus focus;
  focus.target = 1;
  focus.bound_goal = 3.5;
  const TrafficPicture p = scan.scan(view_at(100.0, 30.0, others), line, {100.0, 0.0}, kUs, focus, {});
  EXPECT_EQ(p.target.index, 1);
  EXPECT_EQ(p.ahead.index, -1) << "not in our lane";
  EXPECT_FALSE(p.ahead_is_target);
  EXPECT_EQ(p.merging.index, 1) << "in the lane of the bound goal";
  EXPECT_NEAR(p.merging.gap, 15.0 - 4.4, kTol);
}

}  // namespace
}  // namespace racer
