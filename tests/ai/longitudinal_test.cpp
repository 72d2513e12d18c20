// The speed plan and the pedals (ai/longitudinal.h) on hand-built inputs: the sedan's route
// on a shipped track, our car placed on it by line coordinates. No race, no physics.
#include "ai/longitudinal.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "ai/route.h"
#include "core/math.h"
#include "core/result.h"
#include "test_paths.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {
namespace {

class LongitudinalTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto track = Track::load(test::source_path("tracks/kestrel_downs.json"));
    ASSERT_TRUE(track.ok()) << track.error_text();
    const Result<CarSpec> spec = load_car_spec(test::car_path("sedan"));
    ASSERT_TRUE(spec.ok()) << spec.error_text();
    track_ = track.value();
    spec_ = std::make_unique<CarSpec>(spec.value());
    road_ = std::make_unique<DriverRoad>(DriverRoad::plan(plan_route(*track_, *spec_, 1.4), *track_, AiParams{}.grip_use));
  }
  static void TearDownTestSuite() { road_.reset(), spec_.reset(), track_.reset(); }

  // Our car on the line at s, heading along it at `speed`, in first gear.
  static DriverView on_line(double s, double speed) {
    const PathSample at = road_->route->path.at(s);
    DriverView v;
    v.track = track_.get();
    v.self.position = at.position;
    v.self.heading = std::atan2(at.tangent.y, at.tangent.x);
    v.self.velocity = at.tangent * speed;
    v.self.forward_speed = speed;
    v.self.gear = 1;
    return v;
  }

  static std::shared_ptr<const Track> track_;
  static std::unique_ptr<CarSpec> spec_;
  static std::unique_ptr<DriverRoad> road_;
};

std::shared_ptr<const Track> LongitudinalTest::track_;
std::unique_ptr<CarSpec> LongitudinalTest::spec_;
std::unique_ptr<DriverRoad> LongitudinalTest::road_;

// Following: no cap beyond the look range; at the standoff (2 m and the time gap) the car
// ahead's speed; beyond it, what brakes to that speed by the standoff at half the grip under
// both cars (v^2 = u^2 + 2 a d); inside it, a little under the car ahead's speed.
TEST_F(LongitudinalTest, FollowCapBrakesToTheCarAheadsSpeedByTheStandoff) {
  const double s = 100.0, u = 20.0, v = 30.0, t = 0.6, look = 45.0;
  EXPECT_EQ(follow_cap(*road_, s, 50.0, u, t, v, look), 1e9);
  const double standoff = 2.0 + t * v;
  EXPECT_NEAR(follow_cap(*road_, s, standoff, u, t, v, look), u, 1e-9);
  const double spare = 15.0;
  const double mu = std::min(road_->full_grip_at(s), road_->full_grip_at(s + standoff + spare));
  EXPECT_NEAR(follow_cap(*road_, s, standoff + spare, u, t, v, look), std::sqrt(u * u + 2.0 * 0.5 * mu * kGravity * spare),
              1e-9);
  EXPECT_NEAR(follow_cap(*road_, s, standoff - 5.0, u, t, v, look), u - 0.8 * 5.0, 1e-9);
}

// On the line with nothing about: the whole profile and no cap; a mistake's lift takes 15%
// off; a detour caps the speed at walking pace.
TEST_F(LongitudinalTest, SpeedPlanOnAFreeRoadLiftsAndDetours) {
  const AiParams params;
  const TrafficPicture clear;
  SpeedPlanInput in{road_.get(), &params, &clear, LineChoice{}, {100.0, 0.0}, 30.0, false, false};
  SpeedPlan plan = plan_speed(in, DriverConfig{});
  EXPECT_EQ(plan.scale, 1.0);
  EXPECT_EQ(plan.cap, 1e9);
  in.lift = true;
  EXPECT_NEAR(plan_speed(in, DriverConfig{}).scale, 0.85, 1e-12);
  in.lift = false;
  in.detour = true;
  EXPECT_EQ(plan_speed(in, DriverConfig{}).cap, 8.0) << "m/s round a blockage";
}

// Squeezed beside a car (Racecraft::squeezed): the plan aims 1.5 m/s under our speed, a
// drop back behind it that goes on while the squeeze lasts. On a narrow road, a car beside
// us on the line, off any lane: 95% of the profile (no room to run wide), as a lane pass
// drives its lane; on a road wide enough for two abreast, the whole profile.
TEST_F(LongitudinalTest, SpeedPlanDropsBackWhenSqueezedAndEasesBesideACarOnANarrowRoad) {
  const AiParams params;
  TrafficPicture p;
  LineChoice squeezed;
  squeezed.narrow = squeezed.squeezed = true;
  SpeedPlanInput in{road_.get(), &params, &p, squeezed, {100.0, 0.0}, 30.0, false, false};
  EXPECT_NEAR(plan_speed(in, DriverConfig{}).cap, 28.5, 1e-12);
  in.line = LineChoice{};
  p.alongside = true;
  EXPECT_EQ(plan_speed(in, DriverConfig{}).scale, 1.0) << "a road wide enough for two";
  in.line.narrow = true;
  EXPECT_NEAR(plan_speed(in, DriverConfig{}).scale, 0.95, 1e-12);
}

// Letting a car by, out of its way, with it 20 m short of being by and a short straight
// ahead: the plan lifts as far as the floor, 80% of the speed we would drive there (the
// profile's at speed_use); on a narrow road, where no lane pass gets it by, 72%. Not yet out
// of its way: no lift.
TEST_F(LongitudinalTest, SpeedPlanLiftsALetByToItsFloorDeeperOnANarrowRoad) {
  const AiParams params;
  const TrafficPicture clear;
  LineChoice line;
  line.letting_by = line.let_by_clear = true;
  line.let_by_speed = 30.0;
  line.let_by_need = 20.0;
  const double s = 100.0, ours = road_->profile.target_speed(s) * params.speed_use;
  SpeedPlanInput in{road_.get(), &params, &clear, line, {s, 0.0}, 30.0, false, false};
  ASSERT_LT(30.0 - 20.0, 0.72 * ours) << "the lift the need asks for is under both floors";
  EXPECT_NEAR(plan_speed(in, DriverConfig{}).cap, 0.8 * ours, 1e-9);
  in.line.narrow = true;
  EXPECT_NEAR(plan_speed(in, DriverConfig{}).cap, 0.72 * ours, 1e-9);
  in.line.let_by_clear = false;
  EXPECT_EQ(plan_speed(in, DriverConfig{}).cap, 1e9);
}

// On a narrow road, an offset held out to where the room runs out (the racing line crossing
// to that edge): the path the car tracks is clamped to the room and bends where the line
// does not, and the plan caps the speed to what that bend allows; where the room holds the
// offset all the way on a straight, no cap; on a road wide enough for two abreast, no cap.
TEST_F(LongitudinalTest, SpeedPlanCapsAnOffsetTheRoomBendsTighter) {
  const AiParams params;
  const TrafficPicture clear;
  const double length = road_->route->path.length();
  const auto least_room = [&](double s, int side, double from, double to) {
    double least = 1e9;
    for (double d = from; d <= to; d += 1.0) least = std::min(least, road_->room(road_->route->path.wrap(s + d), side));
    return least;
  };
  double squeezed_at = -1.0, held_at = -1.0;
  for (double s = 0.0; s < length && (squeezed_at < 0.0 || held_at < 0.0); s += 5.0) {
    const double max_k = road_->route->path.max_abs_curvature(s, 60.0);
    if (squeezed_at < 0.0 && road_->room(s, +1) >= 4.0 && least_room(s, +1, 10.0, 40.0) <= 0.5) squeezed_at = s;
    if (held_at < 0.0 && least_room(s, +1, 0.0, 60.0) >= 4.0 && max_k < 1e-3) held_at = s;
  }
  ASSERT_GE(squeezed_at, 0.0) << "no place where the room on the left runs from 4 m to 0.5 m within 40 m";
  ASSERT_GE(held_at, 0.0) << "no straight with 4 m of room on the left for 60 m";
  LineChoice out;
  out.offset = 4.0;
  const double fwd = 30.0;
  SpeedPlanInput in{road_.get(), &params, &clear, out, {squeezed_at, 4.0}, fwd, false, false};
  EXPECT_EQ(plan_speed(in, DriverConfig{}).cap, 1e9) << "not narrow, at s = " << squeezed_at;
  in.line.narrow = true;
  EXPECT_LT(plan_speed(in, DriverConfig{}).cap, fwd) << "at s = " << squeezed_at;
  in.me = {held_at, 4.0};
  EXPECT_EQ(plan_speed(in, DriverConfig{}).cap, 1e9) << "at s = " << held_at;
}

// At the profile's speed the pedals drive (throttle, no brake); well over it they brake; the
// target is the profile's speed where the car will be when the pedals act.
TEST_F(LongitudinalTest, PedalsDriveAtTheProfileAndBrakeOverIt) {
  const AiParams params;
  const Longitudinal lon(*spec_, CarSize{0.5 * spec_->body.length, 0.5 * spec_->body.width});
  // A point on a straight: where the profile neither brakes nor corners hard.
  double s = 0.0;
  for (; s < road_->route->path.length(); s += 5.0)
    if (road_->profile.accel_at(s) > 0.0 && std::abs(road_->route->path.curvature_at(s)) < 1e-3) break;
  ASSERT_LT(s, road_->route->path.length());
  const double at_profile = road_->profile.target_speed(s) * params.speed_use;
  PedalInput in{road_.get(), &params, LineChoice{}, SpeedPlan{}, DwaSay{}, {s, 0.0}, 0.0, 1e9};
  double target = 0.0;
  Controls c = lon.pedals(on_line(s, at_profile), in, target);
  EXPECT_GT(c.throttle, 0.0);
  EXPECT_EQ(c.brake, 0.0);
  const double s_ref = s + at_profile * (params.reaction_steps + 6) * (1.0 / 240.0);
  EXPECT_NEAR(target, road_->profile.target_speed(s_ref) * params.speed_use, 1e-9);
  c = lon.pedals(on_line(s, at_profile + 15.0), in, target);
  EXPECT_EQ(c.throttle, 0.0);
  EXPECT_GT(c.brake, 0.0);
  // DWA steering with no admissible arc: stop.
  in.dwa = DwaSay{true, false, false, 0.0};
  c = lon.pedals(on_line(s, at_profile), in, target);
  EXPECT_EQ(target, 0.0);
  EXPECT_GT(c.brake, 0.0);
}

}  // namespace
}  // namespace racer
