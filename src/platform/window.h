#pragma once
// Window: the SDL window and its SDL_Renderer, created together and destroyed together.
// Accelerated rendering with a software fallback; vsync when windowed (unless disabled).
#include <string>

struct SDL_Window;
struct SDL_Renderer;

namespace racer {

struct WindowConfig {
  std::string title = "racer";
  int width = 1280;         ///< px, window size when windowed
  int height = 720;         ///< px
  bool fullscreen = false;  ///< desktop-resolution fullscreen
  bool vsync = true;        ///< only honoured when windowed
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
  /// Size of the drawable area in pixels (may differ from the window size on HiDPI).
  void output_size(int& width, int& height) const;
  /// "accelerated" or "software", with the driver name.
  std::string renderer_name() const;

 private:
  SDL_Window* window_ = nullptr;
  SDL_Renderer* renderer_ = nullptr;
  bool sdl_started_ = false;
  std::string error_;
};

}  // namespace racer
