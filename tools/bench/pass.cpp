// racer-bench pass: the passing manoeuvre alone, without a race's chaos. At every sharp bend
// of each track a hard AI car starts a few metres behind an easy one that never passes, both
// at speed, mistakes off; measures whether ours got by, when, how far it weaved off its
// offset, and the contacts on the way.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <utility>

#include <nlohmann/json.hpp>

#include "args.h"
#include "csv.h"
#include "experiments.h"
#include "load.h"
#include "race/race.h"

namespace racer::bench {

namespace {

// The bends of a line: where its heading turns most over 60 m, at least 0.5 rad, 150 m apart
// (the sharpest first, then every next one far enough from those kept).
std::vector<double> sharp_bends(const Path& path) {
  constexpr double kSpan = 60.0, kStep = 5.0, kTurn = 0.5, kApart = 150.0;
  std::vector<std::pair<double, double>> turns;  // (|turn|, s)
  for (double s = 0.0; s < path.length(); s += kStep) {
    double turn = 0.0;
    for (double d = 0.0; d < kSpan; d += 2.0) turn += path.curvature_at(s + d) * 2.0;
    if (std::abs(turn) >= kTurn) turns.push_back({std::abs(turn), s});
  }
  std::sort(turns.rbegin(), turns.rend());
  std::vector<double> bends;
  for (const auto& [turn, s] : turns) {
    bool apart = true;
    for (double b : bends) {
      const double d = std::abs(s - b);
      apart = apart && std::min(d, path.length() - d) >= kApart;
    }
    if (apart) bends.push_back(s);
  }
  std::sort(bends.begin(), bends.end());
  return bends;
}

int run(const std::vector<std::string>& args) {
  std::string car_path = default_car_path(), profile_path = hard_profile_path(), lead_path = easy_profile_path();
  std::string trace_path;
  double gap = 15.0, before = 150.0, seconds = 12.0;
  std::vector<std::string> tracks;
  ArgParser()
      .text("--lead-profile", lead_path)
      .number("--gap", gap, 8.0, 60.0)
      .number("--before", before, 0.0, 500.0)
      .number("--seconds", seconds, 1.0, 120.0)
      .text("--profile", profile_path)
      .text("--trace", trace_path)
      .positionals(tracks)
      .parse(args);
  if (tracks.empty()) throw UsageError("at least one TRACK file is required");
  std::ofstream trace;
  if (!trace_path.empty()) {
    trace = open_csv(trace_path);
    trace << "track,bend_s,t,s,ahead,lateral,offset,offset_goal,speed,lead_speed,target,gap,started,dropped,lead_lateral,"
             "room_left,room_right,curvature,lead_target,free_speed\n";
  }
  const CarSpec spec = load_car(car_path);
  const AiParams params = load_profile(profile_path), lead_params = load_profile(lead_path);
  for (const std::string& path : tracks) {
    const std::shared_ptr<const Track> track = load_track(path);
    AiParams ours = params;
    ours.mistakes_per_minute = 0.0;
    AiParams lead = lead_params;
    lead.mistakes_per_minute = 0.0;
    lead.overtake_offset = 0.0;
    RaceConfig config;
    config.laps = 100;  // never over: the scenario ends on its clock
    config.driver.start_calm_s = 0.0;  // the scenario starts at speed, not off a grid
    const RaceEntry a{"AI", "sedan", spec, ours}, b{"AI", "sedan", spec, lead};
    const Race probe(track, {a, b}, config);
    const std::vector<double> bends = sharp_bends(probe.driver(0).route().path);
    int got_by = 0, car_contacts = 0, wall_contacts = 0;
    double weave_sum = 0.0;
    for (double bend : bends) {
      Race race(track, {a, b}, config);
      const AiRoute& route = race.driver(0).route();
      const double rate_hz = 1.0 / race.world().dt(), length = route.path.length();
      const auto put = [&](int car, double s, double speed) {
        const PathSample at = route.path.at(s);
        race.world().car(car).place(at.position, std::atan2(at.tangent.y, at.tangent.x), speed);
      };
      const double start = bend - before;
      const double v0 = race.driver(1).profile().target_speed(route.path.wrap(start)) * lead.speed_use;
      put(1, start, v0);
      put(0, start - gap, v0);
      double pass_s = -1.0, weave = 0.0;
      while (race.world().time() < seconds) {
        race.step();
        const DriverState& st = race.driver(0).state();
        const DriverState& lead_st = race.driver(1).state();
        const double lead_speed = race.world().car(1).forward_speed();
        double ahead = st.s - lead_st.s;  // both drive the same line (same car and margin)
        ahead -= length * std::round(ahead / length);
        if (ahead > 0.0 && pass_s < 0.0) pass_s = race.world().time();
        weave = std::max(weave, std::abs(st.lateral - st.offset));
        if (trace.is_open() && race.world().steps() % static_cast<long>(std::lround(rate_hz / 20.0)) == 0) {
          const std::size_t at = route.line.index_at(st.s);
          trace << track->spec().name << ',' << bend << ',' << race.world().time() << ',' << st.s << ',' << ahead
                << ',' << st.lateral << ',' << st.offset << ',' << st.offset_goal << ',' << race.world().car(0).forward_speed()
                << ',' << lead_speed << ',' << st.target_speed << ',' << std::min(st.gap_ahead, 999.0) << ','
                << st.passes_started << ',' << st.passes_dropped << ',' << lead_st.lateral << ',' << route.room_left[at]
                << ',' << route.room_right[at] << ',' << route.path.curvature_at(st.s) << ',' << lead_st.target_speed << ','
                << race.driver(0).profile().target_speed(st.s) * ours.speed_use << '\n';
        }
      }
      const RaceCarResult r = race.result().cars.front();
      const DriverState& st = race.driver(0).state();
      got_by += pass_s >= 0.0;
      car_contacts += r.car_contacts;
      wall_contacts += r.wall_contacts;
      weave_sum += weave;
      nlohmann::ordered_json line = {{"track", track->spec().name}, {"bend_s", bend},
                                     {"got_by", pass_s >= 0.0}, {"pass_s", pass_s}, {"worst_weave_m", weave},
                                     {"passes", {{"started", st.passes_started}, {"dropped", st.passes_dropped}}},
                                     {"car_contacts", r.car_contacts}, {"wall_contacts", r.wall_contacts}};
      std::cout << line.dump() << "\n";
    }
    nlohmann::ordered_json sum = {{"track", track->spec().name}, {"bends", bends.size()}, {"got_by", got_by},
                                  {"mean_worst_weave_m", bends.empty() ? 0.0 : weave_sum / static_cast<double>(bends.size())},
                                  {"car_contacts", car_contacts}, {"wall_contacts", wall_contacts}};
    std::cout << sum.dump() << "\n";
  }
  return 0;
}

}  // namespace

const Experiment kPassExperiment{
    "pass",
    "racer-bench pass [--lead-profile FILE] [--gap M] [--before M] [--seconds S] [--profile FILE] [--trace CSV] TRACK...",
    R"(  pass      one AI car (--profile, default hard) passing a slower one (--lead-profile, default
            easy, never passing) at every bend of each TRACK (the line's heading turning 0.5
            rad or more over 60 m; the bends at least 150 m apart), mistakes off: the car
            ahead starts --before m (default 150) before the bend at its profile's speed
            there, ours --gap m (default 15) behind it at the same speed; --seconds (default
            12) of it. One line per bend {"track", "bend_s", "got_by", "pass_s" (when ours
            was first ahead), "worst_weave_m" (|lateral - offset|), "passes" {"started",
            "dropped"}, "car_contacts", "wall_contacts"}, then
            {"track", "bends", "got_by", "mean_worst_weave_m", "car_contacts",
            "wall_contacts"} per track: the passing manoeuvre alone, without a race's chaos;
            --trace: one CSV row per 1/20 s (track, bend, t, s, m ahead of the other car,
            lateral, offset and its goal, speed, its speed, target, gap ahead, passes, its
            lateral, the room left and right, the line's curvature, its target, and our
            profile's speed: what we would aim for on a free road)
)",
    nullptr, run};

}  // namespace racer::bench
