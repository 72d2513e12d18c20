// Replay files (game/replay_file.h): saved atomically and read back equal; a missing or
// damaged file refused with its name (and the byte offset); the game's folder keeps the
// newest replays only.
#include <gtest/gtest.h>

#include <fstream>

#include "game/replay_file.h"
#include "temp_dir.h"

namespace racer {
namespace {

Replay small_replay() {
  Replay r;
  r.setup.track_path = "tracks/port_ardent.json";
  r.setup.track_id = "port_ardent";
  r.setup.car_path = "assets/cars/sedan.json";
  r.setup.car_id = "sedan";
  r.setup.ai_cars = 2;
  r.steps = 10;
  ReplayStream s;
  for (int i = 0; i < 10; ++i) s.append(PlayerInput{Controls{0.1 * i, 1.0, 0.0, false, 0.0}, false});
  r.humans.push_back(s);
  r.final_state_hash = 42;
  return r;
}

TEST(ReplayFile, SavedAndReadBack) {
  test::TempDir dir;
  const std::filesystem::path file = dir / "sub" / "a.racerreplay";
  ASSERT_EQ(save_replay(file, small_replay()), std::nullopt);
  const Result<Replay> back = read_replay_file(file.string());
  ASSERT_TRUE(back.ok()) << back.error_text();
  EXPECT_EQ(back.value(), small_replay());
}

TEST(ReplayFile, MissingAndDamagedFilesAreNamed) {
  test::TempDir dir;
  const std::string missing = (dir / "none.racerreplay").string();
  EXPECT_EQ(read_replay_file(missing).error_text(), missing + ": no such file");
  const std::filesystem::path file = dir / "cut.racerreplay";
  const std::string bytes = encode_replay(small_replay());
  std::ofstream(file, std::ios::binary) << bytes.substr(0, 30);
  const std::string e = read_replay_file(file.string()).error_text();
  EXPECT_EQ(e.rfind(file.string() + ": byte ", 0), 0u) << e;
  EXPECT_NE(e.find("truncated"), std::string::npos) << e;
}

TEST(ReplayFile, TheFolderKeepsTheNewest) {
  test::TempDir dir;
  for (int i = 0; i < 14; ++i) {
    const std::string stamp = "20260101-1200" + std::string(i < 10 ? "0" : "") + std::to_string(i);
    ASSERT_EQ(save_replay(replay_file_name(dir.path(), stamp, "port ardent/..", "sedan"), small_replay()), std::nullopt);
  }
  std::ofstream(dir / "notes.txt") << "not a replay";
  EXPECT_EQ(list_replays(dir.path()).size(), 14u);
  EXPECT_TRUE(prune_replays(dir.path(), 10).empty());
  const std::vector<std::filesystem::path> kept = list_replays(dir.path());
  ASSERT_EQ(kept.size(), 10u);
  EXPECT_EQ(kept.front().filename().string(), "20260101-120004_port_ardent_.._sedan.racerreplay");
  EXPECT_TRUE(std::filesystem::exists(dir / "notes.txt"));
}

}  // namespace
}  // namespace racer
