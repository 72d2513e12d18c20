// racer: parse the command line, then one of
//   --headless        a race of AI cars with no window, results as JSON (app/headless.h);
//                     with --replay FILE, the recorded race re-simulated
//   --replay FILE     the replay player in the window (app/race_screen.h create_replay)
//   --screen drive    free driving on the test ground or --track (app/game_app.h)
//   otherwise         the game: menus and races (app/flow_app.h), starting on the main menu,
//                     or straight in a race with --track / --screen race / --screen results,
//                     or on a setup screen with --screen quick-race / time-trial / championship
// Files named on the command line are checked before any window opens (status 1 if bad).
#include <cstdio>
#include <fstream>

#include "app/asset_path.h"
#include "app/flow_app.h"
#include "app/game_app.h"
#include "app/headless.h"
#include "app/options.h"
#include "editor/script.h"
#include "editor/track_file.h"
#include "game/lab_map.h"
#include "game/lab_planners.h"
#include "game/replay_file.h"
#include "game/replay_race.h"
#include "game/storage.h"
#include "platform/process_usage.h"
#include "platform/window.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {
namespace {

constexpr const char* kDemoTrack = "tracks/lantern_hill.json";

/// --frame-stats: the summary as JSON, and one line on stderr. False if it cannot be written.
bool write_frame_stats(const Options& options, const FrameProfile& profile) {
  if (options.frame_stats.empty()) return true;
  const FrameStatsSummary s = profile.summary();
  std::ofstream out(options.frame_stats);
  out << frame_stats_json(s);
  out.close();
  if (!out) {
    std::fprintf(stderr, "racer: could not write --frame-stats %s\n", options.frame_stats.c_str());
    return false;
  }
  std::fprintf(stderr, "racer: %s\n", frame_stats_line(s).c_str());
  return true;
}

int run_free_drive(const Options& options, const char* program) {
  const Result<CarSpec> spec = load_car_spec(resolve_asset(options.car));
  if (!spec) {
    std::fprintf(stderr, "%s\n", spec.error_text().c_str());
    return 1;
  }
  std::shared_ptr<const Track> track;
  if (!options.track.empty()) {
    auto loaded = Track::load(resolve_asset(options.track));
    if (!loaded) {
      std::fprintf(stderr, "%s\n", loaded.error_text().c_str());
      return 1;
    }
    track = loaded.value();
  }
  WindowConfig window_config;
  window_config.title = "racer - " + (track ? track->spec().name + " - " : std::string()) + spec.value().name;
  window_config.width = options.width;
  window_config.height = options.height;
  window_config.fullscreen = options.fullscreen;
  window_config.vsync = !options.fixed_time();  // fixed-time runs go as fast as they can
  window_config.allow_no_display = !options.screenshot.empty();
  Window window(window_config);
  if (!window.ok()) {
    std::fprintf(stderr, "%s: %s\n", program, window.error().c_str());
    return 1;
  }
  install_stop_signals();  // a benchmark's SIGTERM ends the loop: the stats get written
  std::optional<std::filesystem::path> user_data;  // the Car editor's Save as
  if (auto dir = data_dir(process_environment())) user_data = dir.value();
  GameApp app(options, spec.value(), track, window, user_data);
  const int status = app.run();
  return write_frame_stats(options, app.profile()) ? status : 1;
}

/// The race the command line asks for, its files checked; nullopt after printing an error.
std::optional<RacePlan> command_line_race(const Options& o, FlowConfig& config) {
  RaceChoices choices = race_choices(o);
  choices.track_path = resolve_asset(o.track.empty() ? kDemoTrack : o.track);
  choices.car_path = resolve_asset(o.car);
  if (o.screen == "race") {  // a race in progress: 8 cars, some seconds after the start
    if (choices.opponents < 0) choices.opponents = 7;
    choices.autodrive = true;
    config.prerun_s = 9.0;
  } else if (o.screen == "results") {  // a short race driven to the end at once
    if (choices.opponents < 0) choices.opponents = 3;
    choices.laps = 1;
    choices.autodrive = true;
    config.prerun_to_finish = true;
  }
  if (o.prerun_s > 0.0) config.prerun_s = o.prerun_s;
  RacePlan plan = make_race_plan(choices);
  auto track = Track::load(plan.track_path);
  if (!track) {
    std::fprintf(stderr, "%s\n", track.error_text().c_str());
    return std::nullopt;
  }
  plan.track = track.value();
  const Result<CarSpec> car = load_car_spec(plan.car_path);
  if (!car) {
    std::fprintf(stderr, "%s\n", car.error_text().c_str());
    return std::nullopt;
  }
  return plan;
}

/// The replay of --replay FILE, its track, car and profiles loaded and checked; false after
/// printing why it cannot be played.
bool command_line_replay(const Options& o, FlowConfig& config) {
  Result<Replay> replay = read_replay_file(o.replay);
  if (!replay) {
    std::fprintf(stderr, "%s\n", replay.error_text().c_str());
    return false;
  }
  if (replay.value().setup.kind != ReplayKind::Game) {
    std::fprintf(stderr, "%s: a headless race's replay: re-simulate it with --headless --replay %s --results OUT.json\n",
                 o.replay.c_str(), o.replay.c_str());
    return false;
  }
  Result<ReplayAssets> assets = load_replay_assets(replay.value().setup, o.replay, resolve_asset);
  if (!assets) {
    std::fprintf(stderr, "%s\n", assets.error_text().c_str());
    return false;
  }
  config.start_replay = std::move(replay).value();
  config.start_replay_assets = std::move(assets).value();
  return true;
}

/// The lab's map and choices from the command line, checked; false after printing an error.
bool command_line_lab(const Options& o, FlowConfig& config) {
  if (o.map.empty()) {
    config.lab_map = builtin_lab_map();
  } else {
    auto map = load_lab_map(resolve_asset(o.map));
    if (!map) {
      std::fprintf(stderr, "%s\n", map.error_text().c_str());
      return false;
    }
    config.lab_map = std::move(map.value());
  }
  const SearchGrid& g = config.lab_map->grid;
  for (const auto& [cell, option] : {std::pair{o.lab_start, "--lab-start"}, std::pair{o.lab_goal, "--lab-goal"}}) {
    if (!cell) continue;
    if (!g.in_bounds(cell->first, cell->second)) {
      std::fprintf(stderr, "racer: %s %d,%d is outside the %d x %d map\n", option, cell->first, cell->second, g.width(), g.height());
      return false;
    }
  }
  if (o.lab_start) config.lab_start = GridCell{o.lab_start->first, o.lab_start->second};
  if (o.lab_goal) config.lab_goal = GridCell{o.lab_goal->first, o.lab_goal->second};
  std::string known;
  const auto layers = lab_layers();
  for (const auto& l : layers) known += (known.empty() ? "" : ", ") + std::string(l->name());
  for (const std::string& name : o.lab_planners) {
    bool found = false;
    for (const auto& l : layers) found = found || l->name() == name;
    if (!found) {
      std::fprintf(stderr, "racer: --lab-planners: no planner '%s' (there are: %s)\n", name.c_str(), known.c_str());
      return false;
    }
  }
  config.lab_planners = o.lab_planners;
  return true;
}

/// The editor's document of --edit FILE / --edit --new (and --edit-script run on it);
/// false after printing why it cannot open. A track from the user's tracks folder saves
/// over itself; any other (a shipped one) saves under its name into that folder.
bool command_line_editor(const Options& o, FlowConfig& config) {
  namespace fs = std::filesystem;
  const fs::path tracks = config.data_dir ? editor::user_tracks_dir(*config.data_dir) : fs::path();
  TrackSpec spec;
  fs::path save;
  std::string label;
  if (o.edit_new) {
    spec = editor::template_track();
    save = tracks / "new_track.json";
    label = "new track";
  } else {
    const std::string path = resolve_asset(o.edit);
    Result<TrackSpec> loaded = load_track_spec(path);
    if (!loaded) {
      std::fprintf(stderr, "%s\n", loaded.error_text().c_str());
      return false;
    }
    spec = std::move(loaded).value();
    const fs::path file(path);
    std::error_code ec;
    const bool user_track = !tracks.empty() && fs::weakly_canonical(file.parent_path(), ec) == fs::weakly_canonical(tracks, ec);
    save = user_track ? file : tracks / file.filename();
    label = "open " + file.filename().string();
  }
  editor::Document doc(std::move(spec), save, label);
  if (const std::vector<DataError> errors = editor::run_edit_script(doc, o.edit_script); !errors.empty()) {
    std::fprintf(stderr, "racer: %s\n", join_errors(errors).c_str());
    return false;
  }
  config.start_editor = std::move(doc);
  return true;
}

int run_game(const Options& o, const char* program) {
  FlowConfig config;
  config.options = o;
  if (o.lab && !command_line_lab(o, config)) return 1;
  if (!o.replay.empty() && !command_line_replay(o, config)) return 1;
  const StorageEnvironment env = process_environment();
  if (auto dir = config_dir(env)) config.config_dir = dir.value();
  if (auto dir = data_dir(env)) config.data_dir = dir.value();
  if (o.editing() && !command_line_editor(o, config)) return 1;
  if (o.replay.empty() && (!o.track.empty() || o.screen == "race" || o.screen == "results")) {
    config.start_race = command_line_race(o, config);
    if (!config.start_race) return 1;
  }
  if (o.screen == "quick-race") config.start_setup = RaceMode::Quick;
  if (o.screen == "time-trial") config.start_setup = RaceMode::TimeTrial;
  if (o.screen == "championship") config.start_setup = RaceMode::Championship;
  WindowConfig window_config;
  window_config.title = "racer";
  window_config.width = o.width;
  window_config.height = o.height;
  window_config.fullscreen = o.fullscreen;
  window_config.vsync = !o.fixed_time();
  window_config.allow_no_display = !o.screenshot.empty();
  Window window(window_config);
  if (!window.ok()) {
    std::fprintf(stderr, "%s: %s\n", program, window.error().c_str());
    return 1;
  }
  install_stop_signals();  // a benchmark's SIGTERM ends the loop: the stats get written
  FlowApp app(std::move(config), window);
  const int status = app.run();
  return write_frame_stats(o, app.profile()) ? status : 1;
}

}  // namespace
}  // namespace racer

int main(int argc, char** argv) {
  using namespace racer;
  const ParsedOptions parsed = parse_options(argc, argv);
  switch (parsed.action) {
    case ParsedOptions::Action::Help:
      std::fputs(usage(argv[0]).c_str(), stdout);
      return 0;
    case ParsedOptions::Action::Error:
      std::fprintf(stderr, "%s: %s\n(see %s --help)\n", argv[0], parsed.message.c_str(), argv[0]);
      return 2;
    case ParsedOptions::Action::Run: break;
  }
  const Options& options = parsed.options;
  if (options.headless) return run_headless(options);  // before any window or video
  if (options.screen == "drive") return run_free_drive(options, argv[0]);
  return run_game(options, argv[0]);
}
