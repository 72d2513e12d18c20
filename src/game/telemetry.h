#pragma once
// Telemetry of one car (the Telemetry panel, ui/telemetry_panel.h): samples of speed, the
// controls, slip and g-forces, kept for the last seconds (rolling plots), for the lap under
// way, and for the best complete lap (the lap overlay); a lap exported as CSV.
// Pure: no SDL, no ImGui, no wall clock; the sample times are race times.
//
// CSV columns (one header line, then one row per sample, '\n' line ends, '.' decimals):
//   lap_time_s       s since the lap started
//   race_time_s      s of race time
//   speed_mps        m/s, forward speed
//   steer            [-1, 1], + = left
//   throttle         [0, 1]
//   brake            [0, 1]
//   slip_ratio       the largest |slip ratio| of the four wheels
//   slip_angle_deg   degrees, the largest |slip angle| of the four wheels
//   lat_g            lateral acceleration in g, + = left
//   long_g           longitudinal acceleration in g, + = forward
#include <array>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/snapshot.h"

namespace racer {

struct TelemetrySample {
  double race_time = 0.0;  ///< s
  double lap_time = 0.0;   ///< s since the lap started
  double speed = 0.0;      ///< m/s
  double steer = 0.0;      ///< [-1, 1], + = left
  double throttle = 0.0;   ///< [0, 1]
  double brake = 0.0;      ///< [0, 1]
  double slip_ratio = 0.0; ///< largest |slip ratio| of the wheels
  double slip_angle = 0.0; ///< rad, largest |slip angle| of the wheels
  double lat_g = 0.0;      ///< g, + = left
  double long_g = 0.0;     ///< g, + = forward
};

/// The columns of telemetry_csv, in order (the header line).
inline constexpr std::array<std::string_view, 10> kTelemetryColumns = {
    "lap_time_s", "race_time_s", "speed_mps", "steer", "throttle", "brake",
    "slip_ratio", "slip_angle_deg", "lat_g", "long_g"};

/// A sample of a car's snapshot at race time `race_time`, `lap_time` s into its lap.
TelemetrySample telemetry_sample(const CarSnapshot& car, double race_time, double lap_time);

/// The header line and one row per sample.
std::string telemetry_csv(const std::vector<TelemetrySample>& samples);

class TelemetryLog {
 public:
  /// `window_s`: s of samples kept for the rolling plots (> 0).
  explicit TelemetryLog(double window_s = 10.0);
  /// A new sample of the lap under way (samples come in race-time order).
  void add(const TelemetrySample& s);
  /// The lap under way was completed in `lap_time` s: it becomes the last lap, and the best
  /// lap when it is the first or faster; the next lap starts empty.
  void complete_lap(double lap_time);
  /// A lap that does not count (a respawn, a restart): its samples are dropped.
  void abandon_lap() { current_.clear(); }
  /// The samples of the last window_s seconds, oldest first.
  const std::deque<TelemetrySample>& recent() const { return recent_; }
  const std::vector<TelemetrySample>& current_lap() const { return current_; }
  const std::vector<TelemetrySample>& last_lap() const { return last_; }
  const std::vector<TelemetrySample>& best_lap() const { return best_; }
  std::optional<double> best_lap_time() const { return best_time_; }
  double window() const { return window_; }
  /// Drops everything (another car picked).
  void clear();

 private:
  double window_;
  std::deque<TelemetrySample> recent_;
  std::vector<TelemetrySample> current_, last_, best_;
  std::optional<double> best_time_;
};

/// `data_dir / "telemetry" / "<stem>.csv"`, characters other than [A-Za-z0-9_.-] in the stem
/// made '_'.
std::filesystem::path telemetry_file(const std::filesystem::path& data_dir, std::string_view stem);

}  // namespace racer
