// Racecraft (ai/racecraft.h) on hand-built traffic pictures: the sedan's route on a shipped
// track (its racing line, passing and let-by lanes), our car placed on it by line
// coordinates, the other cars given as the traffic scan would see them. No race, no physics:
// one decision is one call.
#include "ai/racecraft.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <memory>
#include <string>

#include "ai/route.h"
#include "core/result.h"
#include "sedan_road.h"
#include "test_paths.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {
namespace {

constexpr double kDt = 1.0 / 60.0;  // s, one decision at DriverConfig's local rate
constexpr double kLate = 100.0;     // s since the start: long past the start's calm

// The sedan's route on Kestrel Downs (as the races plan it: the shipped profiles' 1.4 m line
// margin) and our speed profiles on it at the default grip use.
class RacecraftTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    test::SedanRoad r = test::plan_sedan_road("tracks/kestrel_downs.json");
    ASSERT_TRUE(r.road);
    track_ = std::move(r.track);
    us_ = r.us;
    road_ = std::move(r.road);
  }
  static void TearDownTestSuite() { road_.reset(), track_.reset(); }

  // The first s (m along the line, 5 m steps) where `ok` holds; -1: none.
  static double find_s(const std::function<bool(double)>& ok) {
    for (double s = 0.0; s < road_->route->path.length(); s += 5.0)
      if (ok(s)) return s;
    return -1.0;
  }
  // The first s where a passing lane on either side runs 3.5 m or more off the line for the
  // next 100 m, fast enough for `fwd` + 5 m/s, on a road with grip over 0.5; -1: none.
  static double passing_stretch(double fwd) {
    return find_s([&](double at) {
      return road_->least_grip(at, 100.0) > 0.5 &&
             (lane_off_line(+1, false, at, 100.0, 3.5, fwd + 5.0) || lane_off_line(-1, false, at, 100.0, 3.5, fwd + 5.0));
    });
  }
  // Side sd's lane (a let-by lane when `let_by`) at least `apart` m off the line towards sd
  // for `distance` m from s, and its braking envelope over `speed` m/s over the first half.
  static bool lane_off_line(int sd, bool let_by, double s, double distance, double apart, double speed) {
    for (double d = 0.0; d <= distance; d += 4.0) {
      if (sd * road_->lane_offset(sd, let_by, s + d) < apart) return false;
      const double ls = road_->lane_s_at(sd, let_by, s + d);
      if (d <= 0.5 * distance && road_->lane_profile(sd, let_by).envelope_speed(ls) < speed) return false;
    }
    return true;
  }
  // Another car `ds` m along the line from us (CG to CG), `lat` m off the line, at `speed`
  // m/s along it, seen from our car at `ours` m/s.
  static SeenCar seen(int index, double ds, double lat, double speed, double ours) {
    SeenCar c;
    c.index = index;
    c.ds = ds;
    c.gap = ds - us_.half_length - c.half_length;
    c.lat = lat;
    c.speed = speed;
    c.closing = ours - speed;
    return c;
  }
  // That car as the near list holds it.
  static NearCar near_of(const SeenCar& c, double ours) {
    return NearCar{c.ds, c.lat, c.half_width, c.half_length, c.index, 0.0, c.speed - ours};
  }
  static void add_near(TrafficPicture& p, const SeenCar& c, double ours) {
    p.near.push_back(near_of(c, ours));
    p.beside.push_back({c.ds, c.lat, c.half_length, c.half_width, 0.0});
  }

  static std::shared_ptr<const Track> track_;
  static CarSize us_;
  static std::unique_ptr<DriverRoad> road_;
};

std::shared_ptr<const Track> RacecraftTest::track_;
CarSize RacecraftTest::us_;
std::unique_ptr<DriverRoad> RacecraftTest::road_;

// ---------------------------------------------------------------- passes

// A car 10 m ahead on the racing line, 5 m/s slower than us, where a passing lane runs 3.5 m
// or more off the line for the next 100 m: we commit to a pass on it in that lane at once,
// the lane clears it by both half widths and the 1.2 m of daylight a lane pass keeps, and
// the offset ramps onto the lane (at kLaneRate, 3 m/s: a lane up to 15 m out within 5 s).
TEST_F(RacecraftTest, ASlowerCarAheadInOurLaneIsPassedInALaneThatClearsIt) {
  const double fwd = 15.0;  // m/s, ours
  const double s = passing_stretch(fwd);
  ASSERT_GE(s, 0.0) << "no stretch with a passing lane 3.5 m off the line";
  const AiParams params;
  Racecraft rc(DriverConfig{}, us_);
  AiRng rng(1);
  TrafficPicture p;
  p.ahead = seen(1, 10.0 + 2.0 * us_.half_length, 0.0, fwd - 5.0, fwd);
  add_near(p, p.ahead, fwd);
  LineChoice c = rc.decide({road_.get(), &params, &p, {s, 0.0}, fwd, kLate}, rng);
  ASSERT_NE(c.lane_side, 0) << "no pass started at s = " << s;
  EXPECT_EQ(rc.counts().passes_started, 1);
  EXPECT_EQ(rc.focus().target, 1);
  EXPECT_FALSE(c.let_by_lanes) << "a passing lane, not a let-by lane";
  const double lane = road_->lane_offset(c.lane_side, false, s + p.ahead.ds);
  EXPECT_GE(c.lane_side * (lane - p.ahead.lat), 2.0 * 0.9 + 1.2) << "m: the lane clears the car";
  EXPECT_GT(c.lane_side * c.offset, 0.0) << "the offset starts towards the lane";
  // Held for 5 s (the car stays where it is): the pass is kept and the offset is on the lane.
  p.target = p.ahead;
  p.ahead_is_target = true;
  for (int k = 0; k < 300; ++k) c = rc.decide({road_.get(), &params, &p, {s, 0.0}, fwd, kLate + k * kDt}, rng);
  EXPECT_EQ(rc.focus().target, 1);
  EXPECT_EQ(rc.counts().passes_started, 1) << "one pass, kept";
  EXPECT_NEAR(c.lane_share, 1.0, 1e-9);
  EXPECT_NEAR(c.offset, road_->lane_offset(c.lane_side, false, s), 1e-9) << "on the lane";
}

// The same pass started with the offset still 1.5 m off the line (a car come off the grid,
// or held clear of one beside it): the offset moves on from there, by no more than the lane
// rate (3 m/s) in the decision, whichever side the lane is on.
TEST_F(RacecraftTest, APassStartedOffTheLineMovesOnFromTheOffsetHeld) {
  const double fwd = 15.0;
  const double s = passing_stretch(fwd);
  ASSERT_GE(s, 0.0);
  const AiParams params;
  Racecraft rc(DriverConfig{}, us_);
  AiRng rng(1);
  TrafficPicture p;
  p.ahead = seen(1, 10.0 + 2.0 * us_.half_length, 0.0, fwd - 5.0, fwd);
  add_near(p, p.ahead, fwd);
  TrafficPicture empty;
  rc.decide({road_.get(), &params, &empty, {s, 1.5}, 0.0, 0.0}, rng);  // off the grid: the offset starts at 1.5 m
  const LineChoice c = rc.decide({road_.get(), &params, &p, {s, 1.5}, fwd, kLate}, rng);
  ASSERT_NE(c.lane_side, 0) << "no pass started";
  EXPECT_LE(std::abs(c.offset - 1.5), 3.0 * kDt + 1e-9) << "m moved in one decision (lane on side " << c.lane_side << ")";
}

// The same car in the first seconds of the race (the field sorts itself out off the grid),
// or pulling away from us: no pass.
TEST_F(RacecraftTest, NoPassInTheStartsCalmNorOnACarPullingAway) {
  const double fwd = 15.0;
  const double s = find_s([&](double at) {
    return lane_off_line(+1, false, at, 100.0, 3.5, fwd + 5.0) || lane_off_line(-1, false, at, 100.0, 3.5, fwd + 5.0);
  });
  ASSERT_GE(s, 0.0);
  const AiParams params;
  AiRng rng(1);
  TrafficPicture slower;
  slower.ahead = seen(1, 14.4, 0.0, fwd - 5.0, fwd);
  add_near(slower, slower.ahead, fwd);
  Racecraft calm(DriverConfig{}, us_);
  const LineChoice c = calm.decide({road_.get(), &params, &slower, {s, 0.0}, fwd, 2.0}, rng);
  EXPECT_EQ(c.lane_side, 0) << "2 s after the start, inside DriverConfig::start_calm_s";
  EXPECT_EQ(calm.counts().passes_started, 0);
  TrafficPicture faster;  // far faster than our profile wants anywhere: not holding us up
  faster.ahead = seen(1, 14.4, 0.0, 90.0, fwd);
  add_near(faster, faster.ahead, fwd);
  Racecraft late(DriverConfig{}, us_);
  EXPECT_EQ(late.decide({road_.get(), &params, &faster, {s, 0.0}, fwd, kLate}, rng).lane_side, 0);
  EXPECT_EQ(late.counts().passes_started, 0);
}

// ---------------------------------------------------------------- room, let-by, defence, give way

// A car come up beside us (level, 3 m to our left, a lane's room between us): we take the
// passing lane on our side, away from it, as racing room (not a pass of ours).
TEST_F(RacecraftTest, ACarBesideIsGivenRacingRoom) {
  const double fwd = 20.0;
  const double s = find_s([&](double at) { return road_->lane_offset(-1, false, at) < -0.5; });
  ASSERT_GE(s, 0.0);
  const AiParams params;
  Racecraft rc(DriverConfig{}, us_);
  AiRng rng(1);
  TrafficPicture p;
  const SeenCar beside = seen(1, 0.0, 3.0, fwd, fwd);
  add_near(p, beside, fwd);
  p.alongside = true;
  p.alongside_lat = beside.lat;
  const LineChoice c = rc.decide({road_.get(), &params, &p, {s, 0.0}, fwd, kLate}, rng);
  EXPECT_EQ(c.lane_side, -1) << "the lane on our side, to its right";
  EXPECT_EQ(rc.counts().room_given, 1);
  EXPECT_EQ(rc.counts().passes_started, 0) << "room is not a pass";
  EXPECT_EQ(rc.focus().target, 1);
}

// Off the grid: the offset starts where the car stands (its slot, 4 m left of the line) and,
// in the start's calm, moves towards the line by at most 0.15 m a metre driven: none at a
// standstill, 0.15 m over a metre at 6 m/s; after the calm at the offset rate again.
TEST_F(RacecraftTest, TheOffsetLeavesTheGridSlotAtTheCarsPace) {
  const double s = find_s([&](double at) { return road_->room(at, +1) > 5.0 && std::abs(road_->turn_ahead(at, 100.0)) < 0.1; });
  ASSERT_GE(s, 0.0) << "no straight with 5 m of room on the left";
  const AiParams params;
  Racecraft rc(DriverConfig{}, us_);
  AiRng rng(1);
  TrafficPicture empty;
  LineChoice c = rc.decide({road_.get(), &params, &empty, {s, 4.0}, 0.0, 0.0}, rng);
  EXPECT_DOUBLE_EQ(c.offset, 4.0) << "at a standstill it stays in the slot";
  const double fwd = 6.0;
  double t = kDt;
  for (int k = 0; k < 60; ++k, t += kDt) c = rc.decide({road_.get(), &params, &empty, {s, 4.0}, fwd, t}, rng);
  EXPECT_NEAR(4.0 - c.offset, 0.15 * fwd * 60 * kDt, 1e-9) << "m moved in 1 s at 6 m/s";
  Racecraft late(DriverConfig{}, us_);
  late.decide({road_.get(), &params, &empty, {s, 4.0}, fwd, kLate}, rng);
  c = late.decide({road_.get(), &params, &empty, {s, 4.0}, fwd, kLate + kDt}, rng);
  EXPECT_GT(4.0 - c.offset, 0.15 * fwd * kDt * 1.5) << "after the calm, the offset rate";
}

// Kestrel Downs (14 m) is wide enough for two abreast all round the lap: never narrow
// (Racecraft::narrow), so never squeezed, with a car level with us anywhere.
TEST_F(RacecraftTest, AFourteenMetreRoadIsNeverNarrow) {
  const AiParams params;
  for (double s = 0.0; s < road_->route->path.length(); s += 25.0) {
    Racecraft rc(DriverConfig{}, us_);
    AiRng rng(1);
    TrafficPicture p;
    add_near(p, seen(1, 0.5, 0.0, 20.0, 20.0), 20.0);
    p.alongside = true;
    const LineChoice c = rc.decide({road_.get(), &params, &p, {s, -2.4}, 20.0, kLate}, rng);
    EXPECT_FALSE(c.narrow) << "at s = " << s;
    EXPECT_FALSE(c.squeezed) << "at s = " << s;
  }
}

// A car pressing us from 6 m behind, faster than we would drive where it is, on a straight
// with a let-by lane 3 m or more off the line: after 1 s of that pressure (kLetByPress) we
// move to the let-by lane, out of its lane, with the chance the profile gives (here 1).
// With the chance 0 we never do.
TEST_F(RacecraftTest, AFasterCarPressingFromBehindOnAStraightIsLetBy) {
  const double fwd = 20.0;
  const double s = find_s([&](double at) {
    return std::abs(road_->turn_ahead(at, 50.0)) < 0.15 && std::abs(road_->turn_ahead(at, 80.0)) < 0.15 &&
           (lane_off_line(+1, true, at, 80.0, 3.0, fwd + 5.0) || lane_off_line(-1, true, at, 80.0, 3.0, fwd + 5.0));
  });
  ASSERT_GE(s, 0.0) << "no straight with a let-by lane 3 m off the line";
  for (const double chance : {1.0, 0.0}) {
    AiParams params;
    params.let_by = chance;
    Racecraft rc(DriverConfig{}, us_);
    AiRng rng(1);
    TrafficPicture p;
    const double ds = -(2.0 * us_.half_length + 6.0);
    const double theirs = road_->profile.target_speed(s + ds) * params.speed_use + 3.0;
    p.behind = seen(2, ds, 0.0, theirs, fwd);
    p.rear.push_back(near_of(p.behind, fwd));
    int moved = -1;  // the decision that moved over
    LineChoice c;
    for (int k = 0; k < 150 && moved < 0; ++k) {
      c = rc.decide({road_.get(), &params, &p, {s, 0.0}, fwd, kLate + k * kDt}, rng);
      if (c.letting_by) moved = k;
    }
    if (chance <= 0.0) {
      EXPECT_LT(moved, 0) << "let_by 0: never";
      EXPECT_EQ(rc.counts().let_bys, 0);
      continue;
    }
    ASSERT_GE(moved, 0) << "not let by within 2.5 s at s = " << s;
    EXPECT_GE(moved, 59) << "before 1 s of pressure";
    EXPECT_LE(moved, 61);
    EXPECT_EQ(rc.counts().let_bys, 1);
    EXPECT_EQ(rc.focus().target, 2);
    EXPECT_TRUE(c.let_by_lanes);
    ASSERT_NE(c.lane_side, 0);
    EXPECT_GE(c.lane_side * (road_->lane_offset(c.lane_side, true, s) - p.behind.lat), 2.0 * 0.9 + 0.6)
        << "m: the let-by lane takes us out of its lane";
    // On a road with room for a lane pass, the let-by ends after kLetByMax s, though the car
    // still gains on us (3 m/s) and is not by (on a narrow road it would last on).
    p.behind = seen(2, ds, 0.0, fwd + 3.0, fwd);
    p.rear.back() = near_of(p.behind, fwd);
    p.target = p.behind;  // (the traffic scan singles out the car we let by)
    int k = moved + 1;
    while (k < moved + 2000 && rc.decide({road_.get(), &params, &p, {s, 0.0}, fwd, kLate + k * kDt}, rng).letting_by) ++k;
    EXPECT_NEAR((k - moved) * kDt, kLetByMax, 2.0 * kDt);
  }
}

// A car 3 m behind us and catching, before a bend that turns 0.5 rad or more within 4 s at
// our speed: we cover the bend's inside (defend 1: every time).
TEST_F(RacecraftTest, ACarCloseBehindBeforeABendIsDefendedAgainst) {
  const double fwd = 20.0;
  const double look = fwd * 4.0;
  const double s = find_s([&](double at) { return std::abs(road_->turn_ahead(at, look)) > 0.5; });
  ASSERT_GE(s, 0.0);
  const int inside = road_->turn_ahead(s, look) > 0.0 ? +1 : -1;
  AiParams params;
  params.defend = 1.0;
  Racecraft rc(DriverConfig{}, us_);
  AiRng rng(1);
  TrafficPicture p;
  p.behind = seen(2, -(2.0 * us_.half_length + 3.0), 0.0, fwd + 2.0, fwd);
  add_near(p, p.behind, fwd);
  const LineChoice c = rc.decide({road_.get(), &params, &p, {s, 0.0}, fwd, kLate}, rng);
  EXPECT_TRUE(c.defending);
  EXPECT_EQ(c.lane_side, inside) << "the inside of the bend ahead";
  EXPECT_EQ(rc.counts().defences, 1);
  EXPECT_EQ(rc.counts().passes_started, 0) << "a defence is not a pass";
}

// A pass that ends level with its car, which stays a nose ahead of us, for over 5 s (a
// stalemate: neither gains): we give way to it.
TEST_F(RacecraftTest, LevelWithThePassedCarForLongWeGiveWay) {
  const double fwd = 15.0;
  const double s = passing_stretch(fwd);
  ASSERT_GE(s, 0.0);
  const AiParams params;
  Racecraft rc(DriverConfig{}, us_);
  AiRng rng(1);
  TrafficPicture ahead;
  ahead.ahead = seen(1, 14.4, 0.0, fwd - 5.0, fwd);
  add_near(ahead, ahead.ahead, fwd);
  const LineChoice start = rc.decide({road_.get(), &params, &ahead, {s, 0.0}, fwd, kLate}, rng);
  ASSERT_NE(start.lane_side, 0);
  // On the lane now, the car level with us and 1 m ahead, at our speed.
  const double lateral = road_->lane_offset(start.lane_side, false, s);
  TrafficPicture level;
  level.target = seen(1, 1.0, 0.0, fwd, fwd);
  add_near(level, level.target, fwd);
  level.alongside = true;
  int gave_way = -1;
  for (int k = 1; k <= 400 && gave_way < 0; ++k)
    if (rc.decide({road_.get(), &params, &level, {s, lateral}, fwd, kLate + k * kDt}, rng).letting_by) gave_way = k;
  ASSERT_GE(gave_way, 0) << "no give-way within 6.7 s level";
  EXPECT_NEAR(gave_way * kDt, 5.0, 2.0 * kDt) << "s level before giving way (kStalemate)";
  EXPECT_EQ(rc.counts().give_ways, 1);
  EXPECT_EQ(rc.counts().let_bys, 0) << "a give-way is not counted as a let-by";
}

}  // namespace
}  // namespace racer
