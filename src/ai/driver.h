#pragma once
// AiDriver: the layered AI of one car. It reads a DriverView and produces one Controls per
// fixed step; every layer runs at its own rate, counted in fixed steps:
//   set-up      route (main loop or branch, by limit lap time), racing line, speed profile
//   ~2 Hz       routing: when a stopped car blocks the way, A* on the track's cost grid
//               (a window around the car, stopped cars blocked) gives a detour to follow
//   ~20 Hz      tracking: Pure Pursuit on the racing line, shifted sideways to overtake
//   ~60 Hz      local: other cars in the path (gap, closing speed, passing side), and DWA
//               against the cars (predicted from their velocities) and static obstacles
//               when something is near
//   every step  pedals: the profile's acceleration ahead as feed-forward plus speed feedback,
//               mapped to throttle or brake through the car's envelope; then the named
//               filters (collision, braking, traction, engine braking, front grip,
//               stability, steer rate),
//               then the reaction delay
// Stuck recovery: stalled (no progress along the line) with the nose against something ->
// reverse out with opposite lock, stop, re-aim, drive on; no progress for 8 s -> ask the
// race for a respawn (wants_respawn()).
//
// Pure and deterministic: randomness (mistakes) only from the seeded AiRng.
#include <cstdint>
#include <deque>
#include <limits>
#include <memory>
#include <vector>

#include "ai/ai_params.h"
#include "ai/driver_view.h"
#include "ai/dwa.h"
#include "ai/grid_search.h"
#include "ai/passing.h"
#include "ai/path.h"
#include "ai/rng.h"
#include "ai/route.h"
#include "ai/speed_profile.h"
#include "ai/tracking.h"
#include "ai/understeer.h"
#include "vehicle/controls.h"

namespace racer {

class Track;

/// Where the stuck recovery is.
enum class Recovery { None, Reverse, Resume };

/// Fixed tuning of the driver (not per profile).
struct DriverConfig {
  double tracking_hz = 20.0;       ///< Pure Pursuit rate
  double local_hz = 60.0;          ///< other-car scan and DWA rate
  bool use_dwa = true;             ///< DWA when something is near (off: tracking + filters only)
  double dwa_range = 14.0;         ///< m, a car or obstacle this close (and not behind) wakes DWA
  double look_range = 45.0;        ///< m along the line scanned for cars ahead
  double steer_rate = 5.0;         ///< 1/s of full lock
  double stall_trigger_s = 1.0;    ///< s without progress at standstill before reversing
  double respawn_after_s = 8.0;    ///< s without progress before asking for a respawn
  double progress_step_m = 3.0;    ///< m of race distance that resets the stall clock (the race's own)
  double queue_gap_m = 10.0;       ///< m, a car this close ahead in our path: waiting, not stuck
  double follow_time_s = 0.6;      ///< s, following gap kept to a car ahead on our line (and 2 m); 0.45 until the
                                   ///< eighteenth AI session, when the car ahead's speed round a bend was read too low
                                   ///< (see scan_traffic) and the followers kept more room in bends than the figure said
  double start_calm_s = 5.0;      ///< s from the start before a lane pass, racing room, a let-by or a defence is started (the field sorts itself out off the grid)
};

/// What the driver decided last (debug panels, tests).
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
  int recoveries = 0;           ///< reverse manoeuvres started
  int mistakes = 0;             ///< mistakes made
  int passes_started = 0;       ///< passes committed to
  int passes_made = 0;          ///< passes that ended with the car behind us
  int passes_dropped = 0;       ///< passes given up: their side shut (no room, a car in the lane, ice)
  int passes_lost = 0;          ///< passes whose car pulled out of reach ahead
  int room_given = 0;           ///< times we took the lane on our side for a car come up beside us
  int defences = 0;             ///< times we covered the inside of a bend against a car close behind
  bool defending = false;       ///< covering one now (pass_ is that defence, not a pass)
  int let_bys = 0;              ///< times we moved over on a straight for a faster car pressing us
  int let_bys_done = 0;         ///< of those, the times the car went by before we moved back
  int give_ways = 0;            ///< times we gave way to a car level with us on the next lane (a stalemate)
  bool letting_by = false;      ///< moved over for one now (pass_ is that car, not a pass)
};

class AiDriver {
 public:
  /// `route` from plan_route for this car; `track` must outlive the driver.
  AiDriver(std::shared_ptr<const AiRoute> route, const Track& track, const CarSpec& spec,
           const AiParams& params, std::uint64_t seed, DriverConfig config = {});

  /// One fixed step: the controls for this step.
  Controls tick(const DriverView& view);
  /// The driver has made no progress for respawn_after_s: the race should respawn it.
  bool wants_respawn() const { return state_.stall_seconds > config_.respawn_after_s; }
  /// Called by the race after it moved the car: forgets recovery and stall state.
  void respawned();
  /// Replaces the profile live (the AI tuning panel) and rebuilds what depends on it: the
  /// planning speed profile (grip_use), the local planner's weights and passing room (a
  /// fresh planner when they change), the reaction delay pipeline (trimmed of its oldest
  /// entries, or padded with the oldest one). `route`, when given and not the current one,
  /// replaces the route (a new line_margin; plan it with RouteCache) and the line hints and
  /// any detour are forgotten. Everything else of the driver's state is kept. The same
  /// params as now change nothing; deterministic.
  void set_params(const AiParams& params, std::shared_ptr<const AiRoute> route = nullptr);

  const DriverState& state() const { return state_; }
  const AiParams& params() const { return params_; }
  const AiRoute& route() const { return *route_; }
  /// The speed profile this driver plans with (grip_use of the limit).
  const SpeedProfile& profile() const { return profile_; }

 private:
  // phases of a tick
  void sense(const DriverView& v);
  void watch_stall(const DriverView& v);
  void scan_traffic(const DriverView& v);
  void route_around(const DriverView& v);
  bool stopped_ahead(const DriverView& v) const;  // a stopped car in the way a detour goes round
  void plan_speed(const DriverView& v);
  void track_line(const DriverView& v);
  double off_offset_rate(const DriverView& v);  // m/s
  double arc_within_grip(double kappa, double speed);
  void learn_understeer(const DriverView& v);
  void avoid(const DriverView& v);
  Controls pedals(const DriverView& v);
  Controls filters(Controls c, const DriverView& v);
  Controls recover(const DriverView& v);
  void make_mistakes(const DriverView& v);
  Controls delayed(const Controls& c);

  double room(double s, int side) const;  // m of room beside the line at s (+1 left, -1 right)
  const PassingLane& lane(int side) const;       // the lane on `side` we take: a let-by lane while letting by
  double lane_offset(int side, double s) const;  // m, the passing lane on `side` off the line at s
  double lane_s_at(int side, double s) const;    // m along that lane abreast of s on the line
  const SpeedProfile& lane_profile(int side) const;  // ours on that lane
  void plan_lane_profiles(const SpeedProfileParams& sp);
  double bend_lateral_use(double fwd) const;     // share of the grip the bend ahead takes at fwd m/s
  LaneHold side_by_side() const;                 // hold_lane's terms for us
  double offset_at(double s) const;              // m, the offset the tracked line has at s (a lane bends)
  void follow_lane(double fwd, bool alongside);
  bool merge_clear() const;                  // a finished lane pass may move back to the line
  bool beside_in_own_lane(int index) const;  // another car beside us, a lane's room between us
  double room_ahead(int side, double speed, double from, double hold) const;
  bool lane_clear(int sd, double r, int except) const;
  double shifted_line_share(double speed) const;
  double turn_ahead(double s, double distance) const;
  double straight_ahead(double s, double most) const;  // m from s before the line turns by a bend's PassRules::bend_turn
  double least_grip(double s, double distance) const;
  struct SeenCar {  // another car as the traffic scan saw it, in our line's coordinates
    int index = -1;
    double gap = 1e9;          // m bumper to bumper along the line
    double ds = 0.0, lat = 0.0;  // m, CG along the line from ours, lateral offset
    double speed = 0.0, closing = 0.0;  // m/s along the line, and ours minus that
    double half_width = 0.9, half_length = 2.2;
  };
  // m from a car behind us, its nose to our tail (<= 0: beside us)
  double gap_behind(const SeenCar& car) const { return -car.ds - half_length_ - car.half_length; }
  bool wants_pass(const SeenCar& ahead, double reach) const;  // reach: m
  void keep_and_count(bool in_reach, bool shut, const SeenCar& target, double dt);
  int lane_pass_side(const SeenCar& car, double fwd) const;  // the lane to pass `car` in (0: none clear)
  bool within_lane_speed(int side, double fwd) const;  // fwd: m/s; we can still brake along that lane's profile
  void give_room();                              // a car beside us: take the lane on our side
  void defend(const SeenCar& behind, double fwd);  // a car close behind: cover the inside of the bend ahead
  void watch_pressure(const SeenCar& behind, double fwd, double time);  // how long a faster car has pressed us from behind
  double pass_reach(double fwd) const;      // m a pass starts within
  double pressure_reach(double fwd) const;  // m a car behind presses us within
  void let_by(const SeenCar& behind, double fwd);  // a faster car pressing us: move over on a straight
  bool stalemate(const SeenCar& target, double dt);  // level with the pass's car for too long, and behind it
  void give_way(const SeenCar& target);             // let that car by from where we are
  double apex_ahead(double s, double distance, int side) const;  // m along the line, the bend's tightest point
  void choose_lane_pass(const SeenCar& ahead, const SeenCar& target, const SeenCar& behind, double fwd,
                        double time);  // time: s since the start
  // m/s we may go following a car `gap` m ahead at `ahead_speed` by a `time_gap` s standoff
  double follow_cap(double gap, double ahead_speed, double time_gap, double speed) const;
  double full_grip_here() const;  // tyre friction on the surface at state_.s (grip_use undone)
  double full_grip_at(double s) const;  // the same at s along the line
  double cornering_accel_here() const;  // m/s^2, the car's steady cornering grip at state_.s
  double heading_error_to_line(const DriverView& v) const;
  // s along the car's arc to undrivable ground (1e9: none before `horizon` s nor within 1 s)
  double time_to_edge(const DriverView& v, double horizon) const;

  std::shared_ptr<const AiRoute> route_;
  const Track& track_;
  AiParams params_;
  DriverConfig config_;
  SteeringGeometry geometry_;
  PurePursuitParams pursuit_;
  SpeedProfile profile_;
  double mu_ = 1.0;
  double half_length_ = 2.2, half_width_ = 0.9;
  AiRng rng_;
  DwaPlanner planner_;
  std::vector<Vec2> waypoints_;
  std::vector<DwaObstacle> obstacles_;
  std::vector<int> other_hints_;
  // Another car near us, in line coordinates (lat_rate: m/s sideways, + = moving left).
  struct Near { double ds, lat, half_width, half_length; int index; double lat_rate, closing = 0.0; };  // closing: m/s on us
  bool in_band(const Near& c, double lo, double hi) const;  // c near our sides anywhere in [lo, hi] (m lateral)
  // routing around a blockage
  GridSearch search_;
  SearchGrid window_;
  Path detour_path_;
  int detour_hint_ = -1;
  double detour_end_ = 0.0;      // m of progress where the detour rejoins the line
  double blocked_for_ = 0.0;     // s a stopped car has been in our way
  double blocked_ahead_speed_ = 0.0;  // m/s of the car ahead at the last routing step
  std::vector<Near> near_;
  std::vector<Near> rear_;  // cars further behind than near_'s, within the look range, closing on us
  std::vector<LineCar> beside_;  // near_ for hold_lane
  std::deque<Controls> pipeline_;

  DriverState state_;
  int hint_ = -1, rear_hint_ = -1;
  double steer_cmd_ = 0.0;       // from the tracking layer (or DWA)
  double last_steer_ = 0.0;      // after the rate filter
  double speed_scale_ = 1.0;     // share of the profile aimed for now (off the line, passing, a lift)
  double speed_cap_ = 1e9;       // m/s, following a car ahead (1e9: free road)
  UndersteerMap understeer_;     // extra road-wheel angle the car needs per lateral accel, learned per speed
  double throttle_cap_ = 1.0;    // the traction ceiling on the throttle (wheelspin memory)
  double peak_slip_angle_ = 0.12;  // rad, the tyres' lateral peak at the static load
  double rear_peak_slip_angle_ = 0.12;  // rad, the rear tyres' (stiffer or softer by rear_cornering_factor)
  double peak_slip_ratio_ = 0.1;   // the tyres' longitudinal peak at the static load
  double closing_ = 0.0;         // m/s towards the car ahead
  double ahead_speed_ = 0.0;     // m/s of the car ahead along the line
  bool ahead_is_target_ = false;  // the car ahead is the one our pass is on
  double merge_gap_ = 1e9;       // m to the nearest car ahead in the lane bound_goal_ takes us to
  double merge_speed_ = 0.0;     // m/s of that car along the line
  bool queued_ = false;          // waiting behind a car close ahead (not stuck)
  double offset_goal_ = 0.0;     // m, where the overtaking logic wants the line
  double bound_goal_ = 0.0;      // m, that goal within the lane hold and the room ahead (last local tick)
  PassPlan pass_;                // the pass under way
  bool giving_room_ = false;     // pass_ is racing room given to a car beside us (give_room), not a pass
  bool giving_way_ = false;      // the let-by under way is a stalemate's give_way (not counted as a let-by)
  double defend_apex_ = 0.0;     // m along the line (unwrapped from where it began): the defended bend's apex
  double defend_rolled_ = -1.0;  // m, the apex of the last bend whose defence was decided (one roll a bend; -1: none)
  int pressed_by_ = -1;          // index of the car close behind us (watch_pressure)
  std::vector<signed char> was_ahead_;  // per other car: +1 ahead of us along the line at the last scan, -1 behind, 0 out of sight
  std::vector<double> passed_at_;       // per other car: s since the start when we last went by it (-1e9: never)
  double pressed_s_ = 0.0;       // s it has been faster than we would go where it is, net of time out of reach
  double let_by_s_ = 0.0;        // s since we moved over for the car we let by
  double let_by_speed_ = 0.0;    // m/s along the line of that car (set while it is seen)
  double let_by_need_ = 0.0;     // m it must still gain on us to be by
  bool let_by_clear_ = false;    // we are out of its lane (sideways), so the lift lets it by rather than holding it up
  int level_with_ = -1;          // index of the car of the pass under way (or given room) at the last step
  double level_s_ = 0.0;         // s it has been level with us
  SpeedProfile lane_profile_[4];  // our speed profile on the left and the right passing lane, then let-by lane
  bool let_by_lanes_ = false;     // the lanes we take are the let-by lanes (letting a car by, to the lane's end)
  int lane_side_ = 0;            // the passing lane the offset follows (+1 left, -1 right, 0 none)
  double lane_share_ = 0.0;      // [0, 1] of that lane's offset taken (ramps on and off)
  double lane_hold_ = 0.0;       // m added to it to keep our side of a car beside us
  double lane_stay_ = 0.0;       // s on the lane since its pass ended
  bool lane_leaving_ = false;    // ramping off the lane (where it met the line, or after kLaneStayMax)
  double dwa_speed_ = 1e9;       // m/s, DWA's speed when active
  double dwa_steer_ = 0.0;
  double arc_speed_ = 1e9;       // m/s at which a wide car's arc back is within the grip (1e9: not wide)
  double last_track_offset_ = 0.0;  // m, the offset at the last tracking tick
  std::int64_t last_track_step_ = -1;
  double line_kappa_ = 0.0;      // 1/m, the curvature the tracker steers for (DWA's preferred arc)
  double dwa_hold_ = 0.0;        // s DWA keeps the wheel (see avoid)
  bool dwa_full_ = false;        // DWA chose the top of its window (wants to speed up)
  // stall and recovery
  double progress_ = 0.0;  // m along our line since the start (detours end by it)
  double stall_mark_ = -std::numeric_limits<double>::infinity();  // m of race distance the stall clock runs from
  double last_forward_speed_ = -1e9;  // m/s last step (-1e9: none yet)
  double launch_accel_ = 0.0;         // m/s^2, smoothed forward acceleration
  double last_s_ = -1.0;
  double wall_time_ = 0.0;
  double recovery_time_ = 0.0;
  double since_recovery_ = 10.0;  // s since the last recovery began
  Vec2 recovery_start_;
  // mistakes
  double mistake_left_ = 0.0;    // s
  int mistake_kind_ = 0;
};

}  // namespace racer
