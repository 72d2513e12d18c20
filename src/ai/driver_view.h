#pragma once
// DriverView: everything an AI driver may see, read-only, built each step by whoever owns
// the race (sim/race.cpp) from the World. The AI never touches Box2D or the World: this is
// the seam that lets a driver be tested on a hand-made view.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>

#include "core/vec2.h"

namespace racer {

class Track;

/// The driver's own car, as its instruments would tell it.
struct SelfView {
  Vec2 position;                          ///< m, CG
  double heading = 0.0;                   ///< rad
  Vec2 velocity;                          ///< m/s, world frame
  double yaw_rate = 0.0;                  ///< rad/s, + = counter-clockwise
  double forward_speed = 0.0;             ///< m/s along the heading (negative backing up)
  int gear = 1;                           ///< -1 reverse, 0 neutral, 1..n
  std::array<double, 4> slip_ratio{};     ///< per wheel (FL, FR, RL, RR), dimensionless
  std::array<double, 4> slip_angle{};     ///< per wheel, rad
  std::array<bool, 4> driven{};           ///< which wheels the engine drives
  bool against_wall = false;              ///< touching static geometry this step

  /// rad, the body's slip angle atan(v_lateral / v_forward) (+ = sliding to the left); the
  /// forward speed is taken as at least 1 m/s so a car at a crawl reads no slide.
  double body_slip() const {
    const Vec2 fwd = from_angle(heading);
    return std::atan2(cross(fwd, velocity), std::max(1.0, dot(fwd, velocity)));
  }
};

/// Another car, as seen from outside: where it is and how it moves.
struct OtherCarView {
  int index = 0;            ///< car index in the race
  Vec2 position;            ///< m, CG
  double heading = 0.0;     ///< rad
  Vec2 velocity;            ///< m/s
  double half_length = 2.2; ///< m
  double half_width = 0.9;  ///< m
};

struct DriverView {
  const Track* track = nullptr;           ///< the track being raced (never null in a race)
  SelfView self;
  std::span<const OtherCarView> others;   ///< every other car (valid during the tick only)
  /// m, the race's count of this car's progress (laps x lap length + distance into the lap,
  /// along the centreline): what the race's stall clock measures, so the driver's too.
  double race_distance = 0.0;
  std::int64_t step = 0;                  ///< fixed steps since the start
  double dt = 1.0 / 240.0;                ///< s, the fixed step
};

}  // namespace racer
