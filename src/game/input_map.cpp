#include "game/input_map.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"

namespace racer {

double apply_deadzone(double v, double deadzone) {
  const double a = std::abs(v);
  if (!(a > deadzone)) return 0.0;  // also catches NaN
  return sign(v) * std::min((a - deadzone) / (1.0 - deadzone), 1.0);
}

double keyboard_lock_limit(double speed, const InputMapConfig& config) {
  const double t = clamp01(std::abs(speed) / config.lock_speed);
  const double ease = t * (2.0 - t);  // ease-out: drops early, flat (no kink) at lock_speed
  return lerp(1.0, config.lock_at_speed, ease);
}

InputMapper::InputMapper(InputMapConfig config) : config_(config) {}

void InputMapper::reset() {
  key_steer_ = 0.0;
  hold_s_ = 0.0;
  stick_steering_ = false;
}

Controls InputMapper::update(const InputState& in, const DriveContext& ctx, double dt) {
  Controls c;
  c.steer = steer(in, ctx, dt);

  // Pedals as the driver means them: "go forward" and "go backward / stop".
  double forward_pedal = in.throttle_key ? 1.0 : 0.0;
  double back_pedal = in.brake_key ? 1.0 : 0.0;
  if (in.has_analog) {
    forward_pedal = std::max(forward_pedal, apply_deadzone(in.analog_throttle, config_.trigger_deadzone));
    back_pedal = std::max(back_pedal, apply_deadzone(in.analog_brake, config_.trigger_deadzone));
  }
  // The automatic box's convenience: in reverse the pedals mean "backward" and "stop".
  const bool reverse = !ctx.manual && ctx.gear < 0;
  c.throttle = reverse ? back_pedal : forward_pedal;
  c.brake = reverse ? forward_pedal : back_pedal;
  c.handbrake = in.handbrake_key;

  ShiftRequest auto_request = ShiftRequest::None;
  if (ctx.manual) hold_s_ = 0.0;  // the driver shifts; nothing is asked on their behalf
  else auto_request = direction_change(forward_pedal, back_pedal, ctx, dt);
  if (in.shift_up && !in.shift_down) c.shift = ShiftRequest::Up;
  else if (in.shift_down && !in.shift_up) c.shift = ShiftRequest::Down;
  else c.shift = auto_request;
  return sanitized(c);
}

double InputMapper::steer(const InputState& in, const DriveContext& ctx, double dt) {
  const double stick = in.has_analog ? apply_deadzone(in.analog_steer, config_.stick_deadzone) : 0.0;
  const bool keys = in.steer_left || in.steer_right;
  if (stick != 0.0) {
    key_steer_ = stick;  // hand over smoothly if the player lets go and uses the keys
    stick_steering_ = true;
    return stick;
  }
  if (stick_steering_ && !keys) {
    key_steer_ = 0.0;  // the stick was let go: straight at once, like the stick itself
    return 0.0;
  }
  stick_steering_ = false;
  const double target = (in.steer_left ? 1.0 : 0.0) - (in.steer_right ? 1.0 : 0.0);
  const bool centring = target == 0.0 || target * key_steer_ < 0.0;
  // Back to centre at the return rate first (also when switching sides), then out at the
  // rise rate.
  if (centring) key_steer_ = approach(key_steer_, 0.0, dt / config_.steer_return_s);
  else key_steer_ = approach(key_steer_, target, dt / config_.steer_rise_s);
  return key_steer_ * keyboard_lock_limit(ctx.forward_speed, config_);
}

ShiftRequest InputMapper::direction_change(double forward_pedal, double back_pedal,
                                           const DriveContext& ctx, double dt) {
  const bool stopped = std::abs(ctx.forward_speed) < config_.standstill_speed;
  const bool in_reverse = ctx.gear < 0;
  // The pedal that asks for the other direction, held alone. In neutral (left there by a
  // manual box) either pedal asks: brake for reverse, throttle for first.
  const bool neutral_forward = ctx.gear == 0 && forward_pedal > 0.0 && back_pedal == 0.0;
  const bool forward_ask = in_reverse || neutral_forward;
  const double ask = forward_ask ? forward_pedal : back_pedal;
  const double other = forward_ask ? back_pedal : forward_pedal;
  if (!stopped || ask < 0.5 || other > 0.0) {
    hold_s_ = 0.0;
    return ShiftRequest::None;
  }
  hold_s_ += dt;
  if (hold_s_ + 1e-9 < config_.reverse_hold_s) return ShiftRequest::None;
  hold_s_ = 0.0;  // one request; asks again after another hold if the box did not change
  return forward_ask ? ShiftRequest::Up : ShiftRequest::Down;
}

}  // namespace racer
