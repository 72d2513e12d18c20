// Replays re-simulated (game/replay_race.h, game/replay_playback.h): a race recorded and
// replayed from its file ends in the same state hash on every shipped track for several
// seeds, for the game's race (the player's inputs recorded) and the headless one (a human
// car's inputs recorded); the hash does not depend on the frame times the race was
// recorded or played at, nor on hitches, speed, pause or seeks; a changed track, car,
// profile or physics is refused with one line saying what changed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "core/fixed_step.h"
#include "game/ghost.h"
#include "game/replay.h"
#include "game/replay_playback.h"
#include "game/replay_race.h"
#include "temp_dir.h"
#include "test_paths.h"
#include "test_profiles.h"

namespace racer {
namespace {

constexpr double kRate = 120.0;  // Hz: half the game's rate keeps the test short

std::vector<std::string> shipped_tracks() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(test::source_path("tracks")))
    if (e.path().extension() == ".json") out.push_back("tracks/" + e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

ReplayAssets load_assets(const ReplaySetup& s) {
  const Result<ReplayAssets> a = load_replay_assets(s, "test", test::source_path);
  EXPECT_TRUE(a.ok()) << a.error_text();
  return a.ok() ? a.value() : ReplayAssets{};
}

// The set-up as the game or the headless runner stamps it.
ReplaySetup setup_for(ReplayKind kind, const std::string& track, std::uint64_t seed) {
  ReplaySetup s;
  s.kind = kind;
  s.track_path = track;
  s.track_id = std::filesystem::path(track).stem().string();
  s.car_path = "assets/cars/sedan.json";
  s.car_id = "sedan";
  s.seed = seed;
  s.laps = 1;
  s.rate_hz = kRate;
  s.ai_cars = 3;
  s.difficulty = "mixed";
  s.grid_slot = 1;
  ReplayAssets a;
  auto t = Track::load(test::source_path(track));
  EXPECT_TRUE(t.ok()) << t.error_text();
  a.track = t.value();
  a.car = load_car_spec(test::car_path("sedan")).value();
  a.profiles = test::shipped_profiles();
  stamp_replay_setup(s, a);
  return s;
}

// A player's input at step i: a wobbly run with a lift, a brake, the switches and a
// respawn (it reads nothing of the race: the recording is what matters).
PlayerInput scripted(std::uint32_t i) {
  PlayerInput in;
  const double t = i / kRate;
  in.controls.throttle = std::fmod(t, 7.0) < 5.5 ? 0.85 : 0.0;
  in.controls.brake = std::fmod(t, 7.0) > 6.0 ? 0.7 : 0.0;
  in.controls.steer = 0.25 * std::sin(0.9 * t);
  if (i == 1500) in.respawn = true;
  if (i == 1700) in.controls.abs = SwitchCommand::Off;
  if (i == 1800) in.controls.automatic = SwitchCommand::Off;
  if (i == 1900) in.controls.shift = ShiftRequest::Down;
  if (i == 2300) in.controls.automatic = SwitchCommand::On;
  return in;
}

// Records `steps` steps of the set-up's race with the scripted player; the replay.
Replay record(const ReplaySetup& s, const ReplayAssets& a, std::uint32_t steps) {
  Replay r;
  r.setup = s;
  r.steps = steps;
  ReplayStream player;
  if (s.kind == ReplayKind::Game) {
    const std::unique_ptr<GameRace> race = make_game_race(s, a);
    player.car = race->player();
    for (std::uint32_t i = 0; i < steps; ++i) {
      player.append(scripted(i));
      race->step(scripted(i));
    }
    r.final_state_hash = race->world().state_hash();
  } else {
    player.car = 0;
    const std::unique_ptr<Race> race = make_headless_race(s, a, {0});
    std::vector<DriverInput> inputs(race->car_count());
    for (std::uint32_t i = 0; i < steps; ++i) {
      player.append(scripted(i));
      inputs[0].controls = scripted(i).controls;
      inputs[0].respawn = scripted(i).respawn;
      race->step(inputs);
    }
    r.final_state_hash = race->world().state_hash();
  }
  r.humans.push_back(player);
  return r;
}

std::uint64_t replayed_hash(const Replay& r, const ReplayAssets& a) {
  const Result<Replay> back = decode_replay(encode_replay(r), "r.racerreplay");
  EXPECT_TRUE(back.ok()) << back.error_text();
  ReplayRace race(back.value(), a);
  race.run();
  EXPECT_EQ(race.steps_done(), r.steps);
  return race.world().state_hash();
}

TEST(ReplayRace, TheGamesRaceReplaysToTheSameHashOnEveryTrackAndSeed) {
  const std::vector<std::string> tracks = shipped_tracks();
  ASSERT_GE(tracks.size(), 5u);
  const std::uint32_t steps = static_cast<std::uint32_t>(21 * kRate);  // the start, the respawn, the switches
  for (const std::string& track : tracks) {
    std::uint64_t first = 0;
    for (const std::uint64_t seed : {1ull, 2ull, 9ull}) {
      const ReplaySetup s = setup_for(ReplayKind::Game, track, seed);
      const ReplayAssets a = load_assets(s);
      const Replay r = record(s, a, steps);
      EXPECT_EQ(replayed_hash(r, a), r.final_state_hash) << track << " seed " << seed;
      if (seed == 1) first = r.final_state_hash;
      else EXPECT_NE(r.final_state_hash, first) << track << ": the seed changed nothing";
    }
  }
}

TEST(ReplayRace, AHeadlessRaceWithAHumanCarReplaysToTheSameHash) {
  for (const std::string& track : {std::string("tracks/lantern_hill.json"), std::string("tracks/port_ardent.json")}) {
    const ReplaySetup s = setup_for(ReplayKind::Headless, track, 4);
    const ReplayAssets a = load_assets(s);
    const Replay r = record(s, a, static_cast<std::uint32_t>(20 * kRate));
    EXPECT_EQ(replayed_hash(r, a), r.final_state_hash) << track;
    // Without the human's inputs (the car rolls free) the race is another.
    Replay other = r;
    other.humans[0].runs = {InputRun{r.steps, PlayerInput{}}};
    EXPECT_NE(replayed_hash(other, a), r.final_state_hash) << track << ": the recorded inputs changed nothing";
  }
}

TEST(ReplayRace, AHeadlessRaceOfAiCarsReplaysToTheFinish) {
  ReplaySetup s = setup_for(ReplayKind::Headless, "tracks/kestrel_downs.json", 3);
  s.ai_cars = 2;
  const ReplayAssets a = load_assets(s);
  const std::unique_ptr<Race> live = make_headless_race(s, a);
  std::uint32_t steps = 0;
  while (!live->over()) {
    live->step();
    ++steps;
  }
  const Replay r{s, steps, {}, live->world().state_hash()};
  const Result<Replay> back = decode_replay(encode_replay(r), "r");
  ASSERT_TRUE(back.ok()) << back.error_text();
  ReplayRace replay(back.value(), a);
  replay.run();
  EXPECT_EQ(replay.world().state_hash(), r.final_state_hash);
  EXPECT_TRUE(replay.runner().over());
  for (const RaceCarResult& c : replay.result().cars) EXPECT_TRUE(c.finished) << c.name;
}

// ---- frame rate and hitches

// The game's loop: frames of the given lengths through the fixed-step accumulator, the
// player's input read once a frame (as the devices are), every step recorded.
Replay record_at_frames(const ReplaySetup& s, const ReplayAssets& a, std::uint32_t steps,
                        const std::function<double(int)>& frame_s) {
  Replay r;
  r.setup = s;
  const std::unique_ptr<GameRace> race = make_game_race(s, a);
  ReplayStream player;
  player.car = race->player();
  FixedStep clock(kRate);
  for (int frame = 0; r.steps < steps; ++frame) {
    const PlayerInput in = scripted(static_cast<std::uint32_t>(frame) * 3);  // the frame's reading of the devices
    for (int k = clock.advance(frame_s(frame)); k > 0 && r.steps < steps; --k, ++r.steps) {
      player.append(in);
      race->step(in);
    }
  }
  r.humans.push_back(player);
  r.final_state_hash = race->world().state_hash();
  return r;
}

// Plays the replay as the window does: frames of the given lengths through ReplayPlayback,
// with `control` called before each frame (speed, pause, seeks).
std::uint64_t play_at_frames(const Replay& r, const ReplayAssets& a, const std::function<double(int)>& frame_s,
                             const std::function<void(ReplayPlayback&, int, std::uint32_t)>& control = {}) {
  auto race = std::make_unique<ReplayRace>(r, a);
  ReplayPlayback playback(r.setup.rate_hz, r.steps);
  int rebuilds = 0;
  for (int frame = 0; race->steps_done() < r.steps || playback.seeking(); ++frame) {
    if (control) control(playback, frame, race->steps_done());
    const ReplayPlayback::Plan plan = playback.frame(frame_s(frame), race->steps_done());
    if (plan.rebuild) {
      race = std::make_unique<ReplayRace>(r, a);
      ++rebuilds;
    }
    for (int k = 0; k < plan.steps; ++k) race->step();
    if (frame > 200000) {
      ADD_FAILURE() << "the playback never reached the end";
      break;
    }
  }
  if (control) {
    EXPECT_GE(rebuilds, 1) << "a seek back rebuilds the race";
  }
  return race->world().state_hash();
}

TEST(ReplayRace, TheHashDoesNotDependOnFrameRateOrHitches) {
  const ReplaySetup s = setup_for(ReplayKind::Game, "tracks/foundry_loop.json", 5);
  const ReplayAssets a = load_assets(s);
  const std::uint32_t steps = static_cast<std::uint32_t>(24 * kRate);
  const auto fps60 = [](int) { return 1.0 / 60.0; };
  const auto fps144 = [](int) { return 1.0 / 144.0; };
  const auto fps30_hitches = [](int f) { return f % 97 == 50 ? 2.0 : 1.0 / 30.0; };  // 2 s hitches
  const auto uneven = [](int f) { return (f % 5 == 0 ? 0.041 : 0.007) + 0.0001 * (f % 13); };

  const Replay at60 = record_at_frames(s, a, steps, fps60);
  // The recording is the same race whatever the frames it was played at.
  EXPECT_EQ(replayed_hash(at60, a), at60.final_state_hash);
  EXPECT_EQ(play_at_frames(at60, a, fps144), at60.final_state_hash);
  EXPECT_EQ(play_at_frames(at60, a, fps30_hitches), at60.final_state_hash);
  EXPECT_EQ(play_at_frames(at60, a, uneven), at60.final_state_hash);
  // At 8x and 0.25x, paused for a while, seeking back and forth.
  const auto controls = [&](ReplayPlayback& p, int frame, std::uint32_t at) {
    if (frame == 0) p.set_speed(8.0);
    if (frame == 30) p.set_paused(true);
    if (frame == 60) p.set_paused(false);
    if (frame == 70) p.seek(at / 2);                  // back: rebuilt from the start
    if (frame == 90) p.seek(at + 400);                // forward
    if (frame == 100) p.set_speed(0.25);
    if (frame == 110) p.set_speed(8.0);
  };
  EXPECT_EQ(play_at_frames(at60, a, uneven, controls), at60.final_state_hash);

  // Recorded at another frame rate (with hitches) the player's inputs change hands at other
  // steps, so it is another race: it too replays to its own hash at any frame rate.
  const Replay hitchy = record_at_frames(s, a, steps, fps30_hitches);
  EXPECT_NE(hitchy.final_state_hash, at60.final_state_hash);
  EXPECT_EQ(play_at_frames(hitchy, a, fps144), hitchy.final_state_hash);
  EXPECT_EQ(play_at_frames(hitchy, a, fps60), hitchy.final_state_hash);
}

TEST(ReplayPlayback, SpeedPauseAndSeekPlanTheSteps) {
  ReplayPlayback p(256.0, 1000);  // steps of 1/256 s: the frame times below are exact in binary
  EXPECT_EQ(p.frame(0.03125, 0).steps, 8);
  p.set_speed(0.25);
  EXPECT_EQ(p.frame(0.125, 8).steps, 8);
  p.set_speed(100.0);
  EXPECT_EQ(p.speed(), ReplayPlayback::kMaxSpeed);
  EXPECT_EQ(p.frame(0.03125, 16).steps, 64);  // 1/32 s x 8 x 256 Hz
  p.set_paused(true);
  EXPECT_EQ(p.frame(0.03125, 80).steps, 0);
  p.set_paused(false);
  p.set_speed(1.0);
  EXPECT_EQ(p.frame(5.0, 80).steps, 16) << "a 5 s hitch: clamped and capped, not owed";
  EXPECT_EQ(p.frame(0.0, 96).steps, 0);
  EXPECT_EQ(p.frame(10.0, 995).steps, 5) << "never past the end";
  p.seek(100);
  const ReplayPlayback::Plan back = p.frame(0.016, 1000);
  EXPECT_TRUE(back.rebuild);
  EXPECT_EQ(back.steps, 100);
  EXPECT_FALSE(p.seeking());
  p.seek(5000);
  EXPECT_EQ(p.seek_target(), 1000u);
  const ReplayPlayback::Plan forward = p.frame(0.016, 100);
  EXPECT_FALSE(forward.rebuild);
  EXPECT_EQ(forward.steps, 900);
}

// ---- refusals

TEST(ReplayRace, AChangedTrackCarProfileOrPhysicsIsRefusedWithOneLine) {
  test::TempDir dir;
  // A copy of a shipped track the replay names; then the copy is edited.
  nlohmann::json track = nlohmann::json::parse(std::ifstream(test::source_path("tracks/lantern_hill.json")));
  const std::filesystem::path copy = dir / "lantern_copy.json";
  std::ofstream(copy) << track.dump(2);
  ReplaySetup s = setup_for(ReplayKind::Game, "tracks/lantern_hill.json", 1);
  s.track_path = copy.string();
  const auto path_of = [](const std::string& p) { return p.front() == '/' ? p : test::source_path(p); };
  ASSERT_TRUE(load_replay_assets(s, "r.racerreplay", path_of).ok());

  track["default_width_m"] = track.value("default_width_m", 12.0) + 1.0;
  std::ofstream(copy) << track.dump(2);
  const Result<ReplayAssets> edited = load_replay_assets(s, "r.racerreplay", path_of);
  ASSERT_FALSE(edited.ok());
  const std::string e = edited.error_text();
  EXPECT_EQ(e.rfind("r.racerreplay: the track " + copy.string() + " changed since the replay was recorded (hash " +
                        hash_to_hex(s.track_hash) + ", now ",
                    0),
            0u)
      << e;
  EXPECT_NE(e.find("); it was not replayed"), std::string::npos) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos) << "one line: " << e;

  ReplaySetup shipped = setup_for(ReplayKind::Game, "tracks/lantern_hill.json", 1);
  ReplayAssets a = load_assets(shipped);
  EXPECT_EQ(replay_mismatch(shipped, a), std::nullopt);
  EXPECT_EQ(*replay_mismatch(shipped, a, kPhysicsVersion + 1),
            "the replay was recorded with physics version " + std::to_string(kPhysicsVersion) + ", this build is version " +
                std::to_string(kPhysicsVersion + 1));
  ReplayAssets heavier = a;
  heavier.car.body.mass += 10.0;
  EXPECT_EQ(replay_mismatch(shipped, heavier)->rfind("the car assets/cars/sedan.json changed since the replay was recorded", 0), 0u);
  ReplayAssets bolder = a;
  bolder.profiles[2].grip_use = 0.99;
  EXPECT_EQ(replay_mismatch(shipped, bolder)->rfind("the AI profile \"Hard\" (assets/ai/hard.json) changed", 0), 0u)
      << *replay_mismatch(shipped, bolder);
}

}  // namespace
}  // namespace racer
