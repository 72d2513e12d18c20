#pragma once
// CostGrid: the AI's view of a track: square cells (about 0.5 m), each drivable or not,
// with the distance to the nearest wall or obstacle (an exact Euclidean distance field,
// so clearance is one lookup) and a surface cost (1 on asphalt, more on loose surfaces;
// stored as an index into the grid's few distinct costs).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/vec2.h"

namespace racer {

class CostGrid {
 public:
  CostGrid() = default;
  /// An empty grid of w x h cells of `cell` metres, lower-left corner at `origin`.
  CostGrid(Vec2 origin, double cell, int w, int h);

  int width() const { return w_; }
  int height() const { return h_; }
  double cell_size() const { return cell_; }
  Vec2 origin() const { return origin_; }
  bool in_bounds(int x, int y) const { return x >= 0 && y >= 0 && x < w_ && y < h_; }
  /// Cell containing a world point (may be out of bounds). Inline: the AI's inner loops.
  void cell_of(Vec2 p, int& x, int& y) const {
    x = cell_index((p.x - origin_.x), w_);
    y = cell_index((p.y - origin_.y), h_);
  }
  Vec2 cell_centre(int x, int y) const;

  bool drivable(int x, int y) const { return in_bounds(x, y) && blocked_[index(x, y)] == 0; }
  /// m from the cell centre to the nearest blocked cell's centre (0 inside a blocked cell).
  float clearance(int x, int y) const { return in_bounds(x, y) ? clearance_[index(x, y)] : 0.0f; }
  /// Relative cost of driving through the cell (>= 1), from its surface.
  float surface_cost(int x, int y) const {
    if (!in_bounds(x, y)) return 1e9f;
    return cost_.empty() ? palette_[cost_index_[index(x, y)]] : cost_[index(x, y)];
  }

  /// Bytes the cells hold (capacity included).
  std::size_t memory_bytes() const {
    return blocked_.capacity() + clearance_.capacity() * sizeof(float) + cost_index_.capacity() +
           (palette_.capacity() + cost_.capacity()) * sizeof(float);
  }

  void set_blocked(int x, int y, bool blocked) { blocked_[index(x, y)] = blocked ? 1 : 0; }
  void set_surface_cost(int x, int y, float cost);
  /// Recomputes the clearance field from the blocked cells (exact Euclidean distance
  /// transform, Felzenszwalb-Huttenlocher, O(cells)).
  void compute_clearance();

 private:
  // floor(d / cell) clamped to [-1, n]. Dividing by a power of two is multiplying by its
  // inverse (exactly), and inside the grid the floor is a truncation.
  int cell_index(double d, int n) const {
    const double q = pow2_cell_ ? d * inv_cell_ : d / cell_;
    if (q >= 0.0 && q < static_cast<double>(n)) return static_cast<int>(q);
    const double f = std::floor(q);
    // Clamp before converting so far-away or non-finite points stay out of bounds safely.
    return std::isfinite(f) ? static_cast<int>(std::clamp(f, -1.0, static_cast<double>(n))) : -1;
  }
  std::size_t index(int x, int y) const { return static_cast<std::size_t>(y) * static_cast<std::size_t>(w_) + static_cast<std::size_t>(x); }
  Vec2 origin_;
  double cell_ = 0.5;
  double inv_cell_ = 2.0;   // 1 / cell_
  bool pow2_cell_ = true;   // cell_ is a power of two (so / cell_ == * inv_cell_ exactly)
  int w_ = 0, h_ = 0;
  std::vector<std::uint8_t> blocked_;
  std::vector<float> clearance_;
  // Surface costs: a track has a handful of distinct values, so each cell holds an index
  // into palette_ (one byte instead of a float). A grid given more than 256 distinct costs
  // keeps a float per cell in cost_ instead (cost_ empty: the palette is in use).
  std::vector<std::uint8_t> cost_index_;
  std::vector<float> palette_;
  std::vector<float> cost_;
};

}  // namespace racer
