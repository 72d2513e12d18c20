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

Controls filter_stability(Controls c, const StabilityFilter& f) {
  if (f.speed < 5.0) return c;
  const double yaw_ref = f.yaw_ref;
  const double err = f.yaw_rate - yaw_ref;
  // Oversteer: yawing more than asked, in the direction of the turn (or with no turn asked).
  const bool over = std::abs(f.yaw_rate) > std::abs(yaw_ref) && err * f.yaw_rate > 0.0;
  const double excess = std::abs(err) - f.deadband;
  double correction = 0.0;  // road-wheel angle, rad
  if (over && excess > 0.0) correction -= sign(err) * f.gain * excess * f.wheelbase / f.speed;
  const double slip_excess = std::abs(f.body_slip) - f.slip_deadband;
  if (slip_excess > 0.0) correction += sign(f.body_slip) * slip_excess;  // steer into the slide
  if (correction == 0.0) return c;
  c.steer = std::clamp(c.steer + correction / f.max_angle, -1.0, 1.0);
  const double ease = clamp01(1.0 - 4.0 * std::abs(correction));
  c.brake *= ease;
  return c;
}

}  // namespace racer
