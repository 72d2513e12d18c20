#include "ui/error_window.h"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace racer {

void draw_error_window(LoadErrors& errors) {
  if (!errors.open) return;
  const ImVec2 screen = ImGui::GetIO().DisplaySize;
  // Top left, below the banner and clear of the lap timer: the car stays in view.
  ImGui::SetNextWindowPos({18.0f, 70.0f}, ImGuiCond_Appearing);
  ImGui::SetNextWindowSize({std::clamp(screen.x - 320.0f, 300.0f, 860.0f), 0.0f}, ImGuiCond_Appearing);
  ImGui::PushStyleColor(ImGuiCol_TitleBgActive, IM_COL32(140, 30, 30, 255));
  ImGui::PushStyleColor(ImGuiCol_TitleBg, IM_COL32(110, 24, 24, 255));
  // The "###" id keeps one window whatever the title says.
  const std::string title = (errors.title.empty() ? std::string("Errors") : errors.title) + "###load_errors";
  if (ImGui::Begin(title.c_str(), &errors.open, ImGuiWindowFlags_NoCollapse)) {
    ImGui::TextColored({1.0f, 0.8f, 0.4f, 1.0f}, "The file could not be loaded; still driving the previous version.");
    ImGui::TextUnformatted("Fix the file and press F5 to reload.");
    ImGui::Separator();
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float height = std::min(line * static_cast<float>(errors.lines.size()) + 8.0f, screen.y * 0.4f);
    ImGui::BeginChild("lines", {0.0f, height}, false, ImGuiWindowFlags_HorizontalScrollbar);
    for (const std::string& l : errors.lines) ImGui::TextUnformatted(l.c_str());
    ImGui::EndChild();
    ImGui::Separator();
    if (ImGui::Button("Dismiss")) errors.open = false;
  }
  ImGui::End();
  ImGui::PopStyleColor(2);
}

}  // namespace racer
