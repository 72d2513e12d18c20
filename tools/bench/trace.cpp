// racer-bench trace: the races `races` runs, one CSV row per car every 0.1 s: where it is in
// the race and what its traffic layer sees and wants (the car ahead, the passing offset,
// DWA), then its handling, to read a race's passing and following from. Read-only (same
// state hash as `races`).
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
  csv << "track,seed,t,car,difficulty,distance,lap,s,lateral,offset,offset_goal,speed,target,profile_speed,"
         "gap_ahead,alongside,holding_lane,dwa_active,dwa_steering,recovery,detour,defending,letting_by,"
      << kHandlingColumns << '\n';
  for (const std::string& path : set.tracks) {
    const std::shared_ptr<const Track> track = load_track(path);
    long rows = 0;
    for (int seed = 1; seed <= set.seeds; ++seed) {
      const std::unique_ptr<Race> owned = start_race(set, track, seed);
      Race& race = *owned;
      const long every = std::lround(0.1 / race.world().dt());
      for (long step = 0; !race.over(); ++step) {
        race.step();
        if (step % every != 0) continue;
        for (std::size_t i = 0; i < race.car_count(); ++i) {
          const AiDriver& d = race.driver(i);
          const DriverState& st = d.state();
          csv << track->spec().name << ',' << seed << ',' << race.world().time() << ',' << i << ','
              << d.params().difficulty << ',' << race.race_distance(i) << ',' << race.progress(i).laps_completed()
              << ',' << st.s << ',' << st.lateral << ',' << st.offset << ',' << st.offset_goal << ','
              << race.world().car(i).forward_speed() << ',' << st.target_speed << ','
              << d.profile().target_speed(st.s) << ',' << std::min(st.gap_ahead, 999.0) << ',' << st.alongside
              << ',' << st.holding_lane << ',' << st.dwa_active << ',' << st.dwa_steering << ','
              << static_cast<int>(st.recovery) << ',' << st.detour << ',' << st.defending << ','
              << st.letting_by << ',';
          write_handling(csv, race.world().car(i), race.controls(i), st);
          ++rows;
        }
      }
    }
    std::cout << nlohmann::ordered_json{{"track", track->spec().name}, {"rows", rows}}.dump() << "\n";
  }
  return 0;
}

}  // namespace

const Experiment kTraceExperiment{
    "trace",
    "racer-bench trace --out CSV [--seeds N] [--cars N] [--laps N] [--difficulty D] [--car FILE] [--jitter M] TRACK...",
    R"(  trace     the same races as `races`; one CSV row per car every 0.1 s: race distance, lap,
            line position s and lateral, passing offset and its goal, speed vs the driver's
            target and its profile, gap to the car ahead in its lane, alongside, holding its
            lane, DWA (active, steering), recovery, detour, defending, letting a car by, then the car's
            handling (throttle, brake, steer, the tracking layer's and DWA's steer, yaw rate, body slip,
            front and rear slip angle): how a race's passing and following went; stdout: {"track", "rows"} per track
)",
    nullptr, run};

}  // namespace racer::bench
