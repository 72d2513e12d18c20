#pragma once
// Drawing of a car from above, built from its CarSpec dimensions: shadow, body with a
// tapered nose, glass, mirrors, lights (brake lights brighten with the brake pedal,
// reverse lights in reverse) and four wheels at their contact points, the front ones
// turned by their steer angle and the tread moving with the wheel's spin.
#include <SDL.h>

#include "render/camera.h"
#include "render/mesh.h"
#include "sim/snapshot.h"
#include "vehicle/car_spec.h"

namespace racer {

struct CarPaint {
  Rgba body{30, 96, 196};
  Rgba roof{24, 78, 164};
};

void draw_car(SDL_Renderer* renderer, const Camera& camera, const CarSnapshot& car,
              const CarSpec& spec, const CarPaint& paint = {});

}  // namespace racer
