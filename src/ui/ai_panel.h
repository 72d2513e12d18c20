#pragma once
// The "AI" debug and tuning window (F4 in a race, or "AI panel" in the pause menu):
//   cars      every AI-driven car: name, live position, profile and difficulty; pick one
//   state     its driver's last decision (DriverState) and the controls it applied this step
//   profile   its AiParams as sliders over the ranges the loader accepts, applied live to
//             that car (or to every car that started with the same profile), grouped by
//             the layer that reads them (speed profile, driver, line, racecraft, routing,
//             local planner); files: Save writes the profile as <data dir>/ai/<name>.json
//             (docs/ai-format.md), Save as under a new name, Load one of the saved
//             profiles, Reset to file re-reads the file of the profile's name (the user's,
//             else the shipped one), Reset returns to the profile the car started with
// Immediate mode: the sliders show the driver's own params every frame (no copy kept); an
// edit goes to the race at once (GameRace::set_driver_params) and takes effect from the
// next step. An untouched panel changes nothing in the simulation.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "game/game_race.h"

namespace racer {

/// What the panel keeps between frames: the UI's own choices, never simulation state.
struct AiPanelState {
  bool open = false;
  int car = -1;                   ///< the car shown; -1 or a car without a driver: the first AI car
  bool apply_to_profile = false;  ///< edits go to every car that started with the picked car's profile
  bool show_line = true;          ///< the overlay of the car's line on the track (RaceScreen draws it)
  bool follow = false;            ///< the race camera follows the car shown (RaceScreen)
  std::optional<double> line_margin_drag;  ///< m, the line margin slider while held (applied on release)
  std::string save_message;       ///< "Saved <path>" or why it was not
  bool save_ok = true;
  std::string save_as_name;       ///< the Save as box's text
  std::vector<std::string> saved_profiles;  ///< the Load list, read when it is opened
  std::string tuned_notice;       ///< why this race keeps no records (game/live_tuning.h); empty: none
};

/// Where the panel's files are: the user's data directory (nullopt: Save, Save as and Load
/// are off, and the panel says so) and the shipped assets (Reset to file).
struct AiProfileFiles {
  std::optional<std::filesystem::path> data_dir;
  std::function<std::string(const std::string&)> asset_path;  ///< project-relative -> path to open
};

/// The car the panel shows: state.car if it has a driver, else the first car with one,
/// else -1 (no AI car in the race).
int ai_panel_car(const GameRace& race, const AiPanelState& state);

/// Draws the window when state.open (its close button clears it). Edits go to `race` live.
void draw_ai_panel(GameRace& race, AiPanelState& state, const AiProfileFiles& files);

}  // namespace racer
