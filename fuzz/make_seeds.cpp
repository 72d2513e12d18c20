// make_seeds DIR: writes generated seed inputs for the loaders that have no shipped files
// (settings, records, ghost) into DIR/settings, DIR/records and DIR/ghost, using the same
// writers as the game, so the fuzzers start from files the game itself writes.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "game/ghost.h"
#include "game/records.h"
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
  return 0;
}
