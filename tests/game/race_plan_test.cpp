// make_race_plan: the one place the menus' and the command line's choices become a race's
// plan. Each mode's rules, the defaults, and every clamp at both ends of its range.
#include "game/race_plan.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "test_paths.h"
#include "track/track.h"

namespace racer {
namespace {

RaceChoices quick_race() {
  RaceChoices c;
  c.track_path = "tracks/port_ardent.json";
  c.car_path = "assets/cars/hatchback.json";
  c.opponents = 7;
  c.laps = 4;
  c.difficulty = "hard";
  c.grid_slot = 2;
  c.seed = 42;
  c.rate_hz = 120.0;
  return c;
}

// Every choice in range is kept as it is; ids default to the files' stems.
TEST(RacePlan, AQuickRaceKeepsEveryChoiceInRange) {
  RaceChoices c = quick_race();
  c.autodrive = c.manual = c.no_abs = c.no_tcs = true;
  const RacePlan p = make_race_plan(c);
  EXPECT_EQ(p.mode, RaceMode::Quick);
  EXPECT_EQ(p.track_path, "tracks/port_ardent.json");
  EXPECT_EQ(p.track_id, "port_ardent");
  EXPECT_EQ(p.car_path, "assets/cars/hatchback.json");
  EXPECT_EQ(p.car_id, "hatchback");
  EXPECT_EQ(p.track, nullptr);
  EXPECT_EQ(p.opponents, 7);
  EXPECT_EQ(p.laps, 4);
  EXPECT_EQ(p.difficulty, "hard");
  EXPECT_EQ(p.grid_slot, 2);
  EXPECT_EQ(p.seed, 42u);
  EXPECT_EQ(p.rate_hz, 120.0);
  EXPECT_TRUE(p.autodrive && p.manual && p.no_abs && p.no_tcs);

  c.track_id = "custom";
  c.car_id = "mine";
  EXPECT_EQ(make_race_plan(c).track_id, "custom") << "an id given (the catalog's) is kept";
  EXPECT_EQ(make_race_plan(c).car_id, "mine");
}

TEST(RacePlan, OpponentsDefaultToFiveAndAreClampedToEleven) {
  RaceChoices c = quick_race();
  c.opponents = -1;
  EXPECT_EQ(make_race_plan(c).opponents, kDefaultOpponents);
  EXPECT_EQ(kDefaultOpponents, 5);
  c.opponents = 0;
  EXPECT_EQ(make_race_plan(c).opponents, 0);
  c.opponents = 11;
  EXPECT_EQ(make_race_plan(c).opponents, 11);
  c.opponents = 30;
  EXPECT_EQ(make_race_plan(c).opponents, kMaxOpponents);
}

TEST(RacePlan, LapsDifficultyAndRateAreKeptInRange) {
  RaceChoices c = quick_race();
  c.laps = 0;
  EXPECT_EQ(make_race_plan(c).laps, 1);
  c.laps = 100;
  EXPECT_EQ(make_race_plan(c).laps, 100);
  c.laps = 101;
  EXPECT_EQ(make_race_plan(c).laps, kMaxLaps);
  for (const char* d : kRaceDifficulties) {
    c.difficulty = d;
    EXPECT_EQ(make_race_plan(c).difficulty, d);
  }
  c.difficulty = "insane";
  EXPECT_EQ(make_race_plan(c).difficulty, "mixed");
  c.rate_hz = 10.0;
  EXPECT_EQ(make_race_plan(c).rate_hz, 60.0);
  c.rate_hz = 1000.0;
  EXPECT_EQ(make_race_plan(c).rate_hz, 500.0);
}

// A slot in the field is kept (0 = pole, `opponents` = last); past the field it is the
// back, as GameRace places a slot past the field.
TEST(RacePlan, AGridSlotOutsideTheFieldIsTheBack) {
  RaceChoices c = quick_race();
  c.opponents = 3;
  c.grid_slot = 0;
  EXPECT_EQ(make_race_plan(c).grid_slot, 0);
  c.grid_slot = 3;
  EXPECT_EQ(make_race_plan(c).grid_slot, 3);
  c.grid_slot = 4;
  EXPECT_EQ(make_race_plan(c).grid_slot, -1);
  c.grid_slot = -7;
  EXPECT_EQ(make_race_plan(c).grid_slot, -1);
}

// Time Trial races alone; a championship round starts from the back (its setup has no
// grid choice), whatever was chosen for a quick race before.
TEST(RacePlan, TimeTrialIsAloneAndOnlyAQuickRaceTakesAGridSlot) {
  RaceChoices c = quick_race();
  c.mode = RaceMode::TimeTrial;
  const RacePlan trial = make_race_plan(c);
  EXPECT_EQ(trial.opponents, 0);
  EXPECT_EQ(trial.grid_slot, -1);
  EXPECT_EQ(trial.laps, 4);
  c.mode = RaceMode::Championship;
  const RacePlan round = make_race_plan(c);
  EXPECT_EQ(round.opponents, 7);
  EXPECT_EQ(round.grid_slot, -1);
}

TEST(RacePlan, DifficultyNames) {
  EXPECT_TRUE(is_race_difficulty("easy"));
  EXPECT_TRUE(is_race_difficulty("mixed"));
  EXPECT_FALSE(is_race_difficulty("Easy"));
  EXPECT_FALSE(is_race_difficulty(""));
}

// Every shipped track's painted grid holds the largest field the menus and the command line
// allow (the player and kMaxOpponents AI cars): a race never puts a car on the extra rows
// behind it (Lantern Hill and Cragmoor Stage once did, with 11 opponents).
TEST(RacePlan, EveryShippedTrackGridHoldsTheLargestField) {
  int tracks = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::source_path("tracks"))) {
    if (entry.path().extension() != ".json") continue;
    ++tracks;
    const auto track = Track::load(entry.path().string());
    ASSERT_TRUE(track.ok()) << track.error_text();
    EXPECT_GE(track.value()->grid().size(), static_cast<std::size_t>(kMaxOpponents + 1)) << entry.path();
  }
  EXPECT_GE(tracks, 5) << "the shipped tracks";
}

}  // namespace
}  // namespace racer
