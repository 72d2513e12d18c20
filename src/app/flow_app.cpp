// Sections: set-up | the frame | events | races | race plans | settings and records.
#include "app/flow_app.h"
#include "editor/track_file.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "app/perf_figures.h"
#include "game/ai_profile_store.h"
#include "game/replay_file.h"
#include "game/storage.h"
#include "platform/process_usage.h"
#include "platform/screenshot.h"

namespace racer {
namespace {

constexpr const char* kFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr double kNominalFrame = 1.0 / 60.0;
constexpr Uint32 kMinimisedSleepMs = 30;  // ms a frame while minimised: ~30 frames a second, a core kept idle

}  // namespace

const char* screen_name(Screen s) {
  switch (s) {
    case Screen::MainMenu: return "main menu";
    case Screen::Setup: return "race setup";
    case Screen::Loading: return "loading";
    case Screen::Race: return "race";
    case Screen::Paused: return "paused";
    case Screen::Results: return "results";
    case Screen::Standings: return "standings";
    case Screen::ChampionshipMenu: return "championship";
    case Screen::Settings: return "settings";
    case Screen::Message: return "message";
    case Screen::Lab: return "planner lab";
    case Screen::Editor: return "track editor";
  }
  return "?";
}

// ---- set-up ------------------------------------------------------------------------------

FlowApp::FlowApp(FlowConfig config, Window& window)
    : config_(std::move(config)), window_(window), catalog_(load_catalog(config_.data_dir)),
      ui_(window.sdl_window(), window.renderer(), kFont), clock_(config_.options.rate_hz) {
  if (config_.sim_per_frame <= 0.0 && config_.options.fixed_time()) config_.sim_per_frame = kNominalFrame;
  race_seed_ = config_.options.seed;
  for (const std::string& p : catalog_.problems) messages_.push_back(p);
  if (config_.data_dir)  // profiles saved from the AI panel replace the shipped ones of their name
    prefer_user_ai_profiles(*config_.data_dir, catalog_.profiles, messages_);
  if (config_.config_dir) {
    SettingsLoad s = load_settings(settings_file(*config_.config_dir));
    settings_ = s.settings;
    may_save_settings_ = s.may_save;
    if (s.message) messages_.push_back("Settings: " + *s.message);
  }
  if (config_.data_dir) {
    RecordsLoad r = load_records(records_file(*config_.data_dir));
    records_ = std::move(r.records);
    may_save_records_ = r.may_save;
    if (r.message) messages_.push_back("Records: " + *r.message);
  }
  apply_settings();
  for (const std::string& p : bound_.problems()) messages_.push_back("Settings: " + p);
  if (!audio_.ok()) std::fprintf(stderr, "racer: %s; running silent\n", audio_.error().c_str());
  // The setup screen's defaults: the command line's car and the first good track.
  car_choice_ = std::max(0, catalog_.car_index(config_.options.car));
  for (std::size_t i = 0; i < catalog_.tracks.size(); ++i)
    if (catalog_.tracks[i].ok()) {
      track_choice_ = static_cast<int>(i);
      break;
    }
  const int lh = catalog_.track_index("lantern_hill");
  if (lh >= 0 && catalog_.tracks[static_cast<std::size_t>(lh)].ok()) track_choice_ = lh;

  if (config_.start_race) {
    start_race(*config_.start_race);
    if (race_) prerun();
    if (race_ && config_.options.ai_panel) race_->toggle_ai_panel();
    if (race_) open_panels(config_.options.panels);
    if (race_ && (config_.options.debug || config_.options.debug_grid))
      race_->open_debug_overlays(config_.options.debug_grid);
  }
  if (config_.start_replay && config_.start_replay_assets) {
    race_ = RaceScreen::create_replay(*config_.start_replay, *config_.start_replay_assets, settings_);
    last_plan_ = race_->plan();
    clock_ = FixedStep(last_plan_.rate_hz);
    go(Screen::Race);
  }
  if (config_.lab_map) {
    open_lab(std::move(config_.lab_map));
    config_.lab_map.reset();
  }
  if (config_.start_editor) {
    open_editor(std::move(config_.start_editor));
    config_.start_editor.reset();
  }
  if (config_.start_setup && !race_ && screen_ == Screen::MainMenu) {
    setup_mode_ = *config_.start_setup;
    go(Screen::Setup);
  }
  if (!messages_.empty() && screen_ != Screen::Race && screen_ != Screen::Results && screen_ != Screen::Lab &&
      screen_ != Screen::Editor)
    go(Screen::Message);
  last_counter_ = SDL_GetPerformanceCounter();
}

FlowApp::~FlowApp() { keep_replay(); }

// ---- the frame ---------------------------------------------------------------------------

int FlowApp::run() {
  while (frame()) {
  }
  return exit_status_;
}

bool FlowApp::frame() {
  profile_.begin_frame();
  // Minimised, vsync paces nothing: a short sleep keeps the loop from spinning a core.
  if (minimised_ && config_.sim_per_frame <= 0.0) SDL_Delay(kMinimisedSleepMs);
  poll();
  if (stop_requested()) quit_ = true;  // SIGTERM / SIGINT: end as if quit from the menu
  double seconds = 0.0;
  if (config_.sim_per_frame > 0.0) {
    seconds = frame_dt_ = config_.sim_per_frame;
  } else {
    const std::uint64_t now = SDL_GetPerformanceCounter();
    seconds = static_cast<double>(now - last_counter_) / static_cast<double>(SDL_GetPerformanceFrequency());
    last_counter_ = now;
    frame_dt_ = std::min(seconds, 0.1);
  }
  time_ += frame_dt_;
  if (screen_ == Screen::Race && race_) update_race(seconds);
  else audio_.update(std::vector<audio::CarSound>{}, audio::Listener{});  // menus and pause: the engines fade out
  if (screen_ == Screen::Settings && capture_ == Capture::Pad) capture_binding();
  audio_.set_music(music_cue());
  draw();
  ++frame_;
  if (config_.options.fixed_time() && frame_ >= config_.options.frames) {
    if (!config_.options.screenshot.empty())
      if (const std::string error = save_png(window_.renderer(), config_.options.screenshot); !error.empty()) {
        std::fprintf(stderr, "racer: %s\n", error.c_str());
        exit_status_ = 1;
      }
    quit_ = true;
  }
  const double before_present = profile_.now();
  window_.present();
  profile_.add(FramePhase::Render, profile_.now() - before_present - window_.last_wait());
  return !quit_;
}

audio::MusicCue FlowApp::music_cue() const {
  // The race music from the start lights to the flag, under the pause menu and its
  // settings too (ducked there); the menu theme on every menu; none in the planner lab.
  const bool over_race = screen_ == Screen::Paused || (screen_ == Screen::Settings && settings_return_ == Screen::Paused);
  if (screen_ == Screen::Lab || screen_ == Screen::Editor) return {};
  if (screen_ == Screen::Race || over_race) return {audio::MusicPiece::Race, over_race};
  return {audio::MusicPiece::Menu, false};
}

void FlowApp::go(Screen s) {
  if (s == Screen::Loading) loading_frame_ = frame_;
  if (s == Screen::MainMenu || s == Screen::Setup) race_from_editor_ = false;
  if (s != screen_) {
    previous_screen_ = screen_;
    screen_since_ = time_;
  }
  screen_ = s;
  nav_ = {};
}

float FlowApp::transition() const {
  constexpr double kTransition = 0.2;  // s: short enough never to hold up a player
  const double t = std::clamp((time_ - screen_since_) / kTransition, 0.0, 1.0);
  return static_cast<float>(1.0 - (1.0 - t) * (1.0 - t) * (1.0 - t));  // ease out
}

void FlowApp::draw() {
  SDL_Renderer* r = window_.renderer();
  int w = 0, h = 0;
  window_.output_size(w, h);
  const bool race_behind = race_ && (screen_ == Screen::Race || screen_ == Screen::Paused ||
                                     (screen_ == Screen::Settings && settings_return_ == Screen::Paused));
  PhaseTimer ui_time(&profile_, FramePhase::Ui);
  if (screen_ != last_drawn_ && screen_ != Screen::Loading && screen_ != Screen::Race) {
    // A screen's first frame: one pass that is not shown, so ImGui has measured its panel
    // (an auto-sized panel would otherwise show the last screen's size for a frame). It
    // takes no input: this frame's presses go to the real pass below.
    const NavInput nav = nav_;
    nav_ = {};
    ui_.begin_frame(config_.sim_per_frame);
    draw_menus();
    ImGui::EndFrame();
    nav_ = nav;
  }
  last_drawn_ = screen_;
  previews_drawn_ = false;
  set_menu_motion(transition());
  ui_.begin_frame(config_.sim_per_frame);
  ui_time.stop();
  if (race_behind) {  // times its world (render) and its HUD (UI) itself
    const double alpha = config_.sim_per_frame > 0.0 ? 1.0 : clock_.alpha();
    race_->set_hud_under_windows(show_perf_panel_);  // the Performance panel over the HUD
    race_->render(r, w, h, ui_.fonts(), alpha, frame_dt_, screen_ != Screen::Race, &profile_);
  } else if (screen_ == Screen::Editor && edit_view_) {
    const PhaseTimer render_time(&profile_, FramePhase::Render);
    edit_view_->draw_world(r, w, h, *edit_doc_);
  } else if (screen_ == Screen::Lab) {
    SDL_SetRenderDrawColor(r, 18, 20, 28, 255);
    SDL_RenderClear(r);
  } else {
    const PhaseTimer render_time(&profile_, FramePhase::Render);
    load_backdrop();  // at the first menu frame: a race started from the command line never needs it
    // The land: the backdrop's, or a plain dark colour if its track could not be loaded.
    const Rgba land = backdrop_ ? backdrop_->land() : Rgba{10, 12, 18};
    if (backdrop_) {
      draw_backdrop_track();  // clears to the land itself
    } else {
      SDL_SetRenderDrawColor(r, land.r, land.g, land.b, 255);
      SDL_RenderClear(r);
    }
    draw_menu_backdrop(time_, IM_COL32(land.r, land.g, land.b, 255));
  }
  const PhaseTimer menus_time(&profile_, FramePhase::Ui);
  draw_menus();
  if (screen_ == Screen::Race && previous_screen_ == Screen::Loading && transition() < 1.0f) {
    // A new race fades in from black.
    const auto a = static_cast<unsigned>(std::lround(255.0f * (1.0f - transition())));
    ImGui::GetForegroundDrawList()->AddRectFilled({0, 0}, ImGui::GetIO().DisplaySize, IM_COL32(0, 0, 0, a));
  }
  const FrameAverages& a = profile_.averages();
  const PerfFigures figures = perf_figures(a);
  if (show_perf_) draw_perf_overlay(figures, ui_.fonts());
  if (show_perf_panel_) draw_perf_panel(figures, perf_history(profile_), &show_perf_panel_);
  ui_.end_frame();
  nav_ = {};
}

void FlowApp::load_backdrop() {
  if (backdrop_ || backdrop_tried_) return;
  backdrop_tried_ = true;
  if (const int i = catalog_.track_index("lantern_hill"); i >= 0 && catalog_.tracks[static_cast<std::size_t>(i)].ok()) {
    // Only the meshes and the centreline are kept: the track's surface maps and cost grids
    // (tens of MiB) go at once, before a race loads its own.
    if (auto t = Track::load(catalog_.tracks[static_cast<std::size_t>(i)].path)) {
      const Track& track = *t.value();
      backdrop_line_ = track.centreline();
      backdrop_ = std::make_unique<TrackBackdrop>(track, 380.0);
    }
  }
}

void FlowApp::draw_backdrop_track() {
  if (!backdrop_) return;
  int w = 0, h = 0;
  window_.output_size(w, h);
  // A slow flight along the centreline: the part of the track in view drawn each frame
  // (opaque, over the land as the clear colour).
  const Centreline& line = backdrop_line_;
  const CentreSample at = line.at(std::fmod(time_ * 30.0, line.length()));
  backdrop_->draw(window_.renderer(), w, h, at.position);
}

void FlowApp::draw_menus() {
  switch (screen_) {
    case Screen::MainMenu: main_menu(); break;
    case Screen::Setup: setup_menu(); break;
    case Screen::Loading: loading_screen(); break;
    case Screen::Race: break;
    case Screen::Paused: pause_menu(); break;
    case Screen::Results: results_screen(); break;
    case Screen::Standings: standings_screen(); break;
    case Screen::ChampionshipMenu: championship_menu(); break;
    case Screen::Settings: settings_menu(); break;
    case Screen::Message: message_screen(); break;
    case Screen::Lab: lab_screen(); break;
    case Screen::Editor: editor_screen(); break;
  }
}

// ---- events ------------------------------------------------------------------------------

void FlowApp::poll() {
  InputState ignored;  // the hard-wired keys of InputDevices: only the toggles are used
  const AppCommands commands = devices_.poll(ignored, [this](const SDL_Event& e) {
    ui_.process_event(e);
    if (e.type == SDL_QUIT) quit_ = true;
    if (capture_ == Capture::Key && e.type == SDL_KEYDOWN && e.key.repeat == 0) {
      if (e.key.keysym.sym != SDLK_ESCAPE) {
        const char* name = SDL_GetKeyName(e.key.keysym.sym);
        if (name != nullptr && name[0] != '\0') {
          settings_.input.keyboard[static_cast<std::size_t>(capture_action_)] = {name};
          settings_dirty_ = true;
        }
      }
      capture_ = Capture::None;
      return;  // the key is the binding, not a menu move
    }
    if (capture_ == Capture::Pad && e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE) {
      capture_ = Capture::None;
      return;
    }
    // Typing in a panel's text field (the AI panel's profile name) drives nothing: no
    // throttle, respawn or pause from those keys (their releases still pass).
    if (e.type == SDL_KEYDOWN && ImGui::GetIO().WantTextInput) return;
    if (e.type == SDL_KEYDOWN && e.key.keysym.scancode == SDL_SCANCODE_F10 && race_from_editor_ &&
        (screen_ == Screen::Race || screen_ == Screen::Paused || screen_ == Screen::Results))
      back_to_editor_ = true;
    bound_.handle(e);
    pause_on_event(e);
    if (capture_ == Capture::None) nav_from_event(e);
  });
  if (screen_ == Screen::Race && race_) {
    if (commands.toggle_abs) race_->toggle_abs();
    if (commands.toggle_tcs) race_->toggle_tcs();
    if (commands.toggle_gearbox) race_->toggle_gearbox();
  }
  if ((screen_ == Screen::Race || screen_ == Screen::Paused) && race_ && commands.toggle_ai_panel)
    race_->toggle_ai_panel();
  if ((screen_ == Screen::Race || screen_ == Screen::Paused) && race_ && commands.toggle_overlays)
    race_->toggle_overlays();
  if ((screen_ == Screen::Race || screen_ == Screen::Paused) && race_ && commands.toggle_telemetry)
    race_->toggle_telemetry();
  if ((screen_ == Screen::Race || screen_ == Screen::Paused) && race_ && commands.toggle_debug)
    race_->toggle_vehicle_panel();
  if (commands.toggle_perf) show_perf_ = !show_perf_;
  if (commands.toggle_perf_panel) show_perf_panel_ = !show_perf_panel_;
  if (back_to_editor_) {
    back_to_editor_ = false;
    close_race();
    go(Screen::Editor);
  }
}

void FlowApp::pause_on_event(const SDL_Event& e) {
  if (e.type == SDL_CONTROLLERDEVICEREMOVED) {
    auto_pause("The controller was disconnected. Plug it back in, or carry on with the keyboard.");
  } else if (e.type == SDL_WINDOWEVENT) {
    switch (e.window.event) {
      case SDL_WINDOWEVENT_MINIMIZED:
        minimised_ = true;
        auto_pause("The game window was minimised.");
        break;
      case SDL_WINDOWEVENT_FOCUS_LOST:
        // Only when played: a fixed-time run (screenshots under Xvfb) is not.
        if (config_.sim_per_frame <= 0.0) auto_pause("The game window lost the focus.");
        break;
      case SDL_WINDOWEVENT_RESTORED:
      case SDL_WINDOWEVENT_MAXIMIZED:
      case SDL_WINDOWEVENT_SHOWN:
      case SDL_WINDOWEVENT_EXPOSED: minimised_ = false; break;
      default: break;
    }
  }
}

std::string FlowApp::main_menu_note() const {
  return audio_.ok() ? std::string() : "No sound: " + audio_.error() + ". The game runs silent.";
}

void FlowApp::auto_pause(const std::string& reason) {
  if (screen_ != Screen::Race || !race_ || race_->over()) return;
  pause_reason_ = reason;
  go(Screen::Paused);
  pause_list_.focus = 0;
}

void FlowApp::nav_from_event(const SDL_Event& e) {
  switch (e.type) {
    case SDL_KEYDOWN:
      switch (e.key.keysym.sym) {
        case SDLK_UP: nav_.up = true; break;
        case SDLK_DOWN: nav_.down = true; break;
        case SDLK_LEFT: nav_.left = true; break;
        case SDLK_RIGHT: nav_.right = true; break;
        case SDLK_RETURN:
        case SDLK_KP_ENTER:
        case SDLK_SPACE:
          if (e.key.repeat == 0) nav_.confirm = true;
          break;
        case SDLK_ESCAPE:
        case SDLK_BACKSPACE:
          if (e.key.repeat == 0) nav_.back = true;
          break;
        default: break;
      }
      break;
    case SDL_CONTROLLERBUTTONDOWN:
      switch (e.cbutton.button) {
        case SDL_CONTROLLER_BUTTON_DPAD_UP: nav_.up = true; break;
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: nav_.down = true; break;
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: nav_.left = true; break;
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: nav_.right = true; break;
        case SDL_CONTROLLER_BUTTON_A: nav_.confirm = true; break;
        case SDL_CONTROLLER_BUTTON_B:
        case SDL_CONTROLLER_BUTTON_START: nav_.back = true; break;
        default: break;
      }
      break;
    case SDL_CONTROLLERAXISMOTION: {
      const double v = static_cast<double>(e.caxis.value) / 32767.0;
      if (e.caxis.axis == SDL_CONTROLLER_AXIS_LEFTY) {
        if (!axis_held_y_ && std::abs(v) > 0.6) {
          axis_held_y_ = true;
          (v < 0.0 ? nav_.up : nav_.down) = true;
        } else if (std::abs(v) < 0.3) {
          axis_held_y_ = false;
        }
      } else if (e.caxis.axis == SDL_CONTROLLER_AXIS_LEFTX) {
        if (!axis_held_x_ && std::abs(v) > 0.6) {
          axis_held_x_ = true;
          (v < 0.0 ? nav_.left : nav_.right) = true;
        } else if (std::abs(v) < 0.3) {
          axis_held_x_ = false;
        }
      }
      break;
    }
    default: break;
  }
}

// ---- races -------------------------------------------------------------------------------

void FlowApp::update_race(double seconds) {
  const std::vector<SDL_GameController*> pads = devices_.controllers();
  const ActionEdges edges = bound_.read(pads, input_);
  if (edges[static_cast<std::size_t>(InputAction::Pause)]) {
    pause_reason_.clear();
    go(Screen::Paused);
    pause_list_.focus = 0;
    return;
  }
  if (race_->is_replay()) {
    race_->update_replay(config_.sim_per_frame > 0.0 ? config_.sim_per_frame : seconds);
    audio_.update(race_->snapshot(), race_->race().world(), static_cast<std::size_t>(race_->watched_car()));
    return;
  }
  if (edges[static_cast<std::size_t>(InputAction::Respawn)]) race_->respawn();
  int steps = 0;
  if (config_.sim_per_frame > 0.0) steps = std::max(1, static_cast<int>(std::lround(seconds / race_->dt())));
  else steps = clock_.advance(seconds);
  const double start = profile_.now();
  ai_timer_.start();
  for (int i = 0; i < steps && !race_->over(); ++i) race_->step(input_);
  add_step_times(profile_, ai_timer_, profile_.now() - start);
  audio_.update(race_->snapshot(), race_->race().world(), static_cast<std::size_t>(race_->race().player()));
  if (race_->over()) finish_race();
}

RaceStorage FlowApp::race_storage() {
  RaceStorage s;
  s.records = &records_;
  s.data_dir = config_.data_dir;
  s.may_save_records = may_save_records_;
  return s;
}

void FlowApp::start_race(const RacePlan& plan) {
  std::string error;
  close_race();  // the old race's world goes first
  audio_.reset_cues();
  race_ = RaceScreen::create(plan, catalog_, settings_, race_storage(), error);
  if (race_) race_->race().set_probe(&ai_timer_);
  if (!race_) {
    messages_ = {error};
    message_return_ = Screen::Setup;
    go(Screen::Message);
    return;
  }
  last_plan_ = plan;
  round_recorded_ = false;
  replay_kept_ = false;
  results_.clear();
  input_ = InputState{};
  bound_.read(devices_.controllers(), input_);  // keys held from the menu give no edges
  clock_ = FixedStep(plan.rate_hz);
  last_counter_ = SDL_GetPerformanceCounter();  // the time spent building is not race time
  go(Screen::Race);
}

void FlowApp::prerun() {
  InputState none;
  if (config_.prerun_to_finish) {
    while (!race_->over()) race_->step(none);
    finish_race();
    return;
  }
  if (config_.prerun_s <= 0.0) return;
  while (race_->race().rules().phase() != SessionPhase::Racing ||
         race_->race().rules().race_clock() < config_.prerun_s) {
    if (race_->race().over()) break;
    race_->step(none);
  }
}

void FlowApp::finish_race() {
  keep_replay();
  results_ = race_->race().rules().results();
  results_list_.focus = 0;
  if (last_plan_.mode == RaceMode::Championship && !round_recorded_ && records_.championship &&
      race_->tuning().tuned()) {
    round_recorded_ = true;  // not scored: the round can be raced again
    messages_.push_back(race_->tuning().notice() + " This round was not scored; race it again to score it.");
  } else if (last_plan_.mode == RaceMode::Championship && !round_recorded_ && records_.championship) {
    round_recorded_ = true;
    record_round(*records_.championship, last_plan_.track_id, results_);
    save_records_now();
  }
  go(Screen::Results);
  if (!messages_.empty()) {  // a save that failed: said at once, then the results
    message_return_ = Screen::Results;
    go(Screen::Message);
  }
}

namespace {

// "20261206-231500-123": local time to the millisecond, so the replays' names sort by age.
std::string wall_stamp() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const long ms = static_cast<long>(
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000);
  std::tm local{};
  localtime_r(&t, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &local);
  char out[48];
  std::snprintf(out, sizeof out, "%s-%03ld", text, ms);
  return out;
}

}  // namespace

void FlowApp::keep_replay() {
  if (!race_ || !config_.data_dir || replay_kept_) return;
  const std::optional<Replay> replay = race_->recording();
  if (!replay) return;
  replay_kept_ = true;
  const std::filesystem::path dir = replays_dir(*config_.data_dir);
  const std::filesystem::path file = replay_file_name(dir, wall_stamp(), last_plan_.track_id, last_plan_.car_id);
  if (auto e = save_replay(file, *replay)) {
    std::fprintf(stderr, "racer: the replay was not saved: %s\n", e->to_string().c_str());
    return;
  }
  last_replay_ = file;
  for (const DataError& e : prune_replays(dir)) std::fprintf(stderr, "racer: %s\n", e.to_string().c_str());
}

void FlowApp::close_race() {
  keep_replay();
  race_.reset();
}

// ---- race plans --------------------------------------------------------------------------

RacePlan FlowApp::plan_from_setup() const {
  const CatalogEntry& t = catalog_.tracks[static_cast<std::size_t>(track_choice_)];
  const CatalogEntry& c = catalog_.cars[static_cast<std::size_t>(car_choice_)];
  RaceChoices choices = race_choices(config_.options);  // the rate and the aids
  choices.mode = setup_mode_;
  choices.track_path = t.path;
  choices.track_id = t.id;
  choices.car_path = c.path;
  choices.car_id = c.id;
  choices.opponents = opponents_;
  choices.laps = laps_;
  choices.difficulty = kRaceDifficulties[static_cast<std::size_t>(std::clamp(difficulty_, 0, 3))];
  choices.grid_slot = grid_choice_ - 1;  // choice 0: the back of the grid
  choices.seed = race_seed_;
  return make_race_plan(choices);
}

std::optional<RacePlan> FlowApp::round_plan(const ChampionshipPlan& season, const std::string& track_id) const {
  const int ti = catalog_.track_index(track_id);
  const int ci = catalog_.car_index(season.car_id);
  if (ti < 0 || ci < 0) return std::nullopt;
  RaceChoices choices = race_choices(config_.options);  // the rate and the aids
  choices.mode = RaceMode::Championship;
  choices.track_path = catalog_.tracks[static_cast<std::size_t>(ti)].path;
  choices.track_id = catalog_.tracks[static_cast<std::size_t>(ti)].id;
  choices.car_path = catalog_.cars[static_cast<std::size_t>(ci)].path;
  choices.car_id = season.car_id;
  choices.opponents = season.opponents;
  choices.laps = season.laps;
  choices.difficulty = season.difficulty;
  choices.seed = race_seed_;
  return make_race_plan(choices);
}

std::vector<std::string> FlowApp::season_rounds() const {
  return championship_rounds(catalog_.raceable_track_ids());
}

void FlowApp::start_round(const std::optional<ChampionshipPlan>& season, const std::string& track_id) {
  std::optional<RacePlan> plan = season ? round_plan(*season, track_id) : std::nullopt;
  if (!plan) {
    messages_ = {"The championship in records.json names a car that is not installed; start a new one."};
    message_return_ = Screen::MainMenu;
    go(Screen::Message);
    return;
  }
  pending_ = std::move(*plan);
  go(Screen::Loading);
}

// ---- settings and records ----------------------------------------------------------------

void FlowApp::apply_settings() {
  settings_ = sanitized(settings_);
  bound_.set(settings_.input);
  if (race_) race_->apply_settings(settings_);  // mid-race (the pause menu): at once
  audio_.set_volumes({settings_.audio.master, 0.7 * settings_.audio.engine, 0.8 * settings_.audio.effects,
                      settings_.audio.music});
  if (SDL_Window* w = window_.sdl_window()) {
    const bool full = (SDL_GetWindowFlags(w) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
    const bool startup = frame_ == 0 && !settings_.display.fullscreen;  // --fullscreen stays
    if (full != settings_.display.fullscreen && !startup && !config_.options.fixed_time())
      SDL_SetWindowFullscreen(w, settings_.display.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
  }
}

void FlowApp::save_settings_now() {
  apply_settings();
  settings_dirty_ = false;
  if (!config_.config_dir || !may_save_settings_) return;
  if (auto e = save_settings(settings_file(*config_.config_dir), settings_)) {
    messages_ = {"Settings were not saved: " + e->to_string()};
    message_return_ = settings_return_;
    go(Screen::Message);
  }
}

// `racer --panels`: the race's panels open from the start (each one as its key would).
void FlowApp::open_panels(const std::vector<std::string>& panels) {
  for (const std::string& p : panels) {
    if (p == "ai" && !race_->ai_panel_open()) race_->toggle_ai_panel();
    if (p == "overlays" && !race_->overlays_open()) race_->toggle_overlays();
    if (p == "telemetry" && !race_->telemetry_open()) race_->toggle_telemetry();
    if (p == "vehicle" && !race_->vehicle_panel_open()) race_->toggle_vehicle_panel();
    if (p == "perf") show_perf_panel_ = true;
  }
}

void FlowApp::save_records_now() {
  if (!may_save_records_ || !config_.data_dir) return;
  if (auto e = save_records(records_file(*config_.data_dir), records_))
    messages_.push_back("The championship's progress was not saved: " + e->to_string());
}

}  // namespace racer
