#pragma once
// The "Overlays" debug window (F7 in a race; `racer --debug` starts with it open): a switch
// per debug overlay on the world (render/debug_overlays.h), each with its legend, the car
// whose AI overlays are drawn, and the figures of that car's last DWA decision and router
// search. Immediate mode: the figures are read from the driver's debug record every frame.
#include "game/game_race.h"
#include "render/debug_overlays.h"

namespace racer {

/// What the panel keeps between frames: the UI's own choices, never simulation state.
struct OverlayPanelState {
  bool open = false;
  int car = -1;          ///< the car whose AI overlays are drawn; -1 or a car without a driver: the followed one
  OverlaySwitches on;    ///< the overlays drawn (while the panel is open)
};

/// The switches `racer --debug` starts with: every AI overlay (the lines of the followed car,
/// DWA, predictions and lookahead of every AI car), the tyre forces and the contacts (the
/// grid layers are left off: they hide the road).
OverlaySwitches debug_start_switches();

/// The car whose AI overlays are drawn: state.car if it has a driver, else `followed` if it
/// has one, else the first car with a driver, else -1.
int overlay_panel_car(const GameRace& race, const OverlayPanelState& state, int followed);

/// Draws the window when state.open (its close button clears it).
void draw_overlay_panel(const GameRace& race, OverlayPanelState& state, int followed);

}  // namespace racer
