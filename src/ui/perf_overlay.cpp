#include "ui/perf_overlay.h"

#include <imgui.h>

#include <cstdio>

namespace racer {

void draw_perf_overlay(const PerfFigures& f, const UiFonts& fonts) {
  char lines[2][96];
  std::snprintf(lines[0], sizeof lines[0], "%.0f fps  %.1f ms a frame", f.fps, f.frame_ms);
  std::snprintf(lines[1], sizeof lines[1], "physics %.1f  AI %.1f  render %.1f  UI %.1f ms", f.physics_ms, f.ai_ms,
                f.render_ms, f.ui_ms);
  ImFont* font = fonts.text != nullptr ? fonts.text : ImGui::GetFont();
  const float size = fonts.text_size;
  const ImVec2 a = font->CalcTextSizeA(size, 1e9f, 0.0f, lines[0]);
  const ImVec2 b = font->CalcTextSizeA(size, 1e9f, 0.0f, lines[1]);
  const float pad = 6.0f, w = (a.x > b.x ? a.x : b.x) + 2.0f * pad, h = a.y + b.y + 2.0f * pad;
  const float x = 0.5f * (ImGui::GetIO().DisplaySize.x - w), y = 6.0f;
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  dl->AddRectFilled({x, y}, {x + w, y + h}, IM_COL32(10, 12, 18, 200), 5.0f);
  dl->AddText(font, size, {x + pad, y + pad}, IM_COL32(235, 240, 250, 255), lines[0]);
  dl->AddText(font, size, {x + pad, y + pad + a.y}, IM_COL32(170, 210, 240, 255), lines[1]);
}

}  // namespace racer
