#include "ui/car_editor.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "game/car_edit.h"

namespace racer {

CarEditAction draw_car_editor(CarSpec& draft, bool edited, bool can_save, CarEditorState& state,
                              const std::string& note) {
  if (!state.open) return CarEditAction::None;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos({display.x - 12.0f, 12.0f}, ImGuiCond_FirstUseEver, {1.0f, 0.0f});
  ImGui::SetNextWindowSize({380.0f, display.y - 140.0f}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(0.92f);
  CarEditAction action = CarEditAction::None;
  if (!ImGui::Begin("Car editor", &state.open)) {
    ImGui::End();
    return action;
  }
  ImGui::Text("%s%s", draft.name.c_str(), edited ? "  (edited)" : "");
  if (!note.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4{1.0f, 0.65f, 0.2f, 1.0f});
    ImGui::TextWrapped("%s", note.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::TextColored({0.65f, 0.65f, 0.7f, 1.0f}, "Applied when a slider is released; Ctrl+click types a value");
  if (ImGui::Button("Revert to file")) action = CarEditAction::Revert;
  ImGui::SameLine();
  char name[64];
  std::snprintf(name, sizeof name, "%s", state.save_name.c_str());
  ImGui::SetNextItemWidth(130.0f);
  if (ImGui::InputTextWithHint("##carname", "new car id", name, sizeof name)) state.save_name = name;
  ImGui::SameLine();
  ImGui::BeginDisabled(!can_save || state.save_name.empty());
  if (ImGui::Button("Save as")) action = CarEditAction::Save;
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(can_save ? "Writes <data dir>/cars/<id>.json; the menus offer it beside the shipped cars"
                               : "No data directory: nothing can be saved");
  if (!state.message.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, state.message_ok ? ImVec4{0.45f, 0.85f, 0.5f, 1.0f} : ImVec4{0.95f, 0.4f, 0.35f, 1.0f});
    ImGui::TextWrapped("%s", state.message.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Separator();
  ImGui::PushItemWidth(-170.0f);
  std::string section;
  for (const CarParam& p : car_params()) {
    const std::string group(p.key, std::strchr(p.key, '.'));
    if (group != section) {
      section = group;
      ImGui::Spacing();
      ImGui::TextColored({0.65f, 0.65f, 0.7f, 1.0f}, "%s", section.c_str());
    }
    double v = p.get(draft);
    const bool wide = p.hi / std::max(p.lo, 1e-9) > 100.0;
    if (ImGui::SliderScalar(p.label, ImGuiDataType_Double, &v, &p.lo, &p.hi, v >= 100.0 ? "%.0f" : "%.3f",
                            ImGuiSliderFlags_AlwaysClamp | (wide && p.lo > 0.0 ? ImGuiSliderFlags_Logarithmic : 0)))
      p.set(draft, v);
    if (ImGui::IsItemDeactivatedAfterEdit() && action == CarEditAction::None) action = CarEditAction::Apply;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.key);
  }
  ImGui::PopItemWidth();
  ImGui::End();
  return action;
}

}  // namespace racer
