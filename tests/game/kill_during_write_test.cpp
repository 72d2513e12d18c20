// Kill-safe saves: a child process saves the settings, the records (best laps and a
// championship in progress), a ghost and a binary file through write_file_atomic (as a
// replay is written) in an endless loop, version after version, and is killed with SIGKILL
// after a random delay, over and over. After every kill each file must be exactly the
// version it had before the interrupted save or the one being saved: never damaged, never
// a mix. The child reports every version it finished on a pipe, so the test knows which two
// versions each file may hold. The files live in memory (/dev/shm, where there is one): a
// killed process loses nothing the kernel has, so the disk's fsyncs (tens of ms here) add
// nothing to what is tested but the wait; the write path is the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "game/ghost.h"
#include "game/records.h"
#include "game/settings.h"
#include "game/storage.h"
#include "temp_dir.h"

namespace racer {
namespace {

namespace fs = std::filesystem;
using test::read_all;
using test::TempDir;

// ---------------------------------------------------------------- the versions
// Version k of each file differs in its values and in its length (so a cut-short or mixed
// file cannot pass for a whole one).

Settings settings_version(std::uint64_t k) {
  Settings s;
  s.audio.master = static_cast<double>(k % 1000) / 1000.0;
  s.audio.music = static_cast<double>((k / 1000) % 1000) / 1000.0;
  std::vector<std::string>& keys = s.input.keyboard[static_cast<std::size_t>(InputAction::Respawn)];
  keys.assign(1 + k % kMaxBindings, "");
  for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = std::string(1, static_cast<char>('A' + i));
  return s;
}

Records records_version(std::uint64_t k) {
  Records r;
  for (std::uint64_t t = 0; t <= k % 6; ++t) {
    r.submit_lap("track_" + std::to_string(t), "sedan",
                 BestLap{60.0 + static_cast<double>(k) * 0.001, {20.0, 40.0 + static_cast<double>(k) * 0.001}});
  }
  ChampionshipProgress season;
  season.championship_id = "season_" + std::to_string(k);
  for (std::uint64_t round = 0; round < k % 4; ++round) {
    season.add_round(RecordedRound{"track_" + std::to_string(round),
                                   {RecordedResult{"player", 1, true, 10, 300.0 + static_cast<double>(k)},
                                    RecordedResult{"ai_1", 2, true, 6, 301.0}}});
  }
  r.championship = season;
  return r;
}

Ghost ghost_version(std::uint64_t k) {
  Ghost g;
  g.key = GhostKey{kPhysicsVersion, "kestrel_downs", 1, "sedan", 2};
  const std::size_t n = 200 + k % 300;
  g.lap_time = static_cast<double>(n) * 0.1;
  for (std::size_t i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) * 0.1;
    g.samples.push_back({t, t * 3.0 + static_cast<double>(k % 1000), t * 2.0, 0.5, 30.0});
  }
  return g;
}

/// A binary file as a replay is written, 1 MiB or a little more: a header naming the
/// version, then bytes that differ from one version to the next (so a mix of two shows).
std::string blob_version(std::uint64_t k) {
  std::string out = "RPLY" + std::to_string(k) + '\n';
  out.resize((1u << 20) + (k % 7) * 4096, static_cast<char>('a' + k % 26));
  return out;
}

struct Files {
  fs::path settings, records, ghost, blob;
};

Files files_in(const fs::path& dir) {
  return {settings_file(dir / "config"), records_file(dir / "data"), ghost_file(dir / "data", "kestrel_downs", "sedan"),
          dir / "data" / "replays" / "last.replay"};
}

bool save_version(const Files& f, std::uint64_t k) {
  return !save_settings(f.settings, settings_version(k)) && !save_records(f.records, records_version(k)) &&
         !save_ghost(f.ghost, ghost_version(k)) && !write_file_atomic(f.blob, blob_version(k));
}

// ---------------------------------------------------------------- checking a file

/// Which of `candidates` each file holds (byte for byte, and as its loader reads it), or
/// nullopt (damaged, a mix, or another version).
std::optional<std::uint64_t> settings_holds(const fs::path& p, const std::vector<std::uint64_t>& candidates) {
  const std::string text = read_all(p);
  for (const std::uint64_t k : candidates) {
    if (text != settings_to_json(settings_version(k))) continue;
    const SettingsLoad load = load_settings(p);
    if (!load.message && load.settings == sanitized(settings_version(k))) return k;
  }
  return std::nullopt;
}

std::optional<std::uint64_t> records_holds(const fs::path& p, const std::vector<std::uint64_t>& candidates) {
  const std::string text = read_all(p);
  for (const std::uint64_t k : candidates) {
    if (text != records_to_json(records_version(k))) continue;
    const RecordsLoad load = load_records(p);
    if (!load.message && load.records == records_version(k)) return k;
  }
  return std::nullopt;
}

std::optional<std::uint64_t> ghost_holds(const fs::path& p, const std::vector<std::uint64_t>& candidates) {
  const std::string text = read_all(p);
  for (const std::uint64_t k : candidates) {
    if (text != ghost_to_json(ghost_version(k))) continue;
    const GhostLoad load = load_ghost(p, ghost_version(k).key);
    if (load.status == GhostLoad::Status::Loaded && load.ghost->samples.size() == ghost_version(k).samples.size()) return k;
  }
  return std::nullopt;
}

std::optional<std::uint64_t> blob_holds(const fs::path& p, const std::vector<std::uint64_t>& candidates) {
  const std::string bytes = read_all(p);
  for (const std::uint64_t k : candidates)
    if (bytes == blob_version(k)) return k;
  return std::nullopt;
}

// ---------------------------------------------------------------- the writer child

/// Forks a child that saves versions first, first + 1, ... until killed, writing each
/// finished version to `report_fd`. Returns its pid.
pid_t start_writer(const Files& files, std::uint64_t first, int report_fd, int other_fd) {
  const pid_t pid = ::fork();
  if (pid != 0) return pid;
  ::close(other_fd);
  // 0 first: "started", so the parent's kill delay counts from here, not from the fork (a
  // sanitizer build's fork of a big address space takes longer than a save).
  const std::uint64_t started = 0;
  if (::write(report_fd, &started, sizeof started) != static_cast<ssize_t>(sizeof started)) ::_exit(4);
  for (std::uint64_t k = first;; ++k) {
    if (!save_version(files, k)) ::_exit(3);
    if (::write(report_fd, &k, sizeof k) != static_cast<ssize_t>(sizeof k)) ::_exit(4);
  }
}

/// The last version the child reported finished, if any (reads until the pipe's end).
std::optional<std::uint64_t> last_reported(int fd) {
  std::optional<std::uint64_t> last;
  std::uint64_t k = 0;
  while (::read(fd, &k, sizeof k) == static_cast<ssize_t>(sizeof k)) last = k;
  return last;
}

/// The temp files of saves under `dir` (a killed save's, until the next save removes it).
std::set<std::string> temp_files_in(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().filename().string().find(".tmp-") != std::string::npos) out.insert(e.path().string());
  return out;
}

/// A fresh folder in memory (/dev/shm) if there is one, else in the temp folder; removed
/// at the end.
class MemoryDir {
 public:
  MemoryDir() {
    std::error_code ec;
    if (fs::is_directory("/dev/shm", ec) && ::access("/dev/shm", W_OK) == 0) {
      path_ = fs::path("/dev/shm") / ("racer_kill_test_" + std::to_string(::getpid()));
      fs::create_directories(path_, ec);
      if (!ec) return;
    }
    fallback_ = std::make_unique<TempDir>();
    path_ = fallback_->path();
  }
  ~MemoryDir() {
    std::error_code ec;
    if (!fallback_) fs::remove_all(path_, ec);
  }
  MemoryDir(const MemoryDir&) = delete;
  MemoryDir& operator=(const MemoryDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
  std::unique_ptr<TempDir> fallback_;
};

// ---------------------------------------------------------------- the test

TEST(KillDuringWrite, EveryFileIsTheOldOrTheNewVersionAfterEachOf1000Kills) {
  MemoryDir dir;
  const Files files = files_in(dir.path());
  ASSERT_TRUE(save_version(files, 0));

  // The time of one save of all four files in a writer child (the slowest of five, from its
  // start to its first report: a forked child's first writes fault in copied pages, slowly
  // in a sanitizer build) sets the range of the kill delays: up to one and a half saves, so
  // kills land at every point of the first save and some in the second.
  double save_us = 0.0;
  for (int i = 0; i < 5; ++i) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    const pid_t child = start_writer(files, 1, fds[1], fds[0]);
    ASSERT_GT(child, 0);
    ::close(fds[1]);
    std::uint64_t report = 1;
    ASSERT_EQ(::read(fds[0], &report, sizeof report), static_cast<ssize_t>(sizeof report));
    const auto t0 = std::chrono::steady_clock::now();
    ASSERT_EQ(::read(fds[0], &report, sizeof report), static_cast<ssize_t>(sizeof report));
    save_us = std::max(save_us, std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
    ASSERT_EQ(::kill(child, SIGKILL), 0);
    ASSERT_EQ(::waitpid(child, nullptr, 0), child);
    ::close(fds[0]);
  }
  ASSERT_TRUE(save_version(files, 1));  // every file back to version 1, the killed writers' temps removed
  std::mt19937 rng(38);
  std::uniform_real_distribution<double> delay_us(0.0, std::max(1.5 * save_us, 100.0));

  // At least kMinKills kills, and on until kInside of them have landed inside a file's
  // write, at most kMaxKills: the share that lands inside one depends on how fast a forked
  // writer starts (355-389 of 1000 in the RelWithDebInfo build, 20-99 under the sanitizers
  // with the rest of the suite beside them on this 2-core machine).
  const int kMinKills = 1000, kMaxKills = 5000, kInside = 50;
  std::uint64_t held[4] = {1, 1, 1, 1};  // the version each file holds now
  std::uint64_t next = 2;
  int finished_saves = 0, damaged = 0, inside_a_save = 0;
  std::set<std::string> temps_seen;
  int round = 0;
  for (; round < kMaxKills && (round < kMinKills || inside_a_save < kInside); ++round) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    const pid_t child = start_writer(files, next, fds[1], fds[0]);
    ASSERT_GT(child, 0);
    ::close(fds[1]);
    std::uint64_t started = 1;
    ASSERT_EQ(::read(fds[0], &started, sizeof started), static_cast<ssize_t>(sizeof started));
    ASSERT_EQ(started, 0u) << "the writer's first report is its start";
    std::this_thread::sleep_for(std::chrono::duration<double, std::micro>(delay_us(rng)));
    ASSERT_EQ(::kill(child, SIGKILL), 0);
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the writer stopped by itself, status " << status;
    const std::optional<std::uint64_t> done = last_reported(fds[0]);
    ::close(fds[0]);

    // Each file holds the version before the interrupted save or the one it was saving.
    const std::uint64_t in_progress = done ? *done + 1 : next;
    if (done) finished_saves += static_cast<int>(*done - next + 1);
    const auto check = [&](std::optional<std::uint64_t> got, std::uint64_t& h, const char* name) {
      if (!got) {
        ++damaged;
        ADD_FAILURE() << name << " damaged after kill " << round;
        return;
      }
      h = *got;
    };
    const auto before = [&](int i) { return done ? *done : held[i]; };
    check(settings_holds(files.settings, {before(0), in_progress}), held[0], "settings");
    check(records_holds(files.records, {before(1), in_progress}), held[1], "records");
    check(ghost_holds(files.ghost, {before(2), in_progress}), held[2], "ghost");
    check(blob_holds(files.blob, {before(3), in_progress}), held[3], "replay");
    if (damaged > 0) break;
    next = in_progress + 1;
    // A new temp file is a kill that landed between a temp file's creation and its rename.
    const std::set<std::string> temps = temp_files_in(dir.path());
    bool fresh = false;
    for (const std::string& t : temps) fresh = temps_seen.insert(t).second || fresh;
    inside_a_save += fresh ? 1 : 0;
  }
  const int kills = round;
  EXPECT_EQ(damaged, 0);
  // The kills must land inside the writes, not only between them.
  EXPECT_GE(inside_a_save, kInside) << "too few of " << kills << " kills landed inside a file's write";
  ASSERT_TRUE(save_version(files, next));
  EXPECT_TRUE(temp_files_in(dir.path()).empty()) << "a save leaves the temp files of dead writers behind";
  RecordProperty("kills", kills);
  RecordProperty("finished_saves", finished_saves);
  RecordProperty("kills_inside_a_write", inside_a_save);
  std::printf("one save of the four files: %.0f us; ", save_us);
  std::printf("%d kills, %d whole saves of the four files between them, %d kills inside a file's write, 0 damaged\n",
              kills, finished_saves, inside_a_save);
}

}  // namespace
}  // namespace racer
