// The AI driver's named filters over Controls, each alone, and the AI profile format.
#include <box2d/b2_body.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "ai/ai_params.h"
#include "ai/driver.h"
#include "ai/filters.h"
#include "ai/route.h"
#include "core/math.h"
#include "race/race.h"
#include "test_paths.h"
#include "track/track.h"

namespace racer {
namespace {

// ---------------------------------------------------------------- filters

TEST(Filters, BrakingNeverThrottlesAndBrakesTogether) {
  Controls c;
  c.throttle = 0.7;
  c.brake = 0.4;
  const Controls out = filter_braking(c, {});
  EXPECT_EQ(out.throttle, 0.0);
  EXPECT_EQ(out.brake, 0.4);
}

TEST(Filters, BrakingLeavesGripToSteerWhileCornering) {
  Controls c;
  c.brake = 1.0;
  BrakingFilter f;
  f.lateral_use = 0.8;  // 80% of the grip goes into cornering: sqrt(1 - 0.64) = 0.6 is left
  EXPECT_NEAR(filter_braking(c, f).brake, 0.6, 1e-12);
  f.lateral_use = 1.5;  // beyond the limit: never below the floor
  EXPECT_NEAR(filter_braking(c, f).brake, f.min_brake, 1e-12);
  f.lateral_use = 0.0;
  EXPECT_EQ(filter_braking(c, f).brake, 1.0);
}

TEST(Filters, TractionCutsThrottleOnWheelSpinAndSlides) {
  Controls c;
  c.throttle = 1.0;
  TractionFilter f;
  f.driven_slip = 0.05;
  EXPECT_EQ(filter_traction(c, f).throttle, 1.0);  // inside the limit: untouched
  f.driven_slip = 1.5 * f.slip_limit;
  EXPECT_NEAR(filter_traction(c, f).throttle, 0.5, 1e-12);
  f.driven_slip = 3.0 * f.slip_limit;
  EXPECT_EQ(filter_traction(c, f).throttle, 0.0);
  f.driven_slip = 0.0;
  f.rear_slip_angle = -1.5 * f.slide_limit;  // either sign of slide
  EXPECT_NEAR(filter_traction(c, f).throttle, 0.5, 1e-12);
}

TEST(Filters, EngineBrakingBlipsTheThrottleWhenTheDrivenWheelsLock) {
  Controls coast;
  EngineBrakingFilter f;
  f.driven_slip = -0.5 * f.slip_limit;  // some engine braking, the tyres hold it
  EXPECT_EQ(filter_engine_braking(coast, f).throttle, 0.0);
  f.driven_slip = -f.slip_limit - 0.05;  // locked 0.05 beyond the peak
  EXPECT_NEAR(filter_engine_braking(coast, f).throttle, f.gain * 0.05, 1e-12);
  f.driven_slip = -1.0;  // fully locked: the blip is capped
  EXPECT_EQ(filter_engine_braking(coast, f).throttle, f.max_throttle);
  Controls light;  // a light brake is let off: the engine already brakes more than the tyres take
  light.brake = 0.5 * f.light_brake;
  EXPECT_EQ(filter_engine_braking(light, f).brake, 0.0);
  EXPECT_EQ(filter_engine_braking(light, f).throttle, f.max_throttle);
  Controls hard;  // a real stop is ABS's business
  hard.brake = 0.8;
  EXPECT_EQ(filter_engine_braking(hard, f).brake, 0.8);
  EXPECT_EQ(filter_engine_braking(hard, f).throttle, 0.0);
  Controls driving;  // more throttle than the blip stays
  driving.throttle = 0.95;
  EXPECT_EQ(filter_engine_braking(driving, f).throttle, 0.95);
}

TEST(Filters, CollisionBrakesOnlyWhenTheGapNeedsIt) {
  Controls c;
  c.throttle = 1.0;
  CollisionFilter f;
  f.gap = 40.0;
  f.closing_speed = 5.0;  // needs 25 / (2 * 38.5) = 0.32 m/s^2: nothing to do
  EXPECT_EQ(filter_collision(c, f).throttle, 1.0);
  f.gap = 6.0;
  f.closing_speed = 10.0;  // needs 100 / 9 = 11 m/s^2: beyond max_decel -> full brake
  const Controls hard = filter_collision(c, f);
  EXPECT_EQ(hard.throttle, 0.0);
  EXPECT_EQ(hard.brake, 1.0);
  f.closing_speed = -3.0;  // pulling away
  EXPECT_EQ(filter_collision(c, f).throttle, 1.0);
}

TEST(Filters, SteerRateLimitsEachStep) {
  Controls c;
  c.steer = 1.0;
  EXPECT_NEAR(filter_steer_rate(c, 0.0, 5.0, 0.01).steer, 0.05, 1e-12);
  c.steer = 0.02;
  EXPECT_NEAR(filter_steer_rate(c, 0.0, 5.0, 0.01).steer, 0.02, 1e-12);
}

// ---------------------------------------------------------------- profiles

// Past the front tyres' peak slip angle more lock only loses grip: the steer is held at
// last step's less the excess, and only in the direction that drives the slip further.
TEST(Filters, FrontGripHoldsTheSteerAtThePeak) {
  FrontGripFilter f;
  f.speed = 20.0;
  f.peak_slip_angle = 0.1;
  f.max_angle = 0.5;
  f.previous_steer = 0.4;
  Controls c;
  c.steer = 0.6;
  f.slip_angle = -0.09;  // within 1.1 x peak: untouched
  EXPECT_EQ(filter_front_grip(c, f).steer, 0.6);
  f.slip_angle = -0.16;  // 0.05 rad past 1.1 x peak, steering left drives it further
  EXPECT_NEAR(filter_front_grip(c, f).steer, 0.4 - 0.05 / 0.5, 1e-12);
  f.slip_angle = +0.16;  // the steer works against this slip: let it
  EXPECT_EQ(filter_front_grip(c, f).steer, 0.6);
  f.slip_angle = -0.16;
  f.speed = 3.0;  // a crawl: slip angles mean nothing
  EXPECT_EQ(filter_front_grip(c, f).steer, 0.6);
}

// A slide: the steer goes to the angle that points the front tyres along their path
// (front slip 0), fully once the body slip is slide_blend past its deadband, and the brake
// is let off; within the deadbands nothing changes; an oversteering yaw rate counter-steers.
TEST(Filters, StabilityCatchesASlide) {
  StabilityFilter f;
  f.speed = 30.0;
  f.max_angle = 0.5;
  f.wheelbase = 2.8;
  f.previous_steer = 0.2;
  Controls c;
  c.steer = 0.2;
  c.brake = 0.5;
  f.yaw_rate = f.yaw_ref = 0.3;
  f.body_slip = 0.03;
  EXPECT_EQ(filter_stability(c, f).steer, 0.2);  // no slide, yaw as asked
  EXPECT_EQ(filter_stability(c, f).brake, 0.5);
  f.body_slip = -(f.slip_deadband + f.slide_blend);  // sliding, fully past the blend
  f.front_slip_angle = -0.15;                         // the fronts point 0.15 rad inside their path
  const Controls out = filter_stability(c, f);
  EXPECT_NEAR(out.steer, 0.2 - 0.15 / 0.5, 1e-12);
  EXPECT_EQ(out.brake, 0.0);
  f.body_slip = -(f.slip_deadband + 0.5 * f.slide_blend);  // half way: half the correction
  EXPECT_NEAR(filter_stability(c, f).steer, 0.2 - 0.5 * 0.15 / 0.5, 1e-12);
  f.body_slip = 0.0;
  f.yaw_rate = 0.6;  // oversteer by 0.3 rad/s: counter-steer
  EXPECT_LT(filter_stability(c, f).steer, 0.2);
  f.yaw_rate = 0.1;  // understeer is not this filter's business
  EXPECT_EQ(filter_stability(c, f).steer, 0.2);
}

}  // namespace
}  // namespace racer
