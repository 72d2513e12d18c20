#include "app/headless.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ai/ai_params.h"
#include "app/asset_path.h"
#include "game/ghost.h"
#include "game/replay_file.h"
#include "game/replay_race.h"
#include "game/storage.h"
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

// The results as JSON (the figures of README's headless section); false after a message.
bool write_results(const RaceResult& r, double wall, const std::string& path) {
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
  std::ofstream out(path);
  out << j.dump(2) << "\n";
  if (!out) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    return false;
  }
  return true;
}


// The race the options ask for, as a replay's set-up (its hashes stamped).
ReplaySetup headless_setup(const Options& o, const ReplayAssets& assets) {
  ReplaySetup s;
  s.kind = ReplayKind::Headless;
  s.track_path = o.track;
  s.track_id = stem(o.track);
  s.car_path = o.car;
  s.car_id = stem(o.car);
  s.seed = o.seed;
  s.laps = o.laps;
  s.rate_hz = o.rate_hz;
  s.ai_cars = o.cars;
  s.difficulty = o.difficulty;
  stamp_replay_setup(s, assets);
  return s;
}

template <class T>
bool report(const Result<T>& r) {
  if (!r) std::fprintf(stderr, "%s\n", r.error_text().c_str());
  return r.ok();
}

// --headless --replay FILE: the recorded race again, its results and a check of its end state.
int run_replay(const Options& o) {
  const Result<Replay> replay = read_replay_file(o.replay);
  if (!report(replay)) return 1;
  const Result<ReplayAssets> assets = load_replay_assets(replay.value().setup, o.replay, resolve_asset);
  if (!report(assets)) return 1;
  ReplayRace race(replay.value(), assets.value());
  const auto start = std::chrono::steady_clock::now();  // the app owns the only wall clock
  race.run();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!write_results(race.result(), wall, o.results)) return 1;
  const std::uint64_t hash = race.world().state_hash();
  if (hash != replay.value().final_state_hash) {
    std::fprintf(stderr, "%s: the replay ended in state hash %s, the recorded race in %s (this build simulates it differently)\n",
                 o.replay.c_str(), hash_to_hex(hash).c_str(), hash_to_hex(replay.value().final_state_hash).c_str());
    return 1;
  }
  return 0;
}

}  // namespace

int run_headless(const Options& o) {
  if (!o.replay.empty()) return run_replay(o);
  ReplayAssets assets;
  const Result<CarSpec> spec = load_car_spec(resolve_asset(o.car));
  if (!report(spec)) return 1;
  assets.car = spec.value();
  auto track = Track::load(resolve_asset(o.track));
  if (!report(track)) return 1;
  assets.track = track.value();
  const Result<std::vector<AiParams>> profiles = load_difficulty_profiles(resolve_asset);
  if (!report(profiles)) return 1;
  assets.profiles = profiles.value();
  const ReplaySetup setup = headless_setup(o, assets);
  const std::unique_ptr<Race> race = make_headless_race(setup, assets);
  const auto start = std::chrono::steady_clock::now();  // the app owns the only wall clock
  std::uint32_t steps = 0;
  while (!race->over()) {
    race->step();
    ++steps;
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!write_results(race->result(), wall, o.results)) return 1;
  if (o.record.empty()) return 0;
  const Replay replay{setup, steps, {}, race->world().state_hash()};
  if (auto e = write_file_atomic(o.record, encode_replay(replay))) {
    std::fprintf(stderr, "%s\n", e->to_string().c_str());
    return 1;
  }
  return 0;
}

}  // namespace racer
