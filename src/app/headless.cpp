#include "app/headless.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ai/ai_params.h"
#include "app/asset_path.h"
#include "race/race.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {
namespace {

nlohmann::ordered_json optional_number(const std::optional<double>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

std::string stem(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  const std::size_t dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(0, dot);
}

}  // namespace

int run_headless(const Options& o) {
  const Result<CarSpec> spec = load_car_spec(resolve_asset(o.car));
  if (!spec) {
    std::fprintf(stderr, "%s\n", spec.error_text().c_str());
    return 1;
  }
  auto track = Track::load(resolve_asset(o.track));
  if (!track) {
    std::fprintf(stderr, "%s\n", track.error_text().c_str());
    return 1;
  }
  const Result<std::vector<AiParams>> profiles = load_difficulty_profiles(resolve_asset);
  if (!profiles) {
    std::fprintf(stderr, "%s\n", profiles.error_text().c_str());
    return 1;
  }
  RaceConfig config;
  config.laps = o.laps;
  config.seed = o.seed;
  config.rate_hz = o.rate_hz;
  Race race(track.value(), make_field(spec.value(), stem(o.car), profiles.value(), o.difficulty, o.cars), config);
  const auto start = std::chrono::steady_clock::now();  // the app owns the only wall clock
  race.run();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const RaceResult r = race.result();

  nlohmann::ordered_json j;
  j["track"] = r.track;
  j["laps"] = r.laps;
  j["seed"] = r.seed;
  j["sim_seconds"] = r.sim_seconds;
  j["wall_seconds"] = wall;
  j["realtime_factor"] = wall > 0.0 ? r.sim_seconds / wall : 0.0;
  char hash[32];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(r.state_hash));
  j["state_hash"] = hash;
  j["cars"] = nlohmann::ordered_json::array();
  for (const RaceCarResult& c : r.cars) {
    nlohmann::ordered_json cj;
    cj["name"] = c.name;
    cj["car"] = c.car;
    cj["profile"] = c.profile;
    cj["difficulty"] = c.difficulty;
    cj["grid_position"] = c.grid_position;
    cj["finished"] = c.finished;
    cj["position"] = c.position;
    cj["laps_completed"] = c.laps_completed;
    cj["race_time"] = optional_number(c.race_time);
    cj["best_lap"] = optional_number(c.best_lap);
    cj["lap_times"] = c.lap_times;
    cj["limit_lap_time"] = c.limit_lap_time;
    if (!c.route.empty()) cj["route"] = c.route;
    cj["wall_contacts"] = c.wall_contacts;
    cj["car_contacts"] = c.car_contacts;
    cj["off_track_seconds"] = c.off_track_seconds;
    cj["max_stuck_seconds"] = c.max_stuck_seconds;
    cj["respawns"] = c.respawns;
    cj["overtakes"] = c.overtakes;
    j["cars"].push_back(std::move(cj));
  }
  std::ofstream out(o.results);
  out << j.dump(2) << "\n";
  if (!out) {
    std::fprintf(stderr, "cannot write %s\n", o.results.c_str());
    return 1;
  }
  return 0;
}

}  // namespace racer
