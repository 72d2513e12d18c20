// Track build phase: the AI's cost grid (0.5 m cells) from the surface raster: cells
// beyond the walls, on the grid's border, under obstacles or on barriers are blocked;
// the others cost by their surface. The clearance (distance field) is computed last.
// Sparse like the surface raster: the grid's background is blocked, and only its tiles
// over stored tiles of the surface raster (the road corridor) are visited and stored.
// Beyond the corridor every cell is beyond the walls, so this is the dense grid's every
// value. A track without automatic walls has run-off everywhere, drivable up to the
// bounding box's border: its grid is dense (compute_bounds limits its box).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "track/track_build.h"

namespace racer {

using namespace track_build;

namespace {

constexpr double kCostCell = 0.5;          // m, AI cost grid

float surface_cost(Surface s) {
  switch (s) {
    case Surface::Asphalt: case Surface::Kerb: return 1.0f;
    case Surface::Dirt: return 1.5f;
    case Surface::Gravel: return 2.0f;
    case Surface::Grass: return 3.0f;
    case Surface::Ice: return 3.0f;
    case Surface::Sand: return 4.0f;
    case Surface::Count: break;
  }
  return 1.0f;
}

}  // namespace

void TrackBuilder::build_cost_grid() {
  Track& t = *track_;
  const int w = static_cast<int>(std::ceil(t.raster_w_ * kRasterCell / kCostCell));
  const int h = static_cast<int>(std::ceil(t.raster_h_ * kRasterCell / kCostCell));
  const bool sparse = spec().walls.automatic;
  CostGrid grid(t.raster_origin_, kCostCell, w, h, sparse, sparse ? surface_cost(spec().runoff.surface) : 1.0f);
  // A cost tile covers `ratio` x `ratio` surface tiles (the origins coincide).
  constexpr int kSide = TiledRaster<std::uint8_t>::kSide;
  constexpr int ratio = static_cast<int>(kCostCell / kRasterCell);
  static_assert(ratio * kRasterCell == kCostCell, "a cost cell is a whole number of raster cells");
  auto corridor = [&](int tx, int ty) {
    if (!sparse) return true;
    for (int sy = ty * ratio; sy < std::min(t.cells_.tiles_h(), (ty + 1) * ratio); ++sy)
      for (int sx = tx * ratio; sx < std::min(t.cells_.tiles_w(), (tx + 1) * ratio); ++sx)
        if (t.cells_.tile_stored(sx, sy)) return true;
    return false;
  };
  const int tiles_w = (w + kSide - 1) / kSide, tiles_h = (h + kSide - 1) / kSide;
  std::size_t stored = 0;
  for (int ty = 0; ty < tiles_h; ++ty)
    for (int tx = 0; tx < tiles_w; ++tx) stored += corridor(tx, ty) ? 1 : 0;
  grid.reserve_tiles(stored);
  for_each_cell_in_tiles(w, h, corridor, [&](int x, int y) {
    const Vec2 p = grid.cell_centre(x, y);
    const bool border = x == 0 || y == 0 || x == w - 1 || y == h - 1;
    grid.set_blocked(x, y, border || (t.flags_at(p) & kCellOutside) != 0);
    grid.set_surface_cost(x, y, surface_cost(t.surface_at(p)));
  });
  auto cells_near = [&](Vec2 lo, Vec2 hi, auto&& fn) {
    int x0, y0, x1, y1;
    grid.cell_of(lo, x0, y0);
    grid.cell_of(hi, x1, y1);
    for (int y = std::max(0, y0); y <= std::min(h - 1, y1); ++y)
      for (int x = std::max(0, x0); x <= std::min(w - 1, x1); ++x) fn(x, y);
  };
  const double half = 0.5 * kCostCell;
  for (const ObstacleSpec& o : spec().obstacles) {
    const double r = o.shape == ObstacleShape::Circle ? o.radius : std::hypot(o.half_length, o.half_width);
    cells_near(o.position - Vec2{r, r}, o.position + Vec2{r, r}, [&](int x, int y) {
      if (obstacle_hits_box(o, Box{grid.cell_centre(x, y), {1.0, 0.0}, half, half})) grid.set_blocked(x, y, true);
    });
  }
  for (const auto& bar : spec().walls.barriers)
    for (std::size_t k = 0; k + 1 < bar.size(); ++k) {
      const Vec2 a = bar[k], b = bar[k + 1];
      cells_near({std::min(a.x, b.x), std::min(a.y, b.y)}, {std::max(a.x, b.x), std::max(a.y, b.y)}, [&](int x, int y) {
        if (segment_hits_box(a, b, Box{grid.cell_centre(x, y), {1.0, 0.0}, half, half})) grid.set_blocked(x, y, true);
      });
    }
  grid.compute_clearance();
  t.cost_grid_ = std::move(grid);
}

}  // namespace racer
