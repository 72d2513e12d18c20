// Suspension: static loads and steady-state load transfer against m a h / L and m a h / t.
#include "vehicle/suspension.h"

#include <gtest/gtest.h>

#include "core/math.h"
#include "test_paths.h"

namespace racer {
namespace {

CarSpec sedan() {
  Result<CarSpec> r = load_car_spec(test::car_path("sedan"));
  EXPECT_TRUE(r.ok()) << r.error_text();
  return r.value();
}

double sum(const std::array<double, kWheelCount>& v) { return v[0] + v[1] + v[2] + v[3]; }

void run_steady(Suspension& s, double ax, double ay) {
  const std::array<double, kWheelCount> flat{};
  for (int i = 0; i < 240 * 5; ++i) s.step(ax, ay, flat, 1.0 / 240.0);  // 5 s: the damped body settles
}

TEST(Suspension, StaticLoadsCarryTheWeightSplitByTheCg) {
  const CarSpec spec = sedan();
  Suspension s(spec);
  run_steady(s, 0.0, 0.0);
  const double mg = spec.body.mass * kGravity;
  EXPECT_NEAR(sum(s.loads()), mg, 1e-3 * mg);  // 0.1%: the springs hold the weight
  const double front = s.loads()[kFrontLeft] + s.loads()[kFrontRight];
  const double expected_front = mg * spec.rear_axle_to_cg() / spec.body.wheelbase;  // moments about the rear axle
  EXPECT_NEAR(front, expected_front, 0.01 * expected_front);
  EXPECT_NEAR(s.loads()[kFrontLeft], s.loads()[kFrontRight], 1e-6 * mg);
}

TEST(Suspension, SteadyOneGBrakingTransfersMghOverL) {
  const CarSpec spec = sedan();
  Suspension s(spec);
  run_steady(s, -kGravity, 0.0);
  const double transfer = s.loads()[kFrontLeft] + s.loads()[kFrontRight] -
                          (s.static_load(kFrontLeft) + s.static_load(kFrontRight));
  const double expected = spec.body.mass * kGravity * spec.body.cg_height / spec.body.wheelbase;
  EXPECT_NEAR(transfer, expected, 0.03 * expected);  // 3%: the tolerance for the emergent transfer
  EXPECT_NEAR(sum(s.loads()), spec.body.mass * kGravity, 1e-3 * spec.body.mass * kGravity);
}

TEST(Suspension, SteadyCorneringTransfersMahOverTrack) {
  const CarSpec spec = sedan();
  Suspension s(spec);
  const double ay = 0.8 * kGravity;  // turning left: load goes to the right-hand wheels
  run_steady(s, 0.0, ay);
  const double right = s.loads()[kFrontRight] + s.loads()[kRearRight];
  const double left = s.loads()[kFrontLeft] + s.loads()[kRearLeft];
  const double expected = spec.body.mass * ay * spec.body.cg_height / spec.body.track_width;
  EXPECT_NEAR((right - left) / 2.0, expected, 0.03 * expected);
  EXPECT_GT(s.state().roll, 0.0);  // left side up
}

TEST(Suspension, LoadsNeverGoNegativeAndALiftedWheelCarriesNothing) {
  const CarSpec spec = sedan();
  Suspension s(spec);
  run_steady(s, 0.0, 3.0 * kGravity);  // far beyond any tyre: the inside wheels lift
  for (double load : s.loads()) EXPECT_GE(load, 0.0);
  EXPECT_EQ(s.loads()[kFrontLeft], 0.0);
  EXPECT_EQ(s.loads()[kRearLeft], 0.0);
}

}  // namespace
}  // namespace racer
