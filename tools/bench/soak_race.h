#pragma once
// One race of the soak run (racer-bench soak): which race the index names, and the race run
// with its checks: every step no NaN or Inf in any car's pose or velocity, every 0.1 s of
// sim time no NaN or Inf anywhere in a car's snapshot and no car beyond the walls; at the
// end every car finished and none stuck over 10 s without a respawn; one race in ten (every
// tenth round of the tracks) run a second time from scratch for the same state hash.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/ai_params.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer::bench {

/// What the soak races with, loaded once before the workers start.
struct SoakField {
  std::vector<std::string> track_names;              ///< file stems, as in the table
  std::vector<std::shared_ptr<const Track>> tracks;
  std::vector<std::string> car_names;                ///< file stems
  std::vector<CarSpec> cars;
  std::vector<AiParams> profiles;                    ///< easy, medium, hard
  int max_cars = 20;                                 ///< 1..max_cars cars a race
  int laps = 2;
  /// A fault put in on purpose to show a check fires (tests of the soak itself): "" none;
  /// "nan" the check reads NaN for car 1's x at 3 s; "wall" car 1 is put 50 m beyond the
  /// walls at 3 s; "dnf" a 5 s time limit; "rerun" car 1 moved 1 mm in a rerun; "leak"
  /// 2 MiB leaked a race; "crash" the worker aborts in race 1.
  std::string fault;
};

/// The faults SoakField::fault accepts.
inline const std::vector<std::string> kSoakFaults = {"", "nan", "wall", "dnf", "rerun", "leak", "crash"};

/// The race that index `i` names: the tracks in turn, and a car, a difficulty (easy,
/// medium, hard or mixed), a field size and a seed drawn from the index.
struct SoakPlan {
  std::uint64_t index = 0;
  std::size_t track = 0, car = 0;
  std::string difficulty;
  int cars = 1;
  std::uint64_t seed = 1;
  bool rerun = false;  ///< run twice: every tenth round of the tracks ((index / tracks) % 10 == 0)
};
SoakPlan soak_plan(const SoakField& field, std::uint64_t index);

struct SoakOutcome {
  double sim_s = 0.0;                 ///< s of sim time (first run)
  double wall_s = 0.0;                ///< s of wall time (both runs)
  std::uint64_t hash = 0;             ///< World::state_hash at the end
  std::vector<std::string> failures;  ///< empty: the race passed every check
};
/// Runs the planned race (twice when plan.rerun) with the checks above.
SoakOutcome run_soak_race(const SoakField& field, const SoakPlan& plan);

}  // namespace racer::bench
