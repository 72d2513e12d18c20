#pragma once
// Drawing of the test ground: grass beyond the walls, the asphalt pad with slabs, a grid
// and markings (so motion is always visible), every surface patch in its own colour and
// texture with a label, and the boundary wall.
#include <SDL.h>

#include "render/camera.h"
#include "render/labels.h"
#include "track/test_ground.h"

namespace racer {

/// Colour a surface is painted in (also used by the UI's wheel table).
Rgba surface_colour(Surface s);

/// Draws the ground under everything else; appends the patch labels to `labels`.
void draw_test_ground(SDL_Renderer* renderer, const Camera& camera, const TestGround& ground,
                      ScreenLabels& labels);

}  // namespace racer
