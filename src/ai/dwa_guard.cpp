#include "ai/dwa_guard.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "track/track.h"

namespace racer {

namespace {

constexpr double kDwaHold = 0.3;  // s DWA keeps the wheel after the tracker's arc was last blocked

}  // namespace

DwaGuard::DwaGuard(const AiParams& params, const DriverConfig& config, CarSize us, double mu) : us_(us) {
  DwaParams dp;
  dp.limits.max_speed = 90.0;
  dp.limits.max_yaw_rate = 2.0;
  dp.limits.accel = 5.0;
  dp.limits.decel = 0.8 * mu * kGravity;
  dp.limits.period = 1.0 / config.local_hz;
  dp.car_radius = us_.half_width + 0.15;
  dp.margin = 0.3;
  dp.clearance_cap = 2.0;
  dp.heading_along_path = true;
  take_profile(params, dp);
  planner_ = DwaPlanner(dp);
}

void DwaGuard::take_profile(const AiParams& params, DwaParams& dp) {
  dp.w_heading = params.dwa.heading;
  dp.w_clearance = params.dwa.clearance;
  dp.w_speed = params.dwa.speed;
  dp.v_samples = params.dwa.speed_samples;
  dp.w_samples = params.dwa.turn_samples;
  dp.horizon = params.dwa.horizon;
  dp.max_offset = params.overtake_offset + 1.0;
}

void DwaGuard::set_params(const AiParams& params) {
  DwaParams dp = planner_.params();
  take_profile(params, dp);
  const DwaParams& was = planner_.params();
  if (dp.w_heading != was.w_heading || dp.w_clearance != was.w_clearance || dp.w_speed != was.w_speed ||
      dp.v_samples != was.v_samples || dp.w_samples != was.w_samples || dp.horizon != was.horizon ||
      dp.max_offset != was.max_offset)
    planner_ = DwaPlanner(dp);
}

// A car beside us (overlapping along the line) with its own lane's room between us: side by
// side, each keeps its side (hold_lane). DWA predicts it straight on from its velocity, so
// in a bend it sees the two cars meet and brakes the one passing to a stop beside the other.
bool DwaGuard::beside_in_own_lane(const DwaGuardInput& in, int index) const {
  for (const NearCar& c : in.traffic->near) {
    if (c.index != index) continue;
    return std::abs(c.ds) < us_.half_length + c.half_length + kBesideMargin &&
           std::abs(c.lat - in.me.lateral) >= us_.half_width + c.half_width + kLaneGap;
  }
  return false;
}

const DwaOutput& DwaGuard::decide(const DriverView& v, const DwaGuardInput& in, const Track& track,
                                  const SteeringGeometry& geometry, const DriverConfig& config) {
  out_.active = false;
  out_.admissible = true;
  out_.steering = false;
  if (recording_) record_.step = v.step, record_.ran = false;
  if (!config.use_dwa) return out_;
  const DriverRoad& road = *in.road;
  const Detour& detour = *in.detour;
  const Vec2 fwd = from_angle(v.self.heading);
  obstacles_.clear();
  const double r2 = square(config.dwa_range);
  for (const OtherCarView& o : v.others) {
    const Vec2 rel = o.position - v.self.position;
    if (length_squared(rel) > r2 || dot(rel, fwd) < -1.0) continue;
    if (in.line.lane_side != 0 && beside_in_own_lane(in, o.index)) continue;  // on a passing lane, the lane hold keeps us apart
    obstacles_.push_back(DwaObstacle::rect(o.position, o.half_length + 0.3, o.half_width + 0.2, o.heading, o.velocity));
  }
  if (obstacles_.empty()) return out_;  // only cars wake DWA; static obstacles are in the line
  for (const ObstacleSpec& s : track.obstacles()) {
    if (length_squared(s.position - v.self.position) > square(config.dwa_range + 20.0)) continue;
    if (s.shape == ObstacleShape::Circle) obstacles_.push_back(DwaObstacle::circle(s.position, s.radius));
    else obstacles_.push_back(DwaObstacle::rect(s.position, s.half_length, s.half_width, s.angle));
  }
  const double speed = std::max(0.0, v.self.forward_speed);
  waypoints_.clear();
  const double reach = 10.0 + 1.5 * speed;
  if (detour.active()) {  // the detour's points ahead of us are the way
    const PathProjection dp = detour.path().project(v.self.position, detour.hint());
    for (double ds = 2.0; ds <= reach && dp.s + ds <= detour.path().length(); ds += 2.0)
      waypoints_.push_back(detour.path().at(dp.s + ds).position);
  }
  for (double ds = 2.0; ds <= reach && (!detour.active() || waypoints_.empty()); ds += 2.0) {
    const PathSample p = road.route->path.at(in.me.s + ds);
    waypoints_.push_back(p.position + p.normal * std::clamp(in.line.offset_at(road, p.s), -road.room(p.s, -1), road.room(p.s, +1)));
  }
  // The road's edges from just behind us to past the longest arc (none on a detour, which
  // may leave the racing corridor round a stopped car).
  road_.clear();
  if (!detour.active()) {
    const double road_reach = std::max(reach, 1.3 * speed * planner_.params().horizon) + 6.0;
    for (double ds = -2.0; ds <= road_reach; ds += 2.0) {
      const PathSample p = road.route->path.at(in.me.s + ds);
      road_.add(p.position, p.normal, road.room(p.s, +1), road.room(p.s, -1));
    }
  }
  DwaInput d_in;
  d_in.state = {v.self.position, v.self.heading, speed, v.self.yaw_rate};
  d_in.road = road_.empty() ? nullptr : &road_;
  d_in.waypoints = waypoints_;
  d_in.obstacles = obstacles_;
  d_in.speed_limit = in.speed_limit;
  d_in.preferred_omega = speed * in.line_kappa;
  d_in.wall_grid = &track.cost_grid();
  d_in.trace = recording_ ? &record_.trace : nullptr;
  const DwaDecision d = planner_.decide(d_in);
  out_.active = true;
  // DWA as a guard: while the arc the tracker steers for is clear of every car (and wall) over
  // DWA's horizon, the tracker keeps the wheel and DWA only watches; DWA steers from the first
  // decision that finds it blocked, and for kDwaHold s after the last. (DWA steering all the
  // time a car was within 14 m held cars off the line in bends, its short-lookahead kinematic
  // arcs asking for less yaw than the bend needed: the car ran wide when the tracker got the
  // wheel back, at the grip limit, into the wall.)
  // On an A* detour round a stopped car (close quarters, walking pace) DWA always steers.
  hold_ = d.preferred_clear ? std::max(0.0, hold_ - 1.0 / config.local_hz) : kDwaHold;
  out_.steering = hold_ > 0.0 || detour.active();
  out_.admissible = d.admissible;
  out_.speed = d.v;
  // The window is one period of acceleration wide: its top means "speed up", not a limit
  // (capping the pedals to it left a car creeping at 0.1 m/s from a standstill).
  out_.full = d.admissible && d.v >= d.window.v_hi - 1e-6;
  // The kinematic angle for its yaw rate, and its difference from the kinematic angle for
  // the tracker's arc (dwa_wheel). (With the tracker's learned understeer on top of DWA's
  // angle, DWA's avoiding arcs turned in harder than it chose: on Port Ardent, 12 races at
  // jitter 0.3, 0.138 car contacts a car-lap against 0.083 without.)
  const double v_arc = std::max(speed, 2.0);
  out_.steer = steer_input(std::atan(d.omega * geometry.wheelbase / v_arc), geometry);
  out_.steer_turn = out_.steer - steer_input(std::atan(d_in.preferred_omega * geometry.wheelbase / v_arc), geometry);
  if (recording_) {
    record_.ran = true;
    record_.steering = out_.steering;
    record_.steer = out_.steer;
    record_.state = d_in.state;
    record_.horizon = planner_.params().horizon;
    record_.decision = d;
    record_.waypoints = waypoints_;
    record_.obstacles = obstacles_;
  }
  return out_;
}

double dwa_wheel(const DwaOutput& dwa, double tracker_steer, bool narrow) {
  if (!narrow) return dwa.steer;
  return std::clamp(tracker_steer + dwa.steer_turn, -1.0, 1.0);
}

}  // namespace racer
