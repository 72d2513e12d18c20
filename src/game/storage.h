#pragma once
// Where the game keeps the player's files, and safe ways to read and write them.
//   - XDG base directories: settings under the config dir, records and ghosts under the
//     data dir. The environment is a parameter (tests need no setenv).
//   - write_file_atomic: temp file in the same directory, flushed and fsync'ed, renamed over
//     the target. Either the new content is there in full or the old file is untouched.
//   - read_text_file: the text, "no such file" (not an error: the first run), or an error.
//   - set_aside_bad_file: a file that failed to load is renamed to "<name>.bad" (or
//     "<name>.bad.1", ...), so nothing the player had is lost when defaults are saved.
// Pure apart from file I/O: no SDL, no wall clock, no printing.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"

namespace racer {

/// The environment variables the paths depend on (unset = nullopt).
struct StorageEnvironment {
  std::optional<std::string> home;             ///< $HOME
  std::optional<std::string> xdg_config_home;  ///< $XDG_CONFIG_HOME
  std::optional<std::string> xdg_data_home;    ///< $XDG_DATA_HOME
};

/// Reads HOME, XDG_CONFIG_HOME and XDG_DATA_HOME from the process environment.
StorageEnvironment process_environment();

/// "$XDG_CONFIG_HOME/racer", else "$HOME/.config/racer". An empty or relative
/// XDG_CONFIG_HOME is ignored (as the XDG spec says). Error when neither gives an absolute
/// path.
Result<std::filesystem::path> config_dir(const StorageEnvironment& env);
/// "$XDG_DATA_HOME/racer", else "$HOME/.local/share/racer" (same rules as config_dir).
Result<std::filesystem::path> data_dir(const StorageEnvironment& env);

/// `config_dir / "settings.json"`.
std::filesystem::path settings_file(const std::filesystem::path& config_dir);
/// `data_dir / "records.json"`.
std::filesystem::path records_file(const std::filesystem::path& data_dir);
/// `data_dir / "ghosts" / "<track>__<car>.json"`; characters other than [A-Za-z0-9_.-] in
/// the ids become '_' (so an id can never leave the folder).
std::filesystem::path ghost_file(const std::filesystem::path& data_dir, std::string_view track_id,
                                 std::string_view car_id);

/// Largest file read_text_file reads by default (bytes).
inline constexpr std::size_t kMaxStoredFileBytes = std::size_t{16} << 20;

/// Writes `contents` to `path` atomically: creates the parent directories, writes a temp
/// file next to the target, flushes and fsyncs it, renames it over the target (POSIX
/// rename: atomic), then fsyncs the directory (best effort). The temp file is named
/// ".<name>.tmp-<pid>-<random>"; after a successful write the temp files of earlier writes
/// to the same name whose process is gone (a writer killed mid-write) are removed. For any
/// file the game keeps (settings, records, ghosts, replays). Returns nullopt on success;
/// on failure an error naming the path and the reason, the old file untouched and the temp
/// file removed. A symlink at `path` is replaced by a regular file.
[[nodiscard]] std::optional<DataError> write_file_atomic(const std::filesystem::path& path,
                                                         std::string_view contents);

/// The text of the file at `path`: nullopt inside the result when there is no file there
/// (not an error); an error when it exists but cannot be read (a directory, no
/// permission, larger than `max_bytes`).
Result<std::optional<std::string>> read_text_file(const std::filesystem::path& path,
                                                  std::size_t max_bytes = kMaxStoredFileBytes);

/// Renames the regular file at `path` to the first free name of "<path>.bad",
/// "<path>.bad.1" ... "<path>.bad.99" and returns that name; an error (and the file left
/// where it is) when it is not a regular file, every name is taken or the rename fails.
Result<std::filesystem::path> set_aside_bad_file(const std::filesystem::path& path);
/// set_aside_bad_file for a loader's message: "the file was kept as <new path>" (and
/// `*moved_to` set) or "the file could not be set aside (<why>)".
std::string set_aside_for_message(const std::filesystem::path& path,
                                  std::optional<std::filesystem::path>* moved_to);

}  // namespace racer
