// The planner lab's control panel (map, planners, layers, tools, stepping) and its figures
// table, beside the map drawn by lab_view.cpp.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "game/lab_map.h"
#include "game/lab_motion.h"
#include "ui/lab_view.h"
#include "ui/lab_view_internal.h"
#include "ui/menu_kit.h"

namespace racer {
namespace {

using namespace lab_ui;

const char* status_text(const LabEntry& e) {
  if (!e.answered) return "-";
  if (!e.outcome.status.empty()) return e.outcome.status.c_str();
  switch (e.outcome.result.status) {
    case SearchStatus::found: return "yes";
    case SearchStatus::unreachable: return "no path";
    case SearchStatus::blocked_endpoint: return "blocked end";
  }
  return "?";
}

}  // namespace

using namespace lab_ui;

// ---- the panel -----------------------------------------------------------------------------

void LabView::panel(LabSession& s, const UiFonts& fonts, bool& close) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos({0, 0});
  ImGui::SetNextWindowSize({kPanelWidth, d.y});
  ImGui::SetNextWindowBgAlpha(0.96f);
  ImGui::Begin("##lab_panel", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                           ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse);
  if (fonts.menu_bold) {
    ImGui::PushFont(fonts.menu_bold);
    ImGui::SetWindowFontScale(0.8f);
    ImGui::TextUnformatted("PLANNER LAB");
    ImGui::SetWindowFontScale(1.0f);
    ImGui::PopFont();
  } else {
    ImGui::TextUnformatted("PLANNER LAB");
  }
  const SearchGrid& g = s.map().grid;
  const LabMap& m = s.map();
  ImGui::Text("Map: %s", m.name.c_str());
  if (m.metres_per_cell > 0.0)
    ImGui::TextDisabled("%d x %d cells of %.1f m", g.width(), g.height(), m.metres_per_cell);
  else
    ImGui::TextDisabled("%d x %d cells", g.width(), g.height());
  char buf[512];
  std::snprintf(buf, sizeof buf, "%s", map_path_.c_str());
  ImGui::SetNextItemWidth(kPanelWidth - 140.0f);
  if (ImGui::InputTextWithHint("##map", ".map or track .json", buf, sizeof buf)) map_path_ = buf;
  ImGui::SameLine();
  if (ImGui::Button("Load") && !map_path_.empty()) {
    auto loaded = load_lab_map(map_path_);
    if (loaded) {
      s.set_map(std::move(loaded.value()));
      message_.clear();
    } else {
      message_ = loaded.error_text();
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("Rooms")) {
    s.set_map(builtin_lab_map());
    message_.clear();
  }
  if (!message_.empty()) ImGui::TextColored({1.0f, 0.45f, 0.4f, 1.0f}, "%s", message_.c_str());
  ImGui::Text("Start (%d, %d)   Goal (%d, %d)", s.query().start.x, s.query().start.y, s.query().goal.x, s.query().goal.y);

  ImGui::Separator();
  ImGui::TextUnformatted("Planners  (box: show; name: select)");
  if (ImGui::BeginTable("##planners", 2, ImGuiTableFlags_SizingStretchSame)) {
    for (int i = 0; i < s.layer_count(); ++i) {
      ImGui::TableNextColumn();
      const LabEntry& e = s.entry(i);
      ImGui::PushID(i);
      bool on = e.enabled;
      ImGui::PushStyleColor(ImGuiCol_CheckMark, ImGui::ColorConvertU32ToFloat4(im_colour(e.colour)));
      if (ImGui::Checkbox("##on", &on)) s.set_enabled(i, on);
      ImGui::PopStyleColor();
      ImGui::SameLine(0.0f, 4.0f);
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float h = ImGui::GetTextLineHeight();
      ImGui::GetWindowDrawList()->AddRectFilled({p.x, p.y + 3.0f}, {p.x + 6.0f, p.y + h + 3.0f}, im_colour(e.colour));
      ImGui::Dummy({8.0f, h});
      ImGui::SameLine(0.0f, 4.0f);
      const std::string label(e.layer->name());
      if (ImGui::Selectable(label.c_str(), s.selected() == i)) {
        if (!e.enabled) s.set_enabled(i, true);
        s.select(i);
      }
      ImGui::PopID();
    }
    ImGui::EndTable();
  }

  motion_panel(s);
  ImGui::Separator();
  ImGui::Checkbox("Expanded cells of the selected", &show_expanded_);
  ImGui::Checkbox("Heat map", &show_field_);
  ImGui::SameLine();
  ImGui::Checkbox("C-space slice (hybrid)", &show_overlay_);
  ImGui::TextUnformatted("Mouse tool:");
  int tool = static_cast<int>(tool_);
  ImGui::RadioButton("Start/goal", &tool, 0);
  ImGui::SameLine();
  ImGui::RadioButton("Paint", &tool, 1);
  ImGui::SameLine();
  ImGui::RadioButton("Polygon", &tool, 2);
  if (tool != static_cast<int>(tool_)) polygon_.clear();
  tool_ = static_cast<Tool>(tool);
  switch (tool_) {
    case Tool::Endpoints: ImGui::TextDisabled("L click start, R click goal, shift/ctrl drag wall"); break;
    case Tool::Paint: ImGui::TextDisabled("L drag: add walls   R drag: remove walls"); break;
    case Tool::Polygon: ImGui::TextDisabled("L click: corner   R click/Enter: close"); break;
  }
  if (!m.obstacles.empty()) {
    if (ImGui::Button("Clear polygons")) s.clear_polygons();
  }

  ImGui::Separator();
  if (s.selected() >= 0) {
    const LabEntry& e = s.entry(s.selected());
    ImGui::Text("Step through %s's expansions", std::string(e.layer->name()).c_str());
    int k = static_cast<int>(s.shown_expansions());
    const int top = static_cast<int>(std::min<long>(s.trace_size(), 1 << 30));
    ImGui::SetNextItemWidth(kPanelWidth - 20.0f);
    if (ImGui::SliderInt("##step", &k, 0, std::max(top, 1), "%d expanded")) s.set_step(k);
    if (ImGui::Button("|<")) s.set_step(0);
    ImGui::SameLine();
    if (ImGui::Button("<")) s.step_by(-1);
    ImGui::SameLine();
    if (ImGui::Button(">")) s.step_by(1);
    ImGui::SameLine();
    if (ImGui::Button("All")) s.set_step(-1);
    if (e.outcome.expanded.empty() && e.answered) ImGui::TextDisabled("(this planner records no expansions)");
  } else {
    ImGui::TextDisabled("Select a planner to see its expansions");
  }
  ImGui::Separator();
  ImGui::TextDisabled("%s", kLabKeys);
  if (ImGui::Button("Back to menu")) close = true;
  ImGui::End();
}

// ---- the motion planners' settings ---------------------------------------------------------

void LabView::motion_panel(LabSession& s) {
  bool any = false;
  for (int i = 0; i < s.layer_count(); ++i) any = any || (s.entry(i).enabled && s.entry(i).layer->continuous());
  if (!ImGui::CollapsingHeader("Motion planners", any ? ImGuiTreeNodeFlags_DefaultOpen : 0)) return;
  const LabCar car = lab_car(s.map());
  if (car.scaled)
    ImGui::TextWrapped("Car 4.4 x 1.8 m = %.1f x %.1f cells, turns on 5 m; disc r %.2f cells (bugs, field, visibility)",
                       2 * car.half_length, 2 * car.half_width, car.robot_radius);
  else
    ImGui::TextWrapped("Car %.1f x %.1f cells, turns on %.1f; disc r %.2f (defaults: the map has no scale)",
                       2 * car.half_length, 2 * car.half_width, car.turn_radius, car.robot_radius);
  const double to_deg = 180.0 / std::numbers::pi;
  int hs = static_cast<int>(std::lround(s.query().heading * to_deg)), hg = static_cast<int>(std::lround(s.query().goal_heading * to_deg));
  ImGui::TextUnformatted("Heading");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(118.0f);
  const bool cs = ImGui::SliderInt("##hs", &hs, -180, 180, "S %d deg");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(118.0f);
  const bool cg = ImGui::SliderInt("##hg", &hg, -180, 180, "G %d deg");
  if (cs || cg) {
    LabQuery q = s.query();
    q.heading = hs / to_deg;
    q.goal_heading = hg / to_deg;
    s.set_query(q);
  }
  ImGui::TextDisabled("0 = right, 90 = up (hybrid_astar; key H)");
  ImGui::TextDisabled("Big map: only round S and G (hover)");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Each plans on the whole map within its caps, else in the box round S and G + %d cells\n"
                      "(outside it counts as wall). Caps: %d obstacles (walk_to, bugs, field), %d (visibility_graph),\n"
                      "%d cells and %d expansions (hybrid_astar). Above a cap a planner says \"too big\".",
                      kLabWindowMargin, kLabMaxSceneObstacles, kLabMaxVisibilityObstacles, kLabMaxHybridCells, kLabHybridExpansions);
}

// ---- the figures table ---------------------------------------------------------------------

void LabView::figures(LabSession& s) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  int rows = 0;
  for (int i = 0; i < s.layer_count(); ++i) rows += s.entry(i).enabled ? 1 : 0;
  const float line = ImGui::GetTextLineHeightWithSpacing() + 2.0f;
  const float height = std::min(d.y * 0.45f, line * static_cast<float>(std::max(rows, 1) + 2) + 20.0f);
  canvas_.y1 = d.y - height;
  ImGui::SetNextWindowPos({kPanelWidth, d.y - height});
  ImGui::SetNextWindowSize({d.x - kPanelWidth, height});
  ImGui::SetNextWindowBgAlpha(0.96f);
  ImGui::Begin("##lab_figures", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                             ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse);
  const bool metres = s.map().metres_per_cell > 0.0;
  bool motion = false;
  for (int i = 0; i < s.layer_count(); ++i) motion = motion || (s.entry(i).enabled && s.entry(i).layer->continuous());
  if (s.optimal_cost())
    ImGui::Text("Optimal cost (Dijkstra): %.2f      cost = length x cell multipliers; ratio = cost / optimal", *s.optimal_cost());
  else
    ImGui::TextUnformatted("No path from start to goal on this map (Dijkstra)");
  if (motion && s.optimal_length() && !s.map().grid.uniform_cost())
    ImGui::Text("Motion planners (in the plane, no multipliers): ratio = length / shortest 8-connected length %.2f",
                *s.optimal_length());
  else if (motion && s.optimal_length())
    ImGui::TextUnformatted("Motion planners (in the plane): ratio = length / the optimum; below 1 = shorter than any 8-connected path");
  const int cols = metres ? 9 : 8;
  if (ImGui::BeginTable("##figures", cols, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("Planner", ImGuiTableColumnFlags_WidthFixed, 170.0f);
    ImGui::TableSetupColumn("Found");
    ImGui::TableSetupColumn("Cost");
    ImGui::TableSetupColumn("Length");
    if (metres) ImGui::TableSetupColumn("Length m");
    ImGui::TableSetupColumn("Ratio");
    ImGui::TableSetupColumn("Expanded");
    ImGui::TableSetupColumn("Time us");
    ImGui::TableSetupColumn("Note", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (int i = 0; i < s.layer_count(); ++i) {
      const LabEntry& e = s.entry(i);
      if (!e.enabled) continue;
      const SearchResult& r = e.outcome.result;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float h = ImGui::GetTextLineHeight();
      ImGui::GetWindowDrawList()->AddRectFilled({p.x, p.y + h * 0.5f - 2.0f}, {p.x + 22.0f, p.y + h * 0.5f + 2.0f}, im_colour(e.colour));
      ImGui::Dummy({24.0f, h});
      ImGui::SameLine();
      ImGui::PushID(i);
      if (ImGui::Selectable(std::string(e.layer->name()).c_str(), s.selected() == i)) s.select(i);
      ImGui::PopID();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(status_text(e));
      const bool found = e.answered && r.found();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(found ? fixed(r.cost, 2).c_str() : "-");
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(found ? fixed(r.length, 2).c_str() : "-");
      if (metres) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(found ? fixed(r.length * s.map().metres_per_cell, 0).c_str() : "-");
      }
      ImGui::TableNextColumn();
      const std::optional<double> ratio = s.ratio(i);
      if (ratio && *ratio > 1.0 + 1e-9) ImGui::TextColored({1.0f, 0.75f, 0.35f, 1.0f}, "%.3f", *ratio);
      else ImGui::TextUnformatted(ratio ? fixed(*ratio, 3).c_str() : "-");
      ImGui::TableNextColumn();
      if (e.layer->continuous() && r.expanded == 0) ImGui::TextUnformatted("-");  // a policy: nothing to expand
      else ImGui::Text("%ld", e.answered ? r.expanded : 0L);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(e.answered ? fixed(e.time_us, 0).c_str() : "-");
      ImGui::TableNextColumn();
      std::string note;
      if (!e.outcome.note.empty()) note = e.outcome.note;  // a motion planner says what its figures mean
      else if (e.outcome.repaired) note = "repaired in place";
      else if (e.layer->incremental()) note = "incremental: edits repair";
      if (!e.outcome.note.empty()) {
      } else if (e.layer->bound() == 0.0) {
        note += note.empty() ? "no optimality bound" : ", no bound";
      } else if (e.layer->bound() > 1.0) {
        note += (note.empty() ? "" : ", ") + std::string("bound x") + fixed(e.layer->bound(), 1);
      }
      ImGui::TextDisabled("%s", note.c_str());
      if (ImGui::IsItemHovered() && !note.empty()) ImGui::SetTooltip("%s", note.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace racer
