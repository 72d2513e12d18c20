// Sections: colours and scale | backdrop | MenuList | tables | hints.
#include "ui/menu_kit.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "ui/solid_draw.h"

namespace racer {
namespace {

// ---- colours and scale -------------------------------------------------------------------

constexpr ImU32 kAccent = IM_COL32(255, 138, 28, 255);
constexpr ImU32 kAccentDark = IM_COL32(214, 96, 10, 255);
constexpr ImU32 kInk = IM_COL32(240, 242, 246, 255);
constexpr ImU32 kDim = IM_COL32(160, 166, 178, 255);
constexpr ImU32 kDisabled = IM_COL32(100, 104, 112, 255);
// The panel and its rows are opaque (drawn with blending off, ui/solid_draw.h): a
// translucent panel over a moving backdrop costs twice the pixels' time in software GL.
constexpr ImU32 kPanel = IM_COL32(16, 19, 27, 255);
constexpr ImU32 kPanelEdge = IM_COL32(92, 60, 34, 255);  // the accent, dimmed
constexpr ImU32 kRule = IM_COL32(40, 44, 56, 255);       // under each row: the panel, lightened
constexpr ImU32 kBand = IM_COL32(14, 16, 22, 255);       // the chequered band's dark cells
constexpr ImU32 kPlayerRow = IM_COL32(255, 138, 28, 70);

float font_scale(const UiFonts& fonts) { return ui_scale() / fonts.menu_scale; }

float g_motion = 1.0f;  // set_menu_motion: this frame's screen change progress

// The open panel's draw list is split in two channels: 0 takes the solid shapes (the panel,
// the focused row, the rules), 1 everything else (text, arrows, tables), drawn in that order.
// So the solid shapes go to the renderer as one batch: under llvmpipe each switch between
// them and ImGui's textured, blended drawing costs about 25 us, and rows drawn one after the
// other would switch twice a row. Panels never nest, so one splitter serves them all.
ImDrawListSplitter g_splitter;

void solid_channel(ImDrawList* dl, bool solid) { g_splitter.SetCurrentChannel(dl, solid ? 0 : 1); }

/// `c` with its alpha scaled by the screen change's fade-in (opaque once settled).
ImU32 faded(ImU32 c) {
  if (g_motion >= 1.0f) return c;
  const float k = 0.15f + 0.85f * g_motion;
  const auto a = static_cast<ImU32>(static_cast<float>((c >> IM_COL32_A_SHIFT) & 0xFF) * k);
  return (c & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}

// The key hint line (draw_hint): its centre, and the top of its box, in units above the
// bottom of the screen (its text is 0.62 of the menu size: about 18 units high).
constexpr float kHintCentre = 54.0f, kHintTop = kHintCentre + 15.0f;

void arrow(ImDrawList* dl, ImVec2 c, float size, bool right, ImU32 colour) {
  const float h = size * 0.5f;
  if (right) dl->AddTriangleFilled({c.x - h * 0.6f, c.y - h}, {c.x - h * 0.6f, c.y + h}, {c.x + h * 0.7f, c.y}, colour);
  else dl->AddTriangleFilled({c.x + h * 0.6f, c.y - h}, {c.x + h * 0.6f, c.y + h}, {c.x - h * 0.7f, c.y}, colour);
}

}  // namespace

float ui_scale() { return std::max(0.5f, ImGui::GetIO().DisplaySize.y / 720.0f); }
void set_menu_motion(float progress) { g_motion = std::clamp(progress, 0.0f, 1.0f); }
unsigned accent_colour() { return kAccent; }

// ---- backdrop ------------------------------------------------------------------------------

namespace {

// The key hint's plate over the menus' backdrop: what black at alpha 150 (the plate over a
// race) makes of the land, and of the band's rule where the plate reaches down over it.
constexpr int kPlateAlpha = 150;
int g_backdrop_frame = -1;  // ImGui's frame in which draw_menu_backdrop last ran
ImU32 g_plate = 0;
float g_rule_top = 0.0f, g_rule_bottom = 0.0f;

ImU32 darkened(ImU32 c) {
  const auto k = [c](int shift) {
    return static_cast<ImU32>((((c >> shift) & 0xFF) * (255 - kPlateAlpha) + 127) / 255) << shift;
  };
  return k(IM_COL32_R_SHIFT) | k(IM_COL32_G_SHIFT) | k(IM_COL32_B_SHIFT) | IM_COL32_A_MASK;
}

}  // namespace

void draw_menu_backdrop(double t, unsigned land) {
  // Only a chequered band along the bottom, drifting slowly to the right, and an orange
  // rule over it: a dark strip with the light cells over it, all opaque. What lies behind
  // (the track flight or the clear colour) shows everywhere else as it is.
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float s = ui_scale();
  const float cell = 22.0f * s;
  const float top = d.y - 2.0f * cell;
  const float shift = static_cast<float>(std::fmod(t * 12.0, 2.0 * static_cast<double>(cell)));
  add_solid_rect(dl, {0, top - 4.0f * s}, {d.x, top}, kAccentDark);
  g_backdrop_frame = ImGui::GetFrameCount();
  g_plate = darkened(land);
  g_rule_top = top - 4.0f * s;
  g_rule_bottom = top;
  add_solid_rect(dl, {0, top}, d, kBand);
  for (int row = 0; row < 2; ++row) {
    const float y0 = top + static_cast<float>(row) * cell, y1 = y0 + cell;
    const ImU32 light = row == 0 ? IM_COL32(34, 37, 46, 255) : IM_COL32(42, 45, 55, 255);
    for (int col = -2 + row; static_cast<float>(col) * cell + shift < d.x; col += 2) {
      const float x0 = std::max(0.0f, static_cast<float>(col) * cell + shift);
      const float x1 = std::min(d.x, static_cast<float>(col + 1) * cell + shift);
      add_solid_rect(dl, {x0, y0}, {x1, y1}, light);
    }
  }
}

void draw_dim() {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  dl->AddRectFilled({0, 0}, ImGui::GetIO().DisplaySize, IM_COL32(0, 0, 0, 140));
}

// ---- MenuList ------------------------------------------------------------------------------

void MenuList::begin(const char* id, const UiFonts& fonts, const NavInput& nav, const char* heading_text, float width,
                     float centre_y) {
  fonts_ = &fonts;
  nav_ = nav;
  // The first frame of a screen has no row count yet: move without wrapping (end() clamps).
  const int n = last_rows_ > 0 ? last_rows_ : 1 << 20;
  const int before = focus;
  if (nav.up) focus = last_rows_ > 0 ? (focus + n - 1) % n : focus - 1;
  if (nav.down) focus = (focus + 1) % n;
  if (last_rows_ > 0 && focus >= last_rows_) focus = last_rows_ - 1;
  focus = std::max(focus, 0);
  if (focus != before) scroll_to_ = focus;
  rows_ = 0;
  const ImGuiIO& io = ImGui::GetIO();
  mouse_moved_ = io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f;
  const float s = ui_scale();
  const ImVec2 d = io.DisplaySize;
  const float w = std::min(width * s, d.x * 0.94f);
  // The panel stays between a small top margin and the key hint (draw_hint: its box starts
  // 69 units above the bottom); centred at centre_y when it fits there, else moved up or
  // down just enough (its height from the last frame; a screen's first frame is measured
  // in a pass that is not shown). Only content taller than that band scrolls.
  const float top = 10.0f * s, bottom = d.y - kHintTop * s - 8.0f * s;
  const float max_h = std::max(bottom - top, 1.0f);
  const float h = std::min(last_height_, max_h);
  const float centre = std::clamp(d.y * centre_y, top + h * 0.5f, std::max(top + h * 0.5f, bottom - h * 0.5f));
  ImGui::SetNextWindowPos({d.x * 0.5f, centre + (1.0f - g_motion) * 24.0f * s}, ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSizeConstraints({w, 0.0f}, {w, max_h});
  // ImGui draws no background or border: the panel is drawn opaque just below.
  ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_Border, IM_COL32(0, 0, 0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {26.0f * s, 20.0f * s});
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, {8.0f * s, 6.0f * s});
  ImGui::PushStyleVar(ImGuiStyleVar_ScrollbarSize, 8.0f * s);
  ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.15f + 0.85f * g_motion);
  // One window for every menu panel: a new window would be hidden for its first frame
  // while ImGui measures it, so each screen change would flash an empty backdrop.
  (void)id;
  ImGui::Begin("##menu_panel", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoNav);
  {
    // The panel: one opaque rectangle, a one-pixel edge in the dimmed accent and an accent
    // bar along the top.
    ImDrawList* dl = ImGui::GetWindowDrawList();
    g_splitter.Split(dl, 2);
    solid_channel(dl, true);
    const ImVec2 p0 = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    const ImVec2 p1{p0.x + size.x, p0.y + size.y};
    const float e = std::max(1.0f, std::floor(s));
    const float bar = std::floor(4.0f * s);
    add_solid_rect(dl, p0, {p1.x, p0.y + bar}, faded(kAccent));
    add_solid_rect(dl, {p0.x, p0.y + bar}, {p0.x + e, p1.y}, faded(kPanelEdge));
    add_solid_rect(dl, {p1.x - e, p0.y + bar}, p1, faded(kPanelEdge));
    add_solid_rect(dl, {p0.x + e, p1.y - e}, {p1.x - e, p1.y}, faded(kPanelEdge));
    add_solid_rect(dl, {p0.x + e, p0.y + bar}, {p1.x - e, p1.y - e}, faded(kPanel));
    solid_channel(dl, false);
  }
  vtx_start_ = ImGui::GetWindowDrawList()->VtxBuffer.Size;
  const int frame = ImGui::GetFrameCount();
  if (frame != last_frame_ + 1) {  // this list was not on screen last frame: start at its top
    ImGui::SetScrollY(0.0f);
    scroll_to_ = focus;
  }
  last_frame_ = frame;
  ImGui::PushFont(fonts.menu);
  ImGui::SetWindowFontScale(font_scale(fonts));
  if (heading_text != nullptr && heading_text[0] != '\0') {
    ImGui::PushFont(fonts.menu_bold);
    ImGui::SetWindowFontScale(font_scale(fonts) * 1.25f);
    ImGui::PushStyleColor(ImGuiCol_Text, kInk);
    ImGui::TextUnformatted(heading_text);
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::SetWindowFontScale(font_scale(fonts));
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled({p.x, p.y}, {p.x + 64.0f * s, p.y + 4.0f * s}, kAccent, 2.0f * s);
    ImGui::Dummy({1.0f, 14.0f * s});
  }
}

bool MenuList::end() {
  ImGui::PopFont();
  g_splitter.Merge(ImGui::GetWindowDrawList());
  if (g_motion < 1.0f) {  // fading in: the rows and pictures drawn in fixed colours too
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float k = 0.15f + 0.85f * g_motion;
    for (int i = vtx_start_; i < dl->VtxBuffer.Size; ++i) {
      ImU32& c = dl->VtxBuffer[i].col;
      const auto a = static_cast<ImU32>(static_cast<float>((c >> IM_COL32_A_SHIFT) & 0xFF) * k);
      c = (c & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
    }
  }
  last_height_ = ImGui::GetWindowHeight();
  ImGui::End();
  ImGui::PopStyleVar(5);
  ImGui::PopStyleColor(2);
  last_rows_ = rows_;
  if (focus >= rows_ && rows_ > 0) focus = rows_ - 1;
  return nav_.back;
}

bool MenuList::row(const char* id, bool enabled, float& x0, float& y0, float& x1, float& y1, bool& hovered) {
  const int index = rows_++;
  const float s = ui_scale();
  const float h = ImGui::GetFontSize() * 1.7f;
  const float w = ImGui::GetContentRegionAvail().x;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::PushID(index);
  ImGui::InvisibleButton(id, {w, h});
  ImGui::PopID();
  hovered = ImGui::IsItemHovered();
  if (hovered && mouse_moved_ && enabled) focus = index;
  if (scroll_to_ == index) {
    ImGui::SetScrollHereY(0.5f);
    scroll_to_ = -1;
  }
  x0 = p.x, y0 = p.y, x1 = p.x + w, y1 = p.y + h;
  const bool focused = index == focus;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // The focused row in the accent; the others on the panel itself, a thin rule under each
  // (a box per row would fill the panel's pixels twice).
  solid_channel(dl, true);
  if (focused) {
    add_solid_rect(dl, {x0, y0}, {x0 + 6.0f * s, y1}, faded(IM_COL32(255, 230, 190, 255)));
    add_solid_rect(dl, {x0 + 6.0f * s, y0}, {x1, y1}, faded(kAccent), faded(kAccentDark));
  } else {
    const float rule = std::max(1.0f, std::floor(s));
    add_solid_rect(dl, {x0, y1 - rule}, {x1, y1}, faded(kRule));
  }
  solid_channel(dl, false);
  return focused;
}

bool MenuList::button(const char* label, bool enabled) {
  float x0, y0, x1, y1;
  bool hovered = false;
  const bool focused = row(label, enabled, x0, y0, x1, y1, hovered);
  const ImVec2 ts = ImGui::CalcTextSize(label);
  const ImU32 ink = !enabled ? kDisabled : focused ? IM_COL32(20, 14, 8, 255) : kInk;
  ImGui::GetWindowDrawList()->AddText({x0 + 22.0f * ui_scale(), (y0 + y1 - ts.y) * 0.5f}, ink, label);
  if (!enabled) return false;
  return (focused && nav_.confirm) || (hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Left));
}

int MenuList::choice(const char* label, const std::string& value, bool enabled) {
  float x0, y0, x1, y1;
  bool hovered = false;
  const bool focused = row(label, enabled, x0, y0, x1, y1, hovered);
  const float s = ui_scale();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 ls = ImGui::CalcTextSize(label);
  const ImU32 ink = !enabled ? kDisabled : focused ? IM_COL32(20, 14, 8, 255) : kInk;
  const float cy = (y0 + y1) * 0.5f;
  dl->AddText({x0 + 22.0f * s, cy - ls.y * 0.5f}, focused ? ink : kDim, label);
  const ImVec2 vs = ImGui::CalcTextSize(value.c_str());
  const float arrow_w = ImGui::GetFontSize() * 0.9f;
  const float right_arrow_x = x1 - 18.0f * s - arrow_w * 0.5f;
  const float value_right = right_arrow_x - arrow_w;
  const float value_left = value_right - vs.x;
  const float left_arrow_x = value_left - arrow_w;
  dl->AddText({value_left, cy - vs.y * 0.5f}, ink, value.c_str());
  const ImU32 arrows = !enabled ? kDisabled : focused ? IM_COL32(20, 14, 8, 255) : IM_COL32(255, 138, 28, 220);
  arrow(dl, {left_arrow_x, cy}, ImGui::GetFontSize() * 0.6f, false, arrows);
  arrow(dl, {right_arrow_x, cy}, ImGui::GetFontSize() * 0.6f, true, arrows);
  if (!enabled) return 0;
  if (focused && nav_.left) return -1;
  if (focused && (nav_.right || nav_.confirm)) return +1;
  if (hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Left))
    return ImGui::GetIO().MousePos.x < (left_arrow_x + value_left) * 0.5f ? -1 : +1;
  return 0;
}

bool MenuList::field(const char* label, const std::string& value, bool highlight) {
  float x0, y0, x1, y1;
  bool hovered = false;
  const bool focused = row(label, true, x0, y0, x1, y1, hovered);
  const float s = ui_scale();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float cy = (y0 + y1) * 0.5f;
  const ImU32 ink = focused ? IM_COL32(20, 14, 8, 255) : kInk;
  const ImVec2 ls = ImGui::CalcTextSize(label);
  dl->AddText({x0 + 22.0f * s, cy - ls.y * 0.5f}, focused ? ink : kDim, label);
  const ImVec2 vs = ImGui::CalcTextSize(value.c_str());
  const ImU32 value_ink = highlight ? (focused ? IM_COL32(120, 0, 0, 255) : IM_COL32(255, 110, 90, 255)) : ink;
  dl->AddText({x1 - 22.0f * s - vs.x, cy - vs.y * 0.5f}, value_ink, value.c_str());
  return (focused && nav_.confirm) || (hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Left));
}

void MenuList::text(const std::string& t, unsigned colour, float scale) {
  ImGui::SetWindowFontScale(font_scale(*fonts_) * scale);
  ImGui::PushStyleColor(ImGuiCol_Text, colour != 0 ? colour : kDim);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(t.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  ImGui::SetWindowFontScale(font_scale(*fonts_));
}

void MenuList::heading(const char* t) {
  ImGui::Dummy({1.0f, 6.0f * ui_scale()});
  ImGui::PushFont(fonts_->menu_bold);
  ImGui::SetWindowFontScale(font_scale(*fonts_) * 0.8f);
  ImGui::PushStyleColor(ImGuiCol_Text, kAccent);
  ImGui::TextUnformatted(t);
  ImGui::PopStyleColor();
  ImGui::PopFont();
  ImGui::SetWindowFontScale(font_scale(*fonts_));
}

void MenuList::gap(float units) { ImGui::Dummy({1.0f, units * ui_scale()}); }

// ---- tables --------------------------------------------------------------------------------

void menu_table(const char* id, const std::vector<const char*>& header,
                const std::vector<std::vector<std::string>>& rows, int highlight_row) {
  const float s = ui_scale();
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, {12.0f * s, 3.0f * s});
  const bool open = ImGui::BeginTable(id, static_cast<int>(header.size()),
                         ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_PadOuterX | ImGuiTableFlags_RowBg);
  ImGui::PopStyleVar();
  if (!open) return;
  ImGui::PushStyleColor(ImGuiCol_TableRowBg, IM_COL32(255, 255, 255, 6));
  ImGui::PushStyleColor(ImGuiCol_TableRowBgAlt, IM_COL32(255, 255, 255, 14));
  // Fixed columns as wide as their widest cell (measured now: a new table has no
  // auto-fit widths in its first frame).
  for (std::size_t c = 0; c < header.size(); ++c) {
    float w = ImGui::CalcTextSize(header[c]).x;
    for (const auto& row : rows)
      if (c < row.size()) w = std::max(w, ImGui::CalcTextSize(row[c].c_str()).x);
    ImGui::TableSetupColumn(header[c], c == 1 ? ImGuiTableColumnFlags_WidthStretch : ImGuiTableColumnFlags_WidthFixed,
                            c == 1 ? 1.0f : w + 4.0f * s);
  }
  ImGui::TableNextRow(ImGuiTableRowFlags_None, 30.0f * s);
  for (std::size_t c = 0; c < header.size(); ++c) {
    ImGui::TableSetColumnIndex(static_cast<int>(c));
    ImGui::TextColored(ImVec4(1.0f, 0.54f, 0.11f, 1.0f), "%s", header[c]);
  }
  for (std::size_t r = 0; r < rows.size(); ++r) {
    ImGui::TableNextRow(ImGuiTableRowFlags_None, 30.0f * s);
    if (static_cast<int>(r) == highlight_row) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, kPlayerRow);
    for (std::size_t c = 0; c < rows[r].size() && c < header.size(); ++c) {
      ImGui::TableSetColumnIndex(static_cast<int>(c));
      // Podium colours for the first column of the first three rows.
      static const ImVec4 kPodium[] = {{1.0f, 0.82f, 0.25f, 1.0f}, {0.82f, 0.84f, 0.88f, 1.0f}, {0.86f, 0.56f, 0.32f, 1.0f}};
      if (c == 0 && r < 3) ImGui::TextColored(kPodium[r], "%s", rows[r][c].c_str());
      else ImGui::TextUnformatted(rows[r][c].c_str());
    }
  }
  ImGui::PopStyleColor(2);
  ImGui::EndTable();
}

// ---- hints ---------------------------------------------------------------------------------

void draw_hint(const UiFonts& fonts, const std::string& text) {
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float size = fonts.menu_size * font_scale(fonts) * 0.62f;
  const ImVec2 ts = fonts.menu->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
  const float s = ui_scale();
  const ImVec2 at{(d.x - ts.x) * 0.5f, d.y - kHintCentre * s - ts.y * 0.5f};
  const ImVec2 p0{at.x - 14.0f * s, at.y - 6.0f * s}, p1{at.x + ts.x + 14.0f * s, at.y + ts.y + 6.0f * s};
  if (g_backdrop_frame == ImGui::GetFrameCount()) {
    // Over the menus' backdrop: opaque, in the colours the translucent plate gives the land
    // and the rule, down to the rule's lower edge, drawn with the band (blending off, no
    // texture, one batch): a blended, rounded plate is some ten thousand textured, blended
    // pixels and fifty anti-aliased triangles for llvmpipe.
    ImDrawList* bg = ImGui::GetBackgroundDrawList();
    add_solid_rect(bg, p0, {p1.x, std::min(p1.y, g_rule_top)}, g_plate);
    add_solid_rect(bg, {p0.x, g_rule_top}, {p1.x, std::min(p1.y, g_rule_bottom)}, darkened(kAccentDark));
  } else {
    dl->AddRectFilled(p0, p1, IM_COL32(0, 0, 0, kPlateAlpha), 6.0f * s);
  }
  dl->AddText(fonts.menu, size, at, kDim, text.c_str());
}

void draw_title_rule(float x0, float y0, float x1, float y1) {
  add_solid_rect(ImGui::GetBackgroundDrawList(), {x0, y0}, {x1, y1}, kAccent);
}

}  // namespace racer
