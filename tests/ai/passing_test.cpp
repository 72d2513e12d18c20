// The traffic layer's rules (ai/passing.h), each alone.
#include <gtest/gtest.h>

#include <vector>

#include "ai/passing.h"

namespace racer {
namespace {

// A car beside us on the left, 2 m across: the goal the pass wanted (3 m left) would drive
// into it; hold_lane keeps both half widths + the gap between the centres.
TEST(HoldLane, ACarBesideBoundsTheOffsetToOurSide) {
  LaneHold me;  // at the line, 0.9 m half width, 0.8 m gap
  const std::vector<LineCar> left{{0.5, 2.0, 2.2, 0.9}};
  EXPECT_DOUBLE_EQ(hold_lane(3.0, left, me), 2.0 - (0.9 + 0.9 + 0.8));
  EXPECT_DOUBLE_EQ(hold_lane(-2.0, left, me), -2.0);  // already away from it: unchanged
  const std::vector<LineCar> right{{-1.0, -1.5, 2.2, 0.9}};
  EXPECT_DOUBLE_EQ(hold_lane(0.0, right, me), -1.5 + 2.6);  // squeezed from the right: move left
}

// Our offset reaches the bound only after a lag, so a car beside us closing sideways is
// bounded from where it will be `lead` s on; moving away from us, from where it is.
TEST(HoldLane, ACarMovingTowardsUsIsBoundedFromWhereItWillBe) {
  LaneHold me;
  me.lead = 0.5;
  std::vector<LineCar> left{{0.5, 3.0, 2.2, 0.9, -2.0}};  // 3 m left, closing at 2 m/s
  EXPECT_DOUBLE_EQ(hold_lane(3.0, left, me), 3.0 - 1.0 - 2.6);
  left[0].lat_rate = +2.0;  // moving away: no credit taken for it
  EXPECT_DOUBLE_EQ(hold_lane(3.0, left, me), 3.0 - 2.6);
  const std::vector<LineCar> right{{-1.0, -3.0, 2.2, 0.9, 1.0}};  // 3 m right, closing at 1 m/s
  EXPECT_DOUBLE_EQ(hold_lane(-3.0, right, me), -3.0 + 0.5 + 2.6);
  me.lead = 0.0;
  EXPECT_DOUBLE_EQ(hold_lane(-3.0, right, me), -3.0 + 2.6);
}

TEST(HoldLane, CarsAheadOrBehindBoundNothing) {
  LaneHold me;
  // 2.2 + 2.2 + 1.5 = 5.9 m: a car 6 m ahead (or behind) is not beside us.
  const std::vector<LineCar> cars{{6.0, 1.0, 2.2, 0.9}, {-6.0, -1.0, 2.2, 0.9}};
  EXPECT_DOUBLE_EQ(hold_lane(2.5, cars, me), 2.5);
  EXPECT_DOUBLE_EQ(hold_lane(-2.5, cars, me), -2.5);
}

TEST(HoldLane, SandwichedTakesTheMiddle) {
  LaneHold me;
  me.lateral = 0.5;
  const std::vector<LineCar> cars{{1.0, 2.5, 2.2, 0.9}, {-1.0, -1.5, 2.2, 0.9}};
  EXPECT_DOUBLE_EQ(hold_lane(3.0, cars, me), 0.5);  // bounds -1.5 + 2.6 = 1.1 and 2.5 - 2.6 = -0.1
}

// Full rate on a straight and in easy bends, a fifth of it in a bend near the limit, and
// never faster the harder the car corners.
TEST(OffsetRate, SlowsTheOffsetInBendsNearTheLimit) {
  const OffsetRate r;  // 1.5 m/s, free below 0.5, a fifth from 0.85
  EXPECT_DOUBLE_EQ(offset_rate(0.0, r), 1.5);
  EXPECT_DOUBLE_EQ(offset_rate(0.5, r), 1.5);
  EXPECT_NEAR(offset_rate(0.85, r), 0.3, 1e-12);
  EXPECT_NEAR(offset_rate(1.2, r), 0.3, 1e-12);
  double last = 1e9;
  for (double u = 0.0; u <= 1.2; u += 0.01) {
    EXPECT_LE(offset_rate(u, r), last + 1e-12);
    last = offset_rate(u, r);
  }
}

// The inside of a real bend ahead when it is open; otherwise the roomier side; none when both
// are shut.
TEST(PassSide, TakesTheInsideOfTheBendAheadWhenItIsOpen) {
  const PassRules r;  // a bend turns by 0.3 rad or more
  EXPECT_EQ(pass_side(2.0, 3.0, 0.8, r), +1);   // left bend: the left, though the right has more room
  EXPECT_EQ(pass_side(3.0, 2.0, -0.8, r), -1);  // right bend: the right
  EXPECT_EQ(pass_side(0.0, 3.0, 0.8, r), -1);   // the inside is shut: the outside
  EXPECT_EQ(pass_side(2.0, 3.0, 0.1, r), -1);   // a kink is no bend: the roomier side
  EXPECT_EQ(pass_side(3.0, 2.0, -0.1, r), +1);
  EXPECT_EQ(pass_side(0.0, 0.0, 0.8, r), 0);
}

// A pass is kept while its car is in reach and its side open, even through short shut spells;
// shut for shut_hold it is dropped and nothing new is chosen for the cooldown; out of reach it
// ends with no cooldown (passed, or fallen back).
TEST(KeepPass, HoldsASideUntilItStaysShutThenCoolsDown) {
  const PassRules r;  // 0.4 s shut, 1.0 s cooldown
  const double dt = 1.0 / 60.0;
  PassPlan plan{3, +1, 0.0, 0.0};
  for (int i = 0; i < 600; ++i) keep_pass(plan, true, i % 12 < 6, dt, r);  // shut 0.1 s in every 0.2 s
  EXPECT_EQ(plan.target, 3);
  EXPECT_EQ(plan.side, +1);
  int steps = 0;
  while (plan.target >= 0 && steps < 1000) keep_pass(plan, true, true, dt, r), ++steps;
  EXPECT_NEAR(steps * dt, r.shut_hold, 1.5 * dt);
  EXPECT_EQ(plan.side, 0);
  EXPECT_DOUBLE_EQ(plan.cooldown_s, r.cooldown);
  for (int i = 0; i < 30; ++i) keep_pass(plan, false, false, dt, r);
  EXPECT_NEAR(plan.cooldown_s, r.cooldown - 30 * dt, 1e-9);
  PassPlan passed{5, -1, 0.2, 0.0};
  keep_pass(passed, false, false, dt, r);
  EXPECT_EQ(passed.target, -1);
  EXPECT_EQ(passed.side, 0);
  EXPECT_DOUBLE_EQ(passed.cooldown_s, 0.0);
}

// A defender covers the inside of the bend ahead against a car close behind it, and only
// then: not on a straight, not against a car falling back or far behind, not against one
// beside it (racing room's business) and never across a car that has taken that inside.
TEST(DefendSide, CoversTheInsideOfTheBendAgainstACarCloseBehind) {
  const DefendRules r;                 // 0.7 s of reach, at least 6 m
  const double speed = 30.0;           // m/s: the reach is 21 m bumper to bumper
  const double half = 2.35;            // m, both cars' half lengths
  LineCar behind{-(2 * half + 10.0), 0.0, half, 0.9};  // 10 m behind, on our line
  EXPECT_EQ(defend_side(behind, 0.0, half, 1.0, speed, -0.8, r), -1);  // right bend: the right
  EXPECT_EQ(defend_side(behind, 0.0, half, 1.0, speed, 0.8, r), +1);
  EXPECT_EQ(defend_side(behind, 0.0, half, 1.0, speed, 0.1, r), 0);    // a kink: nothing to cover
  EXPECT_EQ(defend_side(behind, 0.0, half, -2.0, speed, 0.8, r), 0);   // it is falling back
  behind.ds = -(2 * half + 25.0);                                      // beyond the reach
  EXPECT_EQ(defend_side(behind, 0.0, half, 1.0, speed, 0.8, r), 0);
  behind.ds = -(2 * half + 20.0);                                      // just within it
  EXPECT_EQ(defend_side(behind, 0.0, half, 1.0, speed, 0.8, r), +1);
  behind.ds = -half;                                                   // overlapping us: beside
  EXPECT_EQ(defend_side(behind, 0.0, half, 1.0, speed, 0.8, r), 0);
  behind.ds = -(2 * half + 5.0);
  behind.lat = 2.0;                                                    // already 2 m to the left of us
  EXPECT_EQ(defend_side(behind, 0.0, half, 1.0, speed, 0.8, r), 0);    // never across it
  EXPECT_EQ(defend_side(behind, 0.0, half, 1.0, speed, -0.8, r), -1);  // the other inside is ours
  EXPECT_EQ(defend_side(behind, 1.5, half, 1.0, speed, 0.8, r), +1);   // we are on its left already
}

}  // namespace
}  // namespace racer
