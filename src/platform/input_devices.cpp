#include "platform/input_devices.h"

#include <SDL.h>

#include <algorithm>
#include <cmath>

namespace racer {
namespace {

double axis(SDL_GameController* pad, SDL_GameControllerAxis a) {
  return static_cast<double>(SDL_GameControllerGetAxis(pad, a)) / 32767.0;
}

}  // namespace

InputDevices::InputDevices() {
  for (int i = 0; i < SDL_NumJoysticks(); ++i) {
    if (!SDL_IsGameController(i)) continue;
    if (SDL_GameController* pad = SDL_GameControllerOpen(i))
      pads_[SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(pad))] = pad;
  }
}

InputDevices::~InputDevices() {
  for (auto& [id, pad] : pads_) SDL_GameControllerClose(pad);
}

std::vector<SDL_GameController*> InputDevices::controllers() const {
  std::vector<SDL_GameController*> out;
  for (const auto& [id, pad] : pads_) out.push_back(pad);
  return out;
}

AppCommands InputDevices::poll(InputState& input, const std::function<void(const SDL_Event&)>& observer) {
  AppCommands commands;
  SDL_Event e;
  while (SDL_PollEvent(&e) != 0) {
    if (observer) observer(e);
    handle(e, input, commands);
  }
  read_levels(input);
  return commands;
}

void InputDevices::handle(const SDL_Event& e, InputState& input, AppCommands& commands) {
  switch (e.type) {
    case SDL_QUIT: commands.quit = true; break;
    case SDL_KEYDOWN:
      if (e.key.repeat != 0) break;
      switch (e.key.keysym.scancode) {
        case SDL_SCANCODE_ESCAPE: commands.quit = true; break;
        case SDL_SCANCODE_R: commands.reset_car = true; break;
        case SDL_SCANCODE_F1: commands.toggle_debug = true; break;
        case SDL_SCANCODE_F2: commands.toggle_abs = true; break;
        case SDL_SCANCODE_F3: commands.toggle_tcs = true; break;
        case SDL_SCANCODE_F4: commands.toggle_ai_panel = true; break;
        case SDL_SCANCODE_F5: commands.reload = true; break;
        case SDL_SCANCODE_F6: commands.toggle_perf = true; break;
        case SDL_SCANCODE_F7: commands.toggle_overlays = true; break;
        case SDL_SCANCODE_F8: commands.toggle_telemetry = true; break;
        case SDL_SCANCODE_F9: commands.toggle_perf_panel = true; break;
        case SDL_SCANCODE_M: commands.toggle_gearbox = true; break;
        case SDL_SCANCODE_E:
        case SDL_SCANCODE_PAGEUP: input.shift_up = true; break;
        case SDL_SCANCODE_Q:
        case SDL_SCANCODE_PAGEDOWN: input.shift_down = true; break;
        default: break;
      }
      break;
    case SDL_CONTROLLERDEVICEADDED:
      if (SDL_GameController* pad = SDL_GameControllerOpen(e.cdevice.which)) {
        const int id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(pad));
        if (pads_.count(id) != 0) SDL_GameControllerClose(pad);  // already open (start-up scan)
        else pads_[id] = pad;
      }
      break;
    case SDL_CONTROLLERDEVICEREMOVED:
      if (auto it = pads_.find(e.cdevice.which); it != pads_.end()) {
        SDL_GameControllerClose(it->second);
        pads_.erase(it);
      }
      break;
    case SDL_CONTROLLERBUTTONDOWN:
      switch (e.cbutton.button) {
        case SDL_CONTROLLER_BUTTON_A:
        case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: input.shift_up = true; break;
        case SDL_CONTROLLER_BUTTON_B:
        case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: input.shift_down = true; break;
        case SDL_CONTROLLER_BUTTON_Y: commands.toggle_gearbox = true; break;
        case SDL_CONTROLLER_BUTTON_BACK: commands.reset_car = true; break;
        default: break;
      }
      break;
    default: break;
  }
}

void InputDevices::read_levels(InputState& input) const {
  const Uint8* k = SDL_GetKeyboardState(nullptr);
  input.steer_left = k[SDL_SCANCODE_LEFT] || k[SDL_SCANCODE_A];
  input.steer_right = k[SDL_SCANCODE_RIGHT] || k[SDL_SCANCODE_D];
  input.throttle_key = k[SDL_SCANCODE_UP] || k[SDL_SCANCODE_W];
  input.brake_key = k[SDL_SCANCODE_DOWN] || k[SDL_SCANCODE_S];
  input.handbrake_key = k[SDL_SCANCODE_SPACE] != 0;

  // Every pad contributes; the stick deflected furthest steers, the deepest trigger counts.
  input.has_analog = !pads_.empty();
  input.analog_steer = input.analog_throttle = input.analog_brake = 0.0;
  for (const auto& [id, pad] : pads_) {
    const double steer = -axis(pad, SDL_CONTROLLER_AXIS_LEFTX);  // SDL: + = right; ours: + = left
    if (std::abs(steer) > std::abs(input.analog_steer)) input.analog_steer = std::clamp(steer, -1.0, 1.0);
    input.analog_throttle = std::max(input.analog_throttle, axis(pad, SDL_CONTROLLER_AXIS_TRIGGERRIGHT));
    input.analog_brake = std::max(input.analog_brake, axis(pad, SDL_CONTROLLER_AXIS_TRIGGERLEFT));
    if (SDL_GameControllerGetButton(pad, SDL_CONTROLLER_BUTTON_X) != 0) input.handbrake_key = true;
  }
}

}  // namespace racer
