#include "ui/hud.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "core/math.h"
#include "ui/vehicle_panel.h"

namespace racer {

void draw_hud(const CarSnapshot& car, const UiFonts& fonts, bool gamepad_connected) {
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const ImVec2 screen = ImGui::GetIO().DisplaySize;
  const float margin = 18.0f;

  // Speed and gear, bottom right: "123 km/h  [3]".
  char speed[16];
  std::snprintf(speed, sizeof speed, "%.0f", std::floor(mps_to_kmh(car.speed) + 0.5));
  const char* gear = gear_label(car.gear);
  const float big = fonts.big_size, small = fonts.text_size * 1.2f;
  const ImVec2 speed_size = fonts.big->CalcTextSizeA(big, FLT_MAX, 0.0f, speed);
  const ImVec2 unit_size = fonts.text->CalcTextSizeA(small, FLT_MAX, 0.0f, "km/h");
  const ImVec2 gear_size = fonts.big->CalcTextSizeA(big, FLT_MAX, 0.0f, "N");
  const float box_w = speed_size.x + unit_size.x + gear_size.x + 58.0f, box_h = speed_size.y + 12.0f;
  const ImVec2 box_min{screen.x - margin - box_w, screen.y - margin - 26.0f - box_h};
  const ImVec2 box_max{screen.x - margin, screen.y - margin - 26.0f};
  dl->AddRectFilled(box_min, box_max, IM_COL32(10, 12, 16, 170), 8.0f);
  float x = box_min.x + 12.0f;
  const float y = box_min.y + 6.0f;
  dl->AddText(fonts.big, big, {x, y}, IM_COL32(255, 255, 255, 255), speed);
  x += speed_size.x + 6.0f;
  dl->AddText(fonts.text, small, {x, y + speed_size.y - unit_size.y - 8.0f}, IM_COL32(200, 200, 200, 255), "km/h");
  x += unit_size.x + 16.0f;
  const ImU32 gear_colour = car.gear < 0 ? IM_COL32(255, 120, 90, 255) : IM_COL32(255, 210, 80, 255);
  dl->AddRect({x - 6.0f, y + 2.0f}, {x + gear_size.x + 6.0f, y + speed_size.y - 2.0f}, gear_colour, 6.0f, 0, 2.0f);
  const ImVec2 g = fonts.big->CalcTextSizeA(big, FLT_MAX, 0.0f, gear);
  dl->AddText(fonts.big, big, {x + (gear_size.x - g.x) / 2.0f, y}, gear_colour, gear);

  // One line of key help along the bottom.
  const char* help = gamepad_connected
      ? "Stick steer   RT throttle   LT brake / reverse   X handbrake   A/B shift   R reset   F1 debug   Esc quit"
      : "Arrows/WASD drive   hold brake to reverse   Space handbrake   Q/E shift   R reset   F1 debug   Esc quit";
  const ImVec2 hs = fonts.text->CalcTextSizeA(fonts.text_size, FLT_MAX, 0.0f, help);
  const ImVec2 hp{margin, screen.y - margin - hs.y + 4.0f};
  dl->AddRectFilled({hp.x - 8.0f, hp.y - 3.0f}, {hp.x + hs.x + 8.0f, hp.y + hs.y + 3.0f}, IM_COL32(10, 12, 16, 140), 5.0f);
  dl->AddText(fonts.text, fonts.text_size, hp, IM_COL32(230, 230, 230, 255), help);
}

}  // namespace racer
