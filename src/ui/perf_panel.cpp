#include "ui/perf_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace racer {
namespace {

const ImVec4 kDim{0.65f, 0.65f, 0.7f, 1.0f};
constexpr std::array<const char*, 4> kPhases{"physics", "AI", "render", "UI"};
const std::array<ImVec4, 4> kColours{ImVec4{0.35f, 0.7f, 1.0f, 1.0f}, ImVec4{1.0f, 0.7f, 0.25f, 1.0f},
                                         ImVec4{0.45f, 0.85f, 0.5f, 1.0f}, ImVec4{0.85f, 0.55f, 0.9f, 1.0f}};

// The AI layers' colours (kAiLayerNames order): the table's names are the plot's legend.
const std::array<ImVec4, StepProbe::kAiLayers> kLayerColours{
    ImVec4{0.95f, 0.95f, 0.55f, 1.0f}, ImVec4{1.0f, 0.4f, 0.4f, 1.0f},  ImVec4{0.5f, 0.8f, 1.0f, 1.0f},
    ImVec4{1.0f, 0.6f, 0.2f, 1.0f},   ImVec4{0.4f, 1.0f, 0.6f, 1.0f},  ImVec4{0.8f, 0.5f, 1.0f, 1.0f},
    ImVec4{1.0f, 0.5f, 0.8f, 1.0f},   ImVec4{0.55f, 0.6f, 1.0f, 1.0f}, ImVec4{0.75f, 0.75f, 0.75f, 1.0f}};

/// A line plot of one series with its label, the latest value and the largest one.
void series_plot(const char* label, const std::vector<float>& v, ImVec4 colour, float height) {
  if (v.empty()) return;
  const float top = std::max(1.0f, *std::max_element(v.begin(), v.end()) * 1.15f);
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, "%s  %.2f ms (max %.2f)", label, static_cast<double>(v.back()),
                static_cast<double>(*std::max_element(v.begin(), v.end())));
  ImGui::PushStyleColor(ImGuiCol_PlotLines, colour);
  ImGui::PlotLines("##plot", v.data(), static_cast<int>(v.size()), 0, overlay, 0.0f, top,
                   {ImGui::GetContentRegionAvail().x, height});
  ImGui::PopStyleColor();
}

/// The AI layers' figures, three to a row: name, ms per frame, share of the AI's time.
void layer_table(const PerfFigures& a) {
  if (!ImGui::BeginTable("layers", 9, ImGuiTableFlags_SizingStretchProp)) return;
  const double ai = std::max(a.ai_ms, 1e-9);
  for (std::size_t k = 0; k < a.ai_layer_ms.size(); ++k) {
    ImGui::TableNextColumn();
    ImGui::TextColored(kLayerColours[k], "%s", kAiLayerNames[k]);
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", a.ai_layer_ms[k]);
    ImGui::TableNextColumn();
    ImGui::Text("%3.0f%%", 100.0 * std::clamp(a.ai_layer_ms[k] / ai, 0.0, 1.0));
  }
  ImGui::EndTable();
}

/// Every AI layer's series in one plot, a line each in its colour, on a shared scale.
void layers_plot(const PerfHistory& h, float height) {
  const ImVec2 size{ImGui::GetContentRegionAvail().x, height};
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p1{p0.x + size.x, p0.y + size.y};
  dl->AddRectFilled(p0, p1, ImGui::GetColorU32(ImGuiCol_FrameBg));
  float top = 0.0f;
  std::size_t n = 0;
  for (const std::vector<float>& v : h.ai_layer_ms) {
    if (!v.empty()) top = std::max(top, *std::max_element(v.begin(), v.end()));
    n = std::max(n, v.size());
  }
  top = std::max(top * 1.15f, 0.05f);
  if (n >= 2) {
    std::vector<ImVec2> points;
    for (std::size_t k = 0; k < h.ai_layer_ms.size(); ++k) {
      const std::vector<float>& v = h.ai_layer_ms[k];
      points.clear();
      for (std::size_t i = 0; i < v.size(); ++i)
        points.push_back({p0.x + size.x * static_cast<float>(i) / static_cast<float>(n - 1),
                          p1.y - size.y * std::clamp(v[i] / top, 0.0f, 1.0f)});
      dl->AddPolyline(points.data(), static_cast<int>(points.size()), ImGui::GetColorU32(kLayerColours[k]), 0, 1.5f);
    }
  }
  char label[48];
  std::snprintf(label, sizeof label, "AI layers  (top %.3f ms)", static_cast<double>(top));
  dl->AddText({p0.x + 4.0f, p0.y + 2.0f}, ImGui::GetColorU32(ImGuiCol_Text), label);
}

}  // namespace

void draw_perf_panel(const PerfFigures& a, const PerfHistory& history, bool* open) {
  if (!*open) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  // Right, under the lap times: clear of the start lights and the AI and Telemetry panels' places.
  ImGui::SetNextWindowPos({display.x - 12.0f, 180.0f}, ImGuiCond_FirstUseEver, {1.0f, 0.0f});
  ImGui::SetNextWindowSize({500.0f, 525.0f}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(0.92f);
  if (!ImGui::Begin("Performance", open)) {
    ImGui::End();
    return;
  }
  ImGui::Text("%.0f fps   %.2f ms a frame", a.fps, a.frame_ms);
  ImGui::TextColored(kDim, "averages over the last half second, ms per frame");
  const std::array<double, 4> ms{a.physics_ms, a.ai_ms, a.render_ms, a.ui_ms};
  if (ImGui::BeginTable("phases", 3, ImGuiTableFlags_SizingStretchProp)) {
    const double total = std::max(a.frame_ms, 1e-9);
    for (std::size_t i = 0; i < ms.size(); ++i) {
      ImGui::TableNextColumn();
      ImGui::TextColored(kColours[i], "%s", kPhases[i]);
      ImGui::TableNextColumn();
      ImGui::Text("%6.2f ms", ms[i]);
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_PlotHistogram, kColours[i]);
      ImGui::ProgressBar(static_cast<float>(std::clamp(ms[i] / total, 0.0, 1.0)), {-1.0f, ImGui::GetTextLineHeight()}, "");
      ImGui::PopStyleColor();
    }
    const double other = std::max(0.0, a.frame_ms - (ms[0] + ms[1] + ms[2] + ms[3]));
    ImGui::TableNextColumn();
    ImGui::TextColored(kDim, "other (waiting, events)");
    ImGui::TableNextColumn();
    ImGui::Text("%6.2f ms", other);
    ImGui::TableNextColumn();
    ImGui::EndTable();
  }
  ImGui::Spacing();
  ImGui::TextColored(kDim, "the last %d frames", static_cast<int>(history.frame_ms.size()));
  ImGui::PushID("frame");
  series_plot("frame", history.frame_ms, {0.9f, 0.9f, 0.9f, 1.0f}, 36.0f);
  ImGui::PopID();
  for (std::size_t i = 0; i < history.phase_ms.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    series_plot(kPhases[i], history.phase_ms[i], kColours[i], 26.0f);
    ImGui::PopID();
  }
  ImGui::Spacing();
  ImGui::TextColored(kColours[1], "AI by layer");
  ImGui::SameLine();
  ImGui::TextColored(kDim, "ms per frame, summed over the AI cars; %% of AI");
  layer_table(a);
  layers_plot(history, 60.0f);
  ImGui::End();
}

}  // namespace racer
