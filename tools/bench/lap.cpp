// racer-bench lap: one AI car alone on a track for N laps, how close it drives to its limit
// (best lap against the speed profile's lap time), its wall contacts, respawns and worst body
// slip; --trace writes what it did every 1/20 s.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "args.h"
#include "csv.h"
#include "experiments.h"
#include "load.h"
#include "race/race.h"
#include "stopwatch.h"

namespace racer::bench {

namespace {

int run(const std::vector<std::string>& args) {
  std::string track_path, car_path = default_car_path(), profile_path = hard_profile_path(), trace_path;
  double grip_use = -1.0;
  int laps = 3;
  ArgParser()
      .text("--track", track_path)
      .text("--car", car_path)
      .text("--profile", profile_path)
      .number("--grip-use", grip_use, 0.05, 1.2)
      .integer("--laps", laps, 1, 100)
      .text("--trace", trace_path)
      .parse(args);
  if (track_path.empty()) throw UsageError("--track FILE is required");
  const std::shared_ptr<const Track> track = load_track(track_path);
  const CarSpec spec = load_car(car_path);
  RaceEntry entry{"AI", spec.name, spec, load_profile(profile_path)};
  if (grip_use > 0.0) entry.params.grip_use = grip_use;
  RaceConfig config;
  config.laps = laps;
  Race race(track, {entry}, config);
  std::ofstream trace;
  if (!trace_path.empty()) {
    trace = open_csv(trace_path);
    trace << "t,s,lateral,offset,speed,target,limit,throttle,brake,steer,yaw_rate,body_slip,walls,alpha_f,alpha_r,kappa_r,gear,rpm,steer_cmd,dwa\n";
  }
  const int every = std::max(1, static_cast<int>(std::lround(1.0 / (20.0 * race.world().dt()))));
  double max_slip = 0.0;
  const Stopwatch clock;
  while (!race.over()) {
    race.step();
    const Car& car = race.world().car(0);
    const double slip = body_slip(car);
    max_slip = std::max(max_slip, std::abs(slip));
    if (trace.is_open() && race.world().steps() % every == 0) {
      const DriverState& d = race.driver(0).state();
      const Controls& c = race.controls(0);
      trace << race.world().time() << ',' << d.s << ',' << d.lateral << ',' << d.offset << ',' << car.forward_speed()
            << ',' << d.target_speed << ',' << race.driver(0).route().limit.target_speed(d.s) << ',' << c.throttle
            << ',' << c.brake << ',' << c.steer << ',' << car.yaw_rate() << ',' << slip << ','
            << race.world().contacts(0).walls << ',' << front_slip_angle(car) << ',' << rear_slip_angle(car) << ','
            << std::max(car.wheel(2).slip_ratio, car.wheel(3).slip_ratio) << ',' << car.drivetrain().state().gear << ','
            << car.drivetrain().state().rpm << ',' << d.tracking_steer << ',' << d.dwa_active << '\n';
    }
  }
  const double wall = clock.seconds();
  const RaceCarResult r = race.result().cars.front();
  nlohmann::ordered_json out = {{"bench", "lap"}, {"track", track->spec().name}, {"car", spec.name},
                                {"profile", entry.params.name}, {"grip_use", entry.params.grip_use},
                                {"lap_times", r.lap_times}, {"best_lap", r.best_lap ? *r.best_lap : 0.0},
                                {"limit_lap_time", r.limit_lap_time},
                                {"best_over_limit", r.best_lap ? *r.best_lap / r.limit_lap_time - 1.0 : 0.0},
                                {"wall_contacts", r.wall_contacts}, {"respawns", r.respawns},
                                {"max_body_slip_rad", max_slip}, {"realtime_factor", race.world().time() / wall}};
  std::cout << out.dump(2) << "\n";
  return 0;
}

}  // namespace

const Experiment kLapExperiment{
    "lap", "racer-bench lap --track FILE [--car FILE] [--profile FILE] [--grip-use G] [--laps N] [--trace CSV]",
    R"(  lap       one AI car alone on a track for N laps (default 3): how close it drives to its
            limit: {"bench", "track", "car", "profile", "grip_use", "lap_times", "best_lap",
            "limit_lap_time", "best_over_limit", "wall_contacts", "respawns", "max_body_slip_rad",
            "realtime_factor"}; --trace writes one CSV row per 1/20 s (t, s, lateral, offset,
            speed, target, limit speed, throttle, brake, steer, yaw rate, body slip, walls, front and rear slip angle, rear slip ratio, gear, rpm,
            the tracking layer's steer, DWA active)
)",
    nullptr, run};

}  // namespace racer::bench

