// Drawing the RaceHudModel (ui/race_hud.h) with ImGui's draw lists.
// Sections: scale, fonts and colours | primitives | standings (top left) |
// timing (top right) | start lights and banners (top centre) | rev gauge and chips
// (bottom right) | draw_race_hud.
#include "ui/race_hud.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/math.h"
#include "ui/hud_layers.h"
#include "ui/lap_hud.h"

namespace racer {
namespace {

// ---- scale, fonts and colours ----------------------------------------------------------

constexpr float kPi_f = 3.14159265358979f;
constexpr ImU32 kPlate = IM_COL32(12, 14, 20, 190);
constexpr ImU32 kPlateEdge = IM_COL32(255, 255, 255, 34);
constexpr ImU32 kInk = IM_COL32(245, 246, 248, 255);
constexpr ImU32 kDim = IM_COL32(168, 174, 186, 255);
constexpr ImU32 kFaster = IM_COL32(84, 226, 116, 255);
constexpr ImU32 kSlower = IM_COL32(255, 98, 86, 255);
constexpr ImU32 kBest = IM_COL32(196, 148, 255, 255);
constexpr ImU32 kAmber = IM_COL32(255, 196, 60, 255);
constexpr ImU32 kRed = IM_COL32(236, 44, 38, 255);

/// The HUD's parts that seldom change, each a layer of HudLayers (ui/hud_layers.h).
enum class Still { Standings, Timing, Dial, ShiftLights, Aids };

/// Everything the sections share: the draw list, the unit (1 at 720 px high) and fonts.
struct Hud {
  ImDrawList* dl;
  ImVec2 screen;
  float u;          ///< px per design pixel
  ImFont* label;    ///< bold labels
  ImFont* numbers;  ///< big bold numbers
  ImFont* text;     ///< regular text
  double clock;
  HudLayers* layers;  ///< null: the still parts go into dl too
  float px(float design) const { return design * u; }
  /// This Hud drawing into the layer of `part` (dl without layers). A still part lies under
  /// the live ones drawn into dl, so it must not be drawn over one of them.
  Hud still(Still part) const {
    Hud h = *this;
    if (layers != nullptr) h.dl = layers->layer(static_cast<int>(part));
    return h;
  }
};

ImU32 with_alpha(ImU32 c, float a) {
  const auto alpha = static_cast<unsigned>(std::clamp(a, 0.0f, 1.0f) * static_cast<float>((c >> IM_COL32_A_SHIFT) & 0xFF));
  return (c & ~IM_COL32_A_MASK) | (alpha << IM_COL32_A_SHIFT);
}

ImU32 lerp_colour(ImU32 a, ImU32 b, float t) {
  const ImVec4 x = ImGui::ColorConvertU32ToFloat4(a), y = ImGui::ColorConvertU32ToFloat4(b);
  return ImGui::ColorConvertFloat4ToU32({x.x + (y.x - x.x) * t, x.y + (y.y - x.y) * t, x.z + (y.z - x.z) * t,
                                         x.w + (y.w - x.w) * t});
}

// ---- primitives -------------------------------------------------------------------------

ImVec2 measure(ImFont* f, float size, const std::string& s) { return f->CalcTextSizeA(size, FLT_MAX, 0.0f, s.c_str()); }

/// Text with a soft drop shadow; `at` is its top left.
void text(const Hud& h, ImFont* f, float size, ImVec2 at, ImU32 colour, const std::string& s) {
  const float off = std::max(1.0f, h.px(1.5f));
  h.dl->AddText(f, size, {at.x + off, at.y + off}, with_alpha(IM_COL32(0, 0, 0, 160), static_cast<float>((colour >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f), s.c_str());
  h.dl->AddText(f, size, at, colour, s.c_str());
}

/// Text right-aligned at `right`.
void text_right(const Hud& h, ImFont* f, float size, float right, float y, ImU32 colour, const std::string& s) {
  text(h, f, size, {right - measure(f, size, s).x, y}, colour, s);
}

void text_centred(const Hud& h, ImFont* f, float size, float cx, float y, ImU32 colour, const std::string& s) {
  text(h, f, size, {cx - measure(f, size, s).x / 2.0f, y}, colour, s);
}

/// The dark glass every block sits on, with a thin light rim.
void plate(const Hud& h, ImVec2 lo, ImVec2 hi, float alpha = 1.0f, ImU32 fill = kPlate) {
  const float r = h.px(9.0f);
  h.dl->AddRectFilled(lo, hi, with_alpha(fill, alpha), r);
  h.dl->AddRect(lo, hi, with_alpha(kPlateEdge, alpha), r, 0, std::max(1.0f, h.px(1.0f)));
}

/// A chequered strip (the flag) in [lo, hi], squares of side `cell`.
void checker(const Hud& h, ImVec2 lo, ImVec2 hi, float cell, float alpha) {
  const int cols = std::max(1, static_cast<int>((hi.x - lo.x) / cell)), rows = std::max(1, static_cast<int>((hi.y - lo.y) / cell));
  const float cw = (hi.x - lo.x) / static_cast<float>(cols), ch = (hi.y - lo.y) / static_cast<float>(rows);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const ImVec2 a{lo.x + static_cast<float>(c) * cw, lo.y + static_cast<float>(r) * ch};
      h.dl->AddRectFilled(a, {a.x + cw, a.y + ch},
                          (r + c) % 2 == 0 ? with_alpha(IM_COL32(245, 245, 245, 255), alpha) : with_alpha(IM_COL32(16, 16, 18, 255), alpha));
    }
}

/// A pill-shaped tag, at least `min_w` wide, text centred; returns its width. `right`: x
/// of its right end.
float chip(const Hud& h, float right, float y, const std::string& s, ImU32 fill, ImU32 edge, ImU32 ink, float min_w = 0.0f) {
  const float size = h.px(15.0f);
  const ImVec2 ts = measure(h.label, size, s);
  const float w = std::max(min_w, ts.x + h.px(18.0f)), ht = h.px(26.0f);
  const ImVec2 lo{right - w, y}, hi{right, y + ht};
  h.dl->AddRectFilled(lo, hi, fill, ht / 2.0f);
  h.dl->AddRect(lo, hi, edge, ht / 2.0f, 0, std::max(1.0f, h.px(1.5f)));
  h.dl->AddText(h.label, size, {lo.x + (w - ts.x) / 2.0f, lo.y + (ht - ts.y) / 2.0f}, ink, s.c_str());
  return w;
}

// ---- standings (top left) ------------------------------------------------------------------

/// A gap row: an arrow (up = the car ahead), the driver, the interval.
void gap_row(const Hud& h, float x, float right, float y, const HudGap& g, bool ahead) {
  const float size = h.px(17.0f), row = h.px(24.0f);
  const float cx = x + h.px(7.0f), cy = y + row / 2.0f, s = h.px(6.0f);
  const ImU32 arrow = ahead ? IM_COL32(255, 170, 70, 255) : IM_COL32(90, 190, 255, 255);
  if (ahead) h.dl->AddTriangleFilled({cx - s, cy + s * 0.6f}, {cx + s, cy + s * 0.6f}, {cx, cy - s * 0.9f}, arrow);
  else h.dl->AddTriangleFilled({cx - s, cy - s * 0.6f}, {cx + s, cy - s * 0.6f}, {cx, cy + s * 0.9f}, arrow);
  const std::string value = format_gap(g);
  const float vw = measure(h.label, size, value).x;
  std::string name = g.name;
  const float name_room = right - vw - h.px(10.0f) - (x + h.px(22.0f));
  while (!name.empty() && measure(h.text, size, name).x > name_room) name.pop_back();
  text(h, h.text, size, {x + h.px(22.0f), y + (row - measure(h.text, size, "A").y) / 2.0f}, kDim, name);
  text_right(h, h.label, size, right, y + (row - measure(h.label, size, "A").y) / 2.0f, kInk, value);
}

/// The widest `pattern` with every '#' one digit, the same digit throughout (proportional
/// fonts: '1' is narrow), so a block sized by it holds any number of that shape.
float widest_number(ImFont* f, float size, const std::string& pattern) {
  float w = 0.0f;
  for (char d = '0'; d <= '9'; ++d) {
    std::string s = pattern;
    std::replace(s.begin(), s.end(), '#', d);
    w = std::max(w, measure(f, size, s).x);
  }
  return w;
}

/// '#' once per digit of n (n >= 0).
std::string digits_of(int n) { return std::string(std::to_string(std::max(0, n)).size(), '#'); }

/// Before the start a race shows lap 1 of N; an open-ended run shows "-" until the line.
std::string lap_text(const RaceHudModel& m) {
  const int lap_n = m.lap > 0 ? m.lap : (m.laps > 0 ? 1 : 0);
  return lap_n > 0 ? std::to_string(lap_n) + (m.laps > 0 ? "/" + std::to_string(m.laps) : "") : "-";
}

// The standings block's sizes, design px (times Hud::u).
constexpr float kStandingsPad = 14.0f, kPositionSize = 60.0f, kFieldSize = 28.0f, kLapSize = 34.0f,
                kLapLabelSize = 14.0f, kFlagRoom = 10.0f + 24.0f, kColumnGap = 24.0f;

StandingsLayout layout_standings(const Hud& h, const RaceHudModel& m) {
  StandingsLayout l;
  l.left = h.px(18.0f);
  const float pad = h.px(kStandingsPad), x = l.left + pad;
  // The lap column: its label, and the widest lap n/N of this race with room for the flag.
  const std::string lap = lap_text(m);
  const float lap_w = m.laps > 0 ? widest_number(h.numbers, h.px(kLapSize), digits_of(m.laps) + "/" + digits_of(m.laps))
                                 : measure(h.numbers, h.px(kLapSize), lap).x;
  const float column_w = std::max(measure(h.label, h.px(kLapLabelSize), "FINAL LAP").x, lap_w + h.px(kFlagRoom));
  if (m.position > 0) {
    // "P12" big, "/12" smaller: sized for the field's widest numbers, so the lap column
    // stays put as the position changes and never runs into it.
    const float pos_w = widest_number(h.numbers, h.px(kPositionSize), "P" + digits_of(std::max(m.position, m.car_count)));
    const float of_w = m.car_count > 0 ? widest_number(h.label, h.px(kFieldSize), "/" + digits_of(m.car_count)) : 0.0f;
    l.position_right = x + pos_w + h.px(2.0f) + of_w;
    l.lap_x = std::max(l.left + h.px(144.0f), l.position_right + h.px(kColumnGap));
    l.width = std::max(h.px(250.0f), l.lap_x + column_w + pad - l.left);
  } else {
    l.position_right = x;
    l.lap_x = x;
    l.width = std::max(h.px(130.0f), column_w + 2.0f * pad);
  }
  l.lap_right = l.lap_x + column_w;
  return l;
}

void draw_standings(const Hud& h, const RaceHudModel& m) {
  const std::string pos = m.position > 0 ? "P" + std::to_string(m.position) : "";
  const std::string of = m.position > 0 && m.car_count > 0 ? "/" + std::to_string(m.car_count) : "";
  const std::string lap = lap_text(m);
  const StandingsLayout l = layout_standings(h, m);
  const bool gaps = m.gap_ahead.has_value() || m.gap_behind.has_value();
  const float pad = h.px(kStandingsPad), width = l.width;
  const float big = h.px(kPositionSize), lap_size = h.px(kLapSize), small = h.px(kLapLabelSize);
  const float top_h = std::max(measure(h.numbers, big, "P0").y, small + lap_size * 1.1f);
  float height = pad + top_h + pad * 0.6f;
  if (gaps) height += h.px(8.0f) + h.px(24.0f) * static_cast<float>((m.gap_ahead ? 1 : 0) + (m.gap_behind ? 1 : 0));
  const ImVec2 lo{l.left, h.px(18.0f)}, hi{lo.x + width, lo.y + height};
  const Hud still = h.still(Still::Standings);
  plate(still, lo, hi);

  float x = lo.x + pad;
  const float y = lo.y + pad * 0.7f;
  if (m.position > 0) {
    // "P3" big, "/8" smaller on the same baseline.
    const ImU32 pos_colour = m.finished && m.position == 1 ? IM_COL32(255, 214, 90, 255) : kInk;
    text(h, h.numbers, big, {x, y}, pos_colour, pos);
    const ImVec2 ps = measure(h.numbers, big, pos);
    const float of_size = h.px(kFieldSize);
    text(h, h.label, of_size, {x + ps.x + h.px(2.0f), y + ps.y * 0.80f - of_size}, kDim, of);
    x = l.lap_x;
    still.dl->AddLine({x - h.px(12.0f), y + h.px(8.0f)}, {x - h.px(12.0f), y + top_h - h.px(6.0f)}, kPlateEdge, std::max(1.0f, h.px(1.0f)));
  }
  // LAP n/N, with the flag state under it.
  const ImU32 lap_colour = m.finished ? kDim : m.last_lap ? IM_COL32(255, 255, 255, 255) : kInk;
  text(still, h.label, small, {x, y + h.px(6.0f)}, kDim, m.last_lap ? "FINAL LAP" : "LAP");
  text(h, h.numbers, lap_size, {x, y + h.px(6.0f) + small * 1.15f}, lap_colour, lap);
  if (m.chequered || m.finished) {
    const float lw = measure(h.numbers, lap_size, lap).x;
    const float cs = h.px(6.0f);
    const ImVec2 c0{x + lw + h.px(10.0f), y + h.px(6.0f) + small * 1.15f + h.px(6.0f)};
    checker(h, c0, {c0.x + cs * 4.0f, c0.y + cs * 3.0f}, cs, 1.0f);
  } else if (m.last_lap) {
    const float lw = measure(h.numbers, lap_size, lap).x;
    const ImVec2 c0{x + lw + h.px(10.0f), y + h.px(6.0f) + small * 1.15f + h.px(6.0f)};
    h.dl->AddRectFilled(c0, {c0.x + h.px(22.0f), c0.y + h.px(16.0f)}, IM_COL32(250, 250, 250, 255), h.px(2.0f));  // white flag
  }
  if (!gaps) return;
  float gy = lo.y + pad + top_h + h.px(2.0f);
  still.dl->AddLine({lo.x + pad, gy}, {hi.x - pad, gy}, kPlateEdge, std::max(1.0f, h.px(1.0f)));
  gy += h.px(4.0f);
  if (m.gap_ahead) {
    gap_row(h, lo.x + pad, hi.x - pad, gy, *m.gap_ahead, true);
    gy += h.px(24.0f);
  }
  if (m.gap_behind) gap_row(h, lo.x + pad, hi.x - pad, gy, *m.gap_behind, false);
}

// ---- timing (top right) --------------------------------------------------------------------

void draw_timing(const Hud& h, const RaceHudModel& m) {
  const float pad = h.px(14.0f), width = h.px(262.0f);
  const float small = h.px(14.0f), row = h.px(17.0f), clock = h.px(40.0f);
  const float title_h = m.title.empty() ? 0.0f : small * 1.5f;
  const float clock_h = measure(h.numbers, clock, "0").y;
  const float height = pad * 0.8f + title_h + small * 1.2f + clock_h + h.px(10.0f) + 2.0f * row * 1.35f + pad * 0.7f;
  const float right = h.screen.x - h.px(18.0f);
  const ImVec2 lo{right - width, h.px(18.0f)}, hi{right, lo.y + height};
  const Hud still = h.still(Still::Timing);
  plate(still, lo, hi);
  const float x = lo.x + pad, r = hi.x - pad;
  float y = lo.y + pad * 0.8f;
  if (!m.title.empty()) {
    std::string t = m.title;
    while (!t.empty() && measure(h.text, small, t).x > r - x) t.pop_back();
    text(still, h.text, small, {x, y}, kDim, t);
    y += title_h;
  }
  text(still, h.label, small, {x, y}, kDim, "LAP TIME");
  y += small * 1.2f;
  const bool running = m.current_lap_s.has_value();
  text_right(h, h.numbers, clock, r, y, running ? kInk : kDim, format_lap_time(running ? *m.current_lap_s : 0.0));
  y += clock_h + h.px(6.0f);
  still.dl->AddLine({x, y}, {r, y}, kPlateEdge, std::max(1.0f, h.px(1.0f)));
  y += h.px(6.0f);

  const float label_w = h.px(52.0f);
  // LAST with its delta to the best before it.
  text(still, h.label, row, {x, y}, kDim, "LAST");
  text(h, h.label, row, {x + label_w, y}, m.last_lap_s ? kInk : kDim, m.last_lap_s ? format_lap_time(*m.last_lap_s) : "-:--.---");
  if (m.last_lap_delta_s) {
    const double d = *m.last_lap_delta_s;
    const ImU32 c = d <= 0.0 ? kFaster : kSlower;
    const std::string s = format_delta(d);
    const ImVec2 ds = measure(h.label, row * 0.95f, s);
    const ImVec2 blo{r - ds.x - h.px(10.0f), y - h.px(2.0f)}, bhi{r, y + ds.y + h.px(2.0f)};
    h.dl->AddRectFilled(blo, bhi, with_alpha(c, 0.22f), h.px(4.0f));
    h.dl->AddText(h.label, row * 0.95f, {blo.x + h.px(5.0f), y}, c, s.c_str());
  }
  y += row * 1.35f;
  text(still, h.label, row, {x, y}, kDim, "BEST");
  text(h, h.label, row, {x + label_w, y}, m.best_lap_s ? kBest : kDim, m.best_lap_s ? format_lap_time(*m.best_lap_s) : "-:--.---");
}

// ---- start lights and banners (top centre) -------------------------------------------------

/// The gantry: one pod per light, two lamps each; returns its bottom edge.
float draw_lights(const Hud& h, const RaceHudModel& m) {
  const int n = std::clamp(m.lights_count, 1, 10);
  const float r = h.px(19.0f), pod_w = h.px(54.0f), gap = h.px(10.0f), pod_h = h.px(104.0f);
  const float total = static_cast<float>(n) * pod_w + static_cast<float>(n - 1) * gap;
  const float x0 = (h.screen.x - total) / 2.0f, y0 = h.px(18.0f);
  // The beam the pods hang from.
  h.dl->AddRectFilled({x0 - h.px(16.0f), y0 + h.px(14.0f)}, {x0 + total + h.px(16.0f), y0 + h.px(30.0f)}, IM_COL32(24, 26, 30, 235), h.px(4.0f));
  for (int i = 0; i < n; ++i) {
    const float px0 = x0 + static_cast<float>(i) * (pod_w + gap);
    const ImVec2 lo{px0, y0}, hi{px0 + pod_w, y0 + pod_h};
    h.dl->AddRectFilled(lo, hi, IM_COL32(14, 15, 18, 245), h.px(10.0f));
    h.dl->AddRect(lo, hi, IM_COL32(70, 72, 80, 255), h.px(10.0f), 0, std::max(1.0f, h.px(1.5f)));
    const bool lit = m.lights_out || i < m.lights_lit;
    const ImU32 on = m.lights_out ? IM_COL32(60, 235, 90, 255) : IM_COL32(255, 36, 28, 255);
    for (int k = 0; k < 2; ++k) {
      const ImVec2 c{px0 + pod_w / 2.0f, y0 + h.px(27.0f) + static_cast<float>(k) * h.px(50.0f)};
      if (lit) {
        h.dl->AddCircleFilled(c, r * 1.45f, with_alpha(on, 0.22f), 32);  // glow
        h.dl->AddCircleFilled(c, r, on, 32);
        h.dl->AddCircleFilled({c.x - r * 0.3f, c.y - r * 0.3f}, r * 0.35f, IM_COL32(255, 255, 255, 90), 16);
      } else {
        h.dl->AddCircleFilled(c, r, IM_COL32(40, 16, 16, 255), 32);
        h.dl->AddCircle(c, r, IM_COL32(70, 40, 40, 255), 32, std::max(1.0f, h.px(1.0f)));
      }
    }
  }
  float bottom = y0 + pod_h;
  if (m.lights_out) {
    const float size = h.px(40.0f);
    text_centred(h, h.numbers, size, h.screen.x / 2.0f, bottom + h.px(8.0f), IM_COL32(80, 240, 110, 255), "GO!");
    bottom += h.px(8.0f) + measure(h.numbers, size, "GO!").y;
  }
  return bottom;
}

/// Alpha of a message from its age: in over 0.15 s, full to 2.5 s, out by 3 s.
float message_alpha(const HudMessage& msg) {
  const double a = clamp01(msg.age_s / 0.15) * clamp01((3.0 - msg.age_s) / 0.5);
  return static_cast<float>(msg.age_s <= 0.0 ? 1.0 : a);
}

/// One banner centred at the top; returns its bottom edge.
float banner(const Hud& h, float y, const HudMessage& msg) {
  float alpha = message_alpha(msg);
  if (alpha <= 0.01f) return y;
  if (msg.flash && std::fmod(h.clock, 0.8) >= 0.5) alpha *= 0.55f;
  ImU32 fill = kPlate, edge = IM_COL32(170, 174, 186, 200), ink = kInk;
  switch (msg.tone) {
    case HudTone::Good: fill = IM_COL32(20, 96, 50, 235), edge = IM_COL32(100, 230, 140, 255); break;
    case HudTone::Warning: fill = IM_COL32(150, 98, 8, 235), edge = IM_COL32(255, 204, 70, 255); break;
    case HudTone::Alert: fill = IM_COL32(170, 22, 20, 240), edge = IM_COL32(255, 130, 118, 255); break;
    case HudTone::Info: break;
  }
  const bool loud = msg.tone == HudTone::Alert;
  const float size = h.px(loud ? 30.0f : 21.0f);
  ImFont* f = loud ? h.numbers : h.label;
  const ImVec2 ts = measure(f, size, msg.text);
  const float padx = h.px(22.0f), pady = h.px(8.0f);
  const ImVec2 lo{(h.screen.x - ts.x) / 2.0f - padx, y}, hi{(h.screen.x + ts.x) / 2.0f + padx, y + ts.y + 2.0f * pady};
  h.dl->AddRectFilled(lo, hi, with_alpha(fill, alpha), h.px(8.0f));
  h.dl->AddRect(lo, hi, with_alpha(edge, alpha), h.px(8.0f), 0, std::max(1.0f, h.px(2.0f)));
  text(h, f, size, {lo.x + padx, lo.y + pady}, with_alpha(ink, alpha), msg.text);
  return hi.y;
}

/// The big "FINISHED" board with the position, under a chequered band.
float draw_finish_board(const Hud& h, const RaceHudModel& m, float y) {
  const std::string title = "FINISHED";
  const std::string sub = m.position > 0 ? "P" + std::to_string(m.position) + (m.car_count > 0 ? " of " + std::to_string(m.car_count) : "") : "";
  const float big = h.px(46.0f), small = h.px(24.0f);
  const ImVec2 ts = measure(h.numbers, big, title), ss = measure(h.label, small, sub);
  const float w = std::max(ts.x, ss.x) + h.px(80.0f), band = h.px(12.0f);
  const float height = band + h.px(10.0f) + ts.y + (sub.empty() ? 0.0f : ss.y + h.px(4.0f)) + h.px(12.0f) + band;
  const ImVec2 lo{(h.screen.x - w) / 2.0f, y}, hi{(h.screen.x + w) / 2.0f, y + height};
  h.dl->AddRectFilled(lo, hi, IM_COL32(12, 14, 20, 225), h.px(6.0f));
  checker(h, lo, {hi.x, lo.y + band}, band / 2.0f, 1.0f);
  checker(h, {lo.x, hi.y - band}, hi, band / 2.0f, 1.0f);
  float ty = lo.y + band + h.px(8.0f);
  text_centred(h, h.numbers, big, h.screen.x / 2.0f, ty, kInk, title);
  ty += ts.y + h.px(2.0f);
  if (!sub.empty()) text_centred(h, h.label, small, h.screen.x / 2.0f, ty, m.position == 1 ? IM_COL32(255, 214, 90, 255) : kDim, sub);
  return hi.y;
}

void draw_centre(const Hud& h, const RaceHudModel& m) {
  float y = h.px(18.0f);
  if (m.lights_visible) y = draw_lights(h, m) + h.px(10.0f);
  if (m.finished) y = draw_finish_board(h, m, y) + h.px(10.0f);
  // The newest three messages, newest on top.
  int shown = 0;
  for (auto it = m.messages.rbegin(); it != m.messages.rend() && shown < 3; ++it) {
    if (message_alpha(*it) <= 0.01f) continue;
    y = banner(h, y, *it) + h.px(8.0f);
    ++shown;
  }
}

// ---- rev gauge and chips (bottom right) ----------------------------------------------------

constexpr float kArcStart = 0.75f * kPi_f;  // bottom left (screen angles: clockwise)
constexpr float kArcEnd = 2.25f * kPi_f;    // bottom right, over the top

void arc(const Hud& h, ImVec2 c, float r, float a0, float a1, ImU32 colour, float thickness) {
  if (a1 <= a0) return;
  const int segs = std::max(4, static_cast<int>((a1 - a0) / (kPi_f * 2.0f) * 96.0f));
  h.dl->PathArcTo(c, r, a0, a1, segs);
  h.dl->PathStroke(colour, 0, thickness);
}

const char* gear_text(int gear) {
  static const char* kForward[] = {"1", "2", "3", "4", "5", "6", "7", "8", "9"};
  if (gear < 0) return "R";
  if (gear == 0) return "N";
  return gear <= 9 ? kForward[gear - 1] : "9+";
}

/// The gauge centred at c with radius r; returns the top of the shift lights.
float draw_gauge(const Hud& h, const RaceHudModel& m, ImVec2 c, float r) {
  const double max_rpm = std::max(1000.0, m.max_rpm);
  auto angle = [&](double rpm) {
    return kArcStart + (kArcEnd - kArcStart) * static_cast<float>(std::clamp(rpm / max_rpm, 0.0, 1.0));
  };
  // The dial.
  const Hud face = h.still(Still::Dial);
  face.dl->AddCircleFilled(c, r + h.px(14.0f), IM_COL32(12, 14, 20, 222), 64);
  face.dl->AddCircle(c, r + h.px(14.0f), kPlateEdge, 64, std::max(1.0f, h.px(1.0f)));
  const float band = h.px(11.0f);
  arc(face, c, r, kArcStart, kArcEnd, IM_COL32(58, 62, 72, 255), band);
  arc(face, c, r, angle(m.redline_rpm), kArcEnd, IM_COL32(120, 24, 22, 255), band);  // the red zone, dim
  // The revs: white, warming to amber toward the redline, red past it.
  const double rpm = std::clamp(m.rpm, 0.0, max_rpm);
  const double warm_from = 0.8 * m.redline_rpm;
  const float a_now = angle(rpm);
  arc(h, c, r, kArcStart, std::min(a_now, angle(warm_from)), IM_COL32(236, 240, 246, 255), band);
  if (rpm > warm_from) {
    const float t = static_cast<float>(clamp01((rpm - warm_from) / std::max(1.0, m.redline_rpm - warm_from)));
    arc(h, c, r, angle(warm_from), std::min(a_now, angle(m.redline_rpm)), lerp_colour(IM_COL32(236, 240, 246, 255), kAmber, t), band);
  }
  if (rpm > m.redline_rpm) arc(h, c, r, angle(m.redline_rpm), a_now, kRed, band);
  // The needle's tip: a bright tick across the band.
  const ImVec2 dir{std::cos(a_now), std::sin(a_now)};
  h.dl->AddLine({c.x + dir.x * (r - band * 0.9f), c.y + dir.y * (r - band * 0.9f)},
                {c.x + dir.x * (r + band * 0.9f), c.y + dir.y * (r + band * 0.9f)}, IM_COL32(255, 255, 255, 255),
                std::max(2.0f, h.px(3.0f)));
  // Ticks and numbers every 1000 rpm, minor ticks at 500.
  const float num_size = h.px(14.0f);
  for (int k = 0; k * 500 <= static_cast<int>(max_rpm); ++k) {
    const double v = k * 500.0;
    const float a = angle(v);
    const ImVec2 d{std::cos(a), std::sin(a)};
    const bool major = k % 2 == 0;
    const float r0 = r - band * 0.5f - h.px(major ? 9.0f : 5.0f), r1 = r - band * 0.5f - h.px(2.0f);
    const ImU32 tc = v >= m.redline_rpm ? IM_COL32(255, 90, 80, 255) : IM_COL32(200, 204, 214, 255);
    h.dl->AddLine({c.x + d.x * r0, c.y + d.y * r0}, {c.x + d.x * r1, c.y + d.y * r1}, tc, std::max(1.0f, h.px(major ? 2.0f : 1.0f)));
    if (major) {
      const std::string s = std::to_string(k / 2);
      const ImVec2 ts = measure(h.label, num_size, s);
      const float rn = r0 - h.px(10.0f);
      h.dl->AddText(h.label, num_size, {c.x + d.x * rn - ts.x / 2.0f, c.y + d.y * rn - ts.y / 2.0f}, tc, s.c_str());
    }
  }
  // Speed in the middle, the unit under it, the gear in the opening at the bottom.
  char speed[16];
  std::snprintf(speed, sizeof speed, "%.0f", std::floor(mps_to_kmh(m.speed_mps) + 0.5));
  const float speed_size = h.px(50.0f);
  const ImVec2 ss = measure(h.numbers, speed_size, speed);
  text(h, h.numbers, speed_size, {c.x - ss.x / 2.0f, c.y - ss.y * 0.72f}, kInk, speed);
  text_centred(face, h.label, h.px(13.0f), c.x, c.y + ss.y * 0.26f, kDim, "km/h");
  const float gear_size = h.px(38.0f);
  const char* g = gear_text(m.gear);
  const ImVec2 gs = measure(h.numbers, gear_size, "8");
  const ImU32 gear_colour = m.gear < 0 ? IM_COL32(255, 120, 90, 255) : m.automatic ? kAmber : IM_COL32(120, 184, 255, 255);
  const ImVec2 glo{c.x - gs.x / 2.0f - h.px(10.0f), c.y + r * 0.50f}, ghi{c.x + gs.x / 2.0f + h.px(10.0f), c.y + r * 0.50f + gs.y + h.px(2.0f)};
  h.dl->AddRectFilled(glo, ghi, IM_COL32(0, 0, 0, 150), h.px(6.0f));
  h.dl->AddRect(glo, ghi, gear_colour, h.px(6.0f), 0, std::max(1.5f, h.px(2.0f)));
  text_centred(h, h.numbers, gear_size, c.x, glo.y + h.px(1.0f), gear_colour, g);
  text_centred(face, h.label, h.px(11.0f), c.x, c.y - r * 0.52f, IM_COL32(150, 156, 168, 255), "x1000 rpm");

  // Shift lights above the dial: green, amber, red, filling over the last 1500 rpm before
  // the redline; all flashing blue when it is time to change up.
  const int leds = 9;
  const float led_r = h.px(6.5f), led_gap = h.px(18.0f);
  const float strip_w = static_cast<float>(leds - 1) * led_gap;
  const float ly = c.y - r - h.px(14.0f) - h.px(20.0f);
  const ImVec2 slo{c.x - strip_w / 2.0f - h.px(14.0f), ly - led_r - h.px(7.0f)}, shi{c.x + strip_w / 2.0f + h.px(14.0f), ly + led_r + h.px(7.0f)};
  ImDrawList* strip = h.still(Still::ShiftLights).dl;
  strip->AddRectFilled(slo, shi, kPlate, (shi.y - slo.y) / 2.0f);
  const double from = m.redline_rpm - 1500.0;
  const bool flash_on = m.shift_light && std::fmod(m.clock_s, 0.16) < 0.08;
  for (int i = 0; i < leds; ++i) {
    const ImVec2 p{c.x - strip_w / 2.0f + static_cast<float>(i) * led_gap, ly};
    const double at = from + 1500.0 * (i + 1) / leds;
    ImU32 colour = i < 4 ? IM_COL32(60, 230, 90, 255) : i < 7 ? kAmber : kRed;
    bool lit = m.gear > 0 && m.rpm >= at;
    if (m.shift_light) {
      lit = true;  // all on; the colour flashes
      colour = flash_on ? IM_COL32(90, 170, 255, 255) : kRed;
    }
    if (lit) {
      strip->AddCircleFilled(p, led_r * 1.6f, with_alpha(colour, 0.25f), 20);
      strip->AddCircleFilled(p, led_r, colour, 20);
    } else {
      strip->AddCircleFilled(p, led_r, IM_COL32(46, 48, 54, 255), 20);
    }
  }
  return slo.y;
}

/// ABS, TCS and the gearbox as a column of chips ending at `right`, bottom at `bottom`.
void draw_aids(const Hud& h, const RaceHudModel& m, float right, float bottom) {
  struct Tag {
    std::string text;
    ImU32 fill, edge, ink;
  };
  const Tag on_tag{"", IM_COL32(24, 84, 46, 230), IM_COL32(90, 200, 120, 255), IM_COL32(235, 255, 240, 255)};
  const Tag acting{"", IM_COL32(150, 100, 10, 240), IM_COL32(255, 200, 60, 255), IM_COL32(255, 250, 230, 255)};
  const Tag off{"", IM_COL32(70, 22, 20, 215), IM_COL32(200, 80, 70, 230), IM_COL32(255, 196, 190, 255)};
  const Tag info{"", IM_COL32(26, 56, 110, 230), IM_COL32(110, 160, 255, 255), IM_COL32(230, 240, 255, 255)};
  auto state = [&](bool is_on, bool is_acting) { return !is_on ? off : is_acting ? acting : on_tag; };
  std::vector<Tag> tags;
  Tag t = state(m.abs_on, m.abs_active);
  t.text = m.abs_on ? "ABS" : "ABS OFF";
  tags.push_back(t);
  t = state(m.tcs_on, m.tcs_active);
  t.text = m.tcs_on ? "TCS" : "TCS OFF";
  tags.push_back(t);
  t = m.automatic ? on_tag : info;
  t.text = m.automatic ? "AUTO" : "MANUAL";
  tags.push_back(t);
  if (m.damage > 0.0) {
    char d[64];
    std::snprintf(d, sizeof d, "DAMAGE %.0f%%%s%s", 100.0 * clamp01(m.damage), m.damage_text.empty() ? "" : " ",
                  m.damage_text.c_str());
    tags.push_back({d, IM_COL32(110, 30, 24, 235), IM_COL32(255, 120, 90, 255), IM_COL32(255, 230, 220, 255)});
  }
  float y = bottom - h.px(26.0f);
  const float w = measure(h.label, h.px(15.0f), "MANUAL").x + h.px(18.0f);  // one width for the column
  const Hud still = h.still(Still::Aids);
  for (const Tag& tag : tags) {
    chip(still, right, y, tag.text, tag.fill, tag.edge, tag.ink, w);
    y -= h.px(32.0f);
  }
}

}  // namespace

// ---- draw_race_hud -----------------------------------------------------------------------------

namespace {

Hud make_hud(ImDrawList* dl, const RaceHudModel& model, ImVec2 display_size, const UiFonts& fonts, HudLayers* layers = nullptr) {
  ImFont* fallback = fonts.text != nullptr ? fonts.text : ImGui::GetFont();
  const float u = std::max(0.25f, std::min(display_size.x / 1280.0f, display_size.y / 720.0f));
  return Hud{dl,
             display_size,
             u,
             fonts.menu_bold != nullptr ? fonts.menu_bold : fallback,
             fonts.title != nullptr ? fonts.title : (fonts.big != nullptr ? fonts.big : fallback),
             fonts.menu != nullptr ? fonts.menu : fallback,
             model.clock_s,
             layers};
}

}  // namespace

StandingsLayout standings_layout(const RaceHudModel& model, ImVec2 display_size, const UiFonts& fonts) {
  return layout_standings(make_hud(nullptr, model, display_size, fonts), model);
}

void draw_race_hud(const RaceHudModel& model, ImVec2 display_size, const UiFonts& fonts, ImDrawList* draw_list,
                   HudLayers* layers) {
  ImDrawList* dl = draw_list != nullptr ? draw_list : ImGui::GetForegroundDrawList();
  if (layers != nullptr) layers->add_to(dl);  // the still parts' copies, under the rest
  const Hud h = make_hud(dl, model, display_size, fonts, layers);
  draw_standings(h, model);
  draw_timing(h, model);
  const float r = h.px(96.0f);
  const ImVec2 c{display_size.x - h.px(18.0f) - h.px(14.0f) - r, display_size.y - h.px(18.0f) - h.px(14.0f) - r * 0.92f};
  draw_gauge(h, model, c, r);
  draw_aids(h, model, c.x - r - h.px(26.0f), display_size.y - h.px(18.0f));
  draw_centre(h, model);
}

}  // namespace racer
