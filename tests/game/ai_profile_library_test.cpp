// The AI panel's profile files: "Save as" then "Load" gives the same params under the new
// name, the list shows what was saved, and "Reset to file" reads the user's file of a name
// before the shipped one.
#include "game/ai_profile_library.h"

#include <gtest/gtest.h>

#include "game/ai_profile_store.h"
#include "temp_dir.h"
#include "test_profiles.h"

namespace racer {
namespace {

namespace fs = std::filesystem;
using test::TempDir;
using test::write_all;

AiParams tuned() { return test::tuned_profile("Medium"); }  // the shipped medium.json's name

std::string shipped(const std::string& relative) { return std::string(RACER_SOURCE_DIR) + "/" + relative; }

TEST(AiProfileLibrary, SaveAsThenLoadRoundTripsEveryParameter) {
  TempDir dir;
  const Result<AiParams> saved = save_user_ai_profile_as(dir.path(), tuned(), "late_braker");
  ASSERT_TRUE(saved.ok()) << saved.error_text();
  EXPECT_EQ(saved.value().name, "late_braker");
  const Result<AiParams> back = load_user_ai_profile(dir.path(), "late_braker");
  ASSERT_TRUE(back.ok()) << back.error_text();
  AiParams expected = tuned();
  expected.name = "late_braker";
  EXPECT_EQ(back.value(), expected);  // every field, doubles bit for bit
}

TEST(AiProfileLibrary, ListShowsTheSavedProfilesSortedAndOnlyJsonFiles) {
  TempDir dir;
  EXPECT_TRUE(list_user_ai_profiles(dir.path()).empty());  // no ai/ folder yet
  ASSERT_TRUE(save_user_ai_profile_as(dir.path(), tuned(), "zeta").ok());
  ASSERT_TRUE(save_user_ai_profile_as(dir.path(), tuned(), "alpha").ok());
  write_all(dir.path() / "ai" / "notes.txt", "not a profile");
  EXPECT_EQ(list_user_ai_profiles(dir.path()), (std::vector<std::string>{"alpha", "zeta"}));
}

TEST(AiProfileLibrary, SaveAsWithoutANameWritesNothing) {
  TempDir dir;
  const Result<AiParams> saved = save_user_ai_profile_as(dir.path(), tuned(), "");
  EXPECT_FALSE(saved.ok());
  EXPECT_TRUE(list_user_ai_profiles(dir.path()).empty());
}

TEST(AiProfileLibrary, LoadOfABadFileGivesItsErrorsNotACrash) {
  TempDir dir;
  write_all(dir.path() / "ai" / "broken.json", "{\"format\": 1, \"grip_use\": 7}");
  const Result<AiParams> back = load_user_ai_profile(dir.path(), "broken");
  ASSERT_FALSE(back.ok());
  EXPECT_NE(back.error_text().find("broken.json"), std::string::npos) << back.error_text();
}

TEST(AiProfileLibrary, ResetToFileReadsTheShippedProfileWhenTheUserHasNone) {
  TempDir dir;
  const Result<AiProfileFile> f = ai_profile_from_file(dir.path(), shipped, "Hard");  // the name in hard.json
  ASSERT_TRUE(f.ok()) << f.error_text();
  EXPECT_EQ(f.value().path, fs::path(shipped("assets/ai/hard.json")));
  const Result<AiParams> direct = load_ai_params(shipped("assets/ai/hard.json"));
  ASSERT_TRUE(direct.ok());
  EXPECT_EQ(f.value().params, direct.value());
}

TEST(AiProfileLibrary, ResetToFileReadsTheUsersFileOfThatNameFirst) {
  TempDir dir;
  ASSERT_TRUE(save_user_ai_profile(dir.path(), tuned()).ok());  // the user's "Medium"
  const Result<AiProfileFile> f = ai_profile_from_file(dir.path(), shipped, "Medium");
  ASSERT_TRUE(f.ok()) << f.error_text();
  EXPECT_EQ(f.value().path, user_ai_profile_file(dir.path(), "Medium"));
  EXPECT_EQ(f.value().params, tuned());
  // Without a data directory the shipped file is the one.
  const Result<AiProfileFile> no_dir = ai_profile_from_file(std::nullopt, shipped, "Medium");
  ASSERT_TRUE(no_dir.ok()) << no_dir.error_text();
  EXPECT_EQ(no_dir.value().path, fs::path(shipped("assets/ai/medium.json")));
  EXPECT_NE(no_dir.value().params, tuned());
}

TEST(AiProfileLibrary, ResetToFileOfANameNoFileHasIsAnError) {
  TempDir dir;
  const Result<AiProfileFile> f = ai_profile_from_file(dir.path(), shipped, "nobody");
  ASSERT_FALSE(f.ok());
  EXPECT_NE(f.error_text().find("nobody"), std::string::npos) << f.error_text();
  EXPECT_NE(f.error_text().find("no file for the profile"), std::string::npos) << f.error_text();
}

}  // namespace
}  // namespace racer
