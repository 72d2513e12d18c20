#pragma once
// Tracking: the AI's path-following layer (about 20 Hz; the caller counts fixed steps and
// holds the steer in between). Two controllers turn a Path into a road-wheel angle and the
// car's steer input: Pure Pursuit (the default) and Stanley (the alternative).
//
// Sections: the car as the trackers see it | the command | Pure Pursuit | Stanley
//
// Both are plain functions of their inputs: deterministic, no allocation, no state (the
// projection hint belongs to the caller). Forward driving only: a negative speed counts as 0.
// Angles and frames as in core/vec2.h; + steer = left.
#include "ai/path.h"
#include "core/vec2.h"

namespace racer {

struct CarSpec;

// ---------------------------------------------------------------- the car as the trackers see it

/// Bicycle-model geometry of a car: where its axles are and how far its wheels turn.
struct SteeringGeometry {
  double wheelbase = 2.6;         ///< m, front to rear axle, > 0
  double cg_to_front_axle = 1.2;  ///< m, CG ahead of the rear axle by wheelbase - this
  double max_angle = 0.6;         ///< rad, road-wheel angle at steer = ±1, > 0

  static SteeringGeometry of(const CarSpec& spec);
  double cg_to_rear_axle() const { return wheelbase - cg_to_front_axle; }
};

/// The car's pose and speed (what DriverView gives the tracking layer).
struct TrackingState {
  Vec2 position;        ///< CG, m
  double heading = 0.0; ///< rad
  double speed = 0.0;   ///< m/s, forward
};

/// Centre of the rear axle (Pure Pursuit's reference point), m.
Vec2 rear_axle(const SteeringGeometry& g, const TrackingState& s);
/// Centre of the front axle (Stanley's reference point), m.
Vec2 front_axle(const SteeringGeometry& g, const TrackingState& s);
/// The car's steer input for a road-wheel angle: angle / max_angle, clamped to [-1, 1].
double steer_input(double road_wheel_angle, const SteeringGeometry& g);

// ---------------------------------------------------------------- the command

struct SteerCommand {
  double road_wheel_angle = 0.0;  ///< rad, + = left, as the law asks (before the lock limit)
  double steer = 0.0;             ///< [-1, 1], for Controls::steer
  Vec2 target;                    ///< m: PP's pursued point; Stanley's nearest path point to the front axle
  double lookahead = 0.0;         ///< m: PP's lookahead distance ld (0 for Stanley)
  double cross_track = 0.0;       ///< m, reference point's offset from the path, + = left of it
  double heading_error = 0.0;     ///< rad, path heading - car heading, wrapped to (-pi, pi]
};

// ---------------------------------------------------------------- Pure Pursuit

/// Lookahead ld = max(min, clamp(per_speed·v + base, min, max) / (1 + curvature_gain·|κ|·v)),
/// |κ| the largest path curvature within the unshrunk distance ahead of the car: the
/// lookahead grows with speed (smooth, no weaving on straights) and shrinks in bends
/// (a long chord cuts a corner by about ld²·κ/2), more so the faster the car goes.
struct PurePursuitParams {
  double base = 3.0;            ///< m, L0: lookahead at standstill before the clamp
  double per_speed = 0.55;      ///< s, k_v: lookahead gained per m/s
  double min = 5.0;             ///< m, Lmin, > 0
  double max = 30.0;            ///< m, Lmax, >= min
  double curvature_gain = 1.0;  ///< s, k_c: shrink per (1/m · m/s) of curvature ahead times speed
};

/// The lookahead distance (m) at `speed` (m/s) with `curvature_ahead` (1/m, sign ignored).
double pure_pursuit_lookahead(const PurePursuitParams& p, double speed, double curvature_ahead);

/// Pure Pursuit from the rear axle: the target is the path point ld further along than the
/// rear axle's projection `rear` (from path.project(rear_axle(...), hint)); with d the
/// distance from the rear axle to the target and η its bearing off the heading,
/// δ = atan(2·L·sin η / d) steers the rear axle onto the arc through the target. A target
/// behind the axle (|η| > 90°) asks for full lock towards it.
SteerCommand pure_pursuit(const PurePursuitParams& p, const SteeringGeometry& g, const TrackingState& s,
                          const Path& path, const PathProjection& rear);
/// The same, projecting the rear axle itself; `hint` is read and updated (start at -1).
SteerCommand pure_pursuit(const PurePursuitParams& p, const SteeringGeometry& g, const TrackingState& s,
                          const Path& path, int& hint);

// ---------------------------------------------------------------- Stanley

/// Stanley (Hoffmann et al. 2007, the Stanford DARPA car): δ = ψ_e + atan(-gain·e / (softening + v)),
/// e the front axle's offset (+ = left of the path), ψ_e the path heading at its projection
/// minus the car's heading.
struct StanleyParams {
  double gain = 4.0;       ///< 1/s, k: cross-track gain, > 0
  double softening = 1.0;  ///< m/s, k_soft: keeps the gain finite at low speed, > 0
};

/// Stanley on the front axle's projection `front` (from path.project(front_axle(...), hint)).
SteerCommand stanley(const StanleyParams& p, const SteeringGeometry& g, const TrackingState& s, const Path& path,
                     const PathProjection& front);
/// The same, projecting the front axle itself; `hint` is read and updated (start at -1).
SteerCommand stanley(const StanleyParams& p, const SteeringGeometry& g, const TrackingState& s, const Path& path,
                     int& hint);

}  // namespace racer
