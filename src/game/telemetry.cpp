#include "game/telemetry.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>

#include "core/math.h"

namespace racer {

TelemetrySample telemetry_sample(const CarSnapshot& car, double race_time, double lap_time) {
  TelemetrySample s;
  s.race_time = race_time;
  s.lap_time = lap_time;
  s.speed = car.speed;
  s.steer = car.steer;
  s.throttle = car.throttle;
  s.brake = car.brake;
  for (const WheelSnapshot& w : car.wheels) {
    s.slip_ratio = std::max(s.slip_ratio, std::abs(w.slip_ratio));
    s.slip_angle = std::max(s.slip_angle, std::abs(w.slip_angle));
  }
  s.long_g = car.accel_local.x / kGravity;
  s.lat_g = car.accel_local.y / kGravity;
  return s;
}

std::string telemetry_csv(const std::vector<TelemetrySample>& samples) {
  std::string out;
  for (std::size_t i = 0; i < kTelemetryColumns.size(); ++i) {
    if (i > 0) out += ',';
    out += kTelemetryColumns[i];
  }
  out += '\n';
  char row[320];
  for (const TelemetrySample& s : samples) {
    std::snprintf(row, sizeof row, "%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.5f,%.4f,%.4f,%.4f\n", s.lap_time, s.race_time,
                  s.speed, s.steer, s.throttle, s.brake, s.slip_ratio, rad_to_deg(s.slip_angle), s.lat_g, s.long_g);
    out += row;
  }
  return out;
}

TelemetryLog::TelemetryLog(double window_s) : window_(window_s) { assert(window_s > 0.0); }

void TelemetryLog::add(const TelemetrySample& s) {
  recent_.push_back(s);
  while (!recent_.empty() && recent_.front().race_time < s.race_time - window_) recent_.pop_front();
  current_.push_back(s);
}

void TelemetryLog::complete_lap(double lap_time) {
  last_ = std::move(current_);
  current_.clear();
  if (!best_time_ || lap_time < *best_time_) {
    best_time_ = lap_time;
    best_ = last_;
  }
}

void TelemetryLog::clear() {
  recent_.clear();
  current_.clear();
  last_.clear();
  best_.clear();
  best_time_.reset();
}

std::filesystem::path telemetry_file(const std::filesystem::path& data_dir, std::string_view stem) {
  std::string clean;
  for (const char c : stem) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '-' || c == '.';
    clean += ok ? c : '_';
  }
  if (clean.empty() || clean == "." || clean == "..") clean = "_" + clean;
  return data_dir / "telemetry" / (clean + ".csv");
}

}  // namespace racer
