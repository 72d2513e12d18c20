#include "ai/line_tracker.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "vehicle/car_spec.h"
#include "vehicle/handling.h"

namespace racer {

namespace {

constexpr double kTrackDampingMost = 2.0;  // m that takes off at the most
constexpr double kWideFrom = 2.0;          // m off the tracker's target beyond which the car counts as wide
constexpr double kWideArcGrip = 1.2;       // of the steady cornering grip, the most the arc back asks for (a brief peak
                                           // above the steady figure; at 1.0 the car could not come back at all)
constexpr double kWideSpeedGrip = 1.0;     // of it, what the speed the arc back needs is reckoned at

// The car's linear understeer gradient (rad of road-wheel angle per m/s^2 of lateral
// acceleration) from its data, as the car model makes it (vehicle/handling.h).
double understeer_gradient(const CarSpec& spec) {
  return std::clamp(linear_handling(spec).understeer_gradient, 0.0, 0.01);
}

}  // namespace

LineTracker::LineTracker(const CarSpec& spec, const AiTracking& params)
    : geometry_(SteeringGeometry::of(spec)), understeer_(understeer_gradient(spec)) {
  set_params(params);
}

void LineTracker::set_params(const AiTracking& p) {
  pursuit_.base = p.lookahead_base;
  pursuit_.per_speed = p.lookahead_per_speed;
  pursuit_.min = p.lookahead_min;
  pursuit_.max = p.lookahead_max;
  pursuit_.curvature_gain = p.curvature_gain;
  damping_ = p.damping;
}

void LineTracker::track(const DriverView& v, const TrackingInput& in, Detour& detour) {
  const DriverRoad& road = *in.road;
  const Path& path = road.route->path;
  const TrackingState ts{v.self.position, v.self.heading, std::max(0.0, v.self.forward_speed)};
  const Vec2 rear = rear_axle(geometry_, ts);
  arc_speed_ = 1e9;
  if (detour.active()) {  // round a blockage: Pure Pursuit on the A* detour
    const PathProjection dp = detour.project(rear);
    const SteerCommand dc = pure_pursuit(pursuit_, geometry_, ts, detour.path(), dp);
    steer_ = dc.steer;
    target_ = dc.target;
    line_kappa_ = std::tan(std::clamp(dc.road_wheel_angle, -geometry_.max_angle, geometry_.max_angle)) / geometry_.wheelbase;
    return;
  }
  const PathProjection rp = path.project(rear, rear_hint_);
  rear_hint_ = rp.index;
  const SteerCommand pp = pure_pursuit(pursuit_, geometry_, ts, path, rp);
  const PathSample at = path.at(rp.s + pp.lookahead);
  // Cross-track correction: aim the lookahead point inside by as much as the car runs wide,
  // less damping_ s (AiTracking::damping: PD, not P, as the lag of steer and yaw overshot)
  // of the speed it already closes on its offset at (undamped, a car moving onto a passing lane 6 m over at 37 m/s crossed it by 3 m: into the car it was
  // passing, or off the road).
  double offset = in.line.offset_at(road, at.s) + std::clamp(in.line.offset - in.me.lateral, -3.0, 3.0) -
                  std::clamp(damping_ * off_offset_rate(v, in), -kTrackDampingMost, kTrackDampingMost);
  if (in.wide_mistake) offset += 0.8;  // a wide line
  offset = std::clamp(offset, -road.room(at.s, -1), road.room(at.s, +1));
  const Vec2 target = at.position + at.normal * offset;
  target_ = target;
  const Vec2 d = target - rear;
  const double dist = std::max(0.5, length(d));
  const double eta = wrap_angle(std::atan2(d.y, d.x) - v.self.heading);
  double delta = 0.0;
  if (std::abs(eta) > 0.5 * kPi) {
    delta = sign(eta) * geometry_.max_angle;
    line_kappa_ = std::tan(delta) / geometry_.wheelbase;
  } else {
    // The arc through the target (Pure Pursuit) and what the tyres need on top of it to
    // hold that arc (the linear understeer gradient x lateral acceleration). (A PI loop on
    // the yaw rate in its place spun the car at 45 m/s.)
    const double speed = std::max(0.0, v.self.forward_speed);
    const double kappa = arc_within_grip(in, 2.0 * std::sin(eta) / dist, speed);
    delta = std::atan(geometry_.wheelbase * kappa) + understeer_.at(speed) * speed * speed * kappa;
    line_kappa_ = kappa;
  }
  learn_understeer(v, in);
  steer_ = steer_input(delta, geometry_);
}

// m/s the car moves away from its offset at (+ = to the left of it): its velocity across
// the line here less the offset's own rate since the last tracking tick (0 after a gap in
// the ticks: a detour, a recovery or a respawn).
double LineTracker::off_offset_rate(const DriverView& v, const TrackingInput& in) {
  const std::int64_t period = every(v.dt, in.tracking_hz);
  const double offset_rate = v.step - last_track_step_ == period
                                 ? (in.line.offset - last_track_offset_) / (static_cast<double>(period) * v.dt)
                                 : 0.0;
  last_track_step_ = v.step, last_track_offset_ = in.line.offset;
  return dot(v.self.velocity, in.road->route->path.at(in.me.s).normal) - offset_rate;
}

// A car wide of its target (knocked there, or left there by DWA) at speed in a bend: Pure
// Pursuit's arc back can ask for several times the grip, and the tyres then give none of it
// (front past its peak, rear stepping out, the stability filter catching the slide and the
// tracker asking again: a 1 Hz fishtail onto the grass). So the arc asks for at most
// kWideArcGrip of the steady cornering grip, and the pedals slow towards the speed at which
// the arc it wanted is within the grip (arc_speed_). (Measured with racer-bench kick.)
double LineTracker::arc_within_grip(const TrackingInput& in, double kappa, double speed) {
  if (std::abs(in.me.lateral - in.line.offset_at(*in.road, in.me.s)) <= kWideFrom) return kappa;
  const double a_y = in.road->cornering_accel_at(in.me.s);
  if (std::abs(kappa) > 1e-4) arc_speed_ = std::sqrt(kWideSpeedGrip * a_y / std::abs(kappa));
  if (speed <= 5.0) return kappa;
  const double k_max = kWideArcGrip * a_y / (speed * speed);
  return std::clamp(kappa, -k_max, k_max);
}

// Steady cornering on our own (no slide, no avoidance; recovery never tracks) shows how much
// lock the car really needs at this speed.
void LineTracker::learn_understeer(const DriverView& v, const TrackingInput& in) {
  const SelfView& me = v.self;
  if (in.dwa_active || std::abs(me.body_slip()) > 0.04) return;
  const double dt = every(v.dt, in.tracking_hz) * v.dt;
  understeer_.observe(me.forward_speed, in.last_steer * geometry_.max_angle, me.yaw_rate, geometry_.wheelbase, dt);
}

}  // namespace racer
