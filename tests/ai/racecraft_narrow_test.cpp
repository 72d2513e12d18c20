// Racecraft (ai/racecraft.h) on a narrow road: Harbour Streets, an 8 m street circuit
// (tests/track/unseen), where the racing line runs from edge to edge and a passing lane
// clears the car on the line only here and there. A pass is started only where the road
// leaves room for two cars abreast, with the daylight a lane pass keeps, for the stretch the
// pass needs; elsewhere we follow and wait. Hand-built traffic pictures, one decision a call.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>

#include "ai/racecraft.h"
#include "ai/route.h"
#include "core/result.h"
#include "sedan_road.h"
#include "test_paths.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {
namespace {

constexpr double kLate = 100.0;  // s since the start: long past the start's calm
constexpr double kFwd = 20.0;    // m/s, ours
constexpr double kTheirs = 15.0; // m/s, the car ahead's
constexpr double kGap = 10.0;    // m bumper to bumper to it
// m between the two centres that two cars abreast need: both half widths (0.9 m) and the
// 1.2 m of daylight a lane pass keeps
constexpr double kApart = 2.0 * 0.9 + 1.2;
// m the lanes are sampled every by these tests (the rule samples every 4 m: a narrowing the
// tests count is 8 m long or more, so the rule cannot step over it)
constexpr double kStep = 1.0;

class NarrowRoadTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    test::SedanRoad r = test::plan_sedan_road("tests/track/unseen/harbour_streets.json");
    ASSERT_TRUE(r.road);
    track_ = std::move(r.track);
    us_ = r.us;
    road_ = std::move(r.road);
  }
  static void TearDownTestSuite() { road_.reset(), track_.reset(); }

  // The first s (m along the line, 5 m steps, from 200 m: off the grid) where `ok` holds; -1: none.
  static double find_s(const std::function<bool(double)>& ok) {
    for (double s = 200.0; s < road_->route->path.length(); s += 5.0)
      if (ok(s)) return s;
    return -1.0;
  }
  // m along the line from us to the car ahead's centre.
  static double car_ds() { return kGap + 2.0 * us_.half_length; }
  // The least, over [from, to] m past `at`, of how far side sd's passing lane is towards sd
  // from the racing line (where the car ahead drives).
  static double least_apart(int sd, double at, double from, double to) {
    double least = 1e9;
    for (double d = from; d <= to; d += kStep) least = std::min(least, sd * road_->lane_offset(sd, false, at + d));
    return least;
  }
  // Side sd's lane clears the car on the line where it is now, and has room for two abreast
  // for `length` m on from there (with 0.1 m to spare either way of kApart).
  static bool room_for(int sd, double s, double length) {
    return least_apart(sd, s + car_ds(), 0.0, length) >= kApart + 0.1;
  }
  // Side sd's lane clears the car where it is now, but comes within kApart of the line for
  // 8 m somewhere in the next `within` m: no room for two abreast over that stretch.
  static bool narrows(int sd, double s, double within) {
    if (least_apart(sd, s + car_ds(), 0.0, 0.0) < kApart + 0.1) return false;
    for (double d0 = 4.0; d0 + 8.0 <= within; d0 += kStep) {
      double most = -1e9;
      for (double d = d0; d <= d0 + 8.0; d += kStep) most = std::max(most, sd * road_->lane_offset(sd, false, s + car_ds() + d));
      if (most < kApart - 0.1) return true;
    }
    return false;
  }
  // Side sd's lane is one we could take at our speed: its braking envelope over kFwd + 5 m/s
  // for 30 m (a lane we would brake off is never taken, room or not).
  static bool lane_fast(int sd, double s) {
    for (double d = 0.0; d <= 30.0; d += 4.0)
      if (road_->lane_profile(sd, false).envelope_speed(road_->lane_s_at(sd, false, s + d)) <= kFwd + 5.0) return false;
    return true;
  }
  // One decision with the car ahead `car_ds()` on the line at kTheirs: the passes started.
  static int passes_started(double s) {
    const AiParams params;
    Racecraft rc(DriverConfig{}, us_);
    AiRng rng(1);
    TrafficPicture p;
    p.ahead.index = 1;
    p.ahead.ds = car_ds();
    p.ahead.gap = kGap;
    p.ahead.speed = kTheirs;
    p.ahead.closing = kFwd - kTheirs;
    p.near.push_back(NearCar{p.ahead.ds, 0.0, 0.9, 2.2, 1, 0.0, kTheirs - kFwd});
    p.beside.push_back({p.ahead.ds, 0.0, 2.2, 0.9, 0.0});
    rc.decide({road_.get(), &params, &p, {s, 0.0}, kFwd, kLate}, rng);
    return rc.counts().passes_started;
  }

  static std::shared_ptr<const Track> track_;
  static CarSize us_;
  static std::unique_ptr<DriverRoad> road_;
};

std::shared_ptr<const Track> NarrowRoadTest::track_;
CarSize NarrowRoadTest::us_;
std::unique_ptr<DriverRoad> NarrowRoadTest::road_;

// Where a lane clears the car on the line now but, on both sides, comes within two cars'
// width and daylight of the line within 24 m (the line crossing the road towards the next
// corner): no pass (the stretch a pass needs here is 30 m: 2 s at the car's speed).
TEST_F(NarrowRoadTest, NoPassWhereTheRoadLacksRoomForTwo) {
  const double s = find_s([&](double at) {
    const bool shut[2] = {narrows(+1, at, 24.0) || least_apart(+1, at + car_ds(), 0.0, 0.0) < kApart + 0.1,
                          narrows(-1, at, 24.0) || least_apart(-1, at + car_ds(), 0.0, 0.0) < kApart + 0.1};
    const bool tempting = (narrows(+1, at, 24.0) && lane_fast(+1, at)) || (narrows(-1, at, 24.0) && lane_fast(-1, at));
    return shut[0] && shut[1] && tempting;
  });
  ASSERT_GE(s, 0.0) << "no place where a lane clears the car now and the road narrows ahead";
  EXPECT_EQ(passes_started(s), 0) << "a pass started at s = " << s << " into a road without room for two";
}

// Where a lane keeps room for two abreast for 40 m ahead of the car: the pass is started.
TEST_F(NarrowRoadTest, PassWhereTheRoadHasRoomForTwo) {
  const double s = find_s([&](double at) {
    return (room_for(+1, at, 40.0) && lane_fast(+1, at)) || (room_for(-1, at, 40.0) && lane_fast(-1, at));
  });
  ASSERT_GE(s, 0.0) << "no stretch with a lane clear of the line by two cars for 40 m";
  EXPECT_EQ(passes_started(s), 1) << "no pass started at s = " << s;
}

// ---------------------------------------------------------------- squeezed beside a car

// The least room on side sd (m off the line) over [from, to] m past s.
double least_room(const DriverRoad& road, int sd, double s, double from, double to) {
  double least = 1e9;
  for (double d = from; d <= to; d += kStep) least = std::min(least, road.room(road.route->path.wrap(s + d), sd));
  return least;
}

// One decision, ours 2.4 m right of the line at kFwd, with a car `ds` m along the line from
// us (CG to CG) on the line beside us.
LineChoice decide_beside(const DriverRoad& road, CarSize us, double s, double ds) {
  const AiParams params;
  Racecraft rc(DriverConfig{}, us);
  AiRng rng(1);
  TrafficPicture p;
  p.near.push_back(NearCar{ds, 0.0, 0.9, 2.2, 1, 0.0, 0.0});
  p.beside.push_back({ds, 0.0, 2.2, 0.9, 0.0});
  p.alongside = std::abs(ds) < us.half_length + 2.2 + kBesideMargin;
  return rc.decide({&road, &params, &p, {s, -2.4}, kFwd, kLate}, rng);
}
bool squeezed_by(const DriverRoad& road, CarSize us, double s, double ds) { return decide_beside(road, us, s, ds).squeezed; }

// Harbour Streets is narrow everywhere: its corridor for the cars' centres (the room either
// side of the line) is under two car widths and two side gaps (6 m) all round the lap.
TEST_F(NarrowRoadTest, AnEightMetreStreetIsNarrowAllRound) {
  for (double s = 0.0; s < road_->route->path.length(); s += 50.0)
    EXPECT_TRUE(decide_beside(*road_, us_, s, 0.5).narrow) << "at s = " << s;
}

// Ours 2.4 m right of a car on the line, level with it: where the room on our side runs
// down to 1.5 m within the next 30 m (1.5 s at our speed; the line crossing to our edge at a
// bend's exit), we are squeezed and drop back; where it stays 2.6 m or more, we are not;
// with the car 3 m behind us (its centre over half our length behind ours), it is its to
// drop back, not ours.
TEST_F(NarrowRoadTest, LevelWithACarWhereOurSideRunsOutWeDropBack) {
  const double tight = find_s([&](double at) {
    return road_->room(at, -1) >= 2.6 && least_room(*road_, -1, at, 10.0, 30.0) <= 1.5;
  });
  const double open = find_s([&](double at) { return least_room(*road_, -1, at, 0.0, 40.0) >= 2.6; });
  ASSERT_GE(tight, 0.0) << "no place where the room on the right runs out ahead";
  ASSERT_GE(open, 0.0) << "no place with 2.6 m of room on the right for 40 m";
  EXPECT_TRUE(squeezed_by(*road_, us_, tight, 0.5)) << "at s = " << tight;
  EXPECT_FALSE(squeezed_by(*road_, us_, open, 0.5)) << "at s = " << open;
  EXPECT_FALSE(squeezed_by(*road_, us_, tight, -3.0)) << "at s = " << tight;
}

// ---------------------------------------------------------------- letting by

// Pressed from 6 m behind by a car 3 m/s faster than we would drive where it is, until we
// move over for it (let_by 1), then kept there `gain` m/s faster than us (one decision a
// call at the local rate): how long the let-by lasted (s). -1: none began within 2 s.
double let_by_length(const DriverRoad& road, CarSize us, double s, double gain) {
  AiParams params;
  params.let_by = 1.0;
  Racecraft rc(DriverConfig{}, us);
  AiRng rng(1);
  const double dt = 1.0 / DriverConfig{}.local_hz;
  TrafficPicture p;
  p.behind.index = 2;
  p.behind.ds = -(2.0 * us.half_length + 6.0);
  p.behind.gap = 6.0;
  p.behind.speed = road.profile.target_speed(s + p.behind.ds) * params.speed_use + 3.0;
  p.behind.closing = kFwd - p.behind.speed;
  p.rear.push_back(NearCar{p.behind.ds, 0.0, 0.9, 2.2, 2, 0.0, -p.behind.closing});
  double began = -1.0;
  for (double t = 0.0; t < 3.0 * kLetByLongest; t += dt) {
    const bool on = rc.decide({&road, &params, &p, {s, 0.0}, kFwd, kLate + t}, rng).letting_by;
    if (on && began < 0.0) {
      began = t;
      p.behind.speed = kFwd + gain, p.behind.closing = -gain, p.rear.back().closing = gain;
      p.target = p.behind;  // (the traffic scan singles out the car we let by)
    }
    if (!on && began >= 0.0) return t - began;
    if (began < 0.0 && t > 2.0) return -1.0;
  }
  return 1e9;
}

// On the narrow road a let-by is the only way by: it lasts beyond kLetByMax while the car
// still gains on us (3 m/s), to kLetByLongest at most; with the car only level with our
// speed, it ends after kLetByMax.
TEST_F(NarrowRoadTest, ALetByLastsWhileTheCarStillGainsOnUs) {
  const double s = find_s([&](double at) { return let_by_length(*road_, us_, at, 3.0) >= 0.0; });
  ASSERT_GE(s, 0.0) << "no place where a pressed car lets the car behind by";
  const double dt = 1.0 / DriverConfig{}.local_hz;
  EXPECT_NEAR(let_by_length(*road_, us_, s, 3.0), kLetByLongest, 2.0 * dt) << "at s = " << s;
  EXPECT_NEAR(let_by_length(*road_, us_, s, 0.0), kLetByMax, 2.0 * dt) << "at s = " << s;
}

}  // namespace
}  // namespace racer
