#pragma once
// TrackBackdrop: a TrackView drawn once into a texture, north up at one scale, then copied
// to the screen each frame for a view that only moves (the menus' backdrop flight along a
// track). Drawing the track's meshes every frame cost the main menu a whole core in
// software GL; a copy of the visible part costs a fraction of that.
#include <SDL.h>

#include "core/vec2.h"
#include "render/camera.h"
#include "render/track_view.h"

namespace racer {

class TrackBackdrop {
 public:
  /// `view` must outlive the backdrop. `bounds_min/max`: the track's extent (m);
  /// `view_height_m`: metres visible top to bottom.
  TrackBackdrop(const TrackView& view, Vec2 bounds_min, Vec2 bounds_max, double view_height_m);
  ~TrackBackdrop();
  TrackBackdrop(const TrackBackdrop&) = delete;
  TrackBackdrop& operator=(const TrackBackdrop&) = delete;

  /// Fills the `width` x `height` px target with the track centred on `eye` (m). The
  /// texture is drawn on the first call and again when the size changes; if it cannot be
  /// made (too large for the renderer, no render targets) the meshes are drawn directly.
  void draw(SDL_Renderer* renderer, int width, int height, Vec2 eye);
  /// Frees the texture (a race does not need it); the next draw() makes it again.
  void release();
  /// Times the track was drawn into the texture (tests).
  int textures_drawn() const { return textures_drawn_; }
  /// Whether the last draw() copied the texture (false: drew the meshes).
  bool cached() const { return texture_ != nullptr; }

 private:
  bool make_texture(SDL_Renderer* renderer, int width, int height);

  const TrackView& view_;
  Vec2 bounds_min_, bounds_max_;
  double view_height_m_;
  SDL_Texture* texture_ = nullptr;
  SDL_Renderer* texture_renderer_ = nullptr;  ///< the renderer the texture belongs to
  int for_width_ = 0, for_height_ = 0;        ///< px, the viewport it was made for
  Camera texture_camera_;                     ///< world -> texture pixels
  int textures_drawn_ = 0;
};

}  // namespace racer
