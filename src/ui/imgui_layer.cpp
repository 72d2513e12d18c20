#include "ui/imgui_layer.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <algorithm>
#include <filesystem>

#include "ui/solid_draw.h"

namespace racer {

ImGuiLayer::ImGuiLayer(SDL_Window* window, SDL_Renderer* renderer, const std::string& font_path) : renderer_(renderer) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini next to wherever the game was started
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 6.0f;
  style.FrameRounding = 3.0f;
  style.Colors[ImGuiCol_WindowBg].w = 0.86f;

  // The font texture is sampled nearest (SDL's default scale mode), and the glyphs are drawn
  // at the size they were rasterised at: ImGui's default three-fold horizontal oversampling
  // (for sub-pixel placement under bilinear filtering) would only make the atlas three
  // times wider and each glyph's texels three times as far apart for llvmpipe to fetch.
  ImFontConfig glyphs;
  glyphs.OversampleH = 1;
  glyphs.OversampleV = 1;
  std::error_code ec;
  if (!font_path.empty() && std::filesystem::is_regular_file(font_path, ec)) {
    fonts_.text = io.Fonts->AddFontFromFileTTF(font_path.c_str(), fonts_.text_size, &glyphs);
    fonts_.big = io.Fonts->AddFontFromFileTTF(font_path.c_str(), fonts_.big_size, &glyphs);
  }
  fonts_.from_ttf = fonts_.text != nullptr && fonts_.big != nullptr;
  int out_w = 0, out_h = 0;
  if (renderer != nullptr) SDL_GetRendererOutputSize(renderer, &out_w, &out_h);
  fonts_.menu_scale = out_h > 0 ? std::clamp(static_cast<float>(out_h) / 720.0f, 0.75f, 3.0f) : 1.0f;
  if (fonts_.from_ttf) {
    const std::filesystem::path bold = std::filesystem::path(font_path).parent_path() / "DejaVuSans-Bold.ttf";
    const std::string bold_path = std::filesystem::is_regular_file(bold, ec) ? bold.string() : font_path;
    fonts_.menu_size *= fonts_.menu_scale;
    fonts_.title_size *= fonts_.menu_scale;
    fonts_.menu = io.Fonts->AddFontFromFileTTF(font_path.c_str(), fonts_.menu_size, &glyphs);
    fonts_.menu_bold = io.Fonts->AddFontFromFileTTF(bold_path.c_str(), fonts_.menu_size, &glyphs);
    fonts_.title = io.Fonts->AddFontFromFileTTF(bold_path.c_str(), fonts_.title_size, &glyphs);
    fonts_.from_ttf = fonts_.menu != nullptr && fonts_.menu_bold != nullptr && fonts_.title != nullptr;
  }
  if (!fonts_.from_ttf) {
    io.Fonts->Clear();
    fonts_.text = io.Fonts->AddFontDefault();
    fonts_.big = fonts_.text;  // drawn scaled up: blockier, but readable
    fonts_.text_size = 13.0f;
    fonts_.menu = fonts_.menu_bold = fonts_.title = fonts_.text;
    fonts_.menu_size = 13.0f * 2.0f * fonts_.menu_scale;
    fonts_.title_size = 13.0f * 5.0f * fonts_.menu_scale;
  }
  ImGui_ImplSDL2_InitForSDLRenderer(window);
  ImGui_ImplSDLRenderer_Init(renderer);
  // The font atlas is uploaded once; its CPU copies (an alpha and an RGBA image of the
  // whole atlas, 20 MiB with the five fonts above at 720 p) are not read again, so they
  // are freed here. The glyph metrics stay; if the texture were ever re-created, ImGui
  // would rebuild the atlas from the fonts it keeps.
  if (renderer != nullptr && ImGui_ImplSDLRenderer_CreateDeviceObjects()) io.Fonts->ClearTexData();
}

ImGuiLayer::~ImGuiLayer() {
  ImGui_ImplSDLRenderer_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
}

void ImGuiLayer::process_event(const SDL_Event& e) { ImGui_ImplSDL2_ProcessEvent(&e); }

void ImGuiLayer::begin_frame(double fixed_dt) {
  solid_begin_frame(renderer_);
  ImGui_ImplSDLRenderer_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  if (fixed_dt > 0.0) ImGui::GetIO().DeltaTime = static_cast<float>(fixed_dt);
  ImGui::NewFrame();
}

void ImGuiLayer::end_frame() {
  ImGui::Render();
  ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
}

void draw_screen_labels(const ScreenLabels& labels, const UiFonts& fonts) {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  for (const ScreenLabel& l : labels) {
    const float size = fonts.text_size * 1.15f * static_cast<float>(l.size);
    const ImVec2 extent = fonts.text->CalcTextSizeA(size, FLT_MAX, 0.0f, l.text.c_str());
    const ImVec2 at{static_cast<float>(l.position.x) - extent.x / 2.0f, static_cast<float>(l.position.y) - extent.y / 2.0f};
    // A soft dark plate keeps light and dark labels readable on any surface.
    const bool dark_ink = l.colour.r + l.colour.g + l.colour.b < 300;
    const ImU32 plate = dark_ink ? IM_COL32(255, 255, 255, 70) : IM_COL32(0, 0, 0, 80);
    dl->AddRectFilled({at.x - 6.0f, at.y - 2.0f}, {at.x + extent.x + 6.0f, at.y + extent.y + 2.0f}, plate, 4.0f);
    dl->AddText(fonts.text, size, {at.x + 1.0f, at.y + 1.0f}, dark_ink ? IM_COL32(255, 255, 255, 90) : IM_COL32(0, 0, 0, 140),
                l.text.c_str());
    dl->AddText(fonts.text, size, at, IM_COL32(l.colour.r, l.colour.g, l.colour.b, l.colour.a), l.text.c_str());
  }
}

}  // namespace racer
