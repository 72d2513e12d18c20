// make_seeds DIR: writes generated seed inputs for the loaders that have no shipped files
// (settings, records, ghost, replay) into DIR/settings, DIR/records, DIR/ghost and
// DIR/replay, using the same writers as the game, so the fuzzers start from files the game
// itself writes.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "game/ghost.h"
#include "game/records.h"
#include "game/replay.h"
#include "game/settings.h"

namespace {

void write(const std::filesystem::path& dir, const std::string& name, const std::string& text) {
  std::filesystem::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << text;
}

racer::Records sample_records() {
  racer::Records r;
  r.submit_lap("kestrel_downs", "hatchback", {71.25, {23.5, 24.0, 23.75}});
  r.submit_lap("port_ardent", "racer", {64.5, {}});
  racer::ChampionshipProgress c;
  c.championship_id = "short";
  c.add_round({"kestrel_downs",
               {{"player", 1, true, 10, 301.5}, {"ai_2", 2, true, 8, 303.0},
                {"ai_3", 3, false, 0, std::nullopt}}});
  r.championship = c;
  return r;
}

racer::Ghost sample_ghost() {
  racer::GhostRecorder recorder(4);
  recorder.start();
  for (int step = 1; step <= 240; ++step) {
    const double t = step / 240.0;
    recorder.step(t, {10.0 * t, std::sin(t)}, 0.1 * t, 30.0 + t);
  }
  racer::GhostKey key;
  key.track_id = "kestrel_downs";
  key.track_hash = racer::content_hash("track");
  key.car_id = "hatchback";
  key.car_hash = racer::content_hash("car");
  return recorder.finish(key, 1.0);
}

/// A headless race of AI cars only: no human inputs.
racer::Replay ai_only_replay() {
  racer::Replay r;
  racer::ReplaySetup& s = r.setup;
  s.kind = racer::ReplayKind::Headless;
  s.physics_version = 3;
  s.track_path = "tracks/kestrel_downs.json";
  s.track_id = "kestrel_downs";
  s.track_hash = racer::content_hash("track");
  s.car_path = "assets/cars/sedan.json";
  s.car_id = "sedan";
  s.car_hash = racer::content_hash("car");
  s.profile_names = {"easy", "medium", "hard"};
  s.profile_hashes = {racer::content_hash("easy"), racer::content_hash("medium"), racer::content_hash("hard")};
  s.seed = 1;
  s.laps = 5;
  s.rate_hz = 240.0;
  s.ai_cars = 8;
  r.steps = 36000;
  r.final_state_hash = 0x8e736c7cc2c156fdull;
  return r;
}

/// The game's race with the player's inputs: steering, pedals, handbrake, shifts, switch
/// commands and respawns, held for runs of different lengths (the file under -max_len).
racer::Replay player_replay() {
  racer::Replay r = ai_only_replay();
  racer::ReplaySetup& s = r.setup;
  s.kind = racer::ReplayKind::Game;
  s.ai_cars = 5;
  s.difficulty = "hard";
  s.damage = racer::DamageMode::Full;
  s.mode = 1;
  s.grid_slot = 2;
  s.automatic = false;
  racer::ReplayStream player;
  player.car = 2;
  for (int step = 0; step < 600; ++step) {
    racer::PlayerInput in;
    const int phase = step / 40;
    in.controls.steer = phase % 3 == 0 ? 0.0 : std::sin((step / 20) * 0.7);  // held 20 steps: under 8 KiB
    in.controls.throttle = phase % 4 == 1 ? 0.0 : 1.0;
    in.controls.brake = phase % 4 == 1 ? 0.75 : 0.0;
    in.controls.clutch = step % 100 < 5 ? 1.0 : 0.0;
    in.controls.handbrake = phase == 7;
    in.controls.shift = step % 100 == 2 ? racer::ShiftRequest::Up
                        : step % 100 == 60 ? racer::ShiftRequest::Down : racer::ShiftRequest::None;
    in.controls.abs = step == 300 ? racer::SwitchCommand::Off : racer::SwitchCommand::Keep;
    in.controls.tcs = step == 310 ? racer::SwitchCommand::On : racer::SwitchCommand::Keep;
    in.controls.automatic = step == 320 ? racer::SwitchCommand::On : racer::SwitchCommand::Keep;
    in.respawn = step == 450;
    player.append(in);
  }
  r.steps = 600;
  r.humans = {player};
  r.final_state_hash = racer::content_hash("final");
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_seeds DIR\n");
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  racer::Settings settings;
  write(dir / "settings", "default.json", racer::settings_to_json(settings));
  settings.audio.master = 0.25;
  settings.display.fullscreen = true;
  write(dir / "settings", "changed.json", racer::settings_to_json(settings));
  write(dir / "records", "empty.json", racer::records_to_json(racer::Records{}));
  write(dir / "records", "season.json", racer::records_to_json(sample_records()));
  write(dir / "ghost", "lap.json", racer::ghost_to_json(sample_ghost()));
  write(dir / "replay", "ai_only.racerreplay", racer::encode_replay(ai_only_replay()));
  write(dir / "replay", "player.racerreplay", racer::encode_replay(player_replay()));
  return 0;
}
