#pragma once
// CostGrid: the AI's view of a track: square cells (about 0.5 m), each drivable or not,
// with the distance to the nearest wall or obstacle (an exact Euclidean distance field,
// so clearance is one lookup) and a surface cost (1 on asphalt, more on loose surfaces;
// stored as an index into the grid's few distinct costs).
//
// Sparse: the cells are tiled (TiledRaster, 32 x 32 cells); tiles that hold only the
// background value share one tile. A track's grid has a blocked background (everything
// beyond the walls), so only the tiles along the road corridor take memory, and the
// distance transform visits only those.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/vec2.h"
#include "track/tiled_raster.h"

namespace racer {

class CostGrid {
 public:
  CostGrid() = default;
  /// An empty grid of w x h cells of `cell` metres, lower-left corner at `origin`: every
  /// cell drivable at cost 1, or (background_blocked) every cell blocked at cost
  /// `background_cost` (>= 1), the start of a sparse grid whose drivable cells are set.
  CostGrid(Vec2 origin, double cell, int w, int h, bool background_blocked = false, float background_cost = 1.0f);

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

  bool drivable(int x, int y) const { return in_bounds(x, y) && blocked_.get(x, y) == 0; }
  /// m from the cell centre to the nearest blocked cell's centre (0 inside a blocked cell).
  float clearance(int x, int y) const { return in_bounds(x, y) ? clearance_.get(x, y) : 0.0f; }
  /// Relative cost of driving through the cell (>= 1), from its surface.
  float surface_cost(int x, int y) const {
    if (!in_bounds(x, y)) return 1e9f;
    return float_costs_ ? cost_.get(x, y) : palette_[cost_index_.get(x, y)];
  }

  /// Bytes the cells hold (tiles and their index, capacity included).
  std::size_t memory_bytes() const {
    return blocked_.memory_bytes() + clearance_.memory_bytes() + cost_index_.memory_bytes() + cost_.memory_bytes() +
           palette_.capacity() * sizeof(float);
  }
  /// Tiles of 32 x 32 cells with storage of their own (blocked, clearance and cost alike).
  std::size_t stored_tiles() const { return std::max(blocked_.stored_tiles(), clearance_.stored_tiles()); }

  /// Makes room for `tiles` stored tiles of 32 x 32 cells (the ones about to be set).
  void reserve_tiles(std::size_t tiles) {
    blocked_.reserve_tiles(tiles);
    cost_index_.reserve_tiles(tiles);
  }
  void set_blocked(int x, int y, bool blocked) { blocked_.set(x, y, blocked ? 1 : 0); }
  void set_surface_cost(int x, int y, float cost);
  /// Recomputes the clearance field from the blocked cells (exact Euclidean distance
  /// transform, Felzenszwalb-Huttenlocher). With a blocked background it visits only the
  /// stored tiles (O(stored cells)); otherwise every cell (O(cells)).
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
  Vec2 origin_;
  double cell_ = 0.5;
  double inv_cell_ = 2.0;   // 1 / cell_
  bool pow2_cell_ = true;   // cell_ is a power of two (so / cell_ == * inv_cell_ exactly)
  int w_ = 0, h_ = 0;
  bool background_blocked_ = false;
  TiledRaster<std::uint8_t> blocked_;  // 1 = blocked
  TiledRaster<float> clearance_;       // m
  // Surface costs: a track has a handful of distinct values, so each cell holds an index
  // into palette_ (one byte instead of a float). A grid given more than 256 distinct costs
  // keeps a float per cell in cost_ instead (float_costs_).
  TiledRaster<std::uint8_t> cost_index_;
  std::vector<float> palette_;
  TiledRaster<float> cost_;
  bool float_costs_ = false;
};

}  // namespace racer
