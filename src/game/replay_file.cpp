#include "game/replay_file.h"

#include <algorithm>
#include <system_error>

#include "game/storage.h"

namespace racer {
namespace {

std::string safe(const std::string& id) {
  std::string out = id;
  for (char& c : out) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '.' || c == '-';
    if (!ok) c = '_';
  }
  return out;
}

}  // namespace

Result<Replay> read_replay_file(const std::string& path) {
  const Result<std::optional<std::string>> bytes = read_text_file(path, kMaxReplayBytes);
  if (!bytes) return bytes.errors();
  if (!bytes.value()) return DataError{path, 0, 0, "no such file"};
  return decode_replay(*bytes.value(), path);
}

std::optional<DataError> save_replay(const std::filesystem::path& path, const Replay& replay) {
  return write_file_atomic(path, encode_replay(replay));
}

std::filesystem::path replays_dir(const std::filesystem::path& data_dir) { return data_dir / "replays"; }

std::filesystem::path replay_file_name(const std::filesystem::path& dir, const std::string& stamp,
                                       const std::string& track_id, const std::string& car_id) {
  return dir / (safe(stamp) + "_" + safe(track_id) + "_" + safe(car_id) + kReplayExtension);
}

std::vector<std::filesystem::path> list_replays(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::filesystem::path& p = it->path();
    if (p.extension() == kReplayExtension && it->is_regular_file(ec)) out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<DataError> prune_replays(const std::filesystem::path& dir, int keep) {
  std::vector<DataError> errors;
  const std::vector<std::filesystem::path> files = list_replays(dir);
  const std::size_t kept = static_cast<std::size_t>(std::max(0, keep));
  for (std::size_t i = 0; i + kept < files.size(); ++i) {
    std::error_code ec;
    std::filesystem::remove(files[i], ec);
    if (ec) errors.push_back(DataError{files[i].string(), 0, 0, "could not remove an old replay: " + ec.message()});
  }
  return errors;
}

}  // namespace racer
