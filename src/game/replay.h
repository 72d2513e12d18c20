#pragma once
// Replay: a recorded race as a value, and its binary file format (docs/replays.md).
// A race is a pure function of its set-up and the per-step inputs of its human drivers
// (race/race.h, game/game_race.h), so a replay keeps exactly those: a versioned header
// (format version, physics version, the track, car and AI profiles named and hashed, the
// seed and the race set-up), the human drivers' inputs run-length encoded, and the state
// hash the recorded race ended in. The AI drivers are re-simulated from the seed.
//
// encode_replay and decode_replay are pure functions of bytes: no files, no clock. A
// damaged file is refused with the byte offset of the first thing wrong ("byte 812: ...");
// the whole file is also covered by a checksum, so a flipped bit anywhere is refused.
//
// Sections: the value | encode and decode
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/game_race.h"
#include "vehicle/damage.h"

namespace racer {

// ---------------------------------------------------------------- the value

inline constexpr int kReplayFormatVersion = 1;
/// Most steps a replay may hold (3 hours at 500 Hz): a larger count is a damaged file.
inline constexpr std::uint32_t kMaxReplaySteps = 3u * 3600u * 500u;

/// Which race runner the replay re-simulates.
enum class ReplayKind : std::uint8_t {
  Headless = 0,  ///< `racer --headless`: Race of make_field cars, started at 0 s (race/race.h)
  Game = 1,      ///< the game's race: GameRace with the player's car and the rules (game/game_race.h)
};

/// Everything that defines the race besides the human inputs.
struct ReplaySetup {
  ReplayKind kind = ReplayKind::Headless;
  int physics_version = 0;             ///< sim/version.h kPhysicsVersion of the recording build
  std::string track_path;              ///< as the recording resolved it (re-read on replay)
  std::string track_id;                ///< file stem
  std::uint64_t track_hash = 0;        ///< replay_track_hash of the spec raced on
  std::string car_path, car_id;
  std::uint64_t car_hash = 0;          ///< replay_car_hash of the car file's spec
  std::vector<std::string> profile_names;     ///< the AI profiles (easy, medium, hard)
  std::vector<std::uint64_t> profile_hashes;  ///< replay_profile_hash of each, same order
  std::uint64_t seed = 1;
  int laps = 3;                        ///< >= 1
  double rate_hz = 240.0;              ///< fixed step rate
  int ai_cars = 0;                     ///< AI cars (make_field) besides the player's
  std::string difficulty = "mixed";    ///< easy | medium | hard | mixed
  DamageMode damage = DamageMode::Off;
  // Game only:
  int mode = 0;                        ///< RaceMode as its number (game/race_plan.h)
  int grid_slot = -1;                  ///< the player's slot; < 0 = the back
  bool autodrive = false;              ///< the medium AI drove the player's car
  bool abs = true, tcs = true, automatic = true;  ///< the player's car's aids and gearbox at the start
  bool operator==(const ReplaySetup&) const = default;
};

/// `steps` consecutive steps with the same input.
struct InputRun {
  std::uint32_t steps = 0;             ///< >= 1
  PlayerInput input;
  bool operator==(const InputRun& o) const;
};

/// The two inputs are bit for bit the same (so a run of them replays exactly).
bool same_input(const PlayerInput& a, const PlayerInput& b);

/// One human driver's inputs from the first step, as runs of equal inputs.
struct ReplayStream {
  int car = 0;                         ///< grid index of the car driven
  std::vector<InputRun> runs;
  /// Adds the next step's input (a new run, or one more step of the last).
  void append(const PlayerInput& input);
  /// Steps covered (the sum of the runs).
  std::uint64_t steps() const;
  bool operator==(const ReplayStream&) const = default;
};

struct Replay {
  ReplaySetup setup;
  std::uint32_t steps = 0;             ///< fixed steps the recording ran
  std::vector<ReplayStream> humans;    ///< each has `steps` inputs (Game: the player's, one)
  std::uint64_t final_state_hash = 0;  ///< World::state_hash() after the last step
  bool operator==(const Replay&) const = default;
};

// ---------------------------------------------------------------- encode and decode

/// The file's bytes: little-endian, doubles as their IEEE bits (the inputs replay bit for bit).
std::string encode_replay(const Replay& replay);
/// The replay in `bytes`, or one error "file: byte N: what is wrong" (`file` names the
/// source in the message only). Refuses a wrong magic, an unknown format version, a
/// truncated or oversized field, counts beyond the limits, values out of range, trailing
/// bytes and a checksum mismatch.
Result<Replay> decode_replay(std::string_view bytes, const std::string& file);

}  // namespace racer
