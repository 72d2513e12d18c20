#pragma once
// What the lab view's two files (lab_view.cpp, lab_panel.cpp) share: the panel's width and
// small drawing and text helpers.
#include <imgui.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace racer::lab_ui {

inline constexpr float kPanelWidth = 340.0f;  ///< px at 720 p: the control panel on the left

inline ImU32 im_colour(std::uint32_t rgb, int alpha = 255) {
  return IM_COL32((rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff, alpha);
}

inline std::string fixed(double v, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

}  // namespace racer::lab_ui
