#pragma once
// The races that `races`, `contacts` and `trace` run: their shared options (seeds, field,
// laps, difficulty, car, jitter, tracks), the field they load, and each race's start.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/ai_params.h"
#include "race/race.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer::bench {

class ArgParser;

/// A set of races: every seed 1..seeds on every track, the same field each time.
struct RaceSet {
  int seeds = 3, cars = 8, laps = 5;
  std::string difficulty = "mixed";  ///< easy, medium, hard or mixed (make_field)
  std::vector<std::string> tracks;   ///< track files, in the order given
  std::string out_path;              ///< --out CSV (contacts, trace)
  bool each = false;                 ///< --each: races also prints every race's own line
  double jitter = 0.0;               ///< m, 0..0.5: each car's grid slot moved up to this along its heading
  std::string car_path;              ///< --car FILE, the sedan by default
  CarSpec spec;                      ///< the car, loaded by load_field
  std::vector<AiParams> profiles;    ///< the shipped difficulty profiles, loaded by load_field
};

/// Declares the set's options on `parser` (--seeds --cars --laps --difficulty --car --jitter
/// --each, the TRACK files, and --out when `with_out`); sets the set's car to the sedan.
void declare_race_options(ArgParser& parser, RaceSet& set, bool with_out);

/// Loads the set's car and the shipped AI profiles (throws LoadError).
void load_field(RaceSet& set);

/// The race of `set` for `seed` on `track`: the set's field, laps and seed, and with a jitter
/// each car moved up to that many metres forward or back along its heading, by an amount
/// drawn from the seed and the car's index. In a mixed field the seed alone moves only the
/// easy and medium cars' mistakes and a track's races come out nearly alike; a few
/// centimetres at the start make them independent samples of the same race. (No jitter:
/// the races are the ones `racer --headless` runs, with its state hash.)
std::unique_ptr<Race> start_race(const RaceSet& set, const std::shared_ptr<const Track>& track, int seed);

}  // namespace racer::bench
