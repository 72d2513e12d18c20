#pragma once
// Scenery placement: the list of objects that stand around a circuit (grandstands, pit
// building, start gantry, tyre walls and boards, marshal posts, buildings, trees, bushes,
// rocks, water), from the track's `scenery` section: its explicit objects first, then,
// when `automatic`, objects placed by the theme. Pure and deterministic: the result
// depends only on the track (its seed is a hash of the track's name and control points),
// so the same file always gives the same list. Visual only: nothing here reaches the
// simulation.
//
// Every object stands on the land beyond the walls: each of its footprint's boxes, grown
// by a margin, lies where the surface map says "outside" (never on the road, the run-off
// or a wall), clear of obstacles and barriers, and automatic objects never overlap each
// other or the explicit ones. The one part allowed over the road is the start gantry's
// beam (it is overhead; its posts are its footprint).
#include <cstdint>
#include <vector>

#include "core/vec2.h"
#include "track/scenery_spec.h"

namespace racer {

class Track;

/// One placed object. Boxes have their front towards `facing`; the length runs across it.
struct SceneryItem {
  SceneryKind kind = SceneryKind::Tree;
  Vec2 position;        ///< m, centre
  double facing = 0.0;  ///< rad, direction the front faces (counter-clockwise from east)
  double length = 4.0;  ///< m along the front (diameter of round kinds)
  double depth = 4.0;   ///< m front to back
  int variant = 0;      ///< 0..7: colours and shape within the kind
  int source = -1;      ///< index in the file's "objects", or -1 when placed automatically
};

/// A rectangle on the ground: centre, unit axis of its length, half sizes (m).
struct SceneryBox {
  Vec2 centre;
  Vec2 axis{1.0, 0.0};
  double half_length = 0.5, half_width = 0.5;
};

struct SceneryLayout {
  SceneryTheme theme = SceneryTheme::Downs;
  std::uint64_t seed = 0;  ///< from the track's data
  std::vector<SceneryItem> items;  ///< in drawing order is not implied; see scenery_view
};

/// Margin, m, kept between any footprint and the run-off's edge (the wall stands there).
inline constexpr double kSceneryWallMargin = 1.2;

/// The parts of an item that stand on the ground: one box (the bounding square of a round
/// kind), or a gantry's two posts.
std::vector<SceneryBox> scenery_footprint(const SceneryItem& item);
/// Whether every footprint box, grown by `margin` m, lies beyond the walls on the surface
/// map (sampled every 0.25 m, the raster's cell) and clear of obstacles.
bool scenery_clear_of_track(const Track& track, const SceneryItem& item, double margin);
/// Whether two items' footprints overlap (boxes, exact separating-axis test).
bool scenery_overlap(const SceneryItem& a, const SceneryItem& b);
/// The item an explicit object stands for (its variant chosen from its position when -1).
SceneryItem scenery_item(const SceneryObjectSpec& object, int source);

/// The seed of a track's scenery: a hash of its name and control points.
std::uint64_t scenery_seed(const Track& track);
/// Everything that stands around the track: explicit objects, then automatic ones.
SceneryLayout place_scenery(const Track& track);

}  // namespace racer
