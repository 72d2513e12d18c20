#include "platform/window.h"

#include <SDL.h>

#include <chrono>
#include <thread>

namespace racer {

Window::Window(const WindowConfig& config) {
  SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS | SDL_INIT_GAMECONTROLLER) != 0) {
    error_ = std::string("SDL_Init failed: ") + SDL_GetError();
    return;
  }
  sdl_started_ = true;
  // With no X11 or Wayland display SDL picks its offscreen driver: a window nobody sees,
  // no vsync, so the game would run uncapped. Only a screenshot, or a driver asked for by
  // name, wants that.
  const char* driver = SDL_GetCurrentVideoDriver();
  const char* asked = SDL_getenv("SDL_VIDEODRIVER");
  const bool no_display = driver != nullptr && (SDL_strcmp(driver, "offscreen") == 0 || SDL_strcmp(driver, "dummy") == 0);
  if (no_display && !config.allow_no_display && (asked == nullptr || asked[0] == '\0')) {
    error_ = "no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset or cannot be opened): "
             "start it from a desktop session, or under xvfb-run; --screenshot works without a display";
    return;
  }
  Uint32 flags = SDL_WINDOW_RESIZABLE;  // no ALLOW_HIGHDPI: world drawing and ImGui share one pixel space
  if (config.fullscreen) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
  window_ = SDL_CreateWindow(config.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                             config.width, config.height, flags);
  if (window_ == nullptr) {
    error_ = std::string("SDL_CreateWindow failed: ") + SDL_GetError();
    return;
  }
  const Uint32 vsync = (config.vsync && !config.fullscreen) ? static_cast<Uint32>(SDL_RENDERER_PRESENTVSYNC) : 0u;
  renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_ACCELERATED | vsync);
  if (renderer_ == nullptr) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_SOFTWARE);
  if (renderer_ == nullptr) {
    error_ = std::string("SDL_CreateRenderer failed: ") + SDL_GetError();
    return;
  }
  SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_BLEND);
  if (config.vsync) {
    SDL_DisplayMode mode;
    const int index = SDL_GetWindowDisplayIndex(window_);
    const int hz = index >= 0 && SDL_GetCurrentDisplayMode(index, &mode) == 0 && mode.refresh_rate > 0 ? mode.refresh_rate : 60;
    pace_s_ = 1.0 / static_cast<double>(hz);
  }
  SDL_RendererInfo info;
  if (no_display && SDL_GetRendererInfo(renderer_, &info) == 0 && SDL_strncmp(info.name, "opengl", 6) == 0 &&
      SDL_GL_GetCurrentContext() != nullptr)
    gl_finish_ = reinterpret_cast<void (*)()>(SDL_GL_GetProcAddress("glFinish"));
}

void Window::present() {
  SDL_RenderPresent(renderer_);
  if (gl_finish_ != nullptr) gl_finish_();
  last_wait_s_ = 0.0;
  if (pace_s_ > 0.0) {
    // Frames on a fixed schedule (deadline += pace), slept to with the steady clock's
    // precision: whole-millisecond sleeps measured from the last present would run at
    // 62-64 fps instead of 60. A frame that overran starts the schedule afresh.
    using Clock = std::chrono::steady_clock;
    const Clock::time_point before = Clock::now();
    const auto pace = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(pace_s_));
    if (!paced_) {
      paced_ = true;
      next_present_ = before + pace;
    } else {
      if (before < next_present_) std::this_thread::sleep_until(next_present_);
      const Clock::time_point after = Clock::now();
      last_wait_s_ = std::chrono::duration<double>(after - before).count();
      next_present_ = after - next_present_ > pace ? after + pace : next_present_ + pace;
    }
  }
}

Window::~Window() {
  if (renderer_ != nullptr) SDL_DestroyRenderer(renderer_);
  if (window_ != nullptr) SDL_DestroyWindow(window_);
  if (sdl_started_) SDL_Quit();
}

void Window::output_size(int& width, int& height) const {
  if (SDL_GetRendererOutputSize(renderer_, &width, &height) != 0) SDL_GetWindowSize(window_, &width, &height);
}

std::string Window::renderer_name() const {
  SDL_RendererInfo info;
  if (renderer_ == nullptr || SDL_GetRendererInfo(renderer_, &info) != 0) return "none";
  const bool accelerated = (info.flags & SDL_RENDERER_ACCELERATED) != 0;
  return std::string(info.name) + (accelerated ? " (accelerated)" : " (software)");
}

}  // namespace racer
