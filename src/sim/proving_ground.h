#pragma once
// Proving ground: scripted, closed-loop manoeuvres that measure a car against known
// physics. Shared by tools/vehicle-lab (prints them as JSON) and the tests (assert on them).
// Every run is headless and deterministic; all figures SI unless the name says otherwise.
#include <optional>
#include <vector>

#include "vehicle/car_spec.h"

namespace racer {

struct RestResult {
  double drift_m = 0.0;        ///< distance the CG moved in 10 s
  double yaw_deg = 0.0;        ///< heading change in 10 s
  double max_speed_mps = 0.0;  ///< largest CG speed seen
  double load_sum_n = 0.0;     ///< total wheel load at the end
  double front_axle_n = 0.0;   ///< front axle load at the end
};

struct ShiftRecord {
  double t = 0.0;              ///< s since start
  int from = 0, to = 0;
  double rpm_before = 0.0;     ///< engine rpm the step before the shift
  double rpm_after = 0.0;      ///< engine rpm when the clutch is fully back in
  double wheel_omega_before = 0.0, wheel_omega_after = 0.0;  ///< driven wheels' mean spin, rad/s
  double speed_mps = 0.0;      ///< the car's speed at the shift
};

struct AccelResult {
  std::optional<double> t_0_100_s;  ///< null if not reached
  std::optional<double> t_0_200_s;
  std::optional<double> t_0_60mph_s;  ///< 0-60 mph (96.56 km/h)
  std::optional<double> quarter_mile_s;        ///< time to 402.336 m from a standstill
  std::optional<double> quarter_mile_trap_kmh;  ///< speed as the car crosses the quarter mile
  double top_speed_kmh = 0.0;       ///< the speed the car settles at (acceleration ~0)
  std::vector<ShiftRecord> shifts;
};

struct BrakeResult {
  double distance_m = 0.0;
  double time_s = 0.0;
  double mean_decel_mps2 = 0.0;
};

struct SkidpadResult {
  double lateral_g = 0.0;      ///< steady lateral acceleration at the limit / g
  double speed_mps = 0.0;      ///< highest speed held on the circle
};

struct YawResult {
  double yaw_rate_rps = 0.0;   ///< steady yaw rate, rad/s
  double lateral_g = 0.0;      ///< steady lateral acceleration / g
  double steer_deg = 0.0;      ///< mean front road-wheel angle commanded (before the steering's compliance)
  double understeer_gradient_deg_per_g = 0.0;
};

struct BrakeTransferResult {
  double decel_mps2 = 0.0;           ///< steady deceleration measured
  double front_transfer_n = 0.0;     ///< front axle load gain over static
  double expected_transfer_n = 0.0;  ///< m a h / L at that deceleration
};

/// Parked 10 s, brakes released, engine idling in neutral.
RestResult run_rest(const CarSpec& spec, double rate_hz);
/// Full throttle from standstill with the automatic gearbox until the car settles at its
/// top speed (its speed gains less than kSettledAccel over kSettleWindowS), or `max_time_s`.
AccelResult run_accel(const CarSpec& spec, double rate_hz, double max_time_s = 600.0);
/// run_accel's top speed: settled when the speed gained over this window, s, ...
inline constexpr double kSettleWindowS = 5.0;
/// ... is below this acceleration, m/s^2 (about 0.1 km/h short of the asymptote for a
/// road car, whose speed closes in on it with a time constant of 30-60 s).
inline constexpr double kSettledAccel = 0.002;
/// A quarter mile, m; 60 mph, km/h.
inline constexpr double kQuarterMileM = 402.336;
inline constexpr double k60MphKmh = 96.56064;
/// The drive force the car really puts down at full throttle from a standstill with its
/// automatic gearbox, N per speed step of `force_step` m/s (index i = speed i x step), as
/// m a + the drag `drag_k` v^2 (N s^2/m^2) and asphalt rolling resistance of a car of
/// `mass` kg, so a speed model with this table accelerates as the simulated car does,
/// shift pauses and wheelspin included. The table ends (last entry 0) where the car stops
/// gaining speed. The AI's measured envelope (ai/measured_envelope.h) is built on it.
std::vector<double> measured_drive_force(const CarSpec& spec, double mass, double drag_k, double rate_hz,
                                         double force_step);
/// Full brake, straight, from `from_kmh` to standstill.
BrakeResult run_brake(const CarSpec& spec, double rate_hz, bool abs, double from_kmh = 100.0);
/// Circle of `radius_m` at slowly rising speed; reports the limit the car holds.
SkidpadResult run_skidpad(const CarSpec& spec, double rate_hz, double radius_m = 50.0);
/// Fixed steer input `steer` (fraction of lock) at a held speed.
YawResult run_yaw(const CarSpec& spec, double rate_hz, double speed_mps, double steer);
/// Constant brake pedal `pedal` from 100 km/h; load transfer while decelerating steadily.
BrakeTransferResult run_brake_transfer(const CarSpec& spec, double rate_hz, double pedal);

}  // namespace racer
