#include "vehicle/controls.h"

#include <algorithm>
#include <cmath>

namespace racer {

Controls sanitized(const Controls& c) {
  auto fix = [](double v, double lo, double hi) { return std::isfinite(v) ? std::clamp(v, lo, hi) : 0.0; };
  Controls out = c;
  out.steer = fix(c.steer, -1.0, 1.0);
  out.throttle = fix(c.throttle, 0.0, 1.0);
  out.brake = fix(c.brake, 0.0, 1.0);
  out.clutch = fix(c.clutch, 0.0, 1.0);
  return out;
}

}  // namespace racer
