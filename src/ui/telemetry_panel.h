#pragma once
// The "Telemetry" window (F8 in a race): rolling plots of one car's speed, steering,
// throttle and brake, slip and g-forces over the last seconds, the lap under way drawn over
// the best lap (speed, throttle and brake against lap time), and Export of the last or the
// best lap as CSV (columns in game/telemetry.h and docs/car-format.md) under
// <data dir>/telemetry/. The samples are kept by the race screen (game/telemetry.h); the
// panel only draws them.
#include <filesystem>
#include <optional>
#include <string>

#include "game/game_race.h"
#include "game/telemetry.h"

namespace racer {

/// What the panel keeps between frames: the UI's own choices.
struct TelemetryPanelState {
  bool open = false;
  int car = -1;                  ///< the car sampled; -1 = the car the camera follows
  std::string export_message;    ///< "Wrote <path>" or why not
  bool export_ok = true;
};

/// What the panel shows: the log of `car`, and where an export goes (`stem` names the file:
/// "<track>-<car>-lap<N>").
struct TelemetryView {
  const TelemetryLog* log = nullptr;
  int car = 0;
  std::optional<std::filesystem::path> data_dir;  ///< nullopt: Export is off
  std::string stem;
};

/// Draws the window when state.open; a pick in the car list sets state.car.
void draw_telemetry_panel(const GameRace& race, TelemetryPanelState& state, const TelemetryView& view);

}  // namespace racer
