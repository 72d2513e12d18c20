// Track build phases: the grid slots (pole on the inside of the first corner), then the
// checks of what stands where: every slot's car footprint on the road and clear of
// obstacles and barriers, no obstacle on the start line or beyond the walls, and every
// explicit scenery object beyond the walls.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "track/scenery.h"
#include "track/track_build.h"

namespace racer {

using namespace track_build;

namespace {

constexpr double kCarLength = 4.8;         // m, grid slot footprint
constexpr double kCarWidth = 2.0;          // m

}  // namespace

void TrackBuilder::place_grid() {
  const GridSpec& g = spec().grid;
  const double L = main().length();
  // Pole on the inside of the first corner: the side the next 200 m turn towards.
  double turn = 0.0;
  for (double d = 0.0; d < std::min(200.0, L); d += kSampleSpacing) turn += main().at(s_line_ + d).curvature;
  const double pole_side = turn < 0.0 ? -1.0 : 1.0;
  for (int i = 0; i < g.slots; ++i) {
    const int row = i / g.columns, col = i % g.columns;
    const double back = g.first_offset + row * g.spacing + col * g.spacing / g.columns;
    const CentreSample c = main().at(s_line_ - back);
    const double lateral = c.width * (0.5 - (col + 0.5) / g.columns) * pole_side;
    track_->grid_.push_back({c.position + c.normal * lateral, std::atan2(c.tangent.y, c.tangent.x)});
  }
}

void TrackBuilder::check_placements() {
  const Track& t = *track_;
  for (std::size_t i = 0; i < t.grid_.size(); ++i) {
    const Pose& pose = t.grid_[i];
    const Box car{pose.position, from_angle(pose.heading), 0.5 * kCarLength, 0.5 * kCarWidth};
    const std::string slot = "grid slot " + std::to_string(i + 1) + " " + fmt_xy(pose.position);
    bool on_road = true;
    for (int a = 0; a <= 6 && on_road; ++a)
      for (int b = 0; b <= 2 && on_road; ++b) {
        const Vec2 p = car.centre + car.axis * (car.half_length * (a / 3.0 - 1.0)) +
                       perp(car.axis) * (car.half_width * (b - 1.0));
        on_road = t.on_road(p);
      }
    if (!on_road) {
      problem("/grid", slot + " is not on the road: a 4.8 x 2 m car there would stand off the road or in a wall");
      continue;
    }
    for (std::size_t o = 0; o < spec().obstacles.size(); ++o)
      if (obstacle_hits_box(spec().obstacles[o], car)) {
        problem("/obstacles/" + std::to_string(o), slot + " is on obstacle " + std::to_string(o) + " (" + spec().obstacles[o].kind + ")");
        break;
      }
    for (std::size_t w = 0; w < spec().walls.barriers.size(); ++w) {
      const auto& bar = spec().walls.barriers[w];
      bool hit = false;
      for (std::size_t k = 0; k + 1 < bar.size() && !hit; ++k) hit = segment_hits_box(bar[k], bar[k + 1], car);
      if (hit) {
        problem("/walls/barriers/" + std::to_string(w), slot + " is on barrier " + std::to_string(w));
        break;
      }
    }
  }
  const Gate& line = t.stations_.front().gates.front();
  for (std::size_t o = 0; o < spec().obstacles.size(); ++o)
    if (obstacle_hits_segment(spec().obstacles[o], line.a, line.b))
      problem("/obstacles/" + std::to_string(o), "obstacle " + std::to_string(o) + " (" + spec().obstacles[o].kind + ") " +
                                                     fmt_xy(spec().obstacles[o].position) + " is on the start line");
  // An obstacle beyond the walls is a mistake in the file: no car can ever reach it.
  for (std::size_t o = 0; o < spec().obstacles.size(); ++o)
    if (t.flags_at(spec().obstacles[o].position) & kCellOutside)
      problem("/obstacles/" + std::to_string(o), "obstacle " + std::to_string(o) + " (" + spec().obstacles[o].kind + ") " +
                                                     fmt_xy(spec().obstacles[o].position) +
                                                     " is outside the walls, where no car can reach it");
}

// Scenery is visual only and stands on the land beyond the walls: an object on the road,
// in the run-off or on a wall would be driven through.
void TrackBuilder::check_scenery() {
  const auto& objects = spec().scenery.objects;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const SceneryItem it = scenery_item(objects[i], static_cast<int>(i));
    if (scenery_clear_of_track(*track_, it, kSceneryWallMargin)) continue;
    problem("/scenery/objects/" + std::to_string(i),
            "scenery object " + std::to_string(i) + " (" + std::string(scenery_kind_name(it.kind)) + ") " +
                fmt_xy(it.position) + " reaches onto the road, the run-off, a wall or an obstacle; scenery must stand " +
                "at least " + fmt_m(kSceneryWallMargin) + " m beyond the walls");
  }
}

}  // namespace racer
