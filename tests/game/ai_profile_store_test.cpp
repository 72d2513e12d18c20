// The AI profiles a modder saves from the AI panel: the saved file reads back with the real
// loader to equal params, a bad directory is an error value (nothing written, nothing
// damaged), names cannot leave the folder, and saved files win over the shipped ones.
#include "game/ai_profile_store.h"

#include <gtest/gtest.h>

#include "temp_dir.h"
#include "test_profiles.h"

namespace racer {
namespace {

namespace fs = std::filesystem;
using test::read_all;
using test::TempDir;
using test::write_all;

AiParams tuned() {
  AiParams p = test::tuned_profile("wet_medium");
  p.difficulty = "medium";
  return p;
}

TEST(AiProfileStore, SaveThenLoadGivesEqualParams) {
  TempDir dir;
  const AiParams p = tuned();
  const Result<fs::path> written = save_user_ai_profile(dir.path(), p);
  ASSERT_TRUE(written.ok()) << written.error_text();
  EXPECT_EQ(written.value(), dir.path() / "ai" / "wet_medium.json");
  const Result<AiParams> back = load_ai_params(written.value().string());
  ASSERT_TRUE(back.ok()) << back.error_text();
  const AiParams& q = back.value();
  EXPECT_EQ(q.name, p.name);
  EXPECT_EQ(q.difficulty, p.difficulty);
  EXPECT_EQ(q.grip_use, p.grip_use);
  EXPECT_EQ(q.speed_use, p.speed_use);
  EXPECT_EQ(q.reaction_steps, p.reaction_steps);
  EXPECT_EQ(q.mistakes_per_minute, p.mistakes_per_minute);
  EXPECT_EQ(q.overtake_offset, p.overtake_offset);
  EXPECT_EQ(q.line_margin, p.line_margin);
  EXPECT_EQ(q.defend, p.defend);
  EXPECT_EQ(q.let_by, p.let_by);
  EXPECT_EQ(q.dwa.heading, p.dwa.heading);
  EXPECT_EQ(q.dwa.clearance, p.dwa.clearance);
  EXPECT_EQ(q.dwa.speed, p.dwa.speed);
  EXPECT_EQ(q.dwa, p.dwa);  // samples and horizon too
  EXPECT_EQ(q.routing, p.routing);
  EXPECT_EQ(q.tracking, p.tracking);
  EXPECT_EQ(q.racecraft, p.racecraft);
  // Saving again replaces the file in full (no temp files left beside it).
  AiParams p2 = p;
  p2.grip_use = 0.5;
  ASSERT_TRUE(save_user_ai_profile(dir.path(), p2).ok());
  EXPECT_EQ(load_ai_params(written.value().string()).value().grip_use, 0.5);
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir.path() / "ai")) files += e.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 1);
}

TEST(AiProfileStore, BadDirectoryIsAnErrorAndDamagesNothing) {
  TempDir dir;
  write_all(dir / "blocked", "not a folder\n");  // the data directory is a file
  const Result<fs::path> r = save_user_ai_profile(dir / "blocked", tuned());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error_text().find("wet_medium.json"), std::string::npos) << r.error_text();
  EXPECT_EQ(read_all(dir / "blocked"), "not a folder\n");
}

TEST(AiProfileStore, NamesStayInsideTheFolder) {
  EXPECT_EQ(user_ai_profile_file("/d/racer", "hard"), fs::path("/d/racer/ai/hard.json"));
  EXPECT_EQ(user_ai_profile_file("/d/racer", "../../etc/passwd").parent_path(), fs::path("/d/racer/ai"));
  EXPECT_EQ(user_ai_profile_file("/d/racer", "").parent_path(), fs::path("/d/racer/ai"));
  EXPECT_EQ(user_ai_profile_file("/d/racer", "..").parent_path(), fs::path("/d/racer/ai"));
}

TEST(AiProfileStore, SavedProfilesWinOverTheShippedOnes) {
  TempDir dir;
  std::vector<AiParams> profiles(3);
  profiles[0].name = "easy";
  profiles[1].name = "medium";
  profiles[2].name = "hard";
  AiParams mine = tuned();
  mine.name = "medium";
  ASSERT_TRUE(save_user_ai_profile(dir.path(), mine).ok());
  write_all(dir / "ai/hard.json", "{\"format\": 1, \"name\": \"hard\", \"grip_use\": 7}\n");
  std::vector<std::string> problems;
  const std::vector<fs::path> used = prefer_user_ai_profiles(dir.path(), profiles, problems);
  ASSERT_EQ(used.size(), 1u);
  EXPECT_EQ(used[0], dir.path() / "ai" / "medium.json");
  EXPECT_EQ(profiles[1].grip_use, mine.grip_use);
  EXPECT_EQ(profiles[0].grip_use, AiParams{}.grip_use) << "no file: the shipped one stays";
  EXPECT_EQ(profiles[2].grip_use, AiParams{}.grip_use) << "a bad file: the shipped one stays";
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("grip_use"), std::string::npos) << problems[0];
}

}  // namespace
}  // namespace racer
