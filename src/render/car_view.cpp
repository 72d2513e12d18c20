// draw_car: the order of the layers. The art and its pieces are render/car_art, the
// textures of the fixed parts render/car_sprites, damage render/car_damage.
#include "render/car_view.h"

#include "render/car_art.h"
#include "render/car_damage.h"

namespace racer {

Vec2 drawn_tyre_position(const CarSnapshot& car, std::size_t i, const CarSpec& spec) {
  const TyreLook t = tyre_look(car, car.wheels[i], spec.wheel_tyre(static_cast<int>(i)), art_for(spec, Livery{}).shape);
  return car.position + rotate(t.centre, car.heading);
}

void draw_car(SDL_Renderer* renderer, const Camera& camera, const CarSnapshot& car, const CarSpec& spec,
              const Livery& livery, CarSprites* sprites) {
  // A car wholly out of view is left out (its thousand triangles would all be clipped):
  // everything drawn lies within its length (tyres, body, the brake glow) plus the
  // shadow's offset from the centre; 2 m of slack.
  const double reach = spec.body.length + 2.0;
  const Vec2 lo = camera.visible_min(), hi = camera.visible_max();
  if (!(car.position.x > lo.x - reach && car.position.x < hi.x + reach && car.position.y > lo.y - reach &&
        car.position.y < hi.y + reach))
    return;
  const CarArt& art = art_for(spec, livery);
  const BodyFrame body = BodyFrame::on_screen(camera, car.position, car.heading);
  const BodyFrame shadow = BodyFrame::on_screen(camera, car.position + kShadowOffsetM, car.heading);
  const LampState lamps = lamp_state(car);
  Mesh m;
  if (sprites != nullptr && sprites->draw(renderer, body, shadow, car, spec, art)) {
    draw_lit_lamps(m, body, art, lamps, false);  // reverse lights over the art's lamps at rest (the sprites did the brake lights)
  } else {
    draw_shadow(m, shadow, art);
    for (std::size_t i = 0; i < car.wheels.size(); ++i) {  // tyres first: a closed body covers their inner halves
      const WheelSnapshot& w = car.wheels[i];
      const TyreLook t = tyre_look(car, w, spec.wheel_tyre(static_cast<int>(i)), art.shape);  // each axle its own size
      draw_tyre(m, body.moved(t.centre, w.steer), t, tread_offset(w, t), t.centre.y > 0.0 ? 1.0 : -1.0,
                art.shape.exposed_wheels);
    }
    draw_art(m, body, art, lamps);
  }
  draw_damage(m, body, art.shape, art.skin, car.damage, livery.paint.body);  // over all (nothing when damage is off)
  m.draw(renderer);
}

void draw_car(SDL_Renderer* renderer, const Camera& camera, const CarSnapshot& car, const CarSpec& spec,
              const CarPaint& paint) {
  draw_car(renderer, camera, car, spec, plain_livery(paint));
}

}  // namespace racer
