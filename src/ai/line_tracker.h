#pragma once
// LineTracker: the AI driver's tracking layer (about 20 Hz). Pure Pursuit from the rear axle
// on the racing line shifted by racecraft's offset (or on an A* detour), with a cross-track
// correction damped by the speed the car already closes on its offset at, the car's
// understeer (learned per speed while cornering on its own) on top, and, for a car wide of
// its target at speed, an arc back kept within the grip and the speed it needs. Owns the
// rear axle's projection hint, the understeer map and what it last asked for.
//
// Deterministic; SI units.
#include <cstdint>

#include "ai/ai_params.h"
#include "ai/detour.h"
#include "ai/driver_road.h"
#include "ai/driver_view.h"
#include "ai/racecraft.h"
#include "ai/tracking.h"
#include "ai/understeer.h"

namespace racer {

struct CarSpec;

struct TrackingInput {
  const DriverRoad* road = nullptr;  ///< never null
  LineChoice line;                   ///< racecraft's last choice: the offset and lane to track
  LinePosition me;
  bool wide_mistake = false;  ///< a mistake: a wide line (+0.8 m)
  bool dwa_active = false;    ///< DWA ran its last decision (no understeer learning then)
  double last_steer = 0.0;    ///< [-1, 1], the steer applied last step
  double tracking_hz = 20.0;  ///< the layer's rate
};

class LineTracker {
 public:
  LineTracker(const CarSpec& spec, const AiTracking& params);
  /// Takes the profile's lookahead and damping (from the next tick on).
  void set_params(const AiTracking& params);

  /// One tracking tick (on the detour when it is active).
  void track(const DriverView& v, const TrackingInput& in, Detour& detour);
  double steer() const { return steer_; }            ///< [-1, 1], what tracking asks for
  double line_kappa() const { return line_kappa_; }  ///< 1/m, the curvature it steers for
  /// rad of road-wheel angle per m/s^2 of lateral acceleration the car needs on top of the
  /// kinematic angle at `speed` m/s (learned while cornering on its own)
  double understeer_at(double speed) const { return understeer_.at(speed); }
  double arc_speed() const { return arc_speed_; }    ///< m/s at which a wide car's arc back is within the grip (1e9: not wide)
  Vec2 target() const { return target_; }            ///< m, world: the point it steered for at its last tick (Pure Pursuit's lookahead)
  const SteeringGeometry& geometry() const { return geometry_; }
  /// Forgets the rear axle's projection hint (a respawn, a new route).
  void forget_hint() { rear_hint_ = -1; }

 private:
  double off_offset_rate(const DriverView& v, const TrackingInput& in);
  double arc_within_grip(const TrackingInput& in, double kappa, double speed);
  void learn_understeer(const DriverView& v, const TrackingInput& in);

  SteeringGeometry geometry_;
  PurePursuitParams pursuit_;
  double damping_ = 0.3;         // s, AiTracking::damping
  UndersteerMap understeer_;     // extra road-wheel angle the car needs per lateral accel, learned per speed
  int rear_hint_ = -1;
  double steer_ = 0.0;           // [-1, 1]
  double line_kappa_ = 0.0;      // 1/m
  double arc_speed_ = 1e9;       // m/s
  Vec2 target_;                  // m, the lookahead point of the last tick
  double last_track_offset_ = 0.0;  // m, the offset at the last tracking tick
  std::int64_t last_track_step_ = -1;
};

}  // namespace racer
