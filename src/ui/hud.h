#pragma once
// The always-on readout: speed and gear in big type in the bottom-right corner, and one
// line of key help along the bottom.
#include "sim/snapshot.h"
#include "ui/imgui_layer.h"

namespace racer {

void draw_hud(const CarSnapshot& car, const UiFonts& fonts, bool gamepad_connected);

}  // namespace racer
