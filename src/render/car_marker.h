#pragma once
// The player's marker: a bright ring round the player's car and a chevron ahead of its
// nose, pulsing, so a glance finds the car among eleven others. Sizes have a floor in
// pixels, so the marker stays visible when the camera zooms out.
#include <SDL.h>

#include "render/camera.h"
#include "sim/snapshot.h"
#include "vehicle/car_spec.h"

namespace racer {

/// s; one pulse of the marker (brightness and the chevron's bob).
inline constexpr double kMarkerPulsePeriodS = 1.1;
/// Draws the marker for `car` at time `time_s` (any clock; only its phase is used).
void draw_player_marker(SDL_Renderer* renderer, const Camera& camera, const CarSnapshot& car, const CarSpec& spec,
                        double time_s);

}  // namespace racer
