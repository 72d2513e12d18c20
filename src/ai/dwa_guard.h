#pragma once
// DwaGuard: the AI driver's local layer against other cars (at the local rate, ~60 Hz): when
// a car is within the DWA range and not behind, DWA (dwa.h) plans against the cars
// (predicted from their velocities) and the static obstacles near, towards waypoints on the
// tracked line (or the detour), scoring each arc's heading at its end along that line (so
// its arcs bend with the road), on the road: no arc may leave the road's edges (the route's
// room) by more than the tracker's own arc does. Its yaw rate becomes the kinematic steer
// for it. It is a guard: while the arc the tracker steers for stays clear, the tracker keeps the wheel and DWA only watches; DWA steers (and caps the speed)
// from the first decision that finds that arc blocked, for a short hold after. Owns the
// planner and its last decision.
//
// Deterministic; SI units.
#include <cstdint>
#include <vector>

#include "ai/ai_params.h"
#include "ai/detour.h"
#include "ai/driver_config.h"
#include "ai/driver_road.h"
#include "ai/driver_view.h"
#include "ai/dwa.h"
#include "ai/racecraft.h"
#include "ai/tracking.h"
#include "ai/traffic.h"

namespace racer {

class Track;

/// DWA's last decision.
struct DwaOutput {
  bool active = false;      ///< DWA ran (a car is near)
  bool steering = false;    ///< it has the wheel and the speed (the tracker's arc is blocked)
  bool admissible = true;   ///< it found an arc that hits nothing
  bool full = false;        ///< it chose the top of its window (wants to speed up)
  double speed = 0.0;       ///< m/s, its chosen speed
  double steer = 0.0;       ///< [-1, 1], the kinematic steer for its arc
  double steer_turn = 0.0;  ///< [-1, 1], that steer less the kinematic steer for the tracker's arc
};

/// The steer, [-1, 1], a car drives with while DWA has the wheel (DwaOutput::steering): on
/// a narrow road (LineChoice::narrow) the tracker's steer, its learned understeer in it,
/// turned by DWA's steer_turn, so that DWA's arc is driven as the tracker drives its own and
/// the wheel does not jump when DWA takes it; elsewhere the kinematic steer of DWA's arc.
/// (On Harbour Streets the kinematic steer, less than the tracker's at the grip limit, ran
/// cars wide in its 90-degree corners into the car beside them; on every road the
/// tracker's steer cost Port Ardent its car contacts: 0.258 a car-lap over 6 seeds.)
double dwa_wheel(const DwaOutput& dwa, double tracker_steer, bool narrow);

/// DWA's last decision as recorded for the debug overlays (DwaGuard::set_recording): the
/// planner's own input and its record of every sample, copied as the decision used them.
struct DwaRecord {
  std::int64_t step = -1;              ///< the fixed step of the last local tick (-1: none yet)
  bool ran = false;                    ///< DWA decided at that tick (a car was near)
  bool steering = false;               ///< its decision had the wheel (DwaOutput::steering)
  double steer = 0.0;                  ///< [-1, 1], its steer (DwaOutput::steer)
  DwaState state;                      ///< the car as DWA saw it
  double horizon = 0.0;                ///< s, the length of every sample's arc
  DwaDecision decision;                ///< what it chose
  DwaTrace trace;                      ///< every sample and how it fared
  std::vector<Vec2> waypoints;         ///< m, the line it steered towards
  std::vector<DwaObstacle> obstacles;  ///< what it planned against (cars predicted from their velocities)
};

struct DwaGuardInput {
  const DriverRoad* road = nullptr;         ///< never null
  const TrafficPicture* traffic = nullptr;  ///< never null
  const Detour* detour = nullptr;           ///< never null
  LineChoice line;                          ///< racecraft's choice this tick
  LinePosition me;
  double speed_limit = 0.0;     ///< m/s, the pedals' target speed (last step's: DWA runs before this step's pedals)
  double line_kappa = 0.0;      ///< 1/m, the curvature the tracker steers for (its last tick)
};

class DwaGuard {
 public:
  DwaGuard(const AiParams& params, const DriverConfig& config, CarSize us, double mu);
  /// Takes the profile's weights, samples, horizon and passing room (a fresh planner when
  /// they changed).
  void set_params(const AiParams& params);
  /// One local decision.
  const DwaOutput& decide(const DriverView& v, const DwaGuardInput& in, const Track& track,
                          const SteeringGeometry& geometry, const DriverConfig& config);
  const DwaOutput& output() const { return out_; }
  /// Records each decision from the next on (on) or stops (off); never changes a decision.
  void set_recording(bool on) { recording_ = on; }
  /// The last decision's record, null when not recording.
  const DwaRecord* record() const { return recording_ ? &record_ : nullptr; }
  /// Forgets the planner's memory (a respawn).
  void reset() { planner_.reset(); }

 private:
  static void take_profile(const AiParams& params, DwaParams& dp);
  bool beside_in_own_lane(const DwaGuardInput& in, int index) const;

  CarSize us_;
  DwaPlanner planner_;
  std::vector<Vec2> waypoints_;
  std::vector<DwaObstacle> obstacles_;
  DwaRoad road_;  // the road's edges ahead (DWA may not leave it where the tracker's arc does not)
  double hold_ = 0.0;  // s DWA keeps the wheel
  DwaOutput out_;
  bool recording_ = false;
  DwaRecord record_;
};

}  // namespace racer
