// Sections: set-up | the frame (run) | phases | set-up and reload | helpers | the scripted driver.
#include "app/game_app.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>
#include <span>

#include "app/asset_path.h"
#include "core/math.h"
#include "platform/process_usage.h"
#include "platform/screenshot.h"
#include "render/car_view.h"
#include "render/ground_view.h"
#include "render/minimap.h"
#include "ui/hud.h"
#include "ui/lap_hud.h"
#include "ui/perf_overlay.h"
#include "ui/race_hud.h"
#include "game/car_edit.h"
#include "ui/vehicle_panel.h"

namespace racer {
namespace {

constexpr double kNominalFrame = 1.0 / 60.0;  // s, fixed-time runs
constexpr const char* kFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr Vec2 kStart{0.0, 0.0};
constexpr double kStartHeading = 0.0;
constexpr int kNoticeFrames = 150;  // 2.5 s at 60 fps

// Fixed-time runs (--frames, --screenshot) show what the game is about: the car starts
// rolling south of the patch row and turns left up the asphalt lane between the gravel
// and the sand, so after 180 frames (3 s) it is mid-corner, front wheels turned, between
// the two patches and their labels.
constexpr Vec2 kScriptStart{-33.7, 24.5};
constexpr double kScriptHeading = -0.157;  // rad, a little south of east
constexpr double kScriptSpeed = 10.0;      // m/s
// On a track the scripted run starts from pole and follows the centreline.
constexpr double kScriptTrackSpeed = 24.0;  // m/s, cruising speed on the straights

std::vector<std::string> error_lines(const std::vector<DataError>& errors) {
  std::vector<std::string> out;
  for (const DataError& e : errors) out.push_back(e.to_string());
  return out;
}

}  // namespace

// ---- set-up ---------------------------------------------------------------------------

GameApp::GameApp(const Options& options, const CarSpec& spec, std::shared_ptr<const Track> track, Window& window,
                 std::optional<std::filesystem::path> data_dir)
    : options_(options), spec_(spec), file_spec_(spec), draft_(spec), data_dir_(std::move(data_dir)), window_(window), track_(std::move(track)), clock_(options.rate_hz),
      ui_(window.sdl_window(), window.renderer(), kFont) {
  if (track_) {
    track_view_ = std::make_unique<TrackView>(*track_);
    show_debug_ = false;  // on a track the circuit is the picture; F1 shows the panel
    // Racing speeds need to see further ahead than the test ground's close view.
    CameraConfig view;
    view.view_height_m = 40.0;
    camera_ = Camera(view);
  }
  build_world(nullptr);
  if (!audio_.ok()) std::fprintf(stderr, "racer: %s; running silent\n", audio_.error().c_str());
  last_counter_ = SDL_GetPerformanceCounter();
}

GameApp::~GameApp() = default;

// ---- the frame ------------------------------------------------------------------------

int GameApp::run() {
  while (!quit_) {
    profile_.begin_frame();
    poll_input();
    if (stop_requested()) break;  // SIGTERM / SIGINT: end as if quit
    const int steps = clock_.advance(frame_seconds());
    {
      const PhaseTimer physics(&profile_, FramePhase::Physics);
      for (int i = 0; i < steps; ++i) step_world();  // maps input to controls every step
    }
    audio_.update(current_, *world_);  // engine, tyres, gear changes and crashes of every car
    render();
    if (!finish_frame()) break;
    present();
  }
  return exit_status_;
}

// ---- phases ---------------------------------------------------------------------------

void GameApp::poll_input() {
  InputState devices = input_;  // keeps shift edges not yet consumed by a step
  commands_ = devices_.poll(devices, [this](const SDL_Event& e) { ui_.process_event(e); });
  input_ = options_.fixed_time() ? scripted_input() : devices;
  if (commands_.quit) quit_ = true;
  if (commands_.toggle_debug) editor_.open = show_debug_ = !show_debug_;  // the Car editor comes with the panel
  if (commands_.toggle_perf) show_perf_ = !show_perf_;
  if (commands_.reset_car) reset_car();
  if (commands_.reload) reload();
  apply_driver_aid_toggles();
}

double GameApp::frame_seconds() {
  if (options_.fixed_time()) return frame_dt_ = kNominalFrame;
  const std::uint64_t now = SDL_GetPerformanceCounter();
  const double seconds = static_cast<double>(now - last_counter_) / static_cast<double>(SDL_GetPerformanceFrequency());
  last_counter_ = now;
  frame_dt_ = std::min(seconds, 0.1);  // for the camera's easing; FixedStep clamps on its own
  return seconds;
}

void GameApp::step_world() {
  Controls controls = mapper_.update(input_, drive_context(), world_->dt());
  input_.shift_up = input_.shift_down = false;  // edges: one step only
  controls.abs = switches_.abs;  // the switches pressed since the last step
  controls.tcs = switches_.tcs;
  controls.automatic = switches_.automatic;
  switches_ = Controls{};
  world_->step(std::span<const Controls>(&controls, 1));
  previous_ = std::move(current_);
  current_ = world_->snapshot();
  const CarSnapshot& car = current_.cars[0];
  skid_marks_.add(car, world_->car(0).spec(), world_->dt());
  particles_.step(current_.cars, world_->dt());  // smoke and dust, visual only
  if (timer_) {
    std::array<Vec2, 4> wheels;
    for (std::size_t i = 0; i < wheels.size(); ++i) wheels[i] = car.wheels[i].position;
    timer_->update(previous_.cars[0].position, car.position, car.velocity, wheels, world_->time(), world_->dt());
  }
}

void GameApp::render() {
  PhaseTimer world_time(&profile_, FramePhase::Render);
  SDL_Renderer* r = window_.renderer();
  int w = 0, h = 0;
  window_.output_size(w, h);
  const WorldSnapshot view = interpolate(previous_, current_, clock_.alpha());
  const CarSnapshot& player = view.cars[0];
  camera_.set_viewport(w, h);
  camera_.follow(player, frame_dt_);

  ScreenLabels labels;
  if (track_view_) track_view_->draw_ground(r, camera_);
  else draw_test_ground(r, camera_, ground_, labels);
  skid_marks_.draw(r, camera_);
  if (track_view_) track_view_->draw_objects(r, camera_);
  particles_.draw(r, camera_);
  for (std::size_t i = 0; i < view.cars.size(); ++i) draw_car(r, camera_, view.cars[i], world_->car(i).spec(), driver_paint(i, 0));
  if (minimap_) {  // bottom left, above the key help line
    const MinimapCar dot{player.position, player_paint().body, true};
    ScreenRect box = minimap_rect(w, h, minimap_->world_size());
    box.y -= 0.045 * h;
    minimap_->draw(r, box, {&dot, 1});
  }

  world_time.stop();
  const PhaseTimer ui_time(&profile_, FramePhase::Ui);
  ui_.begin_frame();
  draw_screen_labels(labels, ui_.fonts());
  const DriverAids aids = driver_aids();
  if (show_debug_) {
    draw_vehicle_panel(player, spec_, aids, &show_debug_, &world_->car(0));
    car_editor();
  }
  if (timer_) {  // on a track: the race HUD (rev gauge, timing, messages) and the key help
    const ImVec2 above_help{ImGui::GetIO().DisplaySize.x, ImGui::GetIO().DisplaySize.y * 0.955f};
    draw_race_hud(hud_model(*timer_, player, spec_, aids, world_->time(), track_->spec().name), above_help, ui_.fonts());
    draw_key_help(aids, ui_.fonts(), devices_.controller_count() > 0);
  } else {
    draw_hud(player, aids, ui_.fonts(), devices_.controller_count() > 0);
  }
  draw_error_window(load_errors_);
  if (frame_ < notice_until_ && !notice_.empty()) {
    const ImVec2 screen = ImGui::GetIO().DisplaySize;
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    const ImVec2 ts = ImGui::CalcTextSize(notice_.c_str());
    const ImVec2 lo{(screen.x - ts.x) / 2.0f - 12.0f, screen.y * 0.75f}, hi{(screen.x + ts.x) / 2.0f + 12.0f, screen.y * 0.75f + ts.y + 10.0f};
    dl->AddRectFilled(lo, hi, IM_COL32(20, 70, 40, 220), 6.0f);
    dl->AddText({lo.x + 12.0f, lo.y + 5.0f}, IM_COL32(235, 255, 240, 255), notice_.c_str());
  }
  if (show_perf_) {
    const FrameAverages& a = profile_.averages();
    draw_perf_overlay({a.fps, a.frame_ms, a.phase_ms[0], a.phase_ms[1], a.phase_ms[2], a.phase_ms[3]}, ui_.fonts());
  }
  ui_.end_frame();
}

bool GameApp::finish_frame() {
  ++frame_;
  if (!options_.fixed_time() || frame_ < options_.frames) return true;
  if (!options_.screenshot.empty()) {
    if (const std::string error = save_png(window_.renderer(), options_.screenshot); !error.empty()) {
      std::fprintf(stderr, "racer: %s\n", error.c_str());
      exit_status_ = 1;
    }
  }
  return false;
}

void GameApp::present() {
  const double before = profile_.now();
  window_.present();
  profile_.add(FramePhase::Render, profile_.now() - before - window_.last_wait());
}

// ---- set-up and reload ----------------------------------------------------------------

Pose GameApp::start_pose() const {
  if (track_ && !track_->grid().empty()) return track_->grid().front();
  return {kStart, kStartHeading};
}

void GameApp::build_world(const DriverAids* keep_aids) {
  // The old world and timer go first: they refer to the track they were built on.
  timer_.reset();
  world_.reset();
  const SurfaceMap& map = track_ ? static_cast<const SurfaceMap&>(*track_) : ground_;
  world_ = std::make_unique<World>(map, WorldConfig{options_.rate_hz});
  if (track_) {
    add_track_bodies(*world_, *track_);
    timer_ = std::make_unique<LapTimer>(*track_);
  } else {
    add_test_ground_walls(*world_, ground_);
  }
  const Pose start = start_pose();
  world_->add_car(spec_, start.position, start.heading);
  Car& car = world_->car(0);
  if (keep_aids != nullptr) {  // a reload keeps the player's switches
    car.drivetrain().set_automatic(keep_aids->automatic);
    car.set_abs(keep_aids->abs);
    car.set_tcs(keep_aids->tcs);
  } else {
    if (options_.manual) car.drivetrain().set_automatic(false);
    if (options_.no_abs) car.set_abs(false);
    if (options_.no_tcs) car.set_tcs(false);
    if (options_.fixed_time() && !track_) car.place(kScriptStart, kScriptHeading, kScriptSpeed);
  }
  mapper_.reset();
  skid_marks_.clear();
  particles_.clear();
  minimap_ = track_ ? std::make_unique<Minimap>(*track_) : nullptr;
  current_ = previous_ = world_->snapshot();
  int w = 0, h = 0;
  window_.output_size(w, h);
  camera_.set_viewport(w, h);
  camera_.snap_to(current_.cars[0]);
}

void GameApp::reload() {
  // Both files are read first; nothing changes unless both load.
  std::vector<std::string> errors;
  bool track_failed = false;
  std::shared_ptr<const Track> track = track_;
  std::unique_ptr<TrackView> view;
  CarSpec spec = spec_;
  try {
    if (!options_.track.empty()) {
      auto loaded = Track::load(resolve_asset(options_.track));
      if (loaded) {
        track = loaded.value();
        view = std::make_unique<TrackView>(*track);
      } else {
        errors = error_lines(loaded.errors());
        track_failed = true;
      }
    }
    const Result<CarSpec> car = load_car_spec(resolve_asset(options_.car));
    if (car) spec = car.value();
    else for (std::string& e : error_lines(car.errors())) errors.push_back(std::move(e));
  } catch (const std::exception& e) {  // out of memory and the like: report, keep going
    errors.push_back(std::string("reload failed: ") + e.what());
    track_failed = !options_.track.empty();
  }
  if (!errors.empty()) {
    load_errors_ = {track_failed ? "Track errors" : "Car errors", std::move(errors), true};
    return;
  }
  const DriverAids aids = driver_aids();
  spec_ = file_spec_ = draft_ = spec;
  timer_.reset();  // refers to the old track
  world_.reset();
  track_ = track;
  if (view) track_view_ = std::move(view);
  build_world(&aids);
  load_errors_ = {};
  notice_ = options_.track.empty() ? "Reloaded " + options_.car : "Reloaded " + options_.track + " and " + options_.car;
  notice_until_ = frame_ + kNoticeFrames;
}

// ---- the car editor ---------------------------------------------------------------------

void GameApp::car_editor() {
  const bool edited = save_car_spec(draft_) != save_car_spec(file_spec_);
  switch (draw_car_editor(draft_, edited, data_dir_.has_value(), editor_)) {
    case CarEditAction::None: break;
    case CarEditAction::Apply: drive_with(draft_); break;
    case CarEditAction::Revert:
      draft_ = file_spec_;
      drive_with(draft_);
      break;
    case CarEditAction::Save: {
      CarSpec named = draft_;
      named.name = editor_.save_name;
      const Result<std::filesystem::path> saved = save_user_car(*data_dir_, editor_.save_name, named);
      editor_.message_ok = saved.ok();
      editor_.message = saved.ok() ? "Saved " + saved.value().string() + ": the menus offer it as a car"
                                   : saved.error_text();
      break;
    }
  }
}

void GameApp::drive_with(const CarSpec& spec) {
  const Car& old = world_->car(0);
  const Vec2 position = old.position();
  const double heading = old.heading(), speed = old.forward_speed();
  const DriverAids aids = driver_aids();
  spec_ = spec;
  build_world(&aids);
  world_->car(0).place(position, heading, speed);
  current_ = previous_ = world_->snapshot();
}

// ---- helpers --------------------------------------------------------------------------

void GameApp::reset_car() {
  const Pose start = start_pose();
  world_->car(0).place(start.position, start.heading, 0.0);
  mapper_.reset();
  current_ = previous_ = world_->snapshot();
  if (timer_) timer_->restart();
}

void GameApp::apply_driver_aid_toggles() {
  // Commands for the next step, through Controls as in a race; a switch pressed twice before
  // it cancels out. The mapper needs no reset: with a manual box it keeps no
  // brake-to-reverse hold, and resetting it would drop the keyboard steering ramp mid-corner.
  const DriverAids aids = driver_aids();
  auto flip = [](SwitchCommand& pending, bool on_now) {
    pending = pending == SwitchCommand::Keep ? toggle_switch(on_now) : SwitchCommand::Keep;
  };
  if (commands_.toggle_abs) flip(switches_.abs, aids.abs);
  if (commands_.toggle_tcs) flip(switches_.tcs, aids.tcs);
  if (commands_.toggle_gearbox) flip(switches_.automatic, aids.automatic);
}

DriverAids GameApp::driver_aids() const {
  const Car& car = world_->car(0);
  return {car.spec().assists.abs, car.spec().assists.tcs, car.drivetrain().gearbox().automatic};
}

DriveContext GameApp::drive_context() const {
  const Car& car = world_->car(0);
  return {car.forward_speed(), car.drivetrain().state().gear, !car.drivetrain().gearbox().automatic};
}

// ---- the scripted driver --------------------------------------------------------------

InputState GameApp::scripted_input() {
  // The demonstration drive, through the mapper like any other input (as a gamepad:
  // direct steering).
  InputState in;
  in.has_analog = true;
  const double t = world_->time();
  if (!track_) {
    // On the test ground: a steady left-hand curve on a light throttle from the rolling
    // start (see kScriptStart), then a gentle straightening after the screenshot's 3 s.
    in.analog_throttle = 0.3;
    in.analog_steer = t < 3.2 ? 0.7 : 0.3;
    return in;
  }
  // On a track: from pole, follow the centreline (pure pursuit on a point ahead) at a
  // cruising speed, slower where the road ahead bends.
  const CarSnapshot& car = current_.cars[0];
  const Centreline& line = track_->centreline();
  const Projection pr = line.project(car.position);
  const double ahead = std::max(8.0, 0.7 * car.speed);
  const Vec2 target = line.at(pr.s + ahead).position;
  const double error = wrap_angle(std::atan2(target.y - car.position.y, target.x - car.position.x) - car.heading);
  in.analog_steer = std::clamp(2.5 * error, -1.0, 1.0);
  double bend = 0.0;
  for (double d = 0.0; d <= 60.0; d += 5.0) bend = std::max(bend, std::abs(line.at(pr.s + d).curvature));
  const double v_target = std::min(kScriptTrackSpeed, std::sqrt(0.7 * 9.81 / std::max(bend, 1e-4)));
  const double dv = v_target - car.speed;
  in.analog_throttle = std::clamp(0.25 * dv, 0.0, 1.0);
  in.analog_brake = std::clamp(-0.15 * dv, 0.0, 1.0);
  return in;
}

}  // namespace racer
