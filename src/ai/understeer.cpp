#include "ai/understeer.h"

#include <algorithm>
#include <cmath>

namespace racer {

namespace {

// The band below `speed` and the weight of the band above it.
void bands_of(double speed, int& lo, double& w) {
  const double x = std::clamp(speed / UndersteerMap::kBand, 0.0, UndersteerMap::kBands - 1.0);
  lo = std::min(static_cast<int>(x), UndersteerMap::kBands - 2);
  w = x - lo;
}

}  // namespace

UndersteerMap::UndersteerMap(double linear_gradient) {
  k_.fill(std::clamp(linear_gradient, 0.0, kMaxGradient));
}

double UndersteerMap::at(double speed) const {
  int lo = 0;
  double w = 0.0;
  bands_of(speed, lo, w);
  return k_[static_cast<std::size_t>(lo)] * (1.0 - w) + k_[static_cast<std::size_t>(lo + 1)] * w;
}

void UndersteerMap::observe(double speed, double road_wheel_angle, double yaw_rate, double wheelbase, double dt) {
  if (!(speed >= kMinSpeed) || !(dt > 0.0)) return;
  const double lateral = speed * yaw_rate;
  if (std::abs(lateral) < kMinLateral || road_wheel_angle * yaw_rate <= 0.0) return;
  const double kinematic = std::atan(wheelbase * yaw_rate / speed);
  const double seen = std::clamp((road_wheel_angle - kinematic) / lateral, 0.0, kMaxGradient);
  int lo = 0;
  double w = 0.0;
  bands_of(speed, lo, w);
  const double rate = std::min(1.0, dt / kTimeConstant);
  k_[static_cast<std::size_t>(lo)] += rate * (1.0 - w) * (seen - k_[static_cast<std::size_t>(lo)]);
  k_[static_cast<std::size_t>(lo + 1)] += rate * w * (seen - k_[static_cast<std::size_t>(lo + 1)]);
}

}  // namespace racer
