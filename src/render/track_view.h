#pragma once
// TrackView: a loaded track drawn as a finished circuit from above. Every mesh is built
// once from the track's geometry (in world metres, see WorldMesh) when the view is made,
// never per frame:
//   ground   the dark land beyond the walls, the run-off band (mown stripes on grass),
//            surface zones, branch and main road (lighter along the crown), kerbs,
//            gravel/sand/dirt grain, edge lines, the chequered start line, grid boxes
//            and the scenery's water, aprons and shadows (render/scenery_view.h)
//   objects  walls and barriers (light/dark blocks on a dark footing, with a shadow),
//            obstacles (tyre stacks, cones, barrier blocks and trucks), and the scenery
//            beyond the walls (track/scenery.h places it by the track's theme)
//   overhead the start gantry's beam, over the cars
// The skid marks go between the first two, the cars between the last two.
#include <vector>

#include <SDL.h>

#include "render/camera.h"
#include "render/world_mesh.h"
#include "track/track.h"

namespace racer {

class TrackView {
 public:
  explicit TrackView(const Track& track);

  /// Clears the frame to the land colour and draws everything under the cars.
  void draw_ground(SDL_Renderer* renderer, const Camera& camera) const;
  /// Walls, obstacles and scenery: drawn after the skid marks, before the cars.
  void draw_objects(SDL_Renderer* renderer, const Camera& camera) const;
  /// What stands over the road (the start gantry's beam): drawn after the cars.
  void draw_overhead(SDL_Renderer* renderer, const Camera& camera) const;
  std::size_t triangle_count() const;

 private:
  Rgba land_;
  std::vector<WorldMesh> ground_, objects_;  ///< layers in drawing order
  WorldMesh overhead_;
};

/// Colour a surface is painted in on a track (the road's, a zone's, the run-off's).
Rgba track_surface_colour(Surface s);

}  // namespace racer
