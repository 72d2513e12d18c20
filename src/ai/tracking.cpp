// Tracking. Sections: 1. geometry and output  2. Pure Pursuit  3. Stanley
#include "ai/tracking.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "vehicle/car_spec.h"

namespace racer {

// ---------------------------------------------------------------- 1. geometry and output

SteeringGeometry SteeringGeometry::of(const CarSpec& spec) {
  SteeringGeometry g;
  g.wheelbase = spec.body.wheelbase;
  g.cg_to_front_axle = spec.body.cg_to_front_axle;
  g.max_angle = spec.steering.max_angle;
  return g;
}

Vec2 rear_axle(const SteeringGeometry& g, const TrackingState& s) {
  return s.position - from_angle(s.heading) * g.cg_to_rear_axle();
}

Vec2 front_axle(const SteeringGeometry& g, const TrackingState& s) {
  return s.position + from_angle(s.heading) * g.cg_to_front_axle;
}

double steer_input(double road_wheel_angle, const SteeringGeometry& g) {
  if (!(g.max_angle > 0.0) || std::isnan(road_wheel_angle)) return 0.0;
  return std::clamp(road_wheel_angle / g.max_angle, -1.0, 1.0);
}

namespace {

double heading_of(Vec2 v) { return std::atan2(v.y, v.x); }

}  // namespace

// ---------------------------------------------------------------- 2. Pure Pursuit

double pure_pursuit_lookahead(const PurePursuitParams& p, double speed, double curvature_ahead) {
  const double v = std::max(speed, 0.0);
  const double grown = std::clamp(p.per_speed * v + p.base, p.min, p.max);
  const double shrink = 1.0 + p.curvature_gain * std::abs(curvature_ahead) * v;
  return std::max(p.min, grown / shrink);
}

SteerCommand pure_pursuit(const PurePursuitParams& p, const SteeringGeometry& g, const TrackingState& s,
                          const Path& path, const PathProjection& rear) {
  SteerCommand out;
  if (path.empty()) return out;
  const double v = std::max(s.speed, 0.0);
  // The curvature that shrinks the lookahead is the sharpest within the unshrunk reach.
  const double reach = std::clamp(p.per_speed * v + p.base, p.min, p.max);
  const double kappa = path.max_abs_curvature(rear.s, reach);
  out.lookahead = pure_pursuit_lookahead(p, v, kappa);
  const PathSample here = path.at(rear.s);
  out.cross_track = rear.offset;
  out.heading_error = wrap_angle(heading_of(here.tangent) - s.heading);
  out.target = path.at(rear.s + out.lookahead).position;

  // The target in the car's frame (x forward, y left), seen from the rear axle.
  const Vec2 local = rotate(out.target - rear_axle(g, s), -s.heading);
  const double d2 = length_squared(local);
  if (d2 < 1e-12) return out;
  if (local.x <= 0.0) {
    out.road_wheel_angle = (local.y >= 0.0 ? 1.0 : -1.0) * g.max_angle;  // behind: full lock towards it
  } else {
    // δ = atan(2 L sin η / d) with sin η = y / d.
    out.road_wheel_angle = std::atan(2.0 * g.wheelbase * local.y / d2);
  }
  out.steer = steer_input(out.road_wheel_angle, g);
  return out;
}

SteerCommand pure_pursuit(const PurePursuitParams& p, const SteeringGeometry& g, const TrackingState& s,
                          const Path& path, int& hint) {
  const PathProjection rear = path.project(rear_axle(g, s), hint);
  hint = rear.index;
  return pure_pursuit(p, g, s, path, rear);
}

// ---------------------------------------------------------------- 3. Stanley

SteerCommand stanley(const StanleyParams& p, const SteeringGeometry& g, const TrackingState& s, const Path& path,
                     const PathProjection& front) {
  SteerCommand out;
  if (path.empty()) return out;
  const double v = std::max(s.speed, 0.0);
  const PathSample here = path.at(front.s);
  out.target = here.position;
  out.cross_track = front.offset;
  out.heading_error = wrap_angle(heading_of(here.tangent) - s.heading);
  // + offset is left of the path, so the correction steers right (negative).
  out.road_wheel_angle = out.heading_error + std::atan(-p.gain * front.offset / (p.softening + v));
  out.steer = steer_input(out.road_wheel_angle, g);
  return out;
}

SteerCommand stanley(const StanleyParams& p, const SteeringGeometry& g, const TrackingState& s, const Path& path,
                     int& hint) {
  const PathProjection front = path.project(front_axle(g, s), hint);
  hint = front.index;
  return stanley(p, g, s, path, front);
}

}  // namespace racer
