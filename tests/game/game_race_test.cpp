// GameRace on a real track: the start procedure holds every car until lights out, a short
// race with the player's car autodriven finishes with sensible results, a human player who
// gives throttle in the countdown is penalised, and a respawn the player asks for holds the
// car for its time cost.
#include "game/game_race.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "ai/ai_params.h"
#include "race/race.h"
#include "test_paths.h"
#include "test_profiles.h"
#include "track/track.h"

namespace racer {
namespace {

using test::shipped_profiles;

struct RaceSetup {
  std::shared_ptr<const Track> track;
  CarSpec spec;
  std::vector<AiParams> profiles;
};

RaceSetup setup(const std::string& track_name) {
  RaceSetup s;
  auto track = Track::load(test::source_path("tracks/" + track_name + ".json"));
  EXPECT_TRUE(track.ok()) << track.error_text();
  s.track = track.value();
  const Result<CarSpec> spec = load_car_spec(test::car_path("sedan"));
  EXPECT_TRUE(spec.ok()) << spec.error_text();
  s.spec = spec.value();
  s.profiles = shipped_profiles();
  return s;
}

GameRaceConfig short_race(int slot) {
  GameRaceConfig c;
  c.laps = 1;
  c.seed = 5;
  c.rate_hz = 120.0;
  c.player_grid_slot = slot;
  return c;
}

// Three cars, one lap of Lantern Hill, the player (grid slot 2 of 3) driven by the medium
// AI: nobody moves before lights out, everyone finishes, and the results add up.
TEST(GameRace, AutodrivenPlayerRaceFinishesWithSensibleResults) {
  const RaceSetup s = setup("lantern_hill");
  PlayerEntry player{"Player", "sedan", s.spec, s.profiles[1]};
  GameRace race(s.track, player, make_field(s.spec, "sedan", s.profiles, "mixed", 2), short_race(1));
  ASSERT_EQ(race.car_count(), 3u);
  EXPECT_EQ(race.player(), 1);
  EXPECT_EQ(race.name(0), "AI 1");
  EXPECT_EQ(race.name(1), "Player");
  EXPECT_EQ(race.name(2), "AI 2");
  const SessionRules& rules = race.rules();
  EXPECT_GE(rules.lights_out_time(), 6.2);
  EXPECT_LE(rules.lights_out_time(), 7.0);

  // The start: held on the slots through the countdown.
  double moved_before = 0.0;
  int lights_seen = 0;
  const Controls none;
  while (race.phase() != SessionPhase::Racing) {
    race.step(none);
    lights_seen = std::max(lights_seen, rules.lights_lit());
    for (int i = 0; i < 3; ++i)
      moved_before = std::max(moved_before, std::sqrt(length_squared(race.world().car(static_cast<std::size_t>(i)).position() -
                                                                     race.grid_slot(i).position)));
  }
  EXPECT_EQ(lights_seen, 5);
  EXPECT_LT(moved_before, 0.05) << "m: every car is held on its slot until lights out";

  // The race: one lap is ~90-100 s here at these AI speeds; allow plenty (the DNF window is
  // 60 s after the winner).
  const double limit = race.time() + 300.0;
  while (!race.over() && race.time() < limit) race.step(none);
  ASSERT_TRUE(race.over()) << "not over after 300 s";
  const std::vector<SessionCarResult> results = rules.results();
  ASSERT_EQ(results.size(), 3u);
  std::vector<int> positions;
  for (const SessionCarResult& r : results) {
    positions.push_back(r.position);
    EXPECT_EQ(r.status, CarStatus::Finished) << r.name;
    EXPECT_EQ(r.laps, 1) << r.name;
    EXPECT_FALSE(r.false_start) << r.name;
    ASSERT_TRUE(r.race_time && r.best_lap) << r.name;
    ASSERT_NE(race.driver(r.car), nullptr);
    EXPECT_GT(*r.race_time, 0.95 * race.driver(r.car)->route().limit_lap_time) << r.name << ": faster than the limit?";
    EXPECT_LT(*r.race_time, 160.0) << r.name << ": a clean lap is ~90-110 s";
    EXPECT_NEAR(*r.best_lap, *r.race_time, 1e-9) << "one lap: the race is the lap";
    // The rules' lap time agrees with RaceProgress's own timing of the same lap.
    const RaceProgress& p = race.progress(r.car);
    ASSERT_GE(p.laps_completed(), 1);
    EXPECT_NEAR(p.laps().front().time, *r.race_time, 1e-9) << r.name;
  }
  EXPECT_EQ(positions, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(results[0].gap_text, "");
  for (std::size_t k = 1; k < results.size(); ++k) {
    ASSERT_TRUE(results[k].gap_s);
    EXPECT_GE(*results[k].gap_s, 0.0);
    EXPECT_GE(*results[k].total_time, *results[k - 1].total_time) << "classified by time";
  }
  bool chequered = false;
  for (const SessionMessage& m : rules.messages()) chequered |= m.kind == SessionMessage::Kind::Chequered;
  EXPECT_TRUE(chequered);
}

// A human player who floors it in the countdown jumps the start: +5 s. The AI cars wait.
// After lights out a respawn request is accepted once and holds the car for 3 s.
TEST(GameRace, PlayerFalseStartAndRespawnHold) {
  const RaceSetup s = setup("lantern_hill");
  PlayerEntry player{"Player", "sedan", s.spec, std::nullopt};
  GameRace race(s.track, player, make_field(s.spec, "sedan", s.profiles, "medium", 2), short_race(0));
  EXPECT_EQ(race.player(), 0);
  const SessionRules& rules = race.rules();
  EXPECT_FALSE(race.can_respawn()) << "no respawn before the start";

  Controls idle;
  // Grid and the first lights: no throttle, held in place.
  while (race.time() < 3.0) race.step(idle);
  EXPECT_TRUE(race.applied_controls(0).handbrake);
  EXPECT_FALSE(rules.false_start(0));
  // Then full throttle before lights out.
  Controls go;
  go.throttle = 1.0;
  while (race.phase() != SessionPhase::Racing) race.step(go);
  EXPECT_TRUE(rules.false_start(0));
  EXPECT_DOUBLE_EQ(rules.penalty(0), 5.0);
  EXPECT_FALSE(rules.false_start(1));
  EXPECT_FALSE(rules.false_start(2));
  EXPECT_GT(std::sqrt(length_squared(race.world().car(0).position() - race.grid_slot(0).position)), 0.5);

  // Race on for 2 s, then ask for a respawn: accepted once, the car is held for 3 s.
  const double t0 = race.time();
  while (race.time() < t0 + 2.0) race.step(go);
  EXPECT_GT(race.world().car(0).forward_speed(), 3.0) << "the player drives after lights out";
  ASSERT_TRUE(race.can_respawn());
  const double t1 = race.time();
  race.step(PlayerInput{go, true});
  EXPECT_TRUE(race.respawned_last_step());
  EXPECT_FALSE(race.can_respawn()) << "already held";
  EXPECT_EQ(race.respawns(0), 1);
  EXPECT_NEAR(race.respawn_hold_left(), 3.0 - race.world().dt(), 1e-12);
  EXPECT_TRUE(race.applied_controls(0).handbrake) << "held from the respawn's own step";
  race.step(PlayerInput{go, true});
  EXPECT_FALSE(race.respawned_last_step()) << "a respawn asked for while held is not taken";
  EXPECT_EQ(race.respawns(0), 1);
  while (race.time() < t1 + 2.9) {
    race.step(go);
    EXPECT_TRUE(race.applied_controls(0).handbrake);
    EXPECT_DOUBLE_EQ(race.applied_controls(0).throttle, 0.0);
  }
  EXPECT_LT(std::abs(race.world().car(0).forward_speed()), 0.5) << "held in place";
  while (race.time() < t1 + 3.2) race.step(go);
  EXPECT_DOUBLE_EQ(race.respawn_hold_left(), 0.0);
  EXPECT_DOUBLE_EQ(race.applied_controls(0).throttle, 1.0) << "free again";
  bool told = false;
  for (const SessionMessage& m : rules.recent_messages(0, 10.0)) told |= m.kind == SessionMessage::Kind::Respawn;
  EXPECT_TRUE(told);
}


// A driver's profile changed live (the AI tuning panel): the same params as it has change
// nothing (step by step the same state hash as a race nobody touched), a real change takes
// effect and is deterministic (two races edited at the same step stay identical), and a new
// line margin comes with its own route.
TEST(GameRace, DriverParamsChangedLive) {
  const RaceSetup s = setup("lantern_hill");
  PlayerEntry player{"Player", "sedan", s.spec, std::nullopt};
  auto make = [&] {
    return std::make_unique<GameRace>(s.track, player, make_field(s.spec, "sedan", s.profiles, "medium", 2),
                                      short_race(0));
  };
  auto untouched = make(), noop = make(), edited = make(), edited_again = make();
  EXPECT_FALSE(untouched->set_driver_params(0, AiParams{})) << "the human player has no driver";
  ASSERT_NE(untouched->entry_params(1), nullptr);
  EXPECT_EQ(untouched->entry_params(0), nullptr);
  const Controls idle;
  const int edit_at = 900, steps = 1500;  // 120 Hz: lights out near 6.5 s, the edit at 7.5 s
  bool diverged = false;
  for (int i = 0; i < steps; ++i) {
    if (i == edit_at) {
      ASSERT_TRUE(noop->set_driver_params(1, noop->driver(1)->params()));
      AiParams p = edited->driver(1)->params();
      p.grip_use = 0.6;
      p.reaction_steps = 20;
      p.line_margin = 2.2;
      ASSERT_TRUE(edited->set_driver_params(1, p));
      ASSERT_TRUE(edited_again->set_driver_params(1, p));
      EXPECT_EQ(edited->driver(1)->params().grip_use, 0.6);
      EXPECT_EQ(edited->entry_params(1)->grip_use, untouched->entry_params(1)->grip_use) << "the entry stays";
      EXPECT_NE(&edited->driver(1)->route(), &untouched->driver(1)->route());
    }
    for (auto* r : {untouched.get(), noop.get(), edited.get(), edited_again.get()}) r->step(idle);
    ASSERT_EQ(noop->world().state_hash(), untouched->world().state_hash()) << "step " << i;
    ASSERT_EQ(edited->world().state_hash(), edited_again->world().state_hash()) << "step " << i;
    diverged |= edited->world().state_hash() != untouched->world().state_hash();
  }
  EXPECT_TRUE(diverged) << "the edit changed nothing";
}

}  // namespace
}  // namespace racer
