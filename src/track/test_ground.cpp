#include "track/test_ground.h"

namespace racer {

TestGround::TestGround() : half_size_(300.0) {
  // A row of 40 m x 60 m patches north of the start, one per loose surface, and a kerb
  // strip and an ice rink to the east. The start (origin) and the long run south and west
  // stay asphalt, so acceleration and braking runs have room.
  const double y0 = 40.0, y1 = 100.0;
  double x = -120.0;
  for (Surface s : {Surface::Grass, Surface::Gravel, Surface::Sand, Surface::Dirt, Surface::Ice}) {
    patches_.push_back({s, {x, y0}, {x + 40.0, y1}});
    x += 50.0;
  }
  for (int i = 0; i < 10; ++i) {  // kerb ribs: alternating 1 m strips across a 20 m run
    const double kx = 150.0 + 2.0 * i;
    patches_.push_back({Surface::Kerb, {kx, -10.0}, {kx + 1.0, 10.0}});
  }
  patches_.push_back({Surface::Ice, {180.0, -60.0}, {260.0, 60.0}});
}

Surface TestGround::surface_at(Vec2 p) const {
  for (const SurfacePatch& patch : patches_)
    if (p.x >= patch.min.x && p.x <= patch.max.x && p.y >= patch.min.y && p.y <= patch.max.y)
      return patch.surface;
  return (p.x < -half_size_ || p.x > half_size_ || p.y < -half_size_ || p.y > half_size_)
             ? Surface::Grass
             : Surface::Asphalt;
}

}  // namespace racer
