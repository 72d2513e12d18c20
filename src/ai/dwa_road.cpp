#include "ai/dwa_road.h"

#include <algorithm>
#include <cassert>

namespace racer {

double DwaRoad::outside(Vec2 p, std::size_t& hint) const {
  assert(!stations_.empty());
  std::size_t i = std::min(hint, stations_.size() - 1);
  double best = length_squared(p - stations_[i].p);
  while (i + 1 < stations_.size()) {
    const double next = length_squared(p - stations_[i + 1].p);
    if (next > best) break;
    best = next;
    ++i;
  }
  hint = i;
  const Station& st = stations_[i];
  const double lateral = dot(p - st.p, st.normal);  // + = left
  return std::max(lateral - st.left, -lateral - st.right);
}

}  // namespace racer
