// EditorView's canvas: the view (fit, zoom, pan), the track under it, the overlay drawn
// from the spec, picking, the mouse and the keys. The panels are in editor_panels.cpp.
// Sections: 1. view and track  2. overlay  3. mouse  4. keys and edits  5. frame
#include "ui/editor_view.h"

#include <algorithm>
#include <cmath>

#include <SDL.h>
#include <imgui.h>

#include "core/math.h"
#include "render/camera.h"
#include "render/track_view.h"

namespace racer {

using namespace editor;

namespace {

constexpr double kLeftPanel = 330.0, kRightPanel = 330.0;  // px at 720 px high
constexpr double kPickRadius = 10.0;                         // px

ImVec2 im(Vec2 v) { return {static_cast<float>(v.x), static_cast<float>(v.y)}; }

constexpr ImU32 kLine = IM_COL32(255, 255, 255, 150), kPoint = IM_COL32(255, 255, 255, 230);
constexpr ImU32 kBranch = IM_COL32(120, 200, 255, 230), kZone = IM_COL32(255, 190, 90, 220);
constexpr ImU32 kBarrier = IM_COL32(230, 90, 230, 230), kObstacle = IM_COL32(255, 120, 60, 230);
constexpr ImU32 kSelected = IM_COL32(255, 230, 0, 255), kIssue = IM_COL32(255, 60, 60, 255);
constexpr ImU32 kStart = IM_COL32(60, 230, 120, 255);

}  // namespace

EditorView::EditorView() : camera_(std::make_unique<Camera>()) {}
EditorView::~EditorView() = default;

// ---------------------------------------------------------------- 1. view and track

Vec2 EditorView::to_screen(Vec2 w) const {
  const double cx = 0.5 * (canvas_x0_ + canvas_x1_), cy = 0.5 * canvas_h_;
  return {cx + (w.x - centre_.x) * px_per_m_, cy - (w.y - centre_.y) * px_per_m_};
}

Vec2 EditorView::to_world(Vec2 s) const {
  const double cx = 0.5 * (canvas_x0_ + canvas_x1_), cy = 0.5 * canvas_h_;
  return {centre_.x + (s.x - cx) / px_per_m_, centre_.y - (s.y - cy) / px_per_m_};
}

// Everything the spec places, fitted into the canvas with a margin.
void EditorView::fit(const Document& doc) {
  const TrackSpec& s = doc.spec();
  Vec2 lo{1e9, 1e9}, hi{-1e9, -1e9};
  auto add = [&](Vec2 p) {
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
  };
  for (const ControlPoint& p : s.centreline) add(p.position);
  for (const BranchSpec& b : s.branches)
    for (const ControlPoint& p : b.points) add(p.position);
  for (const ObstacleSpec& o : s.obstacles) add(o.position);
  if (lo.x > hi.x) lo = {-100, -100}, hi = {100, 100};
  const double margin = 40.0 + s.runoff.width;
  lo = lo - Vec2{margin, margin};
  hi = hi + Vec2{margin, margin};
  centre_ = (lo + hi) * 0.5;
  const double w = std::max(100.0, static_cast<double>(canvas_x1_ - canvas_x0_));
  px_per_m_ = std::min(w / (hi.x - lo.x), canvas_h_ / (hi.y - lo.y));
  fitted_ = true;
}

// A new TrackView when the document's valid build changed (never during a drag).
void EditorView::update_track(const Document& doc) {
  if (drag_ == Drag::Move) return;
  const Validation& v = doc.validation();
  if (v.track && v.track != shown_) {
    shown_ = v.track;
    view_ = std::make_unique<TrackView>(*shown_);
  }
  if (view_ || v.ok() || fallback_for_ == doc.history()[doc.position()].id) return;
  fallback_for_ = doc.history()[doc.position()].id;  // looked back once per step, not every frame
  // Opened (or scripted) into a state with problems: show the last valid step under it.
  for (std::size_t k = doc.position(); k-- > 0;) {
    const Validation earlier = validate_track(doc.history()[k].spec, "earlier.json");
    if (!earlier.track) continue;
    shown_ = earlier.track;
    view_ = std::make_unique<TrackView>(*shown_);
    return;
  }
}

void EditorView::draw_world(SDL_Renderer* r, int w, int h, const Document& doc) {
  canvas_x0_ = kLeftPanel * h / 720.0;
  canvas_x1_ = w - kRightPanel * h / 720.0;
  canvas_h_ = h;
  if (!fitted_) fit(doc);
  update_track(doc);
  SDL_SetRenderDrawColor(r, 24, 30, 26, 255);
  SDL_RenderClear(r);
  if (!view_) return;
  // The camera shows the world point under the window's centre at the canvas's scale.
  CameraConfig c;
  c.zoom_with_speed = false;
  c.max_look_ahead_m = 0.0;
  c.view_height_m = std::min(w, h) / px_per_m_;
  camera_->set_config(c);
  camera_->set_viewport(w, h);
  CarSnapshot eye;
  eye.position = to_world({w * 0.5, h * 0.5});
  eye.heading = kPi / 2;
  camera_->snap_to(eye);
  view_->draw_ground(r, *camera_);
  view_->draw_objects(r, *camera_);
}

// ---------------------------------------------------------------- 2. overlay

void EditorView::draw_overlay(const Document& doc) const {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const TrackSpec& s = doc.spec();
  const float px = static_cast<float>(std::max(1.0, std::min(3.0, px_per_m_ * 0.6)));
  auto ring = [&](Vec2 p, float r, ImU32 c, bool selected) {
    dl->AddCircleFilled(im(to_screen(p)), r, selected ? kSelected : c, 12);
    dl->AddCircle(im(to_screen(p)), r + 1.0f, IM_COL32(0, 0, 0, 200), 12, 1.5f);
  };
  auto sel = [&](ElementKind k, int i, int j = 0) { return doc.selected({k, i, j}); };
  // Zones and barriers under the road's points.
  for (std::size_t z = 0; z < s.zones.size(); ++z) {
    const auto& poly = s.zones[z].polygon;
    const bool whole = sel(ElementKind::Zone, static_cast<int>(z));
    for (std::size_t i = 0; i < poly.size(); ++i)
      dl->AddLine(im(to_screen(poly[i])), im(to_screen(poly[(i + 1) % poly.size()])), whole ? kSelected : kZone, 2.0f);
    for (std::size_t i = 0; i < poly.size(); ++i)
      ring(poly[i], 4.0f, kZone, whole || sel(ElementKind::ZonePoint, static_cast<int>(z), static_cast<int>(i)));
  }
  for (std::size_t b = 0; b < s.walls.barriers.size(); ++b) {
    const auto& line = s.walls.barriers[b];
    const bool whole = sel(ElementKind::Barrier, static_cast<int>(b));
    for (std::size_t i = 0; i + 1 < line.size(); ++i)
      dl->AddLine(im(to_screen(line[i])), im(to_screen(line[i + 1])), whole ? kSelected : kBarrier, 3.0f);
    for (std::size_t i = 0; i < line.size(); ++i)
      ring(line[i], 4.0f, kBarrier, whole || sel(ElementKind::BarrierPoint, static_cast<int>(b), static_cast<int>(i)));
  }
  // The main loop: a closed polyline through the control points, numbered every fifth.
  const std::size_t n = s.centreline.size();
  for (std::size_t i = 0; i < n && n > 1; ++i)
    dl->AddLine(im(to_screen(s.centreline[i].position)), im(to_screen(s.centreline[(i + 1) % n].position)), kLine, px);
  for (std::size_t b = 0; b < s.branches.size(); ++b) {
    const BranchSpec& br = s.branches[b];
    const bool whole = sel(ElementKind::Branch, static_cast<int>(b));
    std::vector<Vec2> pts;
    if (br.from >= 0 && static_cast<std::size_t>(br.from) < n) pts.push_back(s.centreline[static_cast<std::size_t>(br.from)].position);
    for (const ControlPoint& p : br.points) pts.push_back(p.position);
    if (br.to >= 0 && static_cast<std::size_t>(br.to) < n) pts.push_back(s.centreline[static_cast<std::size_t>(br.to)].position);
    for (std::size_t i = 0; i + 1 < pts.size(); ++i)
      dl->AddLine(im(to_screen(pts[i])), im(to_screen(pts[i + 1])), whole ? kSelected : kBranch, px);
    for (std::size_t i = 0; i < br.points.size(); ++i)
      ring(br.points[i].position, 5.0f, kBranch, whole || sel(ElementKind::BranchPoint, static_cast<int>(b), static_cast<int>(i)));
  }
  for (std::size_t i = 0; i < n; ++i) {
    ring(s.centreline[i].position, 5.0f, kPoint, sel(ElementKind::CentrelinePoint, static_cast<int>(i)));
    if (i % 5 == 0) {
      const std::string label = std::to_string(i);
      dl->AddText(im(to_screen(s.centreline[i].position) + Vec2{7, -18}), IM_COL32(255, 255, 255, 220), label.c_str());
    }
  }
  for (std::size_t o = 0; o < s.obstacles.size(); ++o) {
    const ObstacleSpec& ob = s.obstacles[o];
    const bool on = sel(ElementKind::Obstacle, static_cast<int>(o));
    if (ob.shape == ObstacleShape::Circle) {
      dl->AddCircle(im(to_screen(ob.position)), std::max(4.0f, static_cast<float>(ob.radius * px_per_m_)), on ? kSelected : kObstacle, 16, 2.0f);
    } else {
      const Vec2 u{std::cos(ob.angle), std::sin(ob.angle)}, v{-u.y, u.x};
      const Vec2 a = u * ob.half_length, b = v * ob.half_width;
      const Vec2 c[4] = {ob.position + a + b, ob.position - a + b, ob.position - a - b, ob.position + a - b};
      for (int k = 0; k < 4; ++k) dl->AddLine(im(to_screen(c[k])), im(to_screen(c[(k + 1) % 4])), on ? kSelected : kObstacle, 2.0f);
    }
    ring(ob.position, 3.0f, kObstacle, on);
  }
  // The start: a green bar across the loop at its point, an arrow the way cars drive.
  if (n >= 2 && s.start.point >= 0 && static_cast<std::size_t>(s.start.point) < n) {
    const std::size_t i = static_cast<std::size_t>(s.start.point);
    const Vec2 p = s.centreline[i].position;
    Vec2 d = s.centreline[(i + 1) % n].position - s.centreline[(i + n - 1) % n].position;
    if (s.start.reverse) d = -d;
    const double len = std::max(1e-9, length(d));
    d = d / len;
    const Vec2 across{-d.y, d.x};
    const double half = 0.5 * s.centreline[i].width + 2.0;
    const ImU32 c = sel(ElementKind::Start, 0) ? kSelected : kStart;
    dl->AddLine(im(to_screen(p + across * half)), im(to_screen(p - across * half)), c, 4.0f);
    const Vec2 tip = to_screen(p) + Vec2{d.x, -d.y} * 28.0;
    dl->AddLine(im(to_screen(p)), im(tip), c, 3.0f);
    dl->AddTriangleFilled(im(tip + Vec2{d.x, -d.y} * 8.0), im(tip + Vec2{-d.y, -d.x} * 6.0), im(tip - Vec2{-d.y, -d.x} * 6.0), c);
  }
  if (drag_ == Drag::Box) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    dl->AddRect(im(drag_start_), m, kSelected, 0.0f, 0, 1.5f);
  }
}

// Each problem at its element: a red ring and the message beside it (the first few).
void EditorView::draw_issues(const Document& doc) const {
  if (drag_ == Drag::Move) return;
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const Validation& v = doc.validation();
  int shown = 0;
  for (const Issue& issue : v.issues) {
    const std::optional<Vec2> at = element_position(doc.spec(), issue.element);
    if (!at || shown >= 4) continue;
    ++shown;
    const Vec2 p = to_screen(*at);
    dl->AddCircle(im(p), 14.0f, kIssue, 20, 3.0f);
    const float wrap = 300.0f;
    const ImVec2 size = ImGui::CalcTextSize(issue.error.message.c_str(), nullptr, false, wrap);
    ImVec2 box{static_cast<float>(p.x) + 18.0f, static_cast<float>(p.y) - 10.0f};
    box.x = std::min(box.x, static_cast<float>(canvas_x1_) - size.x - 12.0f);
    box.y = std::clamp(box.y + 4.0f * static_cast<float>(shown), 4.0f, static_cast<float>(canvas_h_) - size.y - 12.0f);
    dl->AddRectFilled({box.x - 6, box.y - 4}, {box.x + size.x + 6, box.y + size.y + 4}, IM_COL32(90, 10, 10, 235), 4.0f);
    dl->AddRect({box.x - 6, box.y - 4}, {box.x + size.x + 6, box.y + size.y + 4}, kIssue, 4.0f);
    dl->AddText(nullptr, 0.0f, box, IM_COL32(255, 235, 235, 255), issue.error.message.c_str(), nullptr, wrap);
  }
}

// ---------------------------------------------------------------- 3. mouse

// The nearest point-like element within kPickRadius px (points over obstacles over zones).
std::optional<ElementRef> EditorView::pick(const Document& doc, Vec2 screen) const {
  const TrackSpec& s = doc.spec();
  std::optional<ElementRef> best;
  double best_d = kPickRadius;
  auto consider = [&](Vec2 world, ElementRef e, double bias) {
    const double d = length(to_screen(world) - screen) + bias;
    if (d < best_d) best_d = d, best = e;
  };
  for (std::size_t i = 0; i < s.centreline.size(); ++i)
    consider(s.centreline[i].position, {ElementKind::CentrelinePoint, static_cast<int>(i), 0}, 0.0);
  for (std::size_t b = 0; b < s.branches.size(); ++b)
    for (std::size_t i = 0; i < s.branches[b].points.size(); ++i)
      consider(s.branches[b].points[i].position, {ElementKind::BranchPoint, static_cast<int>(b), static_cast<int>(i)}, 0.0);
  for (std::size_t o = 0; o < s.obstacles.size(); ++o)
    consider(s.obstacles[o].position, {ElementKind::Obstacle, static_cast<int>(o), 0}, 1.0);
  for (std::size_t z = 0; z < s.zones.size(); ++z)
    for (std::size_t i = 0; i < s.zones[z].polygon.size(); ++i)
      consider(s.zones[z].polygon[i], {ElementKind::ZonePoint, static_cast<int>(z), static_cast<int>(i)}, 2.0);
  for (std::size_t b = 0; b < s.walls.barriers.size(); ++b)
    for (std::size_t i = 0; i < s.walls.barriers[b].size(); ++i)
      consider(s.walls.barriers[b][i], {ElementKind::BarrierPoint, static_cast<int>(b), static_cast<int>(i)}, 2.0);
  return best;
}

void EditorView::canvas_input(Document& doc) {
  const ImGuiIO& io = ImGui::GetIO();
  const Vec2 mouse{static_cast<double>(io.MousePos.x), static_cast<double>(io.MousePos.y)};
  const bool over = !io.WantCaptureMouse && mouse.x >= canvas_x0_ && mouse.x < canvas_x1_;
  if (over && io.MouseWheel != 0.0f) {  // zoom about the point under the pointer
    const Vec2 before = to_world(mouse);
    px_per_m_ = std::clamp(px_per_m_ * std::pow(1.2, static_cast<double>(io.MouseWheel)), 0.02, 80.0);
    centre_ += before - to_world(mouse);
  }
  if (over && (ImGui::IsMouseClicked(ImGuiMouseButton_Right) || ImGui::IsMouseClicked(ImGuiMouseButton_Middle))) {
    drag_ = Drag::Pan;
    drag_start_ = mouse;
  }
  if (over && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    drag_start_ = mouse;
    drag_moved_ = false;
    if (const std::optional<ElementRef> hit = pick(doc, mouse)) {
      if (io.KeyShift) doc.toggle(*hit);
      else if (!doc.selected(*hit)) doc.select(*hit);
      if (doc.selected(*hit)) {
        drag_ = Drag::Move;
        grabbed_ = *hit;
        drag_anchor_ = element_position(doc.spec(), *hit).value_or(Vec2{});
      }
    } else {
      if (!io.KeyShift) doc.clear_selection();
      drag_ = Drag::Box;
    }
  }
  if (drag_ == Drag::Pan) {
    centre_ -= Vec2{static_cast<double>(io.MouseDelta.x) / px_per_m_, -static_cast<double>(io.MouseDelta.y) / px_per_m_};
    if (!ImGui::IsMouseDown(ImGuiMouseButton_Right) && !ImGui::IsMouseDown(ImGuiMouseButton_Middle)) drag_ = Drag::None;
  } else if (drag_ == Drag::Move) {
    // The grabbed element follows the pointer on the grid; the rest of the selection keeps
    // its offset from it. One history step for the whole drag.
    const Vec2 target = doc.snapped(drag_anchor_ + (to_world(mouse) - to_world(drag_start_)));
    const std::optional<Vec2> now = element_position(doc.spec(), grabbed_);
    if (now && !(target == *now) && length(mouse - drag_start_) > 2.0) {
      apply(doc, MovePoints{doc.selection(), target - *now, 0.0}, drag_moved_);
      drag_moved_ = true;
    }
    if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) drag_ = Drag::None;
  } else if (drag_ == Drag::Box && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    drag_ = Drag::None;
    const Vec2 a = to_world(drag_start_), b = to_world(mouse);
    const Vec2 lo{std::min(a.x, b.x), std::min(a.y, b.y)}, hi{std::max(a.x, b.x), std::max(a.y, b.y)};
    if (length(mouse - drag_start_) > 4.0) {
      const TrackSpec& s = doc.spec();
      for (std::size_t i = 0; i < s.centreline.size(); ++i) {
        const Vec2 p = s.centreline[i].position;
        if (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y &&
            !doc.selected({ElementKind::CentrelinePoint, static_cast<int>(i), 0}))
          doc.toggle({ElementKind::CentrelinePoint, static_cast<int>(i), 0});
      }
      for (std::size_t o = 0; o < s.obstacles.size(); ++o) {
        const Vec2 p = s.obstacles[o].position;
        if (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y && !doc.selected({ElementKind::Obstacle, static_cast<int>(o), 0}))
          doc.toggle({ElementKind::Obstacle, static_cast<int>(o), 0});
      }
    }
  }
}

// ---------------------------------------------------------------- 4. keys and edits

void EditorView::apply(Document& doc, const Edit& e, bool merge) {
  if (std::optional<std::string> error = doc.apply(e, merge)) status_ = *error;
}

// Deletes the selected elements, the highest indices first so the others stay valid.
void EditorView::delete_selection(Document& doc) {
  std::vector<ElementRef> sel = doc.selection();
  std::sort(sel.begin(), sel.end(), [](const ElementRef& a, const ElementRef& b) {
    return a.index != b.index ? a.index > b.index : a.sub > b.sub;
  });
  for (const ElementRef& e : sel) {
    switch (e.kind) {
      case ElementKind::CentrelinePoint: apply(doc, DeleteCentrelinePoint{e.index}); break;
      case ElementKind::ZonePoint: apply(doc, DeleteZonePoint{e.index, e.sub}); break;
      case ElementKind::Zone: apply(doc, DeleteZone{e.index}); break;
      case ElementKind::Obstacle: apply(doc, DeleteObstacle{e.index}); break;
      case ElementKind::BarrierPoint: apply(doc, DeleteBarrierPoint{e.index, e.sub}); break;
      case ElementKind::Barrier: apply(doc, DeleteBarrier{e.index}); break;
      case ElementKind::BranchPoint: apply(doc, DeleteBranchPoint{e.index, e.sub}); break;
      case ElementKind::Branch: apply(doc, DeleteBranch{e.index}); break;
      case ElementKind::KerbSpan: apply(doc, DeleteKerbSpan{e.index}); break;
      default: break;
    }
  }
  doc.clear_selection();
}

// A new point halfway to the next one, after the selected point (centreline, branch, zone
// or barrier), selected.
void EditorView::insert_point(Document& doc) {
  if (doc.selection().empty()) {
    status_ = "select a point to insert after";
    return;
  }
  const ElementRef e = doc.selection().back();
  const TrackSpec& s = doc.spec();
  const auto mid = [&](Vec2 a, Vec2 b) { return doc.snapped((a + b) * 0.5); };
  if (e.kind == ElementKind::CentrelinePoint) {
    const std::size_t i = static_cast<std::size_t>(e.index), n = s.centreline.size();
    ControlPoint p = s.centreline[i];
    p.position = mid(p.position, s.centreline[(i + 1) % n].position);
    apply(doc, InsertCentrelinePoint{e.index + 1, p});
    doc.select({ElementKind::CentrelinePoint, e.index + 1, 0});
  } else if (e.kind == ElementKind::ZonePoint) {
    const auto& poly = s.zones[static_cast<std::size_t>(e.index)].polygon;
    const std::size_t i = static_cast<std::size_t>(e.sub);
    apply(doc, InsertZonePoint{e.index, e.sub + 1, mid(poly[i], poly[(i + 1) % poly.size()])});
    doc.select({ElementKind::ZonePoint, e.index, e.sub + 1});
  } else if (e.kind == ElementKind::BarrierPoint) {
    const auto& line = s.walls.barriers[static_cast<std::size_t>(e.index)];
    const std::size_t i = static_cast<std::size_t>(e.sub);
    const Vec2 next = i + 1 < line.size() ? line[i + 1] : line[i] + (line[i] - line[i > 0 ? i - 1 : i]);
    apply(doc, InsertBarrierPoint{e.index, e.sub + 1, mid(line[i], next + Vec2{0.5, 0})});
    doc.select({ElementKind::BarrierPoint, e.index, e.sub + 1});
  } else if (e.kind == ElementKind::BranchPoint) {
    const BranchSpec& b = s.branches[static_cast<std::size_t>(e.index)];
    const std::size_t i = static_cast<std::size_t>(e.sub);
    const Vec2 next = i + 1 < b.points.size() ? b.points[i + 1].position : s.centreline[static_cast<std::size_t>(b.to)].position;
    ControlPoint p = b.points[i];
    p.position = mid(p.position, next);
    apply(doc, InsertBranchPoint{e.index, e.sub + 1, p});
    doc.select({ElementKind::BranchPoint, e.index, e.sub + 1});
  } else {
    status_ = "insert works on centreline, branch, zone and barrier points";
  }
}

void EditorView::nudge(Document& doc, Vec2 by) {
  std::vector<ElementRef> movable;
  for (const ElementRef& e : doc.selection())
    if (element_movable(e.kind)) movable.push_back(e);
  if (!movable.empty()) apply(doc, MovePoints{movable, by * (doc.snap() > 0.0 ? doc.snap() : 1.0), 0.0});
}

EditorView::Action EditorView::keys(Document& doc, bool back) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return Action::None;
  const bool ctrl = io.KeyCtrl;
  auto pressed = [](SDL_Scancode k) { return ImGui::IsKeyPressed(static_cast<int>(k)); };
  if (ctrl && pressed(SDL_SCANCODE_Z)) io.KeyShift ? doc.redo() : doc.undo();
  if (ctrl && pressed(SDL_SCANCODE_Y)) doc.redo();
  if (ctrl && pressed(SDL_SCANCODE_S)) {
    const std::vector<DataError> errors = doc.save();
    status_ = errors.empty() ? "saved " + doc.path().string() : "not saved: " + errors.front().to_string();
  }
  if (ctrl) return Action::None;
  if (pressed(SDL_SCANCODE_DELETE) || pressed(SDL_SCANCODE_BACKSPACE)) delete_selection(doc);
  if (pressed(SDL_SCANCODE_INSERT)) insert_point(doc);
  if (pressed(SDL_SCANCODE_G)) doc.set_snap(doc.snap() > 0.0 ? 0.0 : 1.0);
  if (pressed(SDL_SCANCODE_F)) fit(doc);
  if (pressed(SDL_SCANCODE_LEFT)) nudge(doc, {-1, 0});
  if (pressed(SDL_SCANCODE_RIGHT)) nudge(doc, {1, 0});
  if (pressed(SDL_SCANCODE_UP)) nudge(doc, {0, 1});
  if (pressed(SDL_SCANCODE_DOWN)) nudge(doc, {0, -1});
  if (pressed(SDL_SCANCODE_TAB) && !doc.spec().centreline.empty()) {
    int next = 0;
    if (!doc.selection().empty() && doc.selection().back().kind == ElementKind::CentrelinePoint)
      next = (doc.selection().back().index + 1) % static_cast<int>(doc.spec().centreline.size());
    doc.select({ElementKind::CentrelinePoint, next, 0});
  }
  if (pressed(SDL_SCANCODE_F5)) return Action::Drive;
  if (pressed(SDL_SCANCODE_F8)) return Action::Race;
  if (back) return Action::Close;
  return Action::None;
}

// ---------------------------------------------------------------- 5. frame

EditorView::Action EditorView::frame(Document& doc, const UiFonts& fonts, bool back) {
  if (!path_synced_) {
    path_text_ = doc.path().string();
    path_synced_ = true;
  }
  Action action = left_panel(doc, fonts);
  right_panel(doc);
  canvas_input(doc);
  const Action key = keys(doc, back);
  if (action == Action::None) action = key;
  draw_overlay(doc);
  draw_issues(doc);
  return action;
}

}  // namespace racer
