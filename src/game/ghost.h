#pragma once
// Ghost: a recorded lap of the player's car, drawn as a see-through car to race against.
// Samples of (t, x, y, heading, speed) every few fixed steps, with a header saying which
// physics, track and car it was driven with; kept as compact JSON in the data dir
// (game/storage.h ghost_file) and documented in docs/settings-format.md.
//
// A ghost is only valid for the physics, track and car that made it: load_ghost refuses
// one whose physics version (sim/version.h kPhysicsVersion), track hash or car hash
// differs from the current ones, with a message saying why ("ghost recorded with physics
// version 2, this build is 3; it was not loaded"). A bad or stale ghost is not set aside:
// the next best lap replaces it.
//
// Sections: hashes, the value, recording, file I/O.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/vec2.h"
#include "sim/version.h"

namespace racer {

// ---------------------------------------------------------------- hashes

/// FNV-1a (core/hash.h) of the bytes: for track_hash / car_hash, hash what defines the
/// track or car, e.g. content_hash(save_track_spec(spec)) (the canonical text, so a
/// whitespace edit of the file does not invalidate ghosts).
std::uint64_t content_hash(std::string_view bytes);
/// 16 lower-case hex digits.
std::string hash_to_hex(std::uint64_t hash);
/// 1 to 16 hex digits (either case) -> the value; nullopt otherwise.
std::optional<std::uint64_t> hash_from_hex(std::string_view text);

// ---------------------------------------------------------------- the value

/// What a ghost must match to be shown.
struct GhostKey {
  int physics_version = kPhysicsVersion;
  std::string track_id;
  std::uint64_t track_hash = 0;
  std::string car_id;
  std::uint64_t car_hash = 0;
  bool operator==(const GhostKey&) const = default;
};

struct GhostSample {
  double t = 0.0;        ///< s since the lap started
  double x = 0.0;        ///< m, world frame (the car's CG)
  double y = 0.0;        ///< m
  double heading = 0.0;  ///< rad, counter-clockwise from +x
  double speed = 0.0;    ///< m/s (for the engine sound or a trail, if wanted)
  bool operator==(const GhostSample&) const = default;
};

struct GhostPose {
  Vec2 position;         ///< m
  double heading = 0.0;  ///< rad, in (-pi, pi]
  double speed = 0.0;    ///< m/s
};

struct Ghost {
  GhostKey key;
  double lap_time = 0.0;             ///< s
  std::vector<GhostSample> samples;  ///< t strictly increasing

  /// The pose at lap time t (s), interpolated linearly between samples (heading the short
  /// way round); clamped to the first / last sample outside them; zero if empty.
  GhostPose pose_at(double t) const;
};

/// Why a ghost is not usable with `current`, or nullopt if it is: differing physics
/// version, track id, track hash, car id or car hash, in that order.
std::optional<std::string> ghost_mismatch(const GhostKey& recorded, const GhostKey& current);

// ---------------------------------------------------------------- recording

/// Records the player's lap: call start() when a lap starts and step() after every fixed
/// step while it runs; every `every_steps`-th step is kept (4 at 240 Hz = 60 samples/s).
class GhostRecorder {
 public:
  explicit GhostRecorder(int every_steps = 4);

  /// A new lap starts (lap time 0): drops what was recorded.
  void start();
  /// After a fixed step: the lap time (s) and the car's pose and speed then.
  void step(double lap_time, Vec2 position, double heading, double speed);
  /// The lap is complete: the recorded samples (the last step always included) as a ghost
  /// for `key` and `lap_time` (s). The recorder is then empty until start().
  Ghost finish(const GhostKey& key, double lap_time);

  bool recording() const { return recording_; }
  std::size_t sample_count() const { return samples_.size(); }

 private:
  int every_steps_;
  bool recording_ = false;
  long steps_ = 0;
  std::vector<GhostSample> samples_;
  std::optional<GhostSample> last_;  ///< the latest step, kept or not
  bool last_kept_ = false;
};

// ---------------------------------------------------------------- file I/O

inline constexpr int kGhostFormat = 1;
inline constexpr std::size_t kMaxGhostSamples = 1'000'000;  ///< 4.6 hours at 60 samples/s

/// Compact JSON (one line), positions rounded to 1 mm, time to 0.1 ms, heading to
/// 0.0001 rad, speed to 0.01 m/s.
std::string ghost_to_json(const Ghost& ghost);
/// Strict: the ghost, or every error found (sample errors: the first 10 and a count).
/// Does not check the key against anything (see ghost_mismatch / load_ghost).
Result<Ghost> parse_ghost(std::string_view text, const std::string& file_name);

struct GhostLoad {
  enum class Status {
    Loaded,   ///< `ghost` holds it
    Missing,  ///< no ghost file: nothing to show, no message
    Stale,    ///< a valid ghost for other physics, track or car: `message` says which
    Bad,      ///< unreadable or corrupt: `message` has file:line:col errors
  };
  Status status = Status::Missing;
  std::optional<Ghost> ghost;
  std::optional<std::string> message;
};
/// Never crashes. A stale ghost is reported as stale even if its samples are bad (the
/// header is checked first).
GhostLoad load_ghost(const std::filesystem::path& path, const GhostKey& current);
/// Atomic (write_file_atomic); nullopt on success, else the error (the old file intact).
[[nodiscard]] std::optional<DataError> save_ghost(const std::filesystem::path& path, const Ghost& ghost);

}  // namespace racer
