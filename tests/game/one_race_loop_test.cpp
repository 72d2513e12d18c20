// There is one race loop: a race of AI cars only (the player's car autodriven) run as the
// game runs it (GameRace: start lights, rules) and as the headless runner runs it (Race,
// started at the same sim time as the game's lights out) is the same race, step for step,
// to the same state hash at the finish.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "game/game_race.h"
#include "race/race.h"
#include "test_paths.h"
#include "test_profiles.h"
#include "track/track.h"

namespace racer {
namespace {

TEST(OneRaceLoop, TheGamesRaceAndTheHeadlessRaceEndInTheSameState) {
  auto track = Track::load(test::source_path("tracks/lantern_hill.json"));
  ASSERT_TRUE(track.ok()) << track.error_text();
  const CarSpec spec = load_car_spec(test::car_path("sedan")).value();
  const std::vector<AiParams> profiles = test::shipped_profiles();
  const std::vector<RaceEntry> field = make_field(spec, "sedan", profiles, "mixed", 3);
  constexpr int kSlot = 1;  // the player's car, between two AI cars

  GameRaceConfig game_config;
  game_config.laps = 1;
  game_config.seed = 7;
  game_config.rate_hz = 120.0;
  game_config.player_grid_slot = kSlot;
  GameRace game(track.value(), PlayerEntry{"Player", "sedan", spec, profiles[2]}, field, game_config);

  std::vector<RaceEntry> entries = field;
  RaceEntry player;
  player.name = "Player";
  player.car = "sedan";
  player.spec = spec;
  player.params = profiles[2];
  entries.insert(entries.begin() + kSlot, player);
  RaceConfig config;
  config.laps = game_config.laps;
  config.seed = game_config.seed;
  config.rate_hz = game_config.rate_hz;
  config.start_s = game.rules().lights_out_time();
  Race headless(track.value(), entries, config);

  const Controls ignored;  // the autodriven player's controls are not read
  int steps = 0;
  while (!headless.over()) {
    headless.step();
    game.step(ignored);
    ++steps;
    if (steps % 240 == 0) {
      ASSERT_EQ(game.world().state_hash(), headless.world().state_hash()) << "step " << steps;
    }
    ASSERT_EQ(game.runner().started(), headless.started()) << "step " << steps;
  }
  EXPECT_EQ(game.world().state_hash(), headless.world().state_hash());
  const RaceResult r = headless.result();
  for (const RaceCarResult& c : r.cars) EXPECT_TRUE(c.finished) << c.name;
  EXPECT_GT(game.time(), game.rules().lights_out_time() + 60.0) << "a whole lap was raced";
  for (std::size_t i = 0; i < game.car_count(); ++i)
    EXPECT_EQ(game.runner().progress(i).laps_completed(), headless.progress(i).laps_completed());
}

}  // namespace
}  // namespace racer
