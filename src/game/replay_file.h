#pragma once
// Replay files: reading one (game/replay.h's decoder over the file's bytes), writing one
// atomically (game/storage.h write_file_atomic), and the game's folder of recent races
// ($XDG_DATA_HOME/racer/replays/, the newest kKeptReplays kept).
// Pure apart from file I/O: no SDL, no wall clock, no printing.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "game/replay.h"

namespace racer {

/// Largest replay file read (bytes): about 40 bytes a change of input, 1.6 million changes.
inline constexpr std::size_t kMaxReplayBytes = std::size_t{64} << 20;
/// Replays the game keeps in its folder (older ones are removed when a new one is saved).
inline constexpr int kKeptReplays = 10;
/// The replay file extension.
inline constexpr const char* kReplayExtension = ".racerreplay";

/// The replay in the file at `path`, or one error naming the file (no such file, unreadable,
/// larger than kMaxReplayBytes, or decode_replay's "byte N: ...").
Result<Replay> read_replay_file(const std::string& path);

/// Writes `replay` to `path` atomically; nullopt on success, else the error.
[[nodiscard]] std::optional<DataError> save_replay(const std::filesystem::path& path, const Replay& replay);

/// `data_dir / "replays"`.
std::filesystem::path replays_dir(const std::filesystem::path& data_dir);

/// `dir / "<stamp>_<track>_<car>.racerreplay"`: `stamp` (e.g. "20260101-120000") sorts the
/// files by age; characters other than [A-Za-z0-9_.-] become '_'.
std::filesystem::path replay_file_name(const std::filesystem::path& dir, const std::string& stamp,
                                       const std::string& track_id, const std::string& car_id);

/// The replay files in `dir`, oldest first (by name).
std::vector<std::filesystem::path> list_replays(const std::filesystem::path& dir);

/// Removes the oldest replay files of `dir` beyond the newest `keep`; the errors of removals
/// that failed (nothing else is touched).
std::vector<DataError> prune_replays(const std::filesystem::path& dir, int keep = kKeptReplays);

}  // namespace racer
