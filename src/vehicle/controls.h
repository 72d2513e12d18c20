#pragma once
// Controls: the one value a driver (human or AI) hands to a car each step. Start every tick
// from a zeroed value. Only the vehicle reads it (the TORCS tCarCtrl seam). Besides the
// pedals and the wheel it carries the driver's switches (ABS, traction control, the
// gearbox mode) as commands for this step, so that a race is a pure function of its set-up
// and its per-step Controls: a recording of them replays it.
#include <cstdint>

namespace racer {

enum class ShiftRequest : std::int8_t { None = 0, Up = 1, Down = -1 };

/// A command to a switch of the car this step: Keep leaves it as it is.
enum class SwitchCommand : std::int8_t { Keep = 0, Off = 1, On = 2 };

struct Controls {
  double steer = 0.0;        ///< [-1, 1]; +1 = full left (counter-clockwise yaw), -1 = full right
  double throttle = 0.0;     ///< [0, 1]
  double brake = 0.0;        ///< [0, 1] service brake pedal
  bool handbrake = false;    ///< locks the rear wheels up to the handbrake torque
  double clutch = 0.0;       ///< [0, 1] clutch pedal, 1 = fully pressed (disengaged); manual gearbox only
  ShiftRequest shift = ShiftRequest::None;  ///< one request per step; edges, not levels
  SwitchCommand abs = SwitchCommand::Keep;        ///< anti-lock brakes on or off from this step
  SwitchCommand tcs = SwitchCommand::Keep;        ///< traction control on or off from this step
  SwitchCommand automatic = SwitchCommand::Keep;  ///< On: the automatic gearbox, Off: the manual one
};

/// The command that sets a switch to `on`.
constexpr SwitchCommand set_switch(bool on) { return on ? SwitchCommand::On : SwitchCommand::Off; }
/// The command that flips a switch that is `on` now.
constexpr SwitchCommand toggle_switch(bool on) { return set_switch(!on); }

/// Clamps every field into its documented range (NaN becomes 0).
Controls sanitized(const Controls& c);

}  // namespace racer
