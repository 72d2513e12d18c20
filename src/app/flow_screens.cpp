// The menu screens of FlowApp, built every frame from live state (immediate mode); the
// championship's are in app/flow_championship.cpp, the settings in app/flow_settings.cpp.
// Sections: helpers | main menu | setup | setup previews | loading | pause | results | messages.
#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "app/flow_app.h"
#include "track/track_spec.h"
#include "ui/lap_hud.h"

namespace racer {
namespace {

/// What the setup screen shows for kRaceDifficulties.
constexpr const char* kDifficultyNames[] = {"Easy", "Medium", "Hard", "Mixed"};
static_assert(std::size(kDifficultyNames) == kRaceDifficulties.size());

int wrap(int v, int n) { return n <= 0 ? 0 : ((v % n) + n) % n; }

void draw_title(const UiFonts& fonts) {
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float s = ui_scale();
  const float size = fonts.title_size * (s / fonts.menu_scale);
  const char* title = "RACER";
  const ImVec2 ts = fonts.title->CalcTextSizeA(size, FLT_MAX, 0.0f, title);
  const ImVec2 at{(d.x - ts.x) * 0.5f, d.y * 0.07f};
  // No drop shadow: the backdrop is dark enough, and its glyphs would be as many blended
  // pixels again.
  dl->AddText(fonts.title, size, at, IM_COL32(255, 255, 255, 255), title);
  const float sub = fonts.menu_size * (s / fonts.menu_scale) * 0.7f;
  const char* tagline = "TOP-DOWN RACING  \xC2\xB7  REAL PHYSICS  \xC2\xB7  AI RIVALS";
  const ImVec2 st = fonts.menu_bold->CalcTextSizeA(sub, FLT_MAX, 0.0f, tagline);
  draw_title_rule((d.x - ts.x) * 0.5f, at.y + ts.y + 2.0f * s, (d.x + ts.x) * 0.5f, at.y + ts.y + 7.0f * s);
  dl->AddText(fonts.menu_bold, sub, {(d.x - st.x) * 0.5f, at.y + ts.y + 16.0f * s}, IM_COL32(200, 204, 214, 255), tagline);
}

std::string gap_or_time(const SessionCarResult& r, bool winner) {
  if (winner && r.total_time) return format_lap_time(*r.total_time);
  return r.gap_text.empty() ? "-" : r.gap_text;
}

}  // namespace

// ---- main menu -----------------------------------------------------------------------------

void FlowApp::main_menu() {
  const UiFonts& f = ui_.fonts();
  draw_title(f);
  main_list_.begin("##main", f, nav_, nullptr, 440.0f, 0.58f);
  if (main_list_.button("Quick Race")) {
    setup_mode_ = RaceMode::Quick;
    setup_list_.focus = 0;
    go(Screen::Setup);
  }
  if (main_list_.button("Time Trial")) {
    setup_mode_ = RaceMode::TimeTrial;
    setup_list_.focus = 0;
    go(Screen::Setup);
  }
  if (main_list_.button("Championship")) {
    champ_list_.focus = 0;
    if (saved_season(records_.championship)) {
      go(Screen::ChampionshipMenu);
    } else {
      setup_mode_ = RaceMode::Championship;
      setup_list_.focus = 0;
      go(Screen::Setup);
    }
  }
  if (main_list_.button("Settings")) {
    settings_return_ = Screen::MainMenu;
    settings_list_.focus = 0;
    go(Screen::Settings);
  }
  if (main_list_.button("Planner Lab")) open_lab(std::nullopt);
  if (main_list_.button("Track Editor")) open_editor(std::nullopt);
  if (main_list_.button("Quit")) quit_ = true;
  if (const std::string note = main_menu_note(); !note.empty()) {
    main_list_.gap(8.0f);
    main_list_.text(note, IM_COL32(255, 190, 120, 255), 0.55f);
  }
  main_list_.end();
  draw_hint(f, devices_.controller_count() > 0 ? "D-pad / stick  move      A  select      B  back"
                                               : "Arrows  move      Enter  select      Esc  back");
}

// ---- setup ---------------------------------------------------------------------------------

void FlowApp::setup_menu() {
  const UiFonts& f = ui_.fonts();
  const char* heading = setup_mode_ == RaceMode::Quick        ? "QUICK RACE"
                        : setup_mode_ == RaceMode::TimeTrial ? "TIME TRIAL"
                                                             : "NEW CHAMPIONSHIP";
  setup_list_.begin("##setup", f, nav_, heading, 1180.0f);
  // Two columns: the choices on the left, the track and the car on the right.
  const float s = ui_scale();
  const float inner = ImGui::GetContentRegionAvail().x, gap = 26.0f * s;
  const float left = std::floor((inner - gap) * 0.47f), right = inner - gap - left;
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, {0.0f, 0.0f});
  const bool table = ImGui::BeginTable("##setup_columns", 3, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoPadOuterX |
                                                                 ImGuiTableFlags_NoPadInnerX);
  ImGui::PopStyleVar();
  if (table) {
    ImGui::TableSetupColumn("choices", ImGuiTableColumnFlags_WidthFixed, left);
    ImGui::TableSetupColumn("gap", ImGuiTableColumnFlags_WidthFixed, gap);
    ImGui::TableSetupColumn("previews", ImGuiTableColumnFlags_WidthFixed, right);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
  }
  const int tracks = static_cast<int>(catalog_.tracks.size()), cars = static_cast<int>(catalog_.cars.size());
  bool can_start = tracks > 0 && cars > 0;
  if (setup_mode_ != RaceMode::Championship && tracks > 0) {
    const CatalogEntry& t = catalog_.tracks[static_cast<std::size_t>(track_choice_)];
    if (int d = setup_list_.choice("Track", t.name)) track_choice_ = wrap(track_choice_ + d, tracks);
  }
  if (cars > 0) {
    const CatalogEntry& c = catalog_.cars[static_cast<std::size_t>(car_choice_)];
    if (int d = setup_list_.choice("Car", c.name)) car_choice_ = wrap(car_choice_ + d, cars);
  }
  if (setup_mode_ != RaceMode::TimeTrial) {
    if (int d = setup_list_.choice("Opponents", std::to_string(opponents_)))
      opponents_ = wrap(opponents_ + d, kMaxOpponents + 1);
    if (int d = setup_list_.choice("Laps", std::to_string(laps_))) laps_ = 1 + wrap(laps_ - 1 + d, 10);
    if (int d = setup_list_.choice("Difficulty", kDifficultyNames[difficulty_]))
      difficulty_ = wrap(difficulty_ + d, static_cast<int>(kRaceDifficulties.size()));
  }
  if (setup_mode_ == RaceMode::Quick) {
    grid_choice_ = std::min(grid_choice_, opponents_ + 1);
    const std::string slot = grid_choice_ == 0 ? "Back of the grid" : grid_choice_ == 1 ? "Pole" : "P" + std::to_string(grid_choice_);
    if (int d = setup_list_.choice("Start from", slot)) grid_choice_ = wrap(grid_choice_ + d, opponents_ + 2);
  }
  // What the choices mean, and files that cannot be raced.
  if (setup_mode_ == RaceMode::Championship) {
    const std::vector<std::string> rounds = season_rounds();
    std::string list;
    for (const std::string& id : rounds) {
      const int i = catalog_.track_index(id);
      list += (list.empty() ? "" : ", ") + catalog_.tracks[static_cast<std::size_t>(i)].name;
    }
    setup_list_.text(std::to_string(rounds.size()) + " rounds: " + list, 0, 0.62f);
    can_start = can_start && !rounds.empty();
  } else if (tracks > 0) {
    const CatalogEntry& t = catalog_.tracks[static_cast<std::size_t>(track_choice_)];
    if (!t.ok()) {
      setup_list_.text("This track file has errors and cannot be raced:\n" + t.error, IM_COL32(255, 120, 100, 255), 0.62f);
      can_start = false;
    } else if (setup_mode_ == RaceMode::Quick) {
      if (!t.description.empty()) setup_list_.text(t.description, 0, 0.62f);
    } else if (setup_mode_ == RaceMode::TimeTrial) {
      const CatalogEntry& c = catalog_.cars[static_cast<std::size_t>(car_choice_)];
      const BestLap* best = records_.best_lap(t.id, c.id);
      setup_list_.text(best ? "Your record in this car: " + format_lap_time(best->lap_time) + "  (race its ghost)"
                            : "No lap on record in this car yet: set one and a ghost will chase you next time.",
                       0, 0.62f);
    }
  }
  if (cars > 0 && !catalog_.cars[static_cast<std::size_t>(car_choice_)].ok()) {
    setup_list_.text("This car file has errors:\n" + catalog_.cars[static_cast<std::size_t>(car_choice_)].error,
                     IM_COL32(255, 120, 100, 255), 0.62f);
    can_start = false;
  }
  setup_list_.gap();
  const char* start = setup_mode_ == RaceMode::Championship ? "Start Championship" : "Start";
  if (setup_list_.button(start, can_start)) {
    if (setup_mode_ == RaceMode::Championship) {
      ChampionshipPlan season;
      season.car_id = catalog_.cars[static_cast<std::size_t>(car_choice_)].id;
      season.opponents = opponents_;
      season.laps = laps_;
      season.difficulty = kRaceDifficulties[static_cast<std::size_t>(difficulty_)];
      records_.championship = start_season(season);
      save_records_now();
      start_round(season, season_rounds().front());
    } else {
      pending_ = plan_from_setup();
      go(Screen::Loading);
    }
  }
  if (setup_list_.button("Back")) go(Screen::MainMenu);
  if (table) {
    ImGui::TableSetColumnIndex(2);
    setup_previews(right);
    ImGui::EndTable();
  }
  if (setup_list_.end() && screen_ == Screen::Setup) go(Screen::MainMenu);
  draw_hint(f, "Left / Right  change      Enter  select      Esc  back");
}

// ---- setup previews --------------------------------------------------------------------------

const TrackOutline* FlowApp::track_outline(int track) {
  const auto n = catalog_.tracks.size();
  if (track < 0 || static_cast<std::size_t>(track) >= n) return nullptr;
  if (track_outlines_.size() != n) {
    track_outlines_.assign(n, std::nullopt);
    track_outline_tried_.assign(n, false);
  }
  const auto i = static_cast<std::size_t>(track);
  if (!track_outline_tried_[i]) {  // once per track: its spec read and its spline sampled
    track_outline_tried_[i] = true;
    if (catalog_.tracks[i].ok())
      if (const Result<TrackSpec> spec = load_track_spec(catalog_.tracks[i].path)) track_outlines_[i] = make_track_outline(spec.value());
  }
  return track_outlines_[i] ? &*track_outlines_[i] : nullptr;
}

FlowApp::CarCard* FlowApp::car_card(int car) {
  const auto n = catalog_.cars.size();
  if (car < 0 || static_cast<std::size_t>(car) >= n) return nullptr;
  if (car_cards_.size() != n) car_cards_ = std::vector<CarCard>(n);
  CarCard& c = car_cards_[static_cast<std::size_t>(car)];
  if (!c.loaded) {
    c.loaded = true;
    if (catalog_.cars[static_cast<std::size_t>(car)].ok())
      if (const Result<CarSpec> spec = load_car_spec(catalog_.cars[static_cast<std::size_t>(car)].path)) {
        c.spec = spec.value();
        c.figures = car_figures(*c.spec);
        // 0-100 and top speed: one acceleration run of 60 simulated s at 120 Hz (about 20 ms,
        // once per car), on this thread: the simulation's physics library keeps global
        // counters that a worker thread would race with a race started meanwhile.
        measure_acceleration(*c.spec, c.figures);
      }
  }
  return c.spec ? &c : nullptr;
}

void FlowApp::setup_previews(float width) {
  previews_drawn_ = true;
  const UiFonts& f = ui_.fonts();
  const float s = ui_scale();
  const float small = f.menu_size * (s / f.menu_scale) * 0.62f;  // px: the figures' text
  ImDrawList* dl = ImGui::GetWindowDrawList();
  constexpr ImU32 kLabel = IM_COL32(150, 156, 170, 255), kValue = IM_COL32(236, 238, 244, 255);

  // The track: the one chosen, or the championship's first round.
  int track = track_choice_;
  std::string caption;
  if (setup_mode_ == RaceMode::Championship) {
    const std::vector<std::string> rounds = season_rounds();
    track = rounds.empty() ? -1 : catalog_.track_index(rounds.front());
    if (track >= 0)
      caption = "ROUND 1 OF " + std::to_string(rounds.size()) + "  \xC2\xB7  " + catalog_.tracks[static_cast<std::size_t>(track)].name;
  }
  const float map_h = std::min(width * 0.5f, 262.0f * s);
  ImVec2 p = ImGui::GetCursorScreenPos();
  const TrackOutline* outline = track_outline(track);
  if (outline != nullptr) {
    draw_track_preview(dl, *outline, p.x, p.y, p.x + width, p.y + map_h, s, f.menu_bold, small * 0.8f);
  } else {
    dl->AddRectFilled(p, {p.x + width, p.y + map_h}, IM_COL32(14, 18, 26, 235), 8.0f * s);
    caption = "No preview: the track file has errors";
  }
  if (!caption.empty()) dl->AddText(f.menu_bold, small * 0.85f, {p.x + 10.0f * s, p.y + 8.0f * s}, kLabel, caption.c_str());
  ImGui::Dummy({width, map_h});
  if (outline != nullptr) {
    char line[160];
    const double w0 = std::round(outline->min_width), w1 = std::round(outline->max_width);
    const std::string widths = w0 == w1 ? std::to_string(static_cast<int>(w0)) : std::to_string(static_cast<int>(w0)) + "-" + std::to_string(static_cast<int>(w1));
    std::snprintf(line, sizeof line, "%.2f km  \xC2\xB7  %s m wide  \xC2\xB7  %zu corners", outline->length / 1000.0, widths.c_str(),
                  outline->corners.size());
    std::string figures = line;
    // The lap record on this track, in any car.
    const std::string& id = catalog_.tracks[static_cast<std::size_t>(track)].id;
    const BestLap* best = nullptr;
    std::string best_car;
    for (const auto& [key, lap] : records_.best_laps())
      if (key.first == id && (best == nullptr || lap.lap_time < best->lap_time)) {
        best = &lap;
        best_car = key.second;
      }
    if (best != nullptr) {
      const int ci = catalog_.car_index(best_car);
      figures += "  \xC2\xB7  record " + format_lap_time(best->lap_time) + " (" +
                 (ci >= 0 ? catalog_.cars[static_cast<std::size_t>(ci)].name : best_car) + ")";
    } else {
      figures += "  \xC2\xB7  no lap record yet";
    }
    setup_list_.text(figures, 0, 0.62f);
  }
  ImGui::Dummy({1.0f, 6.0f * s});

  // The car: drawn from above as in a race, with its figures beside it.
  CarCard* card = car_card(car_choice_);
  const float card_h = 132.0f * s;
  p = ImGui::GetCursorScreenPos();
  dl->AddRectFilled(p, {p.x + width, p.y + card_h}, IM_COL32(14, 18, 26, 235), 8.0f * s);
  dl->AddRect(p, {p.x + width, p.y + card_h}, IM_COL32(255, 255, 255, 22), 8.0f * s);
  if (card != nullptr) {
    const float iw = std::floor(width * 0.40f), ih = std::floor(card_h - 16.0f * s);
    const ImVec2 ip{p.x + 8.0f * s, p.y + 8.0f * s};
    dl->AddRectFilledMultiColor(ip, {ip.x + iw, ip.y + ih}, IM_COL32(60, 66, 78, 255), IM_COL32(60, 66, 78, 255),
                                IM_COL32(34, 38, 46, 255), IM_COL32(34, 38, 46, 255));
    const CatalogEntry& entry = catalog_.cars[static_cast<std::size_t>(car_choice_)];
    if (SDL_Texture* t = car_preview_.texture(window_.renderer(), *card->spec, entry.id, static_cast<int>(iw), static_cast<int>(ih)))
      dl->AddImage(static_cast<ImTextureID>(t), ip, {ip.x + iw, ip.y + ih});
    const CarFigures& fig = card->figures;
    char power[64], mass[48], drive[64], sprint[32], top[32];
    std::snprintf(power, sizeof power, "%.0f kW  \xC2\xB7  %.0f hp", fig.power_w / 1000.0, fig.power_w / 745.7);
    std::snprintf(mass, sizeof mass, "%.0f kg  \xC2\xB7  %.0f kW/t", fig.mass_kg, fig.power_to_weight);
    std::snprintf(drive, sizeof drive, "%s  \xC2\xB7  %d-speed %s", drive_name(fig.drive), fig.gears, fig.automatic ? "auto" : "manual");
    if (fig.t_0_100_s) std::snprintf(sprint, sizeof sprint, "%.1f s", *fig.t_0_100_s);
    else std::snprintf(sprint, sizeof sprint, "not reached");
    if (fig.top_speed_kmh) std::snprintf(top, sizeof top, "%.0f km/h", *fig.top_speed_kmh);
    else std::snprintf(top, sizeof top, "-");
    const std::pair<const char*, const char*> rows[] = {
        {"Power", power}, {"Mass", mass}, {"Drive", drive}, {"0-100 km/h", sprint}, {"Top speed", top}};
    const float x_label = ip.x + iw + 14.0f * s, x_value = x_label + 106.0f * s;
    const float line_h = (card_h - 16.0f * s) / 5.0f;
    float y = p.y + 8.0f * s + (line_h - small) * 0.5f;
    for (const auto& [label, value] : rows) {
      dl->AddText(f.menu, small, {x_label, y}, kLabel, label);
      dl->AddText(f.menu_bold, small, {x_value, y}, kValue, value);
      y += line_h;
    }
  } else {
    dl->AddText(f.menu, small, {p.x + 12.0f * s, p.y + 12.0f * s}, kLabel, "No preview: the car file has errors");
  }
  ImGui::Dummy({width, card_h});
}

// ---- loading -------------------------------------------------------------------------------

void FlowApp::loading_screen() {
  const UiFonts& f = ui_.fonts();
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float size = f.menu_size * (ui_scale() / f.menu_scale);
  const char* text = "Loading the track and the drivers...";
  const ImVec2 ts = f.menu_bold->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
  dl->AddText(f.menu_bold, size, {(d.x - ts.x) * 0.5f, (d.y - ts.y) * 0.5f}, IM_COL32(240, 240, 240, 255), text);
  // The frame with the message is drawn first; the race is built on the next one.
  if (pending_ && frame_ > loading_frame_) {
    const RacePlan plan = *pending_;
    pending_.reset();
    start_race(plan);
    ++race_seed_;
  }
}

// ---- pause ---------------------------------------------------------------------------------

void FlowApp::pause_menu() {
  const UiFonts& f = ui_.fonts();
  draw_dim();
  pause_list_.begin("##pause", f, nav_, "PAUSED", 440.0f);
  if (!pause_reason_.empty()) pause_list_.text(pause_reason_, IM_COL32(255, 190, 120, 255), 0.55f);
  if (pause_list_.button("Resume")) {
    bound_.read(devices_.controllers(), input_);
    go(Screen::Race);
  }
  if (pause_list_.button("Restart")) {
    if (race_ && race_->is_replay()) {  // a replay: back to its start
      race_->playback()->seek(0);
      go(Screen::Race);
    } else {
      pending_ = last_plan_;
      go(Screen::Loading);
    }
  }
  if (pause_list_.button("Settings")) {
    settings_return_ = Screen::Paused;
    settings_list_.focus = 0;
    go(Screen::Settings);
  }
  // The AI panel only where there are AI cars (RaceScreen::has_ai_cars: not in Time Trial).
  const bool ai_cars = race_ && race_->has_ai_cars();
  if (ai_cars && pause_list_.button(race_->ai_panel_open() ? "Close AI panel" : "AI panel")) {
    race_->toggle_ai_panel();  // back to the race: the panel is a window over it
    bound_.read(devices_.controllers(), input_);
    go(Screen::Race);
  }
  if (pause_list_.button(home_screen() == Screen::Editor ? "Back to the editor (F10)" : "Quit to menu")) {
    close_race();
    go(home_screen());
  }
  if (pause_list_.end() && screen_ == Screen::Paused) {
    bound_.read(devices_.controllers(), input_);
    go(Screen::Race);
  }
  draw_hint(f, ai_cars ? "Respawn  R / Back      AI panel  F4      Resume  Esc / B" : "Respawn  R / Back      Resume  Esc / B");
}

// ---- results -------------------------------------------------------------------------------

void FlowApp::results_screen() {
  const UiFonts& f = ui_.fonts();
  const bool champ = last_plan_.mode == RaceMode::Championship;
  std::string heading = "RESULTS";
  if (race_) heading += "  \xC2\xB7  " + race_->track_name();
  results_list_.begin("##results", f, nav_, heading.c_str(), 900.0f);
  std::vector<std::vector<std::string>> rows;
  int player_row = -1;
  for (const SessionCarResult& r : results_) {
    const bool player = race_ && r.car == race_->race().player();
    if (player) player_row = static_cast<int>(rows.size());
    std::string total = r.total_time ? format_lap_time(*r.total_time) : "-";
    if (r.penalty_s > 0.0) total += " (+" + std::to_string(static_cast<int>(std::lround(r.penalty_s))) + " s)";
    rows.push_back({std::to_string(r.position), r.name, std::to_string(r.laps), total,
                    gap_or_time(r, r.position == 1) == total ? "" : gap_or_time(r, false),
                    r.best_lap ? format_lap_time(*r.best_lap) : "-"});
    if (r.position == 1) rows.back()[4] = "Winner";
  }
  menu_table("##res", {"Pos", "Driver", "Laps", "Time", "Gap", "Best lap"}, rows, player_row);
  results_list_.gap(14.0f);
  if (champ) {
    if (results_list_.button("Standings")) {
      standings_list_.focus = 0;
      go(Screen::Standings);
    }
  } else {
    if (results_list_.button("Restart")) {
      pending_ = last_plan_;
      go(Screen::Loading);
    }
  }
  if (results_list_.button(home_screen() == Screen::Editor ? "Back to the editor (F10)" : "Back to menu")) {
    close_race();
    go(home_screen());
  }
  if (results_list_.end() && screen_ == Screen::Results) {
    close_race();
    go(home_screen());
  }
}

// ---- messages ------------------------------------------------------------------------------

void FlowApp::message_screen() {
  const UiFonts& f = ui_.fonts();
  message_list_.begin("##message", f, nav_, "NOTICE", 820.0f);
  for (const std::string& m : messages_) message_list_.text(m, IM_COL32(230, 232, 238, 255), 0.62f);
  message_list_.gap(12.0f);
  const bool ok = message_list_.button("OK");
  if ((message_list_.end() || ok) && screen_ == Screen::Message) {
    messages_.clear();
    go(message_return_);
  }
}

}  // namespace racer
