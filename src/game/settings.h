#pragma once
// Settings: the player's preferences (audio, display, damage, input and bindings, driver
// aids), kept as settings.json (format 1) in the config dir (game/storage.h). Documented
// with a complete example in docs/settings-format.md.
//
// Loading never fails and never crashes:
//   - no file                       -> the defaults, no message (the first run)
//   - unreadable, not JSON, no or a newer "format"
//                                   -> the defaults, a message, the file set aside as .bad
//   - readable, some values bad     -> the good values kept, each bad one at its default,
//                                      a message per bad value, the file set aside as .bad
// so what the player had is never lost, and the next save_settings writes a clean file.
//
// Bindings are names, so this pure code needs no SDL: keyboard keys by SDL key name
// ("Left", "A", "Space", "Escape": what SDL_GetKeyName gives and SDL_GetKeyFromName
// reads), gamepad controls by SDL GameController name, axes with a direction ("leftx-",
// "righttrigger+"), buttons without ("a", "start"). An action may have several bindings.
//
// Sections: actions, gamepad names, the Settings value, bindings helpers, load/save.
#include <array>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"
#include "game/input_map.h"
#include "vehicle/damage.h"

namespace racer {

// ---------------------------------------------------------------- actions

/// What a binding makes the car or the game do. LookBack is optional (unbound by default).
enum class InputAction {
  SteerLeft, SteerRight, Throttle, Brake, Handbrake, ShiftUp, ShiftDown, Respawn, Pause, LookBack
};
inline constexpr std::size_t kActionCount = 10;
/// Every action, in file order.
inline constexpr std::array<InputAction, kActionCount> kAllActions = {
    InputAction::SteerLeft, InputAction::SteerRight, InputAction::Throttle, InputAction::Brake,
    InputAction::Handbrake, InputAction::ShiftUp,    InputAction::ShiftDown, InputAction::Respawn,
    InputAction::Pause,     InputAction::LookBack};
/// "steer_left", "throttle", ... (the key in the file).
std::string_view action_name(InputAction action);
std::optional<InputAction> action_from_name(std::string_view name);

// ---------------------------------------------------------------- gamepad names

/// A gamepad control: a button or one direction of an axis, by SDL GameController index
/// (SDL_GameControllerButton / SDL_GameControllerAxis order).
struct GamepadBinding {
  enum class Kind { Button, Axis };
  Kind kind = Kind::Button;
  int index = 0;      ///< SDL button or axis index
  int direction = 0;  ///< axes: +1 or -1; buttons: 0
  bool operator==(const GamepadBinding&) const = default;
};

/// SDL's name of a GameController axis ("leftx" ... "righttrigger"), "" out of range.
std::string_view gamepad_axis_name(int axis);
/// SDL's name of a GameController button ("a" ... "touchpad"), "" out of range.
std::string_view gamepad_button_name(int button);
/// "leftx-", "righttrigger+", "a" -> the control (case-insensitive); nullopt if unknown.
std::optional<GamepadBinding> parse_gamepad_binding(std::string_view name);
/// The inverse of parse_gamepad_binding (lower case); "" for an invalid binding.
std::string gamepad_binding_name(const GamepadBinding& binding);

// ---------------------------------------------------------------- the value

enum class CameraMode { Follow, Rotate };  ///< north-up following camera / car-up rotating
// DamageMode (off, visual, full) is vehicle/damage.h's: the setting is the world's mode.

struct AudioSettings {
  double master = 0.8;   ///< [0, 1]
  double engine = 1.0;   ///< [0, 1], times master
  double effects = 1.0;  ///< [0, 1], times master (tyres, impacts)
  double music = 0.7;    ///< [0, 1], times master (the menu theme and the race music)
  bool operator==(const AudioSettings&) const = default;
};

struct DisplaySettings {
  bool fullscreen = false;
  bool vsync = true;
  CameraMode camera = CameraMode::Follow;
  bool zoom_with_speed = true;  ///< the camera pulls back as the car goes faster
  bool operator==(const DisplaySettings&) const = default;
};

/// Per action, the names bound to it (any of them triggers it), at most kMaxBindings.
using Bindings = std::array<std::vector<std::string>, kActionCount>;
inline constexpr std::size_t kMaxBindings = 4;
inline constexpr std::size_t kMaxKeyNameBytes = 32;

/// Arrows and WASD drive, Space handbrake, E/PageUp up, Q/PageDown down, R respawn, Escape
/// pause, look back unbound (the keys the game used before bindings existed).
Bindings default_keyboard_bindings();
/// Left stick X steers, right trigger throttle, left trigger brake, X handbrake, A/right
/// shoulder up, B/left shoulder down, Back respawn, Start pause, look back unbound.
Bindings default_gamepad_bindings();

struct InputSettings {
  double stick_deadzone = 0.15;        ///< [0, 0.9], stick travel ignored around centre
  double trigger_deadzone = 0.05;      ///< [0, 0.9], trigger travel ignored at rest
  double steering_sensitivity = 1.0;   ///< [0.25, 4], 1 = as shipped; >1 steers faster
  Bindings keyboard = default_keyboard_bindings();
  Bindings gamepad = default_gamepad_bindings();

  const std::vector<std::string>& keys(InputAction a) const { return keyboard[static_cast<std::size_t>(a)]; }
  const std::vector<std::string>& pad(InputAction a) const { return gamepad[static_cast<std::size_t>(a)]; }
  bool operator==(const InputSettings&) const = default;
};

/// Defaults for a new race; the player can still toggle them in the car.
struct AidSettings {
  bool abs = true;
  bool tcs = true;
  bool automatic_gearbox = true;
  bool operator==(const AidSettings&) const = default;
};

struct Settings {
  AudioSettings audio;
  DisplaySettings display;
  DamageMode damage = DamageMode::Visual;
  InputSettings input;
  AidSettings aids;
  bool operator==(const Settings&) const = default;
};

/// Every number clamped into its range (NaN -> the default), bindings cut to kMaxBindings.
Settings sanitized(Settings s);

// ---------------------------------------------------------------- bindings helpers

/// Pairs of different actions sharing a name in `bindings` (case-insensitive), each pair
/// once, first < second: for the bindings menu to warn about.
std::vector<std::pair<InputAction, InputAction>> binding_conflicts(const Bindings& bindings);
/// The input mapper's config with the player's deadzones; steering_sensitivity divides the
/// keyboard steering ramp times (2 = full lock in half the time).
InputMapConfig input_map_config(const InputSettings& input, InputMapConfig base = {});

// ---------------------------------------------------------------- load / save

inline constexpr int kSettingsFormat = 1;

/// The settings read from `text`: every error found, and the settings with each bad value
/// at its default. `whole_file_rejected` when nothing could be used (syntax error, no or
/// an unsupported format): then `settings` are all defaults.
struct SettingsParse {
  Settings settings;
  std::vector<DataError> errors;
  bool whole_file_rejected = false;
};
SettingsParse parse_settings(std::string_view text, const std::string& file_name);
/// The settings as the JSON text of format 1 (pretty, ends in a newline); values sanitized.
std::string settings_to_json(const Settings& settings);

struct SettingsLoad {
  Settings settings;
  /// For the player when something was wrong: "file:line:col: ..." lines, then what was
  /// done ("...; the file was kept as settings.json.bad"). nullopt when all was well.
  std::optional<std::string> message;
  std::optional<std::filesystem::path> set_aside_as;  ///< where the bad file went
  /// False when a bad file could not be set aside and is still at the path: saving now
  /// would replace it, so the caller should not save (or ask the player first).
  bool may_save = true;
};
/// Never fails (see the top of this file).
SettingsLoad load_settings(const std::filesystem::path& path);
/// Atomic (write_file_atomic); nullopt on success, else the error (the old file intact).
[[nodiscard]] std::optional<DataError> save_settings(const std::filesystem::path& path,
                                                     const Settings& settings);

}  // namespace racer
