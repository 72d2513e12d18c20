// Telemetry: a sample reads the car's snapshot (largest wheel slip, g from the body-frame
// acceleration), the rolling window keeps only its last seconds, the best lap is the fastest
// complete one, and the CSV has the documented columns and one row per sample.
#include "game/telemetry.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "core/math.h"

namespace racer {
namespace {

TelemetrySample at(double t, double speed) {
  TelemetrySample s;
  s.race_time = t;
  s.lap_time = t;
  s.speed = speed;
  return s;
}

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  for (std::string cell; std::getline(ss, cell, sep);) out.push_back(cell);
  return out;
}

TEST(Telemetry, SampleTakesTheLargestWheelSlipAndGFromTheBodyAcceleration) {
  CarSnapshot car;
  car.speed = 31.5;
  car.steer = -0.25;
  car.throttle = 0.75;
  car.brake = 0.0;
  car.accel_local = {-4.903325, 9.80665};  // half a g braking, one g to the left
  car.wheels[0].slip_ratio = 0.02;
  car.wheels[2].slip_ratio = -0.31;
  car.wheels[1].slip_angle = -0.12;
  car.wheels[3].slip_angle = 0.05;
  const TelemetrySample s = telemetry_sample(car, 12.0, 3.5);
  EXPECT_EQ(s.race_time, 12.0);
  EXPECT_EQ(s.lap_time, 3.5);
  EXPECT_EQ(s.speed, 31.5);
  EXPECT_EQ(s.steer, -0.25);
  EXPECT_EQ(s.throttle, 0.75);
  EXPECT_DOUBLE_EQ(s.slip_ratio, 0.31);
  EXPECT_DOUBLE_EQ(s.slip_angle, 0.12);
  EXPECT_DOUBLE_EQ(s.long_g, -0.5);
  EXPECT_DOUBLE_EQ(s.lat_g, 1.0);
}

TEST(Telemetry, CsvHasTheDocumentedColumnsAndOneRowPerSample) {
  std::vector<TelemetrySample> lap;
  for (int i = 0; i < 250; ++i) {
    TelemetrySample s = at(100.0 + i / 60.0, 20.0 + i * 0.1);
    s.lap_time = i / 60.0;
    s.slip_angle = deg_to_rad(2.0);
    s.lat_g = -0.75;
    lap.push_back(s);
  }
  const std::string csv = telemetry_csv(lap);
  const std::vector<std::string> lines = split(csv, '\n');
  ASSERT_EQ(lines.size(), 1 + lap.size());
  EXPECT_EQ(lines[0], "lap_time_s,race_time_s,speed_mps,steer,throttle,brake,slip_ratio,slip_angle_deg,lat_g,long_g");
  for (std::size_t i = 1; i < lines.size(); ++i) ASSERT_EQ(split(lines[i], ',').size(), kTelemetryColumns.size()) << lines[i];
  // The last row's values, in the columns' order (printed to 4 decimals: 1e-4 tolerance).
  const std::vector<std::string> last = split(lines.back(), ',');
  EXPECT_NEAR(std::stod(last[0]), 249 / 60.0, 1e-4);
  EXPECT_NEAR(std::stod(last[1]), 100.0 + 249 / 60.0, 1e-4);
  EXPECT_NEAR(std::stod(last[2]), 20.0 + 24.9, 1e-4);
  EXPECT_NEAR(std::stod(last[7]), 2.0, 1e-4);  // degrees in the file
  EXPECT_NEAR(std::stod(last[8]), -0.75, 1e-4);
  EXPECT_EQ(telemetry_csv({}), lines[0] + "\n");  // no sample: the header alone
}

TEST(Telemetry, RollingWindowKeepsOnlyItsLastSeconds) {
  TelemetryLog log(2.0);
  for (int i = 0; i <= 600; ++i) log.add(at(i / 60.0, i));  // 10 s at 60 Hz
  ASSERT_FALSE(log.recent().empty());
  EXPECT_EQ(log.recent().back().race_time, 10.0);
  EXPECT_GE(log.recent().front().race_time, 8.0);
  EXPECT_LT(log.recent().front().race_time, 8.0 + 1.0 / 60.0 + 1e-9);  // one sample past the edge at most
  EXPECT_EQ(log.current_lap().size(), 601u);  // the lap keeps every sample
}

TEST(Telemetry, BestLapIsTheFastestCompleteLapAndAnAbandonedLapIsDropped) {
  TelemetryLog log;
  for (int i = 0; i < 10; ++i) log.add(at(i, 1.0));
  log.complete_lap(60.0);
  for (int i = 0; i < 7; ++i) log.add(at(10 + i, 2.0));
  log.complete_lap(55.0);
  for (int i = 0; i < 12; ++i) log.add(at(20 + i, 3.0));
  log.complete_lap(58.0);
  EXPECT_EQ(log.best_lap_time(), 55.0);
  ASSERT_EQ(log.best_lap().size(), 7u);
  EXPECT_EQ(log.best_lap().front().speed, 2.0);
  ASSERT_EQ(log.last_lap().size(), 12u);
  EXPECT_TRUE(log.current_lap().empty());
  log.add(at(40, 4.0));
  log.abandon_lap();
  EXPECT_TRUE(log.current_lap().empty());
  EXPECT_EQ(log.best_lap_time(), 55.0);
  log.clear();
  EXPECT_FALSE(log.best_lap_time().has_value());
  EXPECT_TRUE(log.recent().empty());
}

TEST(Telemetry, FileNamesCannotLeaveTheFolder) {
  EXPECT_EQ(telemetry_file("/d", "kestrel_downs-sedan-lap3"), std::filesystem::path("/d/telemetry/kestrel_downs-sedan-lap3.csv"));
  EXPECT_EQ(telemetry_file("/d", "../x"), std::filesystem::path("/d/telemetry/.._x.csv"));
}

}  // namespace
}  // namespace racer
