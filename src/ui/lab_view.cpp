// The planner lab on screen. Sections: textures | frame and layout | canvas input | keys |
// drawing the map. The control panel and the figures table: lab_panel.cpp.
#include "ui/lab_view.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "game/lab_map.h"
#include "ui/lab_view_internal.h"
#include "ui/menu_kit.h"

namespace racer {

using namespace lab_ui;

namespace {

constexpr std::uint32_t kFree = 0xffe4e4dc, kBlocked = 0xff2a2f3a;
constexpr std::uint32_t kOverlay = 0xff3c78;  // hybrid A*'s C-space slice: pink-red, translucent

std::uint32_t argb(std::uint32_t rgb, std::uint32_t alpha) { return (alpha << 24) | (rgb & 0xffffff); }

std::uint32_t lerp_rgb(std::uint32_t a, std::uint32_t b, double t) {
  auto ch = [&](int shift) {
    const double va = (a >> shift) & 0xff, vb = (b >> shift) & 0xff;
    return static_cast<std::uint32_t>(std::lround(va + (vb - va) * t)) << shift;
  };
  return ch(16) | ch(8) | ch(0);
}

// A heat map: near the goal yellow, far dark purple (the "magma"-like ramp, 4 stops).
std::uint32_t heat(double t) {
  static constexpr std::uint32_t kStops[] = {0xfcfdbf, 0xfc8961, 0xb73779, 0x51127c, 0x000004};
  t = std::clamp(t, 0.0, 1.0) * 4.0;
  const int i = std::min(3, static_cast<int>(t));
  return lerp_rgb(kStops[i], kStops[i + 1], t - i);
}

SDL_Texture* make_texture(SDL_Renderer* r, int w, int h) {
  SDL_Texture* t = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, w, h);
  if (t != nullptr) {
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(t, SDL_ScaleModeNearest);
  }
  return t;
}

void destroy(SDL_Texture*& t) {
  if (t != nullptr) SDL_DestroyTexture(t);
  t = nullptr;
}

}  // namespace

LabClock lab_wall_clock() {
  return [] {
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
  };
}

int LabView::field_layer(const LabSession& s) {
  // The selected layer's field if it has one, else the first enabled layer's.
  const auto has = [&](int i) { return i >= 0 && s.entry(i).enabled && s.entry(i).answered && !s.entry(i).outcome.field.empty(); };
  if (has(s.selected())) return s.selected();
  for (int i = 0; i < s.layer_count(); ++i)
    if (has(i)) return i;
  return -1;
}

int LabView::overlay_layer(const LabSession& s) {
  const int i = s.selected();
  return i >= 0 && s.entry(i).enabled && s.entry(i).answered && !s.entry(i).outcome.overlay.empty() ? i : -1;
}

LabView::LabView(SDL_Renderer* renderer) : renderer_(renderer) {}

LabView::~LabView() {
  destroy(map_tex_);
  destroy(expanded_tex_);
  destroy(field_tex_);
  destroy(overlay_tex_);
}

// ---- textures ------------------------------------------------------------------------------

void LabView::update_textures(const LabSession& s) {
  const SearchGrid& g = s.map().grid;
  if (g.width() <= 0 || g.height() <= 0) return;
  if (g.width() != tex_w_ || g.height() != tex_h_ || map_tex_ == nullptr) {
    destroy(map_tex_);
    destroy(expanded_tex_);
    destroy(field_tex_);
    destroy(overlay_tex_);
    tex_w_ = g.width();
    tex_h_ = g.height();
    map_tex_ = make_texture(renderer_, tex_w_, tex_h_);
    expanded_tex_ = make_texture(renderer_, tex_w_, tex_h_);
    field_tex_ = make_texture(renderer_, tex_w_, tex_h_);
    overlay_tex_ = make_texture(renderer_, tex_w_, tex_h_);
    seen_generation_ = ~0ull;
  }
  const std::size_t n = static_cast<std::size_t>(tex_w_) * static_cast<std::size_t>(tex_h_);
  pixels_.resize(n);
  const int pitch = tex_w_ * 4;
  const bool new_answers = s.generation() != seen_generation_;
  if (new_answers) {
    // The map: free cells light, darker and bluer as their multiplier grows (to x4), walls dark.
    for (int y = 0; y < tex_h_; ++y)
      for (int x = 0; x < tex_w_; ++x) {
        std::uint32_t c = kBlocked;
        if (g.passable(x, y)) {
          const double t = std::min(1.0, (static_cast<double>(g.cost(x, y)) - 1.0) / 3.0);
          c = argb(lerp_rgb(kFree & 0xffffff, 0x8a94b0, t), 255);
        }
        pixels_[g.index(x, y)] = c;
      }
    if (map_tex_) SDL_UpdateTexture(map_tex_, nullptr, pixels_.data(), pitch);
    // The heat map: the field of the layer field_layer() picks, scaled to its largest
    // finite value.
    has_field_ = false;
    const int ff = field_layer(s);
    if (ff >= 0 && s.entry(ff).outcome.field.size() == n) {
      const std::vector<float>& f = s.entry(ff).outcome.field;
      float top = 0.0f;
      for (float v : f)
        if (std::isfinite(v)) top = std::max(top, v);
      for (std::size_t i = 0; i < n; ++i)
        pixels_[i] = std::isfinite(f[i]) && top > 0.0f ? argb(heat(static_cast<double>(f[i] / top)), 200) : 0u;
      if (field_tex_) SDL_UpdateTexture(field_tex_, nullptr, pixels_.data(), pitch);
      has_field_ = true;
    }
  }
  const long shown = s.shown_expansions();
  if (new_answers || shown != seen_shown_ || s.selected() != seen_selected_) {
    std::fill(pixels_.begin(), pixels_.end(), 0u);
    if (s.selected() >= 0) {
      const LabEntry& e = s.entry(s.selected());
      const std::vector<GridCell>& cells = e.outcome.expanded;
      for (long i = 0; i < shown && i < static_cast<long>(cells.size()); ++i) {
        const GridCell c = cells[static_cast<std::size_t>(i)];
        if (g.in_bounds(c.x, c.y)) pixels_[g.index(c.x, c.y)] = argb(e.colour, 120);
      }
    }
    if (expanded_tex_) SDL_UpdateTexture(expanded_tex_, nullptr, pixels_.data(), pitch);
    // The selected layer's overlay: its closed cells tinted.
    std::fill(pixels_.begin(), pixels_.end(), 0u);
    if (const int ov = overlay_layer(s); ov >= 0 && s.entry(ov).outcome.overlay.size() == n) {
      const std::vector<std::uint8_t>& o = s.entry(ov).outcome.overlay;
      for (std::size_t i = 0; i < n; ++i)
        if (o[i] != 0) pixels_[i] = argb(kOverlay, 130);
    }
    if (overlay_tex_) SDL_UpdateTexture(overlay_tex_, nullptr, pixels_.data(), pitch);
    seen_shown_ = shown;
    seen_selected_ = s.selected();
  }
  seen_generation_ = s.generation();
}

// ---- frame and layout ----------------------------------------------------------------------

bool LabView::frame(LabSession& s, const UiFonts& fonts, bool back) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const SearchGrid& g = s.map().grid;
  if (g.width() != fitted_w_ || g.height() != fitted_h_) {
    if (fitted_w_ >= 0) view_box_.reset();  // another map: the whole of it
    need_fit_ = true;
  }
  bool close = false;
  if (back) {
    if (!polygon_.empty()) polygon_.clear();  // Esc first drops the polygon being drawn
    else close = true;
  }
  ImGui::PushFont(fonts.text);
  panel(s, fonts, close);
  figures(s);
  ImGui::PopFont();
  // The canvas: right of the panel, above the figures (figures() set canvas_.y1).
  canvas_.x0 = kPanelWidth;
  canvas_.x1 = d.x;
  canvas_.y0 = legend(s, false);  // the legend's strip on top
  if (need_fit_) fit(s);
  keys(s);
  canvas_input(s);
  update_textures(s);
  draw_map(s);
  legend(s, true);
  return close;
}

void LabView::fit(const LabSession& s) {
  const SearchGrid& g = s.map().grid;
  if (g.width() <= 0 || canvas_.x1 <= canvas_.x0 || canvas_.y1 <= canvas_.y0) return;
  const double margin = 16.0;
  const double cw = static_cast<double>(canvas_.x1 - canvas_.x0), ch = static_cast<double>(canvas_.y1 - canvas_.y0);
  Box b{0.0, 0.0, static_cast<double>(g.width()), static_cast<double>(g.height())};
  if (view_box_ && view_box_->x1 > view_box_->x0 && view_box_->y1 > view_box_->y0) b = *view_box_;
  view_box_.reset();
  zoom_ = std::min((cw - 2 * margin) / (b.x1 - b.x0), (ch - 2 * margin) / (b.y1 - b.y0));
  zoom_ = std::clamp(zoom_, 0.05, 200.0);
  centre_ = {0.5 * (b.x0 + b.x1), 0.5 * (b.y0 + b.y1)};
  fitted_w_ = g.width();
  fitted_h_ = g.height();
  need_fit_ = false;
}

Vec2 LabView::to_cell(float sx, float sy) const {
  const double cx = 0.5 * static_cast<double>(canvas_.x0 + canvas_.x1), cy = 0.5 * static_cast<double>(canvas_.y0 + canvas_.y1);
  return {centre_.x + (static_cast<double>(sx) - cx) / zoom_, centre_.y + (static_cast<double>(sy) - cy) / zoom_};
}

void LabView::to_screen(double x, double y, float& sx, float& sy) const {
  const double cx = 0.5 * static_cast<double>(canvas_.x0 + canvas_.x1), cy = 0.5 * static_cast<double>(canvas_.y0 + canvas_.y1);
  sx = static_cast<float>(cx + (x - centre_.x) * zoom_);
  sy = static_cast<float>(cy + (y - centre_.y) * zoom_);
}

// ---- canvas input --------------------------------------------------------------------------

std::vector<ImVec2> LabView::screen_points(const Polygon& p) const {
  std::vector<ImVec2> pts;
  for (const Vec2& v : p.vertices) {
    float sx = 0, sy = 0;
    to_screen(v.x, v.y, sx, sy);
    pts.push_back({sx, sy});
  }
  return pts;
}

void LabView::paint_line(LabSession& s, Vec2 a, Vec2 b, bool block) {
  std::vector<GridCell> cells;
  const double len = std::hypot(b.x - a.x, b.y - a.y);
  const int n = std::max(1, static_cast<int>(std::ceil(len * 2.0)));
  for (int i = 0; i <= n; ++i) {
    const double t = static_cast<double>(i) / n;
    const GridCell c{static_cast<int>(std::floor(a.x + (b.x - a.x) * t)), static_cast<int>(std::floor(a.y + (b.y - a.y) * t))};
    if (cells.empty() || !(cells.back() == c)) cells.push_back(c);
  }
  // Never wall in the start or the goal by accident.
  std::erase_if(cells, [&](const GridCell& c) { return block && (c == s.query().start || c == s.query().goal); });
  s.set_blocked(cells, block);
}

void LabView::canvas_input(LabSession& s) {
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 mp = io.MousePos;
  const bool over = mp.x >= canvas_.x0 && mp.x < canvas_.x1 && mp.y >= canvas_.y0 && mp.y < canvas_.y1 && !io.WantCaptureMouse;
  const Vec2 cell = to_cell(mp.x, mp.y);
  const GridCell c{static_cast<int>(std::floor(cell.x)), static_cast<int>(std::floor(cell.y))};
  if (over && io.MouseWheel != 0.0f) {  // zoom about the point under the mouse
    const double f = std::pow(1.2, static_cast<double>(io.MouseWheel));
    zoom_ = std::clamp(zoom_ * f, 0.05, 200.0);
    const Vec2 after = to_cell(mp.x, mp.y);
    centre_ = {centre_.x + cell.x - after.x, centre_.y + cell.y - after.y};
  }
  for (int b = 0; b < 3; ++b) {
    if (over && ImGui::IsMouseClicked(b) && !dragging_) {
      dragging_ = true;
      drag_button_ = b;
      press_x_ = mp.x;
      press_y_ = mp.y;
      panning_ = b == 2;
      painting_ = false;
      const bool shift = io.KeyShift, ctrl = io.KeyCtrl;
      if (tool_ == Tool::Paint && b != 2) {
        painting_ = true;
        paint_block_ = b == 0;
      } else if (tool_ == Tool::Endpoints && b == 0 && (shift || ctrl)) {
        painting_ = true;
        paint_block_ = shift;
      }
      if (painting_) {
        last_paint_ = cell;
        paint_line(s, cell, cell, paint_block_);
      }
    }
  }
  if (!dragging_) return;
  const float moved = std::hypot(mp.x - press_x_, mp.y - press_y_);
  if (ImGui::IsMouseDown(drag_button_)) {
    if (painting_) {
      paint_line(s, last_paint_, cell, paint_block_);
      last_paint_ = cell;
    } else if (panning_ || moved > 5.0f) {  // a drag pans
      panning_ = true;
      const ImVec2 delta = io.MouseDelta;
      centre_ = {centre_.x - static_cast<double>(delta.x) / zoom_, centre_.y - static_cast<double>(delta.y) / zoom_};
    }
    return;
  }
  // Released: a click (no drag) acts.
  if (!painting_ && !panning_) {
    if (tool_ == Tool::Polygon) {
      if (drag_button_ == 0) polygon_.push_back(cell);
      else if (drag_button_ == 1 && polygon_.size() >= 3) {
        Polygon p;
        p.vertices = polygon_;
        s.add_polygon(p);
        polygon_.clear();
      }
    } else if (drag_button_ == 0) {
      s.set_start(c);
    } else if (drag_button_ == 1) {
      s.set_goal(c);
    }
  }
  dragging_ = painting_ = panning_ = false;
  drag_button_ = -1;
}

// ---- keys ----------------------------------------------------------------------------------

void LabView::keys(LabSession& s) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  auto pressed = [](int scancode) { return ImGui::IsKeyPressed(scancode, true); };
  if (pressed(SDL_SCANCODE_RIGHT)) s.step_by(io.KeyShift ? 10 : 1);
  if (pressed(SDL_SCANCODE_LEFT)) s.step_by(io.KeyShift ? -10 : -1);
  if (pressed(SDL_SCANCODE_PAGEUP)) s.step_by(100);
  if (pressed(SDL_SCANCODE_PAGEDOWN)) s.step_by(-100);
  if (ImGui::IsKeyPressed(SDL_SCANCODE_HOME, false)) s.set_step(0);
  if (ImGui::IsKeyPressed(SDL_SCANCODE_END, false)) s.set_step(-1);
  if (ImGui::IsKeyPressed(SDL_SCANCODE_F, false)) need_fit_ = true;
  if (ImGui::IsKeyPressed(SDL_SCANCODE_H, false)) {  // hybrid A*'s heading at S (shift: at G), 15 degrees on
    LabQuery q = s.query();
    double& h = io.KeyShift ? q.goal_heading : q.heading;
    h = std::remainder(h + std::numbers::pi / 12.0, 2.0 * std::numbers::pi);
    s.set_query(q);
  }
  if (ImGui::IsKeyPressed(SDL_SCANCODE_P, false)) tool_ = tool_ == Tool::Paint ? Tool::Endpoints : Tool::Paint;
  if (ImGui::IsKeyPressed(SDL_SCANCODE_O, false)) {
    tool_ = tool_ == Tool::Polygon ? Tool::Endpoints : Tool::Polygon;
    polygon_.clear();
  }
  if ((ImGui::IsKeyPressed(SDL_SCANCODE_RETURN, false) || ImGui::IsKeyPressed(SDL_SCANCODE_KP_ENTER, false)) &&
      tool_ == Tool::Polygon && polygon_.size() >= 3) {
    Polygon p;
    p.vertices = polygon_;
    s.add_polygon(p);
    polygon_.clear();
  }
  if (ImGui::IsKeyPressed(SDL_SCANCODE_TAB, false)) {  // the next enabled planner
    const int n = s.layer_count();
    for (int k = 1; k <= n; ++k) {
      const int i = (std::max(s.selected(), 0) + (io.KeyShift ? n - k : k)) % n;
      if (s.entry(i).enabled) {
        s.select(i);
        break;
      }
    }
  }
}

// ---- drawing the map -----------------------------------------------------------------------

void LabView::draw_map(const LabSession& s) {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const SearchGrid& g = s.map().grid;
  dl->PushClipRect({canvas_.x0, canvas_.y0}, {canvas_.x1, canvas_.y1}, true);
  dl->AddRectFilled({canvas_.x0, canvas_.y0}, {canvas_.x1, canvas_.y1}, IM_COL32(18, 20, 28, 255));
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  to_screen(0.0, 0.0, x0, y0);
  to_screen(g.width(), g.height(), x1, y1);
  if (map_tex_) dl->AddImage(static_cast<ImTextureID>(map_tex_), {x0, y0}, {x1, y1});
  if (show_field_ && has_field_ && field_tex_ && field_layer(s) >= 0)
    dl->AddImage(static_cast<ImTextureID>(field_tex_), {x0, y0}, {x1, y1});
  if (show_overlay_ && overlay_tex_ && overlay_layer(s) >= 0) dl->AddImage(static_cast<ImTextureID>(overlay_tex_), {x0, y0}, {x1, y1});
  if (show_expanded_ && expanded_tex_) dl->AddImage(static_cast<ImTextureID>(expanded_tex_), {x0, y0}, {x1, y1});
  dl->AddRect({x0, y0}, {x1, y1}, IM_COL32(120, 126, 140, 255));
  // The newest shown expansion while stepping: an outlined cell.
  if (show_expanded_ && s.stepping() && s.selected() >= 0) {
    const long k = s.shown_expansions();
    const std::vector<GridCell>& cells = s.entry(s.selected()).outcome.expanded;
    if (k > 0 && k <= static_cast<long>(cells.size())) {
      const GridCell c = cells[static_cast<std::size_t>(k - 1)];
      float ax = 0, ay = 0, bx = 0, by = 0;
      to_screen(c.x, c.y, ax, ay);
      to_screen(c.x + 1, c.y + 1, bx, by);
      const float grow = std::max(0.0f, 5.0f - (bx - ax)) * 0.5f;  // at least 5 px across
      dl->AddRect({ax - grow, ay - grow}, {bx + grow, by + grow}, IM_COL32(0, 0, 0, 255), 0.0f, 0, 3.0f);
      dl->AddRect({ax - grow, ay - grow}, {bx + grow, by + grow}, IM_COL32(255, 255, 255, 255), 0.0f, 0, 1.5f);
    }
  }
  // The selected layer's extra geometry (a graph's edges): thin lines in its colour (only
  // the selected one's: a visibility graph has thousands).
  for (int i = 0; i < s.layer_count(); ++i) {
    const LabEntry& e = s.entry(i);
    if (!e.enabled || !e.answered || i != s.selected()) continue;
    const ImU32 col = im_colour(e.colour, 70);
    for (const Segment& seg : e.outcome.segments) {
      float ax = 0, ay = 0, bx = 0, by = 0;
      to_screen(seg.a.x, seg.a.y, ax, ay);
      to_screen(seg.b.x, seg.b.y, bx, by);
      dl->AddLine({ax, ay}, {bx, by}, col, 1.0f);
    }
  }
  // Polygon obstacles: outlined.
  for (const Polygon& p : s.map().obstacles) {
    const std::vector<ImVec2> pts = screen_points(p);
    dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), IM_COL32(255, 200, 60, 255), ImDrawFlags_Closed, 2.0f);
  }
  // Paths: side by side where they coincide (each shifted sideways by its rank), over a
  // dark halo, so every enabled planner's colour stays visible on shared stretches.
  std::vector<int> shown;
  for (int i = 0; i < s.layer_count(); ++i)
    if (s.entry(i).enabled && s.entry(i).answered && s.entry(i).outcome.path.size() >= 2) shown.push_back(i);
  const float width = 2.5f;
  for (int pass = 0; pass < 2; ++pass)
    for (std::size_t r = 0; r < shown.size(); ++r) {
      const LabEntry& e = s.entry(shown[r]);
      const float offset = (static_cast<float>(r) - 0.5f * static_cast<float>(shown.size() - 1)) * width;
      // Collinear runs merged: fewer, longer segments.
      std::vector<Vec2> path;
      for (const Vec2& v : e.outcome.path) {
        if (path.size() >= 2) {
          const Vec2 a = path[path.size() - 2], b = path.back();
          if (std::abs((b.x - a.x) * (v.y - b.y) - (b.y - a.y) * (v.x - b.x)) < 1e-9 &&
              (b.x - a.x) * (v.x - b.x) + (b.y - a.y) * (v.y - b.y) > 0.0) {
            path.back() = v;
            continue;
          }
        }
        path.push_back(v);
      }
      std::vector<ImVec2> pts(path.size());
      for (std::size_t k = 0; k < path.size(); ++k) {
        // The normal at a vertex: the mean of its segments' normals.
        const Vec2 a = path[k == 0 ? 0 : k - 1], b = path[k + 1 < path.size() ? k + 1 : k];
        double nx = -(b.y - a.y), ny = b.x - a.x;
        const double nl = std::hypot(nx, ny);
        if (nl > 0) nx /= nl, ny /= nl;
        float sx = 0, sy = 0;
        to_screen(path[k].x, path[k].y, sx, sy);
        pts[k] = {sx + static_cast<float>(nx) * offset, sy + static_cast<float>(ny) * offset};
      }
      // Segment by segment with round joints: a thick polyline's mitred joints spike at
      // sharp turns.
      const ImU32 col = pass == 0 ? IM_COL32(0, 0, 0, 150) : im_colour(e.colour);
      const float w = pass == 0 ? width + 2.0f : width;
      for (std::size_t k = 0; k + 1 < pts.size(); ++k) dl->AddLine(pts[k], pts[k + 1], col, w);
      for (std::size_t k = 1; k + 1 < pts.size(); ++k) dl->AddCircleFilled(pts[k], 0.5f * w, col, 8);
    }
  // The polygon being drawn.
  if (!polygon_.empty()) {
    std::vector<ImVec2> pts;
    for (const Vec2& v : polygon_) {
      float sx = 0, sy = 0;
      to_screen(v.x, v.y, sx, sy);
      pts.push_back({sx, sy});
      dl->AddCircleFilled({sx, sy}, 4.0f, IM_COL32(255, 200, 60, 255));
    }
    pts.push_back(ImGui::GetIO().MousePos);
    dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), IM_COL32(255, 200, 60, 255), ImDrawFlags_None, 2.0f);
  }
  // Start and goal markers.
  auto marker = [&](GridCell c, ImU32 fill, const char* label) {
    float sx = 0, sy = 0;
    to_screen(c.x + 0.5, c.y + 0.5, sx, sy);
    dl->AddCircleFilled({sx, sy}, 10.0f, IM_COL32(0, 0, 0, 255));
    dl->AddCircleFilled({sx, sy}, 8.0f, fill);
    const ImVec2 ts = ImGui::CalcTextSize(label);
    dl->AddText({sx - ts.x * 0.5f, sy - ts.y * 0.5f}, IM_COL32(0, 0, 0, 255), label);
  };
  draw_motion_extras(s, dl);
  marker(s.query().start, IM_COL32(80, 220, 100, 255), "S");
  marker(s.query().goal, IM_COL32(255, 90, 80, 255), "G");
  dl->PopClipRect();
}

void LabView::draw_motion_extras(const LabSession& s, ImDrawList* dl) const {
  // Footprints (a car along hybrid A*'s path): outlines in the layer's colour over a dark halo.
  for (int i = 0; i < s.layer_count(); ++i) {
    const LabEntry& e = s.entry(i);
    if (!e.enabled || !e.answered) continue;
    for (const Polygon& p : e.outcome.footprints) {
      const std::vector<ImVec2> pts = screen_points(p);
      dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), IM_COL32(0, 0, 0, 160), ImDrawFlags_Closed, 3.0f);
      dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), im_colour(e.colour), ImDrawFlags_Closed, 1.5f);
    }
  }
  // The headings at S and G when hybrid A* is shown: arrows out of the markers.
  const int hy = s.find("hybrid_astar");
  if (hy < 0 || !s.entry(hy).enabled) return;
  auto arrow = [&](GridCell c, double heading, ImU32 col) {
    float sx = 0, sy = 0;
    to_screen(c.x + 0.5, c.y + 0.5, sx, sy);
    const float ux = static_cast<float>(std::cos(heading)), uy = -static_cast<float>(std::sin(heading));  // screen y down
    const float len = 26.0f;
    const ImVec2 tip{sx + ux * len, sy + uy * len};
    const ImVec2 l{tip.x - ux * 9.0f - uy * 6.0f, tip.y - uy * 9.0f + ux * 6.0f};
    const ImVec2 r{tip.x - ux * 9.0f + uy * 6.0f, tip.y - uy * 9.0f - ux * 6.0f};
    dl->AddLine({sx, sy}, tip, IM_COL32(0, 0, 0, 255), 5.0f);
    dl->AddTriangleFilled(tip, l, r, IM_COL32(0, 0, 0, 255));
    dl->AddLine({sx, sy}, {tip.x - ux * 3.0f, tip.y - uy * 3.0f}, col, 3.0f);
    dl->AddTriangleFilled({tip.x - ux * 1.5f, tip.y - uy * 1.5f}, {l.x + ux * 1.5f, l.y + uy * 1.5f}, {r.x + ux * 1.5f, r.y + uy * 1.5f}, col);
  };
  arrow(s.query().start, s.query().heading, IM_COL32(80, 220, 100, 255));
  arrow(s.query().goal, s.query().goal_heading, IM_COL32(255, 90, 80, 255));
}

float LabView::legend(const LabSession& s, bool draw) const {
  // What is on the canvas, as a strip of swatches across its top (wrapping), never over the map.
  std::vector<std::pair<ImU32, std::string>> items;
  items.push_back({IM_COL32(80, 220, 100, 255), "S start (left click)"});
  items.push_back({IM_COL32(255, 90, 80, 255), "G goal (right click)"});
  items.push_back({IM_COL32(228, 228, 220, 255), "free cell (bluer: dearer)"});
  items.push_back({IM_COL32(42, 47, 58, 255), "wall"});
  if (!s.map().obstacles.empty()) items.push_back({IM_COL32(255, 200, 60, 255), "drawn polygon"});
  if (const int ff = field_layer(s); show_field_ && ff >= 0)
    items.push_back({IM_COL32(252, 137, 97, 255), "heat map of " + std::string(s.entry(ff).layer->name()) + ": yellow low (near G), purple high"});
  if (const int ov = overlay_layer(s); show_overlay_ && ov >= 0)
    items.push_back({static_cast<ImU32>(im_colour(kOverlay, 130)), "C-space slice: the car's centre may not stand here at S's heading"});
  for (int i = 0; i < s.layer_count(); ++i) {
    const LabEntry& e = s.entry(i);
    if (!e.enabled || !e.answered) continue;
    if (!e.outcome.segments.empty() && i == s.selected())
      items.push_back({im_colour(e.colour, 120), "thin lines: " + std::string(e.layer->name()) + "'s " +
                                                     std::to_string(e.outcome.segments.size()) + " edges"});
    if (!e.outcome.footprints.empty())
      items.push_back({im_colour(e.colour), "boxes: the car along " + std::string(e.layer->name()) + " (arrows: headings)"});
  }
  if (show_expanded_ && s.selected() >= 0 && s.trace_size() > 0) {
    const LabEntry& e = s.entry(s.selected());
    items.push_back({im_colour(e.colour, 120), "cells " + std::string(e.layer->name()) + " expanded (" +
                                                  std::to_string(s.shown_expansions()) + " of " + std::to_string(s.trace_size()) + ")"});
  }
  items.push_back({IM_COL32(0, 0, 0, 0), "lines: paths in the planners' colours (table below)"});
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const float lh = ImGui::GetTextLineHeight() + 6.0f, pad = 8.0f, sw = 14.0f;
  float x = canvas_.x0 + pad, y = 4.0f;
  for (const auto& [colour, text] : items) {
    const float w = sw + 6.0f + ImGui::CalcTextSize(text.c_str()).x + 18.0f;
    if (x + w > canvas_.x1 && x > canvas_.x0 + pad) {
      x = canvas_.x0 + pad;
      y += lh;
    }
    if (draw) {
      if ((colour >> IM_COL32_A_SHIFT) != 0) {
        dl->AddRectFilled({x, y + 3.0f}, {x + sw, y + lh - 7.0f}, colour);
        dl->AddRect({x, y + 3.0f}, {x + sw, y + lh - 7.0f}, IM_COL32(150, 150, 160, 255));
      } else {  // a line swatch
        dl->AddLine({x, y + lh * 0.5f - 2.0f}, {x + sw, y + lh * 0.5f - 2.0f}, IM_COL32(230, 232, 238, 255), 2.5f);
      }
      dl->AddText({x + sw + 6.0f, y}, IM_COL32(230, 232, 238, 255), text.c_str());
    }
    x += w;
  }
  return std::max(y + lh, 4.0f + 2.0f * lh);  // at least two lines, so the map rarely moves
}

}  // namespace racer
