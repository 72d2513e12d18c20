// Storage: XDG paths, atomic writes, guarded reads, setting bad files aside.
// Sections: 1. paths  2. atomic write  3. read  4. set aside
#include "game/storage.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <system_error>
#include <vector>

#if __has_include(<unistd.h>) && __has_include(<fcntl.h>)
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>
#define RACER_HAVE_FSYNC 1
#endif

namespace racer {
namespace fs = std::filesystem;

// ---------------------------------------------------------------- 1. paths

StorageEnvironment process_environment() {
  auto get = [](const char* name) -> std::optional<std::string> {
    const char* v = std::getenv(name);
    if (v == nullptr) return std::nullopt;
    return std::string(v);
  };
  return {get("HOME"), get("XDG_CONFIG_HOME"), get("XDG_DATA_HOME")};
}

namespace {

bool usable(const std::optional<std::string>& dir) {
  return dir && !dir->empty() && fs::path(*dir).is_absolute();
}

Result<fs::path> xdg_dir(const std::optional<std::string>& xdg, const std::optional<std::string>& home,
                         const char* home_suffix, const char* variable) {
  if (usable(xdg)) return fs::path(*xdg) / "racer";
  if (usable(home)) return fs::path(*home) / home_suffix / "racer";
  return DataError{"", 0, 0,
                   std::string("no place to keep the game's files: neither $") + variable +
                       " nor $HOME is set to an absolute path"};
}

}  // namespace

Result<fs::path> config_dir(const StorageEnvironment& env) {
  return xdg_dir(env.xdg_config_home, env.home, ".config", "XDG_CONFIG_HOME");
}

Result<fs::path> data_dir(const StorageEnvironment& env) {
  return xdg_dir(env.xdg_data_home, env.home, ".local/share", "XDG_DATA_HOME");
}

fs::path settings_file(const fs::path& dir) { return dir / "settings.json"; }
fs::path records_file(const fs::path& dir) { return dir / "records.json"; }

fs::path ghost_file(const fs::path& dir, std::string_view track_id, std::string_view car_id) {
  auto clean = [](std::string_view id) {
    std::string out;
    for (const char c : id) {
      const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '-' || c == '.';
      out += ok ? c : '_';
    }
    if (out.empty() || out == "." || out == "..") out = "_" + out;
    return out;
  };
  return dir / "ghosts" / (clean(track_id) + "__" + clean(car_id) + ".json");
}

// ---------------------------------------------------------------- 2. atomic write

namespace {

DataError io_error(const fs::path& path, const std::string& what) {
  return DataError{path.string(), 0, 0, what};
}

std::string errno_text(int err, const char* fallback) {
  return err != 0 ? std::string(std::strerror(err)) : std::string(fallback);
}

std::string random_suffix() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  const std::uint64_t v = rng();
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

/// "." + name + ".tmp-": the start of every temp file of a write to `name`.
std::string temp_prefix(const fs::path& path) { return "." + path.filename().string() + ".tmp-"; }

/// The writer's process id then a random part: a temp file left by a killed writer can be
/// told from one a live writer is still filling.
std::string temp_name(const fs::path& path) {
#ifdef RACER_HAVE_FSYNC
  return temp_prefix(path) + std::to_string(::getpid()) + "-" + random_suffix();
#else
  return temp_prefix(path) + "0-" + random_suffix();
#endif
}

/// Removes the temp files of earlier writes to `path` whose writer process is gone (killed
/// or crashed between creating its temp file and the rename). Best effort.
void remove_dead_writers_temps(const fs::path& dir, const fs::path& path) {
#ifdef RACER_HAVE_FSYNC
  const std::string prefix = temp_prefix(path);
  std::error_code ec;
  std::vector<fs::path> dead;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    const std::size_t dash = name.find('-', prefix.size());
    if (dash == std::string::npos || dash == prefix.size() || dash - prefix.size() > 9) continue;
    const std::string digits = name.substr(prefix.size(), dash - prefix.size());
    if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) continue;
    const long pid = std::stol(digits);
    if (pid <= 0 || pid == static_cast<long>(::getpid())) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == -1 && errno == ESRCH) dead.push_back(it->path());
  }
  for (const fs::path& p : dead) {
    std::error_code ignored;
    fs::remove(p, ignored);
  }
#else
  (void)dir;
  (void)path;
#endif
}

void fsync_directory(const fs::path& dir) {
#ifdef RACER_HAVE_FSYNC
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd >= 0) {
    (void)::fsync(fd);  // best effort: the rename itself already happened
    ::close(fd);
  }
#else
  (void)dir;
#endif
}

}  // namespace

std::optional<DataError> write_file_atomic(const fs::path& path, std::string_view contents) {
  if (path.filename().empty()) return io_error(path, "cannot write: the path names no file");
  const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return io_error(path, "cannot create the folder " + dir.string() + " (" + ec.message() + ")");
  std::error_code dir_ec;
  if (fs::is_directory(path, dir_ec)) return io_error(path, "cannot write: it is a directory");

  // A fresh temp file in the same directory (same file system, so rename is atomic).
  fs::path temp;
  std::FILE* raw = nullptr;
  int open_errno = 0;
  for (int attempt = 0; attempt < 8 && raw == nullptr; ++attempt) {
    temp = dir / temp_name(path);
    errno = 0;
    raw = std::fopen(temp.c_str(), "wbx");  // "x": fail if it exists, never clobber
    open_errno = errno;
    if (raw == nullptr && open_errno != EEXIST) break;
  }
  if (raw == nullptr) {
    return io_error(path, "cannot create a temporary file in " + dir.string() + " (" +
                              errno_text(open_errno, "open failed") + ")");
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(raw, &std::fclose);
  auto fail = [&](const std::string& what) {
    file.reset();
    std::error_code ignored;
    fs::remove(temp, ignored);
    return io_error(path, what);
  };

  errno = 0;
  if (!contents.empty() && std::fwrite(contents.data(), 1, contents.size(), file.get()) != contents.size())
    return fail("cannot write the file (" + errno_text(errno, "short write") + ")");
  errno = 0;
  if (std::fflush(file.get()) != 0) return fail("cannot write the file (" + errno_text(errno, "flush failed") + ")");
#ifdef RACER_HAVE_FSYNC
  errno = 0;
  if (::fsync(::fileno(file.get())) != 0 && errno != EINVAL && errno != EROFS)
    return fail("cannot write the file to disk (" + errno_text(errno, "fsync failed") + ")");
#endif
  errno = 0;
  const int closed = std::fclose(file.release());
  if (closed != 0) {
    const int err = errno;
    std::error_code ignored;
    fs::remove(temp, ignored);
    return io_error(path, "cannot write the file (" + errno_text(err, "close failed") + ")");
  }
  fs::rename(temp, path, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    return io_error(path, "cannot replace the file (" + ec.message() + ")");
  }
  fsync_directory(dir);
  remove_dead_writers_temps(dir, path);
  return std::nullopt;
}

// ---------------------------------------------------------------- 3. read

Result<std::optional<std::string>> read_text_file(const fs::path& path, std::size_t max_bytes) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (status.type() == fs::file_type::not_found) return std::optional<std::string>{};
  if (ec) return io_error(path, "cannot read the file (" + ec.message() + ")");
  if (status.type() == fs::file_type::directory) return io_error(path, "cannot read the file (it is a directory)");

  errno = 0;
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) {
    if (errno == ENOENT) return std::optional<std::string>{};  // gone since the status check
    return io_error(path, "cannot read the file (" + errno_text(errno, "open failed") + ")");
  }
  // Read at most max_bytes + 1, so an endless file (a FIFO, /dev/zero) is cut off.
  std::string text;
  char buf[1 << 14];
  while (text.size() <= max_bytes) {
    const std::size_t want = std::min(sizeof buf, max_bytes + 1 - text.size());
    const std::size_t got = std::fread(buf, 1, want, file.get());
    text.append(buf, got);
    if (got < want) break;
  }
  if (std::ferror(file.get()) != 0) return io_error(path, "cannot read the file (read error)");
  if (text.size() > max_bytes) {
    return io_error(path, "file is too large (the limit is " + std::to_string(max_bytes) + " bytes)");
  }
  return std::optional<std::string>{std::move(text)};
}

// ---------------------------------------------------------------- 4. set aside

Result<fs::path> set_aside_bad_file(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(path, ec))) {
    return io_error(path, "not set aside: it is not a regular file");
  }
  for (int i = 0; i < 100; ++i) {
    fs::path target = path;
    target += i == 0 ? std::string(".bad") : ".bad." + std::to_string(i);
    std::error_code exists_ec;
    if (fs::exists(fs::symlink_status(target, exists_ec))) continue;
    fs::rename(path, target, ec);
    if (ec) return io_error(path, "could not be set aside as " + target.string() + " (" + ec.message() + ")");
    return target;
  }
  return io_error(path, "not set aside: " + path.string() + ".bad to .bad.99 all exist already");
}

std::string set_aside_for_message(const fs::path& path, std::optional<fs::path>* moved_to) {
  Result<fs::path> moved = set_aside_bad_file(path);
  if (!moved) return "the file could not be set aside (" + moved.errors().front().message + ")";
  if (moved_to != nullptr) *moved_to = moved.value();
  return "the file was kept as " + moved.value().string();
}

}  // namespace racer
