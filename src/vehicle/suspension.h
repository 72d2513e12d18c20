#pragma once
// Suspension: four spring-damper corners carrying a sprung body that heaves, pitches and
// rolls. The in-plane (Box2D) motion drives it through the body's longitudinal and lateral
// accelerations (d'Alembert forces at the CG height); wheel loads come out of the springs,
// so load transfer emerges: in steady state dFz = m a h / L front-rear, m a h / t left-right.
//
// Body frame: x forward, y left, z up. Pitch theta > 0 = nose down, roll phi > 0 = left
// side up. Corner i at (x_i, y_i) rises by u_i = z - x_i theta + y_i phi.
#include <array>

#include "vehicle/car_spec.h"

namespace racer {

enum WheelIndex : int { kFrontLeft = 0, kFrontRight = 1, kRearLeft = 2, kRearRight = 3 };
inline constexpr int kWheelCount = 4;

struct SuspensionState {
  double heave = 0.0, pitch = 0.0, roll = 0.0;            ///< m, rad, rad
  double heave_rate = 0.0, pitch_rate = 0.0, roll_rate = 0.0;  ///< m/s, rad/s, rad/s
};

class Suspension {
 public:
  explicit Suspension(const CarSpec& spec);

  /// Puts the body at static equilibrium (no acceleration, flat road).
  void settle();
  /// Advances the sprung body by dt (s) under body-frame accelerations ax, ay (m/s^2) with
  /// road heights under each wheel (m, + = bump) and aerodynamic downforce on the front and
  /// rear axle (N, < 0 = lift).
  void step(double ax, double ay, const std::array<double, kWheelCount>& road, double dt,
            const std::array<double, 2>& downforce = {0.0, 0.0});

  /// Vertical tyre load per wheel, N, never negative (0 = wheel in the air).
  const std::array<double, kWheelCount>& loads() const { return loads_; }
  /// Spring compression per wheel, m, in [0, travel] while in range.
  const std::array<double, kWheelCount>& compression() const { return compression_; }
  const SuspensionState& state() const { return state_; }
  /// Corner position in the body frame (x forward, y left), m.
  double corner_x(int i) const { return x_[i]; }
  double corner_y(int i) const { return y_[i]; }
  /// Static load per wheel, N.
  double static_load(int i) const { return static_load_[i]; }

 private:
  void compute_loads(const std::array<double, kWheelCount>& road);

  double mass_, cg_height_, inertia_pitch_, inertia_roll_;
  std::array<double, kWheelCount> x_{}, y_{}, k_{}, c_{}, static_load_{};
  double antiroll_front_, antiroll_rear_, travel_, bump_k_;
  double gravity_offset_[kWheelCount]{};  // static compression so springs hold m g at rest
  SuspensionState state_;
  std::array<double, kWheelCount> loads_{}, compression_{}, rise_rate_{};
};

}  // namespace racer
