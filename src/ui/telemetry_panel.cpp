#include "ui/telemetry_panel.h"

// Sections: the plot | the car picker | the rolling plots | the lap overlay | export | the window

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

#include "core/math.h"
#include "game/storage.h"

namespace racer {
namespace {

const ImVec4 kDim{0.65f, 0.65f, 0.7f, 1.0f}, kGood{0.45f, 0.85f, 0.5f, 1.0f}, kBad{0.95f, 0.4f, 0.35f, 1.0f};
const ImU32 kNow = IM_COL32(90, 200, 255, 255), kBest = IM_COL32(255, 190, 60, 200),
            kGrey = IM_COL32(200, 200, 200, 60);

float f(double v) { return static_cast<float>(v); }

// ---------------------------------------------------------------- the plot

/// One series of a plot: x and y of each sample, and its colour.
struct Series {
  std::function<double(const TelemetrySample&)> x, y;
  const TelemetrySample* data = nullptr;
  std::size_t count = 0;
  ImU32 colour = kNow;
};

/// A framed plot `height` px high over x in [x0, x1], y in [y0, y1], with a zero line when the
/// range spans it, the label and the newest value of the first series written in it. The
/// series are drawn last first (`first_on_top`: the first one over the others).
void plot(const char* label, const char* unit, double x0, double x1, double y0, double y1,
          const std::vector<Series>& series, float height, bool first_on_top = false) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, {p.x + w, p.y + height}, ImGui::GetColorU32(ImGuiCol_FrameBg), 3.0f);
  auto to_screen = [&](double x, double y) {
    const double u = (x - x0) / std::max(x1 - x0, 1e-9), v = (std::clamp(y, y0, y1) - y0) / std::max(y1 - y0, 1e-9);
    return ImVec2{p.x + f(u) * w, p.y + height - f(v) * height};
  };
  if (y0 < 0.0 && y1 > 0.0) dl->AddLine(to_screen(x0, 0.0), to_screen(x1, 0.0), kGrey);
  dl->PushClipRect(p, {p.x + w, p.y + height}, true);
  std::vector<ImVec2> points;
  for (std::size_t k = 0; k < series.size(); ++k) {
    const Series& s = series[first_on_top ? series.size() - 1 - k : k];
    points.clear();
    for (std::size_t i = 0; i < s.count; ++i) points.push_back(to_screen(s.x(s.data[i]), s.y(s.data[i])));
    if (points.size() >= 2)
      dl->AddPolyline(points.data(), static_cast<int>(points.size()), s.colour, 0, first_on_top && &s == &series.front() ? 2.0f : 1.5f);
  }
  dl->PopClipRect();
  char text[96];
  if (!series.empty() && series.front().count > 0)
    std::snprintf(text, sizeof text, "%s  %.2f %s", label, series.front().y(series.front().data[series.front().count - 1]), unit);
  else
    std::snprintf(text, sizeof text, "%s", label);
  dl->AddText({p.x + 4.0f, p.y + 2.0f}, IM_COL32(235, 235, 235, 255), text);
  ImGui::Dummy({w, height + 2.0f});
}

// ---------------------------------------------------------------- the car picker

void car_picker(const GameRace& race, TelemetryPanelState& state, int shown) {
  ImGui::SetNextItemWidth(-1.0f);
  char current[96];
  std::snprintf(current, sizeof current, "%s (%s)", race.name(shown).c_str(), race.car_name(shown).c_str());
  if (!ImGui::BeginCombo("##car", current)) return;
  if (ImGui::Selectable("the car the camera follows", state.car < 0)) state.car = -1;
  for (int i = 0; i < static_cast<int>(race.car_count()); ++i) {
    ImGui::PushID(i);
    std::snprintf(current, sizeof current, "P%d  %s", race.rules().position(i), race.name(i).c_str());
    if (ImGui::Selectable(current, state.car == i)) state.car = i;
    ImGui::PopID();
  }
  ImGui::EndCombo();
}

// ---------------------------------------------------------------- the rolling plots

void rolling_plots(const TelemetryLog& log) {
  if (log.recent().empty()) {
    ImGui::TextColored(kDim, "No samples yet.");
    return;
  }
  // A deque is not contiguous: the plots read a copy.
  const std::vector<TelemetrySample> recent(log.recent().begin(), log.recent().end());
  const double t1 = recent.back().race_time, t0 = t1 - log.window();
  auto t = [](const TelemetrySample& s) { return s.race_time; };
  auto one = [&](auto y, ImU32 c) { return Series{t, y, recent.data(), recent.size(), c}; };
  const float h = 46.0f;
  double top = 10.0;
  for (const TelemetrySample& s : recent) top = std::max(top, s.speed * 1.1);
  plot("speed", "m/s", t0, t1, 0.0, top, {one([](const TelemetrySample& s) { return s.speed; }, kNow)}, h);
  plot("steer (+ left)", "", t0, t1, -1.0, 1.0, {one([](const TelemetrySample& s) { return s.steer; }, kNow)}, h);
  plot("throttle / brake", "", t0, t1, 0.0, 1.05,
       {one([](const TelemetrySample& s) { return s.throttle; }, IM_COL32(90, 210, 110, 255)),
        one([](const TelemetrySample& s) { return s.brake; }, IM_COL32(235, 80, 70, 255))}, h);
  plot("slip ratio (largest wheel)", "", t0, t1, 0.0, 0.5,
       {one([](const TelemetrySample& s) { return s.slip_ratio; }, kNow)}, h);
  plot("slip angle (largest wheel)", "deg", t0, t1, 0.0, 15.0,
       {one([](const TelemetrySample& s) { return rad_to_deg(s.slip_angle); }, kNow)}, h);
  plot("lateral g (+ left)", "g", t0, t1, -2.0, 2.0, {one([](const TelemetrySample& s) { return s.lat_g; }, kNow)}, h);
  plot("longitudinal g", "g", t0, t1, -2.0, 2.0, {one([](const TelemetrySample& s) { return s.long_g; }, kNow)}, h);
  ImGui::TextColored(kDim, "last %.0f s of race time", log.window());
}

// ---------------------------------------------------------------- the lap overlay

void lap_overlay(const TelemetryLog& log) {
  const std::vector<TelemetrySample>& now = log.current_lap();
  const std::vector<TelemetrySample>& best = log.best_lap();
  if (!log.best_lap_time()) {
    ImGui::TextColored(kDim, "No complete lap yet: the best lap is drawn here once there is one.");
    if (now.empty()) return;
  } else {
    ImGui::TextColored(kDim, "This lap (blue) over the best lap %.3f s (orange)", *log.best_lap_time());
  }
  double x1 = log.best_lap_time().value_or(0.0);
  if (!now.empty()) x1 = std::max(x1, now.back().lap_time);
  x1 = std::max(x1, 1.0);
  auto lap_t = [](const TelemetrySample& s) { return s.lap_time; };
  double top = 10.0;
  for (const auto* lap : {&now, &best})
    for (const TelemetrySample& s : *lap) top = std::max(top, s.speed * 1.1);
  auto speed = [](const TelemetrySample& s) { return s.speed; };
  plot("speed", "m/s", 0.0, x1, 0.0, top,
       {Series{lap_t, speed, now.data(), now.size(), kNow}, Series{lap_t, speed, best.data(), best.size(), kBest}}, 70.0f,
       true);
  auto pedals = [](const TelemetrySample& s) { return s.throttle - s.brake; };
  plot("throttle - brake", "", 0.0, x1, -1.05, 1.05,
       {Series{lap_t, pedals, now.data(), now.size(), kNow}, Series{lap_t, pedals, best.data(), best.size(), kBest}},
       56.0f, true);
}

// ---------------------------------------------------------------- export

void export_lap(TelemetryPanelState& state, const TelemetryView& view, const char* button, const char* which,
                const std::vector<TelemetrySample>& lap) {
  ImGui::BeginDisabled(!view.data_dir || lap.empty());
  if (ImGui::Button(button)) {
    const std::filesystem::path path = telemetry_file(*view.data_dir, view.stem + "-" + which);
    const std::optional<DataError> e = write_file_atomic(path, telemetry_csv(lap));
    state.export_ok = !e;
    state.export_message = e ? e->to_string() : "Wrote " + path.string() + " (" + std::to_string(lap.size()) + " rows)";
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(view.data_dir ? "CSV under <data dir>/telemetry/ (columns: docs/car-format.md)"
                                    : "No data directory: nothing can be written");
}

}  // namespace

// ---------------------------------------------------------------- the window

void draw_telemetry_panel(const GameRace& race, TelemetryPanelState& state, const TelemetryView& view) {
  if (!state.open || view.log == nullptr) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos({12.0f, 12.0f}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize({400.0f, std::min(display.y - 24.0f, 690.0f)}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: the race HUD lies under it
  if (!ImGui::Begin("Telemetry", &state.open)) {
    ImGui::End();
    return;
  }
  car_picker(race, state, view.car);
  if (ImGui::CollapsingHeader("Last seconds", ImGuiTreeNodeFlags_DefaultOpen)) rolling_plots(*view.log);
  if (ImGui::CollapsingHeader("Lap against the best lap", ImGuiTreeNodeFlags_DefaultOpen)) lap_overlay(*view.log);
  export_lap(state, view, "Export last lap CSV", "last", view.log->last_lap());
  ImGui::SameLine();
  export_lap(state, view, "Export best lap CSV", "best", view.log->best_lap());
  if (!state.export_message.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, state.export_ok ? kGood : kBad);
    ImGui::TextWrapped("%s", state.export_message.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::End();
}

}  // namespace racer
