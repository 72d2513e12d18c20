#pragma once
// Small numeric helpers and unit conversions. SI units inside the simulation; convert only
// at the edges (data files may say km/h or degrees, the tyre formula speaks kN and degrees).
#include <algorithm>
#include <cmath>
#include <numbers>

namespace racer {

inline constexpr double kPi = std::numbers::pi;
inline constexpr double kGravity = 9.80665;  ///< standard gravity, m/s^2
inline constexpr double kAirDensity = 1.225; ///< sea-level air density, kg/m^3

constexpr double deg_to_rad(double deg) { return deg * kPi / 180.0; }
constexpr double rad_to_deg(double rad) { return rad * 180.0 / kPi; }
constexpr double kmh_to_mps(double kmh) { return kmh / 3.6; }
constexpr double mps_to_kmh(double mps) { return mps * 3.6; }
constexpr double rads_to_rpm(double rads) { return rads * 60.0 / (2.0 * kPi); }
constexpr double rpm_to_rads(double rpm) { return rpm * 2.0 * kPi / 60.0; }

constexpr double lerp(double a, double b, double t) { return a + (b - a) * t; }
/// fmod(x, m), skipping the call where it returns x unchanged (|x| < m): bit for bit the same.
inline double fmod_within(double x, double m) { return std::abs(x) < m ? x : std::fmod(x, m); }
constexpr double clamp01(double v) { return std::clamp(v, 0.0, 1.0); }
constexpr double sign(double v) { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }
constexpr double square(double v) { return v * v; }
/// Move `current` toward `target` by at most `max_delta`.
constexpr double approach(double current, double target, double max_delta) {
  if (current < target) return std::min(current + max_delta, target);
  return std::max(current - max_delta, target);
}
/// Wrap an angle to (-pi, pi].
inline double wrap_angle(double a) {
  a = std::remainder(a, 2.0 * kPi);
  return a <= -kPi ? a + 2.0 * kPi : a;
}

}  // namespace racer
