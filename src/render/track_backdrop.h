#pragma once
// TrackBackdrop: the menus' backdrop, a flight over a track in a dim, flat palette. The
// land is the frame's clear colour; the run-off and the road surface (side by side along a
// simplified centreline), the ponds and the large scenery items' footprints are opaque
// triangles drawn with blending off, only those in view.
//
// Why this shape: under Mesa's llvmpipe (the software GL the game is measured on) a frame
// costs its pixels and its triangles. A clear is nearly free; an opaque untextured pixel
// costs about half a blended one; a full-screen texture copy more than a whole opaque
// screen; a triangle about 1 us, as much as 400 opaque pixels. The track's own view
// (render/track_view.h: grain, fringes, shadows, tens of thousands of triangles) costs
// 130 ms a frame there, a cached copy of it in a texture 6-10 ms. This one fills about an
// eighth of the view at 380 m, with a few hundred triangles, and holds no texture.
#include <cstddef>
#include <vector>

#include <SDL.h>

#include "core/vec2.h"
#include "render/mesh.h"
#include "render/world_mesh.h"
#include "track/track.h"

namespace racer {

class TrackBackdrop {
 public:
  /// Builds the meshes from `track` (not kept). `view_height_m`: metres visible top to bottom.
  TrackBackdrop(const Track& track, double view_height_m);

  /// Clears the `width` x `height` px target to the land and draws the track centred on
  /// `eye` (m), north up. Leaves the renderer's draw colour and blend mode as they were.
  void draw(SDL_Renderer* renderer, int width, int height, Vec2 eye) const;

  /// The clear colour (the land beyond the walls, dimmed).
  Rgba land() const { return land_; }
  std::size_t triangle_count() const;

 private:
  double view_height_m_;
  Rgba land_;
  std::vector<WorldMesh> layers_;  ///< in drawing order
};

/// A colour as the menus' backdrop shows it: most of the way to a dark blue-grey night, so
/// the menu's panels and text read over it without a translucent layer in between.
Rgba backdrop_dim(Rgba c);

}  // namespace racer
