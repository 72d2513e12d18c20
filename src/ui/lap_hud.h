#pragma once
// The lap timer on a track, built every frame from the live LapTimer (immediate mode):
//   top right   the track's name, lap n, the running lap time in big type, the sector
//               splits of the running lap with their delta to the best lap's sectors
//               (green faster, red slower), the last and the best lap, OFF TRACK
//   top centre  one banner: WRONG WAY, a lap that did not count (missed checkpoint), a
//               completed lap (a new best in green), or "cross the line to start the timer"
#include <string>

#include "game/lap_timer.h"
#include "ui/imgui_layer.h"

namespace racer {

/// `now`: simulated time, s.
void draw_lap_hud(const LapTimer& timer, const std::string& track_name, double now, const UiFonts& fonts);

/// "1:23.456" ("0:23.456" under a minute); "--:--.---" for a negative or non-finite time.
std::string format_lap_time(double seconds);
/// "+0.123" / "-0.123".
std::string format_delta(double seconds);

}  // namespace racer
