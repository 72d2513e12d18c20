#pragma once
// The race HUD: everything a driver needs on screen during a race (or a timed run), drawn
// with ImGui's draw lists from one plain-data RaceHudModel, built every frame (immediate
// mode, no mirrored state). Every size comes from the display size (designed at 1280x720,
// scaled by its height; also laid out for 1920x1080 and wider):
//
//   top left      position "P3/8", "LAP 2/5" (FINAL LAP / chequered), gap ahead / behind
//   top right     the running lap in big type, last lap with its delta to the best (green
//                 faster, red slower), the best lap (purple)
//   top centre    the start lights (5 red, all green at lights out), then the banners:
//                 flags and messages (wrong way, off track, false start penalty, ...)
//   bottom right  the rev gauge: an arc to max rpm with the red zone from the redline, a
//                 strip of shift lights that flashes when it is time to change up, speed
//                 and gear in big type, driver-aid chips (ABS, TCS, AUTO/MANUAL), damage
//   bottom left   free for the minimap (render/minimap.h: minimap_rect)
//
// hud_model() fills the model from a GameRace (a race) or from a LapTimer (the single-car
// timed run), so wiring a screen is one line.
//
// Sections: the model | filling it | drawing it.
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "sim/snapshot.h"
#include "ui/driver_aids.h"
#include "ui/imgui_layer.h"
#include "vehicle/car_spec.h"

namespace racer {

class HudLayers;

class GameRace;
class LapTimer;

// ---- the model ---------------------------------------------------------------------------

/// An interval to another car: seconds on the same lap, or whole laps.
struct HudGap {
  double seconds = 0.0;  ///< s, >= 0
  int laps = 0;          ///< > 0: shown as "+N lap(s)" instead of seconds
  std::string name;      ///< the other driver ("" = not shown)
};

/// How a message is coloured.
enum class HudTone { Info, Good, Warning, Alert };

struct HudMessage {
  std::string text;
  HudTone tone = HudTone::Info;
  double age_s = 0.0;  ///< s since it was posted (it fades in and out with its age)
  bool flash = false;  ///< blinks (WRONG WAY)
};

struct RaceHudModel {
  // --- the car
  double speed_mps = 0.0;        ///< m/s, shown in km/h
  double rpm = 0.0;
  double redline_rpm = 6000.0;   ///< the red zone starts here
  double max_rpm = 6500.0;       ///< the gauge's full scale (rev limiter)
  int gear = 0;                  ///< -1 R, 0 N, 1..n
  bool shift_light = false;      ///< time to change up
  // --- driver aids
  bool abs_on = true, abs_active = false;
  bool tcs_on = true, tcs_active = false;
  bool automatic = true;         ///< AUTO, else MANUAL
  // --- standing (0 = not shown: a timed run has no position and no lap count)
  int position = 0;              ///< 1-based
  int car_count = 0;
  int lap = 0;                   ///< the lap being driven, 1..laps (0 = not started)
  int laps = 0;                  ///< N; 0 = open-ended ("LAP 3")
  // --- timing, s
  std::optional<double> current_lap_s, last_lap_s, best_lap_s;
  std::optional<double> last_lap_delta_s;  ///< last lap minus the best before it (< 0 = faster)
  std::optional<HudGap> gap_ahead, gap_behind;
  // --- the start
  bool lights_visible = false;   ///< draw the start lights at all
  int lights_lit = 0;            ///< red lights lit, 0..lights_count
  int lights_count = 5;
  bool lights_out = false;       ///< all green: go
  // --- flags and messages
  bool last_lap = false;         ///< the final lap is being driven
  bool chequered = false;        ///< the race leader has taken the flag
  bool finished = false;         ///< this car has taken the flag
  std::vector<HudMessage> messages;  ///< newest last; the HUD shows the newest few
  // --- damage (empty / 0 = none)
  double damage = 0.0;           ///< [0, 1], overall; 0 unless damage is Full (it costs the car)
  std::string damage_text;       ///< e.g. "Front left", shown after the percentage
  // --- misc
  std::string title;             ///< track or session name, small above the timing ("" = none)
  double clock_s = 0.0;          ///< s, any running time (drives blinking; sim time keeps it deterministic)
};

// ---- filling it --------------------------------------------------------------------------

/// The redline for a car: the automatic's shift-up point, within [70%, 100%] of max rpm.
double redline_rpm(const CarSpec& spec);
/// Whether the shift light is on: in a forward gear below the top one, at or past 97% of
/// the redline.
bool shift_light_on(double rpm, int gear, const CarSpec& spec);

/// The car part of the model (speed, rpm, gear, shift light, aids) from a snapshot; not the
/// damage, which hud_model() shows only when the race's damage is Full.
void fill_car(RaceHudModel& m, const CarSnapshot& car, const CarSpec& spec, const DriverAids& aids);

/// The whole model for `car` (usually race.player()) of a GameRace. `view`: the car's
/// snapshot as drawn this frame (interpolated); null = the World's current state.
/// Messages of the last `message_window_s` about this car or everyone.
RaceHudModel hud_model(const GameRace& race, int car, const CarSnapshot* view = nullptr,
                       double message_window_s = 3.0);

/// The model for the single-car timed run: lap number (open-ended), running / last / best
/// lap, wrong way, off track and lap events from the LapTimer. `now`: sim time, s.
RaceHudModel hud_model(const LapTimer& timer, const CarSnapshot& car, const CarSpec& spec, const DriverAids& aids,
                       double now, const std::string& title = "");

// ---- drawing it --------------------------------------------------------------------------

/// Draws the HUD for a display of `display_size` px into `draw_list` (null = ImGui's
/// foreground list). Needs an ImGui frame; fonts from ImGuiLayer (any may be the default).
/// With `layers` (begun this frame), the parts that seldom change (plates and labels, the
/// dial's face, the shift lights, the aid chips) go into its layers, copied from textures
/// under the rest (ui/hud_layers.h); without, everything is drawn into `draw_list`.
void draw_race_hud(const RaceHudModel& model, ImVec2 display_size, const UiFonts& fonts,
                   ImDrawList* draw_list = nullptr, HudLayers* layers = nullptr);

/// The standings block (top left) as drawn for `model`, px from the display's left: the
/// plate's left and width, the right end of the position ("P12/12", sized for the field's
/// widest numbers) and the lap column's left and right (its label, "n/N" and the flag).
/// Needs an ImGui context (fonts).
struct StandingsLayout {
  float left = 0.0f, width = 0.0f;
  float position_right = 0.0f;
  float lap_x = 0.0f, lap_right = 0.0f;
};
StandingsLayout standings_layout(const RaceHudModel& model, ImVec2 display_size, const UiFonts& fonts);

/// "P3/8"; "" when the model has no position.
std::string format_position(const RaceHudModel& m);
/// "LAP 2/5", "LAP 3" (open-ended), "" before the first lap.
std::string format_lap(const RaceHudModel& m);
/// "+1.234", "+1 lap", "+2 laps".
std::string format_gap(const HudGap& g);

}  // namespace racer
