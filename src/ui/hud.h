#pragma once
// The always-on readout, bottom right: speed and gear in big type (the gear framed amber
// with the automatic box, blue with the manual one, red in reverse), and a row of chips
// above it: ABS and TCS on (green) / off (red) / acting (amber) and AUTO or MANUAL.
// One line of key help along the bottom, for the keyboard or the gamepad.
#include "sim/snapshot.h"
#include "ui/driver_aids.h"
#include "ui/imgui_layer.h"

namespace racer {

void draw_hud(const CarSnapshot& car, const DriverAids& aids, const UiFonts& fonts, bool gamepad_connected);
/// Only the key help line along the bottom (with another HUD, e.g. ui/race_hud.h).
void draw_key_help(const DriverAids& aids, const UiFonts& fonts, bool gamepad_connected);

}  // namespace racer
