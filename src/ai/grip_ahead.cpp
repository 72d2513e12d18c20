#include "ai/grip_ahead.h"

#include <algorithm>
#include <cmath>

namespace racer {

LineSurface grip_ahead(LineSurface surface, double spacing, double ahead_m) {
  const std::size_t n = surface.grip.size();
  if (n == 0 || spacing <= 0.0 || ahead_m <= 0.0) return surface;
  const auto reach = std::min(n - 1, static_cast<std::size_t>(std::ceil(ahead_m / spacing)));
  const std::vector<double> own = surface.grip;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 1; k <= reach; ++k) surface.grip[i] = std::min(surface.grip[i], own[(i + k) % n]);
  return surface;
}

}  // namespace racer
