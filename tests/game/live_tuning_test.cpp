// LiveTuning: an untouched race (or an edit that sets the same values) is not tuned; an AI
// profile changed mid-race marks the race tuned with a notice naming why its records are
// not saved, and setting the values back does not clear it.
#include "game/live_tuning.h"

#include <gtest/gtest.h>

#include <memory>

#include "test_paths.h"
#include "test_profiles.h"
#include "track/track.h"

namespace racer {
namespace {

std::unique_ptr<GameRace> three_car_race() {
  auto track = Track::load(test::source_path("tracks/lantern_hill.json"));
  EXPECT_TRUE(track.ok()) << track.error_text();
  const Result<CarSpec> spec = load_car_spec(test::car_path("sedan"));
  EXPECT_TRUE(spec.ok()) << spec.error_text();
  PlayerEntry player{"Player", "sedan", spec.value(), std::nullopt};
  GameRaceConfig c;
  c.laps = 1;
  c.seed = 5;
  c.rate_hz = 120.0;
  return std::make_unique<GameRace>(track.value(), player,
                                    make_field(spec.value(), "sedan", test::shipped_profiles(), "medium", 2), c);
}

/// The last AI car of the grid (the player's car has no driver).
int last_ai_car(const GameRace& race) {
  for (int i = static_cast<int>(race.car_count()) - 1; i >= 0; --i)
    if (race.driver(i) != nullptr) return i;
  ADD_FAILURE() << "no AI car";
  return 0;
}

TEST(LiveTuning, AnUntouchedRaceAndASameValueEditAreNotTuned) {
  auto race = three_car_race();
  LiveTuning tuning;
  const Controls idle;
  for (int i = 0; i < 30; ++i) {
    race->step(idle);
    tuning.observe(*race);
  }
  const int car = last_ai_car(*race);
  ASSERT_TRUE(race->set_driver_params(car, race->driver(car)->params()));
  tuning.observe(*race);
  EXPECT_FALSE(tuning.tuned());
  EXPECT_TRUE(tuning.notice().empty());
  EXPECT_TRUE(cars_tuned_now(*race).empty());
}

TEST(LiveTuning, AProfileChangedMidRaceMarksTheRaceTunedEvenWhenSetBack) {
  auto race = three_car_race();
  LiveTuning tuning;
  const Controls idle;
  race->step(idle);
  const int car = last_ai_car(*race);
  const AiParams start = race->driver(car)->params();
  AiParams p = start;
  p.grip_use = 0.6;
  ASSERT_TRUE(race->set_driver_params(car, p));
  race->step(idle);
  tuning.observe(*race);
  EXPECT_TRUE(tuning.tuned());
  EXPECT_EQ(tuning.cars(), std::vector<int>{car});
  EXPECT_EQ(cars_tuned_now(*race), std::vector<int>{car});
  const std::string notice = tuning.notice();
  EXPECT_NE(notice.find("not saved"), std::string::npos) << notice;
  EXPECT_NE(notice.find("1 car was changed in the AI panel"), std::string::npos) << notice;
  // Back to the start values: the laps driven meanwhile were still tuned.
  ASSERT_TRUE(race->set_driver_params(car, start));
  race->step(idle);
  tuning.observe(*race);
  EXPECT_TRUE(cars_tuned_now(*race).empty());
  EXPECT_TRUE(tuning.tuned());
  EXPECT_EQ(tuning.notice(), notice);
}

}  // namespace
}  // namespace racer
