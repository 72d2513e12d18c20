#pragma once
// The longitudinal controller of an AI driver: the speed plan (at the tracking rate: the
// share of the profile aimed for off the line, on a shifted line or in a lift, and the cap
// from following a car ahead, a merge, a let-by's lift or a detour), then every step the
// pedals (the profile's acceleration ahead as feed-forward plus speed feedback, mapped to
// throttle or brake through the car's envelope) and the named filters over the Controls
// (collision, braking, traction with a throttle ceiling that remembers wheelspin, engine
// braking, front grip, stability, the road's edge, steer rate). It owns the throttle
// ceiling and the tyre peaks the filters read.
//
// Deterministic; SI units.
#include "ai/ai_params.h"
#include "ai/driver_config.h"
#include "ai/driver_road.h"
#include "ai/driver_view.h"
#include "ai/racecraft.h"
#include "ai/tracking.h"
#include "ai/traffic.h"
#include "vehicle/controls.h"

namespace racer {

struct CarSpec;
class Track;

/// What the speed plan asks of the pedals until its next tick.
struct SpeedPlan {
  double scale = 1.0;  ///< share of the profile aimed for now (off the line, a shifted line, a lift)
  double cap = 1e9;    ///< m/s, following a car ahead, a let-by's lift, a detour (1e9: free road)
};

struct SpeedPlanInput {
  const DriverRoad* road = nullptr;         ///< never null
  const AiParams* params = nullptr;         ///< never null
  const TrafficPicture* traffic = nullptr;  ///< never null
  LineChoice line;                          ///< racecraft's last choice
  LinePosition me;
  double forward_speed = 0.0;  ///< m/s
  bool lift = false;           ///< a mistake: lifting
  bool detour = false;         ///< on an A* detour round a stopped car
};

/// The speed plan (see SpeedPlan), at the tracking rate.
SpeedPlan plan_speed(const SpeedPlanInput& in, const DriverConfig& config);

/// m/s we may go following a car `gap` m ahead at `ahead_speed` m/s by a `time_gap` s
/// standoff (and 2 m), braking at half the grip under the two of us (1e9: beyond the look
/// range); `speed` is ours.
double follow_cap(const DriverRoad& road, double s, double gap, double ahead_speed, double time_gap, double speed,
                  double look_range);

/// What DWA says about the speed this step.
struct DwaSay {
  bool steering = false;    ///< DWA has the wheel and the speed
  bool admissible = true;   ///< it found an arc that does not hit anything
  bool full = false;        ///< it chose the top of its window (speed up, not a limit)
  double speed = 0.0;       ///< m/s, its chosen speed
};

struct PedalInput {
  const DriverRoad* road = nullptr;  ///< never null
  const AiParams* params = nullptr;  ///< never null
  LineChoice line;                   ///< racecraft's last choice (a lane has its own profile)
  SpeedPlan plan;
  DwaSay dwa;
  LinePosition me;
  double steer = 0.0;      ///< [-1, 1], the tracker's or DWA's
  double arc_speed = 1e9;  ///< m/s at which a wide car's arc back is within the grip (1e9: not wide)
};

struct FilterInput {
  double gap_ahead = 1e9;   ///< m to the car ahead in our lane
  double closing = 0.0;     ///< m/s towards it
  double last_steer = 0.0;  ///< [-1, 1], the steer applied last step
  double line_curvature = 0.0;  ///< 1/m, the racing line's where we are
  double mu = 1.0;              ///< the car envelope's peak friction
};

class Longitudinal {
 public:
  Longitudinal(const CarSpec& spec, CarSize us);

  /// This step's pedals (and steer, gear out of reverse); `target_speed` gets the speed
  /// aimed for (m/s).
  Controls pedals(const DriverView& v, const PedalInput& in, double& target_speed) const;
  /// The named filters over `c`; the throttle ceiling moves.
  Controls filters(Controls c, const DriverView& v, const FilterInput& in, const Track& track,
                   const SteeringGeometry& geometry, const DriverConfig& config);
 private:
  double time_to_edge(const DriverView& v, const Track& track, double horizon) const;

  CarSize us_;
  double throttle_cap_ = 1.0;           // the traction ceiling on the throttle (wheelspin memory)
  double peak_slip_angle_ = 0.12;       // rad, the tyres' lateral peak at the static load
  double rear_peak_slip_angle_ = 0.12;  // rad, the rear tyres' (stiffer or softer by rear_cornering_factor)
  double peak_slip_ratio_ = 0.1;        // the tyres' longitudinal peak at the static load
};

}  // namespace racer
