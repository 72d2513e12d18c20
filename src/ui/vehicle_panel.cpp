#include "ui/vehicle_panel.h"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "core/math.h"
#include "ui/vehicle_curves.h"

namespace racer {
namespace {

float f(double v) { return static_cast<float>(v); }

void labelled_bar(const char* label, double fraction, const char* overlay, ImVec4 colour) {
  ImGui::TextUnformatted(label);
  ImGui::SameLine(90.0f);
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, colour);
  ImGui::ProgressBar(f(clamp01(fraction)), ImVec2(-1.0f, 0.0f), overlay);
  ImGui::PopStyleColor();
}

/// Steering as a centred bar: the fill grows left or right from the middle.
void steer_bar(double steer) {
  ImGui::TextUnformatted("Steer");
  ImGui::SameLine(90.0f);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x, h = ImGui::GetFrameHeight();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, {p.x + w, p.y + h}, ImGui::GetColorU32(ImGuiCol_FrameBg), 3.0f);
  const float mid = p.x + w / 2.0f, end = mid - f(std::clamp(steer, -1.0, 1.0)) * w / 2.0f;  // + = left
  dl->AddRectFilled({std::min(mid, end), p.y}, {std::max(mid, end), p.y + h}, IM_COL32(90, 160, 230, 255), 3.0f);
  dl->AddLine({mid, p.y}, {mid, p.y + h}, IM_COL32(255, 255, 255, 120));
  char text[32];
  std::snprintf(text, sizeof text, "%+.2f %s", steer, steer > 0.01 ? "L" : (steer < -0.01 ? "R" : ""));
  const ImVec2 ts = ImGui::CalcTextSize(text);
  dl->AddText({mid - ts.x / 2.0f, p.y + (h - ts.y) / 2.0f}, IM_COL32(255, 255, 255, 255), text);
  ImGui::Dummy({w, h});
}

void wheel_table(const CarSnapshot& car) {
  static constexpr std::array<const char*, 4> kNames{"FL", "FR", "RL", "RR"};
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("wheels", 5, flags)) return;
  ImGui::TableSetupColumn("Wheel");
  ImGui::TableSetupColumn("Load N");
  ImGui::TableSetupColumn("Slip ratio");
  ImGui::TableSetupColumn("Slip deg");
  ImGui::TableSetupColumn("Surface");
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < car.wheels.size(); ++i) {
    const WheelSnapshot& w = car.wheels[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(kNames[i]);
    if (w.locked) {
      ImGui::SameLine();
      ImGui::TextColored({1.0f, 0.4f, 0.3f, 1.0f}, "lock");
    }
    ImGui::TableNextColumn();
    ImGui::Text("%.0f", w.load);
    ImGui::TableNextColumn();
    const bool slipping = std::abs(w.slip_ratio) > 0.15;
    ImGui::TextColored(slipping ? ImVec4{1.0f, 0.7f, 0.2f, 1.0f} : ImVec4{1, 1, 1, 1}, "%+.3f", w.slip_ratio);
    ImGui::TableNextColumn();
    ImGui::Text("%+.1f", rad_to_deg(w.slip_angle));
    ImGui::TableNextColumn();
    const std::string_view name = surface_name(w.surface);
    ImGui::TextUnformatted(name.data(), name.data() + name.size());
  }
  ImGui::EndTable();
}

}  // namespace

const char* gear_label(int gear) {
  static constexpr std::array<const char*, 13> kGears{"R", "N", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"};
  const int i = std::clamp(gear + 1, 0, static_cast<int>(kGears.size()) - 1);
  return kGears[static_cast<std::size_t>(i)];
}

void draw_vehicle_panel(const CarSnapshot& car, const CarSpec& spec, const DriverAids& aids, bool* open,
                        const Car* live) {
  if (!*open) return;
  ImGui::SetNextWindowPos({12.0f, 12.0f}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize({360.0f, 0.0f}, ImGuiCond_FirstUseEver);
  if (live != nullptr) ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: the race HUD lies under it
  if (!ImGui::Begin("Vehicle", open)) {
    ImGui::End();
    return;
  }
  ImGui::Text("%s", spec.name.c_str());
  ImGui::Separator();
  ImGui::Text("Speed  %6.1f km/h", mps_to_kmh(car.speed));
  ImGui::SameLine(200.0f);
  ImGui::Text("Gear  %s", gear_label(car.gear));

  char overlay[32];
  std::snprintf(overlay, sizeof overlay, "%.0f rpm", car.rpm);
  const double rpm_frac = car.rpm / spec.engine.max_rpm;
  const ImVec4 rpm_colour = car.rpm >= spec.gearbox.shift_up_rpm ? ImVec4{0.9f, 0.25f, 0.2f, 1.0f} : ImVec4{0.3f, 0.75f, 0.4f, 1.0f};
  labelled_bar("RPM", rpm_frac, overlay, rpm_colour);
  std::snprintf(overlay, sizeof overlay, "%.2f", car.throttle);
  labelled_bar("Throttle", car.throttle, overlay, {0.3f, 0.75f, 0.4f, 1.0f});
  std::snprintf(overlay, sizeof overlay, "%.2f", car.brake);
  labelled_bar("Brake", car.brake, overlay, {0.85f, 0.3f, 0.25f, 1.0f});
  steer_bar(car.steer);
  std::snprintf(overlay, sizeof overlay, "%.2f", car.clutch);
  labelled_bar("Clutch", car.clutch, overlay, {0.55f, 0.55f, 0.8f, 1.0f});

  // Assists and gearbox: the switch (ON/OFF, with its key) and whether it acts right now.
  const ImVec4 acting{1.0f, 0.75f, 0.1f, 1.0f}, on{0.45f, 0.85f, 0.5f, 1.0f}, off{0.95f, 0.4f, 0.35f, 1.0f};
  const bool tcs_acting = aids.tcs && car.tcs < 0.999;
  ImGui::TextColored(tcs_acting ? acting : (aids.tcs ? on : off), "TCS %s%s (F3)", aids.tcs ? "ON" : "OFF",
                     tcs_acting ? " cutting" : "");
  ImGui::SameLine(200.0f);
  const bool abs_acting = aids.abs && car.abs_active;
  ImGui::TextColored(abs_acting ? acting : (aids.abs ? on : off), "ABS %s%s (F2)", aids.abs ? "ON" : "OFF",
                     abs_acting ? " acting" : "");
  ImGui::TextColored(aids.automatic ? on : ImVec4{0.55f, 0.75f, 1.0f, 1.0f}, "Gearbox %s (M)",
                     aids.automatic ? "AUTO" : "MANUAL");
  ImGui::SameLine(200.0f);
  ImGui::Text("TCS throttle %.2f", car.tcs);
  ImGui::Text("Handbrake %s", car.handbrake ? "ON" : "off");
  ImGui::SameLine(200.0f);
  ImGui::Text("Accel %+.1f %+.1f g", car.accel_local.x / kGravity, car.accel_local.y / kGravity);
  ImGui::Spacing();
  wheel_table(car);
  ImGui::End();
  if (live == nullptr || !*open) return;
  // The curves in a window of their own beside it (closing either closes both).
  ImGui::SetNextWindowPos({384.0f, 12.0f}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize({470.0f, std::min(ImGui::GetIO().DisplaySize.y - 24.0f, 680.0f)}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(0.92f);
  if (ImGui::Begin("Vehicle curves", open)) draw_vehicle_curves(*live);
  ImGui::End();
}

}  // namespace racer
