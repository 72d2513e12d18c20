// TrackBackdrop (the menus' backdrop): a copy of the track cached in a texture shows what
// drawing the track's meshes live shows, it is drawn into the texture once however far
// the view moves, and again only when the viewport's size changes. SDL's software
// renderer on a plain surface: no window or display needed.
#include "render/track_backdrop.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>

#include "test_paths.h"
#include "track/track.h"

namespace racer {
namespace {

constexpr double kViewHeight = 380.0;  // m, as the menus use it

struct Target {
  SDL_Surface* surface;
  SDL_Renderer* renderer;
  Target(int w, int h) {
    surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    renderer = surface != nullptr ? SDL_CreateSoftwareRenderer(surface) : nullptr;
  }
  ~Target() {
    if (renderer != nullptr) SDL_DestroyRenderer(renderer);
    if (surface != nullptr) SDL_FreeSurface(surface);
  }
  Uint32 pixel(int x, int y) const {
    return static_cast<const Uint32*>(surface->pixels)[static_cast<std::size_t>(y) * (surface->pitch / 4) + static_cast<std::size_t>(x)];
  }
};

bool close(Uint32 p, Uint32 q, int tolerance) {
  for (int shift = 0; shift < 24; shift += 8)
    if (std::abs(static_cast<int>((p >> shift) & 0xFF) - static_cast<int>((q >> shift) & 0xFF)) > tolerance) return false;
  return true;
}

/// Share of pixels of `a` with no pixel of `b` within one pixel of them whose colour is
/// within `tolerance` in every channel (the copy may be drawn up to a pixel off the mesh
/// rasterisation: edges and the one-pixel trees move by a pixel, nothing moves by two).
double differing(const Target& a, const Target& b, int tolerance) {
  int n = 0;
  const int w = a.surface->w, h = a.surface->h;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      bool found = false;
      for (int dy = -1; dy <= 1 && !found; ++dy)
        for (int dx = -1; dx <= 1 && !found; ++dx) {
          const int bx = std::clamp(x + dx, 0, w - 1), by = std::clamp(y + dy, 0, h - 1);
          found = close(a.pixel(x, y), b.pixel(bx, by), tolerance);
        }
      n += found ? 0 : 1;
    }
  return static_cast<double>(n) / (w * h);
}

void draw_live(const TrackView& view, Target& t, Vec2 eye) {
  CameraConfig c;
  c.view_height_m = kViewHeight;
  c.zoom_with_speed = false;
  Camera live(c);
  live.set_viewport(t.surface->w, t.surface->h);
  CarSnapshot at;
  at.position = eye;
  live.snap_to(at);
  view.draw_ground(t.renderer, live);
  view.draw_objects(t.renderer, live);
}

TEST(TrackBackdrop, ACachedCopyShowsWhatTheMeshesShow) {
  auto track = Track::load(test::source_path("tracks/lantern_hill.json"));
  ASSERT_TRUE(track.ok()) << track.error_text();
  const Track& t = *track.value();
  const TrackView view(t);
  TrackBackdrop backdrop(view, t.bounds_min(), t.bounds_max(), kViewHeight);
  Target cached(320, 180), live(320, 180);
  ASSERT_NE(cached.renderer, nullptr) << SDL_GetError();
  const double length = t.centreline().length();
  for (const double s : {0.0, 0.31 * length, 0.77 * length}) {
    const Vec2 eye = t.centreline().at(s).position + Vec2{0.37, -0.21};  // off the pixel grid
    backdrop.draw(cached.renderer, 320, 180, eye);
    ASSERT_TRUE(backdrop.cached()) << SDL_GetError();
    draw_live(view, live, eye);
    if (const char* dir = std::getenv("RACER_BACKDROP_SHOTS")) {  // for looking at them
      SDL_SaveBMP(cached.surface, (std::string(dir) + "/cached_" + std::to_string(static_cast<int>(s)) + ".bmp").c_str());
      SDL_SaveBMP(live.surface, (std::string(dir) + "/live_" + std::to_string(static_cast<int>(s)) + ".bmp").c_str());
    }
    // The copy sits within a pixel of the live drawing (the software renderer rounds the
    // copy's sub-pixel shift): allowing one pixel, what still differs is lines thinner
    // than a pixel drawn at another sub-pixel offset (measured 0.3-1.8%); 3% at most.
    EXPECT_LT(differing(cached, live, 48), 0.03) << "at s = " << s;
    EXPECT_LT(differing(live, cached, 48), 0.03) << "at s = " << s;
  }
  EXPECT_EQ(backdrop.textures_drawn(), 1) << "drawn into the texture once, however far the view moved";
  Target larger(400, 240);
  backdrop.draw(larger.renderer, 400, 240, t.centreline().at(0.0).position);
  EXPECT_EQ(backdrop.textures_drawn(), 2) << "a new viewport (and renderer) draws it again";
  backdrop.release();  // a race: the texture is freed
  EXPECT_FALSE(backdrop.cached());
  backdrop.draw(larger.renderer, 400, 240, t.centreline().at(0.0).position);
  EXPECT_TRUE(backdrop.cached());
  EXPECT_EQ(backdrop.textures_drawn(), 3) << "and made again on the way back to the menus";
}

}  // namespace
}  // namespace racer
