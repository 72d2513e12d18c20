#include "vehicle/suspension.h"

#include <algorithm>
#include <cassert>

#include "core/math.h"

namespace racer {

Suspension::Suspension(const CarSpec& spec)
    : mass_(spec.body.mass),
      cg_height_(spec.body.cg_height),
      antiroll_front_(spec.suspension.front_antiroll),
      antiroll_rear_(spec.suspension.rear_antiroll),
      travel_(spec.suspension.travel),
      bump_k_(spec.suspension.bump_stop_stiffness) {
  const BodySpec& b = spec.body;
  const double a = b.cg_to_front_axle, r = spec.rear_axle_to_cg();
  const double tf = spec.wheel_track(kFrontLeft) / 2.0, tr = spec.wheel_track(kRearLeft) / 2.0;
  x_ = {a, a, -r, -r};
  y_ = {tf, -tf, tr, -tr};
  const SuspensionSpec& s = spec.suspension;
  k_ = {s.front_stiffness, s.front_stiffness, s.rear_stiffness, s.rear_stiffness};
  c_ = {s.front_damping, s.front_damping, s.rear_damping, s.rear_damping};
  // Box inertias of the sprung body about its pitch (y) and roll (x) axes.
  inertia_pitch_ = b.inertia_factor * b.mass * (square(b.length) + square(b.height)) / 12.0;
  inertia_roll_ = b.inertia_factor * b.mass * (square(b.width) + square(b.height)) / 12.0;
  const double wheelbase = a + r;
  const double front_axle = b.mass * kGravity * r / wheelbase;
  static_load_ = {front_axle / 2, front_axle / 2, (b.mass * kGravity - front_axle) / 2,
                  (b.mass * kGravity - front_axle) / 2};
  // The springs' free length is chosen so that the static loads hold the body level at
  // zero heave: compression_i = static_load_i / k_i at rest.
  for (int i = 0; i < kWheelCount; ++i) gravity_offset_[i] = static_load_[i] / k_[i];
  settle();
}

void Suspension::settle() {
  state_ = {};
  compute_loads({0.0, 0.0, 0.0, 0.0});
}

void Suspension::compute_loads(const std::array<double, kWheelCount>& road) {
  const SuspensionState& s = state_;
  for (int i = 0; i < kWheelCount; ++i) {
    const double rise = s.heave - x_[i] * s.pitch + y_[i] * s.roll;
    rise_rate_[i] = s.heave_rate - x_[i] * s.pitch_rate + y_[i] * s.roll_rate;
    compression_[i] = gravity_offset_[i] - rise + road[i];
  }
  // Anti-roll bars: a spring between the left and right compressions of each axle.
  const double bar_front = antiroll_front_ * (compression_[kFrontLeft] - compression_[kFrontRight]);
  const double bar_rear = antiroll_rear_ * (compression_[kRearLeft] - compression_[kRearRight]);
  const double bar[kWheelCount] = {bar_front, -bar_front, bar_rear, -bar_rear};
  for (int i = 0; i < kWheelCount; ++i) {
    const double c = compression_[i];
    if (c <= 0.0) {  // fully extended: the wheel hangs, no contact force
      loads_[i] = 0.0;
      continue;
    }
    double f = k_[i] * c - c_[i] * rise_rate_[i] + bar[i];
    if (c > travel_) f += bump_k_ * (c - travel_);
    loads_[i] = std::max(0.0, f);
  }
}

void Suspension::step(double ax, double ay, const std::array<double, kWheelCount>& road, double dt,
                      const std::array<double, 2>& downforce) {
  compute_loads(road);
  // Sum of spring forces and their moments about the CG, plus the inertial (d'Alembert)
  // moments of the tyre forces that accelerate the body at ground level, h below the CG.
  double fz = 0.0, my = 0.0, mx = 0.0;
  for (int i = 0; i < kWheelCount; ++i) {
    fz += loads_[i];
    my += -x_[i] * loads_[i];
    mx += y_[i] * loads_[i];
  }
  my -= mass_ * ax * cg_height_;
  mx += mass_ * ay * cg_height_;
  if (downforce[0] != 0.0 || downforce[1] != 0.0) {  // pushes down at each axle
    fz -= downforce[0] + downforce[1];
    my += x_[kFrontLeft] * downforce[0] + x_[kRearLeft] * downforce[1];
  }
  SuspensionState& s = state_;
  // Semi-implicit Euler: rates first, then positions with the new rates.
  s.heave_rate += dt * (fz - mass_ * kGravity) / mass_;
  s.pitch_rate += dt * my / inertia_pitch_;
  s.roll_rate += dt * mx / inertia_roll_;
  s.heave += dt * s.heave_rate;
  s.pitch += dt * s.pitch_rate;
  s.roll += dt * s.roll_rate;
  compute_loads(road);
}

}  // namespace racer
