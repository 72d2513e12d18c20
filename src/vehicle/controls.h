#pragma once
// Controls: the one value a driver (human or AI) hands to a car each step. Start every tick
// from a zeroed value. Only the vehicle reads it (the TORCS tCarCtrl seam).
#include <cstdint>

namespace racer {

enum class ShiftRequest : std::int8_t { None = 0, Up = 1, Down = -1 };

struct Controls {
  double steer = 0.0;        ///< [-1, 1]; +1 = full left (counter-clockwise yaw), -1 = full right
  double throttle = 0.0;     ///< [0, 1]
  double brake = 0.0;        ///< [0, 1] service brake pedal
  bool handbrake = false;    ///< locks the rear wheels up to the handbrake torque
  double clutch = 0.0;       ///< [0, 1] clutch pedal, 1 = fully pressed (disengaged); manual gearbox only
  ShiftRequest shift = ShiftRequest::None;  ///< one request per step; edges, not levels
};

/// Clamps every field into its documented range (NaN becomes 0).
Controls sanitized(const Controls& c);

}  // namespace racer
