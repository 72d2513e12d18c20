#pragma once
// Replay races: building a race from a replay's set-up, checking a replay against the
// files it names, and re-simulating it step by step.
//   - make_headless_race / make_game_race: THE way the headless runner and the game build
//     their races from a ReplaySetup, so a recording and its replay are built alike.
//   - replay_*_hash, stamp_replay_setup, replay_mismatch: what a replay is valid for (the
//     physics version and the canonical text of the track, car and AI profiles).
//   - ReplayRace: the recorded race again, one recorded step at a time.
//
// Sections: assets and hashes | building races | ReplayRace
//
// Pure: files are read only by load_replay_assets, through the path function given.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/ai_params.h"
#include "core/result.h"
#include "game/game_race.h"
#include "game/replay.h"
#include "race/race.h"
#include "sim/version.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {

// ---------------------------------------------------------------- assets and hashes

/// The files a race is built from, loaded.
struct ReplayAssets {
  std::shared_ptr<const Track> track;
  CarSpec car;                     ///< as its file says (the player's aids are in the set-up)
  std::vector<AiParams> profiles;  ///< easy, medium, hard
};

/// FNV-1a of the track's canonical text without its scenery (visual only).
std::uint64_t replay_track_hash(const TrackSpec& spec);
/// FNV-1a of the car's canonical text, physical part only (car_spec.h physical_part).
std::uint64_t replay_car_hash(const CarSpec& spec);
/// FNV-1a of the profile's canonical text.
std::uint64_t replay_profile_hash(const AiParams& params);

/// Sets the set-up's physics version, hashes and profile names from `assets`.
void stamp_replay_setup(ReplaySetup& setup, const ReplayAssets& assets);

/// Nullopt when the replay can be re-simulated with `assets` and `physics_version`; else one
/// line saying what changed ("the track tracks/x.json changed since the replay was recorded
/// (hash 1a2b..., now 3c4d...)"), checked in the order physics, track, car, profiles.
std::optional<std::string> replay_mismatch(const ReplaySetup& recorded, const ReplayAssets& assets,
                                           int physics_version = kPhysicsVersion);

/// Loads the track, car and profiles the set-up names (`path_of` turns a path as recorded,
/// and the profiles' "assets/ai/<level>.json", into one to open) and checks them with
/// replay_mismatch: the loader's errors, or one error for `replay_file` naming the change.
Result<ReplayAssets> load_replay_assets(const ReplaySetup& setup, const std::string& replay_file,
                                        const std::function<std::string(const std::string&)>& path_of);

// ---------------------------------------------------------------- building races

/// The player's name in the game's races.
inline constexpr const char* kPlayerName = "You";

/// The headless race of the set-up: make_field(car, car_id, profiles, difficulty, ai_cars),
/// started at 0 s; the cars of `human_cars` are driven by the inputs given to step().
std::unique_ptr<Race> make_headless_race(const ReplaySetup& setup, const ReplayAssets& assets,
                                         const std::vector<int>& human_cars = {});

/// The game's race of the set-up: the player's car (name kPlayerName, the set-up's aids and
/// gearbox, autodriven by the medium profile if asked) at the grid slot among the AI field,
/// the AI drivers named as the game names them.
std::unique_ptr<GameRace> make_game_race(const ReplaySetup& setup, const ReplayAssets& assets);

// ---------------------------------------------------------------- ReplayRace

/// The recorded race re-simulated: built with make_headless_race or make_game_race and fed
/// the recorded inputs, one step per step(), until done() after replay.steps steps.
class ReplayRace {
 public:
  /// `replay` is copied; `assets` should have passed replay_mismatch.
  ReplayRace(Replay replay, const ReplayAssets& assets);
  ~ReplayRace();
  ReplayRace(const ReplayRace&) = delete;
  ReplayRace& operator=(const ReplayRace&) = delete;

  /// The next recorded step (no-op when done()).
  void step();
  /// Steps until done().
  void run();
  bool done() const { return step_ >= replay_.steps; }
  /// Steps taken so far, [0, replay().steps].
  std::uint32_t steps_done() const { return step_; }
  const Replay& replay() const { return replay_; }

  const World& world() const;
  const Race& runner() const;
  /// The game's race (rules, player), or null for a headless replay.
  const GameRace* game() const { return game_.get(); }
  GameRace* game() { return game_.get(); }
  RaceResult result() const { return runner().result(); }

 private:
  struct Cursor {
    std::size_t run = 0;
    std::uint32_t used = 0;  // steps of the current run taken
  };
  const PlayerInput& next_input(std::size_t stream);

  Replay replay_;
  std::unique_ptr<Race> race_;
  std::unique_ptr<GameRace> game_;
  std::vector<Cursor> cursors_;
  std::vector<DriverInput> inputs_;
  std::uint32_t step_ = 0;
};

}  // namespace racer
