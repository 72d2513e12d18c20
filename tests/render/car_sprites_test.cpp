// CarSprites on a GL renderer (skipped with no display, as the minimap's texture test):
// cars copied from the textures look as drawn directly, and the cache stays bounded while
// the zoom sweeps. The two pictures of the first test are written to car_sprites_direct.png
// and car_sprites_cached.png in the test's working directory.
#include "render/car_sprites.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <vector>

#include "platform/screenshot.h"
#include "render/car_view.h"
#include "test_paths.h"

namespace racer {
namespace {

constexpr int kWidth = 640, kHeight = 360;

/// A hidden window's accelerated renderer drawing into a target texture; empty (and the
/// test skipped) with no display.
struct Gl {
  SDL_Window* window = nullptr;
  SDL_Renderer* r = nullptr;
  SDL_Texture* target = nullptr;
  bool open() {
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) return false;
    window = SDL_CreateWindow("car sprites test", 0, 0, kWidth, kHeight, SDL_WINDOW_HIDDEN);
    r = window != nullptr ? SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_TARGETTEXTURE) : nullptr;
    if (r == nullptr) return false;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);  // as the game's window sets it
    target = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, kWidth, kHeight);
    return target != nullptr;
  }
  ~Gl() {
    if (target != nullptr) SDL_DestroyTexture(target);
    if (r != nullptr) SDL_DestroyRenderer(r);
    if (window != nullptr) SDL_DestroyWindow(window);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
  }
};

CarSnapshot parked(const CarSpec& spec, Vec2 at, double heading) {
  CarSnapshot c;
  c.position = at;
  c.heading = heading;
  const double xf = spec.body.cg_to_front_axle, xr = -spec.rear_axle_to_cg(), y = spec.body.track_width / 2.0;
  const Vec2 wheels[4] = {{xf, y}, {xf, -y}, {xr, y}, {xr, -y}};  // FL, FR, RL, RR
  for (std::size_t i = 0; i < 4; ++i) c.wheels[i].position = at + rotate(wheels[i], heading);
  return c;
}

struct Scene {
  std::vector<CarSpec> specs;
  std::vector<CarSnapshot> cars;
  std::vector<Livery> liveries;
};

/// The three body styles at several headings, one braking with its front wheels turned,
/// one in reverse, one hit on its left, spread over a 640 x 360 view of `view_m` metres.
Scene scene(double view_m) {
  Scene s;
  const char* names[] = {"hatchback", "sedan", "racer"};
  const double headings[] = {0.0, 0.35, 2.2, -1.1};
  const double w = view_m * kWidth / kHeight;
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 4; ++j) {
      const CarSpec spec = load_car_spec(test::car_path(names[k])).value();
      CarSnapshot c = parked(spec, {(-0.375 + 0.25 * j) * w, (0.3 - 0.3 * k) * view_m}, headings[j]);
      for (WheelSnapshot& wh : c.wheels) wh.spin_angle = 0.6 * (j + 1);  // tread blocks at several places
      if (j == 1) {
        c.brake = 0.8;
        c.wheels[0].steer = c.wheels[1].steer = 0.3;
      }
      if (j == 2) c.gear = -1;
      if (j == 3) {
        c.damage.zones[static_cast<std::size_t>(DamageZone::Left)] = 0.6;
        c.damage.worst = 0.6;
        c.damage.marks[0] = {{0.3, spec.body.width / 2.0}, DamageZone::Left, 3e5, 0.6, false};
        c.damage.mark_count = 1;
      }
      s.specs.push_back(spec);
      s.cars.push_back(c);
      s.liveries.push_back(driver_livery(static_cast<std::size_t>(3 * k + j + 1), 0));
    }
  return s;
}

Camera camera(double ppm) {
  CameraConfig cfg;
  cfg.view_height_m = kHeight / ppm;
  cfg.zoom_with_speed = false;
  Camera cam(cfg);
  cam.set_viewport(kWidth, kHeight);
  cam.snap_to(CarSnapshot{});
  return cam;
}

/// Draws the scene on asphalt into the target and reads it back (RGBA8888).
std::vector<Uint32> draw(Gl& gl, const Camera& cam, const Scene& s, CarSprites* sprites, const char* png = nullptr) {
  SDL_SetRenderTarget(gl.r, gl.target);
  SDL_SetRenderDrawColor(gl.r, 62, 64, 70, 255);
  SDL_RenderClear(gl.r);
  if (sprites != nullptr) sprites->new_frame();
  for (std::size_t i = 0; i < s.cars.size(); ++i) draw_car(gl.r, cam, s.cars[i], s.specs[i], s.liveries[i], sprites);
  std::vector<Uint32> px(static_cast<std::size_t>(kWidth) * kHeight);
  SDL_RenderReadPixels(gl.r, nullptr, SDL_PIXELFORMAT_RGBA8888, px.data(), kWidth * 4);
  if (png != nullptr) save_png(gl.r, png);
  SDL_SetRenderTarget(gl.r, nullptr);
  return px;
}

int channel(Uint32 p, int c) { return static_cast<int>((p >> (8 * (c + 1))) & 0xFF); }  // c: 0 b, 1 g, 2 r

/// The picture blurred by a 3 x 3 box, channel c.
std::vector<double> blurred(const std::vector<Uint32>& px, int c) {
  std::vector<double> out(px.size(), 0.0);
  for (int y = 1; y + 1 < kHeight; ++y)
    for (int x = 1; x + 1 < kWidth; ++x) {
      double sum = 0.0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) sum += channel(px[static_cast<std::size_t>((y + dy) * kWidth + x + dx)], c);
      out[static_cast<std::size_t>(y * kWidth + x)] = sum / 9.0;
    }
  return out;
}

struct Difference {
  int worst = 0;              ///< largest per-channel difference of a pixel
  double mean = 0.0;          ///< mean per-channel difference over the pixels the cars cover
  double bias = 0.0;          ///< mean of (b - a) per channel over the same: < 0 when b is darker
  double worst_flat = 0.0;    ///< largest per-channel difference where a is flat over 3 x 3 pixels
  double worst_blurred = 0.0; ///< largest per-channel difference of the 3 x 3 box-blurred pictures
  int car_pixels = 0;
};

Difference compare(const std::vector<Uint32>& a, const std::vector<Uint32>& b) {
  Difference d;
  const Uint32 asphalt = 0x3E4046FFu;
  double sum = 0.0, signed_sum = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == asphalt && b[i] == asphalt) continue;
    ++d.car_pixels;
    for (int c = 0; c < 3; ++c) {
      const int diff = std::abs(channel(a[i], c) - channel(b[i], c));
      d.worst = std::max(d.worst, diff);
      sum += diff;
      signed_sum += channel(b[i], c) - channel(a[i], c);
    }
  }
  d.mean = d.car_pixels > 0 ? sum / (3.0 * d.car_pixels) : 0.0;
  d.bias = d.car_pixels > 0 ? signed_sum / (3.0 * d.car_pixels) : 0.0;
  for (int y = 1; y + 1 < kHeight; ++y)
    for (int x = 1; x + 1 < kWidth; ++x) {
      const std::size_t i = static_cast<std::size_t>(y * kWidth + x);
      for (int c = 0; c < 3; ++c) {
        int lo = 255, hi = 0;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            const int v = channel(a[static_cast<std::size_t>((y + dy) * kWidth + x + dx)], c);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
          }
        if (hi - lo <= 2) d.worst_flat = std::max(d.worst_flat, static_cast<double>(std::abs(channel(a[i], c) - channel(b[i], c))));
      }
    }
  for (int c = 0; c < 3; ++c) {
    const std::vector<double> ba = blurred(a, c), bb = blurred(b, c);
    for (std::size_t i = 0; i < ba.size(); ++i) d.worst_blurred = std::max(d.worst_blurred, std::abs(ba[i] - bb[i]));
  }
  return d;
}

/// Where pictures `right` and `wrong` differ by more than 40 levels in a channel (a part of
/// one and not the other, or its edge moved by over a quarter of a pixel): how many pixels,
/// and the mean per-channel difference of picture `b` from each there.
struct Between {
  int pixels = 0;
  double from_right = 0.0, from_wrong = 0.0;
};

Between between(const std::vector<Uint32>& right, const std::vector<Uint32>& wrong, const std::vector<Uint32>& b) {
  Between d;
  for (std::size_t i = 0; i < right.size(); ++i) {
    int apart = 0;
    for (int c = 0; c < 3; ++c) apart = std::max(apart, std::abs(channel(right[i], c) - channel(wrong[i], c)));
    if (apart <= 40) continue;
    ++d.pixels;
    for (int c = 0; c < 3; ++c) {
      d.from_right += std::abs(channel(b[i], c) - channel(right[i], c));
      d.from_wrong += std::abs(channel(b[i], c) - channel(wrong[i], c));
    }
  }
  if (d.pixels > 0) {
    d.from_right /= 3.0 * d.pixels;
    d.from_wrong /= 3.0 * d.pixels;
  }
  return d;
}

// The copies are resampled (turned, moved by a fraction of a pixel, scaled down by up to
// 16%, linear filtering), so an edge may land up to a pixel from where it is drawn directly
// and single pixels on edges differ by as much as the edge's contrast (up to ~170 levels).
// What a player sees is compared instead (figures measured on llvmpipe at these zooms):
// - where the direct picture is flat (3 x 3 pixels within 2 levels: the inside of a part)
//   the copy is within 12 levels (2-7 measured; a part left out, moved or in another colour
//   gives tens of levels);
// - the mean difference over the cars' pixels is under 6 levels (3.5-4.9 measured), and its
//   sign averages out: |bias| under 0.5 (0.05-0.15 measured; copied with straight instead of
//   premultiplied alpha, every feathered rim comes out darker: -0.9 to -1.7);
// - blurred over 3 x 3 pixels the pictures differ by under 85 levels: a feature narrower
//   than 3 px moved by a pixel changes a blurred pixel by up to a third of its contrast
//   (41-67 measured, the worst a pale 1 px sliver beside a dark roof).
// expect_looks_as_drawn holds the copy to these, against the picture drawn directly, and
// prints the figures.
void expect_looks_as_drawn(const std::vector<Uint32>& direct, const std::vector<Uint32>& cached, double ppm) {
  const Difference d = compare(direct, cached);
  std::printf("[ ppm %.1f ] %d car pixels: mean %.2f, bias %.2f, worst %d, worst blurred %.1f, worst where flat %.0f\n",
              ppm, d.car_pixels, d.mean, d.bias, d.worst, d.worst_blurred, d.worst_flat);
  EXPECT_GT(d.car_pixels, 12 * 300) << "the cars were drawn";
  EXPECT_LT(d.worst_flat, 12.0);
  EXPECT_LT(d.mean, 6.0);
  EXPECT_LT(std::abs(d.bias), 0.5);
  EXPECT_LT(d.worst_blurred, 85.0);
}

TEST(CarSprites, CachedCarsLookAsDrawnDirectly) {
  Gl gl;
  if (!gl.open()) GTEST_SKIP() << "no display or accelerated renderer: " << SDL_GetError();
  for (double ppm : {CarSprites::level_ppm(17), 17.0, 30.0}) {  // on a level (19 px/m, the race's), between, closer
    SCOPED_TRACE(ppm);
    const Camera cam = camera(ppm);
    const Scene s = scene(kHeight / ppm);
    const std::vector<Uint32> direct = draw(gl, cam, s, nullptr, ppm == 30.0 ? "car_sprites_direct.png" : nullptr);
    CarSprites sprites;
    for (int frame = 0; frame < 10; ++frame) draw(gl, cam, s, &sprites);  // made a few a frame
    const int made = sprites.textures_drawn();
    const std::vector<Uint32> cached = draw(gl, cam, s, &sprites, ppm == 30.0 ? "car_sprites_cached.png" : nullptr);
    if (made == 0) GTEST_SKIP() << "this renderer has no render targets or custom blend modes";
    EXPECT_EQ(made, 3 + 12) << "a texture for each of the three models and the twelve looks";
    EXPECT_EQ(sprites.textures_drawn(), made) << "and none again for the same zoom";
    expect_looks_as_drawn(direct, cached, ppm);
  }
}

/// The scene with every car on its front tyres all round (the shipped sedan and racer are
/// staggered).
Scene even(Scene s) {
  for (CarSpec& spec : s.specs) spec.rear_tyre.reset();
  return s;
}

/// The scene (on even tyres) with every other car (the braking one with turned wheels, and
/// the damaged one) on staggered tyres: the hatchback's rear 35 mm larger in radius, the
/// sedan's 255 mm wide behind its 225 mm front, the racer's 80 mm wider and 20 mm larger.
Scene staggered(Scene s) {
  for (std::size_t i = 1; i < s.specs.size(); i += 2) {
    CarSpec& spec = s.specs[i];
    TyreSpec rear = spec.tyre;
    switch (i / 4) {
      case 0: rear.radius += 0.035; break;
      case 1: rear.width = 0.255; break;
      default:
        rear.width += 0.08;
        rear.radius += 0.02;
    }
    spec.rear_tyre = rear;
  }
  return s;
}

// Staggered cars are copied too, each its own model, their rear wheels from tyre cells of
// the rear size: within the tolerances of CachedCarsLookAsDrawnDirectly (the same
// resampling). Those whole-picture figures barely move with the rear tyres' size (front
// cells on the rear wheels pass them too), so the pixels where the rear size shows (the
// scene drawn directly on staggered and on even tyres differs by over 40 levels: 30-203 px
// at these zooms) are checked on their own: the copy is within half as far from the
// staggered picture as from the even one (8-10 against 44-48 levels measured; 42-45
// against 10-11 with the front cells on the rear wheels).
TEST(CarSprites, StaggeredCarsAreCopiedWithEachAxlesTyres) {
  Gl gl;
  if (!gl.open()) GTEST_SKIP() << "no display or accelerated renderer: " << SDL_GetError();
  for (double ppm : {CarSprites::level_ppm(17), 17.0, 30.0}) {
    SCOPED_TRACE(ppm);
    const Camera cam = camera(ppm);
    const Scene plain = even(scene(kHeight / ppm)), s = staggered(plain);
    const std::vector<Uint32> direct = draw(gl, cam, s, nullptr);
    const std::vector<Uint32> front_all_round = draw(gl, cam, plain, nullptr);
    CarSprites sprites;
    for (int frame = 0; frame < 10; ++frame) draw(gl, cam, s, &sprites);
    const int made = sprites.textures_drawn();
    const std::vector<Uint32> cached = draw(gl, cam, s, &sprites);
    if (made == 0) GTEST_SKIP() << "this renderer has no render targets or custom blend modes";
    EXPECT_EQ(made, 6 + 12) << "a model for each style on even and on staggered tyres, and the twelve looks";
    EXPECT_EQ(sprites.textures_drawn(), made) << "and none again for the same zoom";
    expect_looks_as_drawn(direct, cached, ppm);
    const Between rear = between(direct, front_all_round, cached);
    std::printf("[ ppm %.1f ] %d px where the rear tyres' size shows: %.1f levels from direct, %.1f from front all round\n",
                ppm, rear.pixels, rear.from_right, rear.from_wrong);
    EXPECT_GE(rear.pixels, 20) << "the staggered rear tyres show";
    EXPECT_LT(rear.from_right, 0.5 * rear.from_wrong) << "the copy shows the rear tyres at their size";
  }
}

// A zoom sweep (the camera easing in and out across many levels) with room for six
// textures: never more than six, at most kBuildsPerFrame made a frame, and every car
// drawn every frame (from a neighbouring level while its own is not made yet).
TEST(CarSprites, TheCacheStaysBoundedWhileTheZoomSweeps) {
  Gl gl;
  if (!gl.open()) GTEST_SKIP() << "no display or accelerated renderer: " << SDL_GetError();
  const Scene s = scene(20.0);
  CarSprites sprites(6);
  int last = 0;
  for (int frame = 0; frame < 240; ++frame) {
    const double ppm = 12.0 * std::exp2(1.5 * std::sin(frame * 0.05));  // 4.2 to 34 px/m and back
    const Camera cam = camera(ppm);
    sprites.new_frame();
    SDL_SetRenderTarget(gl.r, gl.target);
    for (std::size_t i = 0; i < 4; ++i) {  // the sedan's four looks: one model
      const CarSnapshot& car = s.cars[4 + i];
      draw_car(gl.r, cam, car, s.specs[4 + i], s.liveries[4 + i], &sprites);
    }
    SDL_SetRenderTarget(gl.r, nullptr);
    if (sprites.textures_drawn() == 0) GTEST_SKIP() << "this renderer has no render targets or custom blend modes";
    EXPECT_LE(sprites.size(), 6u);
    EXPECT_LE(sprites.textures_drawn() - last, CarSprites::kBuildsPerFrame);
    last = sprites.textures_drawn();
  }
  EXPECT_GT(sprites.textures_drawn(), 20) << "the sweep crossed many levels";
}

// SDL's software renderer (the game's fallback when no accelerated one opens) has render
// targets but no custom blend modes: the cars are drawn directly, the same pixels as
// without a cache, and no texture is kept.
TEST(CarSprites, WithoutCustomBlendModesTheCarsAreDrawnDirectly) {
  std::unique_ptr<SDL_Surface, void (*)(SDL_Surface*)> surface(
      SDL_CreateRGBSurfaceWithFormat(0, kWidth, kHeight, 32, SDL_PIXELFORMAT_ARGB8888), SDL_FreeSurface);
  ASSERT_TRUE(surface) << SDL_GetError();
  std::unique_ptr<SDL_Renderer, void (*)(SDL_Renderer*)> r(SDL_CreateSoftwareRenderer(surface.get()), SDL_DestroyRenderer);
  ASSERT_TRUE(r) << SDL_GetError();
  SDL_SetRenderDrawBlendMode(r.get(), SDL_BLENDMODE_BLEND);
  const Camera cam = camera(20.0);
  const Scene s = scene(kHeight / 20.0);
  CarSprites sprites;
  std::vector<std::vector<Uint32>> pictures;
  for (CarSprites* cache : {static_cast<CarSprites*>(nullptr), &sprites, &sprites}) {
    SDL_SetRenderDrawColor(r.get(), 62, 64, 70, 255);
    SDL_RenderClear(r.get());
    sprites.new_frame();
    for (std::size_t i = 0; i < s.cars.size(); ++i) draw_car(r.get(), cam, s.cars[i], s.specs[i], s.liveries[i], cache);
    const Uint32* px = static_cast<const Uint32*>(surface->pixels);
    pictures.emplace_back(px, px + static_cast<std::ptrdiff_t>(kWidth) * kHeight);
  }
  EXPECT_EQ(pictures[1], pictures[0]);
  EXPECT_EQ(pictures[2], pictures[0]);
  EXPECT_EQ(sprites.size(), 0u);
  EXPECT_EQ(sprites.textures_drawn(), 0);
}

TEST(CarSprites, LevelsAreQuarterOctavesAtOrAboveTheZoom) {
  for (double ppm : {1.0, 4.7, 17.0, 18.0, 19.0, 33.3, 64.0}) {
    const int l = CarSprites::level_for(ppm);
    EXPECT_GE(CarSprites::level_ppm(l), ppm * (1.0 - 1e-12));
    EXPECT_LT(CarSprites::level_ppm(l - 1), ppm);
  }
  EXPECT_EQ(CarSprites::level_for(16.0), 16);
}

}  // namespace
}  // namespace racer
