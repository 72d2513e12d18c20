#pragma once
// InputMapper: device-independent driver input -> the one Controls value a car reads.
// Pure (no SDL): the platform layer fills InputState from keys and gamepads.
//   - keyboard steering is rate-limited and speed-sensitive (less lock at speed)
//   - an analogue stick outside its deadzone steers directly (and back to straight the
//     moment it is let go); the keys steer otherwise
//   - automatic gearbox: hold brake at standstill to select reverse, hold throttle at
//     standstill in reverse (or neutral) to go forward again; in reverse throttle and
//     brake swap
//   - manual gearbox (DriveContext::manual): only the driver's shift edges change gear
//     (R/N/1..n in order); throttle is always throttle and brake always brake
#include "vehicle/controls.h"

namespace racer {

/// One sample of the driver's devices. Levels are held state; shift_up/shift_down are edges
/// (true for one update only).
struct InputState {
  bool steer_left = false, steer_right = false;
  bool throttle_key = false, brake_key = false, handbrake_key = false;
  bool shift_up = false, shift_down = false;  ///< edges
  bool has_analog = false;        ///< a gamepad is connected and the analog fields are valid
  double analog_steer = 0.0;      ///< [-1, 1], + = left, raw (before the deadzone)
  double analog_throttle = 0.0;   ///< [0, 1]
  double analog_brake = 0.0;      ///< [0, 1]
};

/// What the mapper needs to know about the car it drives.
struct DriveContext {
  double forward_speed = 0.0;  ///< m/s along the heading (negative when rolling backwards)
  int gear = 1;                ///< -1 R, 0 N, 1..n
  bool manual = false;         ///< manual gearbox: no brake-to-reverse, no pedal swap
};

struct InputMapConfig {
  double steer_rise_s = 0.15;      ///< s, keyboard steer from centre to full lock
  double steer_return_s = 0.08;    ///< s, keyboard steer from full lock back to centre
  double lock_speed = 50.0;        ///< m/s, speed at which keyboard lock reaches its minimum
  double lock_at_speed = 0.35;     ///< fraction of full lock left for the keys at lock_speed
  double stick_deadzone = 0.15;    ///< [0, 1), stick travel ignored around centre
  double trigger_deadzone = 0.05;  ///< [0, 1), trigger travel ignored at rest
  double standstill_speed = 0.5;   ///< m/s, |forward speed| below this counts as stopped
  double reverse_hold_s = 0.25;    ///< s, hold the pedal at standstill to change direction
};

/// Rescales |v| from [deadzone, 1] to [0, 1] keeping the sign; 0 inside the deadzone.
double apply_deadzone(double v, double deadzone);
/// Fraction of full steering lock the keys may use at `speed` (m/s): 1 at rest, smoothly
/// down to lock_at_speed at lock_speed and above.
double keyboard_lock_limit(double speed, const InputMapConfig& config);

class InputMapper {
 public:
  explicit InputMapper(InputMapConfig config = {});

  /// Maps one sample to controls. Call once per fixed step (dt = step length, s) so the
  /// rate limits and hold timers count simulated time.
  Controls update(const InputState& in, const DriveContext& ctx, double dt);
  /// Forgets the steering ramp and hold timers (after the car is reset).
  void reset();

  void set_stick_deadzone(double deadzone) { config_.stick_deadzone = deadzone; }
  /// New deadzones and steering rates from the next update (settings changed mid-race);
  /// the steering ramp and hold timers carry on.
  void set_config(const InputMapConfig& config) { config_ = config; }
  const InputMapConfig& config() const { return config_; }

 private:
  double steer(const InputState& in, const DriveContext& ctx, double dt);
  ShiftRequest direction_change(double forward_pedal, double back_pedal,
                                const DriveContext& ctx, double dt);

  InputMapConfig config_;
  double key_steer_ = 0.0;  ///< keyboard steer before the speed limit, [-1, 1]
  bool stick_steering_ = false;  ///< the stick steered last (until a steer key is pressed)
  double hold_s_ = 0.0;     ///< s the direction-change pedal has been held at standstill
};

}  // namespace racer
