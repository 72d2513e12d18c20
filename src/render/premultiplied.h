#pragma once
// Drawing a mesh once into a texture that is then copied many times (the minimap's plate,
// the cars' art) with the same picture as drawing the mesh directly.
#include <SDL.h>

#include "render/mesh.h"

namespace racer {

/// Draws `mesh` into `target` (a render-target texture) cleared to transparent, with SDL's
/// blend mode, so that each texel holds colour x coverage and the coverage, and gives the
/// texture the premultiplied "over" blend mode (ONE, ONE_MINUS_SRC_ALPHA) under which a copy
/// composes as the mesh drawn directly. The renderer's target, draw colour and draw blend
/// mode are as they were afterwards. False if SDL refuses the blend mode or the target (the
/// texture is then left to the caller).
bool draw_premultiplied(SDL_Renderer* r, SDL_Texture* target, const Mesh& mesh);

}  // namespace racer
