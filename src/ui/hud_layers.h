#pragma once
// The race HUD's parts that seldom change (its plates and labels, the dial's face, the
// shift-light strip, the aid chips) each go into a Dear ImGui draw list of their own and
// reach the screen as one copy of a texture, remade only when the part's vertices change.
// Under Mesa's llvmpipe (the software GL the game is measured on) a triangle costs about as
// much to set up and bin as a few hundred pixels, and these parts are most of the HUD's
// ~2 300 triangles (rounded plates, 64-sided dial, 20-sided lamps, anti-aliased fringes) for
// a fraction of its pixels. docs/frame-performance.md, "Where a race frame goes".
//
// A layer is drawn into its texture, cleared to transparent, with SDL's blend mode, so each
// texel holds colour x coverage and the coverage; the copy uses the premultiplied "over"
// blend (ONE, ONE_MINUS_SRC_ALPHA) and lands on whole pixels, texel for pixel. SDL's GL
// renderer draws into a texture with y up and into the window with y down; a layer is drawn
// upside down into its texture and copied flipped back, so GL rasterises it with the
// window's orientation (the same pixels and the same texels of glyphs that are drawn scaled;
// drawn upright, small text came out a pixel row off here and there). It looks as the layer
// drawn directly, but for the rounding of one more 8-bit blend step
// (tests/ui/hud_layers_test.cpp). The copies are drawn where add_to() puts its callback, so
// the HUD's live parts (numbers, the revs, the needle) drawn after it lie over them, as
// they did; the layers must not overlap another block's live parts.
#include <imgui.h>

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

struct SDL_Renderer;
struct SDL_Texture;

namespace racer {

class HudLayers {
 public:
  static constexpr int kLayers = 8;

  HudLayers() = default;
  ~HudLayers();
  HudLayers(const HudLayers&) = delete;
  HudLayers& operator=(const HudLayers&) = delete;

  /// Starts a frame's layers, drawn later through `renderer` (inside an ImGui frame, which
  /// gives the layers' lists their font texture and flags): empties every layer's list.
  void begin_frame(SDL_Renderer* renderer, ImVec2 display_size);
  /// Layer i's draw list for this frame, 0 <= i < kLayers.
  ImDrawList* layer(int i);
  /// Adds to `list` a callback that copies every non-empty layer to the screen, in layer
  /// order, remaking a layer's texture first if its vertices changed.
  void add_to(ImDrawList* list);

  /// Textures drawn (made or remade) since construction (tests).
  int textures_drawn() const { return drawn_; }

 private:
  struct Copy {
    SDL_Texture* texture = nullptr;
    int w = 0, h = 0;           ///< px, the texture's size
    int x = 0, y = 0;           ///< px, where its top left lands on the screen
    std::uint64_t key = 0;      ///< hash of the layer's vertices, indices and commands
    std::uint64_t used = 0;     ///< frame it was last copied
  };
  struct Layer {
    std::unique_ptr<ImDrawList> list;
    std::array<Copy, 2> copies;  ///< the two latest pictures (a flashing part has two)
  };

  static void draw_callback(const ImDrawList* list, const ImDrawCmd* cmd);
  void draw_all();
  bool draw_layer(Layer& layer);
  bool remake(Copy& c, const ImDrawList& list, int x, int y, int w, int h);
  /// Draws `list` moved by (dx, dy) px; with flip_h > 0 mirrored too, y -> flip_h - y.
  void draw_list(const ImDrawList& list, float dx, float dy, float flip_h);

  SDL_Renderer* renderer_ = nullptr;
  ImVec2 display_{0.0f, 0.0f};
  std::array<Layer, kLayers> layers_{};
  std::uint64_t frame_ = 0;
  int drawn_ = 0;
  bool broken_ = false;         ///< a texture could not be made: layers are drawn directly
  std::vector<float> xy_;       ///< a list's positions moved into a texture
};

}  // namespace racer
