#pragma once
// InputDevices: drains SDL's event queue into the game's device-independent InputState
// (game/input_map.h) plus the app's own commands.
//   keyboard: arrows and WASD drive, Space handbrake, Q/E or PageDown/PageUp shift,
//             M automatic/manual gearbox, F2 ABS, F3 traction control,
//             R reset, F5 reload the track and car files, F1 debug panel, F4 AI panel
//             (races), Esc quit
//   gamepads (SDL GameController, hot-plugged): left stick X steers, right trigger throttle,
//             left trigger brake, A / right shoulder shift up, B / left shoulder shift down,
//             X handbrake, Y automatic/manual gearbox, Back reset. Any connected
//             controller can drive.
#include <functional>
#include <map>
#include <vector>

#include "game/input_map.h"

typedef union SDL_Event SDL_Event;
struct _SDL_GameController;

namespace racer {

/// What the player asked of the app (edges, this frame).
struct AppCommands {
  bool quit = false;
  bool reset_car = false;
  bool toggle_debug = false;    ///< F1: the vehicle panel
  bool toggle_abs = false;
  bool toggle_tcs = false;
  bool toggle_gearbox = false;  ///< automatic <-> manual
  bool reload = false;          ///< re-read the track and car files from disk
  bool toggle_ai_panel = false; ///< F4: the AI debug and tuning panel (races)
  bool toggle_perf = false;     ///< F6: the frame rate and frame time overlay
  bool toggle_overlays = false; ///< F7: the debug overlays panel (races)
  bool toggle_telemetry = false; ///< F8: the telemetry panel (races)
  bool toggle_perf_panel = false; ///< F9: the performance panel (plots of the frame's parts)
};

class InputDevices {
 public:
  /// Opens every controller already connected. SDL must be initialised (see Window).
  InputDevices();
  ~InputDevices();
  InputDevices(const InputDevices&) = delete;
  InputDevices& operator=(const InputDevices&) = delete;

  /// Every event is shown to `observer` first (the UI); then keys and pads update `input`
  /// (levels overwritten, shift edges OR-ed in so the caller can keep them until used).
  AppCommands poll(InputState& input, const std::function<void(const SDL_Event&)>& observer);
  std::size_t controller_count() const { return pads_.size(); }
  /// The open controllers (for platform/bound_input.h), in instance id order.
  std::vector<_SDL_GameController*> controllers() const;

 private:
  void handle(const SDL_Event& e, InputState& input, AppCommands& commands);
  void read_levels(InputState& input) const;

  std::map<int, _SDL_GameController*> pads_;  ///< by joystick instance id
};

}  // namespace racer
