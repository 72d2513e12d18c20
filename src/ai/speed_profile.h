#pragma once
// Speed profile on a racing line: the fastest speed at every sample a car can hold on it.
//   1. v_max(s) = sqrt(mu_y g / |kappa|), mu_y = mu x the car's lateral share (load
//      transfer, see lateral_grip_share), mu = grip_factor x tyre mu_peak x the grip of the
//      surface under the car's four wheels on the line (gravel, ice, kerbs, ...).
//   2. forward pass (acceleration): a = (min(F_engine(v), m a_axles) - R(v)) / m, with
//      R = 1/2 rho Cd A v^2 + Crr(surface) m g and a_axles the most both axles allow while
//      cornering at a_y = v^2 kappa: each axle carries its static share of the cornering
//      force and its share of the drive inside its friction ellipse on a load that the
//      acceleration shifts to the rear (m a h / L). a may be negative (drag at the cornering
//      limit, or beyond top speed): the car slows, as it would. Cornering drag (the tyres'
//      Fy sin(alpha) at the slip angles the corner needs) comes off the same acceleration.
//   3. backward pass (braking): decel = min(F_brakes / m, a_axles) + R(v) / m, the axles'
//      limit now with the brake bias and the load shifted to the front: a car cannot brake
//      hard in a fast bend without the rear letting go.
//   4. lap time = sum ds / v (trapezoidal in 1/v), braking zones where the backward pass
//      binds.
//   5. the braking envelope: the backward pass again from v_max, without the forward pass
//      (how fast a car may be anywhere and still make the bends ahead).
// Both passes integrate v^2 with a midpoint step and run twice around the closed line from
// the slowest v_max, so the result is periodic (a flying lap). The "limit lap time" is the
// lap time of this profile with grip_factor 1.
//
// Pure and deterministic.
#include <vector>

#include "ai/racing_line.h"
#include "vehicle/car_spec.h"

namespace racer {

class SurfaceMap;

/// What the speed profile needs to know about a car (see car_envelope for how a CarSpec
/// maps onto it). All SI.
struct CarEnvelope {
  double mass = 1200.0;               ///< kg
  double mu_peak = 1.0;               ///< tyre peak friction coefficient (at a quarter of the weight)
  double lateral_share = 1.0;         ///< (0, 1]: the car's steady cornering grip / mu_peak (load transfer)
  double drag_k = 0.0;                ///< N / (m/s)^2: 1/2 rho Cd A
  double rolling_scale = 1.0;         ///< multiplies the surface's rolling resistance (0 = none)
  double front_static_share = 0.5;    ///< static share of the weight on the front axle
  double cg_height_over_wheelbase = 0.0;  ///< h / L, for longitudinal load transfer
  double cg_height_over_track = 0.0;  ///< h / t, for lateral load transfer (0: none)
  double front_roll_share = 0.5;      ///< share of the lateral load transfer the front axle takes
  double front_drive_share = 0.5;     ///< share of the drive torque at the front axle (FWD 1, RWD 0)
  double max_brake_force = 1e12;      ///< N, total brake torque / tyre radius
  double rear_brake_share = 0.0;      ///< share of the brake force at the rear axle (1 - front bias)
  double cg_to_front_axle = 1.2;      ///< m, where the front wheels sit (surface sampling)
  double cg_to_rear_axle = 1.4;       ///< m
  double half_track = 0.75;           ///< m
  double force_step = 0.5;            ///< m/s between entries of drive_force
  std::vector<double> drive_force;    ///< N, best-gear engine force at speed i * force_step; 0 beyond
  /// Cornering drag: m/s^2 of deceleration per m/s^2 of lateral acceleration, at lateral
  /// use i / (size - 1) of the cornering grip (empty: none). A tyre giving Fy at slip angle
  /// alpha resists its own motion by Fy sin(alpha), so a car cornering near the limit needs
  /// drive just to hold its speed.
  std::vector<double> cornering_drag;

  /// Deceleration (m/s^2, >= 0) from cornering at `a_y` m/s^2 with `mu_y` the sideways friction.
  double cornering_drag_at(double a_y, double mu_y) const;

  /// Engine force at the wheels at speed v (m/s), N, linear in the table, 0 past its end.
  double engine_force(double v) const;
  /// Largest drive force the driven axle(s) transmit at friction `mu`, N, with the
  /// longitudinal load transfer of that acceleration (static weights, no aero).
  double traction_force(double mu) const;
};

/// The steady-state cornering grip of a car as a share of mu_peak: the largest lateral
/// acceleration at which both axles still carry their share (m a_y x static weight share)
/// when the lateral load transfer m a_y h / t, split between the axles by roll stiffness
/// (springs + 2 x anti-roll bar), moves load from the inner to the outer tyre. Load-
/// sensitive tyres give less than mu_peak this way (0.91-0.95 for the shipped cars; the
/// skidpad measures 0.91-0.93).
double lateral_grip_share(const CarSpec& spec);

/// The envelope of a car: mu_peak = Tyre(spec.tyre).mu_peak(m g / 4), lateral_share from
/// lateral_grip_share (cornering speeds use mu_peak x lateral_share), drag from Cd A, the
/// drive force through the best gear at every speed from the torque curve (rev limiter at
/// max_rpm, idle as the lowest rpm), efficiency and final drive; brakes from max_torque.
CarEnvelope car_envelope(const CarSpec& spec);

/// A constant-force test envelope: no drag, no rolling resistance, no load transfer, the
/// drive and the brakes shared equally by the axles (so traction = braking = mu m g, and
/// the friction circle of the whole car), `drive_force` N up to `top_speed` m/s.
CarEnvelope simple_envelope(double mass, double mu_peak, double drive_force, double top_speed);

/// The largest longitudinal acceleration (dir +1) or deceleration (dir -1), m/s^2, that
/// both axles allow while the car corners at lateral acceleration a_y (m/s^2): the
/// longitudinal load transfer m a_x h / L moves load off the front (accelerating) or the
/// rear (braking), and each axle must carry its static share w of the cornering force and
/// its share phi of the longitudinal force (drive split or brake bias) inside its friction
/// ellipse, (w a_y / mu_y)^2 + (phi a_x / mu)^2 <= (w g -/+ a_x h / L)^2. This is why a car
/// cannot brake hard in a fast bend without the rear letting go, and why a rear-driven car
/// cannot put its power down at the exit of a hairpin. The speed profile's passes and the
/// driver's pedals both use it. Driving, the axles have open differentials: each driven
/// wheel gets half its axle's torque, so the inner wheel, unloaded by the lateral transfer
/// m a_y h / t (split by roll stiffness), sets the axle's traction at twice its own.
double axle_accel_limit(const CarEnvelope& car, double a_y, double mu, double mu_y, int dir);
/// The same with the open differentials' limit found by a plain bisection of 24 halvings
/// below the ellipses' answer: axle_accel_limit gives this bit for bit, replaying the
/// halvings against a root of a continuous margin (tests compare the two).
double axle_accel_limit_bisected(const CarEnvelope& car, double a_y, double mu, double mu_y, int dir);

struct SpeedProfileParams {
  double grip_factor = 1.0;   ///< (0, 1]: share of the grip used (AI difficulty); 1 = the limit
  double max_speed = 150.0;   ///< m/s, a hard cap
};

/// Grip and rolling resistance under the car at every line sample.
struct LineSurface {
  std::vector<double> grip;      ///< surface grip factor (asphalt = 1), mean of the four wheels
  std::vector<double> rolling;   ///< rolling resistance coefficient, mean of the four wheels
};

/// Samples the surface under the four wheels of a car centred on each line sample, facing
/// along the line.
LineSurface line_surface(const RacingLine& line, const SurfaceMap& map, const CarEnvelope& car);
/// Asphalt everywhere (tests).
LineSurface uniform_surface(const RacingLine& line, double grip = 1.0, double rolling = 0.0);

/// A stretch of the line where the car brakes (the backward pass binds).
struct BrakingZone {
  double s_start = 0.0;  ///< m along the line where braking begins (the braking point)
  double s_end = 0.0;    ///< m where braking ends (may be < s_start across the line's start)
  double v_start = 0.0;  ///< m/s at the braking point
  double v_end = 0.0;    ///< m/s at the end
};

struct SpeedProfile {
  std::vector<double> s;       ///< m, the line's samples
  std::vector<double> v_max;   ///< m/s, the cornering limit sqrt(mu g / |kappa|) (capped)
  std::vector<double> speed;   ///< m/s, the profile
  std::vector<double> accel;   ///< m/s^2, longitudinal acceleration between sample i and i+1
  std::vector<double> mu;      ///< effective friction coefficient used at each sample
  /// m/s, the braking envelope: the backward pass from v_max alone, the fastest a car can be
  /// going here and still brake for every bend ahead, whatever speed it came with (>= speed;
  /// equal to it in the braking zones and the bends, above it on the acceleration curves).
  std::vector<double> envelope;
  std::vector<BrakingZone> braking;  ///< in order of s_start
  double length = 0.0;         ///< m
  double lap_time = 0.0;       ///< s, a flying lap at this profile

  /// Target speed at s (wraps), m/s, linear between samples.
  double target_speed(double at_s) const;
  /// The braking envelope at s (wraps), m/s: above it the car cannot slow for what is ahead.
  double envelope_speed(double at_s) const;
  /// The profile's longitudinal acceleration at s (wraps), m/s^2 (negative: braking).
  double accel_at(double at_s) const;
  /// The next braking zone starting at or after s (wrapping), or nullptr if there is none.
  const BrakingZone* next_braking(double at_s) const;
};

SpeedProfile compute_speed_profile(const RacingLine& line, const CarEnvelope& car, const LineSurface& surface,
                                   const SpeedProfileParams& params = {});
/// The same with the surface sampled from `map` (usually the Track), each sample planned
/// with the least grip of the line just ahead of it (grip_ahead.h).
SpeedProfile compute_speed_profile(const RacingLine& line, const CarEnvelope& car, const SurfaceMap& map,
                                   const SpeedProfileParams& params = {});

}  // namespace racer
