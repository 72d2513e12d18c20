#include "ai/understeer.h"

#include <gtest/gtest.h>

#include <cmath>

namespace racer {
namespace {

constexpr double kWheelbase = 2.8;

// The road-wheel angle a car with understeer gradient `k` needs for `yaw_rate` at `speed`.
double angle_for(double k, double speed, double yaw_rate) {
  return std::atan(kWheelbase * yaw_rate / speed) + k * speed * yaw_rate;
}

TEST(UndersteerMap, StartsFromTheLinearGradientEverywhere) {
  const UndersteerMap map(0.0025);
  EXPECT_DOUBLE_EQ(map.at(0.0), 0.0025);
  EXPECT_DOUBLE_EQ(map.at(23.0), 0.0025);
  EXPECT_DOUBLE_EQ(map.at(200.0), 0.0025);
}

TEST(UndersteerMap, LearnsWhatSteadyCorneringShowsAtThatSpeed) {
  UndersteerMap map(0.0025);
  const double truth = 0.0055;  // the car needs twice the linear figure at 40 m/s
  for (int i = 0; i < 200; ++i) map.observe(40.0, angle_for(truth, 40.0, 0.15), 0.15, kWheelbase, 0.05);  // 10 s
  // Ten seconds is more than six time constants: within 1%.
  EXPECT_NEAR(map.at(40.0), truth, 0.01 * truth);
  // Bands more than one band away keep what they had.
  EXPECT_DOUBLE_EQ(map.at(20.0), 0.0025);
  // Turning the other way shows the same gradient.
  UndersteerMap right(0.0025);
  for (int i = 0; i < 200; ++i) right.observe(40.0, angle_for(truth, 40.0, -0.15), -0.15, kWheelbase, 0.05);
  EXPECT_NEAR(right.at(40.0), truth, 0.01 * truth);
}

TEST(UndersteerMap, MovesAtItsTimeConstant) {
  UndersteerMap map(0.0);
  const double truth = 0.004;
  // One time constant of observations at a band centre: 1 - 1/e of the way, give or take
  // the discrete steps (20 of 0.075 s).
  for (int i = 0; i < 20; ++i) map.observe(30.0, angle_for(truth, 30.0, 0.2), 0.2, kWheelbase, 0.075);
  EXPECT_NEAR(map.at(30.0) / truth, 1.0 - std::exp(-1.0), 0.02);
}

TEST(UndersteerMap, IgnoresWhatIsNotSteadyCornering) {
  UndersteerMap map(0.0025);
  map.observe(5.0, 0.2, 0.5, kWheelbase, 1.0);     // too slow
  map.observe(40.0, 0.01, 0.05, kWheelbase, 1.0);  // 2 m/s^2: too little lateral acceleration
  map.observe(40.0, -0.05, 0.2, kWheelbase, 1.0);  // counter-steering: a slide, not understeer
  map.observe(40.0, 0.05, 0.2, kWheelbase, 0.0);   // no time
  for (double v : {5.0, 40.0}) EXPECT_DOUBLE_EQ(map.at(v), 0.0025);
}

TEST(UndersteerMap, BelievesNeitherOversteerNorAbsurdUndersteer) {
  UndersteerMap over(0.0025), absurd(0.0025);
  for (int i = 0; i < 100; ++i) {  // 10 s: within 1% of where the clamps put it
    over.observe(40.0, 0.5 * std::atan(kWheelbase * 0.15 / 40.0), 0.15, kWheelbase, 0.1);  // less than kinematic
    absurd.observe(40.0, 0.6, 0.15, kWheelbase, 0.1);  // full lock for 6 m/s^2
  }
  EXPECT_NEAR(over.at(40.0), 0.0, 0.01 * 0.0025);
  EXPECT_NEAR(absurd.at(40.0), UndersteerMap::kMaxGradient, 0.01 * UndersteerMap::kMaxGradient);
}

}  // namespace
}  // namespace racer
