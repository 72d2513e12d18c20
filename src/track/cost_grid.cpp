// CostGrid: cells, lookups and the exact Euclidean distance transform
// (Felzenszwalb & Huttenlocher, "Distance Transforms of Sampled Functions", 2012):
// a 1D lower-envelope-of-parabolas pass along every column, then along every row.
#include "track/cost_grid.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

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

CostGrid::CostGrid(Vec2 origin, double cell, int w, int h, bool background_blocked, float background_cost)
    : origin_(origin), cell_(cell), inv_cell_(1.0 / cell), w_(std::max(w, 0)), h_(std::max(h, 0)),
      background_blocked_(background_blocked),
      blocked_(w_, h_, background_blocked ? 1 : 0),
      clearance_(w_, h_, 0.0f),
      cost_index_(w_, h_, 0),
      palette_(1, background_cost) {
  int exponent = 0;
  pow2_cell_ = std::frexp(cell, &exponent) == 0.5;
}

void CostGrid::set_surface_cost(int x, int y, float cost) {
  if (float_costs_) {
    cost_.set(x, y, cost);
    return;
  }
  // Bit-for-bit equal values share an entry (so -0 and 0, or two NaNs, stay apart).
  const auto same = [cost](float v) { return std::memcmp(&v, &cost, sizeof v) == 0; };
  const auto it = std::find_if(palette_.begin(), palette_.end(), same);
  if (it != palette_.end()) {
    cost_index_.set(x, y, static_cast<std::uint8_t>(it - palette_.begin()));
    return;
  }
  if (palette_.size() <= 0xFF) {
    cost_index_.set(x, y, static_cast<std::uint8_t>(palette_.size()));
    palette_.push_back(cost);
    return;
  }
  // A 257th distinct cost: one float per cell from now on (the stored tiles of the
  // indices become stored tiles of floats; the background keeps its cost).
  cost_ = TiledRaster<float>(w_, h_, palette_[0]);
  constexpr int kSide = TiledRaster<float>::kSide;
  for (int ty = 0; ty < cost_index_.tiles_h(); ++ty)
    for (int tx = 0; tx < cost_index_.tiles_w(); ++tx) {
      if (!cost_index_.tile_stored(tx, ty)) continue;
      for (int yy = ty * kSide; yy < std::min(h_, (ty + 1) * kSide); ++yy)
        for (int xx = tx * kSide; xx < std::min(w_, (tx + 1) * kSide); ++xx)
          cost_.set(xx, yy, palette_[cost_index_.get(xx, yy)]);
    }
  cost_index_ = {};
  palette_ = {};
  float_costs_ = true;
  cost_.set(x, y, cost);
}

Vec2 CostGrid::cell_centre(int x, int y) const {
  return {origin_.x + (x + 0.5) * cell_, origin_.y + (y + 0.5) * cell_};
}

// The separable transform, one line at a time, over the runs of "active" tiles only: with a
// blocked background every other tile's cells are blocked (clearance 0), and for a cell of a
// run the nearest blocked cell beyond the run is never nearer than the blocked cell just
// outside its end, so each run is transformed with that one cell added at each end (f = 0)
// and gives exactly the values of a transform of the whole line. Without a blocked
// background every tile is active: one run per line, the plain transform.
void CostGrid::compute_clearance() {
  if (w_ == 0 || h_ == 0) return;
  constexpr int kSide = TiledRaster<float>::kSide;
  const int tw = blocked_.tiles_w(), th = blocked_.tiles_h();
  auto active = [&](int tx, int ty) { return !background_blocked_ || blocked_.tile_stored(tx, ty); };
  const int longest = std::max(w_, h_) + 2;
  std::vector<double> f(static_cast<std::size_t>(longest)), d(static_cast<std::size_t>(longest));
  std::vector<int> v(static_cast<std::size_t>(longest));
  std::vector<double> z(static_cast<std::size_t>(longest) + 1);
  // Squared distances (in cells) of the active tiles; the others hold 0 (blocked).
  TiledRaster<double> sq(w_, h_, 0.0);
  std::size_t active_tiles = 0;
  for (int ty = 0; ty < th; ++ty)
    for (int tx = 0; tx < tw; ++tx) active_tiles += active(tx, ty) ? 1 : 0;
  sq.reserve_tiles(active_tiles);
  // Transforms cells lo..hi (inclusive) of a line of n cells, read and written through
  // read(i) and write(i, value).
  auto transform_run = [&](int lo, int hi, int n, auto&& read, auto&& write) {
    const int a = lo > 0 && background_blocked_ ? lo - 1 : lo;
    const int b = hi < n - 1 && background_blocked_ ? hi + 1 : hi;
    for (int i = a; i <= b; ++i) f[static_cast<std::size_t>(i - a)] = (i < lo || i > hi) ? 0.0 : read(i);
    distance_1d(f, d, v, z, b - a + 1);
    for (int i = lo; i <= hi; ++i) write(i, d[static_cast<std::size_t>(i - a)]);
  };
  // Calls fn(first cell, last cell) for each run of active tiles along a line of tiles.
  auto runs = [&](int tiles, int cells, auto&& is_active, auto&& fn) {
    for (int t = 0; t < tiles;) {
      if (!is_active(t)) {
        ++t;
        continue;
      }
      int e = t;
      while (e + 1 < tiles && is_active(e + 1)) ++e;
      fn(t * kSide, std::min(cells, (e + 1) * kSide) - 1);
      t = e + 1;
    }
  };
  for_each_cell_in_tiles(w_, h_, active, [&](int x, int y) {
    if (blocked_.get(x, y) == 0) sq.set(x, y, kFar);  // blocked cells keep 0
  });
  for (int tx = 0; tx < tw; ++tx)  // columns
    for (int x = tx * kSide; x < std::min(w_, (tx + 1) * kSide); ++x)
      runs(th, h_, [&](int ty) { return active(tx, ty); }, [&](int lo, int hi) {
        transform_run(lo, hi, h_, [&](int y) { return sq.get(x, y); }, [&](int y, double value) { sq.set(x, y, value); });
      });
  for (int ty = 0; ty < th; ++ty)  // rows
    for (int y = ty * kSide; y < std::min(h_, (ty + 1) * kSide); ++y)
      runs(tw, w_, [&](int tx) { return active(tx, ty); }, [&](int lo, int hi) {
        transform_run(lo, hi, w_, [&](int x) { return sq.get(x, y); }, [&](int x, double value) { sq.set(x, y, value); });
      });
  // No blocked cell anywhere: report the grid's diagonal as the clearance.
  const double cap = std::hypot(w_, h_) * cell_;
  clearance_ = TiledRaster<float>(w_, h_, 0.0f);
  clearance_.reserve_tiles(active_tiles);
  for_each_cell_in_tiles(w_, h_, active, [&](int x, int y) {
    const double q = sq.get(x, y);
    const double m = q >= kFar * 0.5 ? cap : std::sqrt(q) * cell_;
    clearance_.set(x, y, static_cast<float>(std::min(m, cap)));
  });
  clearance_.shrink_to_fit();
  blocked_.shrink_to_fit();
  cost_index_.shrink_to_fit();
}

}  // namespace racer
