#pragma once
// Drawing of a car from above, built from its CarSpec dimensions: shadow, body with a
// tapered nose, glass, mirrors, lights (brake lights brighten with the brake pedal,
// reverse lights in reverse) and four tyres under the body whose outer shoulders show
// beyond its sides at the wheel arches, the front ones turned by their steer angle and the
// tread moving with the wheel's spin.
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

/// The paint for a given body colour (the roof a shade darker).
CarPaint paint_from_colour(Rgba body);
/// The player's paint: a bright yellow no AI car wears.
CarPaint player_paint();
/// Paint for the AI car at `index` (any index; the palette repeats after kAiPaintCount).
CarPaint ai_paint(std::size_t index);
inline constexpr std::size_t kAiPaintCount = 10;
/// Paint for every car of a field: the player's yellow, the others from the palette in
/// grid order (skipping nothing: the palette has no yellow).
CarPaint driver_paint(std::size_t car, std::size_t player);

void draw_car(SDL_Renderer* renderer, const Camera& camera, const CarSnapshot& car,
              const CarSpec& spec, const CarPaint& paint = {});

/// Where wheel `i`'s tyre is drawn, world m: its contact point moved out to just past the
/// body's side (the drawn tyres show beyond the body line), so tyre marks line up with it.
Vec2 drawn_tyre_position(const CarSnapshot& car, std::size_t i, const CarSpec& spec);

}  // namespace racer
