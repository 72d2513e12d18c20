// The championship screens of FlowApp: the standings (after a round, and the way to the
// next one) and the championship menu (continue, standings, a new season). The rules are
// game/championship_season.h's. Sections: standings | championship menu.
#include <imgui.h>

#include <cstdio>

#include "app/flow_app.h"

namespace racer {

// ---- standings -----------------------------------------------------------------------------

void FlowApp::standings_screen() {
  const UiFonts& f = ui_.fonts();
  if (!records_.championship) {
    go(Screen::MainMenu);
    return;
  }
  const ChampionshipProgress& progress = *records_.championship;
  const std::vector<std::string> rounds = season_rounds();
  const std::optional<std::string> next = next_round_track(progress, rounds);
  char heading[96];
  if (!next) std::snprintf(heading, sizeof heading, "CHAMPIONSHIP  \xC2\xB7  FINAL STANDINGS");
  else std::snprintf(heading, sizeof heading, "STANDINGS  \xC2\xB7  AFTER ROUND %d OF %d", progress.round_index,
                     static_cast<int>(rounds.size()));
  standings_list_.begin("##standings", f, nav_, heading, 760.0f);
  std::vector<std::vector<std::string>> rows;
  int player_row = -1;
  for (const Standing& s : season_standings(progress)) {
    if (s.name == "You") player_row = static_cast<int>(rows.size());
    rows.push_back({std::to_string(s.position), s.name, std::to_string(s.points), std::to_string(s.wins),
                    s.best_finish > 0 ? "P" + std::to_string(s.best_finish) : "-"});
  }
  menu_table("##stand", {"Pos", "Driver", "Points", "Wins", "Best"}, rows, player_row);
  if (!next && player_row == 0) standings_list_.text("You are the champion!", accent_colour(), 1.0f);
  standings_list_.gap(14.0f);
  if (next) {
    const int ti = catalog_.track_index(*next);
    const std::string label = "Next round: " + catalog_.tracks[static_cast<std::size_t>(ti)].name;
    if (standings_list_.button(label.c_str())) start_round(saved_season(records_.championship), *next);
  }
  if (standings_list_.button("Back to menu")) {
    close_race();
    go(Screen::MainMenu);
  }
  if (standings_list_.end() && screen_ == Screen::Standings) {
    close_race();
    go(Screen::MainMenu);
  }
}

// ---- championship menu ---------------------------------------------------------------------

void FlowApp::championship_menu() {
  const UiFonts& f = ui_.fonts();
  if (!records_.championship) {
    go(Screen::MainMenu);
    return;
  }
  const ChampionshipProgress& progress = *records_.championship;
  const std::vector<std::string> rounds = season_rounds();
  const auto plan = saved_season(records_.championship);
  champ_list_.begin("##champ", f, nav_, "CHAMPIONSHIP", 560.0f);
  const bool done = !next_round_track(progress, rounds);
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

}  // namespace racer
