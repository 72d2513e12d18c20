#pragma once
// Racecraft: which lane or offset an AI driver takes among other cars, and why. From the
// traffic picture (traffic.h) it keeps one committed move (a PassPlan on one car):
//   pass      a car ahead in our lane that we close on or that holds us up: the passing lane
//             (route.h) that clears it, is free of other cars and leaves room for two abreast
//             for the stretch the pass needs (abreast.h; none: we follow), kept until we are by
//   room      a car come up beside us with a lane's room between us: we take the lane on
//             our side (racing room), not a pass of ours
//   defend    a car close behind and catching before a bend: we cover the bend's inside,
//             with the chance the profile's `defend` gives, to the apex
//   let by    a faster car pressing us for a while: on a straight we move to the let-by lane
//             away from it and lift until it is by (the profile's `let_by` chance); on a
//             narrow road, where it is the only way by, longer and deeper
//   give way  level with the car of our pass or room for too long (a stalemate), and behind
//             it: we let it by from where we are
// and from the move the lateral offset the tracked line has now (ramped on and off a lane,
// held clear of a car beside us, within the room ahead; off the grid, from the car's slot at
// its pace), handed on as a LineChoice.
// No move takes or keeps a lane on a side of the line where a static obstacle stands within
// the next 3 s (lane_open: the lanes swerve round it, slower than the line).
// Racecraft owns the move under way, the pressure clock, the stalemate clock and the counts
// of each move for the panels and the bench.
//
// Deterministic: its only randomness is the driver's AiRng (defend and let-by rolls).
#include "ai/ai_params.h"
#include "ai/driver_config.h"
#include "ai/driver_road.h"
#include "ai/passing.h"
#include "ai/rng.h"
#include "ai/traffic.h"

namespace racer {

/// s a let-by stays moved over at most, unless on a narrow road the car still gains on us
/// (the speed plan's lift is reckoned over it).
inline constexpr double kLetByMax = 8.0;
/// s a let-by on a narrow road lasts at most while the car still gains on us.
inline constexpr double kLetByLongest = 16.0;

/// The line racecraft chose, which the speed plan, tracking, DWA and the pedals follow until
/// its next decision.
struct LineChoice {
  double offset = 0.0;        ///< m, the tracked line's lateral shift now (+ = left)
  double offset_goal = 0.0;   ///< m, where racecraft wants the offset
  bool holding_lane = false;  ///< the offset is bounded by a car beside us (hold_lane)
  int lane_side = 0;          ///< the lane the offset follows (+1 left, -1 right, 0: none)
  double lane_share = 0.0;    ///< [0, 1] of that lane's offset taken (ramps on and off)
  double lane_hold = 0.0;     ///< m added to it to keep our side of a car beside us
  bool let_by_lanes = false;  ///< the lanes are the let-by lanes (else the passing lanes)
  bool defending = false;     ///< covering the inside of a bend against a car behind
  bool letting_by = false;    ///< moved over for a faster car (or giving way)
  bool let_by_clear = false;  ///< out of that car's lane sideways: a lift lets it by
  double let_by_speed = 0.0;  ///< m/s along the line of that car
  double let_by_need = 0.0;   ///< m it must still gain on us to be by
  bool narrow = false;        ///< the road ahead is too narrow for two cars abreast with room to spare (Racecraft::narrow)
  bool squeezed = false;      ///< on a narrow road, a car beside us, not behind, leaves us too little room ahead: drop back behind it

  /// m, the tracked line's offset at s along the racing line (a lane bends).
  /// Within the room a car can hold at s (DriverRoad::room: clear of static obstacles).
  double offset_at(const DriverRoad& road, double s) const {
    const double o = lane_side != 0 ? lane_share * road.lane_offset(lane_side, let_by_lanes, s) + lane_hold : offset;
    return std::clamp(o, -road.room(s, -1), road.room(s, +1));
  }
};

/// How often each move was made (panels, racer-bench).
struct RacecraftCounts {
  int passes_started = 0;  ///< passes committed to
  int passes_made = 0;     ///< passes that ended with the car behind us
  int passes_dropped = 0;  ///< passes given up: their side shut (a car in the lane, ice)
  int passes_lost = 0;     ///< passes whose car pulled out of reach ahead
  int room_given = 0;      ///< times we took the lane on our side for a car come up beside us
  int defences = 0;        ///< times we covered the inside of a bend against a car close behind
  int let_bys = 0;         ///< times we moved over on a straight for a faster car pressing us
  int let_bys_done = 0;    ///< of those, the times the car went by before we moved back
  int give_ways = 0;       ///< times we gave way to a car level with us on the next lane
};

/// What one decision reads.
struct RacecraftInput {
  const DriverRoad* road = nullptr;        ///< never null
  const AiParams* params = nullptr;        ///< never null
  const TrafficPicture* traffic = nullptr; ///< never null; scanned with this racecraft's focus()
  LinePosition me;                         ///< our place on the line
  double forward_speed = 0.0;              ///< m/s, ours (negative backing up)
  double time = 0.0;                       ///< s since the start
};

class Racecraft {
 public:
  Racecraft(const DriverConfig& config, CarSize us) : config_(config), us_(us) {}

  /// One decision at the local rate (1 / config.local_hz s): keeps or ends the move under
  /// way, starts a new one, and moves the offset. `rng` is the driver's (rolled for defences
  /// and let-bys).
  LineChoice decide(const RacecraftInput& in, AiRng& rng);
  /// What the next traffic scan should single out: the car of the move under way and the
  /// offset goal the lane bound takes us back to.
  TrafficFocus focus() const { return {pass_.target, bound_goal_}; }
  /// The line as last decided.
  LineChoice choice() const;
  const RacecraftCounts& counts() const { return counts_; }
  /// The race moved the car: no move, no offset, no lane.
  void respawned();

 private:
  double gap_behind(const SeenCar& car) const { return -car.ds - us_.half_length - car.half_length; }  // m, its nose to our tail (<= 0: beside us)
  double lane_offset(int side, double s) const { return road_->lane_offset(side, let_by_lanes_, s); }
  double lane_s_at(int side, double s) const { return road_->lane_s_at(side, let_by_lanes_, s); }
  const SpeedProfile& lane_profile(int side) const { return road_->lane_profile(side, let_by_lanes_); }
  double room_ahead(int side, double speed, double from, double hold) const;
  bool in_band(const NearCar& c, double lo, double hi) const;
  bool lane_clear(int sd, double r, int except) const;
  bool wants_pass(const SeenCar& ahead, double reach) const;
  void keep_and_count(bool in_reach, bool shut, const SeenCar& target, double dt);
  double pass_reach(double fwd) const;
  double pressure_reach(double fwd) const;
  double abreast_ahead(int sd, const SeenCar& car, double look) const;
  double pass_room_need(double fwd, double look) const;
  int lane_pass_side(const SeenCar& car, double fwd) const;
  bool within_lane_speed(int side, double fwd) const;
  bool lane_open(int side, double fwd) const;
  void choose_lane_pass(const SeenCar& ahead, const SeenCar& target, const SeenCar& behind, double fwd, double time);
  bool stalemate(const SeenCar& target, double dt);
  void give_way(const SeenCar& target);
  void give_room(double fwd);
  void defend(const SeenCar& behind, double fwd);
  void watch_pressure(const SeenCar& behind, double fwd, double time);
  void let_by(const SeenCar& behind, double fwd);
  bool let_by_lasts(const SeenCar& target) const;
  bool merge_clear() const;
  struct Narrowest {
    double left = 1e9, right = 1e9, corridor = 1e9;  // m
  };
  Narrowest narrowest_ahead(double fwd) const;
  bool narrow(const Narrowest& n) const;
  bool squeezed(const Narrowest& n) const;
  double bend_lateral_use(double fwd) const;
  LaneHold side_by_side() const;
  void follow_lane(double fwd, bool alongside);

  DriverConfig config_;
  CarSize us_;
  // The decision's inputs (set for the length of decide()).
  const DriverRoad* road_ = nullptr;
  const AiParams* params_ = nullptr;
  const TrafficPicture* traffic_ = nullptr;
  AiRng* rng_ = nullptr;
  LinePosition me_;

  PassPlan pass_;                // the move under way (a pass, racing room, a defence or a let-by)
  bool giving_room_ = false;     // pass_ is racing room given to a car beside us (give_room), not a pass
  bool giving_way_ = false;      // the let-by under way is a stalemate's give_way (not counted as a let-by)
  bool defending_ = false;       // pass_ is a defence
  bool letting_by_ = false;      // pass_ is a let-by
  bool narrow_ = false;          // narrow(), at the last decision
  bool squeezed_ = false;        // squeezed(): dropping back behind a car level with us
  double defend_apex_ = 0.0;     // m along the line (unwrapped from where it began): the defended bend's apex
  double defend_rolled_ = -1.0;  // m, the apex of the last bend whose defence was decided (one roll a bend; -1: none)
  int pressed_by_ = -1;          // index of the car close behind us (watch_pressure)
  double pressed_s_ = 0.0;       // s it has been faster than we would go where it is, net of time out of reach
  double let_by_s_ = 0.0;        // s since we moved over for the car we let by
  double let_by_speed_ = 0.0;    // m/s along the line of that car (set while it is seen)
  double let_by_need_ = 0.0;     // m it must still gain on us to be by
  bool let_by_clear_ = false;    // we are out of its lane (sideways), so the lift lets it by rather than holding it up
  int level_with_ = -1;          // index of the car of the pass under way (or given room) at the last step
  double level_s_ = 0.0;         // s it has been level with us
  bool let_by_lanes_ = false;    // the lanes we take are the let-by lanes (letting a car by, to the lane's end)
  int lane_side_ = 0;            // the lane the offset follows (+1 left, -1 right, 0 none)
  double lane_share_ = 0.0;      // [0, 1] of that lane's offset taken (ramps on and off)
  double lane_hold_ = 0.0;       // m added to it to keep our side of a car beside us
  double lane_stay_ = 0.0;       // s on the lane since its pass ended
  bool lane_leaving_ = false;    // ramping off the lane (where it met the line, or after kLaneStayMax)
  double offset_ = 0.0;          // m, the tracked line's lateral shift now
  bool placed_ = false;          // the first decision is made (in the start's calm, offset_ started at the grid slot)
  double offset_goal_ = 0.0;     // m, where racecraft wants the offset
  double bound_goal_ = 0.0;      // m, that goal within the lane hold and the room ahead (last decision)
  bool holding_lane_ = false;    // the offset is bounded by a car beside us
  RacecraftCounts counts_;
};

}  // namespace racer
