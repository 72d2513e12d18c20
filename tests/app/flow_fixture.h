#pragma once
// The real FlowApp in a real window on SDL's dummy video and audio drivers (no display),
// driven through SDL's event queue: the fixture the game-flow and the fault tests share.
#include <SDL.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>

#include "app/flow_app.h"
#include "game/temp_dir.h"

namespace racer::test {

class FlowFixture : public ::testing::Test {
 protected:
  void SetUp() override { open_window(640, 360); }
  void TearDown() override {
    app_.reset();
    if (joystick_ != nullptr) SDL_JoystickClose(joystick_);
    if (pad_index_ >= 0) SDL_JoystickDetachVirtual(pad_index_);
    window_.reset();
  }

  /// A window of `width` x `height` pixels without vsync (frames are as fast as they go).
  void open_window(int width, int height) {
    setenv("SDL_VIDEODRIVER", "dummy", 0);
    setenv("SDL_AUDIODRIVER", "dummy", 0);
    WindowConfig wc;
    wc.width = width;
    wc.height = height;
    wc.vsync = false;
    window_ = std::make_unique<Window>(wc);
    ASSERT_TRUE(window_->ok()) << window_->error();
  }
  /// The app's set-up at 120 Hz, its config and data folders in the test's own folder;
  /// `sim_per_frame` seconds of simulation a frame (0: frames on the wall clock).
  FlowConfig flow_config(bool autodrive, double sim_per_frame) const {
    FlowConfig c;
    c.options.autodrive = autodrive;
    c.options.rate_hz = 120.0;
    c.config_dir = dir_.path() / "config";
    c.data_dir = dir_.path() / "data";
    c.sim_per_frame = sim_per_frame;
    return c;
  }
  void frame() { ASSERT_TRUE(app_->frame()); }

  void push_key(SDL_Keycode key, bool down) {
    SDL_Event e{};
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.sym = key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
    ASSERT_EQ(SDL_PushEvent(&e), 1) << SDL_GetError();
  }
  /// A press and release, then a frame; `times` over.
  void tap(SDL_Keycode key, int times = 1) {
    for (int i = 0; i < times; ++i) {
      push_key(key, true);
      push_key(key, false);
      frame();
    }
  }

  /// From the main menu: a new championship of 1 opponent and 1 lap, its first round
  /// started (the setup's rows: Car, Opponents, Laps, Difficulty, Start Championship, Back).
  /// The championship's records are saved as it starts. Check the screen after it.
  void start_short_championship() {
    tap(SDLK_DOWN, 2);
    tap(SDLK_RETURN);  // Championship: none yet -> its setup
    ASSERT_EQ(app_->screen(), Screen::Setup);
    tap(SDLK_DOWN);
    tap(SDLK_LEFT, 4);  // 1 opponent
    tap(SDLK_DOWN);
    tap(SDLK_LEFT, 2);  // 1 lap
    tap(SDLK_DOWN, 2);
    tap(SDLK_RETURN);  // Start Championship
    frame();
  }

  TempDir dir_;
  std::unique_ptr<Window> window_;
  std::unique_ptr<FlowApp> app_;
  int pad_index_ = -1;  ///< SDL's virtual joystick, when a test attaches one
  SDL_Joystick* joystick_ = nullptr;
};

}  // namespace racer::test
