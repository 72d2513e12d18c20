#include "ai/filters.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"

namespace racer {

Controls filter_braking(Controls c, const BrakingFilter& f) {
  if (c.brake > 0.0) c.throttle = 0.0;
  const double use = std::min(1.0, std::abs(f.lateral_use));
  const double cap = std::max(f.min_brake, std::sqrt(1.0 - use * use));
  c.brake = std::min(c.brake, cap);
  return c;
}

Controls filter_traction(Controls c, const TractionFilter& f) {
  auto scale = [](double value, double limit) {
    if (limit <= 0.0 || value <= limit) return 1.0;
    return clamp01(2.0 - value / limit);
  };
  c.throttle *= std::min(scale(f.driven_slip, f.slip_limit), scale(std::abs(f.rear_slip_angle), f.slide_limit));
  return c;
}

Controls filter_engine_braking(Controls c, const EngineBrakingFilter& f) {
  const double lock = -f.driven_slip - f.slip_limit;
  if (lock <= 0.0 || c.brake > f.light_brake) return c;
  c.brake = 0.0;  // the engine already brakes harder than the tyres take
  c.throttle = std::max(c.throttle, std::min(f.max_throttle, f.gain * lock));
  return c;
}

Controls filter_collision(Controls c, const CollisionFilter& f) {
  if (f.closing_speed <= 0.0 || f.gap >= 1e8) return c;
  const double room = std::max(0.05, f.gap - f.standoff);
  const double need = f.closing_speed * f.closing_speed / (2.0 * room);
  if (need <= f.comfortable_decel) return c;
  c.throttle = 0.0;
  const double pedal = clamp01((need - f.comfortable_decel) / std::max(1e-6, f.max_decel - f.comfortable_decel));
  c.brake = std::max(c.brake, pedal);
  return c;
}

Controls filter_steer_rate(Controls c, double previous, double max_rate, double dt) {
  c.steer = approach(previous, c.steer, max_rate * dt);
  return c;
}

}  // namespace racer

namespace racer {

Controls filter_edge(Controls c, const EdgeFilter& f) {
  if (f.time_to_edge >= f.brake_time || f.brake_time <= 0.0) return c;
  c.throttle = 0.0;
  c.brake = std::max(c.brake, clamp01(2.0 * (1.0 - f.time_to_edge / f.brake_time)));
  return c;
}

Controls filter_front_grip(Controls c, const FrontGripFilter& f) {
  if (f.speed < 5.0 || f.max_angle <= 0.0) return c;
  const double excess = std::abs(f.slip_angle) - f.margin * f.peak_slip_angle;
  if (excess <= 0.0 || c.steer * f.slip_angle >= 0.0) return c;  // within the peak, or steering out of it
  const double limit = std::max(0.0, std::abs(f.previous_steer) - excess / f.max_angle);
  if (std::abs(c.steer) > limit) c.steer = sign(c.steer) * limit;
  return c;
}

Controls filter_stability(Controls c, const StabilityFilter& f) {
  if (f.speed < 5.0 || f.max_angle <= 0.0) return c;
  const double err = f.yaw_rate - f.yaw_ref;
  // Oversteer: yawing more than asked, in the direction of the turn (or with no turn asked).
  const bool over = std::abs(f.yaw_rate) > std::abs(f.yaw_ref) && err * f.yaw_rate > 0.0;
  const double excess = std::abs(err) - f.deadband;
  double steer = c.steer;
  if (over && excess > 0.0) steer -= sign(err) * f.gain * excess * f.wheelbase / f.speed / f.max_angle;
  const double slide = std::abs(f.body_slip) - f.slip_deadband;
  if (slide > 0.0) {
    // Steering left drives the front slip angle negative, so adding it to the road-wheel
    // angle nulls it: the front tyres then point along their path.
    const double along = std::clamp(f.previous_steer + f.front_slip_angle / f.max_angle, -1.0, 1.0);
    steer = lerp(steer, along, clamp01(slide / std::max(f.slide_blend, 1e-6)));
    c.brake *= clamp01(1.0 - slide / std::max(f.slide_blend, 1e-6));
  }
  c.steer = std::clamp(steer, -1.0, 1.0);
  return c;
}

}  // namespace racer
