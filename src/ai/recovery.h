#pragma once
// StuckRecovery: the AI driver's stall watch and the way out. A stall clock runs on the
// race's own distance; stalled at a standstill (not pulling away, not queued behind a car),
// pinned against a wall, facing back down the track, or boxed in at a standstill (no forward
// arc out of where it stands, Unstick::boxed_in), the car plans a way out to its
// racing line with hybrid A* and drives it, a three-point turn if need be (unstick.h). When
// no plan is found, or the plan cannot be followed, it reverses out with opposite lock,
// stops, re-aims and drives on. No progress for long enough: the driver asks the race for a
// respawn (AiDriver::wants_respawn). Owns the stall clock, the wall clock, the smoothed
// launch acceleration, the planned way out and where the manoeuvre is.
//
// Deterministic; SI units.
#include <limits>

#include "ai/driver_config.h"
#include "ai/driver_road.h"
#include "ai/driver_view.h"
#include "ai/path.h"
#include "ai/tracking.h"
#include "ai/unstick.h"
#include "vehicle/controls.h"

namespace racer {

/// Where the stuck recovery is: following a planned way out (Unstick), or the fallback's
/// reverse-out (Reverse) and drive-on (Resume).
enum class Recovery { None, Unstick, Reverse, Resume };

class StuckRecovery {
 public:
  /// Without the car's geometry no way out is planned (hand-built views in tests): reversing.
  StuckRecovery() = default;
  /// `g`, `us`: the car's steering geometry and footprint, for the planned way out.
  StuckRecovery(const SteeringGeometry& g, CarSize us) : unstick_(g, us), planning_(true) {}

  /// Every step: runs the stall and wall clocks, and starts a reverse-out when the car is
  /// stalled, pinned or facing back. `queued`: waiting behind a car close ahead (never a
  /// stall). `line` is our racing line, `me` our place on it.
  void watch(const DriverView& v, const DriverConfig& config, bool queued, const Path& line, LinePosition me);
  /// The manoeuvre's controls this step (only while mode() is not None).
  Controls drive(const DriverView& v, const Path& line, LinePosition me);
  Recovery mode() const { return mode_; }
  double stall_seconds() const { return stall_s_; }  ///< s since the last progress
  int count() const { return count_; }               ///< manoeuvres started (planned or reversing)
  const Unstick& unstick() const { return unstick_; }
  /// The race moved the car: no manoeuvre, the stall clock from the next step.
  void respawned();

 private:
  void start_reverse(const DriverView& v);

  Unstick unstick_;
  bool planning_ = false;  // plan a way out first (the car's geometry is known)
  Recovery mode_ = Recovery::None;
  int count_ = 0;
  double stall_s_ = 0.0;
  double stall_mark_ = -std::numeric_limits<double>::infinity();  // m of race distance the stall clock runs from
  double last_forward_speed_ = -1e9;  // m/s last step (-1e9: none yet)
  double launch_accel_ = 0.0;         // m/s^2, smoothed forward acceleration
  double wall_time_ = 0.0;            // s against a wall at a crawl
  double recovery_time_ = 0.0;        // s in the current phase of the manoeuvre
  double since_recovery_ = 10.0;      // s since the last recovery began
  Vec2 recovery_start_;
};

}  // namespace racer
