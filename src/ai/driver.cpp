#include "ai/driver.h"

// Sections: set-up | the tick | sense and stall | traffic | speed | tracking | DWA |
//           pedals and filters | recovery | mistakes and reaction delay

#include <algorithm>
#include <cmath>

#include "ai/filters.h"
#include "ai/passing.h"
#include "core/math.h"
#include "track/track.h"
#include "vehicle/tyre.h"

namespace racer {

namespace {

constexpr double kSpeedGain = 3.0;       // 1/s: m/s^2 asked per m/s of speed error
constexpr double kRollingShare = 0.013;  // rolling resistance of asphalt, as a share of the weight
constexpr double kRouteHz = 2.0;         // the routing layer's rate
constexpr double kBlockedSpeed = 2.0;    // m/s: a car ahead this slow blocks the way
constexpr double kBlockedAfter = 1.0;    // s blocked before a detour is planned
constexpr double kBlockedGain = 0.2;     // m/s per routing period: a car ahead speeding up this much is moving off
constexpr double kDetourReach = 40.0;    // m along the line to where the detour rejoins it
constexpr double kDetourSpeed = 8.0;     // m/s while on a detour
constexpr double kOffLineFree = 1.5;     // m off the (shifted) line before the driver slows for it
constexpr double kOffLineSlow = 0.04;    // share of the speed given up per m beyond that
constexpr double kMinBrakeShare = 0.25;  // of mu g: the braking left to a car cornering at the limit
constexpr double kMinDriveShare = 0.05;  // of mu g: the drive left to it (never stall in a corner)
constexpr double kSpinShare = 0.9;       // share of the peak slip ratio the driven wheels may reach
constexpr double kCapFall = 6.0;         // 1/s of throttle ceiling per unit of slip beyond it
constexpr double kCapRise = 1.5;         // 1/s the ceiling recovers at
constexpr double kCapMin = 0.15;         // the ceiling never closes the throttle entirely
constexpr double kLaunchAccel = 0.15;     // m/s^2 forwards: a car gaining speed this fast is pulling away, not stuck
constexpr double kLaunchSmoothing = 0.3;  // s over which that acceleration is averaged
constexpr double kCatchUpDrive = 50.0;   // m/s^2 asked while catching up (the envelope caps it below)
constexpr double kCatchUpBand = 0.4;     // m/s under the profile where the catch-up fades into following it
constexpr double kLaneRate = 3.0;        // m/s the offset may move to keep our side of a car beside us
constexpr double kBesideMargin = 1.0;    // m beyond bumper to bumper that a car still counts as beside us
constexpr double kRoomLook = 3.0;        // s ahead an offset looks for the room narrowing
constexpr double kRoomStep = 4.0;        // m between the samples it looks at
constexpr double kBendLook = 1.0;        // s ahead the offset's rate looks for a bend
constexpr double kLaneBehind = 5.0;        // m bumper to bumper behind us a passed car must be before its lane pass ends
constexpr double kLaneSideGap = 1.2;       // m of daylight a passing lane must leave the car it passes, and two cars side by side keep
constexpr double kHoldLead = 0.35;          // s ahead a car beside us closing sideways is held from (our offset lags:
                                            // held from where it was, two cars closing met side to side)
constexpr double kLaneSpeedShare = 0.95;   // of the lane's profile a pass drives at (a car beside it, no room to run wide)
constexpr double kLaneFollow = 0.3;        // s, the following gap kept to the car a lane pass is on while still in its lane
constexpr double kLaneMeet = 2.0;          // m: a lane this near the racing line meets it (where a finished pass leaves it;
                                           // 1 m until the twentieth AI session: longer on lanes slower than the line)
constexpr double kLaneStayMax = 6.0;       // s a finished pass stays on its lane at most
constexpr double kMergeLook = 1.5;         // s a car behind, closing, must be from us before we move back into its way
constexpr double kLaneLook = 2.0;          // s ahead of the car a lane must stay clear of its line to be chosen
constexpr double kLaneSpeedLook = 1.5;     // s ahead at our speed over which a lane we take must stay over our speed
constexpr double kLaneSpeedSlack = 1.0;    // m/s over a lane's speed we may take it at (the feedback brakes it off)
constexpr double kLaneGap = 0.6;          // m between two cars' sides below which a car ahead is in our lane
constexpr double kPassReachExtra = 10.0;  // m beyond the reach a pass under way is kept
constexpr double kPassMinGrip = 0.35;     // friction below which no pass is started or kept (ice: ~0.13; gravel, dirt ~0.7)
constexpr double kPassGripLook = 30.0;    // m beyond the car we pass over which that grip is looked for
constexpr double kBendAhead = 60.0;       // m beyond the car we pass over which the bend to take the inside of is found
constexpr double kDefendLook = 4.0;        // s ahead at our speed a bend is defended in (the move is made on the straight)
constexpr double kDefendSameBend = 30.0;   // m between two apexes below which they are one bend
constexpr double kLetByReach = 2.5;        // s at our speed of bumper-to-bumper gap behind us a pressing car is within
                                           // (1.2 s until the sixteenth AI session: on gravel and ice a follower braking
                                           // at half the grip sits 30-45 m back and never pressed anyone)
constexpr double kLetByMinReach = 12.0;    // m, that reach at the least
constexpr double kLetByFaster = 1.0;       // m/s over what we would drive where it is that makes a car behind faster
constexpr double kLetByCloseRate = 0.25;   // of a second of pressure each second a car behind is close but not faster
constexpr double kLetByMemory = 60.0;      // s after we went by a car in which only its being faster counts as pressure (no ping-pong)
constexpr double kLetByPress = 1.0;        // s of being pressed by a faster car before we let it by
constexpr double kLetByStraight = 2.5;     // s ahead at our speed the road must turn less than a bend in to move over
constexpr double kLetByHold = 3.0;         // s ahead at our speed the lane must keep us out of its lane
constexpr double kLetByMax = 8.0;          // s we stay moved over at most
constexpr double kLetByDelta = 2.0;        // m/s under the car's speed we lift to once out of its way, at the least
constexpr double kLetByFloor = 0.8;        // of our profile's speed, the least we lift to (no brake test)
constexpr double kLetByClear = 2.0;        // m its tail must be ahead of our nose before it is by
constexpr double kStalemate = 5.0;         // s level with the car of our pass or room before the one behind gives way
                                           // (side-by-side spells of real passes: most under 5 s, the stalemates 15-150 s)
constexpr double kShiftLook = 1.5;        // s ahead the speed on a shifted line looks for a bend's inside
constexpr double kShiftMinShare = 0.5;    // the least (1 - n k) a shifted line's speed is scaled by
constexpr double kMergeTime = 0.15;       // s, the following gap kept to a car in the lane a merge takes us back to
constexpr double kFollowBrake = 0.5;      // share of the grip a follower plans to match the car ahead's speed with
constexpr double kDwaHold = 0.3;         // s DWA keeps the wheel after the tracker's arc was last blocked
constexpr double kTrackDamping = 0.3;     // s of the speed the car closes on its offset at, taken off the tracker's
                                         // cross-track correction (PD, not P: the lag of steer and yaw overshot)
constexpr double kTrackDampingMost = 2.0;  // m that takes off at the most
constexpr double kWideFrom = 2.0;        // m off the tracker's target beyond which the car counts as wide
constexpr double kWideArcGrip = 1.2;     // of the steady cornering grip, the most the arc back asks for (a brief peak
                                         // above the steady figure; at 1.0 the car could not come back at all)
constexpr double kWideSpeedGrip = 1.0;   // of it, what the speed the arc back needs is reckoned at
constexpr double kWideLift = 2.0;        // m/s^2, the most a wide car slows for that speed (a lift: cars behind it
                                         // braking at 4 m/s^2 and more ran into it)
constexpr double kWideFromSpeed = 0.5;   // of the planned speed, under which it never slows for it (off the grid)

int every(double dt, double hz) { return std::max(1, static_cast<int>(std::lround(1.0 / (dt * hz)))); }

double wrap_ds(double ds, double length) {
  ds = fmod_within(ds, length);
  if (ds > 0.5 * length) ds -= length;
  if (ds < -0.5 * length) ds += length;
  return ds;
}

// The linear understeer gradient K (rad of road-wheel angle per m/s^2 of lateral
// acceleration): K = m_f / C_f - m_r / C_r with the axle masses and the axles' cornering
// stiffness at the static loads (the rear's tyre curve sees its slip angle times
// rear_cornering_factor, as in the car).
double understeer_gradient(const CarSpec& spec) {
  const Tyre tyre(spec.tyre);
  const double m = spec.body.mass, L = spec.body.wheelbase;
  const double m_f = m * spec.rear_axle_to_cg() / L, m_r = m - m_f;
  const double alpha = 0.005;  // rad, well inside the linear range
  const double c_f = 2.0 * tyre.pure_fy(0.5 * m_f * kGravity, alpha) / alpha;
  const double c_r = 2.0 * tyre.pure_fy(0.5 * m_r * kGravity, alpha * spec.tyre.rear_cornering_factor) / alpha;
  return (c_f > 0.0 && c_r > 0.0) ? std::clamp(m_f / c_f - m_r / c_r, 0.0, 0.01) : 0.0;
}

}  // namespace

// ---------------------------------------------------------------- set-up

AiDriver::AiDriver(std::shared_ptr<const AiRoute> route, const Track& track, const CarSpec& spec,
                   const AiParams& params, std::uint64_t seed, DriverConfig config)
    : route_(std::move(route)), track_(track), params_(params), config_(config),
      geometry_(SteeringGeometry::of(spec)), rng_(seed) {
  SpeedProfileParams sp;
  sp.grip_factor = params_.grip_use;
  profile_ = compute_speed_profile(route_->line, route_->envelope, track_, sp);
  plan_lane_profiles(sp);
  mu_ = route_->envelope.mu_peak;
  const Tyre tyre(spec.tyre);
  peak_slip_angle_ = tyre.peak_slip_angle(0.25 * spec.body.mass * kGravity);
  peak_slip_ratio_ = tyre.peak_slip_ratio(0.25 * spec.body.mass * kGravity);
  understeer_ = UndersteerMap(understeer_gradient(spec));
  rear_peak_slip_angle_ = peak_slip_angle_ / spec.tyre.rear_cornering_factor;
  half_length_ = 0.5 * spec.body.length;
  half_width_ = 0.5 * spec.body.width;
  DwaParams dp;
  dp.limits.max_speed = 90.0;
  dp.limits.max_yaw_rate = 2.0;
  dp.limits.accel = 5.0;
  dp.limits.decel = 0.8 * mu_ * kGravity;
  dp.limits.period = 1.0 / config_.local_hz;
  dp.car_radius = half_width_ + 0.15;
  dp.margin = 0.3;
  dp.w_heading = params_.dwa.heading;
  dp.w_clearance = params_.dwa.clearance;
  dp.w_speed = params_.dwa.speed;
  dp.clearance_cap = 2.0;
  dp.max_offset = params_.overtake_offset + 1.0;
  planner_ = DwaPlanner(dp);
}

void AiDriver::set_params(const AiParams& params, std::shared_ptr<const AiRoute> route) {
  const bool new_route = route && route != route_;
  if (new_route) {
    route_ = std::move(route);
    hint_ = rear_hint_ = detour_hint_ = -1;  // indices into the old line
    last_s_ = -1.0;                          // no progress across the switch
    state_.detour = false;
    blocked_for_ = 0.0;
  }
  if (new_route || params.grip_use != params_.grip_use) {
    SpeedProfileParams sp;
    sp.grip_factor = params.grip_use;
    profile_ = compute_speed_profile(route_->line, route_->envelope, track_, sp);
    plan_lane_profiles(sp);
    mu_ = route_->envelope.mu_peak;
  }
  DwaParams dp = planner_.params();
  dp.w_heading = params.dwa.heading;
  dp.w_clearance = params.dwa.clearance;
  dp.w_speed = params.dwa.speed;
  dp.max_offset = params.overtake_offset + 1.0;
  const DwaParams& was = planner_.params();
  if (dp.w_heading != was.w_heading || dp.w_clearance != was.w_clearance || dp.w_speed != was.w_speed ||
      dp.max_offset != was.max_offset)
    planner_ = DwaPlanner(dp);
  const std::size_t steps = static_cast<std::size_t>(std::max(0, params.reaction_steps));
  while (pipeline_.size() > steps) pipeline_.pop_front();
  while (!pipeline_.empty() && pipeline_.size() < steps) pipeline_.push_front(pipeline_.front());
  params_ = params;
}

void AiDriver::respawned() {
  state_.recovery = Recovery::None;
  state_.detour = false;
  blocked_for_ = 0.0;
  state_.stall_seconds = 0.0;
  stall_mark_ = -std::numeric_limits<double>::infinity();  // marked again on the next tick
  last_s_ = -1.0;
  last_forward_speed_ = -1e9;
  launch_accel_ = 0.0;
  hint_ = rear_hint_ = -1;
  wall_time_ = 0.0;
  queued_ = false;
  pipeline_.clear();
  offset_goal_ = bound_goal_ = state_.offset = 0.0;
  pass_ = PassPlan{}, giving_room_ = state_.defending = state_.letting_by = giving_way_ = false;
  lane_side_ = 0, lane_share_ = lane_hold_ = lane_stay_ = 0.0, lane_leaving_ = false, let_by_lanes_ = false;
  planner_.reset();
}

// ---------------------------------------------------------------- the tick

Controls AiDriver::tick(const DriverView& v) {
  sense(v);
  watch_stall(v);
  if (state_.recovery != Recovery::None) return delayed(recover(v));
  if (v.step % every(v.dt, config_.local_hz) == 0) {
    scan_traffic(v);
    avoid(v);
  }
  if (v.step % every(v.dt, kRouteHz) == 0) route_around(v);
  if (v.step % every(v.dt, config_.tracking_hz) == 0) {
    plan_speed(v);
    track_line(v);
  }
  make_mistakes(v);
  Controls c = pedals(v);
  c = filters(c, v);
  return delayed(c);
}

// ---------------------------------------------------------------- sense and stall

void AiDriver::sense(const DriverView& v) {
  const PathProjection p = route_->path.project(v.self.position, hint_);
  hint_ = p.index;
  state_.s = p.s;
  state_.lateral = p.offset;
  if (last_s_ >= 0.0) progress_ += wrap_ds(p.s - last_s_, route_->path.length());
  last_s_ = p.s;
}

void AiDriver::watch_stall(const DriverView& v) {
  // The clock counts the race's own distance, as the race's stall clock does: two measures of
  // 3 m (along our line, along the centreline) part ways for a car turning or creeping off the
  // line, and one car crept past this mark on its line while the race counted 12 s stuck.
  if (v.race_distance > stall_mark_ + config_.progress_step_m || v.race_distance < stall_mark_ - 50.0) {
    stall_mark_ = v.race_distance;
    state_.stall_seconds = 0.0;
  } else {
    state_.stall_seconds += v.dt;
  }
  wall_time_ = (v.self.against_wall && std::abs(v.self.forward_speed) < 1.0) ? wall_time_ + v.dt : 0.0;
  // The forward acceleration, smoothed over kLaunchSmoothing: a car pulling away on ice is
  // slow but not stuck.
  const double accel = last_forward_speed_ > -1e8 ? (v.self.forward_speed - last_forward_speed_) / v.dt : 0.0;
  last_forward_speed_ = v.self.forward_speed;
  launch_accel_ += (accel - launch_accel_) * std::min(1.0, v.dt / kLaunchSmoothing);
  if (state_.recovery != Recovery::None) return;
  since_recovery_ += v.dt;
  const bool stalled = state_.stall_seconds > config_.stall_trigger_s && std::abs(v.self.forward_speed) < 1.0 &&
                       launch_accel_ < kLaunchAccel &&  // not pulling away
                       since_recovery_ > 2.0 && !queued_;  // waiting behind a car: never reverse into the queue
  const bool pinned = wall_time_ > 0.5;
  // (The heading error last: a point on the line and an atan2, only for a slow car.)
  const bool facing_back = std::abs(v.self.forward_speed) < 2.0 && since_recovery_ > 2.0 &&
                           std::abs(heading_error_to_line(v)) > 2.0;
  if (stalled || pinned || facing_back) {
    since_recovery_ = 0.0;
    state_.recovery = Recovery::Reverse;
    state_.recoveries += 1;
    recovery_time_ = 0.0;
    recovery_start_ = v.self.position;
  }
}

double AiDriver::heading_error_to_line(const DriverView& v) const {
  const Vec2 aim = route_->path.at(state_.s + std::max(8.0, 1.5 * std::abs(state_.lateral))).position - v.self.position;
  return wrap_angle(std::atan2(aim.y, aim.x) - v.self.heading);
}

// ---------------------------------------------------------------- traffic

// The tyres' full friction on the surface under the line here (the planning profile's mu
// is grip_use of it).
double AiDriver::full_grip_here() const { return full_grip_at(state_.s); }

// m/s^2, the car's steady cornering grip on the surface under the line here (its envelope's
// lateral share of the full friction).
double AiDriver::cornering_accel_here() const {
  return full_grip_here() * route_->envelope.lateral_share * kGravity;
}

double AiDriver::full_grip_at(double s) const {
  return profile_.mu[route_->line.index_at(route_->path.wrap(s))] / std::max(params_.grip_use, 0.05);
}

double AiDriver::room(double s, int side) const {
  const std::size_t i = route_->line.index_at(s);
  return side > 0 ? route_->room_left[i] : route_->room_right[i];
}

const PassingLane& AiDriver::lane(int side) const {
  return let_by_lanes_ ? route_->let_by_lane(side) : route_->lane(side);
}

double AiDriver::lane_offset(int side, double s) const {
  const RacingLine& line = route_->line;
  const std::vector<double>& off = lane(side).offset;
  const double w = route_->path.wrap(s);
  const std::size_t i = line.index_at(w), j = (i + 1) % off.size();
  const double t = std::clamp((w - line.s[i]) / std::max(line.spacing(), 1e-9), 0.0, 1.0);
  return lerp(off[i], off[j], t);
}

double AiDriver::lane_s_at(int side, double s) const {
  return lane(side).lane_s[route_->line.index_at(route_->path.wrap(s))];
}

const SpeedProfile& AiDriver::lane_profile(int side) const {
  return lane_profile_[(side > 0 ? 0 : 1) + (let_by_lanes_ ? 2 : 0)];
}

// Our speed profiles on the two passing lanes and the two let-by lanes (none without lane passes).
void AiDriver::plan_lane_profiles(const SpeedProfileParams& sp) {
  for (int side : {+1, -1}) {
    const int k = side > 0 ? 0 : 1;
    lane_profile_[k] = compute_speed_profile(route_->lane(side).line, route_->envelope, track_, sp);
    lane_profile_[k + 2] = compute_speed_profile(route_->let_by_lane(side).line, route_->envelope, track_, sp);
  }
}

double AiDriver::offset_at(double s) const {
  return lane_side_ != 0 ? lane_share_ * lane_offset(lane_side_, s) + lane_hold_ : state_.offset;
}

// m of offset on `side` that can be held for `hold` m (a pass beside its car keeps its offset
// until it is by) and then still be given back in time where the room ahead narrows (the
// line running out towards that edge at a bend's exit): the least, over the next kRoomLook
// s from `from` m on (nearer room is not asked about), of the room there plus what the
// offset can move back by after `hold` (at the rate the
// bends' grip allows, their grip use reckoned against the car's steady cornering grip: a
// stricter use than the ramp's own, so the way back is planned on the slow side). An offset
// beyond it runs the car off the road, or into a slide trying to come back.
double AiDriver::room_ahead(int side, double speed, double from, double hold) const {
  const RacingLine& line = route_->line;
  const std::vector<double>& rooms = side > 0 ? route_->room_left : route_->room_right;
  const std::size_t n = line.points.size();
  const double v = std::max(speed, 10.0);
  const double mu_y = cornering_accel_here();
  // Every line sample stepped through by index (the samples are evenly spaced).
  const auto every = static_cast<std::size_t>(std::max(1.0, std::round(kRoomStep / line.spacing())));
  const double step = static_cast<double>(every) * line.spacing();
  std::size_t i = line.index_at(state_.s);
  double least = from <= 0.0 ? rooms[i] : 1e9, back = 0.0;
  for (double d = step; d <= std::max(20.0, v * kRoomLook); d += step) {
    i = (i + every) % n;
    if (d > hold) back += offset_rate(v * v * std::abs(line.curvature[i]) / mu_y) * step / v;
    if (d >= from) least = std::min(least, rooms[i] + back);
  }
  return least;
}

// Car c within 0.4 m of our sides anywhere our centre could be in [lo, hi] (m, lateral).
bool AiDriver::in_band(const Near& c, double lo, double hi) const {
  return c.lat + c.half_width + half_width_ + 0.4 > lo && c.lat - c.half_width - half_width_ - 0.4 < hi;
}

// No car but `except` in the lane from our lateral offset to sd * r.
bool AiDriver::lane_clear(int sd, double r, int except) const {
  const double lo = std::min(state_.lateral, sd * r), hi = std::max(state_.lateral, sd * r);
  for (const Near& c : near_)
    if (c.index != except && in_band(c, lo, hi)) return false;
  return true;
}

// The least full tyre friction under the line over `distance` m from s.
double AiDriver::least_grip(double s, double distance) const {
  constexpr double kStep = 5.0;  // m
  double least = full_grip_at(s);
  for (double d = kStep; d < distance; d += kStep) least = std::min(least, full_grip_at(s + d));
  return least;
}

// rad the racing line turns over `distance` m from s (+ = left).
double AiDriver::turn_ahead(double s, double distance) const {
  constexpr double kStep = 5.0;  // m
  double turn = 0.0;
  for (double d = 0.0; d < distance; d += kStep) turn += route_->path.curvature_at(s + d) * kStep;
  return turn;
}

// m from s before the line has turned by a bend (PassRules::bend_turn), `most` at the most.
double AiDriver::straight_ahead(double s, double most) const {
  constexpr double kStep = 5.0;  // m
  double turn = 0.0, d = 0.0;
  for (; d < most && std::abs(turn) < PassRules{}.bend_turn; d += kStep) turn += route_->path.curvature_at(s + d) * kStep;
  return d;
}

// A new pass is wanted on `ahead`: within `reach` (m) and closing on it, close behind it, or
// held up by it (its speed below what our profile wants here: a following car closes nothing
// but still wants by); and no ice from here to kPassGripLook past it.
bool AiDriver::wants_pass(const SeenCar& ahead, double reach) const {
  const bool held_up = profile_.target_speed(state_.s) * params_.speed_use > ahead.speed + 1.0;
  if (!(ahead.gap < reach && (ahead.closing > 0.5 || ahead.gap < 8.0 || held_up))) return false;
  return least_grip(state_.s, std::max(0.0, ahead.ds) + kPassGripLook) >= kPassMinGrip;
}

// One step of the pass under way (keep_pass) and, when it ends, how, for the panels and the
// bench: dropped (shut), made (its car behind us) or lost (out of reach ahead).
void AiDriver::keep_and_count(bool in_reach, bool shut, const SeenCar& target, double dt) {
  keep_pass(pass_, in_reach, shut, dt);
  if (pass_.target >= 0) return;
  if (giving_room_ || state_.defending || state_.letting_by) {  // not a pass of ours
    if (state_.letting_by && !giving_way_ && target.index >= 0 && target.ds > 0.0) ++state_.let_bys_done;
    giving_room_ = state_.defending = state_.letting_by = giving_way_ = false;
    return;
  }
  if (pass_.cooldown_s > 0.0 && in_reach) ++state_.passes_dropped;
  else if (target.index >= 0 && target.ds < 0.0) ++state_.passes_made;
  else ++state_.passes_lost;
}

// m bumper to bumper within which a pass is started at forward speed `fwd` (m/s) (and kept,
// kPassReachExtra beyond): the following gap and 12 m, 25 m at the least.
double AiDriver::pass_reach(double fwd) const { return std::max(25.0, 12.0 + config_.follow_time_s * fwd); }

// m bumper to bumper behind us within which a car presses us at forward speed `fwd` (m/s),
// and a let-by for it is kept (kPassReachExtra beyond): kLetByReach s, kLetByMinReach at the
// least. (Kept only within a pass's reach, a let-by for a car pressing from 50 m back ended
// at once and left us far off the line.)
double AiDriver::pressure_reach(double fwd) const { return std::max(kLetByMinReach, kLetByReach * std::max(0.0, fwd)); }

// The passing lane to take past `car`: one that clears the car where it is now (out of its
// lane, so the following caps let us close) and no other car is in; of two, the one that
// stays clear of the car's line the longer over the next kLaneLook s (the car goes back to
// its line), the inside of the bend ahead when both last. 0: neither.
int AiDriver::lane_pass_side(const SeenCar& car, double fwd) const {
  const double apart = half_width_ + car.half_width + kLaneSideGap;
  double clear[2] = {0.0, 0.0};  // m, how far ahead of the car each lane stays clear of it
  for (int k = 0; k < 2; ++k) {
    const int sd = k == 0 ? +1 : -1;
    const double now = lane_offset(sd, state_.s + car.ds);
    if (sd * (now - car.lat) < apart || !lane_clear(sd, std::abs(lane_offset(sd, state_.s)), car.index)) continue;
    if (!within_lane_speed(sd, fwd)) continue;
    const double look = std::max(20.0, car.speed * kLaneLook);
    double d = 0.0;
    for (; d < look; d += kRoomStep) {
      const double at = state_.s + car.ds + d;
      const double theirs = car.lat * std::max(0.0, 1.0 - d / look);  // back to its line
      if (sd * (lane_offset(sd, at) - theirs) < apart) break;
    }
    clear[k] = 1.0 + d;
  }
  return pass_side(clear[0], clear[1], turn_ahead(state_.s + std::max(0.0, car.ds), kBendAhead));
}

// A car under the lane's braking envelope here and over the next kLaneSpeedLook s can follow
// its braking into the bend; one over it (the lane brakes earlier than the line, into the
// bend's inside) runs out of grip braking and turning onto it at once, and off the road.
// (Not the lane's profile: that is also its acceleration curve out of the lane's slower
// bend, which a car joining from the line on a straight is above without any danger. Asked
// that, a pressed car at Port Ardent found no lane to let its passer by in 40,742 steps of
// three races, 5,645 with the envelope; the faster cars stayed behind the slower ones.)
bool AiDriver::within_lane_speed(int side, double fwd) const {
  const SpeedProfile& lp = lane_profile(side);
  const double k = params_.speed_use;  // (the lane at full: its envelope, not the share a pass drives)
  for (double t = 0.0; t <= kLaneSpeedLook + 1e-9; t += 0.25)
    if (fwd > k * lp.envelope_speed(lane_s_at(side, state_.s + t * std::max(0.0, fwd))) + kLaneSpeedSlack) return false;
  return true;
}

// choose_pass for passing lanes: the same commitment (PassPlan), a lane instead of an offset:
// a pass is shut only by another car in the lane or ice (the lane is on the road all the way).
void AiDriver::choose_lane_pass(const SeenCar& ahead, const SeenCar& target, const SeenCar& behind, double fwd,
                                double time) {
  const double reach = pass_reach(fwd);
  const double dt = 1.0 / config_.local_hz;
  if (pass_.target < 0 || state_.letting_by || state_.defending) level_with_ = -1;  // (stalemate counts afresh)
  if (pass_.target >= 0 && state_.defending) {
    // A defence lasts to the bend's apex, while its car is still behind us in reach.
    const bool before_apex = wrap_ds(defend_apex_ - state_.s, route_->path.length()) > 0.0;
    const bool in_reach = before_apex && target.index >= 0 && target.ds < 0.0 && target.gap > -(reach + kPassReachExtra);
    keep_and_count(in_reach, false, target, dt);
  } else if (pass_.target >= 0 && state_.letting_by) {
    // Moved over until the car is by (its tail ahead of our nose), or out of reach behind.
    let_by_s_ += dt;
    const bool by = target.index >= 0 && target.ds > half_length_ + target.half_length + kLetByClear;
    const bool in_reach = target.index >= 0 && !by && let_by_s_ < kLetByMax &&
                          gap_behind(target) < pressure_reach(fwd) + kPassReachExtra;
    if (target.index >= 0) {
      let_by_speed_ = target.speed;
      let_by_clear_ = std::abs(target.lat - state_.lateral) >= half_width_ + target.half_width + kLaneGap;
      let_by_need_ = std::max(0.0, half_length_ + target.half_length + kLetByClear - target.ds);
    }
    keep_and_count(in_reach, false, target, dt);
  } else if (pass_.target >= 0 && stalemate(target, dt)) {
    give_way(target);
  } else if (pass_.target >= 0) {
    const bool in_reach = target.index >= 0 && target.ds > -(half_length_ + target.half_length + kLaneBehind) &&
                          target.gap < reach + kPassReachExtra;
    const bool shut = in_reach && (!lane_clear(pass_.side, std::abs(lane_offset(pass_.side, state_.s)), target.index) ||
                                   least_grip(state_.s, kPassGripLook) < kPassMinGrip);
    keep_and_count(in_reach, shut, target, dt);
  } else {
    keep_pass(pass_, false, false, dt);
  }
  watch_pressure(behind, fwd, time);
  if (pass_.target < 0 && lane_side_ == 0 && time >= config_.start_calm_s) {
    give_room();
    if (pass_.target < 0) let_by(behind, fwd);
    if (pass_.target < 0) defend(behind, fwd);
  }
  if (pass_.target >= 0 || pass_.cooldown_s > 0.0 || params_.overtake_offset <= 0.0 || ahead.index < 0) return;
  // The field sorts itself out off the grid first (but a stopped car in the way is passed).
  const bool ahead_stopped = std::abs(ahead.speed) < kBlockedSpeed && fwd > 2.5 * kBlockedSpeed;  // not the grid
  if (time < config_.start_calm_s && !ahead_stopped) return;
  if (!wants_pass(ahead, reach)) return;
  const int side = lane_pass_side(ahead, fwd);
  if (side != 0) pass_ = PassPlan{ahead.index, side, 0.0, 0.0}, ++state_.passes_started;
}

// Two cars of one pace side by side, each on its lane (the one passing, the other giving it
// room, or both giving room), hold each other and the field behind up for laps: neither
// gains. (Kestrel Downs, seed 5 at jitter 0.5: two medium cars level for 153 s, lapping 8 s
// slower than either alone, the hard cars behind them too.) A car level with the car of its
// pass or its room for kStalemate s, and behind it, gives way (give_way).
bool AiDriver::stalemate(const SeenCar& target, double dt) {
  if (target.index != level_with_) level_with_ = target.index, level_s_ = 0.0;
  const bool level = target.index >= 0 && std::abs(target.ds) < half_length_ + target.half_length + kBesideMargin;
  level_s_ = level ? level_s_ + dt : 0.0;
  return level_s_ > kStalemate && target.ds > 0.0;
}

// Giving way to the car level with us: we let it by from the lane we are on (the let-by's
// lift under its speed, out of its lane), then go back behind it.
void AiDriver::give_way(const SeenCar& target) {
  const int side = lane_side_ != 0 ? lane_side_ : (state_.lateral > target.lat ? +1 : -1);
  pass_ = PassPlan{target.index, side, 0.0, 0.0}, giving_room_ = false, state_.letting_by = giving_way_ = true;
  let_by_s_ = 0.0, let_by_clear_ = false, level_s_ = 0.0;
  ++state_.give_ways;
}

// Racing room: a car come up beside us (its centre no more than half a car behind ours) with
// a lane's room between us is given the road it is on; we take the passing lane on our side
// (one that clears it), as a pass of our own on it, and drive that lane's profile. Kept to
// the racing line, we would squeeze it or run wide at the line's speed beside it.
void AiDriver::give_room() {
  for (const Near& c : near_) {
    const double overlap = half_length_ + c.half_length;
    if (c.ds < -0.5 * overlap || c.ds > overlap) continue;
    const double apart = half_width_ + c.half_width;
    if (std::abs(c.lat - state_.lateral) < apart + kLaneGap) continue;
    const int sd = c.lat > state_.lateral ? -1 : +1;
    if (sd * (lane_offset(sd, state_.s + c.ds) - c.lat) < apart + kLaneSideGap) continue;
    pass_ = PassPlan{c.index, sd, 0.0, 0.0}, giving_room_ = true;
    ++state_.room_given;
    return;
  }
}

// Defending: a car close behind us and catching (defend_side) has the inside of the bend
// ahead covered against it: we take that passing lane, once, as racing room is taken (a
// "pass" of ours on it, not counted), to the bend's apex; the lane's own profile is slower
// than the line, which is what defending costs. A driver defends a bend with the chance its
// profile's `defend` gives (one roll a bend). A car already at that inside is never moved
// across, and the lane must be free of other cars.
void AiDriver::defend(const SeenCar& behind, double fwd) {
  if (params_.defend <= 0.0 || behind.index < 0) return;
  const double look = std::max(20.0, fwd * kDefendLook);
  const LineCar car{behind.ds, behind.lat, behind.half_length, behind.half_width};
  const int side = defend_side(car, state_.lateral, half_length_, -behind.closing, fwd, turn_ahead(state_.s, look));
  if (side == 0) return;
  const double apex = apex_ahead(state_.s, look, side);
  if (defend_rolled_ >= 0.0 && std::abs(wrap_ds(apex - defend_rolled_, route_->path.length())) < kDefendSameBend) return;  // this bend's defence is decided
  defend_rolled_ = apex;
  if (rng_.uniform() >= params_.defend) return;
  if (!lane_clear(side, std::abs(lane_offset(side, state_.s)), behind.index)) return;
  pass_ = PassPlan{behind.index, side, 0.0, 0.0}, state_.defending = true, defend_apex_ = apex;
  ++state_.defences;
}

// Pressure from behind: the time the car close behind us (within kLetByReach s at our speed,
// bumper to bumper) has gone faster than we would where it is, and kLetByCloseRate of the
// time it has only sat that close (not for a car we went by lately: two cars of one pace
// would let each other by in turn); the time it is out of reach is taken off again. A car of
// our pace drives what we would there; a faster one is over it wherever the car ahead does
// not hold it (braking later, more speed through the bends).
void AiDriver::watch_pressure(const SeenCar& behind, double fwd, double time) {
  if (behind.index != pressed_by_) pressed_by_ = behind.index, pressed_s_ = 0.0;
  if (behind.index < 0) return;
  const double dt = 1.0 / config_.local_hz;
  const bool close = gap_behind(behind) < pressure_reach(fwd);
  const double ours_there = profile_.target_speed(state_.s + behind.ds) * params_.speed_use;
  const bool passed_lately = time - passed_at_[static_cast<std::size_t>(behind.index)] < kLetByMemory;
  if (close && behind.speed > ours_there + kLetByFaster) pressed_s_ += dt;
  else if (close && !passed_lately) pressed_s_ += kLetByCloseRate * dt;
  else if (!close) pressed_s_ = std::max(0.0, pressed_s_ - dt);
}

// Letting a faster car by: pressed by it for kLetByPress s, on the next straight we move over
// to the passing lane away from it (the outside of the bend ahead when it is behind us on
// the line: its inside is the passer's), with the chance the profile's `let_by` gives (one
// roll a spell of pressure), and once out of its way lift until it is by (plan_speed). The
// lane must take us out of its lane and be free of other cars. A car beside us is given
// racing room instead.
void AiDriver::let_by(const SeenCar& behind, double fwd) {
  if (params_.let_by <= 0.0 || behind.index < 0 || behind.index != pressed_by_ || pressed_s_ < kLetByPress) return;
  if (gap_behind(behind) <= 0.0) return;  // beside us
  if (std::abs(turn_ahead(state_.s, std::max(30.0, fwd * kLetByStraight))) >= PassRules{}.bend_turn) return;
  // Away from it; behind us on our line, the outside of the bend ahead first, else the other.
  const int away = behind.lat > state_.lateral + 0.5 ? -1 : behind.lat < state_.lateral - 0.5 ? +1 : 0;
  const int outside = turn_ahead(state_.s, std::max(60.0, fwd * kDefendLook)) > 0.0 ? -1 : +1;
  int side = 0;
  const double apart = half_width_ + behind.half_width + kLaneGap;
  let_by_lanes_ = true;  // (lane_offset and the rest read the let-by lanes from here on)
  for (const int sd : {away != 0 ? away : outside, away != 0 ? 0 : -outside}) {
    if (sd == 0) continue;
    bool out_of_way = true;  // the lane takes us out of its lane, and keeps us out while it goes by
    for (double d = 0.0; d < std::max(30.0, fwd * kLetByHold) && out_of_way; d += kRoomStep)
      out_of_way = sd * (lane_offset(sd, state_.s + d) - behind.lat) >= apart;
    if (!out_of_way) continue;
    const double lane = std::abs(lane_offset(sd, state_.s));
    if (lane_clear(sd, lane, behind.index) && within_lane_speed(sd, fwd)) {
      side = sd;
      break;
    }
  }
  if (side != 0) pressed_s_ = 0.0;  // (none: tried again next time, the pressure stands)
  if (side == 0 || rng_.uniform() >= params_.let_by) {
    let_by_lanes_ = false;  // (the passing lanes again)
    return;
  }
  pass_ = PassPlan{behind.index, side, 0.0, 0.0}, state_.letting_by = true, let_by_s_ = 0.0, let_by_clear_ = false;
  ++state_.let_bys;
}

// m along the line from s (not wrapped): where the line is most curved towards `side` over
// the next `distance` m.
double AiDriver::apex_ahead(double s, double distance, int side) const {
  constexpr double kStep = 5.0;  // m
  double best = s, most = 0.0;
  for (double d = 0.0; d < distance; d += kStep) {
    const double k = side * route_->path.curvature_at(s + d);
    if (k > most) most = k, best = s + d;
  }
  return best;
}

// No car beside us or just behind (near_: up to 4 m bumper to bumper) in the band from our
// lateral offset to the racing line, nor one further back there that would close the gap
// in kMergeLook s: a lane may be left (cars ahead are the following caps'). (Moving back
// to the line into a bend, slower than the line, a car left its lane in front of one
// coming up it 12 m/s faster, 28 m back, and was hit.)
bool AiDriver::merge_clear() const {
  const double lo = std::min(state_.lateral, 0.0), hi = std::max(state_.lateral, 0.0);
  for (const Near& c : near_)
    if (c.ds <= half_length_ + c.half_length + kBesideMargin && in_band(c, lo, hi)) return false;
  for (const Near& c : rear_)
    if (-c.ds - half_length_ - c.half_length < kMergeLook * c.closing && in_band(c, lo, hi)) return false;
  return true;
}

// The share of the grip the bend we are in or about to enter (the most curvature over the
// next kBendLook s) takes at forward speed `fwd` (m/s): what limits moving sideways.
double AiDriver::bend_lateral_use(double fwd) const {
  const double bend = route_->path.max_abs_curvature(state_.s, std::max(10.0, fwd * kBendLook));
  return fwd * fwd * bend / (full_grip_here() * kGravity);
}

// hold_lane's terms for us: our place and size, and the daylight kept to a car beside us.
LaneHold AiDriver::side_by_side() const {
  LaneHold hold;
  hold.lateral = state_.lateral;
  hold.half_length = half_length_;
  hold.half_width = half_width_;
  hold.gap = kLaneSideGap;
  hold.lead = kHoldLead;
  return hold;
}

// The offset along a passing lane: onto the pass's lane (its share ramping up at the offset's
// rate), off it when the pass ends (and first off the old lane when the side changes), and
// held clear of a car beside us as any offset is.
void AiDriver::follow_lane(double fwd, bool alongside) {
  if (lane_side_ == 0 && pass_.side != 0) lane_side_ = pass_.side;
  const double here = lane_offset(lane_side_, state_.s);
  const double lateral_use = bend_lateral_use(fwd);
  const double rate = (lateral_use < 0.5 ? kLaneRate : offset_rate(lateral_use)) / config_.local_hz / std::max(1.0, std::abs(here));
  // After its pass, a passing lane is left where it meets the racing line (elsewhere, leaving
  // it is a swerve across the road in a bend), or after kLaneStayMax s whatever.
  const bool passing = pass_.side == lane_side_;
  lane_stay_ = passing ? 0.0 : lane_stay_ + 1.0 / config_.local_hz;
  // A let-by's lane is left at once: it is kept off the line, and comes back to it only
  // where the road runs out, in the next bend, slow, in front of the cars behind.
  lane_leaving_ = !passing && (lane_leaving_ || let_by_lanes_ || std::abs(here) < kLaneMeet || lane_stay_ > kLaneStayMax);
  // Leaving, it waits while a car behind or beside us is in the band it would move into.
  if (!lane_leaving_ || merge_clear()) lane_share_ = approach(lane_share_, lane_leaving_ ? 0.0 : 1.0, rate);
  const double eff = lane_share_ * here;
  const double held = hold_lane(eff + lane_hold_, beside_, side_by_side());
  state_.holding_lane = alongside && std::abs(held - (eff + lane_hold_)) > 1e-9;
  lane_hold_ = approach(lane_hold_, held - eff, kLaneRate / config_.local_hz);
  if (!state_.holding_lane) lane_hold_ = approach(lane_hold_, 0.0, kLaneRate / config_.local_hz);
  state_.offset = std::clamp(eff + lane_hold_, -room(state_.s, -1), room(state_.s, +1));
  offset_goal_ = pass_.side != 0 ? lane_offset(pass_.side, state_.s) : 0.0;
  bound_goal_ = pass_.side != 0 ? offset_goal_ : 0.0;
  state_.offset_goal = offset_goal_;
  if (lane_share_ <= 0.0 && pass_.side != lane_side_) lane_side_ = 0, lane_hold_ = 0.0, lane_leaving_ = false;
}

void AiDriver::scan_traffic(const DriverView& v) {
  const Path& path = route_->path;
  const double len = path.length();
  const double fwd = v.self.forward_speed;
  near_.clear();
  rear_.clear();
  // The nearest car ahead in our lane, and the car we are passing wherever it is.
  SeenCar ahead, target, merging, behind;
  bool alongside = false;
  double alongside_lat = 0.0;
  for (const OtherCarView& o : v.others) {
    const auto idx = static_cast<std::size_t>(o.index);
    if (idx >= other_hints_.size())
      other_hints_.resize(idx + 1, -1), was_ahead_.resize(idx + 1, 0), passed_at_.resize(idx + 1, -1e9);
    if (length_squared(o.position - v.self.position) > square(config_.look_range + 10.0)) {
      other_hints_[o.index] = -1, was_ahead_[idx] = 0;
      continue;
    }
    const PathProjection p = path.project(o.position, other_hints_[o.index]);
    other_hints_[o.index] = p.index;
    const double ds = wrap_ds(p.s - state_.s, len);
    if (ds < 0.0 && was_ahead_[idx] > 0) passed_at_[idx] = static_cast<double>(v.step) * v.dt;  // we went by it
    was_ahead_[idx] = ds > 0.0 ? 1 : -1;
    // Its speed along the line where it is (round a hairpin, our own tangent would make a car
    // driving away from us one driving at us: the collision filter braked for it).
    const PathSample there = path.at(p.s);
    const double along = dot(o.velocity, there.tangent);
    const SeenCar seen{o.index, ds - half_length_ - o.half_length, ds, p.offset, along, fwd - along, o.half_width,
                       o.half_length};
    if (o.index == pass_.target) target = seen;
    if (ds < 0.0 && -ds < config_.look_range && (behind.index < 0 || ds > behind.ds)) behind = seen;
    const double lane = half_width_ + o.half_width + kLaneGap;
    const bool in_our_lane = std::abs(p.offset - state_.lateral) < lane;
    // (With passing lanes, a car overlapping us along the line but clear of us sideways is
    // beside us, not ahead: the lane hold keeps us apart; braking for it runs us wide into it.)
    const bool beside_clear = seen.gap <= 0.0 &&
                              std::abs(p.offset - state_.lateral) >= half_width_ + o.half_width + 0.2;
    if (ds > 0.0 && seen.gap < config_.look_range && in_our_lane && !beside_clear && seen.gap < ahead.gap) ahead = seen;
    // Not in our lane, but in the one the offset is bound to take us back to (a pass the
    // room ahead pulls back towards the line): never close in on it so far that the merge
    // rams its tail.
    if (ds > 0.0 && seen.gap < config_.look_range && std::abs(p.offset - bound_goal_) < lane &&
        seen.gap < merging.gap)
      merging = seen;
    if (std::abs(ds) < half_length_ + o.half_length + kBesideMargin) alongside = true, alongside_lat = p.offset;
    if (ds > -(half_length_ + o.half_length + 4.0) && ds < 30.0)
      near_.push_back({ds, p.offset, o.half_width, o.half_length, o.index, dot(o.velocity, there.normal)});
    else if (ds < 0.0 && along > fwd)
      rear_.push_back({ds, p.offset, o.half_width, o.half_length, o.index, dot(o.velocity, there.normal), along - fwd});
  }
  beside_.clear();  // the same cars for hold_lane, whichever way the offset is followed below
  for (const Near& c : near_) beside_.push_back({c.ds, c.lat, c.half_length, c.half_width, c.lat_rate});
  state_.gap_ahead = ahead.gap;
  state_.alongside = alongside;
  closing_ = ahead.closing;
  ahead_speed_ = ahead.speed;
  ahead_is_target_ = ahead.index >= 0 && ahead.index == pass_.target;
  merge_gap_ = merging.gap;
  merge_speed_ = merging.speed;
  queued_ = ahead.gap < config_.queue_gap_m;
  choose_lane_pass(ahead, target, behind, fwd, static_cast<double>(v.step) * v.dt);
  if (pass_.side != 0 || lane_side_ != 0) {
    follow_lane(fwd, alongside);
    return;
  }
  let_by_lanes_ = false;  // on no lane: the next one is a passing lane unless a let-by says otherwise
  // Off every lane (pass_.side is 0 here): back to the racing line, but never towards a car
  // beside us.
  if (alongside) {
    const int side = alongside_lat > state_.lateral ? -1 : +1;  // keep away from the car beside us
    if (offset_goal_ * side < 0.0) offset_goal_ = 0.0;
  } else {
    offset_goal_ = 0.0;
  }
  // Side by side: whatever the pass or the line wants, keep our side of a car beside us (the
  // racing line moving towards it would squeeze it into the wall, or us into it).
  const double free_goal = offset_goal_;
  const double held = hold_lane(offset_goal_, beside_, side_by_side());
  state_.holding_lane = held != free_goal;
  // The room ahead bounds it too, but that bound is given back at the bends' offset rate.
  const double goal = std::clamp(held, -room_ahead(-1, fwd, 0.0, 0.0), room_ahead(+1, fwd, 0.0, 0.0));
  bound_goal_ = goal;
  // Ramp the offset (faster when a car beside us pushes it), never beyond the room here.
  // The pass moves sideways only as fast as the grip left over by the bend allows.
  const double rate = (state_.holding_lane ? kLaneRate : offset_rate(bend_lateral_use(fwd))) / config_.local_hz;
  const double next = approach(state_.offset, goal, rate);
  // Never move sideways into a car beside us.
  const bool into_neighbour = alongside && (next - state_.offset) * (alongside_lat - state_.lateral) > 0.0 &&
                              std::abs(alongside_lat - state_.lateral) < 2.0 * half_width_ + 1.5;
  if (!into_neighbour || state_.holding_lane) state_.offset = next;
  state_.offset = std::clamp(state_.offset, -room(state_.s, -1), room(state_.s, +1));
  state_.offset_goal = offset_goal_;
}

// ---------------------------------------------------------------- speed

// The share of the profile's speed the line shifted by the offset allows over the next
// kShiftLook s: a parallel line n m to the inside of a bend of curvature k has curvature
// k / (1 - n k), so v scales by sqrt(1 - n k) (the outside of a bend is wider: 1), n no more
// than the room there (the offset is clamped to it at the apex); and 0.98 anyway (the shift
// itself and the way back are curves the line does not have).
double AiDriver::shifted_line_share(double speed) const {
  constexpr double kStep = 4.0;  // m
  const double n = state_.offset;
  const int side = n > 0.0 ? +1 : -1;
  double share = 1.0;
  for (double d = 0.0; d <= std::max(20.0, speed * kShiftLook); d += kStep) {
    const double at = state_.s + d;
    const double nk = side * std::min(std::abs(n), room(route_->path.wrap(at), side)) * route_->path.curvature_at(at);
    if (nk > 0.0) share = std::min(share, std::sqrt(std::max(kShiftMinShare, 1.0 - nk)));
  }
  return 0.98 * share;
}

double AiDriver::follow_cap(double gap, double ahead_speed, double time_gap, double speed) const {
  if (gap > config_.look_range) return 1e9;
  const double spare = gap - (2.0 + time_gap * speed);
  const double mu = std::min(full_grip_here(), full_grip_at(state_.s + gap));
  const double brake = kFollowBrake * mu * kGravity;  // m/s^2
  const double ahead = std::max(0.0, ahead_speed);
  return spare >= 0.0 ? std::sqrt(ahead * ahead + 2.0 * brake * spare) : std::max(0.0, ahead + 0.8 * spare);
}

void AiDriver::plan_speed(const DriverView& v) {
  const double speed = std::max(0.0, v.self.forward_speed);
  double scale = 1.0;
  // Off the line: slow down so the tracker can bring the car back (the way back is a
  // tighter curve than the line, and the grip beside the road is less).
  const double off = std::abs(state_.lateral - state_.offset);
  if (off > kOffLineFree) scale *= std::max(0.6, 1.0 - kOffLineSlow * (off - kOffLineFree));
  if (state_.offset != 0.0 && lane_side_ == 0) scale *= shifted_line_share(speed);  // (a lane has its own profile)
  if (mistake_left_ > 0.0 && mistake_kind_ == 0) scale *= 0.85;  // a lift
  speed_scale_ = scale;
  // Following a car ahead on our line (none while the offset takes us past it): beyond the
  // standoff (the time gap and 2 m), no faster than we could brake to its speed by the
  // standoff at kFollowBrake of the grip under the two of us (v^2 <= v_ahead^2 + 2 a d: on
  // ice the queue closes up gently, not at full speed to the time gap); inside it, a little
  // slower than it the closer we are.
  // A car in the lane a merge takes us back to is followed the same way at a shorter gap.
  const double follow_time = ahead_is_target_ && lane_side_ != 0 ? kLaneFollow : config_.follow_time_s;
  speed_cap_ = std::min(follow_cap(state_.gap_ahead, ahead_speed_, follow_time, speed),
                        follow_cap(merge_gap_, merge_speed_, kMergeTime, speed));
  // Letting a car by, once out of its way (before that, a lift only holds it up behind us):
  // as far under its speed as lets it gain the rest of the way by before the straight ends.
  if (state_.letting_by && let_by_clear_) {
    const double straight_s = straight_ahead(state_.s, std::max(30.0, speed * kLetByMax)) / std::max(speed, 5.0);
    const double under = std::max(kLetByDelta, let_by_need_ / std::max(1.0, straight_s));
    speed_cap_ = std::min(speed_cap_, std::max(kLetByFloor * profile_.target_speed(state_.s) * params_.speed_use,
                                               let_by_speed_ - under));
  }
  if (state_.detour) speed_cap_ = kDetourSpeed;  // round the blockage at walking pace, not following it
}

// ---------------------------------------------------------------- routing

// A car stopped (under kBlockedSpeed) between beside us and kDetourReach ahead on the line.
bool AiDriver::stopped_ahead(const DriverView& v) const {
  for (const OtherCarView& o : v.others) {
    if (length(o.velocity) > kBlockedSpeed) continue;
    if (length_squared(o.position - v.self.position) > square(kDetourReach + 10.0)) continue;
    const auto idx = static_cast<std::size_t>(o.index);
    const PathProjection p = route_->path.project(o.position, idx < other_hints_.size() ? other_hints_[idx] : -1);
    const double ds = wrap_ds(p.s - state_.s, route_->path.length());
    if (ds > -(half_length_ + o.half_length) && ds < kDetourReach) return true;
  }
  return false;
}

void AiDriver::route_around(const DriverView& v) {
  const double period = 1.0 / kRouteHz;
  // A slow car that is gaining speed (the grid pulling away at the start, a car out of a
  // spin) is not a blockage: detouring round it sent cars off across the runoff.
  const bool pulling_away = ahead_speed_ > blocked_ahead_speed_ + kBlockedGain;
  blocked_ahead_speed_ = ahead_speed_;
  const bool blocked = state_.gap_ahead < config_.queue_gap_m + 10.0 && std::abs(ahead_speed_) < kBlockedSpeed &&
                       !pulling_away;
  blocked_for_ = blocked ? blocked_for_ + period : 0.0;
  if (state_.detour && progress_ > detour_end_) state_.detour = false;  // back on the line
  // The blockage moved off (the grid's queue pulling away): no walking-pace detour round it.
  if (state_.detour && !stopped_ahead(v)) state_.detour = false;
  if (state_.detour || blocked_for_ < kBlockedAfter) return;
  // A window of the cost grid from here to the line kDetourReach ahead, 12 m around.
  const CostGrid& grid = track_.cost_grid();
  const Vec2 goal_p = route_->path.at(state_.s + kDetourReach).position;
  const Vec2 lo{std::min(v.self.position.x, goal_p.x) - 12.0, std::min(v.self.position.y, goal_p.y) - 12.0};
  const Vec2 hi{std::max(v.self.position.x, goal_p.x) + 12.0, std::max(v.self.position.y, goal_p.y) + 12.0};
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  grid.cell_of(lo, x0, y0);
  grid.cell_of(hi, x1, y1);
  x0 = std::max(x0, 0), y0 = std::max(y0, 0), x1 = std::min(x1, grid.width() - 1), y1 = std::min(y1, grid.height() - 1);
  if (x1 <= x0 || y1 <= y0) return;
  window_ = SearchGrid(x1 - x0 + 1, y1 - y0 + 1);
  RouteCosts costs;
  costs.min_clearance_m = half_width_ + 0.2;
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const double clear = static_cast<double>(grid.clearance(x, y));
      const bool ok = grid.drivable(x, y) && clear >= costs.min_clearance_m;
      window_.set_passable(x - x0, y - y0, ok);
      if (ok) window_.set_cost(x - x0, y - y0, static_cast<float>(costs.multiplier(clear, static_cast<double>(grid.surface_cost(x, y)))));
    }
  // Stopped cars are obstacles: their footprint grown by our half width and a margin.
  for (const OtherCarView& o : v.others) {
    if (length(o.velocity) > kBlockedSpeed) continue;
    const double r = o.half_length + half_width_ + 0.5;
    int cx0 = 0, cy0 = 0, cx1 = 0, cy1 = 0;
    grid.cell_of(o.position - Vec2{r, r}, cx0, cy0);
    grid.cell_of(o.position + Vec2{r, r}, cx1, cy1);
    for (int y = std::max(cy0, y0); y <= std::min(cy1, y1); ++y)
      for (int x = std::max(cx0, x0); x <= std::min(cx1, x1); ++x)
        if (length_squared(grid.cell_centre(x, y) - o.position) <= r * r) window_.set_passable(x - x0, y - y0, false);
  }
  int sx = 0, sy = 0, gx = 0, gy = 0;
  grid.cell_of(v.self.position, sx, sy);
  grid.cell_of(goal_p, gx, gy);
  const SearchResult& r = search_.search(window_, {sx - x0, sy - y0}, {gx - x0, gy - y0});
  state_.detours += 1;
  if (!r.found() || r.path.size() < 4) return;  // no way round: wait (and respawn in the end)
  std::vector<Vec2> points;
  for (std::size_t k = 0; k < r.path.size(); k += 4) points.push_back(grid.cell_centre(r.path[k].x + x0, r.path[k].y + y0));
  points.push_back(grid.cell_centre(r.path.back().x + x0, r.path.back().y + y0));
  if (length_squared(points.back() - points[points.size() - 2]) < 1e-6) points.pop_back();
  detour_path_ = Path(std::move(points), false);
  detour_hint_ = -1;
  detour_end_ = progress_ + kDetourReach - 5.0;
  state_.detour = true;
  blocked_for_ = 0.0;
}

// ---------------------------------------------------------------- tracking

void AiDriver::track_line(const DriverView& v) {
  const TrackingState ts{v.self.position, v.self.heading, std::max(0.0, v.self.forward_speed)};
  const Vec2 rear = rear_axle(geometry_, ts);
  arc_speed_ = 1e9;
  if (state_.detour) {  // round a blockage: Pure Pursuit on the A* detour
    const PathProjection dp = detour_path_.project(rear, detour_hint_);
    detour_hint_ = dp.index;
    const SteerCommand dc = pure_pursuit(pursuit_, geometry_, ts, detour_path_, dp);
    steer_cmd_ = dc.steer;
    line_kappa_ = std::tan(std::clamp(dc.road_wheel_angle, -geometry_.max_angle, geometry_.max_angle)) / geometry_.wheelbase;
    state_.tracking_steer = steer_cmd_;
    return;
  }
  const PathProjection rp = route_->path.project(rear, rear_hint_);
  rear_hint_ = rp.index;
  const SteerCommand pp = pure_pursuit(pursuit_, geometry_, ts, route_->path, rp);
  const PathSample at = route_->path.at(rp.s + pp.lookahead);
  // Cross-track correction: aim the lookahead point inside by as much as the car runs wide,
  // less kTrackDamping s of the speed it already closes on its offset at (undamped, a car
  // moving onto a passing lane 6 m over at 37 m/s crossed it by 3 m: into the car it was
  // passing, or off the road).
  double offset = offset_at(at.s) + std::clamp(state_.offset - state_.lateral, -3.0, 3.0) -
                  std::clamp(kTrackDamping * off_offset_rate(v), -kTrackDampingMost, kTrackDampingMost);
  if (mistake_left_ > 0.0 && mistake_kind_ == 1) offset += 0.8;  // a wide line
  offset = std::clamp(offset, -room(at.s, -1), room(at.s, +1));
  const Vec2 target = at.position + at.normal * offset;
  const Vec2 d = target - rear;
  const double dist = std::max(0.5, length(d));
  const double eta = wrap_angle(std::atan2(d.y, d.x) - v.self.heading);
  double delta = 0.0;
  if (std::abs(eta) > 0.5 * kPi) {
    delta = sign(eta) * geometry_.max_angle;
    line_kappa_ = std::tan(delta) / geometry_.wheelbase;
  } else {
    // The arc through the target (Pure Pursuit) and what the tyres need on top of it to
    // hold that arc (the linear understeer gradient x lateral acceleration). A PI loop on
    // the yaw rate was tried here and taken out: at 45 m/s it spun the car.
    const double speed = std::max(0.0, v.self.forward_speed);
    const double kappa = arc_within_grip(2.0 * std::sin(eta) / dist, speed);
    delta = std::atan(geometry_.wheelbase * kappa) + understeer_.at(speed) * speed * speed * kappa;
    line_kappa_ = kappa;
  }
  learn_understeer(v);
  steer_cmd_ = steer_input(delta, geometry_);
  state_.tracking_steer = steer_cmd_;
}

// m/s the car moves away from its offset at (+ = to the left of it): its velocity across
// the line here less the offset's own rate since the last tracking tick (0 after a gap in
// the ticks: a detour, a recovery or a respawn).
double AiDriver::off_offset_rate(const DriverView& v) {
  const std::int64_t period = every(v.dt, config_.tracking_hz);
  const double offset_rate = v.step - last_track_step_ == period
                                 ? (state_.offset - last_track_offset_) / (static_cast<double>(period) * v.dt)
                                 : 0.0;
  last_track_step_ = v.step, last_track_offset_ = state_.offset;
  return dot(v.self.velocity, route_->path.at(state_.s).normal) - offset_rate;
}

// A car wide of its target (knocked there, or left there by DWA) at speed in a bend: Pure
// Pursuit's arc back can ask for several times the grip, and the tyres then give none of it
// (front past its peak, rear stepping out, the stability filter catching the slide and the
// tracker asking again: a 1 Hz fishtail onto the grass). So the arc asks for at most
// kWideArcGrip of the steady cornering grip, and the pedals slow towards the speed at which
// the arc it wanted is within the grip (arc_speed_). (Measured with racer-bench kick.)
double AiDriver::arc_within_grip(double kappa, double speed) {
  if (std::abs(state_.lateral - offset_at(state_.s)) <= kWideFrom) return kappa;
  const double a_y = cornering_accel_here();
  if (std::abs(kappa) > 1e-4) arc_speed_ = std::sqrt(kWideSpeedGrip * a_y / std::abs(kappa));
  if (speed <= 5.0) return kappa;
  const double k_max = kWideArcGrip * a_y / (speed * speed);
  return std::clamp(kappa, -k_max, k_max);
}

// Steady cornering on our own (no slide, no avoidance, no recovery) shows how much lock the
// car really needs at this speed.
void AiDriver::learn_understeer(const DriverView& v) {
  const SelfView& me = v.self;
  if (state_.dwa_active || state_.recovery != Recovery::None || std::abs(me.body_slip()) > 0.04) return;
  const double dt = every(v.dt, config_.tracking_hz) * v.dt;
  understeer_.observe(me.forward_speed, last_steer_ * geometry_.max_angle, me.yaw_rate, geometry_.wheelbase, dt);
}

// ---------------------------------------------------------------- DWA

// A car beside us (overlapping along the line) with its own lane's room between us: side by
// side, each keeps its side (hold_lane). DWA predicts it straight on from its velocity, so
// in a bend it sees the two cars meet and brakes the one passing to a stop beside the other.
bool AiDriver::beside_in_own_lane(int index) const {
  for (const Near& c : near_) {
    if (c.index != index) continue;
    return std::abs(c.ds) < half_length_ + c.half_length + kBesideMargin &&
           std::abs(c.lat - state_.lateral) >= half_width_ + c.half_width + kLaneGap;
  }
  return false;
}

void AiDriver::avoid(const DriverView& v) {
  state_.dwa_active = false;
  state_.dwa_admissible = true;
  state_.dwa_steering = false;
  if (!config_.use_dwa) return;
  const Vec2 fwd = from_angle(v.self.heading);
  obstacles_.clear();
  const double r2 = square(config_.dwa_range);
  for (const OtherCarView& o : v.others) {
    const Vec2 rel = o.position - v.self.position;
    if (length_squared(rel) > r2 || dot(rel, fwd) < -1.0) continue;
    if (lane_side_ != 0 && beside_in_own_lane(o.index)) continue;  // on a passing lane, the lane hold keeps us apart
    obstacles_.push_back(DwaObstacle::rect(o.position, o.half_length + 0.3, o.half_width + 0.2, o.heading, o.velocity));
  }
  if (obstacles_.empty()) return;  // only cars wake DWA; static obstacles are in the line
  for (const ObstacleSpec& s : track_.obstacles()) {
    if (length_squared(s.position - v.self.position) > square(config_.dwa_range + 20.0)) continue;
    if (s.shape == ObstacleShape::Circle) obstacles_.push_back(DwaObstacle::circle(s.position, s.radius));
    else obstacles_.push_back(DwaObstacle::rect(s.position, s.half_length, s.half_width, s.angle));
  }
  const double speed = std::max(0.0, v.self.forward_speed);
  waypoints_.clear();
  const double reach = 10.0 + 1.5 * speed;
  if (state_.detour) {  // the detour's points ahead of us are the way
    const PathProjection dp = detour_path_.project(v.self.position, detour_hint_);
    for (double ds = 2.0; ds <= reach && dp.s + ds <= detour_path_.length(); ds += 2.0)
      waypoints_.push_back(detour_path_.at(dp.s + ds).position);
  }
  for (double ds = 2.0; ds <= reach && (!state_.detour || waypoints_.empty()); ds += 2.0) {
    const PathSample p = route_->path.at(state_.s + ds);
    waypoints_.push_back(p.position + p.normal * std::clamp(offset_at(p.s), -room(p.s, -1), room(p.s, +1)));
  }
  DwaInput in;
  in.state = {v.self.position, v.self.heading, speed, v.self.yaw_rate};
  in.waypoints = waypoints_;
  in.obstacles = obstacles_;
  in.speed_limit = state_.target_speed;
  in.preferred_omega = speed * line_kappa_;
  in.wall_grid = &track_.cost_grid();
  const DwaDecision d = planner_.decide(in);
  state_.dwa_active = true;
  // DWA as a guard: while the arc the tracker steers for is clear of every car (and wall) over
  // DWA's horizon, the tracker keeps the wheel and DWA only watches; DWA steers from the first
  // decision that finds it blocked, and for kDwaHold s after the last. (DWA steering all the
  // time a car was within 14 m held cars off the line in bends, its short-lookahead kinematic
  // arcs asking for less yaw than the bend needed: the car ran wide when the tracker got the
  // wheel back, at the grip limit, into the wall.)
  // On an A* detour round a stopped car (close quarters, walking pace) DWA always steers.
  dwa_hold_ = d.preferred_clear ? std::max(0.0, dwa_hold_ - 1.0 / config_.local_hz) : kDwaHold;
  state_.dwa_steering = dwa_hold_ > 0.0 || state_.detour;
  state_.dwa_admissible = d.admissible;
  dwa_speed_ = d.v;
  // The window is one period of acceleration wide: its top means "speed up", not a limit
  // (capping the pedals to it left a car creeping at 0.1 m/s from a standstill).
  dwa_full_ = d.admissible && d.v >= d.window.v_hi - 1e-6;
  const double delta = std::atan(d.omega * geometry_.wheelbase / std::max(speed, 2.0));
  dwa_steer_ = steer_input(delta, geometry_);
  state_.steer_dwa = dwa_steer_;
  state_.dwa_speed = dwa_speed_;
}

// ---------------------------------------------------------------- pedals and filters

Controls AiDriver::pedals(const DriverView& v) {
  Controls c;
  const bool dwa = state_.dwa_active && state_.dwa_steering;
  c.steer = dwa ? dwa_steer_ : steer_cmd_;
  const double v_now = v.self.forward_speed;
  const double speed = std::max(0.0, v_now);
  // The profile where the car will be when the pedals act (after the reaction delay).
  const double lead = (params_.reaction_steps + 6) * v.dt;
  const double s_ref = state_.s + speed * lead;
  const double k = params_.speed_use * speed_scale_;
  // On a passing lane, the lane's own profile, blended in with the lane's share (the way on
  // and off it). (Its acceleration is not scaled by kLaneSpeedShare^2 as its speed is: the
  // feed-forward of the lane's slope, the feedback then closes the gap.) A car faster than
  // the lane's acceleration curve (it came from the line, out of a faster bend) keeps its
  // speed as long as the lane's braking envelope allows it: slowing to the curve would only
  // drop it back behind the car it is passing.
  double v_plan = profile_.target_speed(s_ref), a_plan = profile_.accel_at(s_ref);
  if (lane_side_ != 0) {
    const SpeedProfile& lp = lane_profile(lane_side_);
    const double ls = lane_s_at(lane_side_, s_ref);
    const double v_lane = std::max(kLaneSpeedShare * lp.target_speed(ls),
                                   std::min(v_now, kLaneSpeedShare * lp.envelope_speed(ls)));
    const double a_lane = lp.accel_at(ls);
    v_plan += lane_share_ * (v_lane - v_plan);
    a_plan += lane_share_ * (a_lane - a_plan);
  }
  const double v_ref = std::max(3.0, v_plan * k);  // never crawl on a free road
  double a_cmd = a_plan * k * k + kSpeedGain * (v_ref - v_now);
  // Under the profile the car catches up at full drive: the profile is already the braking
  // envelope, so braking on its slope before the car meets it only loses time. The band
  // blends back into following the curve so the pedals do not switch at the meeting point.
  const double under = std::clamp((v_ref - v_now) / kCatchUpBand, 0.0, 1.0);
  a_cmd += under * (std::max(a_cmd, kCatchUpDrive) - a_cmd);
  // Wide, with the arc back beyond the grip (arc_within_grip): lift towards the speed it needs.
  if (arc_speed_ < v_ref && v_now > kWideFromSpeed * v_ref)
    a_cmd = std::min(a_cmd, std::max(-kWideLift, kSpeedGain * (arc_speed_ - v_now)));
  double cap = speed_cap_;
  if (dwa && !dwa_full_) cap = std::min(cap, std::max(dwa_speed_, 0.0));
  if (dwa && !state_.dwa_admissible) cap = 0.0;
  if (cap < v_ref) a_cmd = std::min(a_cmd, kSpeedGain * (cap - v_now));
  state_.target_speed = std::min(v_ref, cap);
  // The tyres' full grip here (the surface's), and what cornering leaves of it.
  const double mu_here = full_grip_here();
  const double lat = std::abs(speed * v.self.yaw_rate);  // m/s^2, what the car does
  // What is left for the drive and the brakes at this lateral acceleration: both axles'
  // friction ellipses under load transfer, as the profile plans them (braking harder in a
  // fast bend unloads the rear and spins the car). A car about to run wide is the edge
  // filter's business and a car ahead the collision filter's: both come later, uncapped.
  const CarEnvelope& env = route_->envelope;
  const double mu_y = mu_here * env.lateral_share;
  // (Each limit only when the command is beyond the share always left to it.)
  const double drive_floor = kMinDriveShare * mu_here * kGravity, brake_floor = kMinBrakeShare * mu_here * kGravity;
  if (a_cmd > drive_floor) a_cmd = std::min(a_cmd, std::max(axle_accel_limit(env, lat, mu_here, mu_y, +1), drive_floor));
  if (a_cmd < -brake_floor) a_cmd = std::max(a_cmd, -std::max(axle_accel_limit(env, lat, mu_here, mu_y, -1), brake_floor));
  // Acceleration -> pedals through the car's envelope: the force the tyres must give on
  // top of drag and rolling resistance, as a share of the engine's force at this speed or
  // of the brakes' (tyre-limited) force.
  const double force = env.mass * (a_cmd + env.cornering_drag_at(lat, mu_y)) + env.drag_k * speed * speed +
                       kRollingShare * env.mass * kGravity;
  if (force >= 0.0) {
    c.throttle = clamp01(force / std::max(env.engine_force(speed), 0.1 * env.mass * kGravity));
  } else {
    c.brake = clamp01(-force / std::min(env.max_brake_force, mu_ * env.mass * kGravity));
  }
  if (v.self.gear <= 0) c.shift = ShiftRequest::Up;  // out of reverse / neutral
  return c;
}

Controls AiDriver::filters(Controls c, const DriverView& v) {
  const SelfView& me = v.self;
  CollisionFilter col;
  col.gap = state_.gap_ahead;
  col.closing_speed = closing_;
  col.max_decel = 0.9 * mu_ * kGravity;
  col.standoff = 2.0 + 0.3 * std::max(0.0, me.forward_speed);  // brake earlier when closing fast
  c = filter_collision(c, col);
  BrakingFilter br;
  br.lateral_use = std::abs(me.forward_speed * me.yaw_rate) / (mu_ * kGravity);
  c = filter_braking(c, br);
  TractionFilter tr;
  EngineBrakingFilter eb;
  for (std::size_t i = 0; i < 4; ++i) {
    if (me.driven[i]) {  // the most spin and the most lock among the driven wheels
      tr.driven_slip = std::max(tr.driven_slip, me.slip_ratio[i]);
      eb.driven_slip = std::min(eb.driven_slip, me.slip_ratio[i]);
    }
    if (i >= 2) tr.rear_slip_angle = std::max(tr.rear_slip_angle, std::abs(me.slip_angle[i]));
  }
  if (me.forward_speed < 3.0) tr.rear_slip_angle = 0.0;  // slip angles mean nothing at a crawl
  tr.slide_limit = 0.9 * rear_peak_slip_angle_;
  // A throttle ceiling with memory: it falls while a driven wheel spins past the peak and
  // comes back slowly, so the pedal does not pump between spin and grip.
  const double over = tr.driven_slip / peak_slip_ratio_ - kSpinShare;
  throttle_cap_ = std::clamp(throttle_cap_ + (over > 0.0 ? -kCapFall * over : kCapRise) * v.dt, kCapMin, 1.0);
  c.throttle = std::min(c.throttle, throttle_cap_);
  tr.slip_limit = 2.0 * peak_slip_ratio_;  // the ceiling handles wheelspin; the filter catches slides
  c = filter_traction(c, tr);
  eb.slip_limit = peak_slip_ratio_;
  if (me.forward_speed > 3.0) c = filter_engine_braking(c, eb);
  FrontGripFilter fg;
  fg.speed = me.forward_speed;
  fg.slip_angle = 0.5 * (me.slip_angle[0] + me.slip_angle[1]);
  fg.peak_slip_angle = peak_slip_angle_;
  fg.previous_steer = last_steer_;
  fg.max_angle = geometry_.max_angle;
  c = filter_front_grip(c, fg);
  StabilityFilter st;
  st.speed = me.forward_speed;
  st.yaw_rate = me.yaw_rate;
  st.yaw_ref = me.forward_speed * route_->path.curvature_at(state_.s);
  st.body_slip = me.body_slip();
  st.front_slip_angle = fg.slip_angle;
  st.previous_steer = last_steer_;
  st.wheelbase = geometry_.wheelbase;
  st.max_angle = geometry_.max_angle;
  c = filter_stability(c, st);
  EdgeFilter edge;
  edge.time_to_edge = time_to_edge(v, edge.brake_time);
  c = filter_edge(c, edge);
  c = filter_steer_rate(c, last_steer_, config_.steer_rate, v.dt);
  return c;
}

double AiDriver::time_to_edge(const DriverView& v, double horizon) const {
  const double speed = v.self.forward_speed;
  if (speed < 8.0) return 1e9;
  // March along the arc the car is on (speed and yaw rate held) every 0.05 s for 1 s, or
  // until the horizon (an edge found later changes nothing).
  const CostGrid& grid = track_.cost_grid();
  constexpr double kStep = 0.05;
  const Vec2 turn = from_angle(v.self.yaw_rate * kStep);  // the heading's change per step
  Vec2 dir = v.self.velocity / length(v.self.velocity);
  Vec2 p = v.self.position;
  for (double t = kStep; t <= 1.0 + 1e-9 && t < horizon; t += kStep) {
    dir = rotate(dir, turn);
    p = p + dir * (speed * kStep);
    int x = 0, y = 0;
    grid.cell_of(p, x, y);
    // One lookup: a blocked cell's clearance is 0 (and 0 out of bounds), under half_width_
    // (at least 0.4 m), so the clearance test alone also finds the cells not drivable.
    if (static_cast<double>(grid.clearance(x, y)) < half_width_) return t;
  }
  return 1e9;
}

// ---------------------------------------------------------------- recovery

Controls AiDriver::recover(const DriverView& v) {
  Controls c;
  recovery_time_ += v.dt;
  const double err = heading_error_to_line(v);
  const double backed = length(v.self.position - recovery_start_);
  if (state_.recovery == Recovery::Reverse) {
    if (v.self.gear != -1) {
      c.brake = 1.0;  // stop, then ask for reverse
      if (std::abs(v.self.forward_speed) < 0.3) c.shift = ShiftRequest::Down;
    } else {
      c.throttle = 1.0;
      c.steer = -sign(err);  // opposite lock: backing up turns the nose towards the line
    }
    const bool aimed = std::abs(err) < 0.6 && backed > 1.5;
    const bool hit_behind = recovery_time_ > 1.0 && v.self.against_wall;
    if (aimed || backed > 4.0 || recovery_time_ > 2.5 || hit_behind) {
      state_.recovery = Recovery::Resume;
      recovery_time_ = 0.0;
    }
  } else {  // Resume: stop, first gear, then drive on
    c.brake = 1.0;
    c.steer = sign(err);
    if (std::abs(v.self.forward_speed) < 0.5) c.shift = ShiftRequest::Up;
    if (v.self.gear >= 1) {
      state_.recovery = Recovery::None;
      wall_time_ = 0.0;
      c.brake = 0.0;
      c.throttle = 0.5;
    }
  }
  last_steer_ = c.steer;
  return c;
}

// ---------------------------------------------------------------- mistakes and reaction delay

void AiDriver::make_mistakes(const DriverView& v) {
  if (mistake_left_ > 0.0) {
    mistake_left_ -= v.dt;
    return;
  }
  const double p = params_.mistakes_per_minute * v.dt / 60.0;
  if (p > 0.0 && rng_.uniform() < p) {
    mistake_kind_ = rng_.uniform() < 0.5 ? 0 : 1;
    mistake_left_ = rng_.uniform(0.4, 1.0);
    state_.mistakes += 1;
  }
}

Controls AiDriver::delayed(const Controls& c) {
  last_steer_ = c.steer;
  if (params_.reaction_steps <= 0) return c;
  // The pedals and gear requests act after the reaction delay; the steering does not (a
  // steering loop delayed by tens of milliseconds fishtails the car at 40 m/s).
  pipeline_.push_back(c);
  Controls out;
  if (static_cast<int>(pipeline_.size()) > params_.reaction_steps) {
    out = pipeline_.front();
    pipeline_.pop_front();
  }
  out.steer = c.steer;
  return out;
}

}  // namespace racer
