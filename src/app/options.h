#pragma once
// Command line of the `racer` executable. Every option, its default and its range are in
// one table (options.cpp), which also prints --help.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game/race_plan.h"

namespace racer {

struct Options {
  std::string car = "assets/cars/sedan.json";  ///< car file
  std::string track;                            ///< track file; empty = the test ground
  double rate_hz = 240.0;                       ///< physics steps per second, [60, 500]
  std::string screenshot;                       ///< PNG written after the last frame; empty = none
  int frames = 0;                               ///< >0: fixed-time run of this many frames, then exit
  int width = 1280, height = 720;               ///< px, window size
  bool fullscreen = false;
  bool manual = false;  ///< start with the manual gearbox (otherwise as the car file says)
  bool no_abs = false;  ///< start with ABS off (otherwise as the car file says)
  bool no_tcs = false;  ///< start with traction control off (otherwise as the car file says)
  // Headless race (--headless): no window, AI cars only, results as JSON.
  bool headless = false;
  int cars = 8;                       ///< AI cars, [1, 40]
  int laps = 3;                       ///< [1, 100]
  std::uint64_t seed = 1;             ///< drives the AI's randomness
  std::string difficulty = "mixed";   ///< easy | medium | hard | mixed
  std::string results;                ///< results JSON file (required with --headless)
  std::string record;                 ///< headless: the race's replay file written; empty = none
  std::string replay;                 ///< a replay to play (window) or re-simulate (--headless); empty = none
  /// At exit (also on SIGTERM / SIGINT): frames, frame rates, frame-time percentiles, CPU
  /// and peak memory as JSON (app/frame_stats.h); empty = none.
  std::string frame_stats;
  // The game's screens (menus, races); see app/flow_app.h.
  int opponents = -1;                 ///< AI cars in a quick race, [0, 11]; < 0 = not given (5)
  bool autodrive = false;             ///< the AI drives the player's car
  bool ai_panel = false;              ///< a race starts with the AI panel open (F4 toggles it)
  bool debug = false;                 ///< a race starts with the debug overlays panel open, its AI, tyre and contact overlays on (F7 toggles it)
  /// Panels a race starts with open: any of ai, overlays, telemetry, vehicle, perf
  /// (F4, F7, F8, F1 and F9 toggle them).
  std::vector<std::string> panels;
  double prerun_s = 0.0;  ///< s of race time run before the first frame of a command-line race; 0 = none
  bool debug_grid = false;            ///< a race starts with the cost grid and distance field overlays on too (implies debug)
  int grid_slot = -1;                 ///< player's grid slot, 0 = pole; < 0 = the back
  /// Screen to start on: "" (the menu, or a quick race with --track), "menu", "race",
  /// "results", or "drive" (free driving on the test ground or --track, the vehicle panel).
  std::string screen;
  // The planner lab (--lab; ui/lab_view.h, docs/lab.md).
  bool lab = false;                        ///< start in the planner lab
  std::string map;                         ///< lab map: a MovingAI .map or a track .json; empty = built-in
  std::optional<std::pair<int, int>> lab_start, lab_goal;  ///< cells (x, y); nullopt = the map's defaults
  std::vector<std::string> lab_planners;   ///< planners enabled at start; empty = the lab's default set
  /// A box obstacle (x0, y0, x1, y1 in cells) added after the planners answered, so the
  /// incremental ones show a repair (screenshots); nullopt = none.
  std::optional<std::vector<int>> lab_box;
  /// The cells shown at start (x0, y0, x1, y1: the box over them fitted into the canvas);
  /// nullopt = the whole map. F fits the whole map again.
  std::optional<std::vector<int>> lab_view;
  long lab_step = -1;                      ///< show the first N expansions of the selected planner; < 0 = all
  /// Hybrid A*'s start and goal headings, degrees counter-clockwise from screen right
  /// (90 = up the screen), [-360, 360]; nullopt = 0.
  std::optional<double> lab_heading, lab_goal_heading;

  // The track editor (--edit; ui/editor_view.h, docs/track-format.md "The editor").
  std::string edit;                        ///< track file to open in the editor; empty = none
  bool edit_new = false;                   ///< open the editor on a new track (the template)
  std::string edit_script;                 ///< editor steps run at start (editor/script.h), ';'-separated; empty = none

  bool editing() const { return !edit.empty() || edit_new; }
  bool fixed_time() const { return frames > 0; }
};

struct ParsedOptions {
  enum class Action { Run, Help, Error };
  Action action = Action::Run;
  Options options;
  std::string message;  ///< the error (Action::Error)
};

ParsedOptions parse_options(int argc, const char* const* argv);
/// The --help text: every option with its default.
std::string usage(const char* program);
/// The race the options ask for (a quick race on --track with --car, --opponents, --laps,
/// ...), before make_race_plan; the menus start from it too and set what they choose.
RaceChoices race_choices(const Options& options);

}  // namespace racer
