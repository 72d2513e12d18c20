#pragma once
// Drawing of a car from above: shadow, four tyres (under the wings of a closed car, in the
// open on a racer; the front ones turned by their steer angle, the tread moving with the
// wheel's spin), the body of its style (render/car_body.h) in its livery with stripes and a
// race number (render/livery.h), lights (brake lights brighten with the pedal, reverse
// lights in reverse), and damage where it was hit: the panels of a hit side darkened by
// that zone's level, dents, scuffs and scrapes at the marks sim::World recorded.
// With a CarSprites cache the fixed parts (shadow, tyres, the body's art with its lamps at
// rest) are copied from its textures and only lit lamps and damage are drawn over them.
#include <SDL.h>

#include "render/camera.h"
#include "render/livery.h"
#include "render/car_sprites.h"
#include "render/mesh.h"
#include "sim/snapshot.h"
#include "vehicle/car_spec.h"

namespace racer {

/// `sprites`: the textures to copy the fixed parts from (nullptr: everything drawn directly).
void draw_car(SDL_Renderer* renderer, const Camera& camera, const CarSnapshot& car, const CarSpec& spec,
              const Livery& livery, CarSprites* sprites = nullptr);
/// A plain livery of this paint: no pattern, no number.
void draw_car(SDL_Renderer* renderer, const Camera& camera, const CarSnapshot& car, const CarSpec& spec,
              const CarPaint& paint = {});

/// Where wheel `i`'s tyre is drawn, world m: on a closed body its contact point moved out to
/// just past the body's side (the drawn tyres show beyond the body line), on a racer the
/// contact point itself; tyre marks line up with it.
Vec2 drawn_tyre_position(const CarSnapshot& car, std::size_t i, const CarSpec& spec);

}  // namespace racer
