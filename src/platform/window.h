#pragma once
// Window: the SDL window and its SDL_Renderer, created together and destroyed together.
// Accelerated rendering with a software fallback; vsync when windowed (unless disabled).
#include <chrono>
#include <string>

struct SDL_Window;
struct SDL_Renderer;

namespace racer {

struct WindowConfig {
  std::string title = "racer";
  int width = 1280;         ///< px, window size when windowed
  int height = 720;         ///< px
  bool fullscreen = false;  ///< desktop-resolution fullscreen
  /// Only honoured when windowed. Also paces present(): never faster than the display's
  /// refresh rate (60 Hz if unknown), even where the driver does not wait (Xvfb).
  bool vsync = true;
  /// With no display SDL falls back to its invisible offscreen driver. false: that is an
  /// error ("no display"); true: render there anyway (a screenshot). A driver named in
  /// SDL_VIDEODRIVER (tests: dummy) is always taken.
  bool allow_no_display = false;
};

class Window {
 public:
  /// Initialises SDL video, events and game controllers. Check ok() / error() after: with
  /// no display (and allow_no_display false) ok() is false and error() says so.
  explicit Window(const WindowConfig& config);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  bool ok() const { return renderer_ != nullptr; }
  const std::string& error() const { return error_; }
  SDL_Window* sdl_window() const { return window_; }
  SDL_Renderer* renderer() const { return renderer_; }
  /// Shows the frame (SDL_RenderPresent), then with vsync sleeps until the next frame is
  /// due (frames every frame_pacing() seconds on a fixed schedule), so a driver that does
  /// not wait for vsync (Xvfb) cannot make the game run uncapped or above the refresh rate. On SDL's offscreen driver (no display) a GL renderer's swap is a no-op
  /// that never flushes, so the GL driver would queue every frame's commands and grow
  /// without bound: there the frame is also finished (glFinish).
  void present();
  /// s, the shortest time between two present() calls (0 = not paced).
  double frame_pacing() const { return pace_s_; }
  /// s, how long the last present() slept to keep to frame_pacing() (0 = not at all).
  double last_wait() const { return last_wait_s_; }
  /// Size of the drawable area in pixels (may differ from the window size on HiDPI).
  void output_size(int& width, int& height) const;
  /// "accelerated" or "software", with the driver name.
  std::string renderer_name() const;

 private:
  SDL_Window* window_ = nullptr;
  SDL_Renderer* renderer_ = nullptr;
  bool sdl_started_ = false;
  void (*gl_finish_)() = nullptr;  ///< set on the offscreen driver with a GL renderer
  double pace_s_ = 0.0;            ///< s, 1 / refresh rate with vsync, else 0
  bool paced_ = false;                                  ///< a present() has set the schedule
  std::chrono::steady_clock::time_point next_present_;  ///< when the next frame is due
  double last_wait_s_ = 0.0;
  std::string error_;
};

}  // namespace racer
