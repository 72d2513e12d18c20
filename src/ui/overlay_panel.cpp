#include "ui/overlay_panel.h"

// Sections: helpers | legends | figures | the window

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "ai/driver.h"

namespace racer {
namespace {

// ---------------------------------------------------------------- helpers

const ImVec4 kDim{0.65f, 0.65f, 0.7f, 1.0f};

ImU32 u32(Rgba c) { return IM_COL32(c.r, c.g, c.b, 255); }

/// A small filled swatch of `c` on the current line.
void swatch(Rgba c) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetTextLineHeight();
  ImGui::GetWindowDrawList()->AddRectFilled({p.x, p.y + 0.2f * h}, {p.x + 1.6f * h, p.y + 0.8f * h}, u32(c));
  ImGui::Dummy({1.6f * h, h});
  ImGui::SameLine();
}

/// A horizontal gradient of `ramp` over [0, 1], labelled at both ends.
template <typename Ramp>
void gradient(Ramp ramp, const char* lo, const char* hi) {
  ImGui::TextColored(kDim, "%s", lo);
  ImGui::SameLine();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetTextLineHeight(), w = 150.0f;
  constexpr int kSteps = 12;
  for (int i = 0; i < kSteps; ++i) {
    const float x0 = p.x + w * static_cast<float>(i) / kSteps, x1 = p.x + w * static_cast<float>(i + 1) / kSteps;
    ImGui::GetWindowDrawList()->AddRectFilledMultiColor({x0, p.y + 0.15f * h}, {x1, p.y + 0.85f * h},
                                                        u32(ramp(i / double(kSteps))), u32(ramp((i + 1) / double(kSteps))),
                                                        u32(ramp((i + 1) / double(kSteps))), u32(ramp(i / double(kSteps))));
  }
  ImGui::Dummy({w, h});
  ImGui::SameLine();
  ImGui::TextColored(kDim, "%s", hi);
}

void legend_item(Rgba c, const char* text) {
  ImGui::Indent();
  swatch(c);
  ImGui::TextColored(kDim, "%s", text);
  ImGui::Unindent();
}

// ---------------------------------------------------------------- legends and figures

void ai_switches(const GameRace& race, OverlayPanelState& state, int car) {
  OverlaySwitches& on = state.on;
  const AiDriver* d = car >= 0 ? race.driver(car) : nullptr;
  const DriverDebug* rec = d != nullptr ? d->debug() : nullptr;
  namespace oc = overlay_colour;

  ImGui::Checkbox("Racing line by target speed", &on.racing_line);
  if (on.racing_line && d != nullptr) {
    const std::vector<double>& v = d->profile().speed;
    char lo[24] = "slow", hi[24] = "fast";
    if (!v.empty()) {
      const auto [a, b] = std::minmax_element(v.begin(), v.end());
      std::snprintf(lo, sizeof lo, "%.0f km/h", *a * 3.6);
      std::snprintf(hi, sizeof hi, "%.0f km/h", *b * 3.6);
    }
    ImGui::Indent();
    gradient(speed_colour, lo, hi);
    ImGui::Unindent();
  }
  ImGui::Checkbox("Passing and let-by lanes", &on.lanes);
  if (on.lanes) {
    legend_item(oc::kPassingLane, "passing lanes (thick: followed)");
    legend_item(oc::kLetByLane, "let-by lanes (thick: followed)");
    legend_item(oc::kTrackedLine, "line tracked now (line + offset)");
  }
  ImGui::Checkbox("Tracker's lookahead point", &on.lookahead);
  if (on.lookahead) legend_item(oc::kLookahead, "Pure Pursuit's target");
  ImGui::Checkbox("DWA candidate arcs", &on.dwa);
  if (on.dwa) {
    ImGui::Indent();
    gradient(score_colour, "worst", "best score");
    ImGui::Unindent();
    legend_item(oc::kColliding, "colliding (x at the contact)");
    legend_item(oc::kChosen, "chosen (grey: only watching)");
    legend_item(oc::kDwaTarget, "DWA's lookahead target");
    if (rec != nullptr && rec->dwa->ran) {
      const DwaRecord& r = *rec->dwa;
      int colliding = 0;
      for (const DwaSampleTrace& s : r.trace.samples) colliding += s.colliding() ? 1 : 0;
      ImGui::Indent();
      ImGui::TextColored(kDim, "%d samples, %d colliding, %s", static_cast<int>(r.trace.samples.size()), colliding,
                         r.steering ? "DWA steering" : "tracker steering");
      ImGui::TextColored(kDim, "chosen v %.1f m/s  w %+.2f rad/s  score %.2f", r.decision.v, r.decision.omega,
                         r.decision.score);
      ImGui::Unindent();
    } else {
      ImGui::Indent();
      ImGui::TextColored(kDim, "DWA idle: no car near");
      ImGui::Unindent();
    }
  }
  ImGui::Checkbox("Other cars predicted (DWA horizon)", &on.predictions);
  if (on.predictions) legend_item(oc::kPrediction, "poses over 1.2 s, fading");
  ImGui::Checkbox("Router: search and detour", &on.route);
  if (on.route) {
    legend_item(oc::kExpanded, "cells the planner expanded");
    legend_item(oc::kRouteCells, "the way it found");
    legend_item(oc::kDetour, "the detour followed");
    if (rec != nullptr) {
      ImGui::Indent();
      if (rec->router->step < 0) ImGui::TextColored(kDim, "no search yet (needs a stopped car)");
      else
        ImGui::TextColored(kDim, "last search: %d cells expanded, %s", static_cast<int>(rec->router->expanded.size()),
                           rec->router->found ? "found" : "no way");
      ImGui::Unindent();
    }
  }
}

void world_switches(OverlaySwitches& on) {
  namespace oc = overlay_colour;
  ImGui::Checkbox("Cost grid", &on.cost_grid);
  if (on.cost_grid) {
    legend_item(oc::kBlocked, "blocked cells");
    legend_item(Rgba{255, 160, 40, 255}, "dearer surface (to purple: 5x)");
  }
  ImGui::Checkbox("Distance field", &on.distance_field);
  if (on.distance_field) {
    ImGui::Indent();
    gradient([](double t) { return clearance_colour(12.0 * t); }, "0 m", "12 m to a wall");
    ImGui::TextColored(kDim, "dark contour every 2 m");
    ImGui::Unindent();
  }
  ImGui::Checkbox("Tyre forces and slip", &on.wheel_forces);
  if (on.wheel_forces) {
    legend_item(oc::kLongitudinal, "longitudinal (1 m per 2 kN)");
    legend_item(oc::kLateral, "lateral");
    legend_item(Rgba{60, 220, 80, 255}, "ring: grip, yellow peak, red sliding");
  }
  ImGui::Checkbox("Contacts and impulses", &on.contacts);
  if (on.contacts) {
    legend_item(oc::kContact, "contact point and normal");
    legend_item(oc::kImpulse, "impulse (length ~ log)");
  }
}

}  // namespace

// ---------------------------------------------------------------- the window

OverlaySwitches debug_start_switches() {
  OverlaySwitches on;
  on.racing_line = on.lanes = on.lookahead = on.dwa = on.predictions = on.route = true;
  on.wheel_forces = on.contacts = true;
  on.all_cars = true;  // DWA, predictions and lookahead of every AI car: someone is always in traffic
  return on;
}

int overlay_panel_car(const GameRace& race, const OverlayPanelState& state, int followed) {
  const int n = static_cast<int>(race.car_count());
  if (state.car >= 0 && state.car < n && race.driver(state.car) != nullptr) return state.car;
  if (followed >= 0 && followed < n && race.driver(followed) != nullptr) return followed;
  for (int i = 0; i < n; ++i)
    if (race.driver(i) != nullptr) return i;
  return -1;
}

void draw_overlay_panel(const GameRace& race, OverlayPanelState& state, int followed) {
  if (!state.open) return;
  // Below the HUD's standings box, over the minimap; scrolls when every legend is open.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos({12.0f, 170.0f}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize({350.0f, std::max(200.0f, display.y - 182.0f)}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(0.88f);
  if (!ImGui::Begin("Overlays", &state.open)) {
    ImGui::End();
    return;
  }
  const int car = overlay_panel_car(race, state, followed);
  if (car >= 0) {
    const std::string label = race.name(car) + " (" + race.car_name(car) + ")";
    if (ImGui::BeginCombo("car", label.c_str())) {
      for (int i = 0; i < static_cast<int>(race.car_count()); ++i) {
        if (race.driver(i) == nullptr) continue;
        if (ImGui::Selectable(race.name(i).c_str(), i == car)) state.car = i;
      }
      ImGui::EndCombo();
    }
    ImGui::Checkbox("AI overlays for every AI car", &state.on.all_cars);
  } else {
    ImGui::TextColored(kDim, "No AI car in this race: AI overlays off.");
  }
  if (ImGui::Button("All on")) {
    const bool all = state.on.all_cars;
    state.on = debug_start_switches();
    state.on.cost_grid = state.on.distance_field = true;
    state.on.all_cars = all;
  }
  ImGui::SameLine();
  if (ImGui::Button("All off")) state.on = OverlaySwitches{};
  if (ImGui::CollapsingHeader("AI (what the driver used this step)", ImGuiTreeNodeFlags_DefaultOpen))
    ai_switches(race, state, car);
  if (ImGui::CollapsingHeader("Track and physics", ImGuiTreeNodeFlags_DefaultOpen)) world_switches(state.on);
  ImGui::End();
}

}  // namespace racer
