// CostGrid: cells, lookups and the exact Euclidean distance transform
// (Felzenszwalb & Huttenlocher, "Distance Transforms of Sampled Functions", 2012):
// a 1D lower-envelope-of-parabolas pass along every column, then along every row.
#include "track/cost_grid.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace racer {
namespace {

constexpr double kFar = 1e20;  // squared distance (in cells) of "no blocked cell"

// Squared distance transform of one line: d[q] = min_p (q - p)^2 + f[p].
// v, z: scratch of size n and n + 1.
void distance_1d(const std::vector<double>& f, std::vector<double>& d, std::vector<int>& v,
                 std::vector<double>& z, int n) {
  int k = 0;
  v[0] = 0;
  z[0] = -std::numeric_limits<double>::infinity();
  z[1] = std::numeric_limits<double>::infinity();
  for (int q = 1; q < n; ++q) {
    const double fq = f[static_cast<std::size_t>(q)] + static_cast<double>(q) * q;
    double s = 0.0;
    for (;;) {  // z[0] = -inf ends the loop
      const int p = v[static_cast<std::size_t>(k)];
      const double fp = f[static_cast<std::size_t>(p)] + static_cast<double>(p) * p;
      s = (fq - fp) / (2.0 * (q - p));
      if (s > z[static_cast<std::size_t>(k)]) break;
      --k;
    }
    ++k;
    v[static_cast<std::size_t>(k)] = q;
    z[static_cast<std::size_t>(k)] = s;
    z[static_cast<std::size_t>(k) + 1] = std::numeric_limits<double>::infinity();
  }
  k = 0;
  for (int q = 0; q < n; ++q) {
    while (z[static_cast<std::size_t>(k) + 1] < q) ++k;
    const int p = v[static_cast<std::size_t>(k)];
    const double dq = static_cast<double>(q - p);
    d[static_cast<std::size_t>(q)] = dq * dq + f[static_cast<std::size_t>(p)];
  }
}

}  // namespace

CostGrid::CostGrid(Vec2 origin, double cell, int w, int h)
    : origin_(origin), cell_(cell), inv_cell_(1.0 / cell), w_(std::max(w, 0)), h_(std::max(h, 0)) {
  int exponent = 0;
  pow2_cell_ = std::frexp(cell, &exponent) == 0.5;
  const std::size_t n = static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_);
  blocked_.assign(n, 0);
  clearance_.assign(n, 0.0f);
  cost_index_.assign(n, 0);
  palette_.assign(1, 1.0f);
}

void CostGrid::set_surface_cost(int x, int y, float cost) {
  const std::size_t i = index(x, y);
  if (!cost_.empty()) {
    cost_[i] = cost;
    return;
  }
  // Bit-for-bit equal values share an entry (so -0 and 0, or two NaNs, stay apart).
  const auto same = [cost](float v) { return std::memcmp(&v, &cost, sizeof v) == 0; };
  const auto it = std::find_if(palette_.begin(), palette_.end(), same);
  if (it != palette_.end()) {
    cost_index_[i] = static_cast<std::uint8_t>(it - palette_.begin());
    return;
  }
  if (palette_.size() <= 0xFF) {
    cost_index_[i] = static_cast<std::uint8_t>(palette_.size());
    palette_.push_back(cost);
    return;
  }
  // A 257th distinct cost: one float per cell from now on.
  cost_.resize(cost_index_.size());
  for (std::size_t j = 0; j < cost_index_.size(); ++j) cost_[j] = palette_[cost_index_[j]];
  cost_index_ = {};
  palette_ = {};
  cost_[i] = cost;
}

Vec2 CostGrid::cell_centre(int x, int y) const {
  return {origin_.x + (x + 0.5) * cell_, origin_.y + (y + 0.5) * cell_};
}

void CostGrid::compute_clearance() {
  if (w_ == 0 || h_ == 0) return;
  const int longest = std::max(w_, h_);
  std::vector<double> f(static_cast<std::size_t>(longest)), d(static_cast<std::size_t>(longest));
  std::vector<int> v(static_cast<std::size_t>(longest));
  std::vector<double> z(static_cast<std::size_t>(longest) + 1);
  std::vector<double> sq(blocked_.size());
  for (std::size_t i = 0; i < blocked_.size(); ++i) sq[i] = blocked_[i] != 0 ? 0.0 : kFar;

  for (int x = 0; x < w_; ++x) {  // columns
    for (int y = 0; y < h_; ++y) f[static_cast<std::size_t>(y)] = sq[index(x, y)];
    distance_1d(f, d, v, z, h_);
    for (int y = 0; y < h_; ++y) sq[index(x, y)] = d[static_cast<std::size_t>(y)];
  }
  for (int y = 0; y < h_; ++y) {  // rows
    for (int x = 0; x < w_; ++x) f[static_cast<std::size_t>(x)] = sq[index(x, y)];
    distance_1d(f, d, v, z, w_);
    for (int x = 0; x < w_; ++x) sq[index(x, y)] = d[static_cast<std::size_t>(x)];
  }
  // No blocked cell anywhere: report the grid's diagonal as the clearance.
  const double cap = std::hypot(w_, h_) * cell_;
  for (std::size_t i = 0; i < sq.size(); ++i) {
    const double m = sq[i] >= kFar * 0.5 ? cap : std::sqrt(sq[i]) * cell_;
    clearance_[i] = static_cast<float>(std::min(m, cap));
  }
}

}  // namespace racer
