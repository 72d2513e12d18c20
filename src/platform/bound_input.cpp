#include "platform/bound_input.h"

#include <SDL.h>

#include <algorithm>
#include <cmath>

namespace racer {
namespace {

constexpr double kPressedLevel = 0.5;  // an axis beyond half way counts as pressed

double axis_value(SDL_GameController* pad, int axis) {
  return std::clamp(static_cast<double>(SDL_GameControllerGetAxis(pad, static_cast<SDL_GameControllerAxis>(axis))) / 32767.0,
                    -1.0, 1.0);
}

double binding_level(SDL_GameController* pad, const GamepadBinding& b) {
  if (b.kind == GamepadBinding::Kind::Button)
    return SDL_GameControllerGetButton(pad, static_cast<SDL_GameControllerButton>(b.index)) != 0 ? 1.0 : 0.0;
  return std::max(0.0, axis_value(pad, b.index) * static_cast<double>(b.direction));
}

}  // namespace

BoundInput::BoundInput(const InputSettings& settings) { set(settings); }

void BoundInput::set(const InputSettings& settings) {
  problems_.clear();
  trigger_deadzone_ = settings.trigger_deadzone;
  for (InputAction a : kAllActions) {
    const std::size_t i = static_cast<std::size_t>(a);
    Resolved r;
    for (const std::string& name : settings.keys(a)) {
      const SDL_Keycode key = SDL_GetKeyFromName(name.c_str());
      const SDL_Scancode code = key == SDLK_UNKNOWN ? SDL_SCANCODE_UNKNOWN : SDL_GetScancodeFromKey(key);
      if (code == SDL_SCANCODE_UNKNOWN || static_cast<std::size_t>(code) >= keys_.size())
        problems_.push_back("unknown key name '" + name + "' for " + std::string(action_name(a)));
      else r.scancodes.push_back(static_cast<int>(code));
    }
    for (const std::string& name : settings.pad(a)) {
      if (auto b = parse_gamepad_binding(name)) r.pad.push_back(*b);
      else problems_.push_back("unknown gamepad control '" + name + "' for " + std::string(action_name(a)));
    }
    actions_[i] = std::move(r);
  }
}

void BoundInput::handle(const SDL_Event& e) {
  switch (e.type) {
    case SDL_KEYDOWN:
    case SDL_KEYUP: {
      const auto code = static_cast<std::size_t>(e.key.keysym.scancode);
      if (code < keys_.size()) {
        keys_[code] = e.type == SDL_KEYDOWN;
        if (e.type == SDL_KEYDOWN && e.key.repeat == 0) tapped_[code] = true;
      }
      break;
    }
    case SDL_WINDOWEVENT:
      if (e.window.event == SDL_WINDOWEVENT_FOCUS_LOST) keys_.fill(false);
      break;
    default: break;
  }
}

void BoundInput::reset() {
  keys_.fill(false);
  tapped_.fill(false);
  was_down_.fill(false);
}

double BoundInput::level(InputAction action, std::span<_SDL_GameController* const> pads) const {
  const Resolved& r = actions_[static_cast<std::size_t>(action)];
  double v = 0.0;
  for (int code : r.scancodes)
    if (keys_[static_cast<std::size_t>(code)]) v = 1.0;
  for (SDL_GameController* pad : pads)
    for (const GamepadBinding& b : r.pad) v = std::max(v, binding_level(pad, b));
  return v;
}

ActionEdges BoundInput::read(std::span<_SDL_GameController* const> pads, InputState& input) {
  auto keys_down = [this](InputAction a) {
    for (int code : actions_[static_cast<std::size_t>(a)].scancodes)
      if (keys_[static_cast<std::size_t>(code)]) return true;
    return false;
  };
  input.steer_left = keys_down(InputAction::SteerLeft);
  input.steer_right = keys_down(InputAction::SteerRight);
  input.throttle_key = keys_down(InputAction::Throttle);
  input.brake_key = keys_down(InputAction::Brake);
  input.handbrake_key = level(InputAction::Handbrake, pads) >= kPressedLevel;

  // Analogue: only the controllers (keys are the digital fields above).
  input.has_analog = !pads.empty();
  input.analog_steer = input.analog_throttle = input.analog_brake = 0.0;
  for (SDL_GameController* pad : pads) {
    auto pad_level = [&](InputAction a) {
      double v = 0.0;
      for (const GamepadBinding& b : actions_[static_cast<std::size_t>(a)].pad) v = std::max(v, binding_level(pad, b));
      return v;
    };
    const double steer = std::clamp(pad_level(InputAction::SteerLeft) - pad_level(InputAction::SteerRight), -1.0, 1.0);
    if (std::abs(steer) > std::abs(input.analog_steer)) input.analog_steer = steer;
    input.analog_throttle = std::max(input.analog_throttle, pad_level(InputAction::Throttle));
    input.analog_brake = std::max(input.analog_brake, pad_level(InputAction::Brake));
  }

  ActionEdges edges{};
  for (InputAction a : kAllActions) {
    const std::size_t i = static_cast<std::size_t>(a);
    const bool down = level(a, pads) >= kPressedLevel;
    bool tapped = false;
    for (int code : actions_[i].scancodes) tapped = tapped || tapped_[static_cast<std::size_t>(code)];
    edges[i] = (down && !was_down_[i]) || (tapped && !down);
    was_down_[i] = down;
  }
  tapped_.fill(false);
  if (edges[static_cast<std::size_t>(InputAction::ShiftUp)]) input.shift_up = true;
  if (edges[static_cast<std::size_t>(InputAction::ShiftDown)]) input.shift_down = true;
  return edges;
}

}  // namespace racer
