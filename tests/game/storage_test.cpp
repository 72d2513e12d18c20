// Storage: XDG paths from a given environment, atomic writes (old file intact on failure,
// no temp files left), guarded reads, setting bad files aside.
#include "game/storage.h"

#include <gtest/gtest.h>

#include <csignal>
#include <sys/resource.h>

#include "temp_dir.h"

namespace racer {
namespace {

namespace fs = std::filesystem;
using test::entries;
using test::read_all;
using test::TempDir;
using test::write_all;

TEST(Storage, XdgVariablesWinOverHome) {
  const StorageEnvironment env{"/home/ann", "/cfg", "/data"};
  ASSERT_TRUE(config_dir(env).ok());
  EXPECT_EQ(config_dir(env).value(), fs::path("/cfg/racer"));
  EXPECT_EQ(data_dir(env).value(), fs::path("/data/racer"));
}

TEST(Storage, HomeFallbacksFollowTheXdgSpec) {
  const StorageEnvironment unset{"/home/ann", std::nullopt, std::nullopt};
  EXPECT_EQ(config_dir(unset).value(), fs::path("/home/ann/.config/racer"));
  EXPECT_EQ(data_dir(unset).value(), fs::path("/home/ann/.local/share/racer"));
  // The spec: empty or relative XDG values are ignored.
  const StorageEnvironment odd{"/home/ann", "", "relative/dir"};
  EXPECT_EQ(config_dir(odd).value(), fs::path("/home/ann/.config/racer"));
  EXPECT_EQ(data_dir(odd).value(), fs::path("/home/ann/.local/share/racer"));
}

TEST(Storage, NoUsableDirectoryIsAnErrorNotACrash) {
  const StorageEnvironment none{std::nullopt, std::nullopt, std::nullopt};
  const Result<fs::path> c = config_dir(none);
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error_text().find("XDG_CONFIG_HOME"), std::string::npos) << c.error_text();
  EXPECT_FALSE(data_dir(StorageEnvironment{"relative", std::nullopt, std::nullopt}).ok());
}

TEST(Storage, FileNamesStayInsideTheirFolders) {
  EXPECT_EQ(settings_file("/c/racer"), fs::path("/c/racer/settings.json"));
  EXPECT_EQ(records_file("/d/racer"), fs::path("/d/racer/records.json"));
  EXPECT_EQ(ghost_file("/d/racer", "harbour", "sedan"), fs::path("/d/racer/ghosts/harbour__sedan.json"));
  const fs::path evil = ghost_file("/d/racer", "../../etc", "a/b");
  EXPECT_EQ(evil.parent_path(), fs::path("/d/racer/ghosts")) << evil;
  EXPECT_EQ(ghost_file("/d", "..", "").parent_path(), fs::path("/d/ghosts"));
}

TEST(Storage, AtomicWriteCreatesFoldersAndReplacesTheFile) {
  TempDir dir;
  const fs::path file = dir / "a/b/settings.json";
  ASSERT_FALSE(write_file_atomic(file, "first\n").has_value());
  EXPECT_EQ(read_all(file), "first\n");
  ASSERT_FALSE(write_file_atomic(file, "second, longer\n").has_value());
  EXPECT_EQ(read_all(file), "second, longer\n");
  ASSERT_FALSE(write_file_atomic(file, "").has_value());
  EXPECT_EQ(read_all(file), "");
  EXPECT_EQ(entries(file.parent_path()), std::vector<std::string>{"settings.json"}) << "no temp file left";
}

TEST(Storage, AtomicWriteFailureLeavesTheOldFileAndNoTempFile) {
  TempDir dir;
  // The target is a directory that is not empty: the rename cannot replace it.
  const fs::path target = dir / "records.json";
  fs::create_directories(target / "inside");
  const std::optional<DataError> e = write_file_atomic(target, "new");
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->file, target.string());
  EXPECT_TRUE(fs::is_directory(target / "inside"));
  EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"records.json"}) << "no temp file left";

  // The parent "folder" is a file: nothing can be created, the file stays as it was.
  const fs::path blocker = dir / "blocker";
  write_all(blocker, "keep me");
  EXPECT_TRUE(write_file_atomic(blocker / "settings.json", "x").has_value());
  EXPECT_EQ(read_all(blocker), "keep me");
}

TEST(Storage, AtomicWriteThatRunsOutOfSpaceKeepsTheOldContent) {
  // A real short write: the file-size limit makes write() fail with EFBIG part way, the way
  // a full disk does (SIGXFSZ ignored so the process is told by errno instead).
  TempDir dir;
  const fs::path file = dir / "records.json";
  ASSERT_FALSE(write_file_atomic(file, "old records\n").has_value());
  rlimit old_limit{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old_limit), 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = old_limit;
  small.rlim_cur = 4096;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  const std::optional<DataError> e = write_file_atomic(file, std::string(1 << 20, 'x'));
  setrlimit(RLIMIT_FSIZE, &old_limit);
  std::signal(SIGXFSZ, old_handler);
  ASSERT_TRUE(e.has_value()) << "a 1 MiB write under a 4 KiB limit must fail";
  EXPECT_NE(e->message.find("cannot write"), std::string::npos) << e->message;
  EXPECT_EQ(read_all(file), "old records\n");
  EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"records.json"}) << "no temp file left";
}

TEST(Storage, ReadTellsMissingFromUnreadable) {
  TempDir dir;
  const Result<std::optional<std::string>> missing = read_text_file(dir / "nope.json");
  ASSERT_TRUE(missing.ok());
  EXPECT_FALSE(missing.value().has_value());

  const Result<std::optional<std::string>> folder = read_text_file(dir.path());
  ASSERT_FALSE(folder.ok());
  EXPECT_NE(folder.error_text().find("directory"), std::string::npos) << folder.error_text();

  write_all(dir / "big", std::string(2000, 'a'));
  const Result<std::optional<std::string>> big = read_text_file(dir / "big", 1000);
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error_text().find("too large"), std::string::npos) << big.error_text();

  const std::string bytes("a\0b\n\xff", 5);
  write_all(dir / "bytes", bytes);
  const Result<std::optional<std::string>> ok = read_text_file(dir / "bytes");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok.value().value(), bytes) << "read exactly, binary-safe";
}

TEST(Storage, BadFilesAreSetAsideUnderFreeNames) {
  TempDir dir;
  const fs::path file = dir / "settings.json";
  write_all(file, "one");
  const Result<fs::path> first = set_aside_bad_file(file);
  ASSERT_TRUE(first.ok()) << first.error_text();
  EXPECT_EQ(first.value(), dir / "settings.json.bad");
  EXPECT_FALSE(fs::exists(file));
  write_all(file, "two");
  const Result<fs::path> second = set_aside_bad_file(file);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second.value(), dir / "settings.json.bad.1") << "the first .bad is not overwritten";
  EXPECT_EQ(read_all(dir / "settings.json.bad"), "one");
  EXPECT_EQ(read_all(dir / "settings.json.bad.1"), "two");

  EXPECT_FALSE(set_aside_bad_file(dir / "missing.json").ok());
  fs::create_directories(dir / "folder.json");
  EXPECT_FALSE(set_aside_bad_file(dir / "folder.json").ok()) << "a directory is never moved";
  EXPECT_TRUE(fs::is_directory(dir / "folder.json"));
}

}  // namespace
}  // namespace racer
