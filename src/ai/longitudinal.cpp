#include "ai/longitudinal.h"

// Sections: the speed plan | pedals | filters

#include <algorithm>
#include <array>
#include <cmath>

#include "ai/filters.h"
#include "core/math.h"
#include "track/track.h"
#include "vehicle/car_spec.h"
#include "vehicle/tyre.h"

namespace racer {

namespace {

constexpr double kSpeedGain = 3.0;       // 1/s: m/s^2 asked per m/s of speed error
constexpr double kRollingShare = 0.013;  // rolling resistance of asphalt, as a share of the weight
constexpr double kDetourSpeed = 8.0;     // m/s while on a detour
constexpr double kOffLineFree = 1.5;     // m off the (shifted) line before the driver slows for it
constexpr double kOffLineSlow = 0.04;    // share of the speed given up per m beyond that
constexpr double kMinBrakeShare = 0.25;  // of mu g: the braking left to a car cornering at the limit
constexpr double kMinDriveShare = 0.05;  // of mu g: the drive left to it (never stall in a corner)
constexpr double kSpinShare = 0.9;       // share of the peak slip ratio the driven wheels may reach
constexpr double kCapFall = 6.0;         // 1/s of throttle ceiling per unit of slip beyond it
constexpr double kCapRise = 1.5;         // 1/s the ceiling recovers at
constexpr double kCapMin = 0.15;         // the ceiling never closes the throttle entirely
constexpr double kCatchUpDrive = 50.0;   // m/s^2 asked while catching up (the envelope caps it below)
constexpr double kCatchUpBand = 0.4;     // m/s under the profile where the catch-up fades into following it
constexpr double kLaneSpeedShare = 0.95; // of the lane's profile a pass drives at (a car beside it, no room to run wide)
constexpr double kLaneFollow = 0.3;      // s, the following gap kept to the car a lane pass is on while still in its lane
constexpr double kLetByDelta = 2.0;      // m/s under the car's speed we lift to once out of its way, at the least
constexpr double kLetByFloor = 0.8;      // of our profile's speed, the least we lift to (no brake test)
constexpr double kLetByNarrowFloor = 0.72; // the same on a narrow road, where no lane pass gets the car by
constexpr double kShiftLook = 1.5;       // s ahead the speed on a shifted line looks for a bend's inside
constexpr double kShiftMinShare = 0.5;   // the least (1 - n k) a shifted line's speed is scaled by
constexpr double kMergeTime = 0.15;      // s, the following gap kept to a car in the lane a merge takes us back to
constexpr double kFollowBrake = 0.5;     // share of the grip a follower plans to match the car ahead's speed with
constexpr double kSqueezeLift = 1.5;     // m/s under our speed aimed for while squeezed beside a car (drop back behind it)
constexpr double kWideLift = 2.0;        // m/s^2, the most a wide car slows for the speed its arc back needs (a
                                         // lift: cars behind it braking at 4 m/s^2 and more ran into it)
constexpr double kWideFromSpeed = 0.5;   // of the planned speed, under which it never slows for it (off the grid)

// The share of the profile's speed the line shifted by the offset allows over the next
// kShiftLook s: a parallel line n m to the inside of a bend of curvature k has curvature
// k / (1 - n k), so v scales by sqrt(1 - n k) (the outside of a bend is wider: 1), n no more
// than the room there (the offset is clamped to it at the apex); and 0.98 anyway (the shift
// itself and the way back are curves the line does not have).
double shifted_line_share(const DriverRoad& road, double s, double offset, double speed) {
  constexpr double kStep = 4.0;  // m
  const double n = offset;
  const int side = n > 0.0 ? +1 : -1;
  double share = 1.0;
  for (double d = 0.0; d <= std::max(20.0, speed * kShiftLook); d += kStep) {
    const double at = s + d;
    const double nk = side * std::min(std::abs(n), road.room(road.route->path.wrap(at), side)) * road.route->path.curvature_at(at);
    if (nk > 0.0) share = std::min(share, std::sqrt(std::max(kShiftMinShare, 1.0 - nk)));
  }
  return 0.98 * share;
}

// m, where the car tracks at s: the racing line shifted by `offset` m (+ = left).
Vec2 shifted_point(const DriverRoad& road, double s, double offset) {
  const PathSample p = road.route->path.at(s);
  return p.position + p.normal * offset;
}

// 1/m, the unsigned curvature of the circle through three points (0 when they are in line).
double curvature_through(Vec2 a, Vec2 b, Vec2 c) {
  const double ab = length(b - a), bc = length(c - b), ca = length(a - c);
  const double twice_area = std::abs(cross(b - a, c - a));
  return ab * bc * ca > 1e-9 ? 2.0 * twice_area / (ab * bc * ca) : 0.0;
}

// m/s the car may drive now so that, braking at kFollowBrake of the grip, it is within the
// cornering grip wherever the path it tracks over the next kShiftLook s (the offset as
// LineChoice::offset_at gives it: pushed out by a car beside us, clamped to the room where
// the road narrows towards the line's exit) bends tighter than the path the profile is for
// (the racing line, or the lane at its full share) by more than kPathSlack. (A car held
// out to the edge of an 8 m street circuit's 90-degree exits ran on at the line's or the
// lane's speed and slid 2-3 m wide into the wall.) 1e9: no such bend. Asked on narrow
// roads only (LineChoice::narrow): on a 12 m road it cost more car contacts than it saved.
double tracked_path_cap(const DriverRoad& road, const LineChoice& line, double s, double speed, double speed_use) {
  constexpr double kStep = 4.0;        // m between the points of the curvature
  constexpr double kPathSlack = 0.004; // 1/m the tracked path may bend more than the profile's before it counts
  const double brake = kFollowBrake * road.full_grip_at(s) * kGravity;
  double cap = 1e9;
  const auto reference = [&](double at) {
    return line.lane_side != 0 ? road.lane_offset(line.lane_side, line.let_by_lanes, at) : 0.0;
  };
  // Three points a window, sliding kStep a sample: each point is computed once.
  const auto tracked = [&](double at) { return shifted_point(road, at, line.offset_at(road, at)); };
  const auto profiled = [&](double at) { return shifted_point(road, at, reference(at)); };
  std::array<Vec2, 3> path{tracked(s - kStep), tracked(s), {}}, ref{profiled(s - kStep), profiled(s), {}};
  for (double d = 0.0; d <= std::max(20.0, speed * kShiftLook); d += kStep) {
    const double at = s + d;
    path[2] = tracked(at + kStep);
    ref[2] = profiled(at + kStep);
    const double k = curvature_through(path[0], path[1], path[2]), k_ref = curvature_through(ref[0], ref[1], ref[2]);
    path = {path[1], path[2], {}};
    ref = {ref[1], ref[2], {}};
    if (k <= k_ref + kPathSlack) continue;
    const double v_there = std::sqrt(speed_use * road.cornering_accel_at(at) / k);
    cap = std::min(cap, std::sqrt(v_there * v_there + 2.0 * brake * d));
  }
  return cap;
}

}  // namespace

// ---------------------------------------------------------------- the speed plan

double follow_cap(const DriverRoad& road, double s, double gap, double ahead_speed, double time_gap, double speed,
                  double look_range) {
  if (gap > look_range) return 1e9;
  const double spare = gap - (2.0 + time_gap * speed);
  const double mu = std::min(road.full_grip_at(s), road.full_grip_at(s + gap));
  const double brake = kFollowBrake * mu * kGravity;  // m/s^2
  const double ahead = std::max(0.0, ahead_speed);
  return spare >= 0.0 ? std::sqrt(ahead * ahead + 2.0 * brake * spare) : std::max(0.0, ahead + 0.8 * spare);
}

SpeedPlan plan_speed(const SpeedPlanInput& in, const DriverConfig& config) {
  const DriverRoad& road = *in.road;
  const TrafficPicture& traffic = *in.traffic;
  const LineChoice& line = in.line;
  const double speed = std::max(0.0, in.forward_speed);
  SpeedPlan plan;
  double scale = 1.0;
  // Off the line: slow down so the tracker can bring the car back (the way back is a
  // tighter curve than the line, and the grip beside the road is less).
  const double off = std::abs(in.me.lateral - line.offset);
  if (off > kOffLineFree) scale *= std::max(0.6, 1.0 - kOffLineSlow * (off - kOffLineFree));
  if (line.offset != 0.0 && line.lane_side == 0) scale *= shifted_line_share(road, in.me.s, line.offset, speed);  // (a lane has its own profile)
  if (in.lift) scale *= 0.85;  // a mistake: a lift
  // On a narrow road, a car beside us: no room to run wide.
  if (line.narrow && traffic.alongside && line.lane_side == 0) scale *= kLaneSpeedShare;
  plan.scale = scale;
  // Following a car ahead on our line (none while the offset takes us past it): beyond the
  // standoff (the time gap and 2 m), no faster than we could brake to its speed by the
  // standoff at kFollowBrake of the grip under the two of us (v^2 <= v_ahead^2 + 2 a d: on
  // ice the queue closes up gently, not at full speed to the time gap); inside it, a little
  // slower than it the closer we are.
  // A car in the lane a merge takes us back to is followed the same way at a shorter gap.
  const double follow_time = traffic.ahead_is_target && line.lane_side != 0 ? kLaneFollow : config.follow_time_s;
  plan.cap = std::min(follow_cap(road, in.me.s, traffic.ahead.gap, traffic.ahead.speed, follow_time, speed, config.look_range),
                      follow_cap(road, in.me.s, traffic.merging.gap, traffic.merging.speed, kMergeTime, speed, config.look_range));
  // Letting a car by, once out of its way (before that, a lift only holds it up behind us):
  // as far under its speed as lets it gain the rest of the way by before the straight ends,
  // never under the floor (deeper on a narrow road: there the let-by is the only way by).
  if (line.letting_by && line.let_by_clear) {
    const double straight_s = road.straight_ahead(in.me.s, std::max(30.0, speed * kLetByMax)) / std::max(speed, 5.0);
    const double under = std::max(kLetByDelta, line.let_by_need / std::max(1.0, straight_s));
    const double floor = line.narrow ? kLetByNarrowFloor : kLetByFloor;
    plan.cap = std::min(plan.cap, std::max(floor * road.profile.target_speed(in.me.s) * in.params->speed_use,
                                           line.let_by_speed - under));
  }
  if (line.narrow && (line.offset != 0.0 || line.lane_side != 0))
    plan.cap = std::min(plan.cap, tracked_path_cap(road, line, in.me.s, speed, in.params->speed_use));
  if (line.squeezed) plan.cap = std::min(plan.cap, std::max(0.0, speed - kSqueezeLift));
  if (in.detour) plan.cap = kDetourSpeed;  // round the blockage at walking pace, not following it
  return plan;
}

// ---------------------------------------------------------------- pedals

Longitudinal::Longitudinal(const CarSpec& spec, CarSize us) : us_(us) {
  const Tyre tyre(spec.tyre);
  peak_slip_angle_ = tyre.peak_slip_angle(0.25 * spec.body.mass * kGravity);
  peak_slip_ratio_ = tyre.peak_slip_ratio(0.25 * spec.body.mass * kGravity);
  rear_peak_slip_angle_ = Tyre(spec.wheel_tyre(2)).peak_slip_angle(0.25 * spec.body.mass * kGravity) /
                         spec.tyre.rear_cornering_factor;  // the rear axle's own tyres
}

Controls Longitudinal::pedals(const DriverView& v, const PedalInput& in, double& target_speed) const {
  const DriverRoad& road = *in.road;
  const AiParams& params = *in.params;
  const LineChoice& line = in.line;
  Controls c;
  c.steer = in.steer;
  const double v_now = v.self.forward_speed;
  const double speed = std::max(0.0, v_now);
  // The profile where the car will be when the pedals act (after the reaction delay).
  const double lead = (params.reaction_steps + 6) * v.dt;
  const double s_ref = in.me.s + speed * lead;
  const double k = params.speed_use * in.plan.scale;
  // On a passing lane, the lane's own profile, blended in with the lane's share (the way on
  // and off it). (Its acceleration is not scaled by kLaneSpeedShare^2 as its speed is: the
  // feed-forward of the lane's slope, the feedback then closes the gap.) A car faster than
  // the lane's acceleration curve (it came from the line, out of a faster bend) keeps its
  // speed as long as the lane's braking envelope allows it: slowing to the curve would only
  // drop it back behind the car it is passing.
  double v_plan = road.profile.target_speed(s_ref), a_plan = road.profile.accel_at(s_ref);
  if (line.lane_side != 0) {
    const SpeedProfile& lp = road.lane_profile(line.lane_side, line.let_by_lanes);
    const double ls = road.lane_s_at(line.lane_side, line.let_by_lanes, s_ref);
    const double v_lane = std::max(kLaneSpeedShare * lp.target_speed(ls),
                                   std::min(v_now, kLaneSpeedShare * lp.envelope_speed(ls)));
    const double a_lane = lp.accel_at(ls);
    v_plan += line.lane_share * (v_lane - v_plan);
    a_plan += line.lane_share * (a_lane - a_plan);
  }
  const double v_ref = std::max(3.0, v_plan * k);  // never crawl on a free road
  double a_cmd = a_plan * k * k + kSpeedGain * (v_ref - v_now);
  // Under the profile the car catches up at full drive: the profile is already the braking
  // envelope, so braking on its slope before the car meets it only loses time. The band
  // blends back into following the curve so the pedals do not switch at the meeting point.
  const double under = std::clamp((v_ref - v_now) / kCatchUpBand, 0.0, 1.0);
  a_cmd += under * (std::max(a_cmd, kCatchUpDrive) - a_cmd);
  // Wide, with the arc back beyond the grip (the tracker's arc_within_grip): lift towards the
  // speed it needs.
  if (in.arc_speed < v_ref && v_now > kWideFromSpeed * v_ref)
    a_cmd = std::min(a_cmd, std::max(-kWideLift, kSpeedGain * (in.arc_speed - v_now)));
  double cap = in.plan.cap;
  if (in.dwa.steering && !in.dwa.full) cap = std::min(cap, std::max(in.dwa.speed, 0.0));
  if (in.dwa.steering && !in.dwa.admissible) cap = 0.0;
  if (cap < v_ref) a_cmd = std::min(a_cmd, kSpeedGain * (cap - v_now));
  target_speed = std::min(v_ref, cap);
  // The tyres' full grip here (the surface's), and what cornering leaves of it.
  const double mu_here = road.full_grip_at(in.me.s);
  const double lat = std::abs(speed * v.self.yaw_rate);  // m/s^2, what the car does
  // What is left for the drive and the brakes at this lateral acceleration: both axles'
  // friction ellipses under load transfer, as the profile plans them (braking harder in a
  // fast bend unloads the rear and spins the car). A car about to run wide is the edge
  // filter's business and a car ahead the collision filter's: both come later, uncapped.
  const CarEnvelope& env = road.route->envelope;
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
    c.brake = clamp01(-force / std::min(env.max_brake_force, road.mu * env.mass * kGravity));
  }
  if (v.self.gear <= 0) c.shift = ShiftRequest::Up;  // out of reverse / neutral
  return c;
}

// ---------------------------------------------------------------- filters

Controls Longitudinal::filters(Controls c, const DriverView& v, const FilterInput& in, const Track& track,
                               const SteeringGeometry& geometry, const DriverConfig& config) {
  const SelfView& me = v.self;
  const double mu = in.mu;
  CollisionFilter col;
  col.gap = in.gap_ahead;
  col.closing_speed = in.closing;
  col.max_decel = 0.9 * mu * kGravity;
  col.standoff = 2.0 + 0.3 * std::max(0.0, me.forward_speed);  // brake earlier when closing fast
  c = filter_collision(c, col);
  BrakingFilter br;
  br.lateral_use = std::abs(me.forward_speed * me.yaw_rate) / (mu * kGravity);
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
  fg.previous_steer = in.last_steer;
  fg.max_angle = geometry.max_angle;
  c = filter_front_grip(c, fg);
  StabilityFilter st;
  st.speed = me.forward_speed;
  st.yaw_rate = me.yaw_rate;
  st.yaw_ref = me.forward_speed * in.line_curvature;
  st.body_slip = me.body_slip();
  st.front_slip_angle = fg.slip_angle;
  st.previous_steer = in.last_steer;
  st.wheelbase = geometry.wheelbase;
  st.max_angle = geometry.max_angle;
  c = filter_stability(c, st);
  EdgeFilter edge;
  edge.time_to_edge = time_to_edge(v, track, edge.brake_time);
  c = filter_edge(c, edge);
  c = filter_steer_rate(c, in.last_steer, config.steer_rate, v.dt);
  return c;
}

// s along the car's arc to undrivable ground (1e9: none before `horizon` s nor within 1 s).
double Longitudinal::time_to_edge(const DriverView& v, const Track& track, double horizon) const {
  const double speed = v.self.forward_speed;
  if (speed < 8.0) return 1e9;
  // March along the arc the car is on (speed and yaw rate held) every 0.05 s for 1 s, or
  // until the horizon (an edge found later changes nothing).
  const CostGrid& grid = track.cost_grid();
  constexpr double kStep = 0.05;
  const Vec2 turn = from_angle(v.self.yaw_rate * kStep);  // the heading's change per step
  Vec2 dir = v.self.velocity / length(v.self.velocity);
  Vec2 p = v.self.position;
  for (double t = kStep; t <= 1.0 + 1e-9 && t < horizon; t += kStep) {
    dir = rotate(dir, turn);
    p = p + dir * (speed * kStep);
    int x = 0, y = 0;
    grid.cell_of(p, x, y);
    // One lookup: a blocked cell's clearance is 0 (and 0 out of bounds), under the half
    // width (at least 0.4 m), so the clearance test alone also finds the cells not drivable.
    if (static_cast<double>(grid.clearance(x, y)) < us_.half_width) return t;
  }
  return 1e9;
}

}  // namespace racer
