#include "app/options.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <functional>
#include <string_view>
#include <vector>

#include "core/fixed_step.h"

namespace racer {
namespace {

constexpr int kDefaultScreenshotFrames = 180;

struct OptionSpec {
  const char* name;   // without the leading "--"
  const char* value;  // value placeholder; nullptr = a flag
  const char* help;   // includes the default
  /// Stores the value; returns an error message or "".
  std::function<std::string(Options&, std::string_view)> apply;
};

template <class T>
bool parse_number(std::string_view text, T& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && !text.empty();
}

std::function<std::string(Options&, std::string_view)> int_in(int Options::*field, int lo, int hi, const char* what) {
  return [=](Options& o, std::string_view v) -> std::string {
    int n = 0;
    if (!parse_number(v, n) || n < lo || n > hi)
      return std::string(what) + " must be a whole number from " + std::to_string(lo) + " to " +
             std::to_string(hi) + ", got '" + std::string(v) + "'";
    o.*field = n;
    return {};
  };
}

std::function<std::string(Options&, std::string_view)> flag(bool Options::*field) {
  return [=](Options& o, std::string_view) -> std::string {
    o.*field = true;
    return {};
  };
}

// Degrees in [-360, 360] (a heading of the lab's hybrid A*).
std::string parse_heading(std::string_view v, const char* option, std::optional<double>& out) {
  double deg = 0.0;
  if (!parse_number(v, deg) || !(deg >= -360.0 && deg <= 360.0))
    return std::string(option) + " must be degrees from -360 to 360, counter-clockwise from screen right (90 = up), got '" +
           std::string(v) + "'";
  out = deg;
  return {};
}

// "X0,Y0,X1,Y1" with whole numbers >= 0 (a box of lab cells).
std::string parse_box(std::string_view v, const char* option, std::optional<std::vector<int>>& out) {
  std::vector<int> n;
  while (!v.empty()) {
    const std::size_t comma = v.find(',');
    int k = -1;
    if (!parse_number(v.substr(0, comma), k) || k < 0) break;
    n.push_back(k);
    v = comma == std::string_view::npos ? std::string_view() : v.substr(comma + 1);
  }
  if (n.size() != 4 || !v.empty()) return std::string(option) + " must be X0,Y0,X1,Y1 (whole numbers >= 0)";
  out = n;
  return {};
}

// "X,Y" with whole numbers >= 0.
std::string parse_cell(std::string_view v, const char* option, std::optional<std::pair<int, int>>& out) {
  const std::size_t comma = v.find(',');
  int x = -1, y = -1;
  if (comma == std::string_view::npos || !parse_number(v.substr(0, comma), x) || !parse_number(v.substr(comma + 1), y) ||
      x < 0 || y < 0)
    return std::string(option) + " must be a cell X,Y of whole numbers >= 0, got '" + std::string(v) + "'";
  out = std::pair{x, y};
  return {};
}

const std::vector<OptionSpec>& table() {
  static const std::vector<OptionSpec> kTable{
      {"car", "FILE", "car file to drive (default assets/cars/sedan.json)",
       [](Options& o, std::string_view v) -> std::string {
         if (v.empty()) return "--car needs a file name";
         o.car = std::string(v);
         return {};
       }},
      {"track", "FILE", "track file: starts a quick race on it at once, e.g. tracks/port_ardent.json (default: the main menu)",
       [](Options& o, std::string_view v) -> std::string {
         if (v.empty()) return "--track needs a file name";
         o.track = std::string(v);
         return {};
       }},
      {"rate", "HZ", "physics steps per second, 60..500 (default 240)",
       [](Options& o, std::string_view v) -> std::string {
         double hz = 0.0;
         if (!parse_number(v, hz) || !(hz >= FixedStep::kMinRate && hz <= FixedStep::kMaxRate))
           return "--rate must be a number from 60 to 500, got '" + std::string(v) + "'";
         o.rate_hz = hz;
         return {};
       }},
      {"screenshot", "FILE.png",
       "write the last frame (see --frames) as PNG and exit: the screen --screen or --track starts on; "
       "free drive: a short scripted run (default: none)",
       [](Options& o, std::string_view v) -> std::string {
         if (v.size() < 5 || v.substr(v.size() - 4) != ".png")
           return "--screenshot needs a file name ending in .png, got '" + std::string(v) + "'";
         o.screenshot = std::string(v);
         return {};
       }},
      {"frames", "N",
       "frames to run at a fixed 60 fps of simulated time, as fast as possible, then exit "
       "(default 180 with --screenshot, otherwise run until quit)",
       int_in(&Options::frames, 1, 1000000, "--frames")},
      {"width", "PX", "window width (default 1280)", int_in(&Options::width, 320, 16384, "--width")},
      {"height", "PX", "window height (default 720)", int_in(&Options::height, 240, 16384, "--height")},
      {"fullscreen", nullptr, "fullscreen at the desktop resolution (default off)", flag(&Options::fullscreen)},
      {"frame-stats", "OUT.json",
       "when the game exits (also on SIGTERM or SIGINT) write the frames drawn, mean and 1% low frame rate, "
       "frame-time percentiles, CPU per wall second and peak memory to this file (default: none)",
       [](Options& o, std::string_view v) -> std::string {
         if (v.empty()) return "--frame-stats needs a file name";
         o.frame_stats = std::string(v);
         return {};
       }},
      {"manual", nullptr, "start with the manual gearbox (default: as the car file says; M toggles)", flag(&Options::manual)},
      {"no-abs", nullptr, "start with ABS off (default: as the car file says; F2 toggles)", flag(&Options::no_abs)},
      {"no-tcs", nullptr, "start with traction control off (default: as the car file says; F3 toggles)", flag(&Options::no_tcs)},
      {"headless", nullptr,
       "run a race of AI cars with no window and write --results (needs --track; default off)",
       flag(&Options::headless)},
      {"opponents", "N", "AI cars in the quick race started with --track, 0..11 (default 5)",
       int_in(&Options::opponents, 0, 11, "--opponents")},
      {"autodrive", nullptr, "the AI drives your car (demo runs; default off)", flag(&Options::autodrive)},
      {"ai-panel", nullptr, "a race starts with the AI debug and tuning panel open (default off; F4 toggles)",
       flag(&Options::ai_panel)},
      {"debug", nullptr,
       "a race starts with the debug overlays panel open and the AI, tyre-force and contact overlays on "
       "(default off; F7 toggles)",
       flag(&Options::debug)},
      {"panels", "LIST",
       "panels a race starts with open, comma-separated: ai, overlays, telemetry, vehicle, perf "
       "(default none; F4, F7, F8, F1, F9 toggle them)",
       [](Options& o, std::string_view v) -> std::string {
         o.panels.clear();
         std::size_t start = 0;
         while (start <= v.size()) {
           const std::size_t comma = std::min(v.find(',', start), v.size());
           const std::string_view name = v.substr(start, comma - start);
           if (name != "ai" && name != "overlays" && name != "telemetry" && name != "vehicle" && name != "perf")
             return "--panels takes ai, overlays, telemetry, vehicle or perf, comma-separated; got '" +
                    std::string(name) + "'";
           o.panels.emplace_back(name);
           start = comma + 1;
         }
         return {};
       }},
      {"prerun", "S",
       "a race started from the command line is first run this many seconds of race time without drawing, "
       "0..3600 (default 0; --screen race: 9), e.g. for a screenshot after some laps",
       [](Options& o, std::string_view v) -> std::string {
         double s = 0.0;
         if (!parse_number(v, s) || !(s >= 0.0 && s <= 3600.0))
           return "--prerun must be seconds from 0 to 3600, got '" + std::string(v) + "'";
         o.prerun_s = s;
         return {};
       }},
      {"debug-grid", nullptr, "as --debug, with the cost grid and distance field overlays on too (default off)",
       flag(&Options::debug_grid)},
      {"grid-slot", "N", "your grid slot in a race, 1 = pole, 1..12 (default: the back of the grid)",
       [](Options& o, std::string_view v) -> std::string {
         int n = 0;
         if (!parse_number(v, n) || n < 1 || n > 12)
           return "--grid-slot must be a whole number from 1 to 12, got '" + std::string(v) + "'";
         o.grid_slot = n - 1;
         return {};
       }},
      {"screen", "S",
       "start on a screen: menu, race (a race in progress), results (of a short race, driven at once), "
       "drive (free driving with the vehicle panel: the test ground, or --track), or a setup screen: "
       "quick-race, time-trial, championship (a new one; --car picks the car shown) (default: menu, "
       "or a race with --track)",
       [](Options& o, std::string_view v) -> std::string {
         if (v != "menu" && v != "race" && v != "results" && v != "drive" && v != "quick-race" && v != "time-trial" &&
             v != "championship")
           return "--screen must be menu, race, results, drive, quick-race, time-trial or championship, got '" +
                  std::string(v) + "'";
         o.screen = std::string(v);
         return {};
       }},
      {"lab", nullptr, "start in the planner lab (default: the main menu; also in the menu as Planner Lab)",
       flag(&Options::lab)},
      {"map", "FILE", "planner lab map: a MovingAI .map or a track .json (cost grid) (default: a built-in map)",
       [](Options& o, std::string_view v) -> std::string {
         if (v.empty()) return "--map needs a file name";
         o.map = std::string(v);
         o.lab = true;
         return {};
       }},
      {"lab-start", "X,Y", "planner lab: the start cell, column and row from the top left (default: near the top left)",
       [](Options& o, std::string_view v) -> std::string { return parse_cell(v, "--lab-start", o.lab_start); }},
      {"lab-goal", "X,Y", "planner lab: the goal cell (default: far from the start)",
       [](Options& o, std::string_view v) -> std::string { return parse_cell(v, "--lab-goal", o.lab_goal); }},
      {"lab-planners", "A,B,..", "planner lab: the planners shown at start, e.g. astar_generic,hpa,navmesh "
                                  "(default astar_generic,greedy,hpa,navmesh,lpa)",
       [](Options& o, std::string_view v) -> std::string {
         o.lab_planners.clear();
         while (!v.empty()) {
           const std::size_t comma = v.find(',');
           const std::string_view name = v.substr(0, comma);
           if (name.empty()) return "--lab-planners needs names separated by commas";
           o.lab_planners.emplace_back(name);
           v = comma == std::string_view::npos ? std::string_view() : v.substr(comma + 1);
         }
         if (o.lab_planners.empty()) return "--lab-planners needs at least one name";
         return {};
       }},
      {"lab-box", "X0,Y0,X1,Y1", "planner lab: add a box obstacle over these cells once the planners have answered "
                                  "(the incremental ones repair; default none)",
       [](Options& o, std::string_view v) { return parse_box(v, "--lab-box", o.lab_box); }},
      {"lab-view", "X0,Y0,X1,Y1", "planner lab: show these cells at start, zoomed to fit (default: the whole map; F fits it)",
       [](Options& o, std::string_view v) { return parse_box(v, "--lab-view", o.lab_view); }},
      {"lab-step", "N", "planner lab: show only the first N expansions of the selected planner (default: all)",
       [](Options& o, std::string_view v) -> std::string {
         if (!parse_number(v, o.lab_step) || o.lab_step < 0) return "--lab-step must be a whole number >= 0";
         return {};
       }},
      {"lab-heading", "DEG", "planner lab: hybrid A*'s start heading, degrees counter-clockwise from screen right "
                             "(90 = up), -360..360 (default 0)",
       [](Options& o, std::string_view v) -> std::string { return parse_heading(v, "--lab-heading", o.lab_heading); }},
      {"lab-goal-heading", "DEG", "planner lab: hybrid A*'s goal heading, as --lab-heading (default 0)",
       [](Options& o, std::string_view v) -> std::string { return parse_heading(v, "--lab-goal-heading", o.lab_goal_heading); }},
      {"edit", "FILE",
       "open the track editor on FILE (a shipped or user track; Ctrl+S saves to $XDG_DATA_HOME/racer/tracks/), "
       "or --edit --new for a new track from the template (default: the main menu; also in the menu as Track Editor)",
       [](Options& o, std::string_view v) -> std::string {
         if (v == "--new") o.edit_new = true;
         else if (v.empty()) return "--edit needs a track file (or --new)";
         else o.edit = std::string(v);
         return {};
       }},
      {"new", nullptr, "with --edit: start a new track from the editor's template", flag(&Options::edit_new)},
      {"edit-script", "STEPS",
       "editor steps run when the editor opens, separated by ';': select KIND:I, add KIND:I, move DX,DY, "
       "width point:I W, undo, redo (KIND: point, zone, corner, obstacle, barrier, branch, bpoint, kerb); "
       "repeated, the steps run in order (default: none)",
       [](Options& o, std::string_view v) -> std::string {
         o.edit_script += (o.edit_script.empty() ? "" : ";") + std::string(v);
         return {};
       }},
      {"cars", "N", "headless: AI cars in the race, 1..40 (default 8)", int_in(&Options::cars, 1, 40, "--cars")},
      {"laps", "L", "race length in laps, 1..100 (default 3)", int_in(&Options::laps, 1, 100, "--laps")},
      {"seed", "S", "seed of the AI's randomness, a whole number >= 0 (default 1)",
       [](Options& o, std::string_view v) -> std::string {
         std::uint64_t n = 0;
         if (!parse_number(v, n)) return "--seed must be a whole number >= 0, got '" + std::string(v) + "'";
         o.seed = n;
         return {};
       }},
      {"difficulty", "D", "AI difficulty: easy, medium, hard or mixed (fastest at the back; default mixed)",
       [](Options& o, std::string_view v) -> std::string {
         if (!is_race_difficulty(v))
           return "--difficulty must be easy, medium, hard or mixed, got '" + std::string(v) + "'";
         o.difficulty = std::string(v);
         return {};
       }},
      {"results", "OUT.json", "headless: file the race results are written to (required with --headless)",
       [](Options& o, std::string_view v) -> std::string {
         if (v.empty()) return "--results needs a file name";
         o.results = std::string(v);
         return {};
       }},
      {"record", "FILE", "headless: also write the race as a replay to this file (docs/replays.md; default: none)",
       [](Options& o, std::string_view v) -> std::string {
         if (v.empty()) return "--record needs a file name";
         o.record = std::string(v);
         return {};
       }},
      {"replay", "FILE",
       "play a replay (docs/replays.md) in the window; with --headless, re-simulate it and write --results "
       "(the race's set-up comes from the file)",
       [](Options& o, std::string_view v) -> std::string {
         if (v.empty()) return "--replay needs a file name";
         o.replay = std::string(v);
         return {};
       }},
  };
  return kTable;
}

}  // namespace

std::string usage(const char* program) {
  std::string out = std::string("usage: ") + program + " [options]\n\nA top-down 2D racing game.\n\nOptions:\n";
  auto line = [&out](const std::string& left, const char* help) {
    out += "  " + left;
    out += std::string(left.size() < 24 ? 24 - left.size() : 1, ' ');
    out += help;
    out += '\n';
  };
  for (const OptionSpec& o : table())
    line(std::string("--") + o.name + (o.value ? std::string(" ") + o.value : ""), o.help);
  line("--help", "show this help and exit");
  out +=
      "\nMenus: arrows (or gamepad d-pad / left stick) move, Enter (A) confirms, Esc (B) goes back.\n"
      "Keys in a race (rebindable in Settings): arrows or WASD drive (automatic box: hold brake at\n"
      "a stop to reverse), Space handbrake, Q/E or PageDown/PageUp shift (manual box: through R,\n"
      "N, 1..n), M automatic/manual gearbox, F2 ABS on/off, F3 traction control on/off, R respawn\n"
      "on the road (3 s held), F4 AI debug and tuning panel, F7 debug overlays, Esc pause. Free drive (--screen drive): R back to the start,\n"
      "F5 reload the track and car files, F1 vehicle panel, Esc quit. Anywhere: F6 frame rate and frame time overlay.\n"
      "Gamepad: left stick steer, RT throttle, LT brake, X handbrake, A/B or shoulders shift,\n"
      "Y automatic/manual gearbox, Back respawn, Start pause.\n"
      "Planner lab (--lab): left click start, right click goal, shift-drag walls, ctrl-drag erase,\n"
      "wheel zoom, drag pan, Left/Right step a search, Tab next planner, H hybrid A*'s heading (shift: at the\n"
      "goal), Esc back (docs/lab.md).\n"
      "Track editor (--edit): click selects (shift: adds), drag moves, right drag or middle drag pans, wheel zooms,\n"
      "Ins inserts a point after the selected one, Del deletes, Ctrl+Z/Ctrl+Y undo/redo, Ctrl+S saves, G snapping,\n"
      "F5 drives the track, F8 races it against AI cars, F10 (in the race) back to the editor, Esc back.\n";
  return out;
}

RaceChoices race_choices(const Options& o) {
  RaceChoices c;
  c.mode = RaceMode::Quick;
  c.track_path = o.track;
  c.car_path = o.car;
  c.opponents = o.opponents;
  c.laps = o.laps;
  c.difficulty = o.difficulty;
  c.grid_slot = o.grid_slot;
  c.seed = o.seed;
  c.rate_hz = o.rate_hz;
  c.autodrive = o.autodrive;
  c.manual = o.manual;
  c.no_abs = o.no_abs;
  c.no_tcs = o.no_tcs;
  return c;
}

ParsedOptions parse_options(int argc, const char* const* argv) {
  ParsedOptions result;
  auto fail = [&result](std::string message) {
    result.action = ParsedOptions::Action::Error;
    result.message = std::move(message);
    return result;
  };
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      result.action = ParsedOptions::Action::Help;
      return result;
    }
    if (arg.substr(0, 2) != "--") return fail("unexpected argument '" + std::string(arg) + "'");
    arg.remove_prefix(2);
    std::string_view inline_value;
    bool has_inline = false;
    if (const auto eq = arg.find('='); eq != std::string_view::npos) {
      inline_value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      has_inline = true;
    }
    const OptionSpec* spec = nullptr;
    for (const OptionSpec& o : table())
      if (arg == o.name) spec = &o;
    if (spec == nullptr) return fail("unknown option '--" + std::string(arg) + "'");
    std::string_view value;
    if (spec->value != nullptr) {
      if (has_inline) value = inline_value;
      else if (i + 1 < argc) value = argv[++i];
      else return fail("--" + std::string(arg) + " needs a value (" + spec->value + ")");
    } else if (has_inline) {
      return fail("--" + std::string(arg) + " takes no value");
    }
    if (std::string error = spec->apply(result.options, value); !error.empty()) return fail(error);
  }
  const Options& o = result.options;
  if (o.headless && o.replay.empty() && (o.track.empty() || o.results.empty()))
    return fail("--headless needs --track FILE and --results OUT.json");
  if (o.headless && !o.replay.empty() && o.results.empty()) return fail("--headless --replay needs --results OUT.json");
  if (!o.record.empty() && !o.headless) return fail("--record is for --headless races (the game records every race)");
  if (!o.record.empty() && !o.replay.empty()) return fail("--record and --replay do not go together");
  if (!o.edit_script.empty() && !o.editing()) return fail("--edit-script goes with --edit FILE or --edit --new");
  if (!o.edit.empty() && o.edit_new) return fail("--edit FILE and --new do not go together");
  if (o.editing() && (o.headless || !o.track.empty() || o.lab || !o.replay.empty()))
    return fail("--edit does not go with --headless, --track, --lab or --replay");
  if (!result.options.screenshot.empty() && result.options.frames == 0)
    result.options.frames = kDefaultScreenshotFrames;
  return result;
}

}  // namespace racer
