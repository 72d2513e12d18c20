// Sections: formatting | the timing panel (top right) | the banner (top centre) | draw_lap_hud.
#include "ui/lap_hud.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace racer {
namespace {

constexpr float kMargin = 18.0f;
constexpr ImU32 kPlate = IM_COL32(10, 12, 16, 175);
constexpr ImU32 kInk = IM_COL32(240, 240, 240, 255);
constexpr ImU32 kDim = IM_COL32(170, 174, 182, 255);
constexpr ImU32 kFaster = IM_COL32(80, 220, 110, 255);
constexpr ImU32 kSlower = IM_COL32(255, 96, 84, 255);
constexpr double kBannerSeconds = 4.0;

ImVec2 text_size(ImFont* font, float size, const char* text) { return font->CalcTextSizeA(size, FLT_MAX, 0.0f, text); }

/// A sector split: "28.456" (no minutes unless it takes one).
std::string format_split(double seconds) {
  const std::string full = format_lap_time(seconds);
  return full.rfind("0:", 0) == 0 ? full.substr(2) : full;
}

// ---- the timing panel ------------------------------------------------------------------

struct Row {
  std::string label, value, delta;
  ImU32 value_colour = kInk, delta_colour = kInk;
};

/// The panel at the top right; returns its bottom edge.
float draw_panel(ImDrawList* dl, const UiFonts& fonts, const LapTimer& timer, const std::string& name, double now,
                 float right) {
  const float text = fonts.text_size * 1.1f, big = fonts.big_size * 0.72f;
  const LapRecord* best = timer.best_lap();
  const LapRecord* last = timer.last_lap();

  char lap[32];
  if (timer.lap_number() > 0) std::snprintf(lap, sizeof lap, "LAP %d", timer.lap_number());
  else std::snprintf(lap, sizeof lap, "LAP -");
  const std::string clock = timer.running() ? format_lap_time(timer.current_lap_time(now)) : "--:--.---";

  std::vector<Row> rows;
  const auto& sectors = timer.current_sectors();
  for (int i = 0; i < timer.sector_count(); ++i) {
    Row r;
    r.label = "S" + std::to_string(i + 1);
    if (timer.running() && i < static_cast<int>(sectors.size())) {
      const double t = sectors[static_cast<std::size_t>(i)];
      r.value = format_split(t);
      if (best != nullptr && i < static_cast<int>(best->sector_times.size())) {
        const double d = t - best->sector_times[static_cast<std::size_t>(i)];
        r.delta = format_delta(d);
        r.delta_colour = d <= 0.0 ? kFaster : kSlower;
      }
    } else {
      r.value = "--.---";
      r.value_colour = kDim;
    }
    rows.push_back(r);
  }
  Row last_row{"LAST", last ? format_lap_time(last->time) : "--:--.---", "", last ? kInk : kDim, kInk};
  if (last != nullptr && best != nullptr && timer.laps().size() >= 2) {
    // The last lap against the best of the laps before it.
    double previous_best = 1e300;
    for (std::size_t i = 0; i + 1 < timer.laps().size(); ++i) previous_best = std::min(previous_best, timer.laps()[i].time);
    const double d = last->time - previous_best;
    last_row.delta = format_delta(d);
    last_row.delta_colour = d <= 0.0 ? kFaster : kSlower;
  }
  rows.push_back(last_row);
  rows.push_back({"BEST", best ? format_lap_time(best->time) : "--:--.---", "", best ? IM_COL32(200, 160, 255, 255) : kDim, kInk});

  // Layout: fixed columns so the numbers do not jump as they change.
  const float label_w = text_size(fonts.text, text, "LAST").x + 14.0f;
  const float value_w = text_size(fonts.text, text, "0:00.000").x + 12.0f;
  const float delta_w = text_size(fonts.text, text, "+00.000").x;
  const float clock_w = text_size(fonts.big, big, "0:00.000").x;
  const float inner = std::max({label_w + value_w + delta_w, clock_w, text_size(fonts.text, text, name.c_str()).x});
  const float pad = 14.0f, line = text_size(fonts.text, text, "A").y + 3.0f;
  const float clock_h = text_size(fonts.big, big, "0").y;
  const float height = pad + line + line + clock_h + 8.0f + line * static_cast<float>(rows.size()) + pad;
  const ImVec2 lo{right - inner - 2.0f * pad, kMargin}, hi{right, kMargin + height};
  dl->AddRectFilled(lo, hi, kPlate, 8.0f);

  float y = lo.y + pad;
  const float x = lo.x + pad;
  dl->AddText(fonts.text, text, {x, y}, kDim, name.c_str());
  y += line;
  dl->AddText(fonts.text, text * 1.05f, {x, y}, IM_COL32(255, 210, 80, 255), lap);
  y += line;
  const ImVec2 cs = text_size(fonts.big, big, clock.c_str());
  dl->AddText(fonts.big, big, {hi.x - pad - cs.x, y}, timer.running() ? kInk : kDim, clock.c_str());
  y += clock_h + 8.0f;
  dl->AddLine({x, y - 4.0f}, {hi.x - pad, y - 4.0f}, IM_COL32(255, 255, 255, 40), 1.0f);
  for (const Row& r : rows) {
    dl->AddText(fonts.text, text, {x, y}, kDim, r.label.c_str());
    dl->AddText(fonts.text, text, {x + label_w, y}, r.value_colour, r.value.c_str());
    if (!r.delta.empty()) {
      const ImVec2 ds = text_size(fonts.text, text, r.delta.c_str());
      dl->AddText(fonts.text, text, {hi.x - pad - ds.x, y}, r.delta_colour, r.delta.c_str());
    }
    y += line;
  }
  return hi.y;
}

void draw_off_track(ImDrawList* dl, const UiFonts& fonts, float right, float y) {
  const float size = fonts.text_size * 1.1f;
  const char* text = "OFF TRACK";
  const ImVec2 ts = text_size(fonts.text, size, text);
  const ImVec2 lo{right - ts.x - 20.0f, y}, hi{right, y + ts.y + 10.0f};
  dl->AddRectFilled(lo, hi, IM_COL32(150, 100, 10, 235), 5.0f);
  dl->AddRect(lo, hi, IM_COL32(255, 200, 60, 255), 5.0f, 0, 1.5f);
  dl->AddText(fonts.text, size, {lo.x + 10.0f, lo.y + 5.0f}, IM_COL32(255, 250, 230, 255), text);
}

// ---- the banner ------------------------------------------------------------------------

void banner(ImDrawList* dl, ImFont* font, float size, const char* text, ImU32 fill, ImU32 border, ImU32 ink) {
  const ImVec2 screen = ImGui::GetIO().DisplaySize;
  const ImVec2 ts = text_size(font, size, text);
  const ImVec2 lo{(screen.x - ts.x) / 2.0f - 18.0f, kMargin}, hi{(screen.x + ts.x) / 2.0f + 18.0f, kMargin + ts.y + 12.0f};
  dl->AddRectFilled(lo, hi, fill, 8.0f);
  dl->AddRect(lo, hi, border, 8.0f, 0, 2.0f);
  dl->AddText(font, size, {lo.x + 18.0f, lo.y + 6.0f}, ink, text);
}

void draw_banner(ImDrawList* dl, const UiFonts& fonts, const LapTimer& timer, double now) {
  const float size = fonts.text_size * 1.35f;
  if (timer.wrong_way()) {
    const bool flash = std::fmod(now, 0.8) < 0.5;
    banner(dl, fonts.big, fonts.big_size * 0.6f, "WRONG WAY", flash ? IM_COL32(170, 20, 20, 235) : IM_COL32(110, 14, 14, 220),
           IM_COL32(255, 120, 110, 255), IM_COL32(255, 255, 255, 255));
    return;
  }
  const LapEvent& e = timer.last_event();
  const bool recent = e.kind != LapEvent::Kind::None && now - e.time >= 0.0 && now - e.time < kBannerSeconds;
  if (recent && e.kind == LapEvent::Kind::NotCounted) {
    char text[96];
    std::snprintf(text, sizeof text, "Lap not counted: missed a checkpoint (%d of %d)", e.missed,
                  std::max(1, timer.station_count() - 1));
    banner(dl, fonts.text, size, text, IM_COL32(130, 80, 6, 235), IM_COL32(255, 196, 70, 255), IM_COL32(255, 250, 235, 255));
    return;
  }
  if (recent && e.kind == LapEvent::Kind::Completed) {
    const std::string text = "Lap " + std::to_string(timer.laps().size()) + "   " + format_lap_time(e.lap_time) +
                             (e.best ? "   best lap" : "");
    if (e.best) banner(dl, fonts.text, size, text.c_str(), IM_COL32(24, 96, 50, 235), IM_COL32(100, 230, 140, 255), kInk);
    else banner(dl, fonts.text, size, text.c_str(), kPlate, IM_COL32(160, 160, 170, 255), kInk);
    return;
  }
  if (!timer.running())
    banner(dl, fonts.text, size, "Cross the line to start the timer", kPlate, IM_COL32(160, 160, 170, 220), kInk);
}

}  // namespace

// ---- formatting ------------------------------------------------------------------------

std::string format_lap_time(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0.0 || seconds >= 6000.0) return "--:--.---";
  const auto ms = static_cast<long long>(std::floor(seconds * 1000.0 + 0.5));
  const long long minutes = ms / 60000, rest = ms % 60000;
  char out[32];
  std::snprintf(out, sizeof out, "%lld:%02lld.%03lld", minutes, rest / 1000, rest % 1000);
  return out;
}

std::string format_delta(double seconds) {
  if (!std::isfinite(seconds)) return "";
  const auto ms = static_cast<long long>(std::floor(std::abs(seconds) * 1000.0 + 0.5));
  char out[32];
  std::snprintf(out, sizeof out, "%c%lld.%03lld", seconds < 0.0 && ms > 0 ? '-' : '+', ms / 1000, ms % 1000);
  return out;
}

// ---- draw_lap_hud ----------------------------------------------------------------------

void draw_lap_hud(const LapTimer& timer, const std::string& track_name, double now, const UiFonts& fonts) {
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const ImVec2 screen = ImGui::GetIO().DisplaySize;
  const float right = screen.x - kMargin;
  const float bottom = draw_panel(dl, fonts, timer, track_name, now, right);
  if (timer.off_track()) draw_off_track(dl, fonts, right, bottom + 8.0f);
  draw_banner(dl, fonts, timer, now);
}

}  // namespace racer
