// racer-bench contacts: every contact of the races `races` runs, as the race counts it (a car
// and a wall, or a pair of cars, touching after 0.5 s apart; none after the car finished),
// one CSV row per car involved, with what its driver was doing: where on the line, its
// passing offset, DWA, the cars around it. Read-only: the races are the same as `races` runs
// (same state hash).
#include <cmath>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "args.h"
#include "csv.h"
#include "experiments.h"
#include "load.h"
#include "race_set.h"

namespace racer::bench {

namespace {

int run(const std::vector<std::string>& args) {
  RaceSet set;
  ArgParser parser;
  declare_race_options(parser, set, true);
  parser.parse(args);
  if (set.tracks.empty() || set.out_path.empty()) throw UsageError("--out CSV and at least one TRACK file are required");
  load_field(set);
  std::ofstream csv = open_csv(set.out_path);
  csv << "track,seed,t,car,difficulty,kind,other,s,lateral,offset,offset_goal,room_left,room_right,curvature,"
         "speed,target,profile_speed,dwa_active,since_dwa,since_offset,since_car_contact,alongside,gap_ahead,"
         "steer,tracking_steer,steer_dwa,dwa_speed,recovery,detour,other_ds,other_dlat,other_closing,other_offset,"
         "other_dwa,near_ds,near_dlat,since_let_by,other_since_let_by\n";
  for (const std::string& path : set.tracks) {
    const std::shared_ptr<const Track> track = load_track(path);
    int walls = 0, pairs = 0;
    for (int seed = 1; seed <= set.seeds; ++seed) {
      const std::unique_ptr<Race> owned = start_race(set, track, seed);
      Race& race = *owned;
      const std::size_t n = race.car_count();
      std::vector<double> last_dwa(n, -1e9), last_offset(n, -1e9), last_car(n, -1e9), last_let_by(n, -1e9);
      // Car j in car i's line coordinates: ds along i's line (+ ahead of i), lateral difference.
      auto relative = [&](std::size_t i, std::size_t j, double& ds, double& dlat) {
        const Path& p = race.driver(i).route().path;
        const PathProjection pj = p.project(race.world().car(j).position(), -1);
        ds = pj.s - race.driver(i).state().s;
        if (ds > 0.5 * p.length()) ds -= p.length();
        if (ds < -0.5 * p.length()) ds += p.length();
        dlat = pj.offset - race.driver(i).state().lateral;
      };
      auto row = [&](std::size_t i, const std::string& kind, int other, double t) {
        const AiDriver& d = race.driver(i);
        const DriverState& st = d.state();
        const Car& car = race.world().car(i);
        const std::size_t k = d.route().line.index_at(st.s);
        double near_ds = 1e9, near_dlat = 0.0, near_d = 1e18;
        for (std::size_t j = 0; j < n; ++j) {
          if (j == i) continue;
          double ds = 0, dlat = 0;
          relative(i, j, ds, dlat);
          if (ds * ds + dlat * dlat < near_d) near_d = ds * ds + dlat * dlat, near_ds = ds, near_dlat = dlat;
        }
        double ods = 0, odlat = 0, oclosing = 0, ooffset = 0;
        int odwa = 0;
        if (other >= 0) {
          const auto j = static_cast<std::size_t>(other);
          relative(i, j, ods, odlat);
          const Vec2 tangent = d.route().path.at(st.s).tangent;
          oclosing = dot(car.velocity() - race.world().car(j).velocity(), tangent);
          ooffset = race.driver(j).state().offset;
          odwa = race.driver(j).state().dwa_active ? 1 : 0;
        }
        csv << track->spec().name << ',' << seed << ',' << t << ',' << i << ',' << d.params().difficulty << ','
            << kind << ',' << other << ',' << st.s << ',' << st.lateral << ',' << st.offset << ',' << st.offset_goal
            << ',' << d.route().room_left[k] << ',' << d.route().room_right[k] << ','
            << d.route().path.curvature_at(st.s) << ',' << car.forward_speed() << ',' << st.target_speed << ','
            << d.profile().target_speed(st.s) << ',' << (st.dwa_active ? 1 : 0) << ',' << t - last_dwa[i] << ','
            << t - last_offset[i] << ',' << t - last_car[i] << ',' << (st.alongside ? 1 : 0) << ','
            << std::min(st.gap_ahead, 999.0) << ',' << race.controls(i).steer << ',' << st.tracking_steer << ','
            << st.steer_dwa << ',' << st.dwa_speed << ',' << static_cast<int>(st.recovery) << ','
            << (st.detour ? 1 : 0) << ',' << ods << ',' << odlat << ',' << oclosing << ',' << ooffset << ',' << odwa
            << ',' << near_ds << ',' << near_dlat << ',' << t - last_let_by[i] << ','
            << (other >= 0 ? t - last_let_by[static_cast<std::size_t>(other)] : 1e9) << '\n';
      };
      while (!race.over()) {
        race.step();
        const double now = race.world().time();
        for (std::size_t i = 0; i < n; ++i) {
          const DriverState& st = race.driver(i).state();
          if (st.dwa_active) last_dwa[i] = now;
          if (std::abs(st.offset) > 0.3) last_offset[i] = now;
          if (st.letting_by) last_let_by[i] = now;
        }
        for (const CountedContact& c : race.contacts_counted()) {
          const auto i = static_cast<std::size_t>(c.a);
          if (c.b < 0) {
            row(i, "wall", -1, now);
            ++walls;
            continue;
          }
          const auto j = static_cast<std::size_t>(c.b);
          if (c.a_counts) row(i, "car", c.b, now);
          if (c.b_counts) row(j, "car", c.a, now);
          last_car[i] = last_car[j] = now;
          ++pairs;
        }
      }
    }
    nlohmann::ordered_json out = {{"track", track->spec().name}, {"wall_contacts", walls}, {"car_pairs", pairs}};
    std::cout << out.dump() << "\n";
  }
  return 0;
}

}  // namespace

const Experiment kContactsExperiment{
    "contacts",
    "racer-bench contacts --out CSV [--seeds N] [--cars N] [--laps N] [--difficulty D] [--car FILE] [--jitter M] TRACK...",
    R"(  contacts  the same races as `races`; every contact as the race counts it (car and wall, or
            a pair of cars, touching after 0.5 s apart) as one CSV row per car involved: time,
            car, wall or other car, line position s and lateral, passing offset and its goal,
            room, curvature, speed vs target, DWA (active, seconds since), seconds since the
            last offset and car contact, the other car's place in line coordinates and
            closing speed, seconds since either car last let a car by; stdout:
            {"track", "wall_contacts", "car_pairs"} per track
)",
    nullptr, run};

}  // namespace racer::bench
