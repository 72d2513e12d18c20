// draw_car into a software renderer: damage darkens the side that was hit and leaves the
// other side as it was, for every body style. The picture (three styles, clean above,
// hit on their left below) is written to car_styles.png in the test's working directory.
#include "render/car_view.h"

#include <gtest/gtest.h>

#include <memory>

#include "platform/screenshot.h"
#include "test_paths.h"

namespace racer {
namespace {

constexpr int kWidth = 960, kHeight = 360;
constexpr double kViewHeightM = 9.0;  // 40 px/m: a close look

CarSnapshot parked(const CarSpec& spec, Vec2 at) {
  CarSnapshot c;
  c.position = at;
  const double xf = spec.body.cg_to_front_axle, xr = -spec.rear_axle_to_cg(), y = spec.body.track_width / 2.0;
  const Vec2 wheels[4] = {{xf, y}, {xf, -y}, {xr, y}, {xr, -y}};  // FL, FR, RL, RR
  for (std::size_t i = 0; i < 4; ++i) c.wheels[i].position = at + wheels[i];
  return c;
}

/// A hard hit on the left (the car's +y side, up on the screen): the zone at 0.8, a dent
/// and a scuff where it struck, 12 m of scraping along the wall.
DamageSummary hit_on_the_left(const CarSpec& spec) {
  DamageSummary d;
  d.zones[static_cast<std::size_t>(DamageZone::Left)] = 0.8;
  d.worst = 0.8;
  d.marks[0] = {{0.3, spec.body.width / 2.0}, DamageZone::Left, 4e5, 0.7, false};
  d.marks[1] = {{-1.0, spec.body.width / 2.0}, DamageZone::Left, 1e5, 0.3, true};
  d.mark_count = 2;
  d.scrape_m[static_cast<std::size_t>(DamageZone::Left)] = 12.0;
  return d;
}

/// Mean luminance of the pixels over world rectangle [x0, x1] x [y0, y1].
double luminance(SDL_Surface* s, const Camera& cam, Vec2 lo, Vec2 hi) {
  const Vec2 a = cam.to_screen(lo), b = cam.to_screen(hi);
  double sum = 0.0;
  int n = 0;
  for (int y = static_cast<int>(std::min(a.y, b.y)); y < static_cast<int>(std::max(a.y, b.y)); ++y)
    for (int x = static_cast<int>(std::min(a.x, b.x)); x < static_cast<int>(std::max(a.x, b.x)); ++x) {
      Uint8 r = 0, g = 0, bl = 0;
      SDL_GetRGB(static_cast<const Uint32*>(s->pixels)[y * (s->pitch / 4) + x], s->format, &r, &g, &bl);
      sum += 0.299 * r + 0.587 * g + 0.114 * bl;
      ++n;
    }
  return n > 0 ? sum / n : 0.0;
}

TEST(CarView, DamageDarkensTheSideThatWasHit) {
  std::unique_ptr<SDL_Surface, void (*)(SDL_Surface*)> surface(
      SDL_CreateRGBSurfaceWithFormat(0, kWidth, kHeight, 32, SDL_PIXELFORMAT_ARGB8888), SDL_FreeSurface);
  ASSERT_TRUE(surface) << SDL_GetError();
  std::unique_ptr<SDL_Renderer, void (*)(SDL_Renderer*)> renderer(SDL_CreateSoftwareRenderer(surface.get()),
                                                                  SDL_DestroyRenderer);
  ASSERT_TRUE(renderer) << SDL_GetError();
  SDL_SetRenderDrawColor(renderer.get(), 62, 64, 70, 255);  // asphalt
  SDL_RenderClear(renderer.get());
  CameraConfig cfg;
  cfg.view_height_m = kViewHeightM;
  cfg.zoom_with_speed = false;
  Camera cam(cfg);
  cam.set_viewport(kWidth, kHeight);
  cam.snap_to(CarSnapshot{});

  const char* names[] = {"hatchback", "sedan", "racer"};
  for (int k = 0; k < 3; ++k) {
    const CarSpec spec = load_car_spec(test::car_path(names[k])).value();
    const Livery livery = driver_livery(static_cast<std::size_t>(k) + 1, 0);
    const double x = -7.5 + 7.5 * k;
    const CarSnapshot clean = parked(spec, {x, 2.0});
    CarSnapshot hit = parked(spec, {x, -2.2});
    hit.damage = hit_on_the_left(spec);
    draw_car(renderer.get(), cam, clean, spec, livery);
    draw_car(renderer.get(), cam, hit, spec, livery);
  }
  SDL_RenderPresent(renderer.get());
  EXPECT_EQ(save_png(renderer.get(), "car_styles.png"), "");

  for (int k = 0; k < 3; ++k) {
    const CarSpec spec = load_car_spec(test::car_path(names[k])).value();
    const double x = -7.5 + 7.5 * k, w = spec.body.width / 2.0;
    SCOPED_TRACE(names[k]);
    // The outer third of each side, along the middle 60% of the car (the racer's sidepods).
    const auto side = [&](double y_centre, double sign) {
      return luminance(surface.get(), cam, {x - 0.3 * spec.body.length, y_centre + sign * 0.55 * w},
                       {x + 0.3 * spec.body.length, y_centre + sign * 0.85 * w});
    };
    const double clean_left = side(2.0, 1.0), clean_right = side(2.0, -1.0);
    const double hit_left = side(-2.2, 1.0), hit_right = side(-2.2, -1.0);
    EXPECT_LT(hit_left, 0.8 * clean_left);                    // visibly darker where it was hit
    EXPECT_NEAR(hit_right, clean_right, 0.03 * clean_right);  // the other side as it was
  }
}

// A staggered car's rear tyres are drawn at their own size: wider rear tyres darken the
// asphalt beside the rear wheels, outside the body and the front tyres' width.
TEST(CarView, RearTyresAreDrawnAtTheirOwnSize) {
  const CarSpec plain = load_car_spec(test::car_path("racer")).value();
  CarSpec staggered = plain;
  staggered.rear_tyre = plain.tyre;
  staggered.rear_tyre->width = 0.40;  // drawn 0.23 m either side of the wheel's centre line, against 0.14
  const auto beside_rear_wheel = [](const CarSpec& spec) {
    std::unique_ptr<SDL_Surface, void (*)(SDL_Surface*)> surface(
        SDL_CreateRGBSurfaceWithFormat(0, kWidth, kHeight, 32, SDL_PIXELFORMAT_ARGB8888), SDL_FreeSurface);
    std::unique_ptr<SDL_Renderer, void (*)(SDL_Renderer*)> renderer(SDL_CreateSoftwareRenderer(surface.get()),
                                                                    SDL_DestroyRenderer);
    SDL_SetRenderDrawColor(renderer.get(), 62, 64, 70, 255);  // asphalt
    SDL_RenderClear(renderer.get());
    CameraConfig cfg;
    cfg.view_height_m = kViewHeightM;
    cfg.zoom_with_speed = false;
    Camera cam(cfg);
    cam.set_viewport(kWidth, kHeight);
    cam.snap_to(CarSnapshot{});
    draw_car(renderer.get(), cam, parked(spec, {0.0, 0.0}), spec, driver_livery(1, 0));
    SDL_RenderPresent(renderer.get());
    const double xr = -spec.rear_axle_to_cg(), y = spec.body.track_width / 2.0;
    return luminance(surface.get(), cam, {xr - 0.15, y + 0.16}, {xr + 0.15, y + 0.20});  // past the plain tyre's sidewall
  };
  const double asphalt = beside_rear_wheel(plain), tyre = beside_rear_wheel(staggered);
  EXPECT_LT(tyre, 0.8 * asphalt) << "plain " << asphalt << ", staggered " << tyre;
}

}  // namespace
}  // namespace racer
