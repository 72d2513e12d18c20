// MovingAI readers: the arena files, every terrain character, located errors, and no crash on
// damaged input.
#include "plan/movingai.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

namespace racer {
namespace {

const std::string kData = RACER_SOURCE_DIR "/../shared/pathfinding/";

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(MovingAi, LoadsTheArena) {
  const auto map = load_movingai_map(kData + "arena.map");
  ASSERT_TRUE(map) << map.error_text();
  EXPECT_EQ(map.value().width(), 49);
  EXPECT_EQ(map.value().height(), 49);
  int passable = 0;
  for (int y = 0; y < 49; ++y)
    for (int x = 0; x < 49; ++x) passable += map.value().passable(x, y) ? 1 : 0;
  EXPECT_EQ(passable, 2054);  // '.' cells in the file; the rest are 'T'
  EXPECT_FALSE(map.value().passable(0, 0));
  EXPECT_TRUE(map.value().passable(3, 1));  // row 1 is "TTT......"
  EXPECT_TRUE(map.value().uniform_cost());

  const auto scen = load_movingai_scenarios(kData + "arena.map.scen");
  ASSERT_TRUE(scen) << scen.error_text();
  ASSERT_EQ(scen.value().size(), 130u);  // the version line and the citation are skipped
  const MovingAiScenario& first = scen.value().front();
  EXPECT_EQ(first.bucket, 0);
  EXPECT_EQ(first.map, "arena.map");
  EXPECT_EQ(first.start, (GridCell{19, 26}));
  EXPECT_EQ(first.goal, (GridCell{19, 29}));
  EXPECT_DOUBLE_EQ(first.optimal_length, 3.0);
  EXPECT_DOUBLE_EQ(scen.value().back().optimal_length, 48.38477631);
}

TEST(MovingAi, TerrainCharactersAndRowOrder) {
  const auto map = parse_movingai_map("type octile\r\nwidth 7\r\nheight 2\r\nmap\r\n.G@OTSW\r\n..@....\r\ntrailing text\n");
  ASSERT_TRUE(map) << map.error_text();
  const SearchGrid& g = map.value();
  ASSERT_EQ(g.width(), 7);
  ASSERT_EQ(g.height(), 2);
  const bool row0[7] = {true, true, false, false, false, false, false};
  for (int x = 0; x < 7; ++x) EXPECT_EQ(g.passable(x, 0), row0[x]) << x;
  EXPECT_FALSE(g.passable(2, 1));
  EXPECT_TRUE(g.passable(6, 1));
}

void expect_map_error(const std::string& text, const std::string& message) {
  const auto map = parse_movingai_map(text, "m.map");
  ASSERT_FALSE(map) << text;
  EXPECT_NE(map.error_text().find(message), std::string::npos) << map.error_text();
}

TEST(MovingAi, MapErrorsAreLocated) {
  expect_map_error("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n", "m.map:6:2: unknown terrain 'x'");
  expect_map_error("type octile\nheight 2\nwidth 3\nmap\n...\n..\n", "m.map:6:3: row has 2 characters, expected 3");
  expect_map_error("type octile\nheight 2\nwidth 3\nmap\n....\n...\n", "m.map:5:4: row has 4 characters, expected 3");
  expect_map_error("type octile\nheight 3\nwidth 3\nmap\n...\n...\n", "the map ends after 2 rows, expected 3");
  expect_map_error("type octile\nheight 3\nwidth 3\n", "the header never ends");
  expect_map_error("type octile\nheight -3\nwidth 3\nmap\n", "m.map:2:8: height must be a whole number in [1, 32768], got \"-3\"");
  expect_map_error("type octile\nheight 99999999999\nwidth 3\nmap\n", "height must be a whole number");
  expect_map_error("type hex\nheight 1\nwidth 1\nmap\n.\n", "m.map:1:6: map type must be \"octile\"");
  expect_map_error("type octile\nwidth 1\nmap\n.\n", "no \"height H\" line");
  expect_map_error("type octile\ndepth 2\nheight 1\nwidth 1\nmap\n.\n", "m.map:2:1: expected a header line");
  expect_map_error("", "the header never ends");
  expect_map_error(std::string("type octile\nheight 1\nwidth 2\nmap\n.\x01\n"), "unknown terrain byte 1");
}

TEST(MovingAi, ScenarioLinesAndErrors) {
  const std::string good = "version 1\n0\ta.map\t4\t3\t0\t0\t3\t2\t3.41421356\n\nsome citation\t with tabs\n"
                           "2\ta.map\t4\t3\t1\t2\t1\t0\t2.0\r\n";
  const auto ok = parse_movingai_scenarios(good, "s.scen");
  ASSERT_TRUE(ok) << ok.error_text();
  ASSERT_EQ(ok.value().size(), 2u);
  EXPECT_EQ(ok.value()[1].bucket, 2);
  EXPECT_EQ(ok.value()[1].start, (GridCell{1, 2}));
  EXPECT_DOUBLE_EQ(ok.value()[1].optimal_length, 2.0);

  const auto bad = parse_movingai_scenarios("version 1\n0\ta.map\t4\t3\t0\tzero\t3\t2\t3.4\n"
                                            "0\ta.map\t4\t3\t0\t0\t4\t2\t3.4\n"
                                            "0\ta.map\t4\t3\t0\t0\t3\t2\tnan\n", "s.scen");
  ASSERT_FALSE(bad);
  ASSERT_EQ(bad.errors().size(), 3u) << bad.error_text();
  EXPECT_EQ(bad.errors()[0].to_string(), "s.scen:2:15: start y must be a whole number in [0, 2], got \"zero\"");
  EXPECT_EQ(bad.errors()[1].to_string(), "s.scen:3:17: goal x must be a whole number in [0, 3], got \"4\"");
  EXPECT_EQ(bad.errors()[2].to_string(), "s.scen:4:21: optimal length must be a finite number >= 0, got \"nan\"");

  const auto none = parse_movingai_scenarios("version 1\n", "s.scen");
  ASSERT_FALSE(none);
  EXPECT_NE(none.error_text().find("no scenarios"), std::string::npos);
}

TEST(MovingAi, MissingFiles) {
  const auto map = load_movingai_map(kData + "no_such.map");
  ASSERT_FALSE(map);
  EXPECT_NE(map.error_text().find("no_such.map: cannot read the file"), std::string::npos) << map.error_text();
  const auto dir = load_movingai_scenarios(kData);
  ASSERT_FALSE(dir);
}

TEST(MovingAi, DamagedFilesNeverCrash) {
  // Truncations and random byte flips of the real files: each parse either succeeds or
  // reports errors (run under the sanitizer preset this also proves no out-of-bounds access).
  const std::string map = slurp(kData + "arena.map"), scen = slurp(kData + "arena.map.scen");
  ASSERT_FALSE(map.empty());
  std::mt19937 rng(3);
  const char alphabet[] = ".G@OTSW\t\n\r 0123456789-x";
  for (int trial = 0; trial < 400; ++trial) {
    std::string m = map.substr(0, rng() % (map.size() + 1)), s = scen.substr(0, rng() % (scen.size() + 1));
    for (int flips = 0; flips < 5; ++flips) {
      if (!m.empty()) m[rng() % m.size()] = alphabet[rng() % (sizeof alphabet - 1)];
      if (!s.empty()) s[rng() % s.size()] = alphabet[rng() % (sizeof alphabet - 1)];
    }
    const auto pm = parse_movingai_map(m, "m");
    const auto ps = parse_movingai_scenarios(s, "s");
    EXPECT_TRUE(pm.ok() || !pm.errors().empty());
    EXPECT_TRUE(ps.ok() || !ps.errors().empty());
  }
}

}  // namespace
}  // namespace racer
