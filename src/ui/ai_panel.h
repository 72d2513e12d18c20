#pragma once
// The "AI" debug and tuning window (F4 in a race, or "AI panel" in the pause menu):
//   cars      every AI-driven car: name, live position, profile and difficulty; pick one
//   state     its driver's last decision (DriverState) and the controls it applied this step
//   profile   its AiParams as sliders over the ranges the loader accepts, applied live to
//             that car (or to every car that started with the same profile); Reset returns
//             to the profile it started with; Save writes the profile as
//             <data dir>/ai/<name>.json (docs/ai-format.md)
// Immediate mode: the sliders show the driver's own params every frame (no copy kept); an
// edit goes to the race at once (GameRace::set_driver_params) and takes effect from the
// next step. An untouched panel changes nothing in the simulation.
#include <filesystem>
#include <optional>
#include <string>

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
};

/// The car the panel shows: state.car if it has a driver, else the first car with one,
/// else -1 (no AI car in the race).
int ai_panel_car(const GameRace& race, const AiPanelState& state);

/// Draws the window when state.open (its close button clears it). Edits go to `race` live.
/// `data_dir`: where Save writes (nullopt: Save is off, and the panel says so).
void draw_ai_panel(GameRace& race, AiPanelState& state, const std::optional<std::filesystem::path>& data_dir);

}  // namespace racer
