#include "race_figures.h"

#include <algorithm>
#include <cmath>

namespace racer::bench {

void RaceFigures::add_passes(const Race& race) {
  for (std::size_t i = 0; i < race.car_count(); ++i) {
    const DriverState& st = race.driver(i).state();
    started += st.passes_started, made += st.passes_made, dropped += st.passes_dropped, lost += st.passes_lost;
    room += st.room_given, defended += st.defences, let_by += st.let_bys, let_by_done += st.let_bys_done;
    gave_way += st.give_ways;
  }
}

void RaceFigures::add(const RaceResult& r, double wall) {
  // This race's figures first (the items are judged per race), then into the totals.
  int overtakes = 0, race_finished = 0, race_respawns = 0;
  double fastest = 1e9, limit = 1e9, race_walls = 0, race_contacts = 0, race_laps = 0, race_stuck = 0;
  for (const RaceCarResult& c : r.cars) {
    race_finished += c.finished ? 1 : 0;
    race_respawns += c.respawns;
    overtakes += c.overtakes;
    race_walls += c.wall_contacts;
    race_contacts += c.car_contacts;
    race_laps += std::max(1, c.laps_completed);
    race_stuck = std::max(race_stuck, c.max_stuck_seconds);
    if (c.best_lap) fastest = std::min(fastest, *c.best_lap);
    limit = std::min(limit, c.limit_lap_time);
  }
  races += 1;
  cars += static_cast<int>(r.cars.size());
  finished += race_finished;
  respawns += race_respawns;
  walls += race_walls;
  contacts += race_contacts;
  car_laps += race_laps;
  max_stuck = std::max(max_stuck, race_stuck);
  min_overtakes = std::min(min_overtakes, overtakes);
  worst_fastest = std::max(worst_fastest, fastest / limit - 1.0);
  // Item 1: all finish, walls <= 0.1 a car-lap, nobody stuck over 10 s, fastest lap within
  // 5% of the limit; item 4: >= 4 overtakes, car contacts <= 0.3 a car-lap.
  const bool clean = race_finished == static_cast<int>(r.cars.size()) && race_walls / race_laps <= 0.1 + 1e-9 &&
                     race_stuck <= 10.0;
  item1_but_lap += clean ? 1 : 0;
  item1 += clean && fastest / limit - 1.0 <= 0.05 ? 1 : 0;
  item4 += overtakes >= 4 && race_contacts / race_laps <= 0.3 + 1e-9 ? 1 : 0;
  sim += r.sim_seconds;
  wall_s += wall;
}

nlohmann::ordered_json RaceFigures::json() const {
  return {{"races", races}, {"finished", static_cast<double>(finished) / std::max(1, cars)},
          {"wall_contacts_per_car_lap", walls / std::max(1.0, car_laps)},
          {"car_contacts_per_car_lap", contacts / std::max(1.0, car_laps)}, {"max_stuck_s", max_stuck},
          {"respawns", respawns}, {"min_overtakes", min_overtakes},
          {"passes", {{"started", started}, {"made", made}, {"dropped", dropped}, {"lost", lost}, {"room_given", room},
                      {"defended", defended}, {"let_by", let_by}, {"let_by_done", let_by_done},
                      {"gave_way", gave_way}}},
          {"fastest_lap_over_limit", worst_fastest},
          {"races_meeting", {{"item1", item1}, {"item1_but_fastest_lap", item1_but_lap}, {"item4", item4}}},
          {"realtime_factor", wall_s > 0.0 ? sim / wall_s : 0.0}};
}

nlohmann::ordered_json car_lines(const RaceResult& r) {
  nlohmann::ordered_json cars = nlohmann::ordered_json::array();
  for (const RaceCarResult& c : r.cars) {
    nlohmann::ordered_json laps = nlohmann::ordered_json::array();
    for (const double t : c.lap_times) laps.push_back(std::round(t * 100.0) / 100.0);
    cars.push_back({{"difficulty", c.difficulty}, {"grid_position", c.grid_position}, {"position", c.position},
                    {"best_over_limit", c.best_lap ? nlohmann::ordered_json(*c.best_lap / c.limit_lap_time - 1.0) : nullptr},
                    {"lap_times", laps}, {"wall_contacts", c.wall_contacts}, {"car_contacts", c.car_contacts},
                    {"max_stuck_s", c.max_stuck_seconds}, {"overtakes", c.overtakes}});
  }
  return cars;
}

}  // namespace racer::bench
