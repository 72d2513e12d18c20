#pragma once
// Minimap: the whole track in a corner of the screen, north up, scaled to fit its box with
// the aspect kept: the road (main loop and branches) as a band with a dark rim, the start
// line, and every car as a coloured dot (the player's bigger, ringed in white, drawn last).
// The outline is taken from the Track once; the cars are plain data passed every frame.
// The plate, the road and the start line (thousands of small feathered triangles) are drawn
// once into a texture per box, with premultiplied alpha, and copied under the dots each
// frame: the same picture for a fraction of the software renderer's work.
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
  ~Minimap();
  Minimap(const Minimap&) = delete;
  Minimap& operator=(const Minimap&) = delete;

  /// m, bounding box of the road (edges included).
  Vec2 world_min() const { return lo_; }
  Vec2 world_max() const { return hi_; }
  Vec2 world_size() const { return hi_ - lo_; }
  /// The transform draw() uses for `rect`.
  MinimapTransform transform(const ScreenRect& rect) const;

  /// Draws the plate, the road and the cars in `rect` (see minimap_rect). The plate and
  /// road come from the texture, made on the first call and again when the rect changes;
  /// if it cannot be made (no render targets or custom blend modes) they are drawn directly.
  void draw(SDL_Renderer* renderer, const ScreenRect& rect, std::span<const MinimapCar> cars) const;
  /// Whether draw() may use the texture (default yes); off, it draws everything directly.
  void set_cached(bool on) const;
  /// Times the plate and road were drawn into the texture (tests).
  int textures_drawn() const { return textures_drawn_; }
  /// Whether the last draw() copied the texture.
  bool cached() const { return texture_ != nullptr; }

 private:
  /// The plate, the road and the start line for `rect` into `m` (screen px).
  void draw_static(Mesh& m, const ScreenRect& rect) const;
  bool make_texture(SDL_Renderer* renderer, const ScreenRect& rect) const;

  struct Road {
    std::vector<Vec2> points;  ///< m, thinned centreline
    bool closed = true;
    double width = 10.0;       ///< m, mean road width
  };
  std::vector<Road> roads_;  ///< main loop first, then branches
  Gate start_;
  Vec2 lo_, hi_;
  // The texture of draw_static for one rect: its top-left corner on screen (whole px).
  mutable SDL_Texture* texture_ = nullptr;
  mutable SDL_Renderer* texture_renderer_ = nullptr;
  mutable ScreenRect texture_rect_{};
  mutable int texture_x_ = 0, texture_y_ = 0, texture_w_ = 0, texture_h_ = 0;
  mutable int textures_drawn_ = 0;
  mutable bool use_texture_ = true;
};

}  // namespace racer
