// Minimap layout: the track's bounds map inside the widget, centred, with the aspect kept;
// the widget sits in the bottom-left corner at every display size. Its plate and road
// copied from a texture look as drawn directly.
#include "render/minimap.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "test_paths.h"

namespace racer {
namespace {

TEST(Minimap, FitKeepsTheAspectAndStaysInside) {
  const ScreenRect box{20.0, 400.0, 300.0, 200.0};
  for (const auto& [lo, hi] : {std::pair{Vec2{-100.0, -50.0}, Vec2{300.0, 150.0}}, std::pair{Vec2{0.0, 0.0}, Vec2{50.0, 900.0}},
                               std::pair{Vec2{-10.0, -10.0}, Vec2{10.0, 10.0}}}) {
    const MinimapTransform t = fit_minimap(lo, hi, box, 10.0);
    const Vec2 a = t.to_screen(lo), b = t.to_screen(hi);
    const ScreenRect inner{box.x + 10.0, box.y + 10.0, box.w - 20.0, box.h - 20.0};
    EXPECT_TRUE(inner.contains(a)) << a.x << "," << a.y;
    EXPECT_TRUE(inner.contains(b)) << b.x << "," << b.y;
    EXPECT_TRUE(inner.contains(t.to_screen({lo.x, hi.y})));
    EXPECT_TRUE(inner.contains(t.to_screen({hi.x, lo.y})));
    // One scale for both axes: the aspect is kept.
    EXPECT_NEAR((b.x - a.x) / (hi.x - lo.x), (a.y - b.y) / (hi.y - lo.y), 1e-9) << "uniform scale, y flipped";
    // It fills the box on the limiting axis and is centred on both.
    EXPECT_TRUE(std::abs((b.x - a.x) - inner.w) < 1e-6 || std::abs((a.y - b.y) - inner.h) < 1e-6);
    EXPECT_NEAR((a.x + b.x) / 2.0, box.x + box.w / 2.0, 1e-9);
    EXPECT_NEAR((a.y + b.y) / 2.0, box.y + box.h / 2.0, 1e-9);
    // North is up.
    EXPECT_LT(b.y, a.y);
  }
}

TEST(Minimap, RectIsInTheBottomLeftCornerAtEverySize) {
  for (const auto& [w, h] : {std::pair{1280.0, 720.0}, std::pair{1920.0, 1080.0}, std::pair{2560.0, 1080.0}, std::pair{800.0, 600.0}}) {
    for (const Vec2 size : {Vec2{800.0, 400.0}, Vec2{300.0, 700.0}, Vec2{500.0, 500.0}}) {
      const ScreenRect r = minimap_rect(w, h, size);
      EXPECT_GT(r.x, 0.0);
      EXPECT_LT(r.x, 0.05 * w);
      EXPECT_LE(r.y + r.h, h);
      EXPECT_GT(r.y + r.h, 0.9 * h);
      EXPECT_LE(std::max(r.w, r.h), 0.30 * h + 1e-9) << "scales with the display";
      EXPECT_GE(std::min(r.w, r.h), 0.5 * 0.30 * h);
      if (size.x > size.y) {
        EXPECT_GT(r.w, r.h);
      }
      if (size.y > size.x) {
        EXPECT_GT(r.h, r.w);
      }
    }
  }
  const ScreenRect small = minimap_rect(1280.0, 720.0, {500.0, 500.0}), big = minimap_rect(1920.0, 1080.0, {500.0, 500.0});
  EXPECT_NEAR(big.w / small.w, 1.5, 1e-9);
}

TEST(Minimap, TrackOutlineFitsItsWidget) {
  auto track = Track::load(test::source_path("tracks/lantern_hill.json"));
  ASSERT_TRUE(track.ok()) << track.error_text();
  const Minimap map(*track.value());
  const Vec2 size = map.world_size();
  ASSERT_GT(size.x, 50.0);
  ASSERT_GT(size.y, 50.0);
  const ScreenRect box = minimap_rect(1920.0, 1080.0, size);
  const MinimapTransform t = map.transform(box);
  for (const CentreSample& s : track.value()->centreline().samples()) {
    EXPECT_TRUE(box.contains(t.to_screen(s.position)));
    EXPECT_TRUE(box.contains(t.to_screen(s.position + s.normal * (0.5 * s.width))));
  }
  for (const Pose& slot : track.value()->grid()) EXPECT_TRUE(box.contains(t.to_screen(slot.position)));
}


/// The pixels of a target texture after drawing the minimap into it (RGBA8888).
std::vector<Uint32> draw_minimap(SDL_Renderer* r, SDL_Texture* target, const Minimap& map, const ScreenRect& box,
                                 std::span<const MinimapCar> cars) {
  SDL_SetRenderTarget(r, target);
  SDL_SetRenderDrawColor(r, 60, 110, 50, 255);  // grass under the glass plate
  SDL_RenderClear(r);
  map.draw(r, box, cars);
  int w = 0, h = 0;
  SDL_QueryTexture(target, nullptr, nullptr, &w, &h);
  std::vector<Uint32> px(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  SDL_RenderReadPixels(r, nullptr, SDL_PIXELFORMAT_RGBA8888, px.data(), w * 4);
  SDL_SetRenderTarget(r, nullptr);
  return px;
}

// On a GL renderer (skipped with no display): the copy from the texture gives the pixels
// of drawing the meshes directly within 3 levels a channel (the texture holds the blend
// of the plate, rim and road rounded to 8 bits once, the direct drawing rounds after each;
// the screenshot of a race differs by at most 2), and the texture is drawn once per box.
TEST(Minimap, TheCachedPlateLooksAsDrawnDirectly) {
  if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) GTEST_SKIP() << "no display: " << SDL_GetError();
  SDL_Window* window = SDL_CreateWindow("minimap test", 0, 0, 640, 360, SDL_WINDOW_HIDDEN);
  SDL_Renderer* r = window != nullptr ? SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_TARGETTEXTURE) : nullptr;
  if (r == nullptr) {
    if (window != nullptr) SDL_DestroyWindow(window);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    GTEST_SKIP() << "no accelerated renderer: " << SDL_GetError();
  }
  SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);  // as the game's window sets it
  SDL_Texture* target = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, 640, 360);
  ASSERT_NE(target, nullptr);
  auto track = Track::load(test::source_path("tracks/port_ardent.json"));
  ASSERT_TRUE(track.ok()) << track.error_text();
  const Minimap map(*track.value());
  const ScreenRect box = minimap_rect(640.0, 360.0, map.world_size());
  const std::vector<MinimapCar> cars{{track.value()->grid()[0].position, Rgba{200, 40, 40}, false},
                                     {track.value()->grid()[1].position, Rgba{240, 200, 40}, true}};

  map.set_cached(false);
  const std::vector<Uint32> direct = draw_minimap(r, target, map, box, cars);
  EXPECT_FALSE(map.cached());
  map.set_cached(true);
  const std::vector<Uint32> copied = draw_minimap(r, target, map, box, cars);
  if (!map.cached()) GTEST_SKIP() << "this renderer has no render targets or custom blend modes";
  int worst = 0, plate = 0;
  for (std::size_t i = 0; i < direct.size(); ++i) {
    for (int shift = 8; shift < 32; shift += 8)
      worst = std::max(worst, std::abs(static_cast<int>((direct[i] >> shift) & 0xFF) - static_cast<int>((copied[i] >> shift) & 0xFF)));
    plate += direct[i] != 0x3C6E32FFu ? 1 : 0;  // not the grass: the minimap drew there
  }
  EXPECT_LE(worst, 3);
  EXPECT_GT(plate, static_cast<int>(0.5 * box.w * box.h)) << "the plate covers its box";

  draw_minimap(r, target, map, box, cars);
  EXPECT_EQ(map.textures_drawn(), 1) << "drawn into the texture once for one box";
  draw_minimap(r, target, map, {box.x + 10.0, box.y, box.w, box.h}, cars);
  EXPECT_EQ(map.textures_drawn(), 2) << "and again when the box moves";

  map.set_cached(false);  // frees the texture before its renderer goes
  SDL_DestroyTexture(target);
  SDL_DestroyRenderer(r);
  SDL_DestroyWindow(window);
  SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

}  // namespace
}  // namespace racer
