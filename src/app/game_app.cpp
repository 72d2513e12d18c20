// Sections: set-up | the frame (run) | phases | helpers.
#include "app/game_app.h"

#include <SDL.h>

#include <algorithm>
#include <cstdio>
#include <span>

#include "app/asset_path.h"
#include "platform/screenshot.h"
#include "render/car_view.h"
#include "render/ground_view.h"
#include "ui/hud.h"
#include "ui/vehicle_panel.h"

namespace racer {
namespace {

constexpr double kNominalFrame = 1.0 / 60.0;  // s, fixed-time runs
constexpr const char* kFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr Vec2 kStart{0.0, 0.0};
constexpr double kStartHeading = 0.0;

// Fixed-time runs (--frames, --screenshot) show what the game is about: the car starts
// rolling south of the patch row and turns left up the asphalt lane between the gravel
// and the sand, so after 180 frames (3 s) it is mid-corner, front wheels turned, between
// the two patches and their labels.
constexpr Vec2 kScriptStart{-33.7, 24.5};
constexpr double kScriptHeading = -0.157;  // rad, a little south of east
constexpr double kScriptSpeed = 10.0;      // m/s

}  // namespace

// ---- set-up ---------------------------------------------------------------------------

GameApp::GameApp(const Options& options, const CarSpec& spec, Window& window)
    : options_(options), spec_(spec), window_(window), world_(ground_, {options.rate_hz}),
      clock_(options.rate_hz), ui_(window.sdl_window(), window.renderer(), kFont) {
  add_test_ground_walls(world_, ground_);
  world_.add_car(spec_, kStart, kStartHeading);
  Car& car = world_.car(0);
  if (options.manual) car.drivetrain().set_automatic(false);
  if (options.no_abs) car.set_abs(false);
  if (options.no_tcs) car.set_tcs(false);
  if (options.fixed_time()) car.place(kScriptStart, kScriptHeading, kScriptSpeed);
  current_ = previous_ = world_.snapshot();
  int w = 0, h = 0;
  window_.output_size(w, h);
  camera_.set_viewport(w, h);
  camera_.snap_to(current_.cars[0]);
  last_counter_ = SDL_GetPerformanceCounter();
}

// ---- the frame ------------------------------------------------------------------------

int GameApp::run() {
  while (!quit_) {
    poll_input();
    const int steps = clock_.advance(frame_seconds());
    for (int i = 0; i < steps; ++i) step_world();  // maps input to controls every step
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
  input_ = options_.fixed_time() ? scripted_input(world_.time()) : devices;
  if (commands_.quit) quit_ = true;
  if (commands_.toggle_debug) show_debug_ = !show_debug_;
  if (commands_.reset_car) reset_car();
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
  const Controls controls = mapper_.update(input_, drive_context(), world_.dt());
  input_.shift_up = input_.shift_down = false;  // edges: one step only
  world_.step(std::span<const Controls>(&controls, 1));
  previous_ = std::move(current_);
  current_ = world_.snapshot();
  skid_marks_.add(current_.cars[0], world_.car(0).spec());
}

void GameApp::render() {
  SDL_Renderer* r = window_.renderer();
  int w = 0, h = 0;
  window_.output_size(w, h);
  const WorldSnapshot view = interpolate(previous_, current_, clock_.alpha());
  const CarSnapshot& player = view.cars[0];
  camera_.set_viewport(w, h);
  camera_.follow(player, frame_dt_);

  ScreenLabels labels;
  draw_test_ground(r, camera_, ground_, labels);
  skid_marks_.draw(r, camera_);
  for (std::size_t i = 0; i < view.cars.size(); ++i) draw_car(r, camera_, view.cars[i], world_.car(i).spec());

  ui_.begin_frame();
  draw_screen_labels(labels, ui_.fonts());
  const DriverAids aids = driver_aids();
  draw_vehicle_panel(player, spec_, aids, &show_debug_);
  draw_hud(player, aids, ui_.fonts(), devices_.controller_count() > 0);
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

void GameApp::present() { SDL_RenderPresent(window_.renderer()); }

// ---- helpers --------------------------------------------------------------------------

void GameApp::reset_car() {
  world_.car(0).place(kStart, kStartHeading, 0.0);
  mapper_.reset();
  current_ = previous_ = world_.snapshot();
}

void GameApp::apply_driver_aid_toggles() {
  Car& car = world_.car(0);
  const DriverAids aids = driver_aids();
  if (commands_.toggle_abs) car.set_abs(!aids.abs);
  if (commands_.toggle_tcs) car.set_tcs(!aids.tcs);
  // The mapper needs no reset: with a manual box it keeps no brake-to-reverse hold, and
  // resetting it would drop the keyboard steering ramp mid-corner.
  if (commands_.toggle_gearbox) car.drivetrain().set_automatic(!aids.automatic);
}

DriverAids GameApp::driver_aids() const {
  const Car& car = world_.car(0);
  return {car.spec().assists.abs, car.spec().assists.tcs, car.drivetrain().gearbox().automatic};
}

DriveContext GameApp::drive_context() const {
  const Car& car = world_.car(0);
  return {car.forward_speed(), car.drivetrain().state().gear, !car.drivetrain().gearbox().automatic};
}

InputState GameApp::scripted_input(double t) {
  // The demonstration drive, through the mapper like any other input (as a gamepad:
  // direct steering): a steady left-hand curve on a light throttle from the rolling start
  // (see kScriptStart), then a gentle straightening after the screenshot's 3 s.
  InputState in;
  in.has_analog = true;
  in.analog_throttle = 0.3;
  in.analog_steer = t < 3.2 ? 0.7 : 0.3;
  return in;
}

}  // namespace racer
