// Sections: chips (ABS, TCS, gearbox) | speed and gear | key help | draw_hud.
#include "ui/hud.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "core/math.h"
#include "ui/vehicle_panel.h"

namespace racer {
namespace {

constexpr float kMargin = 18.0f;
constexpr ImU32 kPlate = IM_COL32(10, 12, 16, 170);

// ---- chips -----------------------------------------------------------------------------

enum class ChipState { Off, On, Acting, Info };

/// One rounded chip, right-aligned at `right`; returns its width.
float chip(ImDrawList* dl, const UiFonts& fonts, float right, float y, const char* text, ChipState state) {
  const float size = fonts.text_size * 1.05f;
  const ImVec2 ts = fonts.text->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
  const float w = ts.x + 18.0f, h = ts.y + 8.0f;
  const ImVec2 lo{right - w, y}, hi{right, y + h};
  ImU32 fill = kPlate, border = IM_COL32(120, 120, 120, 200), ink = IM_COL32(150, 150, 150, 255);
  switch (state) {
    case ChipState::On:
      fill = IM_COL32(28, 92, 48, 220), border = IM_COL32(90, 200, 120, 255), ink = IM_COL32(235, 255, 240, 255);
      break;
    case ChipState::Acting:
      fill = IM_COL32(150, 100, 10, 235), border = IM_COL32(255, 200, 60, 255), ink = IM_COL32(255, 250, 230, 255);
      break;
    case ChipState::Info:
      fill = IM_COL32(26, 56, 110, 220), border = IM_COL32(110, 160, 255, 255), ink = IM_COL32(230, 240, 255, 255);
      break;
    case ChipState::Off:
      fill = IM_COL32(70, 20, 18, 200), border = IM_COL32(200, 80, 70, 230), ink = IM_COL32(255, 200, 195, 255);
      break;
  }
  dl->AddRectFilled(lo, hi, fill, 5.0f);
  dl->AddRect(lo, hi, border, 5.0f, 0, 1.5f);
  dl->AddText(fonts.text, size, {lo.x + 9.0f, lo.y + 4.0f}, ink, text);
  return w;
}

ChipState assist_state(bool on, bool acting) {
  if (!on) return ChipState::Off;
  return acting ? ChipState::Acting : ChipState::On;
}

/// The chips in a row ending at `right`, top at `y`: ABS, TCS, gearbox.
void draw_chips(ImDrawList* dl, const UiFonts& fonts, const CarSnapshot& car, const DriverAids& aids, float right,
                float y) {
  constexpr float kGap = 8.0f;
  right -= chip(dl, fonts, right, y, aids.automatic ? "AUTO" : "MANUAL",
                aids.automatic ? ChipState::On : ChipState::Info) + kGap;
  right -= chip(dl, fonts, right, y, aids.tcs ? "TCS on" : "TCS off", assist_state(aids.tcs, car.tcs < 0.999)) + kGap;
  chip(dl, fonts, right, y, aids.abs ? "ABS on" : "ABS off", assist_state(aids.abs, car.abs_active));
}

float chip_height(const UiFonts& fonts) {
  return fonts.text->CalcTextSizeA(fonts.text_size * 1.05f, FLT_MAX, 0.0f, "A").y + 8.0f;
}

// ---- speed and gear --------------------------------------------------------------------

/// "123 km/h [3]" in a plate whose bottom right is `corner`; returns the plate's top.
float draw_speed_and_gear(ImDrawList* dl, const UiFonts& fonts, const CarSnapshot& car, bool automatic,
                          ImVec2 corner) {
  char speed[16];
  std::snprintf(speed, sizeof speed, "%.0f", std::floor(mps_to_kmh(car.speed) + 0.5));
  const char* gear = gear_label(car.gear);
  const float big = fonts.big_size, small = fonts.text_size * 1.2f;
  const ImVec2 speed_size = fonts.big->CalcTextSizeA(big, FLT_MAX, 0.0f, speed);
  const ImVec2 unit_size = fonts.text->CalcTextSizeA(small, FLT_MAX, 0.0f, "km/h");
  const ImVec2 gear_size = fonts.big->CalcTextSizeA(big, FLT_MAX, 0.0f, "N");
  const float box_w = speed_size.x + unit_size.x + gear_size.x + 58.0f, box_h = speed_size.y + 12.0f;
  const ImVec2 box_min{corner.x - box_w, corner.y - box_h};
  dl->AddRectFilled(box_min, corner, kPlate, 8.0f);
  float x = box_min.x + 12.0f;
  const float y = box_min.y + 6.0f;
  dl->AddText(fonts.big, big, {x, y}, IM_COL32(255, 255, 255, 255), speed);
  x += speed_size.x + 6.0f;
  dl->AddText(fonts.text, small, {x, y + speed_size.y - unit_size.y - 8.0f}, IM_COL32(200, 200, 200, 255), "km/h");
  x += unit_size.x + 16.0f;
  const ImU32 gear_colour = car.gear < 0 ? IM_COL32(255, 120, 90, 255)
                            : automatic  ? IM_COL32(255, 210, 80, 255)
                                         : IM_COL32(120, 180, 255, 255);
  dl->AddRect({x - 6.0f, y + 2.0f}, {x + gear_size.x + 6.0f, y + speed_size.y - 2.0f}, gear_colour, 6.0f, 0, 2.0f);
  const ImVec2 g = fonts.big->CalcTextSizeA(big, FLT_MAX, 0.0f, gear);
  dl->AddText(fonts.big, big, {x + (gear_size.x - g.x) / 2.0f, y}, gear_colour, gear);
  return box_min.y;
}

// ---- key help --------------------------------------------------------------------------

const char* key_help(bool gamepad, bool automatic) {
  if (gamepad)
    return automatic
        ? "Stick steer   RT throttle   LT brake / reverse   X handbrake   A/B shift   Y manual   F2 ABS   F3 TCS   Back reset   F5 reload   F1 panel   Esc quit"
        : "Stick steer   RT throttle   LT brake   X handbrake   A/B or LB/RB shift R N 1..   Y auto   F2 ABS   F3 TCS   Back reset   F5 reload   F1 panel   Esc quit";
  return automatic
      ? "Arrows/WASD drive   hold brake to reverse   Space handbrake   Q/E shift   M manual   F2 ABS   F3 TCS   R reset   F5 reload   F1 panel   Esc quit"
      : "Arrows/WASD drive   Space handbrake   Q/E shift R N 1..   M auto   F2 ABS   F3 TCS   R reset   F5 reload   F1 panel   Esc quit";
}

void draw_key_help(ImDrawList* dl, const UiFonts& fonts, ImVec2 screen, const char* help) {
  const ImVec2 hs = fonts.text->CalcTextSizeA(fonts.text_size, FLT_MAX, 0.0f, help);
  const ImVec2 hp{kMargin, screen.y - kMargin - hs.y + 4.0f};
  dl->AddRectFilled({hp.x - 8.0f, hp.y - 3.0f}, {hp.x + hs.x + 8.0f, hp.y + hs.y + 3.0f}, IM_COL32(10, 12, 16, 140), 5.0f);
  dl->AddText(fonts.text, fonts.text_size, hp, IM_COL32(230, 230, 230, 255), help);
}

}  // namespace

// ---- draw_hud --------------------------------------------------------------------------

void draw_hud(const CarSnapshot& car, const DriverAids& aids, const UiFonts& fonts, bool gamepad_connected) {
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const ImVec2 screen = ImGui::GetIO().DisplaySize;
  const ImVec2 corner{screen.x - kMargin, screen.y - kMargin - 26.0f};
  const float top = draw_speed_and_gear(dl, fonts, car, aids.automatic, corner);
  draw_chips(dl, fonts, car, aids, corner.x, top - 8.0f - chip_height(fonts));
  draw_key_help(dl, fonts, screen, key_help(gamepad_connected, aids.automatic));
}

void draw_key_help(const DriverAids& aids, const UiFonts& fonts, bool gamepad_connected) {
  draw_key_help(ImGui::GetForegroundDrawList(), fonts, ImGui::GetIO().DisplaySize, key_help(gamepad_connected, aids.automatic));
}

}  // namespace racer
