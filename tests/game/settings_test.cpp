// Settings: defaults match the game's keys, save/load round trip, and loading never fails:
// missing file -> defaults silently; bad values -> defaults for those, located messages,
// the file set aside as .bad; truncated and randomly corrupted files never crash.
#include "game/settings.h"

#include <gtest/gtest.h>

#include <cstdint>

#include "game/storage.h"
#include "temp_dir.h"

namespace racer {
namespace {

namespace fs = std::filesystem;
using test::read_all;
using test::TempDir;
using test::write_all;

using Names = std::vector<std::string>;

Settings changed_settings() {
  Settings s;
  s.audio = {0.25, 0.5, 0.0, 0.4};
  s.display = {true, false, CameraMode::Rotate, false};
  s.damage = DamageMode::Full;
  s.input.stick_deadzone = 0.2;
  s.input.trigger_deadzone = 0.1;
  s.input.steering_sensitivity = 1.5;
  s.input.keyboard[static_cast<std::size_t>(InputAction::LookBack)] = {"C"};
  s.input.keyboard[static_cast<std::size_t>(InputAction::Handbrake)] = {"Left Ctrl", "Keypad 0"};
  s.input.gamepad[static_cast<std::size_t>(InputAction::Throttle)] = {"righty-"};
  s.input.gamepad[static_cast<std::size_t>(InputAction::Pause)] = {};
  s.aids = {false, true, false};
  return s;
}

/// `json` placed in a minimal valid file, e.g. R"("audio": {"master": 2})".
std::string with(const std::string& body) { return "{\n  \"format\": 1,\n  " + body + "\n}\n"; }

TEST(Settings, DefaultsAreTheGamesKeysAndPadControls) {
  const Settings s;
  EXPECT_EQ(s.input.keys(InputAction::SteerLeft), (Names{"Left", "A"}));
  EXPECT_EQ(s.input.keys(InputAction::SteerRight), (Names{"Right", "D"}));
  EXPECT_EQ(s.input.keys(InputAction::Throttle), (Names{"Up", "W"}));
  EXPECT_EQ(s.input.keys(InputAction::Brake), (Names{"Down", "S"}));
  EXPECT_EQ(s.input.keys(InputAction::Handbrake), (Names{"Space"}));
  EXPECT_EQ(s.input.keys(InputAction::ShiftUp), (Names{"E", "PageUp"}));
  EXPECT_EQ(s.input.keys(InputAction::ShiftDown), (Names{"Q", "PageDown"}));
  EXPECT_EQ(s.input.keys(InputAction::Respawn), (Names{"R"}));
  EXPECT_EQ(s.input.keys(InputAction::Pause), (Names{"Escape"}));
  EXPECT_TRUE(s.input.keys(InputAction::LookBack).empty()) << "look back is optional, unbound";
  EXPECT_EQ(s.input.pad(InputAction::SteerLeft), (Names{"leftx-"}));
  EXPECT_EQ(s.input.pad(InputAction::SteerRight), (Names{"leftx+"}));
  EXPECT_EQ(s.input.pad(InputAction::Throttle), (Names{"righttrigger+"}));
  EXPECT_EQ(s.input.pad(InputAction::Brake), (Names{"lefttrigger+"}));
  EXPECT_EQ(s.input.pad(InputAction::Handbrake), (Names{"x"}));
  EXPECT_EQ(s.input.pad(InputAction::ShiftUp), (Names{"a", "rightshoulder"}));
  EXPECT_EQ(s.input.pad(InputAction::ShiftDown), (Names{"b", "leftshoulder"}));
  EXPECT_EQ(s.input.pad(InputAction::Respawn), (Names{"back"}));
  EXPECT_EQ(s.input.pad(InputAction::Pause), (Names{"start"}));
  EXPECT_TRUE(binding_conflicts(s.input.keyboard).empty());
  EXPECT_TRUE(binding_conflicts(s.input.gamepad).empty());
  // Every default gamepad name is one the parser (and SDL) knows.
  for (const auto& names : s.input.gamepad)
    for (const std::string& n : names) EXPECT_TRUE(parse_gamepad_binding(n).has_value()) << n;
}

TEST(Settings, ActionNamesRoundTrip) {
  for (const InputAction a : kAllActions) {
    EXPECT_EQ(action_from_name(action_name(a)), a) << action_name(a);
  }
  EXPECT_EQ(action_name(InputAction::LookBack), "look_back");
  EXPECT_FALSE(action_from_name("jump").has_value());
}

TEST(Settings, GamepadNamesFollowSdlOrder) {
  // SDL_CONTROLLER_AXIS_TRIGGERRIGHT = 5, SDL_CONTROLLER_BUTTON_START = 6, ..._TOUCHPAD = 20.
  EXPECT_EQ(gamepad_axis_name(5), "righttrigger");
  EXPECT_EQ(gamepad_axis_name(6), "");
  EXPECT_EQ(gamepad_button_name(6), "start");
  EXPECT_EQ(gamepad_button_name(20), "touchpad");
  EXPECT_EQ(gamepad_button_name(-1), "");
  const auto rt = parse_gamepad_binding("RightTrigger+");
  ASSERT_TRUE(rt.has_value());
  EXPECT_EQ(*rt, (GamepadBinding{GamepadBinding::Kind::Axis, 5, 1}));
  EXPECT_EQ(gamepad_binding_name(*rt), "righttrigger+");
  EXPECT_EQ(parse_gamepad_binding("leftx-"), (GamepadBinding{GamepadBinding::Kind::Axis, 0, -1}));
  EXPECT_EQ(parse_gamepad_binding("a"), (GamepadBinding{GamepadBinding::Kind::Button, 0, 0}));
  EXPECT_FALSE(parse_gamepad_binding("leftx").has_value()) << "an axis needs a direction";
  EXPECT_FALSE(parse_gamepad_binding("a+").has_value()) << "a button has none";
  EXPECT_FALSE(parse_gamepad_binding("").has_value());
  EXPECT_FALSE(parse_gamepad_binding("+").has_value());
}

TEST(Settings, ConflictsAndInputMapConfig) {
  Bindings b = default_keyboard_bindings();
  b[static_cast<std::size_t>(InputAction::LookBack)] = {"space"};  // SDL names are case-insensitive
  const auto conflicts = binding_conflicts(b);
  ASSERT_EQ(conflicts.size(), 1u);
  EXPECT_EQ(conflicts[0], std::make_pair(InputAction::Handbrake, InputAction::LookBack));

  InputSettings in;
  in.stick_deadzone = 0.3;
  in.trigger_deadzone = 0.12;
  in.steering_sensitivity = 2.0;
  const InputMapConfig base;
  const InputMapConfig c = input_map_config(in, base);
  EXPECT_DOUBLE_EQ(c.stick_deadzone, 0.3);
  EXPECT_DOUBLE_EQ(c.trigger_deadzone, 0.12);
  EXPECT_DOUBLE_EQ(c.steer_rise_s, base.steer_rise_s / 2.0) << "sensitivity 2: full lock in half the time";
  EXPECT_DOUBLE_EQ(c.steer_return_s, base.steer_return_s / 2.0);
}

TEST(Settings, SaveLoadRoundTrip) {
  TempDir dir;
  const fs::path file = settings_file(dir / "racer");
  const Settings s = changed_settings();
  ASSERT_FALSE(save_settings(file, s).has_value());
  const SettingsLoad loaded = load_settings(file);
  EXPECT_FALSE(loaded.message.has_value()) << *loaded.message;
  EXPECT_EQ(loaded.settings, s);
  EXPECT_EQ(settings_to_json(loaded.settings), read_all(file)) << "saving again gives the same text";
  // The defaults round-trip as well.
  ASSERT_FALSE(save_settings(file, Settings{}).has_value());
  EXPECT_EQ(load_settings(file).settings, Settings{});
}

TEST(Settings, MissingFileGivesDefaultsSilently) {
  TempDir dir;
  const SettingsLoad loaded = load_settings(dir / "settings.json");
  EXPECT_EQ(loaded.settings, Settings{});
  EXPECT_FALSE(loaded.message.has_value());
  EXPECT_TRUE(loaded.may_save);
  EXPECT_TRUE(test::entries(dir.path()).empty()) << "nothing is created by loading";
}

// A file written before the music had a volume (no "audio.music") loads without a message,
// the music at its default; the next save writes the key.
TEST(Settings, FileWithoutMusicVolumeLoadsWithTheDefault) {
  const SettingsParse p = parse_settings(with(R"("audio": {"master": 0.5, "engine": 1.0, "effects": 0.75})"), "s.json");
  ASSERT_TRUE(p.errors.empty()) << join_errors(p.errors);
  EXPECT_DOUBLE_EQ(p.settings.audio.music, AudioSettings{}.music);
  EXPECT_DOUBLE_EQ(p.settings.audio.effects, 0.75);
  EXPECT_NE(settings_to_json(p.settings).find("\"music\": 0.7"), std::string::npos);
  const SettingsParse bad = parse_settings(with(R"("audio": {"music": 1.5})"), "s.json");
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_DOUBLE_EQ(bad.settings.audio.music, AudioSettings{}.music);
}

TEST(Settings, MissingKeysTakeDefaultsAndASingleNameIsAccepted) {
  const SettingsParse p = parse_settings(
      with(R"("audio": {"master": 0.5}, "input": {"keyboard": {"pause": "P"}, "gamepad": {"pause": []}})"),
      "s.json");
  ASSERT_TRUE(p.errors.empty()) << join_errors(p.errors);
  Settings expected;
  expected.audio.master = 0.5;
  expected.input.keyboard[static_cast<std::size_t>(InputAction::Pause)] = {"P"};
  expected.input.gamepad[static_cast<std::size_t>(InputAction::Pause)] = {};
  EXPECT_EQ(p.settings, expected);
}

TEST(Settings, OutOfRangeValuesKeepTheGoodFieldsAndSetTheFileAside) {
  TempDir dir;
  const fs::path file = dir / "settings.json";
  const std::string text = with(
      "\"audio\": {\"master\": 1.5, \"engine\": 0.25},\n"
      "  \"display\": {\"fullscreen\": true, \"camera\": \"orbit\"},\n"
      "  \"input\": {\"gamepad\": {\"throttle\": [\"rightrigger+\"], \"brake\": [\"a\"]}}");
  write_all(file, text);
  const SettingsLoad loaded = load_settings(file);
  ASSERT_TRUE(loaded.message.has_value());
  const std::string& m = *loaded.message;
  const std::string name = file.string();
  EXPECT_NE(m.find(name + ":3:23: \"master\" must be a number in [0, 1], got 1.5"), std::string::npos) << m;
  EXPECT_NE(m.find(name + ":4:45: \"camera\" must be one of"), std::string::npos) << m;
  EXPECT_NE(m.find("gamepad binding of \"throttle\" must be"), std::string::npos) << m;
  EXPECT_NE(m.find("got \"rightrigger+\""), std::string::npos) << m;
  EXPECT_NE(m.find("replaced by their defaults"), std::string::npos) << m;
  // Good fields kept, bad ones at their defaults.
  const Settings d;
  EXPECT_DOUBLE_EQ(loaded.settings.audio.master, d.audio.master);
  EXPECT_DOUBLE_EQ(loaded.settings.audio.engine, 0.25);
  EXPECT_TRUE(loaded.settings.display.fullscreen);
  EXPECT_EQ(loaded.settings.display.camera, d.display.camera);
  EXPECT_EQ(loaded.settings.input.pad(InputAction::Throttle), d.input.pad(InputAction::Throttle));
  EXPECT_EQ(loaded.settings.input.pad(InputAction::Brake), (Names{"a"}));
  // The player's file is kept, byte for byte.
  ASSERT_TRUE(loaded.set_aside_as.has_value());
  EXPECT_EQ(*loaded.set_aside_as, dir / "settings.json.bad");
  EXPECT_EQ(read_all(dir / "settings.json.bad"), text);
  EXPECT_NE(m.find("kept as " + (dir / "settings.json.bad").string()), std::string::npos) << m;
  EXPECT_FALSE(fs::exists(file));
  EXPECT_TRUE(loaded.may_save);
}

TEST(Settings, UnknownKeysAreErrors) {
  const SettingsParse p = parse_settings(with(R"("audio": {"mastr": 0.5})"), "s.json");
  ASSERT_EQ(p.errors.size(), 1u);
  EXPECT_EQ(p.errors[0].to_string(), "s.json:3:13: unknown key \"mastr\" in \"audio\" (did you mean \"master\"?)");
  EXPECT_FALSE(p.whole_file_rejected);
  const SettingsParse action = parse_settings(with(R"("input": {"keyboard": {"jump": "J"}})"), "s.json");
  ASSERT_EQ(action.errors.size(), 1u);
  EXPECT_NE(action.errors[0].message.find("unknown key \"jump\""), std::string::npos);
}

TEST(Settings, SyntaxErrorOrNewerFormatGivesAllDefaults) {
  TempDir dir;
  const fs::path file = dir / "settings.json";
  write_all(file, "{\n  \"format\": 1,\n  \"audio\": {\"master\": 0.1,}\n}\n");
  SettingsLoad loaded = load_settings(file);
  ASSERT_TRUE(loaded.message.has_value());
  EXPECT_EQ(loaded.message->rfind(file.string() + ":3:", 0), 0u) << *loaded.message;
  EXPECT_NE(loaded.message->find("the default settings are used"), std::string::npos) << *loaded.message;
  EXPECT_EQ(loaded.settings, Settings{});

  write_all(file, "{\"format\": 2, \"audio\": {\"master\": 0.1}}\n");
  loaded = load_settings(file);
  ASSERT_TRUE(loaded.message.has_value());
  EXPECT_NE(loaded.message->find("\"format\" 2 is newer than this game supports (1)"), std::string::npos)
      << *loaded.message;
  EXPECT_EQ(loaded.settings, Settings{}) << "a newer file is not half-read";
  EXPECT_EQ(*loaded.set_aside_as, dir / "settings.json.bad.1") << "the first .bad is kept too";
  EXPECT_TRUE(fs::exists(dir / "settings.json.bad"));
}

TEST(Settings, UnreadablePathIsReportedAndNotMoved) {
  TempDir dir;
  fs::create_directories(dir / "settings.json");
  const SettingsLoad loaded = load_settings(dir / "settings.json");
  ASSERT_TRUE(loaded.message.has_value());
  EXPECT_NE(loaded.message->find("directory"), std::string::npos) << *loaded.message;
  EXPECT_EQ(loaded.settings, Settings{});
  EXPECT_FALSE(loaded.set_aside_as.has_value());
  EXPECT_FALSE(loaded.may_save) << "whatever is at the path was not set aside";
  EXPECT_TRUE(fs::is_directory(dir / "settings.json"));
}

TEST(Settings, SaveSanitizesValues) {
  Settings s;
  s.audio.master = 7.0;
  s.input.stick_deadzone = std::numeric_limits<double>::quiet_NaN();
  s.input.keyboard[0] = {"A", "B", "C", "D", "E", "F"};
  const SettingsParse p = parse_settings(settings_to_json(s), "s.json");
  ASSERT_TRUE(p.errors.empty()) << join_errors(p.errors);
  EXPECT_DOUBLE_EQ(p.settings.audio.master, 1.0);
  EXPECT_DOUBLE_EQ(p.settings.input.stick_deadzone, Settings{}.input.stick_deadzone);
  EXPECT_EQ(p.settings.input.keyboard[0].size(), kMaxBindings);
}

/// Every value a parse gives is in range, whatever the text (the "never trust the file" rule).
void expect_in_range(const Settings& s) {
  EXPECT_TRUE(s.audio.master >= 0.0 && s.audio.master <= 1.0);
  EXPECT_TRUE(s.audio.engine >= 0.0 && s.audio.engine <= 1.0);
  EXPECT_TRUE(s.audio.effects >= 0.0 && s.audio.effects <= 1.0);
  EXPECT_TRUE(s.input.stick_deadzone >= 0.0 && s.input.stick_deadzone <= 0.9);
  EXPECT_TRUE(s.input.trigger_deadzone >= 0.0 && s.input.trigger_deadzone <= 0.9);
  EXPECT_TRUE(s.input.steering_sensitivity >= 0.25 && s.input.steering_sensitivity <= 4.0);
  for (const auto& names : s.input.gamepad) {
    EXPECT_LE(names.size(), kMaxBindings);
    for (const std::string& n : names) EXPECT_TRUE(parse_gamepad_binding(n).has_value()) << n;
  }
  for (const auto& names : s.input.keyboard) EXPECT_LE(names.size(), kMaxBindings);
}

TEST(Settings, TruncatedAndCorruptedFilesNeverCrash) {
  const std::string text = settings_to_json(changed_settings());
  for (std::size_t n = 0; n + 1 < text.size(); ++n) {  // the last byte is the newline
    const SettingsParse p = parse_settings(text.substr(0, n), "cut.json");
    EXPECT_FALSE(p.errors.empty()) << "a cut file is never complete JSON (n = " << n << ")";
    for (const DataError& e : p.errors) EXPECT_EQ(e.file, "cut.json");
    expect_in_range(p.settings);
  }
  std::uint32_t state = 4242;
  const std::string replacements = "{}[]\",:0-9e.xtn \n\x80\xff";
  for (int i = 0; i < 3000; ++i) {
    state = state * 1664525u + 1013904223u;
    std::string bad = text;
    bad[(state >> 8) % bad.size()] = replacements[(state >> 20) % replacements.size()];
    const SettingsParse p = parse_settings(bad, "bad.json");
    for (const DataError& e : p.errors) EXPECT_EQ(e.to_string().rfind("bad.json", 0), 0u) << e.to_string();
    expect_in_range(p.settings);
  }
}

TEST(Settings, CorruptedFilesOnDiskAreAlwaysKept) {
  // Through the whole load path: whatever the damage, the original bytes survive as .bad.
  TempDir dir;
  const std::string text = settings_to_json(changed_settings());
  std::uint32_t state = 99;
  for (int i = 0; i < 40; ++i) {
    state = state * 1664525u + 1013904223u;
    std::string bad = text.substr(0, (state >> 8) % text.size());
    const fs::path file = dir / ("s" + std::to_string(i) + ".json");
    write_all(file, bad);
    const SettingsLoad loaded = load_settings(file);
    ASSERT_TRUE(loaded.message.has_value());
    ASSERT_TRUE(loaded.set_aside_as.has_value()) << *loaded.message;
    EXPECT_EQ(read_all(*loaded.set_aside_as), bad);
    expect_in_range(loaded.settings);
  }
}

}  // namespace
}  // namespace racer
