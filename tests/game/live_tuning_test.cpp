// LiveTuning: an untouched race (or an edit that sets the same values) is not tuned; an AI
// profile changed mid-race, or a car rebuilt from the car editor, marks the race tuned with
// a notice naming why its records are not saved, and setting the values back does not
// clear it.
#include "game/live_tuning.h"

#include <gtest/gtest.h>

#include <memory>

#include "game/car_edit.h"
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

// The player's car edited mid-race (the Vehicle panel's car editor): rebuilt where it was,
// at its speed, with the new values, driving on; the race is tuned and the player told why.
TEST(LiveTuning, ThePlayersCarEditedMidRaceMarksTheRaceTuned) {
  auto race = three_car_race();
  LiveTuning tuning;
  Controls go;
  go.throttle = 1.0;
  while (race->phase() != SessionPhase::Racing) race->step(Controls{});  // no false start
  for (int i = 0; i < 240; ++i) race->step(go);  // 2 s of full throttle
  const int p = race->player();
  const Car& before = race->world().car(static_cast<std::size_t>(p));
  const Vec2 position = before.position();
  const double heading = before.heading(), speed = before.forward_speed();
  ASSERT_GT(speed, 5.0) << "moving when edited";
  CarSpec spec = before.spec();
  ASSERT_TRUE(set_car_param(spec, "engine.max_torque_nm", 1.5 * spec.engine.max_torque));
  ASSERT_TRUE(set_car_param(spec, "body.mass_kg", spec.body.mass + 200.0));
  race->set_car_spec(p, spec);
  const Car& after = race->world().car(static_cast<std::size_t>(p));
  EXPECT_EQ(after.spec().engine.max_torque, spec.engine.max_torque);
  EXPECT_EQ(after.spec().body.mass, spec.body.mass);
  EXPECT_EQ(after.position().x, position.x);  // the same float pose handed back to Box2D
  EXPECT_EQ(after.position().y, position.y);
  EXPECT_NEAR(after.heading(), heading, 1e-6);             // float angle
  EXPECT_NEAR(after.forward_speed(), speed, 1e-4 * speed);  // float velocity
  EXPECT_EQ(race->cars_edited(), std::vector<int>{p});
  EXPECT_TRUE(cars_tuned_now(*race).empty()) << "no AI profile changed";
  const double distance = race->race_distance(p);
  for (int i = 0; i < 120; ++i) race->step(go);
  tuning.observe(*race);
  EXPECT_GT(race->race_distance(p), distance + 5.0) << "drives on after the edit";
  EXPECT_TRUE(tuning.tuned());
  EXPECT_EQ(tuning.cars_edited(), std::vector<int>{p});
  const std::string notice = tuning.notice();
  EXPECT_NE(notice.find("not saved"), std::string::npos) << notice;
  EXPECT_NE(notice.find("your car was changed in the car editor"), std::string::npos) << notice;
  // Back to the car it started with: still tuned (the laps meanwhile were driven edited).
  race->set_car_spec(p, race->runner().entry(static_cast<std::size_t>(p)).spec);
  race->step(go);
  tuning.observe(*race);
  EXPECT_TRUE(tuning.tuned());
  EXPECT_EQ(tuning.notice(), notice);
}

// Both kinds at once, an AI car edited: the notice names each.
TEST(LiveTuning, AnAiCarEditedAndAProfileChangedAreBothNamed) {
  auto race = three_car_race();
  LiveTuning tuning;
  const Controls idle;
  race->step(idle);
  const int car = last_ai_car(*race);
  CarSpec spec = race->world().car(static_cast<std::size_t>(car)).spec();
  ASSERT_TRUE(set_car_param(spec, "engine.max_torque_nm", 0.8 * spec.engine.max_torque));
  race->set_car_spec(car, spec);
  AiParams p = race->driver(car)->params();
  p.speed_use = 0.8;
  ASSERT_TRUE(race->set_driver_params(car, p));
  race->step(idle);
  tuning.observe(*race);
  const std::string notice = tuning.notice();
  EXPECT_NE(notice.find("the AI of 1 car was changed in the AI panel; 1 car was changed in the car editor"),
            std::string::npos)
      << notice;
}

}  // namespace
}  // namespace racer
