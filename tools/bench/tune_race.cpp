#include "tune_race.h"

#include <algorithm>
#include <cstdint>

#include "race/grid_jitter.h"
#include "race/race.h"
#include "race_set.h"

namespace racer::bench {

nlohmann::ordered_json TuneRaceFigures::json() const {
  return {{"track", track},         {"seed", seed},         {"cars", cars},
          {"finished", finished},   {"finish_time_sum_s", finish_time_sum},
          {"best_lap_s", best_lap}, {"best_laps_s", best_laps},   {"lap_times_s", lap_times},
          {"wall_contacts", walls}, {"car_contacts", car_contacts},
          {"car_laps", car_laps},   {"sim_s", sim_s}};
}

TuneRaceFigures TuneRaceFigures::from_json(const nlohmann::ordered_json& j) {
  TuneRaceFigures f;
  f.track = j.at("track").get<std::string>();
  f.seed = j.at("seed").get<int>();
  f.cars = j.at("cars").get<int>();
  f.finished = j.at("finished").get<int>();
  f.finish_time_sum = j.at("finish_time_sum_s").get<double>();
  f.best_lap = j.at("best_lap_s").get<double>();
  f.best_laps = j.at("best_laps_s").get<std::vector<double>>();
  f.lap_times = j.at("lap_times_s").get<std::vector<std::vector<double>>>();
  f.walls = j.at("wall_contacts").get<int>();
  f.car_contacts = j.at("car_contacts").get<int>();
  f.car_laps = j.at("car_laps").get<int>();
  f.sim_s = j.at("sim_s").get<double>();
  return f;
}

TuneRaceFigures run_tune_race(const TuneField& field, const AiParams& params, int race) {
  const std::size_t track = static_cast<std::size_t>(race / field.seeds);
  const int seed = race % field.seeds + 1;
  std::vector<RaceEntry> entries;
  for (int i = 0; i < field.cars; ++i)
    entries.push_back({"AI " + std::to_string(i + 1), field.car_name, field.spec, params});
  RaceConfig config;
  config.laps = field.laps;
  config.seed = static_cast<std::uint64_t>(seed);
  Race run(field.tracks[track], std::move(entries), config);
  jitter_grid(run, field.jitter, config.seed);
  run.run();
  const RaceResult r = run.result();
  TuneRaceFigures f;
  f.track = field.track_names[track];
  f.seed = seed;
  f.sim_s = r.sim_seconds;
  for (const RaceCarResult& c : r.cars) {
    ++f.cars;
    if (c.finished && c.race_time) ++f.finished, f.finish_time_sum += *c.race_time;
    f.best_laps.push_back(c.best_lap.value_or(0.0));
    f.lap_times.push_back(c.lap_times);
    if (c.best_lap && (f.best_lap == 0.0 || *c.best_lap < f.best_lap)) f.best_lap = *c.best_lap;
    f.walls += c.wall_contacts;
    f.car_contacts += c.car_contacts;
    f.car_laps += std::max(1, c.laps_completed);
  }
  return f;
}

TuneScore tune_score(const std::vector<TuneRaceFigures>& races) {
  TuneScore s;
  double time = 0.0, best_laps = 0.0, walls = 0.0, contacts = 0.0, car_laps = 0.0;
  int finished = 0;
  for (const TuneRaceFigures& f : races) {
    s.all_finished = s.all_finished && f.finished == f.cars;
    time += f.finish_time_sum;
    finished += f.finished;
    best_laps += f.best_lap;
    walls += f.walls;
    contacts += f.car_contacts;
    car_laps += f.car_laps;
  }
  const double n = std::max<double>(1.0, static_cast<double>(races.size()));
  s.objective = time / std::max(1, finished);
  s.best_lap = best_laps / n;
  s.walls_per_car_lap = walls / std::max(1.0, car_laps);
  s.car_contacts_per_car_lap = contacts / std::max(1.0, car_laps);
  return s;
}

}  // namespace racer::bench
