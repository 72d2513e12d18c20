#pragma once
// TiledRaster: a w x h grid of small values stored in square tiles of 32 x 32 cells, where
// every tile that holds only the background value is one shared tile. A track's cells are
// mostly far from any road and all alike (beyond the walls, run-off surface), so only the
// tiles along the road corridor take memory; a read is two loads (the tile's slot, then
// the cell) and no branch.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace racer {

template <typename T>
class TiledRaster {
 public:
  static constexpr int kShift = 5;                ///< tiles are 2^kShift cells on a side
  static constexpr int kSide = 1 << kShift;       ///< 32 cells
  static constexpr std::size_t kTileCells = std::size_t{1} << (2 * kShift);

  TiledRaster() = default;
  /// w x h cells (>= 0), all `background`.
  TiledRaster(int w, int h, T background)
      : w_(w > 0 ? w : 0), h_(h > 0 ? h : 0), tiles_w_((w_ + kSide - 1) >> kShift),
        tiles_h_((h_ + kSide - 1) >> kShift), background_(background),
        slot_(static_cast<std::size_t>(tiles_w_) * static_cast<std::size_t>(tiles_h_), 0),
        cells_(kTileCells, background) {}

  int width() const { return w_; }
  int height() const { return h_; }
  /// Tiles across and down (the last ones may reach beyond the raster's cells).
  int tiles_w() const { return tiles_w_; }
  int tiles_h() const { return tiles_h_; }
  T background() const { return background_; }
  /// Whether tile (tx, ty) (in [0, tiles_w) x [0, tiles_h)) has storage of its own: the
  /// cells of a tile without are all the background.
  bool tile_stored(int tx, int ty) const { return slot_[static_cast<std::size_t>(ty) * static_cast<std::size_t>(tiles_w_) + static_cast<std::size_t>(tx)] != 0; }
  bool in_bounds(int x, int y) const { return x >= 0 && y >= 0 && x < w_ && y < h_; }

  /// The cell's value; (x, y) must be in bounds.
  T get(int x, int y) const { return cells_[offset(slot_[tile(x, y)], x, y)]; }
  /// Sets a cell; a background tile gets storage of its own only when a value differs.
  void set(int x, int y, T value) {
    std::uint32_t& s = slot_[tile(x, y)];
    if (s == 0) {
      if (value == background_) return;
      s = static_cast<std::uint32_t>(cells_.size() / kTileCells);
      cells_.insert(cells_.end(), kTileCells, background_);
    }
    *(cells_.data() + offset(s, x, y)) = value;
  }

  /// Tiles with storage of their own (the shared background tile not counted).
  std::size_t stored_tiles() const { return cells_.empty() ? 0 : cells_.size() / kTileCells - 1; }
  /// Bytes held (tile slots and cells, capacity included).
  std::size_t memory_bytes() const { return slot_.capacity() * sizeof(std::uint32_t) + cells_.capacity() * sizeof(T); }
  /// Makes room for `tiles` stored tiles in all, so a raster whose tiles are counted first
  /// grows without reallocating (and never holds twice its size while growing).
  void reserve_tiles(std::size_t tiles) { cells_.reserve((tiles + 1) * kTileCells); }
  /// Frees the spare capacity left by growing tile by tile (once the raster is complete).
  void shrink_to_fit() {
    slot_.shrink_to_fit();
    cells_.shrink_to_fit();
  }

 private:
  std::size_t tile(int x, int y) const {
    return static_cast<std::size_t>(y >> kShift) * static_cast<std::size_t>(tiles_w_) + static_cast<std::size_t>(x >> kShift);
  }
  static std::size_t offset(std::uint32_t slot, int x, int y) {
    return (static_cast<std::size_t>(slot) << (2 * kShift)) |
           (static_cast<std::size_t>(y & (kSide - 1)) << kShift) | static_cast<std::size_t>(x & (kSide - 1));
  }

  int w_ = 0, h_ = 0, tiles_w_ = 0, tiles_h_ = 0;
  T background_{};
  std::vector<std::uint32_t> slot_;  // per tile, row-major: its index in cells_ / kTileCells; 0 = the background tile
  std::vector<T> cells_;             // tile 0 (the background) first, then the stored tiles
};

/// Calls fn(x, y) for every cell of a w x h grid (cells >= 0) that lies in a tile of
/// TiledRaster's side for which active(tx, ty) holds: tile by tile in row-major order, each
/// tile's cells row by row.
template <typename Active, typename Fn>
void for_each_cell_in_tiles(int w, int h, Active&& active, Fn&& fn) {
  constexpr int kSide = TiledRaster<std::uint8_t>::kSide;
  const int tiles_w = (w + kSide - 1) / kSide, tiles_h = (h + kSide - 1) / kSide;
  for (int ty = 0; ty < tiles_h; ++ty)
    for (int tx = 0; tx < tiles_w; ++tx) {
      if (!active(tx, ty)) continue;
      for (int y = ty * kSide; y < std::min(h, (ty + 1) * kSide); ++y)
        for (int x = tx * kSide; x < std::min(w, (tx + 1) * kSide); ++x) fn(x, y);
    }
}

}  // namespace racer
