#pragma once
// A championship season, the rules around game/championship.h's points and standings:
//   ChampionshipPlan      the season's choices (car, field, laps, difficulty), saved in
//                         records.json as an id ("rookie_cup|sedan|5|2|mixed")
//   championship_rounds   the rounds' tracks, in order
//   start_season          a new season's progress (what records.json keeps)
//   record_round          a finished round scored into the progress (the next round is on)
//   season_standings      the standings of the rounds raced so far
//   next_round_track      the track of the round to race next, none when the season is over
// Pure: saving the progress is the caller's (game/records.h).
#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "game/championship.h"
#include "game/records.h"
#include "game/session_rules.h"

namespace racer {

/// The season's choices; a championship's rounds are a fixed list of tracks.
struct ChampionshipPlan {
  std::string cup = "rookie_cup";
  std::string car_id = "sedan";
  int opponents = 5;  ///< 0..11 (kMaxOpponents)
  int laps = 2;       ///< 1..100 (kMaxLaps)
  std::string difficulty = "mixed";  ///< one of kRaceDifficulties
  /// "cup|car|opponents|laps|difficulty".
  std::string id() const;
  /// The plan of an id, nullopt if it is not one (wrong shape, a value out of range).
  static std::optional<ChampionshipPlan> parse(const std::string& id);
};

/// The shipped cup's tracks, in the order they are raced.
inline constexpr std::array<const char*, 5> kChampionshipTracks = {"lantern_hill", "port_ardent", "foundry_loop",
                                                                   "kestrel_downs", "cragmoor_stage"};

/// The rounds' track ids, in order: the cup's tracks that are in `raceable` (the ids of the
/// tracks that load); when none of them is (other tracks than the shipped ones), every
/// track of `raceable`, in its order. Empty only if `raceable` is.
std::vector<std::string> championship_rounds(std::span<const std::string> raceable);

/// The progress of a new season of `plan`: no round raced, round 1 next.
ChampionshipProgress start_season(const ChampionshipPlan& plan);

/// The saved season's plan, if there is a season whose id can be read (the main menu then
/// offers to continue it).
std::optional<ChampionshipPlan> saved_season(const std::optional<ChampionshipProgress>& progress);

/// A finished round on `track_id` scored by `table`: every car in finishing order, the
/// Finished ones classified and given the points of their position, the others none.
RecordedRound score_round(const std::string& track_id, std::span<const SessionCarResult> results,
                          const Championship& table = Championship());
/// Scores the round and adds it to `progress` (totals, rounds, the next round index).
void record_round(ChampionshipProgress& progress, const std::string& track_id,
                  std::span<const SessionCarResult> results);

/// The standings after the rounds in `progress`, by the default points table.
std::vector<Standing> season_standings(const ChampionshipProgress& progress);

/// The track id of the next round of `rounds`, nullopt when all have been raced.
std::optional<std::string> next_round_track(const ChampionshipProgress& progress,
                                            std::span<const std::string> rounds);

}  // namespace racer
