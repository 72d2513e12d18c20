// racer-bench kick: one AI car (mistakes off) alone on each track, knocked off its line every
// few seconds: moved towards the outside of the bend it is in and turned outwards, velocity
// and all (what DWA steering straight on for a second in a fast bend leaves the tracker
// with). Measures how far it strays and how often it leaves the road or meets a wall after
// a kick: how well the tracking layer and the filters bring a car back at speed,
// deterministic, without a race's chaos.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>

#include <box2d/b2_body.h>
#include <nlohmann/json.hpp>

#include "args.h"
#include "csv.h"
#include "experiments.h"
#include "load.h"
#include "race/race.h"

namespace racer::bench {

namespace {

int run(const std::vector<std::string>& args) {
  std::vector<std::string> tracks;
  std::string car_path = default_car_path(), profile_path = hard_profile_path(), trace_path;
  int laps = 3;
  double every = 8.0, shift = 2.5, turn = 0.1;
  ArgParser()
      .text("--profile", profile_path)
      .text("--car", car_path)
      .integer("--laps", laps, 1, 50)
      .number("--every", every, 2.0, 60.0)
      .number("--shift", shift, 0.0, 10.0)
      .number("--turn", turn, 0.0, 0.5)
      .text("--trace", trace_path)
      .positionals(tracks)
      .parse(args);
  if (tracks.empty()) throw UsageError("at least one TRACK file is required");
  std::ofstream trace;
  if (!trace_path.empty()) {
    trace = open_csv(trace_path);
    trace << "track,kick,t,s,lateral,offset,speed,target," << kHandlingColumns << '\n';
  }
  const CarSpec spec = load_car(car_path);
  const AiParams params = load_profile(profile_path);
  for (const std::string& path : tracks) {
    const std::shared_ptr<const Track> track = load_track(path);
    RaceEntry entry{"AI", spec.name, spec, params};
    entry.params.mistakes_per_minute = 0.0;
    RaceConfig config;
    config.laps = laps;
    Race race(track, {entry}, config);
    int kicks = 0, off_road = 0, wall_kicks = 0;
    double sum_worst = 0.0, worst = 0.0, sum_slip = 0.0;
    double next_kick = every, window_worst = 0.0, window_slip = 0.0, off_before = 0.0;
    int walls_before = 0;
    // The worst of the window since the last kick into the sums: how far it strayed, and
    // whether it left the road or met a wall.
    auto close_window = [&] {
      if (kicks == 0) return;
      const RaceCarResult r = race.result().cars.front();
      sum_worst += window_worst, worst = std::max(worst, window_worst), sum_slip += window_slip;
      if (r.off_track_seconds > off_before + 1e-9) off_road += 1;
      if (r.wall_contacts > walls_before) wall_kicks += 1;
    };
    while (!race.over()) {
      race.step();
      const Car& car = race.world().car(0);
      const DriverState& st = race.driver(0).state();
      window_worst = std::max(window_worst, std::abs(st.lateral - st.offset));
      window_slip = std::max(window_slip, std::abs(body_slip(car)));
      if (trace.is_open() && race.world().steps() % 24 == 0) {
        trace << track->spec().name << ',' << kicks << ',' << race.world().time() << ',' << st.s << ',' << st.lateral
              << ',' << st.offset << ',' << car.forward_speed() << ',' << st.target_speed << ',';
        write_handling(trace, car, race.controls(0), st);
      }
      if (race.world().time() < next_kick) continue;
      next_kick += every;
      if (car.forward_speed() < 10.0 || st.recovery != Recovery::None) continue;  // a kick at a crawl shows nothing
      close_window();
      const RaceCarResult r = race.result().cars.front();
      off_before = r.off_track_seconds, walls_before = r.wall_contacts;
      // Outwards: away from the centre of the bend (to the right on a straight).
      const PathSample at = race.driver(0).route().path.at(st.s);
      const double out = race.driver(0).route().path.curvature_at(st.s) > 0.0 ? -1.0 : +1.0;
      b2Body* body = car.body();
      const Vec2 p = car.position() + at.normal * (out * shift);
      const double a = out * turn;  // + = to the left
      body->SetTransform(b2Vec2(static_cast<float>(p.x), static_cast<float>(p.y)), static_cast<float>(car.heading() + a));
      const Vec2 v = rotate(car.velocity(), from_angle(a));
      body->SetLinearVelocity(b2Vec2(static_cast<float>(v.x), static_cast<float>(v.y)));
      kicks += 1, window_worst = 0.0, window_slip = 0.0;
    }
    close_window();
    const RaceCarResult r = race.result().cars.front();
    std::cout << nlohmann::ordered_json{{"track", track->spec().name}, {"kicks", kicks},
                                        {"mean_worst_off_m", kicks ? sum_worst / kicks : 0.0}, {"worst_off_m", worst},
                                        {"off_road", off_road}, {"wall_kicks", wall_kicks},
                                        {"mean_max_body_slip_rad", kicks ? sum_slip / kicks : 0.0},
                                        {"respawns", r.respawns}}
                     .dump()
              << "\n";
  }
  return 0;
}

}  // namespace

const Experiment kKickExperiment{
    "kick",
    "racer-bench kick [--profile FILE] [--car FILE] [--laps N] [--every S] [--shift M] [--turn RAD] [--trace CSV] TRACK...",
    R"(  kick      one AI car (--profile, default hard; mistakes off) alone on each TRACK for --laps
            laps (default 3), knocked off its line every --every s (default 8): moved --shift m
            (default 2.5) to the outside of its bend and turned --turn rad (default 0.1)
            outwards, velocity and all (what DWA steering straight on for a second in a fast
            bend leaves the tracker with). One line per track {"track", "kicks",
            "mean_worst_off_m", "worst_off_m" (the worst |lateral - offset| after a kick),
            "off_road" (kicks after which it left the road), "wall_kicks" (kicks after which it
            touched a wall), "mean_max_body_slip_rad", "respawns"}: how the tracking layer and
            the filters bring a car back at speed, deterministic, without a race's chaos;
            --trace: one CSV row per 0.1 s (track, kick, t, s, lateral, offset, speed, target,
            throttle, brake, steer, the tracking layer's and DWA's steer, yaw rate, body slip,
            front and rear slip angle)
)",
    nullptr, run};

}  // namespace racer::bench
