// The menu screens of FlowApp, built every frame from live state (immediate mode).
// Sections: helpers | main menu | setup | loading | pause | results | championship |
// settings | binding capture | messages.
#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/flow_app.h"
#include "game/championship.h"
#include "game/storage.h"
#include "ui/lap_hud.h"

namespace racer {
namespace {

constexpr const char* kDifficultyNames[] = {"Easy", "Medium", "Hard", "Mixed"};
constexpr ImU32 kPlayerRow = IM_COL32(255, 138, 28, 70);

int wrap(int v, int n) { return n <= 0 ? 0 : ((v % n) + n) % n; }

std::string percent(double v) { return std::to_string(static_cast<int>(std::lround(v * 100.0))) + "%"; }

std::string on_off(bool v) { return v ? "On" : "Off"; }

// An AI car besides the player's (the pause menu offers the AI panel then; F4 works always).
bool has_ai_opponent(const GameRace& race) {
  for (int i = 0; i < static_cast<int>(race.car_count()); ++i)
    if (i != race.player() && race.driver(i) != nullptr) return true;
  return false;
}

std::string join(const std::vector<std::string>& names) {
  if (names.empty()) return "(none)";
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

const char* action_label(InputAction a) {
  switch (a) {
    case InputAction::SteerLeft: return "Steer left";
    case InputAction::SteerRight: return "Steer right";
    case InputAction::Throttle: return "Throttle";
    case InputAction::Brake: return "Brake / reverse";
    case InputAction::Handbrake: return "Handbrake";
    case InputAction::ShiftUp: return "Shift up";
    case InputAction::ShiftDown: return "Shift down";
    case InputAction::Respawn: return "Respawn";
    case InputAction::Pause: return "Pause";
    case InputAction::LookBack: return "Look back";
  }
  return "?";
}

/// A results-style table in the current panel; `header` and rows of cells.
void table(const char* id, const std::vector<const char*>& header, const std::vector<std::vector<std::string>>& rows,
           int highlight_row) {
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

void draw_title(const UiFonts& fonts) {
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float s = ui_scale();
  const float size = fonts.title_size * (s / fonts.menu_scale);
  const char* title = "RACER";
  const ImVec2 ts = fonts.title->CalcTextSizeA(size, FLT_MAX, 0.0f, title);
  const ImVec2 at{(d.x - ts.x) * 0.5f, d.y * 0.07f};
  dl->AddText(fonts.title, size, {at.x + 4.0f * s, at.y + 5.0f * s}, IM_COL32(0, 0, 0, 150), title);
  dl->AddText(fonts.title, size, at, IM_COL32(255, 255, 255, 255), title);
  const float sub = fonts.menu_size * (s / fonts.menu_scale) * 0.7f;
  const char* tagline = "TOP-DOWN RACING  \xC2\xB7  REAL PHYSICS  \xC2\xB7  AI RIVALS";
  const ImVec2 st = fonts.menu_bold->CalcTextSizeA(sub, FLT_MAX, 0.0f, tagline);
  dl->AddRectFilled({(d.x - ts.x) * 0.5f, at.y + ts.y + 2.0f * s}, {(d.x + ts.x) * 0.5f, at.y + ts.y + 7.0f * s},
                    accent_colour(), 2.0f * s);
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
    if (records_.championship && ChampionshipPlan::parse(records_.championship->championship_id)) {
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
  if (main_list_.button("Quit")) quit_ = true;
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
  setup_list_.begin("##setup", f, nav_, heading, 640.0f);
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
    if (int d = setup_list_.choice("Opponents", std::to_string(opponents_))) opponents_ = wrap(opponents_ + d, 12);
    if (int d = setup_list_.choice("Laps", std::to_string(laps_))) laps_ = 1 + wrap(laps_ - 1 + d, 10);
    if (int d = setup_list_.choice("Difficulty", kDifficultyNames[difficulty_])) difficulty_ = wrap(difficulty_ + d, 4);
  }
  if (setup_mode_ == RaceMode::Quick) {
    grid_choice_ = std::min(grid_choice_, opponents_ + 1);
    const std::string slot = grid_choice_ == 0 ? "Back of the grid" : grid_choice_ == 1 ? "Pole" : "P" + std::to_string(grid_choice_);
    if (int d = setup_list_.choice("Start from", slot)) grid_choice_ = wrap(grid_choice_ + d, opponents_ + 2);
  }
  // What the choices mean, and files that cannot be raced.
  if (setup_mode_ == RaceMode::Championship) {
    const std::vector<std::string> rounds = championship_tracks(catalog_);
    std::string list;
    for (const std::string& id : rounds) {
      const int i = catalog_.track_index(id);
      list += (list.empty() ? "" : ", ") + catalog_.tracks[static_cast<std::size_t>(i)].name;
    }
    setup_list_.text(std::to_string(rounds.size()) + " rounds: " + list);
    can_start = can_start && !rounds.empty();
  } else if (tracks > 0) {
    const CatalogEntry& t = catalog_.tracks[static_cast<std::size_t>(track_choice_)];
    if (!t.ok()) {
      setup_list_.text("This track file has errors and cannot be raced:\n" + t.error, IM_COL32(255, 120, 100, 255), 0.62f);
      can_start = false;
    } else if (setup_mode_ == RaceMode::Quick) {
      if (!t.description.empty()) setup_list_.text(t.description);
    } else if (setup_mode_ == RaceMode::TimeTrial) {
      const CatalogEntry& c = catalog_.cars[static_cast<std::size_t>(car_choice_)];
      const BestLap* best = records_.best_lap(t.id, c.id);
      setup_list_.text(best ? "Your record: " + format_lap_time(best->lap_time) + "  (race its ghost)"
                            : "No lap on record yet: set one and a ghost will chase you next time.");
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
      ChampionshipPlan plan;
      plan.car_id = catalog_.cars[static_cast<std::size_t>(car_choice_)].id;
      plan.opponents = opponents_;
      plan.laps = laps_;
      plan.difficulty = plan_from_setup().difficulty;
      ChampionshipProgress progress;
      progress.championship_id = plan.id();
      records_.championship = progress;
      if (may_save_records_ && config_.data_dir)
        if (auto e = save_records(records_file(*config_.data_dir), records_)) messages_.push_back(e->to_string());
      RacePlan p = plan_from_setup();
      const std::vector<std::string> rounds = championship_tracks(catalog_);
      const int ti = catalog_.track_index(rounds.front());
      p.track_path = catalog_.tracks[static_cast<std::size_t>(ti)].path;
      p.track_id = rounds.front();
      pending_ = p;
      go(Screen::Loading);
    } else {
      pending_ = plan_from_setup();
      go(Screen::Loading);
    }
  }
  if (setup_list_.button("Back")) go(Screen::MainMenu);
  if (setup_list_.end()) go(Screen::MainMenu);
  draw_hint(f, "Left / Right  change      Enter  select      Esc  back");
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
  if (pause_list_.button("Resume")) {
    bound_.read(devices_.controllers(), input_);
    go(Screen::Race);
  }
  if (pause_list_.button("Restart")) {
    pending_ = last_plan_;
    go(Screen::Loading);
  }
  if (pause_list_.button("Settings")) {
    settings_return_ = Screen::Paused;
    settings_list_.focus = 0;
    go(Screen::Settings);
  }
  if (race_ && has_ai_opponent(race_->race()) && pause_list_.button(race_->ai_panel_open() ? "Close AI panel" : "AI panel")) {
    race_->toggle_ai_panel();  // back to the race: the panel is a window over it
    bound_.read(devices_.controllers(), input_);
    go(Screen::Race);
  }
  if (pause_list_.button("Quit to menu")) {
    race_.reset();
    go(Screen::MainMenu);
  }
  if (pause_list_.end() && screen_ == Screen::Paused) {
    bound_.read(devices_.controllers(), input_);
    go(Screen::Race);
  }
  draw_hint(f, "Respawn  R / Back      AI panel  F4      Resume  Esc / B");
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
  table("##res", {"Pos", "Driver", "Laps", "Time", "Gap", "Best lap"}, rows, player_row);
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
  if (results_list_.button("Back to menu")) {
    race_.reset();
    go(Screen::MainMenu);
  }
  if (results_list_.end() && screen_ == Screen::Results) {
    race_.reset();
    go(Screen::MainMenu);
  }
}

// ---- championship --------------------------------------------------------------------------

void FlowApp::standings_screen() {
  const UiFonts& f = ui_.fonts();
  if (!records_.championship) {
    go(Screen::MainMenu);
    return;
  }
  const ChampionshipProgress& progress = *records_.championship;
  const std::vector<std::string> rounds = championship_tracks(catalog_);
  Championship champ;
  for (const RecordedRound& r : progress.rounds) {
    std::vector<RoundResult> round;
    for (const RecordedResult& e : r.entries) round.push_back({e.driver, e.position, e.classified});
    champ.add_round(round);
  }
  const bool done = progress.round_index >= static_cast<int>(rounds.size());
  char heading[96];
  if (done) std::snprintf(heading, sizeof heading, "CHAMPIONSHIP  \xC2\xB7  FINAL STANDINGS");
  else std::snprintf(heading, sizeof heading, "STANDINGS  \xC2\xB7  AFTER ROUND %d OF %d", progress.round_index,
                     static_cast<int>(rounds.size()));
  standings_list_.begin("##standings", f, nav_, heading, 760.0f);
  std::vector<std::vector<std::string>> rows;
  int player_row = -1;
  for (const Standing& s : champ.standings()) {
    if (s.name == "You") player_row = static_cast<int>(rows.size());
    rows.push_back({std::to_string(s.position), s.name, std::to_string(s.points), std::to_string(s.wins),
                    s.best_finish > 0 ? "P" + std::to_string(s.best_finish) : "-"});
  }
  table("##stand", {"Pos", "Driver", "Points", "Wins", "Best"}, rows, player_row);
  if (done && player_row == 0) standings_list_.text("You are the champion!", accent_colour(), 1.0f);
  standings_list_.gap(14.0f);
  if (!done) {
    const int ti = catalog_.track_index(rounds[static_cast<std::size_t>(progress.round_index)]);
    const std::string next = "Next round: " + catalog_.tracks[static_cast<std::size_t>(ti)].name;
    if (standings_list_.button(next.c_str())) {
      const auto plan = ChampionshipPlan::parse(progress.championship_id);
      const int ci = plan ? catalog_.car_index(plan->car_id) : -1;
      if (!plan || ci < 0) {
        messages_ = {"The championship in records.json names a car that is not installed; start a new one."};
        message_return_ = Screen::MainMenu;
        go(Screen::Message);
      } else {
        RacePlan p;
        p.mode = RaceMode::Championship;
        p.track_path = catalog_.tracks[static_cast<std::size_t>(ti)].path;
        p.track_id = catalog_.tracks[static_cast<std::size_t>(ti)].id;
        p.car_path = catalog_.cars[static_cast<std::size_t>(ci)].path;
        p.car_id = plan->car_id;
        p.opponents = plan->opponents;
        p.laps = plan->laps;
        p.difficulty = plan->difficulty;
        p.seed = race_seed_;
        p.rate_hz = config_.options.rate_hz;
        p.autodrive = config_.options.autodrive;
        p.manual = config_.options.manual;
        p.no_abs = config_.options.no_abs;
        p.no_tcs = config_.options.no_tcs;
        pending_ = p;
        go(Screen::Loading);
      }
    }
  }
  if (standings_list_.button("Back to menu")) {
    race_.reset();
    go(Screen::MainMenu);
  }
  if (standings_list_.end() && screen_ == Screen::Standings) {
    race_.reset();
    go(Screen::MainMenu);
  }
}

void FlowApp::championship_menu() {
  const UiFonts& f = ui_.fonts();
  if (!records_.championship) {
    go(Screen::MainMenu);
    return;
  }
  const ChampionshipProgress& progress = *records_.championship;
  const std::vector<std::string> rounds = championship_tracks(catalog_);
  const auto plan = ChampionshipPlan::parse(progress.championship_id);
  champ_list_.begin("##champ", f, nav_, "CHAMPIONSHIP", 560.0f);
  const bool done = progress.round_index >= static_cast<int>(rounds.size());
  if (plan) {
    const int ci = catalog_.car_index(plan->car_id);
    const std::string car = ci >= 0 ? catalog_.cars[static_cast<std::size_t>(ci)].name : plan->car_id;
    champ_list_.text(car + ", " + std::to_string(plan->opponents) + " opponents, " + std::to_string(plan->laps) +
                     " laps a round, " + plan->difficulty);
  }
  champ_list_.text(done ? "Season complete." : "Round " + std::to_string(progress.round_index + 1) + " of " +
                                                  std::to_string(rounds.size()));
  champ_list_.gap();
  if (!done && champ_list_.button("Continue")) {
    standings_list_.focus = 0;
    go(Screen::Standings);
  }
  if (champ_list_.button("Standings")) {
    standings_list_.focus = 0;
    go(Screen::Standings);
  }
  if (champ_list_.button("New championship")) {
    setup_mode_ = RaceMode::Championship;
    setup_list_.focus = 0;
    go(Screen::Setup);
  }
  if (champ_list_.button("Back")) go(Screen::MainMenu);
  if (champ_list_.end() && screen_ == Screen::ChampionshipMenu) go(Screen::MainMenu);
}

// ---- settings ------------------------------------------------------------------------------

void FlowApp::settings_menu() {
  const UiFonts& f = ui_.fonts();
  if (settings_return_ == Screen::Paused) draw_dim();
  Settings& s = settings_;
  auto step = [](double& v, int d, double by, double lo, double hi) {
    v = std::clamp(std::round((v + by * d) / by) * by, lo, hi);
  };
  settings_list_.begin("##settings", f, nav_, "SETTINGS", 700.0f);
  const Settings before = s;
  settings_list_.heading("Sound");
  if (int d = settings_list_.choice("Master volume", percent(s.audio.master))) step(s.audio.master, d, 0.1, 0.0, 1.0);
  if (int d = settings_list_.choice("Engines", percent(s.audio.engine))) step(s.audio.engine, d, 0.1, 0.0, 1.0);
  if (int d = settings_list_.choice("Effects", percent(s.audio.effects))) step(s.audio.effects, d, 0.1, 0.0, 1.0);
  settings_list_.heading("Display");
  if (settings_list_.choice("Fullscreen", on_off(s.display.fullscreen))) s.display.fullscreen = !s.display.fullscreen;
  if (settings_list_.choice("Camera", s.display.camera == CameraMode::Follow ? "Follow" : "Rotate with car"))
    s.display.camera = s.display.camera == CameraMode::Follow ? CameraMode::Rotate : CameraMode::Follow;
  if (settings_list_.choice("Zoom out with speed", on_off(s.display.zoom_with_speed)))
    s.display.zoom_with_speed = !s.display.zoom_with_speed;
  settings_list_.heading("Driving");
  static const char* const kDamage[] = {"Off", "Visual only", "Full"};
  if (int d = settings_list_.choice("Damage", kDamage[static_cast<int>(s.damage)]))
    s.damage = static_cast<DamageMode>((static_cast<int>(s.damage) + 3 + (d > 0 ? 1 : -1)) % 3);
  char sens[16];
  std::snprintf(sens, sizeof sens, "%.2f", s.input.steering_sensitivity);
  if (int d = settings_list_.choice("Steering sensitivity", sens)) step(s.input.steering_sensitivity, d, 0.25, 0.25, 4.0);
  if (int d = settings_list_.choice("Stick deadzone", percent(s.input.stick_deadzone)))
    step(s.input.stick_deadzone, d, 0.05, 0.0, 0.9);
  if (int d = settings_list_.choice("Trigger deadzone", percent(s.input.trigger_deadzone)))
    step(s.input.trigger_deadzone, d, 0.05, 0.0, 0.9);
  if (settings_list_.choice("ABS", on_off(s.aids.abs))) s.aids.abs = !s.aids.abs;
  if (settings_list_.choice("Traction control", on_off(s.aids.tcs))) s.aids.tcs = !s.aids.tcs;
  if (settings_list_.choice("Gearbox", s.aids.automatic_gearbox ? "Automatic" : "Manual"))
    s.aids.automatic_gearbox = !s.aids.automatic_gearbox;

  const auto key_conflicts = binding_conflicts(s.input.keyboard);
  const auto pad_conflicts = binding_conflicts(s.input.gamepad);
  auto conflicted = [](const std::vector<std::pair<InputAction, InputAction>>& c, InputAction a) {
    for (const auto& [x, y] : c)
      if (x == a || y == a) return true;
    return false;
  };
  settings_list_.heading("Keyboard  (Enter: press a new key)");
  for (InputAction a : kAllActions) {
    const bool capturing = capture_ == Capture::Key && capture_action_ == a;
    const std::string value = capturing ? "press a key...  (Esc cancels)" : join(s.input.keys(a));
    if (settings_list_.field(action_label(a), value, conflicted(key_conflicts, a)) && capture_ == Capture::None) {
      capture_ = Capture::Key;
      capture_action_ = a;
      nav_ = {};
    }
  }
  settings_list_.heading("Gamepad  (A: press a new control)");
  for (InputAction a : kAllActions) {
    const bool capturing = capture_ == Capture::Pad && capture_action_ == a;
    std::string value = join(s.input.pad(a));
    if (capturing) value = pad_capture_.resting() ? "release all controls..." : "press a control...";
    if (settings_list_.field((std::string(action_label(a)) + " ").c_str(), value, conflicted(pad_conflicts, a)) &&
        capture_ == Capture::None) {
      if (devices_.controller_count() == 0) {
        messages_ = {"Connect a gamepad to change its controls."};
        message_return_ = Screen::Settings;
        go(Screen::Message);
      } else {
        capture_ = Capture::Pad;
        capture_action_ = a;
        capture_time_ = 0.0;
        pad_capture_.restart();
        nav_ = {};
      }
    }
  }
  if (!key_conflicts.empty() || !pad_conflicts.empty())
    settings_list_.text("Controls shown in red share a binding with another action.", IM_COL32(255, 120, 100, 255));
  settings_list_.gap();
  if (settings_list_.button("Restore defaults")) {
    s = Settings{};
    settings_dirty_ = true;
  }
  const bool back_row = settings_list_.button("Save and back");
  const bool back = settings_list_.end();
  if (!(s == before)) settings_dirty_ = true;
  if (settings_dirty_) apply_settings();
  if ((back_row || back) && capture_ == Capture::None && screen_ == Screen::Settings) {
    save_settings_now();
    if (screen_ == Screen::Settings) go(settings_return_);
  }
  draw_hint(f, "Left / Right  change      Enter  rebind      Esc  save and back");
}

// ---- binding capture -----------------------------------------------------------------------

void FlowApp::capture_binding() {
  const std::vector<SDL_GameController*> pads = devices_.controllers();
  capture_time_ += frame_dt_;
  if (pads.empty() || capture_time_ > 10.0) {
    capture_ = Capture::None;
    return;
  }
  SDL_GameController* pad = pads.front();
  std::vector<double> axes;
  for (int a = 0; a < SDL_CONTROLLER_AXIS_MAX; ++a)
    axes.push_back(normalise_axis(SDL_GameControllerGetAxis(pad, static_cast<SDL_GameControllerAxis>(a))));
  bool buttons[SDL_CONTROLLER_BUTTON_MAX];
  for (int b = 0; b < SDL_CONTROLLER_BUTTON_MAX; ++b)
    buttons[b] = SDL_GameControllerGetButton(pad, static_cast<SDL_GameControllerButton>(b)) != 0;
  if (auto b = pad_capture_.update(axes, std::span<const bool>(buttons, SDL_CONTROLLER_BUTTON_MAX), frame_dt_)) {
    const std::string name = gamepad_binding_name(*b);
    if (!name.empty()) {
      settings_.input.gamepad[static_cast<std::size_t>(capture_action_)] = {name};
      settings_dirty_ = true;
    }
    capture_ = Capture::None;
    nav_ = {};
    axis_held_x_ = axis_held_y_ = true;  // the stick that was just bound does not move the menu
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
