// TiledRaster: every cell reads back what was last written, as a dense array would, and
// only tiles holding a value other than the background take storage.
#include "track/tiled_raster.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace racer {
namespace {

// Random writes (a third of them the background value) into a raster whose sides are not
// multiples of the tile: every cell, the partial tiles at the right and top edges
// included, equals a dense reference.
TEST(TiledRaster, ReadsBackLikeADenseArray) {
  for (const auto& [w, h] : {std::pair{1, 1}, std::pair{33, 7}, std::pair{100, 65}, std::pair{64, 64}}) {
    TiledRaster<std::uint8_t> r(w, h, 7);
    std::vector<std::uint8_t> dense(static_cast<std::size_t>(w * h), 7);
    std::mt19937 rng(static_cast<unsigned>(w * 1000 + h));
    for (int n = 0; n < 2000; ++n) {
      const int x = static_cast<int>(rng() % static_cast<unsigned>(w)), y = static_cast<int>(rng() % static_cast<unsigned>(h));
      const auto v = static_cast<std::uint8_t>(rng() % 3 == 0 ? 7 : rng() % 256);
      r.set(x, y, v);
      dense[static_cast<std::size_t>(y * w + x)] = v;
    }
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) ASSERT_EQ(r.get(x, y), dense[static_cast<std::size_t>(y * w + x)]) << w << "x" << h << " at " << x << "," << y;
  }
}

TEST(TiledRaster, OnlyTilesWithOtherValuesAreStored) {
  TiledRaster<float> r(1000, 1000, -1.0f);  // 32 x 32 tiles of 32 x 32 cells
  EXPECT_EQ(r.stored_tiles(), 0u);
  r.set(5, 5, -1.0f);  // the background: nothing to store
  EXPECT_EQ(r.stored_tiles(), 0u);
  r.set(5, 5, 2.5f);
  r.set(31, 31, 3.0f);  // the same tile
  EXPECT_EQ(r.stored_tiles(), 1u);
  r.set(32, 31, 4.0f);  // the next tile along x
  r.set(999, 999, 5.0f);  // the last, partial tile
  EXPECT_EQ(r.stored_tiles(), 3u);
  EXPECT_FLOAT_EQ(r.get(5, 5), 2.5f);
  EXPECT_FLOAT_EQ(r.get(6, 5), -1.0f);  // a stored tile's other cells keep the background
  EXPECT_FLOAT_EQ(r.get(500, 500), -1.0f);
  EXPECT_FLOAT_EQ(r.get(999, 999), 5.0f);
  r.set(5, 5, -1.0f);  // back to the background inside a stored tile: stored, reads back
  EXPECT_FLOAT_EQ(r.get(5, 5), -1.0f);
  r.shrink_to_fit();
  // 4 tiles (the shared background one included) of 1024 floats, and 1024 tile slots:
  // a dense raster would hold 1e6 floats.
  EXPECT_EQ(r.memory_bytes(), 4u * 1024u * sizeof(float) + 1024u * sizeof(std::uint32_t));
}

TEST(TiledRaster, EmptyRasterHasNoCells) {
  TiledRaster<std::uint8_t> r(0, 0, 1);
  EXPECT_FALSE(r.in_bounds(0, 0));
  EXPECT_EQ(r.stored_tiles(), 0u);
  const TiledRaster<std::uint8_t> d;
  EXPECT_FALSE(d.in_bounds(0, 0));
}

}  // namespace
}  // namespace racer
