#pragma once
// Snapshots: plain copies of what rendering, UI and audio need from one step. The app keeps
// the previous and the current one and interpolates between them (alpha = accumulator / dt).
#include <array>
#include <cstdint>
#include <vector>

#include "core/vec2.h"
#include "track/surface.h"
#include "vehicle/damage.h"

namespace racer {

struct WheelSnapshot {
  Vec2 position;          ///< contact point, world, m
  double steer = 0.0;     ///< rad relative to the body
  double spin_angle = 0.0;///< rad
  double load = 0.0;      ///< N
  double slip_ratio = 0.0;
  double slip_angle = 0.0;///< rad
  double omega = 0.0;     ///< rad/s
  Surface surface = Surface::Asphalt;
  bool locked = false;
};

struct CarSnapshot {
  Vec2 position;           ///< CG, m
  double heading = 0.0;    ///< rad
  Vec2 velocity;           ///< m/s
  double yaw_rate = 0.0;   ///< rad/s
  double speed = 0.0;      ///< m/s
  double rpm = 0.0;
  int gear = 0;            ///< -1 R, 0 N, 1..n
  double throttle = 0.0, brake = 0.0, steer = 0.0;  ///< applied controls
  bool handbrake = false;
  double pitch = 0.0, roll = 0.0;  ///< rad, sprung body
  double clutch = 1.0;     ///< engagement [0, 1]
  double tcs = 1.0;        ///< traction-control throttle factor [0, 1]
  bool abs_active = false;
  Vec2 accel_local;        ///< m/s^2, body frame
  std::array<WheelSnapshot, 4> wheels{};
  DamageSummary damage;    ///< levels, marks and effects (all zero when damage is off)
};

struct WorldSnapshot {
  double time = 0.0;       ///< simulated s
  std::int64_t step = 0;
  std::vector<CarSnapshot> cars;
};

/// Blend two snapshots for drawing (positions and angles; discrete fields from `b`).
WorldSnapshot interpolate(const WorldSnapshot& a, const WorldSnapshot& b, double alpha);

}  // namespace racer
