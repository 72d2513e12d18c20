// Tracks beyond the old size limit (a dense raster over a bounding box of at most about
// 2 square km): a narrow 11.8 km circuit in a 4 x 3 km box (tests/track/big/, written by
// tools/make-circuit.py) loads, its rasters are sparse (memory follows the road corridor,
// not the box), and a box beyond the real limit is refused with a message.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "test_paths.h"
#include "track/track.h"

namespace racer {
namespace {

// Loaded once for the tests below (a second or more under the sanitizers).
std::shared_ptr<const Track> load_big() {
  static const std::shared_ptr<const Track> track = [] {
    auto t = Track::load(test::source_path("tests/track/big/big_box_4x3km.json"));
    EXPECT_TRUE(t.ok()) << t.error_text();
    return t.ok() ? t.value() : nullptr;
  }();
  return track;
}

TEST(BigTrack, LoadsBeyondTheOldLimit) {
  const auto track = load_big();
  ASSERT_TRUE(track);
  const Vec2 size = track->bounds_max() - track->bounds_min();
  EXPECT_GT(size.x * size.y, 11e6);  // m^2: over five times the old limit
  EXPECT_GT(track->centreline().length(), 11000.0);
  // On the road, on the start line; the middle of the box is beyond the walls, and the
  // AI's grid there is blocked with no clearance.
  const Gate& line = track->start_line();
  EXPECT_EQ(track->surface_at((line.a + line.b) * 0.5), Surface::Asphalt);
  EXPECT_TRUE(track->on_road((line.a + line.b) * 0.5));
  const Vec2 middle = (track->bounds_min() + track->bounds_max()) * 0.5;
  EXPECT_NE(track->flags_at(middle) & kCellOutside, 0);
  int x = 0, y = 0;
  const CostGrid& grid = track->cost_grid();
  grid.cell_of(middle, x, y);
  EXPECT_FALSE(grid.drivable(x, y));
  EXPECT_EQ(grid.clearance(x, y), 0.0f);
  grid.cell_of((line.a + line.b) * 0.5, x, y);
  EXPECT_TRUE(grid.drivable(x, y));
  EXPECT_GT(grid.clearance(x, y), 4.0f);  // half the 8 m road at least
  for (const Pose& slot : track->grid()) EXPECT_TRUE(track->on_road(slot.position));
}

// Dense, the box would take 184 MB of surface raster (a byte per 0.25 m cell) and 276 MB
// of cost grid (6 bytes per 0.5 m cell). Sparse, the corridor (8 m road, 5 m run-off, the
// tiles' rounding: about 40 m wide) takes a few MB of each: 48 MB leaves room for a wider
// road, not for a dense raster.
TEST(BigTrack, MemoryFollowsTheCorridor) {
  const auto track = load_big();
  ASSERT_TRUE(track);
  EXPECT_LT(track->raster_bytes() + track->cost_grid().memory_bytes(), std::size_t{48} << 20);
  const double side = track->corridor_tile_size();
  const double corridor = static_cast<double>(track->corridor_tiles().size()) * side * side;
  EXPECT_LT(corridor, 60.0 * track->centreline().length());  // m^2: about 40 m wide
  EXPECT_GT(corridor, 21.0 * track->centreline().length());  // the road and run-offs at least
}

// The bounding box may be up to 400 km^2; one beyond is refused, located at the centreline.
TEST(BigTrack, ABoxBeyondTheLimitIsRefused) {
  auto spec = load_track_spec(test::source_path("tests/track/big/big_box_4x3km.json"));
  ASSERT_TRUE(spec.ok()) << spec.error_text();
  TrackSpec s = spec.value();
  ObstacleSpec far;
  far.position = {19000.0, 19000.0};
  s.obstacles.push_back(far);
  far.position = {-19000.0, -19000.0};
  s.obstacles.push_back(far);
  const auto t = Track::build(s, "far.json");
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.error_text().find("may cover at most 400 square km"), std::string::npos) << t.error_text();
}

}  // namespace
}  // namespace racer
