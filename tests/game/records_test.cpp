// Records: best laps only get better, championship totals follow the rounds, save/load
// round trip, and a corrupt file is reported, kept as .bad and never silently replaced.
#include "game/records.h"

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

Records sample_records() {
  Records r;
  EXPECT_TRUE(r.submit_lap("harbour", "sedan", {83.125, {27.5, 28.0, 27.625}}));
  EXPECT_TRUE(r.submit_lap("harbour", "racer", {71.0625, {}}));
  EXPECT_TRUE(r.submit_lap("hills", "sedan", {101.3, {50.1, 51.2}}));
  ChampionshipProgress c;
  c.championship_id = "rookie_cup";
  c.add_round({"harbour",
               {{"player", 1, true, 25, 250.5}, {"Ada", 2, true, 18, 251.25}, {"Bo", 3, false, 0, std::nullopt}}});
  c.add_round({"hills", {{"Ada", 1, true, 25, 300.0}, {"player", 2, true, 18, 301.0}, {"Bo", 3, true, 15, 320.0}}});
  r.championship = c;
  return r;
}

TEST(Records, OnlyABetterLapReplacesTheBest) {
  Records r;
  EXPECT_EQ(r.best_lap("harbour", "sedan"), nullptr);
  EXPECT_TRUE(r.submit_lap("harbour", "sedan", {80.0, {40.0, 40.0}}));
  EXPECT_FALSE(r.submit_lap("harbour", "sedan", {80.0, {39.0, 41.0}})) << "a tie is not a new best";
  EXPECT_FALSE(r.submit_lap("harbour", "sedan", {81.0, {}}));
  EXPECT_TRUE(r.submit_lap("harbour", "sedan", {79.5, {39.0, 40.5}}));
  ASSERT_NE(r.best_lap("harbour", "sedan"), nullptr);
  EXPECT_DOUBLE_EQ(r.best_lap("harbour", "sedan")->lap_time, 79.5);
  EXPECT_EQ(r.best_lap("harbour", "sedan")->sector_times, (std::vector<double>{39.0, 40.5}));
  EXPECT_EQ(r.best_lap("harbour", "racer"), nullptr) << "per (track, car)";
  EXPECT_FALSE(r.submit_lap("harbour", "racer", {0.0, {}}));
  EXPECT_FALSE(r.submit_lap("harbour", "racer", {std::numeric_limits<double>::quiet_NaN(), {}}));
  EXPECT_EQ(r.best_lap("harbour", "racer"), nullptr) << "no nonsense times stored";
}

TEST(Records, ChampionshipTotalsAndStandings) {
  const Records r = sample_records();
  const ChampionshipProgress& c = *r.championship;
  EXPECT_EQ(c.round_index, 2) << "two rounds raced, the third is next";
  EXPECT_EQ(c.points.at("player"), 43);
  EXPECT_EQ(c.points.at("Ada"), 43);
  EXPECT_EQ(c.points.at("Bo"), 15);
  const auto s = c.standings();
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].first, "Ada") << "tie on points: by name";
  EXPECT_EQ(s[1].first, "player");
  EXPECT_EQ(s[2].first, "Bo");
}

TEST(Records, SaveLoadRoundTrip) {
  TempDir dir;
  const fs::path file = records_file(dir / "racer");
  const Records r = sample_records();
  ASSERT_FALSE(save_records(file, r).has_value());
  const RecordsLoad loaded = load_records(file);
  EXPECT_FALSE(loaded.message.has_value()) << *loaded.message;
  EXPECT_EQ(loaded.records, r) << "lap times are stored exactly (shortest round-trip text)";
  EXPECT_EQ(records_to_json(loaded.records), read_all(file));
  // Without a championship.
  Records laps_only = r;
  laps_only.championship.reset();
  ASSERT_FALSE(save_records(file, laps_only).has_value());
  EXPECT_EQ(load_records(file).records, laps_only);
}

TEST(Records, MissingFileIsEmptyAndSilent) {
  TempDir dir;
  const RecordsLoad loaded = load_records(dir / "records.json");
  EXPECT_EQ(loaded.records, Records{});
  EXPECT_FALSE(loaded.message.has_value());
}

TEST(Records, CorruptFileIsKeptAndNotReplacedBySaving) {
  TempDir dir;
  const fs::path file = dir / "records.json";
  ASSERT_FALSE(save_records(file, sample_records()).has_value());
  std::string text = read_all(file);
  text.resize(text.size() / 2);  // cut in half, as a crash while writing without atomicity would
  write_all(file, text);
  const RecordsLoad loaded = load_records(file);
  ASSERT_TRUE(loaded.message.has_value());
  EXPECT_EQ(loaded.message->rfind(file.string() + ":", 0), 0u) << *loaded.message;
  EXPECT_NE(loaded.message->find("start empty; the file was kept as " + file.string() + ".bad"), std::string::npos)
      << *loaded.message;
  EXPECT_EQ(loaded.records, Records{});
  EXPECT_TRUE(loaded.may_save);
  // The game goes on and saves a new best lap: the old records are still in the .bad file.
  Records fresh = loaded.records;
  fresh.submit_lap("harbour", "sedan", {90.0, {}});
  ASSERT_FALSE(save_records(file, fresh).has_value());
  EXPECT_EQ(read_all(dir / "records.json.bad"), text);
  EXPECT_EQ(load_records(file).records, fresh);
}

TEST(Records, BadValuesAreLocated) {
  const Result<Records> dup = parse_records(R"({"format": 1, "best_laps": [
  {"track": "a", "car": "b", "lap_time_s": 60},
  {"track": "a", "car": "b", "lap_time_s": 59}]})", "r.json");
  ASSERT_FALSE(dup.ok());
  EXPECT_EQ(dup.error_text(),
            "r.json:3:3: a second best lap for track \"a\" and car \"b\" (each pair may appear once)");
  const Result<Records> neg = parse_records(R"({"format": 1, "best_laps": [{"track": "a", "car": "b", "lap_time_s": -1}]})", "r.json");
  ASSERT_FALSE(neg.ok());
  EXPECT_NE(neg.error_text().find("r.json:1:70: \"lap_time_s\" must be a number of seconds"), std::string::npos)
      << neg.error_text();
  const Result<Records> twice = parse_records(R"({"format": 1, "championship": {"id": "c", "round": 0,
  "points": [{"driver": "x", "points": 1}, {"driver": "x", "points": 2}], "rounds": []}})", "r.json");
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.error_text().find("driver \"x\" is listed twice"), std::string::npos) << twice.error_text();
  const Result<Records> future = parse_records(R"({"format": 3})", "r.json");
  ASSERT_FALSE(future.ok());
  EXPECT_NE(future.error_text().find("newer than this game supports"), std::string::npos);
}

TEST(Records, TruncatedAndCorruptedFilesNeverCrash) {
  const std::string text = records_to_json(sample_records());
  for (std::size_t n = 0; n + 1 < text.size(); ++n) {  // the last byte is the newline
    const Result<Records> r = parse_records(text.substr(0, n), "cut.json");
    ASSERT_FALSE(r.ok()) << "n = " << n;
    EXPECT_EQ(r.error_text().rfind("cut.json", 0), 0u) << r.error_text();
  }
  std::uint32_t state = 777;
  const std::string replacements = "{}[]\",:0-9e.xtn \n\x80";
  for (int i = 0; i < 3000; ++i) {
    state = state * 1664525u + 1013904223u;
    std::string bad = text;
    bad[(state >> 8) % bad.size()] = replacements[(state >> 20) % replacements.size()];
    const Result<Records> r = parse_records(bad, "bad.json");
    if (!r.ok()) {
      EXPECT_EQ(r.error_text().rfind("bad.json", 0), 0u) << r.error_text();
    } else {
      for (const auto& [key, lap] : r.value().best_laps()) EXPECT_GT(lap.lap_time, 0.0);
    }
  }
}

}  // namespace
}  // namespace racer
