// A race is a pure function of its set-up and its per-step inputs: the player's inputs of a
// race, recorded step by step (pedals, wheel, shifts, the driver aids and the gearbox mode
// switched mid-race, a respawn), replayed into a new race of the same set-up give the same
// state hash; the same recording without one of its switch commands does not.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "game/game_race.h"
#include "race/race.h"
#include "test_paths.h"
#include "test_profiles.h"
#include "track/track.h"

namespace racer {
namespace {

struct ReplaySetup {
  std::shared_ptr<const Track> track;
  CarSpec spec;
  std::vector<AiParams> profiles;
};

ReplaySetup setup() {
  ReplaySetup s;
  auto track = Track::load(test::source_path("tracks/kestrel_downs.json"));
  EXPECT_TRUE(track.ok()) << track.error_text();
  s.track = track.value();
  s.spec = load_car_spec(test::car_path("sedan")).value();
  s.profiles = test::shipped_profiles();
  return s;
}

GameRace make_race(const ReplaySetup& s) {
  GameRaceConfig c;
  c.laps = 2;
  c.seed = 3;
  c.rate_hz = 120.0;
  c.player_grid_slot = 0;
  return GameRace(s.track, PlayerEntry{"Player", "sedan", s.spec, std::nullopt},
                  make_field(s.spec, "sedan", s.profiles, "medium", 2), c);
}

// The player's input at step i of the script: a wobbly run down the road with the switches
// and a respawn at set steps (the script reads nothing of the race: it is the recording).
PlayerInput scripted(int i, int start) {
  PlayerInput in;
  const int t = i - start;  // steps since lights out (the script starts at it)
  in.controls.throttle = t < 0 ? 0.0 : 0.8;
  in.controls.steer = 0.15 * std::sin(0.01 * t);
  if (t == 600) in.respawn = true;  // held 3 s (360 steps): the switches below work while held
  if (t == 700) in.controls.abs = SwitchCommand::Off;
  if (t == 800) in.controls.tcs = SwitchCommand::Off;
  if (t == 900) in.controls.automatic = SwitchCommand::Off;  // the manual box, in the gear it has
  if (t == 1000 || t == 1100) in.controls.shift = ShiftRequest::Down;
  if (t == 1300) in.controls.brake = 1.0;
  if (t == 1900) in.controls.automatic = SwitchCommand::On;
  if (t == 2000) in.controls.abs = SwitchCommand::On;
  return in;
}

TEST(PlayerInputReplay, ARecordedRaceReplaysToTheSameStateHash) {
  const ReplaySetup s = setup();
  GameRace live = make_race(s);
  const int start = static_cast<int>(std::ceil(live.rules().lights_out_time() * 120.0));
  const int steps = start + 2400;
  std::vector<PlayerInput> recording;
  bool was_manual = false;
  for (int i = 0; i < steps; ++i) {
    recording.push_back(scripted(i, start));
    live.step(recording.back());
    was_manual |= !live.world().car(0).drivetrain().gearbox().automatic;
  }
  // The commands took effect (else the replay would prove nothing about them).
  EXPECT_TRUE(was_manual);
  EXPECT_TRUE(live.world().car(0).drivetrain().gearbox().automatic);
  EXPECT_TRUE(live.world().car(0).spec().assists.abs);
  EXPECT_FALSE(live.world().car(0).spec().assists.tcs);
  EXPECT_EQ(live.respawns(0), 1);

  GameRace replay = make_race(s);
  for (const PlayerInput& in : recording) replay.step(in);
  EXPECT_EQ(replay.world().state_hash(), live.world().state_hash());

  std::vector<PlayerInput> without_manual = recording;
  for (PlayerInput& in : without_manual) in.controls.automatic = SwitchCommand::Keep;
  GameRace other = make_race(s);
  for (const PlayerInput& in : without_manual) other.step(in);
  EXPECT_NE(other.world().state_hash(), live.world().state_hash()) << "the gearbox switch changed nothing";
}

}  // namespace
}  // namespace racer
