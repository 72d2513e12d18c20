// The shipped tracks' surface raster and cost grid, cell by cell: a digest of every cell's
// surface and flags (read through Track::surface_at and flags_at at each 0.25 m cell
// centre, a cell's width beyond the raster on every side) and of every cost grid cell's
// drivability, clearance and surface cost (one cell beyond the grid on every side). The
// expected digests are those of the dense rasters the tracks were built into before the
// rasters were tiled (5d7736d): the tiled raster must give every cell the same value. The
// same for two tracks with manual walls (the raster's background is then run-off, not
// beyond the walls), and the tiled raster must stay small.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "track/track.h"

namespace racer {
namespace {

struct Digest {
  std::uint64_t raster = 0, cost = 0;
};

// FNV-1a, 64 bit.
class Fnv {
 public:
  void add(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) h_ = (h_ ^ b[i]) * 1099511628211ull;
  }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 1469598103934665603ull;
};

Digest digest(const Track& t) {
  constexpr double kCell = 0.25;  // m, the raster's cell
  // The raster's origin is 3 m (its margin) below the bounds; cells from 4 before the
  // origin to a few beyond the far side.
  const Vec2 o = t.bounds_min() - Vec2{3.0, 3.0};
  const int w = static_cast<int>((t.bounds_max().x - o.x + 3.0) / kCell) + 8;
  const int h = static_cast<int>((t.bounds_max().y - o.y + 3.0) / kCell) + 8;
  Fnv raster;
  for (int y = -4; y < h; ++y)
    for (int x = -4; x < w; ++x) {
      const Vec2 p = o + Vec2{(x + 0.5) * kCell, (y + 0.5) * kCell};
      const auto s = static_cast<std::uint8_t>(t.surface_at(p));
      const std::uint8_t f = t.flags_at(p);
      raster.add(&s, 1);
      raster.add(&f, 1);
    }
  Fnv cost;
  const CostGrid& g = t.cost_grid();
  for (int y = -1; y <= g.height(); ++y)
    for (int x = -1; x <= g.width(); ++x) {
      const std::uint8_t d = g.drivable(x, y) ? 1 : 0;
      const float c = g.clearance(x, y), s = g.surface_cost(x, y);
      cost.add(&d, 1);
      cost.add(&c, sizeof c);
      cost.add(&s, sizeof s);
    }
  return {raster.value(), cost.value()};
}

std::shared_ptr<const Track> load(const std::string& name, bool manual_walls) {
  const std::string path = std::string(RACER_SOURCE_DIR) + "/tracks/" + name + ".json";
  if (!manual_walls) {
    auto t = Track::load(path);
    return t ? t.value() : nullptr;
  }
  auto spec = load_track_spec(path);
  if (!spec) return nullptr;
  TrackSpec s = spec.value();
  s.walls.automatic = false;  // barriers only: everything in the bounds is run-off
  s.scenery.automatic = false;
  auto t = Track::build(s, path);
  return t ? t.value() : nullptr;
}

struct Expected {
  const char* track;
  bool manual_walls;
  std::uint64_t raster, cost;
};

class ShippedRaster : public ::testing::TestWithParam<Expected> {};

TEST_P(ShippedRaster, EveryCellAsTheDenseRaster) {
  const Expected& e = GetParam();
  const auto track = load(e.track, e.manual_walls);
  ASSERT_TRUE(track);
  const Digest d = digest(*track);
  EXPECT_EQ(d.raster, e.raster) << std::hex << d.raster;
  EXPECT_EQ(d.cost, e.cost) << std::hex << d.cost;
}

INSTANTIATE_TEST_SUITE_P(
    Tracks, ShippedRaster,
    ::testing::Values(Expected{"kestrel_downs", false, 0x352ad48957acccd0ull, 0x485c2dd9dbb34798ull},
                      Expected{"lantern_hill", false, 0x0193533836c3f5ecull, 0xfd4d0c5cac5e854dull},
                      Expected{"port_ardent", false, 0x559d2de3abad3b47ull, 0xd11641efc114f539ull},
                      Expected{"foundry_loop", false, 0x4605d1e4fac87077ull, 0x216aef49bc73399full},
                      Expected{"cragmoor_stage", false, 0xe079958ecc5eebd0ull, 0xfce161d1ca69c5c1ull},
                      Expected{"lantern_hill", true, 0x3d4f5bf04704d6c8ull, 0x0516e01baf09b780ull},
                      Expected{"foundry_loop", true, 0xfc71ca633a70e077ull, 0x3859410a5d57ef31ull}),
    [](const ::testing::TestParamInfo<Expected>& param) {
      return std::string(param.param.track) + (param.param.manual_walls ? "_manual_walls" : "");
    });

// Port Ardent's bounding box is 8.8 million raster cells (8.4 MiB at one byte a cell);
// the tiles along its road corridor hold 1.7 MiB. The bound leaves room for a track edit,
// not for a dense raster.
TEST(ShippedRaster, PortArdentRasterIsTiled) {
  const auto track = load("port_ardent", false);
  ASSERT_TRUE(track);
  EXPECT_LT(track->raster_bytes(), std::size_t{3} << 20);
}

}  // namespace
}  // namespace racer
