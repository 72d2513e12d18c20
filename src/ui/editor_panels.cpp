// EditorView's panels: left, the file (save to, save), the tools (add elements, snapping,
// drive and race), the track's settings and the selected element's properties; right, the
// problems (trackcheck's messages; a click selects the element) and the undo history (a
// click goes back or forward to that step). A changed field is one edit; a field dragged
// over several frames merges into one history step.
// Sections: 1. helpers  2. left panel  3. properties  4. right panel
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "core/math.h"
#include "ui/editor_view.h"

namespace racer {

using namespace editor;

namespace {

// ---------------------------------------------------------------- 1. helpers

constexpr float kLeftPanel = 330.0f, kRightPanel = 330.0f;  // px at 720 px high
constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                         ImGuiWindowFlags_NoCollapse;

bool surface_combo(const char* label, Surface& s) {
  int i = static_cast<int>(s);
  bool changed = false;
  if (ImGui::BeginCombo(label, std::string(surface_name(s)).c_str())) {
    for (int k = 0; k < static_cast<int>(kSurfaceCount); ++k) {
      const std::string name(surface_name(static_cast<Surface>(k)));
      if (ImGui::Selectable(name.c_str(), k == i)) i = k, changed = true;
    }
    ImGui::EndCombo();
  }
  s = static_cast<Surface>(i);
  return changed;
}

bool number(const char* label, double& v, double step, const char* format = "%.1f") {
  return ImGui::InputDouble(label, &v, step, step * 10.0, format);
}

bool whole(const char* label, int& v) { return ImGui::InputInt(label, &v); }

void heading(const char* text) {
  ImGui::Spacing();
  ImGui::TextColored({1.0f, 0.75f, 0.3f, 1.0f}, "%s", text);
  ImGui::Separator();
}

}  // namespace

// ---------------------------------------------------------------- 2. left panel

EditorView::Action EditorView::left_panel(Document& doc, const UiFonts& fonts) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float s = d.y / 720.0f;
  ImGui::SetNextWindowPos({0, 0});
  ImGui::SetNextWindowSize({kLeftPanel * s, d.y});
  ImGui::SetNextWindowBgAlpha(0.94f);
  ImGui::Begin("##editor_left", nullptr, kPanelFlags);
  if (fonts.menu_bold) {
    ImGui::PushFont(fonts.menu_bold);
    ImGui::SetWindowFontScale(0.8f);
    ImGui::TextUnformatted("TRACK EDITOR");
    ImGui::SetWindowFontScale(1.0f);
    ImGui::PopFont();
  } else {
    ImGui::TextUnformatted("TRACK EDITOR");
  }
  ImGui::TextWrapped("%s%s", doc.spec().name.empty() ? "(unnamed)" : doc.spec().name.c_str(),
                     doc.modified() ? "  (modified)" : "");
  char buf[1024];
  std::snprintf(buf, sizeof buf, "%s", path_text_.c_str());
  ImGui::SetNextItemWidth(-70.0f * s);
  if (ImGui::InputTextWithHint("##path", "save to", buf, sizeof buf)) {
    path_text_ = buf;
    doc.set_path(path_text_);
  }
  ImGui::SameLine();
  if (ImGui::Button("Save")) {
    const std::vector<DataError> errors = doc.save();
    status_ = errors.empty() ? "saved" : "not saved: " + errors.front().to_string();
  }
  if (!status_.empty()) ImGui::TextWrapped("%s", status_.c_str());
  Action action = Action::None;
  if (ImGui::Button("Drive (F5)")) action = Action::Drive;
  ImGui::SameLine();
  if (ImGui::Button("Race AI (F8)")) action = Action::Race;
  ImGui::SameLine();
  ImGui::Checkbox("autodrive", &autodrive_);
  ImGui::BeginChild("##left_scroll", {0, 0}, false);
  tools(doc);
  properties(doc);
  track_settings(doc);
  heading("Keys");
  ImGui::TextDisabled("%s", kEditorKeys);
  ImGui::EndChild();
  ImGui::End();
  return action;
}

void EditorView::tools(Document& doc) {
  heading("Add");
  const Vec2 c = doc.snapped(centre_);
  if (ImGui::Button("Point")) insert_point(doc);
  ImGui::SameLine();
  if (ImGui::Button("Zone")) {
    apply(doc, AddZone{{Surface::Gravel, {c + Vec2{-10, -10}, c + Vec2{10, -10}, c + Vec2{10, 10}, c + Vec2{-10, 10}}}});
    doc.select({ElementKind::Zone, static_cast<int>(doc.spec().zones.size()) - 1, 0});
  }
  ImGui::SameLine();
  if (ImGui::Button("Obstacle")) {
    ObstacleSpec o;
    o.position = c;
    apply(doc, AddObstacle{o});
    doc.select({ElementKind::Obstacle, static_cast<int>(doc.spec().obstacles.size()) - 1, 0});
  }
  ImGui::SameLine();
  if (ImGui::Button("Barrier")) {
    apply(doc, AddBarrier{{c + Vec2{-20, 0}, c + Vec2{20, 0}}});
    doc.select({ElementKind::Barrier, static_cast<int>(doc.spec().walls.barriers.size()) - 1, 0});
  }
  // A branch from the selected centreline point to the one four ahead, bowed outwards.
  if (ImGui::Button("Branch") && !doc.selection().empty() &&
      doc.selection().back().kind == ElementKind::CentrelinePoint) {
    const TrackSpec& s = doc.spec();
    const int n = static_cast<int>(s.centreline.size());
    const int from = doc.selection().back().index, to = (from + 4) % n;
    const Vec2 a = s.centreline[static_cast<std::size_t>(from)].position;
    const Vec2 b = s.centreline[static_cast<std::size_t>(to)].position;
    const Vec2 dir = b - a;
    const Vec2 out = Vec2{dir.y, -dir.x} * 0.35;
    BranchSpec br;
    br.name = "Branch " + std::to_string(s.branches.size() + 1);
    br.from = from;
    br.to = to;
    br.points = {{doc.snapped(a + dir * 0.25 + out), s.centreline[static_cast<std::size_t>(from)].width},
                 {doc.snapped(a + dir * 0.75 + out), s.centreline[static_cast<std::size_t>(from)].width}};
    apply(doc, AddBranch{br});
    doc.select({ElementKind::Branch, static_cast<int>(doc.spec().branches.size()) - 1, 0});
  }
  ImGui::SameLine();
  if (ImGui::Button("Kerb span") && !doc.selection().empty() &&
      doc.selection().front().kind == ElementKind::CentrelinePoint) {
    const int from = doc.selection().front().index;
    const int to = doc.selection().back().index;
    apply(doc, AddKerbSpan{{from, to == from ? (from + 2) % static_cast<int>(doc.spec().centreline.size()) : to, KerbSide::Both}});
    doc.select({ElementKind::KerbSpan, static_cast<int>(doc.spec().kerbs.spans.size()) - 1, 0});
  }
  ImGui::SameLine();
  if (ImGui::Button("Delete")) delete_selection(doc);
  double snap = doc.snap();
  ImGui::SetNextItemWidth(120.0f);
  if (number("snap, m (G)", snap, 0.5)) doc.set_snap(std::clamp(snap, 0.0, 100.0));
  if (ImGui::Button("Start & grid")) doc.select({ElementKind::Start, 0, 0});
  ImGui::SameLine();
  if (ImGui::Button("Undo")) doc.undo();
  ImGui::SameLine();
  if (ImGui::Button("Redo")) doc.redo();
}

void EditorView::track_settings(Document& doc) {
  heading("Track");
  const TrackSpec& s = doc.spec();
  char name[256], author[256], description[1024];
  std::snprintf(name, sizeof name, "%s", s.name.c_str());
  std::snprintf(author, sizeof author, "%s", s.author.c_str());
  std::snprintf(description, sizeof description, "%s", s.description.c_str());
  bool info = ImGui::InputText("name", name, sizeof name);
  info |= ImGui::InputText("author", author, sizeof author);
  info |= ImGui::InputTextMultiline("description", description, sizeof description, {0, 48});
  if (info) apply(doc, SetTrackInfo{name, author, description}, true);
  int laps = s.laps, sectors = s.sectors;
  if (whole("laps", laps)) apply(doc, SetLaps{laps});
  if (whole("sectors", sectors)) apply(doc, SetSectors{sectors});
  double width = common_width(s);
  if (number("default width, m", width, 0.5)) apply(doc, SetDefaultWidth{width}, true);
  Surface road = s.road_surface;
  if (surface_combo("road surface", road)) apply(doc, SetRoadSurface{road});
  RunoffSpec runoff = s.runoff;
  bool r = surface_combo("run-off", runoff.surface);
  r |= number("run-off width, m", runoff.width, 1.0);
  if (r) apply(doc, SetRunoff{runoff}, true);
  SetKerbSettings k{s.kerbs.automatic, s.kerbs.min_radius, s.kerbs.width};
  bool kc = ImGui::Checkbox("automatic kerbs", &k.automatic);
  kc |= number("kerb radius, m", k.min_radius, 10.0, "%.0f");
  kc |= number("kerb width, m", k.width, 0.1, "%.2f");
  if (kc) apply(doc, k, true);
  bool walls = s.walls.automatic;
  if (ImGui::Checkbox("automatic walls", &walls)) apply(doc, SetWallsAutomatic{walls});
}

// ---------------------------------------------------------------- 3. properties

void EditorView::properties(Document& doc) {
  heading("Selection");
  const TrackSpec& s = doc.spec();
  if (doc.selection().empty()) {
    ImGui::TextDisabled("nothing selected");
    return;
  }
  const ElementRef e = doc.selection().front();
  if (doc.selection().size() > 1)
    ImGui::Text("%zu elements (first: %s)", doc.selection().size(), element_name(s, e).c_str());
  else
    ImGui::Text("%s", element_name(s, e).c_str());
  const auto i = static_cast<std::size_t>(e.index), j = static_cast<std::size_t>(e.sub);
  if (const std::optional<Vec2> p = element_position(s, e); p && element_movable(e.kind) && e.kind != ElementKind::Zone &&
                                                            e.kind != ElementKind::Barrier && e.kind != ElementKind::Branch) {
    double xy[2] = {p->x, p->y};
    if (ImGui::InputScalarN("x, y (m)", ImGuiDataType_Double, xy, 2, nullptr, nullptr, "%.2f"))
      apply(doc, SetPosition{e, {xy[0], xy[1]}}, true);
  }
  switch (e.kind) {
    case ElementKind::CentrelinePoint:
    case ElementKind::BranchPoint: {
      double w = e.kind == ElementKind::CentrelinePoint ? s.centreline[i].width : s.branches[i].points[j].width;
      if (number("width, m", w, 0.5)) apply(doc, SetPointWidth{e, w}, true);
      if (e.kind == ElementKind::CentrelinePoint && ImGui::Button("Start here")) {
        StartSpec st = s.start;
        st.point = e.index;
        apply(doc, SetStart{st});
      }
      break;
    }
    case ElementKind::Zone:
    case ElementKind::ZonePoint: {
      Surface z = s.zones[i].surface;
      if (surface_combo("surface", z)) apply(doc, SetZoneSurface{e.index, z});
      if (e.kind == ElementKind::ZonePoint && ImGui::Button("Whole zone")) doc.select({ElementKind::Zone, e.index, 0});
      break;
    }
    case ElementKind::Obstacle: {
      const ObstacleSpec& o = s.obstacles[i];
      int shape = o.shape == ObstacleShape::Box ? 1 : 0;
      char kind[64];
      std::snprintf(kind, sizeof kind, "%s", o.kind.c_str());
      bool sc = ImGui::Combo("shape", &shape, "circle\0box\0");
      sc |= ImGui::InputText("kind", kind, sizeof kind);
      if (sc) apply(doc, SetObstacleShape{e.index, shape == 1 ? ObstacleShape::Box : ObstacleShape::Circle, kind}, true);
      ResizeObstacle rs{e.index, o.radius, 2.0 * o.half_length, 2.0 * o.half_width};
      bool rc = false;
      if (o.shape == ObstacleShape::Circle) {
        rc = number("radius, m", rs.radius, 0.1, "%.2f");
      } else {
        rc = number("length, m", rs.length, 0.5);
        rc |= number("width, m", rs.width, 0.5);
        double deg = rad_to_deg(o.angle);
        if (number("angle, deg", deg, 5.0, "%.0f")) apply(doc, RotateObstacle{e.index, deg}, true);
      }
      if (rc) apply(doc, rs, true);
      break;
    }
    case ElementKind::Barrier:
    case ElementKind::BarrierPoint:
      if (e.kind == ElementKind::BarrierPoint && ImGui::Button("Whole barrier")) doc.select({ElementKind::Barrier, e.index, 0});
      break;
    case ElementKind::Branch: {
      const BranchSpec& b = s.branches[i];
      char name[128];
      std::snprintf(name, sizeof name, "%s", b.name.c_str());
      SetBranchInfo info{e.index, b.name, b.surface};
      bool ic = ImGui::InputText("name", name, sizeof name);
      ic |= surface_combo("surface", info.surface);
      info.name = name;
      if (ic) apply(doc, info, true);
      SetBranchEnds ends{e.index, b.from, b.to};
      bool ec = whole("from point", ends.from);
      ec |= whole("to point", ends.to);
      if (ec) apply(doc, ends);
      break;
    }
    case ElementKind::KerbSpan: {
      KerbSpan k = s.kerbs.spans[i];
      int side = static_cast<int>(k.side);
      bool kc = whole("from point", k.from);
      kc |= whole("to point", k.to);
      kc |= ImGui::Combo("side", &side, "left\0right\0both\0");
      k.side = static_cast<KerbSide>(side);
      if (kc) apply(doc, SetKerbSpan{e.index, k});
      break;
    }
    case ElementKind::Start:
    case ElementKind::Grid: {
      StartSpec st = s.start;
      bool sc = whole("start point", st.point);
      sc |= number("start offset, m", st.offset, 1.0);
      sc |= ImGui::Checkbox("reverse", &st.reverse);
      if (sc) apply(doc, SetStart{st}, true);
      GridSpec g = s.grid;
      bool gc = whole("grid slots", g.slots);
      gc |= whole("grid columns", g.columns);
      gc |= number("row spacing, m", g.spacing, 0.5);
      gc |= number("first row, m", g.first_offset, 0.5);
      if (gc) apply(doc, SetGrid{g}, true);
      break;
    }
    default: break;
  }
}

// ---------------------------------------------------------------- 4. right panel

void EditorView::right_panel(Document& doc) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float s = d.y / 720.0f;
  ImGui::SetNextWindowPos({d.x - kRightPanel * s, 0});
  ImGui::SetNextWindowSize({kRightPanel * s, d.y});
  ImGui::SetNextWindowBgAlpha(0.94f);
  ImGui::Begin("##editor_right", nullptr, kPanelFlags);
  const Validation& v = doc.validation();
  if (v.ok()) {
    ImGui::TextColored({0.4f, 0.9f, 0.5f, 1.0f}, "Valid: saves, drives and races");
    if (v.track) ImGui::TextDisabled("%.0f m, %zu grid slots", v.track->centreline().length(), v.track->grid().size());
  } else {
    ImGui::TextColored({1.0f, 0.4f, 0.4f, 1.0f}, "%zu problem%s (not saved until fixed)", v.issues.size(),
                       v.issues.size() == 1 ? "" : "s");
  }
  ImGui::BeginChild("##problems", {0, d.y * 0.42f}, true);
  for (std::size_t k = 0; k < v.issues.size(); ++k) {
    const Issue& issue = v.issues[k];
    ImGui::PushID(static_cast<int>(k));
    const std::string where = element_name(doc.spec(), issue.element) + " (line " + std::to_string(issue.error.line) + ")";
    if (ImGui::Selectable(where.c_str(), doc.selected(issue.element))) {
      doc.select(issue.element);
      if (const std::optional<Vec2> p = element_position(doc.spec(), issue.element)) centre_ = *p;
    }
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 170, 170, 255));
    ImGui::TextWrapped("%s", issue.error.message.c_str());
    ImGui::PopStyleColor();
    ImGui::PopID();
  }
  ImGui::EndChild();
  ImGui::Text("History (%zu steps)", doc.history().size());
  ImGui::BeginChild("##history", {0, 0}, true);
  const auto& h = doc.history();
  for (std::size_t k = 0; k < h.size(); ++k) {
    ImGui::PushID(static_cast<int>(k) + 100000);
    const bool current = k == doc.position();
    const bool undone = k > doc.position();
    if (undone) ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(140, 140, 150, 255));
    if (ImGui::Selectable(h[k].label.c_str(), current)) doc.go_to(k);
    if (undone) ImGui::PopStyleColor();
    if (current && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
    ImGui::PopID();
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace racer
