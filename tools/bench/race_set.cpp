#include "race_set.h"

#include <cstdint>

#include "args.h"
#include "load.h"
#include "race/grid_jitter.h"

namespace racer::bench {

void declare_race_options(ArgParser& parser, RaceSet& set, bool with_out) {
  set.car_path = default_car_path();
  parser.integer("--seeds", set.seeds, 1, 1000)
      .integer("--cars", set.cars, 1, 40)
      .integer("--laps", set.laps, 1, 100)
      .choice("--difficulty", set.difficulty, {"easy", "medium", "hard", "mixed"})
      .text("--car", set.car_path)
      .number("--jitter", set.jitter, 0.0, 0.5)
      .flag("--each", set.each)
      .positionals(set.tracks);
  if (with_out) parser.text("--out", set.out_path);
}

void load_field(RaceSet& set) {
  set.spec = load_car(set.car_path);
  set.profiles = load_difficulty_profiles();
}

std::unique_ptr<Race> start_race(const RaceSet& set, const std::shared_ptr<const Track>& track, int seed) {
  RaceConfig config;
  config.laps = set.laps;
  config.seed = static_cast<std::uint64_t>(seed);
  auto race = std::make_unique<Race>(track, make_field(set.spec, "car", set.profiles, set.difficulty, set.cars), config);
  jitter_grid(*race, set.jitter, config.seed);
  return race;
}

}  // namespace racer::bench
