// The settings screen of FlowApp (sound, display, driving, the keyboard's and the
// gamepad's bindings), built every frame from live state, and the binding capture that
// listens for a new control. Sections: helpers | settings | binding capture.
#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <span>

#include "app/flow_app.h"

namespace racer {
namespace {

std::string percent(double v) { return std::to_string(static_cast<int>(std::lround(v * 100.0))) + "%"; }

std::string on_off(bool v) { return v ? "On" : "Off"; }

std::string join(const std::vector<std::string>& names) {
  if (names.empty()) return "(none)";
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

const char* action_label(InputAction a) {
  switch (a) {
    case InputAction::SteerLeft: return "Steer left";
    case InputAction::SteerRight: return "Steer right";
    case InputAction::Throttle: return "Throttle";
    case InputAction::Brake: return "Brake / reverse";
    case InputAction::Handbrake: return "Handbrake";
    case InputAction::ShiftUp: return "Shift up";
    case InputAction::ShiftDown: return "Shift down";
    case InputAction::Respawn: return "Respawn";
    case InputAction::Pause: return "Pause";
    case InputAction::LookBack: return "Look back";
  }
  return "?";
}

}  // namespace

// ---- settings ------------------------------------------------------------------------------

void FlowApp::settings_menu() {
  const UiFonts& f = ui_.fonts();
  if (settings_return_ == Screen::Paused) draw_dim();
  Settings& s = settings_;
  auto step = [](double& v, int d, double by, double lo, double hi) {
    v = std::clamp(std::round((v + by * d) / by) * by, lo, hi);
  };
  settings_list_.begin("##settings", f, nav_, "SETTINGS", 700.0f);
  const Settings before = s;
  settings_list_.heading("Sound");
  if (int d = settings_list_.choice("Master volume", percent(s.audio.master))) step(s.audio.master, d, 0.1, 0.0, 1.0);
  if (int d = settings_list_.choice("Engines", percent(s.audio.engine))) step(s.audio.engine, d, 0.1, 0.0, 1.0);
  if (int d = settings_list_.choice("Effects", percent(s.audio.effects))) step(s.audio.effects, d, 0.1, 0.0, 1.0);
  if (int d = settings_list_.choice("Music", percent(s.audio.music))) step(s.audio.music, d, 0.1, 0.0, 1.0);
  settings_list_.heading("Display");
  if (settings_list_.choice("Fullscreen", on_off(s.display.fullscreen))) s.display.fullscreen = !s.display.fullscreen;
  if (settings_list_.choice("Camera", s.display.camera == CameraMode::Follow ? "Follow" : "Rotate with car"))
    s.display.camera = s.display.camera == CameraMode::Follow ? CameraMode::Rotate : CameraMode::Follow;
  if (settings_list_.choice("Zoom out with speed", on_off(s.display.zoom_with_speed)))
    s.display.zoom_with_speed = !s.display.zoom_with_speed;
  settings_list_.heading("Driving");
  static const char* const kDamage[] = {"Off", "Visual only", "Full"};
  if (int d = settings_list_.choice("Damage", kDamage[static_cast<int>(s.damage)]))
    s.damage = static_cast<DamageMode>((static_cast<int>(s.damage) + 3 + (d > 0 ? 1 : -1)) % 3);
  // Everything else applies to the race under the pause menu at once; its damage mode is
  // the world's and stays as the race started.
  if (race_ && settings_return_ == Screen::Paused && s.damage != race_->race().world().damage_mode())
    settings_list_.text("Damage changes from the next race (or Restart).", 0, 0.7f);
  char sens[16];
  std::snprintf(sens, sizeof sens, "%.2f", s.input.steering_sensitivity);
  if (int d = settings_list_.choice("Steering sensitivity", sens)) step(s.input.steering_sensitivity, d, 0.25, 0.25, 4.0);
  if (int d = settings_list_.choice("Stick deadzone", percent(s.input.stick_deadzone)))
    step(s.input.stick_deadzone, d, 0.05, 0.0, 0.9);
  if (int d = settings_list_.choice("Trigger deadzone", percent(s.input.trigger_deadzone)))
    step(s.input.trigger_deadzone, d, 0.05, 0.0, 0.9);
  if (settings_list_.choice("ABS", on_off(s.aids.abs))) s.aids.abs = !s.aids.abs;
  if (settings_list_.choice("Traction control", on_off(s.aids.tcs))) s.aids.tcs = !s.aids.tcs;
  if (settings_list_.choice("Gearbox", s.aids.automatic_gearbox ? "Automatic" : "Manual"))
    s.aids.automatic_gearbox = !s.aids.automatic_gearbox;

  const auto key_conflicts = binding_conflicts(s.input.keyboard);
  const auto pad_conflicts = binding_conflicts(s.input.gamepad);
  auto conflicted = [](const std::vector<std::pair<InputAction, InputAction>>& c, InputAction a) {
    for (const auto& [x, y] : c)
      if (x == a || y == a) return true;
    return false;
  };
  settings_list_.heading("Keyboard  (Enter: press a new key)");
  for (InputAction a : kAllActions) {
    const bool capturing = capture_ == Capture::Key && capture_action_ == a;
    const std::string value = capturing ? "press a key...  (Esc cancels)" : join(s.input.keys(a));
    if (settings_list_.field(action_label(a), value, conflicted(key_conflicts, a)) && capture_ == Capture::None) {
      capture_ = Capture::Key;
      capture_action_ = a;
      nav_ = {};
    }
  }
  settings_list_.heading("Gamepad  (A: press a new control)");
  for (InputAction a : kAllActions) {
    const bool capturing = capture_ == Capture::Pad && capture_action_ == a;
    std::string value = join(s.input.pad(a));
    if (capturing) value = pad_capture_.resting() ? "release all controls..." : "press a control...";
    if (settings_list_.field((std::string(action_label(a)) + " ").c_str(), value, conflicted(pad_conflicts, a)) &&
        capture_ == Capture::None) {
      if (devices_.controller_count() == 0) {
        messages_ = {"Connect a gamepad to change its controls."};
        message_return_ = Screen::Settings;
        go(Screen::Message);
      } else {
        capture_ = Capture::Pad;
        capture_action_ = a;
        capture_time_ = 0.0;
        pad_capture_.restart();
        nav_ = {};
      }
    }
  }
  if (!key_conflicts.empty() || !pad_conflicts.empty())
    settings_list_.text("Controls shown in red share a binding with another action.", IM_COL32(255, 120, 100, 255));
  settings_list_.gap();
  if (settings_list_.button("Restore defaults")) {
    s = Settings{};
    settings_dirty_ = true;
  }
  const bool back_row = settings_list_.button("Save and back");
  const bool back = settings_list_.end();
  if (!(s == before)) settings_dirty_ = true;
  if (settings_dirty_) apply_settings();
  if ((back_row || back) && capture_ == Capture::None && screen_ == Screen::Settings) {
    save_settings_now();
    if (screen_ == Screen::Settings) go(settings_return_);
  }
  draw_hint(f, "Left / Right  change      Enter  rebind      Esc  save and back");
}

// ---- binding capture -----------------------------------------------------------------------

void FlowApp::capture_binding() {
  const std::vector<SDL_GameController*> pads = devices_.controllers();
  capture_time_ += frame_dt_;
  if (pads.empty() || capture_time_ > 10.0) {
    capture_ = Capture::None;
    return;
  }
  SDL_GameController* pad = pads.front();
  std::vector<double> axes;
  for (int a = 0; a < SDL_CONTROLLER_AXIS_MAX; ++a)
    axes.push_back(normalise_axis(SDL_GameControllerGetAxis(pad, static_cast<SDL_GameControllerAxis>(a))));
  bool buttons[SDL_CONTROLLER_BUTTON_MAX];
  for (int b = 0; b < SDL_CONTROLLER_BUTTON_MAX; ++b)
    buttons[b] = SDL_GameControllerGetButton(pad, static_cast<SDL_GameControllerButton>(b)) != 0;
  if (auto b = pad_capture_.update(axes, std::span<const bool>(buttons, SDL_CONTROLLER_BUTTON_MAX), frame_dt_)) {
    const std::string name = gamepad_binding_name(*b);
    if (!name.empty()) {
      settings_.input.gamepad[static_cast<std::size_t>(capture_action_)] = {name};
      settings_dirty_ = true;
    }
    capture_ = Capture::None;
    nav_ = {};
    axis_held_x_ = axis_held_y_ = true;  // the stick that was just bound does not move the menu
  }
}

}  // namespace racer
