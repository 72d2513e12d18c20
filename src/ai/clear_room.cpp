#include "ai/clear_room.h"

#include <algorithm>
#include <cmath>

namespace racer {

std::vector<double> clear_room(std::span<const double> room, double spacing, const ClearRoomRules& r) {
  const std::size_t n = room.size();
  std::vector<double> out(room.begin(), room.end());
  if (n == 0 || spacing <= 0.0) return out;
  const double most = *std::max_element(room.begin(), room.end());
  // Samples a narrowing can be seen from: the body's reach and the taper's run from the most room.
  const double ahead = r.reach + (r.taper > 0.0 ? most / r.taper : 0.0);
  const auto fwd = std::min(n - 1, static_cast<std::size_t>(std::ceil(ahead / spacing)));
  const auto back = std::min(n - 1, static_cast<std::size_t>(std::ceil(r.reach / spacing)));
  for (std::size_t i = 0; i < n; ++i) {
    double least = room[i];
    for (std::size_t k = 1; k <= back; ++k)
      if (static_cast<double>(k) * spacing <= r.reach + 1e-9) least = std::min(least, room[(i + n - k) % n]);
    for (std::size_t k = 1; k <= fwd; ++k) {
      const double d = static_cast<double>(k) * spacing;
      least = std::min(least, room[(i + k) % n] + r.taper * std::max(0.0, d - r.reach));
    }
    out[i] = least;
  }
  return out;
}

}  // namespace racer
