#pragma once
// ImGuiLayer: Dear ImGui's context with the SDL2 platform and SDL_Renderer backends, and
// the fonts (DejaVu Sans when installed, ImGui's built-in font otherwise).
#include <string>

#include "render/labels.h"

struct SDL_Window;
struct SDL_Renderer;
typedef union SDL_Event SDL_Event;
struct ImFont;

namespace racer {

struct UiFonts {
  ImFont* text = nullptr;   ///< panels and help
  ImFont* big = nullptr;    ///< the speed readout (may be the text font drawn larger)
  float text_size = 16.0f;  ///< px
  float big_size = 56.0f;   ///< px
  bool from_ttf = false;
  // Menus (ui/menu_kit.h): rasterised for the window height at start-up (menu_scale);
  // widgets scale them to the live window size.
  ImFont* menu = nullptr;       ///< menu rows and tables (DejaVu Sans)
  ImFont* menu_bold = nullptr;  ///< headings (DejaVu Sans Bold; the regular font if missing)
  ImFont* title = nullptr;      ///< the game's name on the main menu (bold, large)
  float menu_size = 28.0f;      ///< px at menu_scale
  float title_size = 96.0f;     ///< px at menu_scale
  float menu_scale = 1.0f;      ///< window height / 720 when the fonts were made
};

class ImGuiLayer {
 public:
  /// `font_path`: a TTF to load; missing or unreadable falls back to the built-in font.
  ImGuiLayer(SDL_Window* window, SDL_Renderer* renderer, const std::string& font_path);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  void process_event(const SDL_Event& e);
  /// `fixed_dt` > 0: ImGui's frame time (s) instead of the wall clock (fixed-time runs).
  void begin_frame(double fixed_dt = 0.0);
  /// Renders ImGui's draw lists on top of what was drawn this frame.
  void end_frame();
  const UiFonts& fonts() const { return fonts_; }

 private:
  SDL_Renderer* renderer_;  ///< draws the solid shapes (ui/solid_draw.h)
  UiFonts fonts_;
};

/// World labels (patch names and the like) in the background draw list, with a shadow.
void draw_screen_labels(const ScreenLabels& labels, const UiFonts& fonts);

}  // namespace racer
