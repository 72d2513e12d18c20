#pragma once
// RacePlan: everything needed to start (and restart) a race, and make_race_plan, the one
// place that turns the player's choices into one, from the menus (app/flow_*.cpp) and the
// command line (app/main.cpp) alike: the ranges, the defaults, and what each mode ignores
// (Time Trial races alone; only a quick race takes a grid slot). Pure: no files are read.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace racer {

class Track;

enum class RaceMode { Quick, TimeTrial, Championship };

inline constexpr int kMaxOpponents = 11;  ///< AI cars in a race besides the player's
inline constexpr int kDefaultOpponents = 5;
inline constexpr int kMaxLaps = 100;
/// The AI difficulties a race can be set to, easiest first ("mixed": every level, the
/// fastest at the back of the grid).
inline constexpr std::array<const char*, 4> kRaceDifficulties = {"easy", "medium", "hard", "mixed"};
bool is_race_difficulty(std::string_view name);

/// Everything needed to start (and restart) a race; made by make_race_plan, so every
/// value is in its range.
struct RacePlan {
  RaceMode mode = RaceMode::Quick;
  std::string track_path, track_id;
  std::shared_ptr<const Track> track;  ///< already loaded (optional; else track_path is read)
  std::string car_path, car_id;
  int opponents = 5;               ///< AI cars, 0..11 (Time Trial: 0)
  int laps = 3;                    ///< 1..100 (Time Trial: laps until the player quits)
  std::string difficulty = "mixed";
  int grid_slot = -1;              ///< 0 = pole, < 0 = the back
  std::uint64_t seed = 1;
  double rate_hz = 240.0;          ///< physics steps per second, 60..500
  bool autodrive = false;          ///< the medium AI drives the player's car
  bool manual = false, no_abs = false, no_tcs = false;  ///< --manual, --no-abs, --no-tcs over the settings
};

/// The player's choices for a race, as the menus and the command line hold them.
struct RaceChoices {
  RaceMode mode = RaceMode::Quick;
  std::string track_path, track_id;  ///< track_id "" = the file stem of track_path
  std::string car_path, car_id;      ///< car_id "" = the file stem of car_path
  int opponents = -1;                ///< AI cars; < 0 = the default (5)
  int laps = 3;
  std::string difficulty = "mixed";  ///< one of kRaceDifficulties
  int grid_slot = -1;                ///< 0 = pole, < 0 = the back
  std::uint64_t seed = 1;            ///< drives the AI's randomness
  double rate_hz = 240.0;            ///< Hz
  bool autodrive = false, manual = false, no_abs = false, no_tcs = false;
};

/// The plan for `choices`: opponents the default if not given, then clamped to 0..11
/// (Time Trial: 0); laps clamped to 1..100; a difficulty not in kRaceDifficulties is
/// "mixed"; the grid slot kept only in a quick race and only if the field has it (else
/// the back, as GameRace reads a slot past the field); the rate clamped to 60..500 Hz.
RacePlan make_race_plan(const RaceChoices& choices);

}  // namespace racer
