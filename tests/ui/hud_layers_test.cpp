// HudLayers on a GL renderer (skipped with no display, as the car textures' tests): the race
// HUD with its still parts copied from textures looks as drawn directly, a frame like the
// last draws no texture, and a change redraws only the layer it is in. The two pictures of
// the first test are written to hud_layers_direct.png and hud_layers_cached.png in the
// test's working directory.
#include "ui/hud_layers.h"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_impl_sdlrenderer.h>

#include <SDL.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "platform/screenshot.h"
#include "ui/race_hud.h"

namespace racer {
namespace {

constexpr int kWidth = 1280, kHeight = 720;

/// A hidden window's accelerated renderer with an ImGui context and its font texture; empty
/// (and the test skipped) with no display.
struct Gl {
  SDL_Window* window = nullptr;
  SDL_Renderer* r = nullptr;
  bool imgui = false;
  UiFonts fonts;
  bool open() {
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) return false;
    window = SDL_CreateWindow("hud layers test", 0, 0, kWidth, kHeight, SDL_WINDOW_HIDDEN);
    r = window != nullptr ? SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_TARGETTEXTURE) : nullptr;
    if (r == nullptr) return false;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);  // as the game's window sets it
    ImGui::CreateContext();
    imgui = true;
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    ImFontConfig glyphs;  // as ImGuiLayer: rasterised at the size drawn, sampled nearest
    glyphs.OversampleH = glyphs.OversampleV = 1;
    fonts.text = fonts.big = io.Fonts->AddFontDefault(&glyphs);
    io.DisplaySize = {static_cast<float>(kWidth), static_cast<float>(kHeight)};
    io.DeltaTime = 1.0f / 60.0f;
    return ImGui_ImplSDLRenderer_Init(r) && ImGui_ImplSDLRenderer_CreateDeviceObjects();
  }
  ~Gl() {
    if (imgui) {
      ImGui_ImplSDLRenderer_Shutdown();
      ImGui::DestroyContext();
    }
    if (r != nullptr) SDL_DestroyRenderer(r);
    if (window != nullptr) SDL_DestroyWindow(window);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
  }
};

/// A race under way: a position, gaps, a lap run and a last lap, revs in the shift lights.
RaceHudModel model() {
  RaceHudModel m;
  m.position = 7;
  m.car_count = 12;
  m.lap = 2;
  m.laps = 3;
  m.gap_ahead = HudGap{0.258, 0, "Kai Tanaka"};
  m.gap_behind = HudGap{1.5, 0, "Ana Ruiz"};
  m.current_lap_s = 23.456;
  m.last_lap_s = 61.2;
  m.last_lap_delta_s = -0.4;
  m.best_lap_s = 61.2;
  m.title = "Port Ardent";
  m.speed_mps = 31.0;
  m.rpm = 5200.0;
  m.max_rpm = 7500.0;
  m.redline_rpm = 6800.0;
  m.gear = 3;
  m.automatic = true;
  m.abs_on = m.tcs_on = true;
  m.clock_s = 70.0;
  return m;
}

/// Grass with stripes of several colours, some translucent, under every block of the HUD.
void paint_backdrop(Gl& gl) {
  SDL_SetRenderDrawColor(gl.r, 70, 130, 60, 255);
  SDL_RenderClear(gl.r);
  for (int i = 0; i < 16; ++i) {
    SDL_SetRenderDrawColor(gl.r, static_cast<Uint8>(40 + 13 * i), static_cast<Uint8>(200 - 9 * i), static_cast<Uint8>(90 + 7 * i),
                           static_cast<Uint8>(i % 2 == 0 ? 255 : 150));
    const SDL_Rect band{i * kWidth / 16, 0, kWidth / 32, kHeight};
    SDL_RenderFillRect(gl.r, &band);
  }
}

std::vector<Uint32> read_back(Gl& gl) {
  std::vector<Uint32> px(static_cast<std::size_t>(kWidth) * kHeight);
  SDL_RenderReadPixels(gl.r, nullptr, SDL_PIXELFORMAT_RGBA8888, px.data(), kWidth * 4);
  return px;
}

/// The HUD for `m` over the backdrop, read back from the window (RGBA8888).
std::vector<Uint32> draw(Gl& gl, const RaceHudModel& m, HudLayers* layers, const char* png = nullptr) {
  paint_backdrop(gl);
  ImGui::NewFrame();
  if (layers != nullptr) layers->begin_frame(gl.r, ImGui::GetIO().DisplaySize);
  draw_race_hud(m, ImGui::GetIO().DisplaySize, gl.fonts, nullptr, layers);
  ImGui::Render();
  ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
  std::vector<Uint32> px = read_back(gl);
  if (png != nullptr) save_png(gl.r, png);
  SDL_RenderPresent(gl.r);
  return px;
}

int channel(Uint32 p, int c) { return static_cast<int>((p >> (8 * (c + 1))) & 0xFF); }  // c: 0 b, 1 g, 2 r

struct Difference {
  int worst = 0;        ///< largest per-channel difference of a pixel
  int differing = 0;    ///< pixels with a channel more than 2 levels apart
  int hud_pixels = 0;   ///< pixels where the HUD changed the backdrop (in either picture)
};

Difference compare(const std::vector<Uint32>& a, const std::vector<Uint32>& b, const std::vector<Uint32>& backdrop) {
  Difference d;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != backdrop[i] || b[i] != backdrop[i]) ++d.hud_pixels;
    int worst = 0;
    for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(channel(a[i], c) - channel(b[i], c)));
    d.worst = std::max(d.worst, worst);
    if (worst > 2) ++d.differing;
  }
  return d;
}

/// The backdrop alone: the HUD's pixels are those that differ from it.
std::vector<Uint32> backdrop(Gl& gl) {
  paint_backdrop(gl);
  std::vector<Uint32> px = read_back(gl);
  SDL_RenderPresent(gl.r);
  return px;
}

// A layer copied from its texture is blended onto the screen once, where drawn directly each
// of its shapes is blended in turn: the picture differs by the rounding of the extra 8-bit
// step, a level or two where translucent shapes overlap (the plates' rims, fringes). A part
// left out, drawn in the wrong place or over the live numbers differs by tens of levels
// over hundreds of pixels. Measured on llvmpipe: see the figures in the assertions' notes.
TEST(HudLayers, CachedHudLooksAsDrawnDirectly) {
  Gl gl;
  if (!gl.open()) GTEST_SKIP() << "no display or accelerated renderer: " << SDL_GetError();
  const std::vector<Uint32> plain = backdrop(gl);
  const RaceHudModel m = model();
  const std::vector<Uint32> direct = draw(gl, m, nullptr, "hud_layers_direct.png");
  HudLayers layers;
  const std::vector<Uint32> cached = draw(gl, m, &layers, "hud_layers_cached.png");
  EXPECT_EQ(layers.textures_drawn(), 5);  // standings, timing, dial, shift lights, aids
  const Difference d = compare(direct, cached, plain);
  EXPECT_GT(d.hud_pixels, 50000);  // the HUD is drawn at all (about 0.1 of the screen)
  EXPECT_LE(d.worst, 3) << d.differing << " pixels differ by more than 2 levels";
  EXPECT_LE(d.differing, d.hud_pixels / 1000);
}

TEST(HudLayers, OnlyAChangedLayerIsDrawnAgain) {
  Gl gl;
  if (!gl.open()) GTEST_SKIP() << "no display or accelerated renderer: " << SDL_GetError();
  RaceHudModel m = model();
  HudLayers layers;
  const std::vector<Uint32> first = draw(gl, m, &layers);
  const int made = layers.textures_drawn();
  m.current_lap_s = 24.0;  // the live numbers change: no layer does
  m.speed_mps = 33.0;
  m.rpm = 5400.0;
  draw(gl, m, &layers);
  EXPECT_EQ(layers.textures_drawn(), made);
  m.rpm = 6600.0;  // into the shift lights: that strip alone
  draw(gl, m, &layers);
  EXPECT_EQ(layers.textures_drawn(), made + 1);
  m.rpm = 5200.0;  // back: the strip's earlier picture is kept
  m.current_lap_s = 23.456;
  m.speed_mps = 31.0;
  const std::vector<Uint32> again = draw(gl, m, &layers);
  EXPECT_EQ(layers.textures_drawn(), made + 1);
  EXPECT_EQ(first, again);
}

}  // namespace
}  // namespace racer
