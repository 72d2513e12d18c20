// Every loader (track, car, AI profile, settings, records, ghost) refuses hostile files:
// oversized, absurd counts, non-finite numbers, deep nesting, bad UTF-8 and truncation,
// each with an error naming the file, the line and the column of the fault. Each file
// starts from a real one (a shipped file, or one the game's own writer made) with one
// fault put in at a known place, so the expected position is where the fault was put.
// (Fuzzing the same loaders: fuzz/, docs/reliability.md.)
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "ai/ai_params.h"
#include "core/json_doc.h"
#include "game/ghost.h"
#include "game/records.h"
#include "game/settings.h"
#include "game/storage.h"
#include "track/track_spec.h"
#include "vehicle/car_spec.h"

namespace racer {
namespace {

std::string read_source_file(const std::string& relative) {
  std::ifstream in(std::string(RACER_SOURCE_DIR) + "/" + relative, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

Ghost sample_ghost() {
  Ghost g;
  g.key.track_id = "kestrel_downs";
  g.key.car_id = "hatchback";
  g.lap_time = 2.0;
  for (int i = 0; i <= 20; ++i) g.samples.push_back({0.1 * i, 3.0 * i, 0.5 * i, 0.01 * i, 30.0});
  return g;
}

Records sample_records() {
  Records r;
  r.submit_lap("kestrel_downs", "sedan", {83.125, {27.5, 28.0, 27.625}});
  return r;
}

/// One loader: its name in messages, a valid file, its size limit, and a parse that
/// returns the errors (empty when the text loaded).
struct Loader {
  std::string name;
  std::string good;
  std::size_t max_bytes;
  std::function<std::vector<DataError>(const std::string&)> errors;
};

template <class T>
std::vector<DataError> errors_of(const Result<T>& r) {
  return r.errors();
}

std::vector<Loader> loaders() {
  const std::size_t json_limit = JsonLimits{}.max_bytes;
  return {
      {"track.json", read_source_file("tracks/kestrel_downs.json"), json_limit,
       [](const std::string& t) { return errors_of(parse_track_spec(t, "track.json")); }},
      {"car.json", read_source_file("assets/cars/hatchback.json"), json_limit,
       [](const std::string& t) { return errors_of(parse_car_spec(t, "car.json")); }},
      {"profile.json", read_source_file("assets/ai/medium.json"), json_limit,
       [](const std::string& t) { return errors_of(parse_ai_params(t, "profile.json")); }},
      {"settings.json", settings_to_json(Settings{}), json_limit,
       [](const std::string& t) { return parse_settings(t, "settings.json").errors; }},
      {"records.json", records_to_json(sample_records()), json_limit,
       [](const std::string& t) { return errors_of(parse_records(t, "records.json")); }},
      {"ghost.json", ghost_to_json(sample_ghost()), kMaxStoredFileBytes,
       [](const std::string& t) { return errors_of(parse_ghost(t, "ghost.json")); }},
  };
}

/// "line:col" of byte `offset` of ASCII text.
std::string line_col(const std::string& text, std::size_t offset) {
  const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n');
  const std::size_t line_start = offset == 0 ? 0 : text.rfind('\n', offset - 1) + 1;
  return std::to_string(line) + ":" + std::to_string(offset - line_start + 1);
}

/// Offset of the value of the file's "format" key (every format has one, near the top).
std::size_t format_value(const std::string& text) {
  const std::size_t key = text.find("\"format\"");
  EXPECT_NE(key, std::string::npos);
  return text.find('1', key);
}

/// The text with `replacement` in place of the byte at `offset`.
std::string replace_at(std::string text, std::size_t offset, const std::string& replacement) {
  return text.replace(offset, 1, replacement);
}

/// The first error of `text` as "file:line:col: message" (or "LOADED" when none).
std::string first_error(const Loader& loader, const std::string& text) {
  const std::vector<DataError> errors = loader.errors(text);
  return errors.empty() ? "LOADED" : errors.front().to_string();
}

TEST(HostileFiles, TheStartingFilesLoad) {
  for (const Loader& l : loaders()) EXPECT_EQ(first_error(l, l.good), "LOADED") << l.name;
}

TEST(HostileFiles, OversizedFilesAreRefusedAtTheFirstBytePastTheLimit) {
  for (const Loader& l : loaders()) {
    // The valid file, then spaces up to one byte past the limit on a line of their own.
    const std::string text = l.good + "\n" + std::string(l.max_bytes - l.good.size(), ' ');
    ASSERT_EQ(text.size(), l.max_bytes + 1);
    EXPECT_EQ(first_error(l, text), l.name + ":" + line_col(text, l.max_bytes) +
                                        ": file is too large: " + std::to_string(text.size()) +
                                        " bytes (the limit is " + std::to_string(l.max_bytes) +
                                        "; the first byte past it is here)");
  }
}

TEST(HostileFiles, NonFiniteNumbersAreRefusedWhereTheyAre) {
  for (const Loader& l : loaders()) {
    const std::size_t at = format_value(l.good);
    const std::string where = l.name + ":" + line_col(l.good, at) + ": ";
    EXPECT_EQ(first_error(l, replace_at(l.good, at, "1e999")),
              where + "number 1e999 is too large (it overflows to infinity)");
    EXPECT_EQ(first_error(l, replace_at(l.good, at, "-1e400")),
              where + "number -1e400 is too large (it overflows to infinity)");
    EXPECT_EQ(first_error(l, replace_at(l.good, at, "NaN")), where + "invalid literal 'NaN'");
    EXPECT_EQ(first_error(l, replace_at(l.good, at, "Infinity")), where + "invalid literal 'Infinity'");
  }
}

TEST(HostileFiles, DeepNestingIsRefusedAtTheFirstBracketTooDeep) {
  for (const Loader& l : loaders()) {
    const std::size_t at = format_value(l.good);
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    // The file's own object is level 1: the 64th bracket put in is the 65th level.
    const std::string text = replace_at(l.good, at, deep);
    EXPECT_EQ(first_error(l, text),
              l.name + ":" + line_col(text, at + 63) + ": nesting is deeper than 64 levels");
  }
}

TEST(HostileFiles, BadUtf8IsRefusedAtTheByte) {
  for (const Loader& l : loaders()) {
    const std::size_t at = l.good.find("\"format\"") + 1;  // inside the key's quotes
    for (const std::string bad : {"\xFF", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE2\x82"}) {
      EXPECT_EQ(first_error(l, l.good.substr(0, at) + bad + l.good.substr(at)),
                l.name + ":" + line_col(l.good, at) + ": invalid UTF-8 byte 0x" +
                    "0123456789ABCDEF"[static_cast<unsigned char>(bad[0]) >> 4] +
                    "0123456789ABCDEF"[static_cast<unsigned char>(bad[0]) & 0xF] +
                    " (the file must be UTF-8 text)")
          << l.name;
    }
  }
}

TEST(HostileFiles, TruncatedFilesAreRefusedAtTheEnd) {
  for (const Loader& l : loaders()) {
    // Cut after a comma in the middle of the file: the end comes where a value was due.
    const std::size_t cut = l.good.find(',', l.good.size() / 2) + 1;
    const std::string text = l.good.substr(0, cut);
    const std::string error = first_error(l, text);
    EXPECT_EQ(error.substr(0, error.find(": ") + 2), l.name + ":" + line_col(text, cut) + ": ");
    EXPECT_NE(error.find("unexpected end of input"), std::string::npos) << error;
    // And every shorter cut is refused too (never loads half a file, never crashes).
    for (std::size_t n = 0; n + 1 < l.good.size(); n += 7) {
      const std::vector<DataError> errors = l.errors(l.good.substr(0, n));
      ASSERT_FALSE(errors.empty()) << l.name << " cut at " << n;
      for (const DataError& e : errors) {
        EXPECT_EQ(e.file, l.name);
        EXPECT_GE(e.line, 1) << e.to_string();
        EXPECT_GE(e.column, 1) << e.to_string();
      }
    }
  }
}

// Absurd counts: each format's arrays have a largest size, and one item more is refused at
// the array with the count.

TEST(HostileFiles, RecordsWithAbsurdCountsAreRefused) {
  std::string laps;
  for (int i = 0; i <= 10000; ++i) {
    laps += (i ? ",\n" : "") + std::string("{\"track\": \"t") + std::to_string(i) +
            "\", \"car\": \"c\", \"lap_time_s\": 60}";
  }
  EXPECT_EQ(parse_records("{\"format\": 1,\n \"best_laps\": [" + laps + "]}", "records.json").error_text(),
            "records.json:2:15: \"best_laps\" must have at most 10000 items, got 10001");
  std::string results;
  for (int i = 0; i <= 1000; ++i) {
    results += (i ? "," : "") + std::string("{\"driver\": \"d\", \"position\": 1, \"points\": 0}");
  }
  const std::string season = "{\"format\": 1, \"championship\": {\"id\": \"c\", \"round\": 1,\n"
                             " \"points\": [], \"rounds\": [{\"track\": \"t\", \"results\": [" +
                             results + "]}]}}";
  EXPECT_EQ(parse_records(season, "records.json").error_text(),
            "records.json:2:53: \"results\" must have at most 1000 items, got 1001");
}

TEST(HostileFiles, CarWithAbsurdGearCountIsRefused) {
  std::string car = read_source_file("assets/cars/hatchback.json");
  const std::size_t ratios = car.find("\"ratios\"");
  ASSERT_NE(ratios, std::string::npos);
  const std::size_t open = car.find('[', ratios);
  const std::string eleven = "[3.5, 3, 2.5, 2, 1.8, 1.6, 1.4, 1.2, 1.0, 0.9, 0.8";
  car.replace(open, car.find(']', open) - open, eleven);
  EXPECT_EQ(parse_car_spec(car, "car.json").error_text(),
            "car.json:" + line_col(car, open) + ": \"ratios\" must have 1 to 10 items, got 11");
}

TEST(HostileFiles, SettingsWithTooManyBindingsAreRefused) {
  std::string text = settings_to_json(Settings{});
  const std::size_t throttle = text.find("\"throttle\"", text.find("\"keyboard\""));
  ASSERT_NE(throttle, std::string::npos);
  const std::size_t open = text.find('[', throttle);
  text.replace(open, text.find(']', open) + 1 - open, "[\"w\", \"up\", \"i\", \"t\", \"g\"]");
  const SettingsParse parsed = parse_settings(text, "settings.json");
  EXPECT_EQ(join_errors(parsed.errors),
            "settings.json:" + line_col(text, open) +
                ": keyboard bindings of \"throttle\" must be at most 4 names, got 5");
}

// Inputs the fuzz targets found (fuzz/, docs/reliability.md), kept byte for byte in
// tests/game/fuzz_finds as LOADER_what.json beside the message expected for it.
TEST(HostileFiles, FuzzFindsAreRefusedWithTheirMessage) {
  const std::string dir = "tests/game/fuzz_finds/";
  const std::vector<Loader> all = loaders();
  for (const char* find : {"records_number_then_nul", "ghost_speed_too_large_to_save"}) {
    const std::string name = find;
    const auto loader = std::find_if(all.begin(), all.end(), [&](const Loader& l) {
      return l.name.substr(0, l.name.find('.')) == name.substr(0, name.find('_'));
    });
    ASSERT_NE(loader, all.end()) << name;
    std::string expected = read_source_file(dir + name + ".expected");
    expected.erase(expected.find_last_not_of('\n') + 1);
    EXPECT_EQ(first_error(*loader, read_source_file(dir + name + ".json")), expected) << name;
  }
}

}  // namespace
}  // namespace racer
