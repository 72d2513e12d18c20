#include "ui/imgui_layer.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <filesystem>

namespace racer {

ImGuiLayer::ImGuiLayer(SDL_Window* window, SDL_Renderer* renderer, const std::string& font_path) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini next to wherever the game was started
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 6.0f;
  style.FrameRounding = 3.0f;
  style.Colors[ImGuiCol_WindowBg].w = 0.86f;

  std::error_code ec;
  if (!font_path.empty() && std::filesystem::is_regular_file(font_path, ec)) {
    fonts_.text = io.Fonts->AddFontFromFileTTF(font_path.c_str(), fonts_.text_size);
    fonts_.big = io.Fonts->AddFontFromFileTTF(font_path.c_str(), fonts_.big_size);
  }
  fonts_.from_ttf = fonts_.text != nullptr && fonts_.big != nullptr;
  if (!fonts_.from_ttf) {
    io.Fonts->Clear();
    fonts_.text = io.Fonts->AddFontDefault();
    fonts_.big = fonts_.text;  // drawn scaled up: blockier, but readable
    fonts_.text_size = 13.0f;
  }
  ImGui_ImplSDL2_InitForSDLRenderer(window);
  ImGui_ImplSDLRenderer_Init(renderer);
}

ImGuiLayer::~ImGuiLayer() {
  ImGui_ImplSDLRenderer_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
}

void ImGuiLayer::process_event(const SDL_Event& e) { ImGui_ImplSDL2_ProcessEvent(&e); }

void ImGuiLayer::begin_frame() {
  ImGui_ImplSDLRenderer_NewFrame();
  ImGui_ImplSDL2_NewFrame();
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
