#pragma once
// AiDriver: the layered AI of one car. It reads a DriverView and produces one Controls per
// fixed step. tick() is the table of contents; each part is its own file and owns its state,
// and the tick passes values between them. Every layer runs at its own rate, counted in
// fixed steps:
//   set-up      route (main loop or branch, by limit lap time), racing line, speed profiles
//               on the line and the lanes (driver_road.h)
//   every step  sense: our place on the racing line; stall watch (recovery.h), which may
//               take over with a reverse-out
//   ~60 Hz      the traffic picture (traffic.h) -> racecraft: pass, room, defend, let by,
//               give way, and the offset or lane to track (racecraft.h) -> DWA as a guard
//               against the cars near (dwa_guard.h)
//   ~2 Hz       routing: an A* detour round a stopped car in the way (detour.h)
//   ~20 Hz      the speed plan (longitudinal.h) and Pure Pursuit on the chosen line
//               (line_tracker.h)
//   every step  mistakes, the pedals and the named filters (longitudinal.h), then the
//               reaction delay
// Stuck recovery: stalled with the nose against something -> a hybrid A* way out to the line
// (unstick.h: forwards and reverse, a three-point turn if need be), or when none is found
// reverse out with opposite lock, stop, re-aim, drive on; no progress for 8 s -> ask the
// race for a respawn (wants_respawn()).
//
// Timing (core/step_probe.h): an optional observer, told when each layer above starts and ends
// (only on the steps it runs); null by default, and it never changes the controls.
// Debug record (driver_debug.h): only while set_debug(true), filled at the end of each tick.
// Pure and deterministic: randomness (mistakes, defences, let-bys) only from the seeded AiRng.
#include <cstdint>
#include <deque>
#include <memory>

#include "ai/ai_params.h"
#include "ai/detour.h"
#include "ai/driver_config.h"
#include "ai/driver_debug.h"
#include "ai/driver_road.h"
#include "ai/driver_view.h"
#include "ai/dwa_guard.h"
#include "ai/line_tracker.h"
#include "ai/longitudinal.h"
#include "ai/racecraft.h"
#include "ai/recovery.h"
#include "ai/rng.h"
#include "ai/route.h"
#include "ai/speed_profile.h"
#include "ai/traffic.h"
#include "core/step_probe.h"
#include "vehicle/controls.h"

namespace racer {

class Track;
struct CarSpec;

/// What the driver decided last (debug panels, tests, racer-bench): a read-only copy of its
/// parts' state, filled at the end of every tick.
struct DriverState {
  double s = 0.0;               ///< m along the racing line
  double lateral = 0.0;         ///< m off the racing line (+ = left)
  double target_speed = 0.0;    ///< m/s
  double offset = 0.0;          ///< m, current lateral shift of the tracked line
  double tracking_steer = 0.0;  ///< [-1, 1], what the tracking layer asked for (before DWA and filters)
  double gap_ahead = 1e9;       ///< m to the car ahead in our path
  double offset_goal = 0.0;     ///< m, where the passing logic wants the offset (+ = left)
  bool alongside = false;       ///< another car overlaps us along the line
  bool holding_lane = false;    ///< the offset goal is bounded by a car beside us (hold_lane)
  double steer_dwa = 0.0;       ///< [-1, 1], DWA's steer (used while dwa_active)
  double dwa_speed = 0.0;       ///< m/s, DWA's chosen speed (while dwa_active)
  bool dwa_active = false;      ///< DWA ran this decision (a car is near)
  bool dwa_steering = false;    ///< DWA has the wheel and the speed (the tracker's arc is blocked)
  bool dwa_admissible = true;
  Recovery recovery = Recovery::None;
  double stall_seconds = 0.0;   ///< s since the last progress
  bool detour = false;          ///< following an A* detour around a stopped car
  int detours = 0;              ///< detours planned
  int recoveries = 0;           ///< recovery manoeuvres started (planned ways out and reverse-outs)
  int mistakes = 0;             ///< mistakes made
  int passes_started = 0;       ///< passes committed to
  int passes_made = 0;          ///< passes that ended with the car behind us
  int passes_dropped = 0;       ///< passes given up: their side shut (a car in the lane, ice)
  int passes_lost = 0;          ///< passes whose car pulled out of reach ahead
  int room_given = 0;           ///< times we took the lane on our side for a car come up beside us
  int defences = 0;             ///< times we covered the inside of a bend against a car close behind
  bool defending = false;       ///< covering one now (racecraft's move is that defence, not a pass)
  int let_bys = 0;              ///< times we moved over on a straight for a faster car pressing us
  int let_bys_done = 0;         ///< of those, the times the car went by before we moved back
  int give_ways = 0;            ///< times we gave way to a car level with us on the next lane (a stalemate)
  bool letting_by = false;      ///< moved over for one now (racecraft's move is that let-by, not a pass)
  bool squeezed = false;        ///< level with a car where our side's room runs out: dropping back behind it
};

class AiDriver {
 public:
  /// `route` from plan_route for this car; `track` must outlive the driver.
  AiDriver(std::shared_ptr<const AiRoute> route, const Track& track, const CarSpec& spec,
           const AiParams& params, std::uint64_t seed, DriverConfig config = {});

  /// One fixed step: the controls for this step.
  Controls tick(const DriverView& view);
  /// The driver has made no progress for respawn_after_s: the race should respawn it.
  bool wants_respawn() const { return recovery_.stall_seconds() > config_.respawn_after_s; }
  /// Called by the race after it moved the car: forgets recovery and stall state.
  void respawned();
  /// Replaces the profile live (the AI tuning panel) and rebuilds what depends on it: the
  /// planning speed profiles (grip_use), the local planner's weights, samples, horizon and
  /// passing room (a fresh planner when they change), the tracker's lookahead and damping,
  /// the router's costs, the reaction delay pipeline (trimmed of its oldest
  /// entries, or padded with the oldest one). `route`, when given and not the current one,
  /// replaces the route (a new line_margin; plan it with RouteCache) and the line hints and
  /// any detour are forgotten. Everything else of the driver's state is kept. The same
  /// params as now change nothing; deterministic.
  void set_params(const AiParams& params, std::shared_ptr<const AiRoute> route = nullptr);

  /// An observer told when each layer of a tick starts and ends (the game's per-layer
  /// timing, F9); null = none. It must outlive the driver or be reset to null first.
  void set_probe(StepProbe* probe) { probe_ = probe; }

  /// Records what every step uses for the debug overlays (on) or stops (off); recording
  /// never changes the controls.
  void set_debug(bool on);
  /// The last step's record (driver_debug.h), null when not recording.
  const DriverDebug* debug() const { return debug_on_ ? &debug_ : nullptr; }
  /// The road the driver plans on: its route and its speed profiles on the line and the lanes.
  const DriverRoad& road() const { return road_; }

  const DriverState& state() const { return state_; }
  const AiParams& params() const { return params_; }
  const AiRoute& route() const { return *road_.route; }
  /// The stall watch and its manoeuvres (the planned way out's figures: recovery().unstick()).
  const StuckRecovery& recovery() const { return recovery_; }
  /// The speed profile this driver plans with (grip_use of the limit).
  const SpeedProfile& profile() const { return road_.profile; }

 private:
  LinePosition sense(const DriverView& v);
  void make_mistakes(const DriverView& v);
  /// Mistakes, the pedals, the filters and the reaction delay: this step's controls.
  Controls pedals(const DriverView& v);
  Controls delayed(const Controls& c);
  void publish();
  void record(const DriverView& v, bool recovering);

  const Track& track_;
  AiParams params_;
  DriverConfig config_;
  CarSize us_;
  AiRng rng_;
  DriverRoad road_;
  // the parts
  TrafficScan scan_;
  Racecraft racecraft_;
  Detour detour_;
  LineTracker tracker_;
  DwaGuard dwa_;
  Longitudinal longitudinal_;
  StuckRecovery recovery_;
  // values carried between ticks (a layer's last output, read until it runs again)
  LinePosition me_;            // this step's sense
  TrafficPicture traffic_;     // the last traffic scan
  LineChoice line_;            // racecraft's last choice
  SpeedPlan speed_;            // the last speed plan
  double target_speed_ = 0.0;  // m/s, the pedals' target speed last step (DWA, which runs
                               // before this step's pedals, caps its speeds by it)
  double last_steer_ = 0.0;    // [-1, 1], the steer applied last step (filters, understeer learning)
  // sense
  int hint_ = -1;
  double last_s_ = -1.0;
  double progress_ = 0.0;  // m along our line since the start (detours end by it)
  // mistakes and the reaction delay
  double mistake_left_ = 0.0;  // s
  int mistake_kind_ = 0;       // 0: a lift, 1: a wide line
  int mistakes_ = 0;
  std::deque<Controls> pipeline_;

  DriverState state_;
  StepProbe* probe_ = nullptr;
  bool debug_on_ = false;
  DriverDebug debug_;
};

}  // namespace racer
