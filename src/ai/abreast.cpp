#include "ai/abreast.h"

#include <algorithm>
#include <cassert>

namespace racer {

double abreast_length(std::span<const double> ours, std::span<const double> theirs, int side, const AbreastRules& r) {
  assert(ours.size() == theirs.size() && (side == 1 || side == -1));
  const std::size_t n = std::min(ours.size(), theirs.size());
  for (std::size_t k = 0; k < n; ++k)
    if (side * (ours[k] - theirs[k]) < r.apart) return static_cast<double>(k) * r.step;
  return static_cast<double>(n) * r.step;
}

}  // namespace racer
