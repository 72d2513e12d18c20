#pragma once
// UndersteerMap: how much steering the car really needs, learned while it drives.
//
// The tracking layer asks for a path curvature; the tyres need more road-wheel angle than
// the kinematic (Ackermann) angle atan(L kappa) to hold it, and how much more grows with
// speed and load (near the limit a tyre gives less force per degree). The map starts from
// the car's linear understeer gradient and, per speed band, moves towards what steady
// cornering shows: K = (road-wheel angle - atan(L yaw_rate / v)) / (v yaw_rate).
// Units: K in rad of road-wheel angle per m/s^2 of lateral acceleration; speeds in m/s.
// Pure and deterministic.
#include <array>

namespace racer {

class UndersteerMap {
 public:
  static constexpr double kBand = 5.0;      ///< m/s per speed band
  static constexpr int kBands = 17;         ///< bands cover 0..80 m/s
  static constexpr double kMinSpeed = 10.0; ///< m/s, below this nothing is learned
  static constexpr double kMinLateral = 2.5;  ///< m/s^2, below this the ratio is noise
  static constexpr double kTimeConstant = 1.5;  ///< s of steady cornering to move most of the way
  static constexpr double kMaxGradient = 0.02;  ///< rad per m/s^2, the most it believes

  explicit UndersteerMap(double linear_gradient = 0.0);

  /// rad per m/s^2 at `speed`, interpolated between bands.
  double at(double speed) const;
  /// One observation of steady cornering over `dt` seconds: the road-wheel angle applied
  /// (rad, + = left), the yaw rate it gave (rad/s), the wheelbase (m).
  void observe(double speed, double road_wheel_angle, double yaw_rate, double wheelbase, double dt);

 private:
  std::array<double, kBands> k_{};
};

}  // namespace racer
