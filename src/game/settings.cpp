// Settings: names, defaults, validation, load (never fails) and save (atomic).
// Sections: 1. actions and gamepad names  2. defaults and helpers  3. reading
//           4. writing  5. load and save
#include "game/settings.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/json_doc.h"
#include "core/json_reader.h"
#include "game/storage.h"

namespace racer {
namespace {

// ---------------------------------------------------------------- 1. names

constexpr std::array<std::string_view, kActionCount> kActionNames = {
    "steer_left", "steer_right", "throttle", "brake", "handbrake",
    "shift_up", "shift_down", "respawn", "pause", "look_back"};

// SDL_GameControllerAxis and SDL_GameControllerButton order (SDL 2.0.14 and later), with
// the names SDL_GameControllerGetStringForAxis / ...ForButton give.
constexpr std::array<std::string_view, 6> kAxisNames = {
    "leftx", "lefty", "rightx", "righty", "lefttrigger", "righttrigger"};
constexpr std::array<std::string_view, 21> kButtonNames = {
    "a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder",
    "rightshoulder", "dpup", "dpdown", "dpleft", "dpright", "misc1", "paddle1", "paddle2",
    "paddle3", "paddle4", "touchpad"};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

template <std::size_t N>
int index_of(const std::array<std::string_view, N>& names, std::string_view name) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == name) return static_cast<int>(i);
  return -1;
}

}  // namespace

std::string_view action_name(InputAction action) {
  const auto i = static_cast<std::size_t>(action);
  return i < kActionCount ? kActionNames[i] : std::string_view{};
}

std::optional<InputAction> action_from_name(std::string_view name) {
  const int i = index_of(kActionNames, name);
  if (i < 0) return std::nullopt;
  return kAllActions[static_cast<std::size_t>(i)];
}

std::string_view gamepad_axis_name(int axis) {
  return axis >= 0 && axis < static_cast<int>(kAxisNames.size()) ? kAxisNames[static_cast<std::size_t>(axis)]
                                                                 : std::string_view{};
}

std::string_view gamepad_button_name(int button) {
  return button >= 0 && button < static_cast<int>(kButtonNames.size())
             ? kButtonNames[static_cast<std::size_t>(button)]
             : std::string_view{};
}

std::optional<GamepadBinding> parse_gamepad_binding(std::string_view name) {
  const std::string n = lower(name);
  if (n.size() >= 2 && (n.back() == '+' || n.back() == '-')) {
    const int axis = index_of(kAxisNames, std::string_view(n).substr(0, n.size() - 1));
    if (axis < 0) return std::nullopt;
    return GamepadBinding{GamepadBinding::Kind::Axis, axis, n.back() == '+' ? 1 : -1};
  }
  const int button = index_of(kButtonNames, n);
  if (button < 0) return std::nullopt;
  return GamepadBinding{GamepadBinding::Kind::Button, button, 0};
}

std::string gamepad_binding_name(const GamepadBinding& b) {
  if (b.kind == GamepadBinding::Kind::Button) return std::string(gamepad_button_name(b.index));
  const std::string_view axis = gamepad_axis_name(b.index);
  if (axis.empty() || (b.direction != 1 && b.direction != -1)) return "";
  return std::string(axis) + (b.direction > 0 ? "+" : "-");
}

// ---------------------------------------------------------------- 2. defaults and helpers

namespace {

void bind(Bindings& b, InputAction a, std::vector<std::string> names) {
  b[static_cast<std::size_t>(a)] = std::move(names);
}

double clamp_or(double v, double lo, double hi, double fallback) {
  return std::isfinite(v) ? std::clamp(v, lo, hi) : fallback;
}

}  // namespace

Bindings default_keyboard_bindings() {
  Bindings b;
  bind(b, InputAction::SteerLeft, {"Left", "A"});
  bind(b, InputAction::SteerRight, {"Right", "D"});
  bind(b, InputAction::Throttle, {"Up", "W"});
  bind(b, InputAction::Brake, {"Down", "S"});
  bind(b, InputAction::Handbrake, {"Space"});
  bind(b, InputAction::ShiftUp, {"E", "PageUp"});
  bind(b, InputAction::ShiftDown, {"Q", "PageDown"});
  bind(b, InputAction::Respawn, {"R"});
  bind(b, InputAction::Pause, {"Escape"});
  return b;
}

Bindings default_gamepad_bindings() {
  Bindings b;
  bind(b, InputAction::SteerLeft, {"leftx-"});
  bind(b, InputAction::SteerRight, {"leftx+"});
  bind(b, InputAction::Throttle, {"righttrigger+"});
  bind(b, InputAction::Brake, {"lefttrigger+"});
  bind(b, InputAction::Handbrake, {"x"});
  bind(b, InputAction::ShiftUp, {"a", "rightshoulder"});
  bind(b, InputAction::ShiftDown, {"b", "leftshoulder"});
  bind(b, InputAction::Respawn, {"back"});
  bind(b, InputAction::Pause, {"start"});
  return b;
}

Settings sanitized(Settings s) {
  const Settings d;
  s.audio.master = clamp_or(s.audio.master, 0.0, 1.0, d.audio.master);
  s.audio.engine = clamp_or(s.audio.engine, 0.0, 1.0, d.audio.engine);
  s.audio.effects = clamp_or(s.audio.effects, 0.0, 1.0, d.audio.effects);
  s.audio.music = clamp_or(s.audio.music, 0.0, 1.0, d.audio.music);
  s.input.stick_deadzone = clamp_or(s.input.stick_deadzone, 0.0, 0.9, d.input.stick_deadzone);
  s.input.trigger_deadzone = clamp_or(s.input.trigger_deadzone, 0.0, 0.9, d.input.trigger_deadzone);
  s.input.steering_sensitivity =
      clamp_or(s.input.steering_sensitivity, 0.25, 4.0, d.input.steering_sensitivity);
  for (Bindings* b : {&s.input.keyboard, &s.input.gamepad})
    for (auto& names : *b)
      if (names.size() > kMaxBindings) names.resize(kMaxBindings);
  return s;
}

std::vector<std::pair<InputAction, InputAction>> binding_conflicts(const Bindings& bindings) {
  std::vector<std::pair<InputAction, InputAction>> out;
  for (std::size_t i = 0; i < kActionCount; ++i)
    for (std::size_t j = i + 1; j < kActionCount; ++j) {
      bool shared = false;
      for (const std::string& a : bindings[i])
        for (const std::string& b : bindings[j]) shared = shared || lower(a) == lower(b);
      if (shared) out.emplace_back(kAllActions[i], kAllActions[j]);
    }
  return out;
}

InputMapConfig input_map_config(const InputSettings& input, InputMapConfig base) {
  const Settings defaults;
  base.stick_deadzone = clamp_or(input.stick_deadzone, 0.0, 0.9, defaults.input.stick_deadzone);
  base.trigger_deadzone = clamp_or(input.trigger_deadzone, 0.0, 0.9, defaults.input.trigger_deadzone);
  const double s = clamp_or(input.steering_sensitivity, 0.25, 4.0, 1.0);
  base.steer_rise_s /= s;
  base.steer_return_s /= s;
  return base;
}

// ---------------------------------------------------------------- 3. reading

namespace {

bool valid_key_name(const std::string& s) {
  if (s.empty() || s.size() > kMaxKeyNameBytes) return false;
  return std::none_of(s.begin(), s.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7f;
  });
}

/// Reads "keyboard" or "gamepad": per action a name or an array of names. An action with
/// any bad name keeps its default bindings; an absent action keeps its defaults too.
void read_bindings(ObjectReader& r, Bindings& out, bool gamepad, std::vector<DataError>& errors) {
  const JsonDoc& doc = r.doc();
  const std::string what = gamepad ? "gamepad" : "keyboard";
  const std::string expected =
      gamepad ? "a gamepad button (\"a\", \"start\", \"leftshoulder\", ...) or an axis with a "
                "direction (\"leftx-\", \"righttrigger+\", ...)"
              : "an SDL key name (\"Left\", \"A\", \"Space\", ...) of 1 to " +
                    std::to_string(kMaxKeyNameBytes) + " bytes";
  for (const InputAction a : kAllActions) {
    const std::string key(action_name(a));
    const nlohmann::json* v = r.raw(key);
    if (v == nullptr) continue;
    const std::string pointer = JsonDoc::child_pointer(r.pointer(), key);
    std::vector<std::string> names;
    bool ok = true;
    auto take = [&](const nlohmann::json& e, const std::string& at) {
      std::optional<std::string> name;
      if (e.is_string()) {
        const std::string s = e.get<std::string>();
        if (gamepad) {
          if (auto b = parse_gamepad_binding(s)) name = gamepad_binding_name(*b);
        } else if (valid_key_name(s)) {
          name = s;
        }
      }
      if (!name) {
        errors.push_back(doc.error_at(at, what + " binding of \"" + key + "\" must be " + expected +
                                              ", got " + describe_json(e)));
        ok = false;
      } else if (std::find(names.begin(), names.end(), *name) == names.end()) {
        names.push_back(*name);  // a repeated name is dropped silently: it changes nothing
      }
    };
    if (v->is_string()) {
      take(*v, pointer);
    } else if (v->is_array()) {
      if (v->size() > kMaxBindings) {
        errors.push_back(doc.error_at(pointer, what + " bindings of \"" + key + "\" must be at most " +
                                                   std::to_string(kMaxBindings) + " names, got " +
                                                   std::to_string(v->size())));
        ok = false;
      } else {
        for (std::size_t i = 0; i < v->size(); ++i) take((*v)[i], JsonDoc::child_pointer(pointer, i));
      }
    } else {
      errors.push_back(doc.error_at(pointer, what + " binding of \"" + key + "\" must be " + expected +
                                                 " or an array of up to " + std::to_string(kMaxBindings) +
                                                 " of them, got " + describe_json(*v)));
      ok = false;
    }
    if (ok) out[static_cast<std::size_t>(a)] = std::move(names);
  }
}

template <typename Fn>
void section(ObjectReader& root, std::string_view key, Fn read) {
  if (auto r = root.object(key, false)) {
    read(*r);
    r->finish();
  }
}

Settings read_settings(const JsonDoc& doc, std::vector<DataError>& errors, bool& rejected) {
  ObjectReader root = root_reader(doc, errors);
  Settings s;
  if (!root.valid() || format_version(root, kSettingsFormat) == 0) {
    rejected = true;
    return Settings{};
  }
  section(root, "audio", [&](ObjectReader& r) {
    s.audio.master = r.number("master", 0.0, 1.0, "", s.audio.master);
    s.audio.engine = r.number("engine", 0.0, 1.0, "", s.audio.engine);
    s.audio.effects = r.number("effects", 0.0, 1.0, "", s.audio.effects);
    s.audio.music = r.number("music", 0.0, 1.0, "", s.audio.music);  // absent in older files: the default
  });
  section(root, "display", [&](ObjectReader& r) {
    s.display.fullscreen = r.boolean("fullscreen", s.display.fullscreen);
    s.display.vsync = r.boolean("vsync", s.display.vsync);
    s.display.camera = r.choice("camera", {"follow", "rotate"}, "follow") == "rotate" ? CameraMode::Rotate
                                                                                      : CameraMode::Follow;
    s.display.zoom_with_speed = r.boolean("zoom_with_speed", s.display.zoom_with_speed);
  });
  const std::string damage = root.choice("damage", {"off", "visual", "full"}, "visual");
  s.damage = damage == "off" ? DamageMode::Off : damage == "full" ? DamageMode::Full : DamageMode::Visual;
  section(root, "input", [&](ObjectReader& r) {
    s.input.stick_deadzone = r.number("stick_deadzone", 0.0, 0.9, "", s.input.stick_deadzone);
    s.input.trigger_deadzone = r.number("trigger_deadzone", 0.0, 0.9, "", s.input.trigger_deadzone);
    s.input.steering_sensitivity = r.number("steering_sensitivity", 0.25, 4.0, "", s.input.steering_sensitivity);
    section(r, "keyboard", [&](ObjectReader& k) { read_bindings(k, s.input.keyboard, false, errors); });
    section(r, "gamepad", [&](ObjectReader& g) { read_bindings(g, s.input.gamepad, true, errors); });
  });
  section(root, "aids", [&](ObjectReader& r) {
    s.aids.abs = r.boolean("abs", s.aids.abs);
    s.aids.tcs = r.boolean("tcs", s.aids.tcs);
    s.aids.automatic_gearbox = r.boolean("automatic_gearbox", s.aids.automatic_gearbox);
  });
  root.finish();
  return s;
}

// ---------------------------------------------------------------- 4. writing

nlohmann::ordered_json bindings_json(const Bindings& b) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const InputAction a : kAllActions) j[std::string(action_name(a))] = b[static_cast<std::size_t>(a)];
  return j;
}

}  // namespace

SettingsParse parse_settings(std::string_view text, const std::string& file_name) {
  SettingsParse out;
  Result<JsonDoc> doc = JsonDoc::parse(text, file_name);
  if (!doc) {
    out.errors = doc.errors();
    out.whole_file_rejected = true;
    return out;
  }
  out.settings = read_settings(doc.value(), out.errors, out.whole_file_rejected);
  return out;
}

std::string settings_to_json(const Settings& settings) {
  using nlohmann::ordered_json;
  const Settings s = sanitized(settings);
  ordered_json j;
  j["format"] = kSettingsFormat;
  j["audio"] = {{"master", s.audio.master}, {"engine", s.audio.engine}, {"effects", s.audio.effects},
                {"music", s.audio.music}};
  j["display"] = {{"fullscreen", s.display.fullscreen},
                  {"vsync", s.display.vsync},
                  {"camera", s.display.camera == CameraMode::Rotate ? "rotate" : "follow"},
                  {"zoom_with_speed", s.display.zoom_with_speed}};
  j["damage"] = s.damage == DamageMode::Off ? "off" : s.damage == DamageMode::Full ? "full" : "visual";
  ordered_json input;
  input["stick_deadzone"] = s.input.stick_deadzone;
  input["trigger_deadzone"] = s.input.trigger_deadzone;
  input["steering_sensitivity"] = s.input.steering_sensitivity;
  input["keyboard"] = bindings_json(s.input.keyboard);
  input["gamepad"] = bindings_json(s.input.gamepad);
  j["input"] = input;
  j["aids"] = {{"abs", s.aids.abs}, {"tcs", s.aids.tcs}, {"automatic_gearbox", s.aids.automatic_gearbox}};
  return j.dump(2) + "\n";
}

// ---------------------------------------------------------------- 5. load and save

SettingsLoad load_settings(const std::filesystem::path& path) {
  SettingsLoad out;
  const std::string name = path.string();
  Result<std::optional<std::string>> text = read_text_file(path, JsonLimits{}.max_bytes);
  std::vector<DataError> errors;
  bool rejected = true;
  if (!text) {
    errors = text.errors();
  } else if (!text.value()) {
    return out;  // no file yet: the defaults, silently
  } else {
    SettingsParse parsed = parse_settings(*text.value(), name);
    if (parsed.errors.empty()) {
      out.settings = std::move(parsed.settings);
      return out;
    }
    errors = std::move(parsed.errors);
    rejected = parsed.whole_file_rejected;
    out.settings = rejected ? Settings{} : std::move(parsed.settings);
  }
  const std::string what = rejected ? "the default settings are used"
                                    : "the values above were replaced by their defaults, the others kept";
  out.message = join_errors(errors) + "\n" + name + ": " + what + "; " +
                set_aside_for_message(path, &out.set_aside_as);
  out.may_save = out.set_aside_as.has_value();
  return out;
}

std::optional<DataError> save_settings(const std::filesystem::path& path, const Settings& settings) {
  return write_file_atomic(path, settings_to_json(settings));
}

}  // namespace racer
