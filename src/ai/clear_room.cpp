#include "ai/clear_room.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace racer {

namespace {

constexpr double kCut = 1e-6;  // m an obstacle must take off a sample's room to narrow the samples round it

}  // namespace

std::vector<double> clear_room(std::span<const double> room, std::span<const double> open, double spacing,
                               const ClearRoomRules& r) {
  assert(open.size() == room.size());
  const std::size_t n = room.size();
  std::vector<double> out(room.begin(), room.end());
  if (n == 0 || spacing <= 0.0) return out;
  const double most = *std::max_element(room.begin(), room.end());
  // Samples a narrowing can be seen from: the body's reach and the taper's run from the most room.
  const double ahead = r.reach + (r.taper > 0.0 ? most / r.taper : 0.0);
  const auto fwd = std::min(n - 1, static_cast<std::size_t>(std::ceil(ahead / spacing)));
  const auto back = std::min(n - 1, static_cast<std::size_t>(std::ceil(r.reach / spacing)));
  // Each obstacle-cut sample narrows the samples behind it (at the taper beyond the reach)
  // and the reach's samples ahead of it.
  for (std::size_t j = 0; j < n; ++j) {
    if (room[j] >= open[j] - kCut) continue;
    for (std::size_t k = 1; k <= back; ++k)
      if (static_cast<double>(k) * spacing <= r.reach + 1e-9) {
        double& o = out[(j + k) % n];
        o = std::min(o, room[j]);
      }
    for (std::size_t k = 1; k <= fwd; ++k) {
      const double d = static_cast<double>(k) * spacing;
      double& o = out[(j + n - k) % n];
      o = std::min(o, room[j] + r.taper * std::max(0.0, d - r.reach));
    }
  }
  return out;
}

}  // namespace racer
