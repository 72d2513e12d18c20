#pragma once
// Minimap: the whole track in a corner of the screen, north up, scaled to fit its box with
// the aspect kept: the road (main loop and branches) as a band with a dark rim, the start
// line, and every car as a coloured dot (the player's bigger, ringed in white, drawn last).
// The outline is taken from the Track once; the cars are plain data passed every frame.
//
// Sections: layout (pure) | Minimap.
#include <span>
#include <vector>

#include <SDL.h>

#include "core/vec2.h"
#include "render/mesh.h"
#include "track/track.h"

namespace racer {

// ---- layout (pure) ----------------------------------------------------------------------

/// A box on screen, px (x right, y down).
struct ScreenRect {
  double x = 0.0, y = 0.0, w = 0.0, h = 0.0;
  bool contains(Vec2 p, double eps = 1e-9) const {
    return p.x >= x - eps && p.x <= x + w + eps && p.y >= y - eps && p.y <= y + h + eps;
  }
};

/// World (m, y up) -> minimap (px, y down): a uniform scale, centred in its box.
struct MinimapTransform {
  double scale = 1.0;  ///< px per m (same on both axes)
  Vec2 world_centre;   ///< m, lands at screen_centre
  Vec2 screen_centre;  ///< px
  Vec2 to_screen(Vec2 w) const {
    return {screen_centre.x + (w.x - world_centre.x) * scale, screen_centre.y - (w.y - world_centre.y) * scale};
  }
};

/// The largest uniform scale that puts the world box [lo, hi] inside `rect` shrunk by
/// `padding_px` on every side, centred. A degenerate box (a point) gets scale 1.
MinimapTransform fit_minimap(Vec2 lo, Vec2 hi, const ScreenRect& rect, double padding_px);

/// Where the minimap goes on a display of the given size (px): the bottom-left corner,
/// at most `max_fraction` of the display height on its longer side, shaped to the track's
/// world extent (m) so there is no empty band.
ScreenRect minimap_rect(double display_w, double display_h, Vec2 world_size, double max_fraction = 0.30);

struct MinimapCar {
  Vec2 position;       ///< m, world
  Rgba colour;         ///< the car's paint
  bool is_player = false;
};

// ---- Minimap ------------------------------------------------------------------------------

class Minimap {
 public:
  /// Copies the outline; the track need not outlive the minimap.
  explicit Minimap(const Track& track);

  /// m, bounding box of the road (edges included).
  Vec2 world_min() const { return lo_; }
  Vec2 world_max() const { return hi_; }
  Vec2 world_size() const { return hi_ - lo_; }
  /// The transform draw() uses for `rect`.
  MinimapTransform transform(const ScreenRect& rect) const;

  /// Draws the plate, the road and the cars in `rect` (see minimap_rect).
  void draw(SDL_Renderer* renderer, const ScreenRect& rect, std::span<const MinimapCar> cars) const;

 private:
  struct Road {
    std::vector<Vec2> points;  ///< m, thinned centreline
    bool closed = true;
    double width = 10.0;       ///< m, mean road width
  };
  std::vector<Road> roads_;  ///< main loop first, then branches
  Gate start_;
  Vec2 lo_, hi_;
};

}  // namespace racer
