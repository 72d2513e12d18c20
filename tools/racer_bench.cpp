// racer-bench: timing benchmarks and the AI's measured figures (timing lives here, never in
// tests): sim, surface, line, lap, races, contacts, astar, dwa. Each prints JSON (see --help).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <box2d/b2_body.h>
#include <nlohmann/json.hpp>

#include "ai/ai_params.h"
#include "ai/dwa_scene.h"
#include "ai/grid_search.h"
#include "ai/movingai.h"
#include "ai/racing_line.h"
#include "ai/rng.h"
#include "ai/route.h"
#include "ai/speed_profile.h"
#include "core/fixed_step.h"
#include "sim/proving_ground.h"
#include "sim/race.h"
#include "sim/world.h"
#include "track/test_ground.h"
#include "track/track.h"

namespace {

using namespace racer;

constexpr const char* kUsage = R"(usage: racer-bench sim [options]
       racer-bench surface --track FILE [--queries N]
       racer-bench line --track FILE [--car FILE]
       racer-bench lap --track FILE [--car FILE] [--profile FILE] [--grip-use G] [--laps N] [--trace CSV]
       racer-bench races [--seeds N] [--cars N] [--laps N] [--difficulty D] [--car FILE] [--jitter M] [--each] TRACK...
       racer-bench contacts --out CSV [--seeds N] [--cars N] [--laps N] [--difficulty D] [--car FILE] [--jitter M] TRACK...
       racer-bench trace --out CSV [--seeds N] [--cars N] [--laps N] [--difficulty D] [--car FILE] [--jitter M] TRACK...
       racer-bench kick [--profile FILE] [--car FILE] [--laps N] [--every S] [--shift M] [--turn RAD] [--trace CSV] TRACK...
       racer-bench pass [--lead-profile FILE] [--gap M] [--before M] [--seconds S] [--profile FILE] [--trace CSV] TRACK...
       racer-bench astar --map FILE --scen FILE [--repeat N]
       racer-bench astar --random SIDE [--seed N] [--queries Q] [--obstacles P]

  sim       steps N cars driving scripted laps on the test ground, headless, and reports
            the cost of a fixed step: {"bench", "cars", "rate_hz", "sim_seconds",
            "wall_seconds", "us_per_step", "us_per_car_step", "realtime_factor", "state_hash"}
  surface   loads a track and times the wheels' surface query at random points inside its
            bounds: {"bench", "track", "build_ms", "queries", "ns_per_query", "checksum"}
  line      the racing line and speed profile of a car on a track (the car's measured
            envelope, as the AI plans with): {"bench", "track", "car", "line_length_m",
            "limit_lap_time_s", "line_ms", "envelope_ms", "profile_ms",
            "route_limit_lap_time_s", "lane_left_lap_time_s", "lane_right_lap_time_s"}
            (the route a race plans, and each of its passing lanes driven whole at the limit)
  lap       one AI car alone on a track for N laps (default 3): how close it drives to its
            limit: {"bench", "track", "car", "profile", "grip_use", "lap_times", "best_lap",
            "limit_lap_time", "best_over_limit", "wall_contacts", "respawns", "max_body_slip_rad",
            "realtime_factor"}; --trace writes one CSV row per 1/20 s (t, s, lateral, offset,
            speed, target, limit speed, throttle, brake, steer, yaw rate, body slip, walls, front and rear slip angle, rear slip ratio, gear, rpm,
            the tracking layer's steer, DWA active)
  races     headless AI races on each TRACK for seeds 1..N (default 3; 8 cars, 5 laps,
            mixed): one JSON object per track with the issue-4 figures over all its races
            {"track", "races", "finished", "wall_contacts_per_car_lap",
            "car_contacts_per_car_lap", "max_stuck_s", "respawns", "min_overtakes",
            "passes" {"started", "made", "dropped", "lost", "room_given", "defended", "let_by", "let_by_done", "gave_way"} (the drivers' committed passes; racing room given to a car beside; bends whose inside was covered against a car behind; faster cars moved over for, and how many of them went by then; cars level on the next lane for 5 s given way to),
            "fastest_lap_over_limit", "races_meeting" {"item1", "item1_but_fastest_lap", "item4"}
            (how many races meet issue 4's items: all finish, walls <= 0.1 a car-lap, nobody
            stuck over 10 s, fastest lap within 5%; >= 4 overtakes, car contacts <= 0.3),
            "realtime_factor"} (worst or mean as named), then
            {"all": ...} over every track: a driver change judged on one race of one seed is
            noise (the races are chaotic); --each: first one such line per race, with its
            "track", "seed" and "jitter", and "cars": each car's "difficulty", "grid_position",
            "position", "best_over_limit", "lap_times", "wall_contacts", "car_contacts",
            "max_stuck_s", "overtakes"; --jitter M: each car starts up to M m (at most 0.5) forward or
            back of its grid slot, drawn from the seed (a mixed field's seeds otherwise give
            nearly the same race on a track; off, the races are racer --headless's own)
  contacts  the same races as `races`; every contact as the race counts it (car and wall, or
            a pair of cars, touching after 0.5 s apart) as one CSV row per car involved: time,
            car, wall or other car, line position s and lateral, passing offset and its goal,
            room, curvature, speed vs target, DWA (active, seconds since), seconds since the
            last offset and car contact, the other car's place in line coordinates and
            closing speed, seconds since either car last let a car by; stdout:
            {"track", "wall_contacts", "car_pairs"} per track
  trace     the same races as `races`; one CSV row per car every 0.1 s: race distance, lap,
            line position s and lateral, passing offset and its goal, speed vs the driver's
            target and its profile, gap to the car ahead in its lane, alongside, holding its
            lane, DWA (active, steering), recovery, detour, defending, letting a car by, then the car's
            handling (throttle, brake, steer, the tracking layer's and DWA's steer, yaw rate, body slip,
            front and rear slip angle): how a race's passing and following went; stdout: {"track", "rows"} per track
  kick      one AI car (--profile, default hard; mistakes off) alone on each TRACK for --laps
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
  pass      one AI car (--profile, default hard) passing a slower one (--lead-profile, default
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
  astar     A* (src/ai/grid_search.h) on a MovingAI map, every scenario of the .scen file:
            {"bench", "map", "queries", "matched", "max_error", "us_per_query",
            "expanded_per_query"} (matched: within 1e-6 of the optimal length); or on a
            random SIDE x SIDE grid with random passable start and goal cells:
            {"bench", "grid", "side", "obstacles", "seed", "queries", "found", "us_per_query",
            "max_us_per_query", "us_per_found_query", "max_us_per_found_query",
            "expanded_per_query", "mean_length"} (an unreachable goal floods the start's
            whole component: those queries set the maximum)

sim options:
  --cars N        cars in the world, 1..64                 default 20
  --seconds S     simulated seconds, 1..3600               default 60
  --rate HZ       physics rate, 60..500                    default 240
  --car FILE      car file                                 default assets/cars/sedan.json
  --help          this text

surface options:
  --track FILE    track file                               required
  --queries N     number of queries, 1000..100000000       default 10000000

astar options:
  --map FILE      MovingAI .map file
  --scen FILE     its .scen file (both required unless --random)
  --repeat N      timing passes over all scenarios, 1..100000 default 100
  --random SIDE   random SIDE x SIDE grid, 8..4096 (instead of --map/--scen)
  --obstacles P   blocked share of the random grid, 0..0.6  default 0.3
  --seed N        random grid and queries, 0..4294967295    default 1
  --queries Q     random queries, 1..1000000                default 200
)";

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "racer-bench: " << message << "\n";
  std::exit(2);
}

// A data file that did not load says why on stderr (file:line:col, what was expected).
template <class T>
bool loaded(const Result<T>& r) {
  if (!r) std::cerr << r.error_text() << "\n";
  return static_cast<bool>(r);
}

double parse(const std::string& option, const std::string& text, double lo, double hi) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(v >= lo && v <= hi))
    fail(option + " must be a number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got \"" + text + "\"");
  return v;
}

// rad, the car's body slip angle (+ = sliding to the left), as its driver reads it.
double body_slip(const Car& car) {
  SelfView self;
  self.heading = car.heading();
  self.velocity = car.velocity();
  return self.body_slip();
}

double front_slip_angle(const Car& car) { return 0.5 * (car.wheel(0).slip_angle + car.wheel(1).slip_angle); }
double rear_slip_angle(const Car& car) { return 0.5 * (car.wheel(2).slip_angle + car.wheel(3).slip_angle); }

// The handling columns `trace` and `kick` end their rows with (kHandlingColumns), and the newline.
constexpr const char* kHandlingColumns = "throttle,brake,steer,tracking_steer,steer_dwa,yaw_rate,body_slip,alpha_f,alpha_r";
void write_handling(std::ostream& csv, const Car& car, const Controls& c, const DriverState& st) {
  csv << c.throttle << ',' << c.brake << ',' << c.steer << ',' << st.tracking_steer << ',' << st.steer_dwa << ','
      << car.yaw_rate() << ',' << body_slip(car) << ',' << front_slip_angle(car) << ',' << rear_slip_angle(car) << '\n';
}

// Each car weaves around its own circle: throttle, steering and braking all exercised.
Controls scripted(int car, double t) {
  Controls c;
  const double phase = t * 0.4 + car * 0.7;
  c.throttle = 0.6 + 0.4 * std::sin(phase);
  c.brake = std::sin(phase) < -0.8 ? 0.6 : 0.0;
  c.steer = 0.35 * std::sin(phase * 1.7);
  return c;
}

int bench_line(int argc, char** argv) {
  std::string track_path, car_path = std::string(RACER_SOURCE_DIR) + "/assets/cars/sedan.json";
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) fail("option " + arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--track") track_path = value;
    else if (arg == "--car") car_path = value;
    else fail("unknown option " + arg);
  }
  if (track_path.empty()) fail("line needs --track FILE");
  const auto track = Track::load(track_path);
  const Result<CarSpec> spec = load_car_spec(car_path);
  if (!track || !spec) {
    std::cerr << (track ? spec.error_text() : track.error_text()) << "\n";
    return 1;
  }
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  const RacingLine line = compute_racing_line(corridor_from_centreline(track.value()->centreline()), RacingLineParams{});
  const auto t1 = clock::now();
  const CarEnvelope envelope = measured_envelope(spec.value(), FixedStep::kDefaultRate);
  const auto t1b = clock::now();
  const SpeedProfile profile = compute_speed_profile(line, envelope, *track.value(), SpeedProfileParams{});
  const auto t2 = clock::now();
  nlohmann::ordered_json out = {{"bench", "line"}, {"track", track.value()->spec().name}, {"car", spec.value().name},
                                {"line_length_m", line.length}, {"limit_lap_time_s", profile.lap_time},
                                {"line_ms", std::chrono::duration<double, std::milli>(t1 - t0).count()},
                                {"envelope_ms", std::chrono::duration<double, std::milli>(t1b - t1).count()},
                                {"profile_ms", std::chrono::duration<double, std::milli>(t2 - t1b).count()}};
  // The route a race plans (obstacles cut out, branches tried) and its two passing lanes, each
  // driven whole at the limit: how much a pass on a lane costs against the line.
  const std::shared_ptr<const AiRoute> route = plan_route(*track.value(), envelope, AiParams{}.line_margin);
  out["route_limit_lap_time_s"] = route->limit_lap_time;
  for (const int side : {+1, -1})
    out[side > 0 ? "lane_left_lap_time_s" : "lane_right_lap_time_s"] =
        compute_speed_profile(route->lane(side).line, envelope, *track.value(), SpeedProfileParams{}).lap_time;
  std::cout << out.dump(2) << "\n";
  return 0;
}

int bench_lap(int argc, char** argv) {
  std::string track_path, car_path = std::string(RACER_SOURCE_DIR) + "/assets/cars/sedan.json";
  std::string profile_path = std::string(RACER_SOURCE_DIR) + "/assets/ai/hard.json", trace_path;
  double grip_use = -1.0, laps = 3;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) fail("option " + arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--track") track_path = value;
    else if (arg == "--car") car_path = value;
    else if (arg == "--profile") profile_path = value;
    else if (arg == "--grip-use") grip_use = parse(arg, value, 0.05, 1.2);
    else if (arg == "--laps") laps = parse(arg, value, 1, 100);
    else if (arg == "--trace") trace_path = value;
    else fail("unknown option " + arg);
  }
  if (track_path.empty()) fail("lap needs --track FILE");
  const auto track = Track::load(track_path);
  const Result<CarSpec> spec = load_car_spec(car_path);
  const Result<AiParams> params = load_ai_params(profile_path);
  if (!track || !spec || !params) {
    std::cerr << (!track ? track.error_text() : !spec ? spec.error_text() : params.error_text()) << "\n";
    return 1;
  }
  RaceEntry entry{"AI", spec.value().name, spec.value(), params.value()};
  if (grip_use > 0.0) entry.params.grip_use = grip_use;
  RaceConfig config;
  config.laps = static_cast<int>(laps);
  Race race(track.value(), {entry}, config);
  std::ofstream trace;
  if (!trace_path.empty()) {
    trace.open(trace_path);
    trace << "t,s,lateral,offset,speed,target,limit,throttle,brake,steer,yaw_rate,body_slip,walls,alpha_f,alpha_r,kappa_r,gear,rpm,steer_cmd,dwa\n";
  }
  const int every = std::max(1, static_cast<int>(std::lround(1.0 / (20.0 * race.world().dt()))));
  double max_slip = 0.0;
  const auto start = std::chrono::steady_clock::now();
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
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const RaceCarResult r = race.result().cars.front();
  nlohmann::ordered_json out = {{"bench", "lap"}, {"track", track.value()->spec().name}, {"car", spec.value().name},
                                {"profile", entry.params.name}, {"grip_use", entry.params.grip_use},
                                {"lap_times", r.lap_times}, {"best_lap", r.best_lap ? *r.best_lap : 0.0},
                                {"limit_lap_time", r.limit_lap_time},
                                {"best_over_limit", r.best_lap ? *r.best_lap / r.limit_lap_time - 1.0 : 0.0},
                                {"wall_contacts", r.wall_contacts}, {"respawns", r.respawns},
                                {"max_body_slip_rad", max_slip}, {"realtime_factor", race.world().time() / wall}};
  std::cout << out.dump(2) << "\n";
  return 0;
}

// ---- kick ------------------------------------------------------------------------------------

// One AI car (--profile, default hard) alone on each TRACK for --laps laps, knocked off its
// line every --every s: moved --shift m towards the outside of the bend it is in and turned
// --turn rad outwards, velocity and all (what DWA steering straight on for a second in a fast
// bend leaves the tracker with). Deterministic: how well the tracking layer and the filters
// bring a car back at speed, without a race's chaos. Per track {"track", "kicks",
// "mean_worst_off_m" (the worst |lateral - offset| in the --every s after a kick),
// "worst_off_m", "off_road" (kicks after which a wheel-less stretch off the road followed),
// "wall_kicks", "mean_max_body_slip_rad", "respawns"}.
int bench_kick(int argc, char** argv) {
  std::vector<std::string> tracks;
  std::string car_path = std::string(RACER_SOURCE_DIR) + "/assets/cars/sedan.json";
  std::string profile_path = std::string(RACER_SOURCE_DIR) + "/assets/ai/hard.json";
  double laps = 3, every = 8.0, shift = 2.5, turn = 0.1;
  std::ofstream trace;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0) {
      tracks.push_back(arg);
      continue;
    }
    if (i + 1 >= argc) fail("option " + arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--profile") profile_path = value;
    else if (arg == "--car") car_path = value;
    else if (arg == "--laps") laps = parse(arg, value, 1, 50);
    else if (arg == "--every") every = parse(arg, value, 2.0, 60.0);
    else if (arg == "--shift") shift = parse(arg, value, 0.0, 10.0);
    else if (arg == "--turn") turn = parse(arg, value, 0.0, 0.5);
    else if (arg == "--trace") {
      trace.open(value);
      if (!trace.is_open()) fail("cannot write " + value);
      trace << "track,kick,t,s,lateral,offset,speed,target," << kHandlingColumns << '\n';
    } else fail("unknown option " + arg);
  }
  if (tracks.empty()) fail("kick needs at least one TRACK file");
  const Result<CarSpec> spec = load_car_spec(car_path);
  const Result<AiParams> params = load_ai_params(profile_path);
  if (!spec || !params) {
    std::cerr << (!spec ? spec.error_text() : params.error_text()) << "\n";
    return 1;
  }
  for (const std::string& path : tracks) {
    const auto track = Track::load(path);
    if (!loaded(track)) return 1;
    RaceEntry entry{"AI", spec.value().name, spec.value(), params.value()};
    entry.params.mistakes_per_minute = 0.0;
    RaceConfig config;
    config.laps = static_cast<int>(laps);
    Race race(track.value(), {entry}, config);
    int kicks = 0, off_road = 0, wall_kicks = 0;
    double sum_worst = 0.0, worst = 0.0, sum_slip = 0.0;
    double next_kick = every, window_worst = 0.0, window_slip = 0.0, off_before = 0.0;
    int walls_before = 0;
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
        trace << track.value()->spec().name << ',' << kicks << ',' << race.world().time() << ',' << st.s << ',' << st.lateral
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
    std::cout << nlohmann::ordered_json{{"track", track.value()->spec().name}, {"kicks", kicks},
                                        {"mean_worst_off_m", kicks ? sum_worst / kicks : 0.0}, {"worst_off_m", worst},
                                        {"off_road", off_road}, {"wall_kicks", wall_kicks},
                                        {"mean_max_body_slip_rad", kicks ? sum_slip / kicks : 0.0},
                                        {"respawns", r.respawns}}
                     .dump()
              << "\n";
  }
  return 0;
}

// The options `races` and `contacts` share: the races to run and what they are run with.
struct RaceSet {
  int seeds = 3, cars = 8, laps = 5;
  std::string difficulty = "mixed";
  std::vector<std::string> tracks;
  std::string out_path;  // --out (contacts, trace)
  bool each = false;     // --each: races also prints every race's own line
  double jitter = 0.0;   // --jitter M: each car's grid slot moved up to M m along its heading
  CarSpec spec;
  std::vector<AiParams> profiles;
};

// Parses argv[2..] (`--out` only when `with_out`) and loads the car and the shipped AI
// profiles; nullopt (the error printed) when a file does not load.
std::optional<RaceSet> parse_race_set(int argc, char** argv, bool with_out) {
  RaceSet set;
  std::string car_path = std::string(RACER_SOURCE_DIR) + "/assets/cars/sedan.json";
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0) {
      set.tracks.push_back(arg);
      continue;
    }
    if (arg == "--each") {
      set.each = true;
      continue;
    }
    if (i + 1 >= argc) fail("option " + arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--seeds") set.seeds = static_cast<int>(parse(arg, value, 1, 1000));
    else if (arg == "--cars") set.cars = static_cast<int>(parse(arg, value, 1, 40));
    else if (arg == "--laps") set.laps = static_cast<int>(parse(arg, value, 1, 100));
    else if (arg == "--difficulty") set.difficulty = value;
    else if (arg == "--car") car_path = value;
    else if (arg == "--jitter") set.jitter = parse(arg, value, 0.0, 0.5);
    else if (with_out && arg == "--out") set.out_path = value;
    else fail("unknown option " + arg);
  }
  const std::string& d = set.difficulty;
  if (d != "easy" && d != "medium" && d != "hard" && d != "mixed")
    fail("--difficulty must be easy, medium, hard or mixed, got \"" + d + "\"");
  const Result<CarSpec> spec = load_car_spec(car_path);
  if (!spec) {
    std::cerr << spec.error_text() << "\n";
    return std::nullopt;
  }
  const Result<std::vector<AiParams>> profiles =
      load_difficulty_profiles([](const std::string& file) { return std::string(RACER_SOURCE_DIR) + "/" + file; });
  if (!profiles) {
    std::cerr << profiles.error_text() << "\n";
    return std::nullopt;
  }
  set.spec = spec.value();
  set.profiles = profiles.value();
  return set;
}

// The race `races`, `contacts` and `trace` run for `seed` on `track`: the set's field, laps
// and seed, and with --jitter each car moved up to that many metres forward or back along
// its heading, by an amount drawn from the seed and the car's index. In a mixed field the
// seed alone moves only the easy and medium cars' mistakes and a track's races come out
// nearly alike; a few centimetres at the start make them independent samples of the same
// race. (No jitter: the races are the ones `racer --headless` runs, with its state hash.)
std::unique_ptr<Race> start_race(const RaceSet& set, const std::shared_ptr<const Track>& track, int seed) {
  RaceConfig config;
  config.laps = set.laps;
  config.seed = static_cast<std::uint64_t>(seed);
  auto race = std::make_unique<Race>(track, make_field(set.spec, "car", set.profiles, set.difficulty, set.cars), config);
  if (set.jitter <= 0.0) return race;
  for (std::size_t i = 0; i < race->world().car_count(); ++i) {
    AiRng rng(config.seed * 0x100000001b3ull + i);
    Car& car = race->world().car(i);
    const double h = car.heading();
    car.place(car.position() + Vec2{std::cos(h), std::sin(h)} * rng.uniform(-set.jitter, set.jitter), h, 0.0);
  }
  return race;
}

// races --each: every car of one race in a line of its own figures (grid slot to finish, its
// laps against its limit), to find which car's laps a race's worst figure comes from.
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

int bench_races(int argc, char** argv) {
  const std::optional<RaceSet> set = parse_race_set(argc, argv, false);
  if (!set) return 1;
  if (set->tracks.empty()) fail("races needs at least one TRACK file");
  const int seeds = set->seeds;
  struct Sum {
    int races = 0, cars = 0, finished = 0, respawns = 0, min_overtakes = 1 << 30;
    double walls = 0, contacts = 0, car_laps = 0, max_stuck = 0, worst_fastest = -1e9, sim = 0, wall_s = 0;
    int started = 0, made = 0, dropped = 0, lost = 0, room = 0, defended = 0, let_by = 0, let_by_done = 0, gave_way = 0;  // the drivers' passes; racing room given; bends defended; cars let by (and by); stalemates given up
    int item1 = 0, item1_but_lap = 0, item4 = 0;  // races meeting issue 4's items 1 and 4 (see json())
    void add_passes(const Race& race) {
      for (std::size_t i = 0; i < race.car_count(); ++i) {
        const DriverState& st = race.driver(i).state();
        started += st.passes_started, made += st.passes_made, dropped += st.passes_dropped, lost += st.passes_lost;
        room += st.room_given, defended += st.defences, let_by += st.let_bys, let_by_done += st.let_bys_done;
        gave_way += st.give_ways;
      }
    }
    void add(const RaceResult& r, double wall) {
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
    nlohmann::ordered_json json() const {
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
  };
  Sum all;
  for (const std::string& path : set->tracks) {
    const auto track = Track::load(path);
    if (!loaded(track)) return 1;
    Sum one;
    for (int seed = 1; seed <= seeds; ++seed) {
      const std::unique_ptr<Race> owned = start_race(*set, track.value(), seed);
      Race& race = *owned;
      const auto start = std::chrono::steady_clock::now();
      race.run();
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const RaceResult r = race.result();
      one.add(r, wall), one.add_passes(race);
      all.add(r, wall), all.add_passes(race);
      if (set->each) {
        Sum alone;
        alone.add(r, wall), alone.add_passes(race);
        nlohmann::ordered_json line = {{"track", track.value()->spec().name}, {"seed", seed}, {"jitter", set->jitter}};
        line.update(alone.json());
        line["cars"] = car_lines(r);
        std::cout << line.dump() << "\n";
      }
    }
    nlohmann::ordered_json out = {{"track", track.value()->spec().name}};
    out.update(one.json());
    std::cout << out.dump() << "\n";
  }
  nlohmann::ordered_json out = {{"all", all.json()}};
  std::cout << out.dump() << "\n";
  return 0;
}

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

int bench_pass(int argc, char** argv) {
  std::string car_path = std::string(RACER_SOURCE_DIR) + "/assets/cars/sedan.json";
  std::string profile_path = std::string(RACER_SOURCE_DIR) + "/assets/ai/hard.json";
  std::string lead_path = std::string(RACER_SOURCE_DIR) + "/assets/ai/easy.json";
  double gap = 15.0, before = 150.0, seconds = 12.0;
  std::vector<std::string> tracks;
  std::ofstream trace;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0) {
      tracks.push_back(arg);
      continue;
    }
    if (i + 1 >= argc) fail("option " + arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--lead-profile") lead_path = value;
    else if (arg == "--gap") gap = parse(arg, value, 8.0, 60.0);
    else if (arg == "--before") before = parse(arg, value, 0.0, 500.0);
    else if (arg == "--seconds") seconds = parse(arg, value, 1.0, 120.0);
    else if (arg == "--profile") profile_path = value;
    else if (arg == "--trace") {
      trace.open(value);
      if (!trace.is_open()) fail("cannot write " + value);
    } else fail("unknown option " + arg);
  }
  if (tracks.empty()) fail("pass needs at least one TRACK");
  if (trace.is_open()) trace << "track,bend_s,t,s,ahead,lateral,offset,offset_goal,speed,lead_speed,target,gap,started,dropped,lead_lateral,"
                              "room_left,room_right,curvature,lead_target,free_speed\n";
  const Result<CarSpec> spec = load_car_spec(car_path);
  const Result<AiParams> params = load_ai_params(profile_path), lead_params = load_ai_params(lead_path);
  if (!spec || !params || !lead_params) {
    std::cerr << (!spec ? spec.error_text() : !params ? params.error_text() : lead_params.error_text()) << "\n";
    return 1;
  }
  for (const std::string& path : tracks) {
    const auto track = Track::load(path);
    if (!loaded(track)) return 1;
    AiParams ours = params.value();
    ours.mistakes_per_minute = 0.0;
    AiParams lead = lead_params.value();
    lead.mistakes_per_minute = 0.0;
    lead.overtake_offset = 0.0;
    RaceConfig config;
    config.laps = 100;  // never over: the scenario ends on its clock
    config.driver.start_calm_s = 0.0;  // the scenario starts at speed, not off a grid
    const RaceEntry a{"AI", "sedan", spec.value(), ours}, b{"AI", "sedan", spec.value(), lead};
    const Race probe(track.value(), {a, b}, config);
    const std::vector<double> bends = sharp_bends(probe.driver(0).route().path);
    int got_by = 0, car_contacts = 0, wall_contacts = 0;
    double weave_sum = 0.0;
    for (double bend : bends) {
      Race race(track.value(), {a, b}, config);
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
          trace << track.value()->spec().name << ',' << bend << ',' << race.world().time() << ',' << st.s << ',' << ahead
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
      nlohmann::ordered_json line = {{"track", track.value()->spec().name}, {"bend_s", bend},
                                     {"got_by", pass_s >= 0.0}, {"pass_s", pass_s}, {"worst_weave_m", weave},
                                     {"passes", {{"started", st.passes_started}, {"dropped", st.passes_dropped}}},
                                     {"car_contacts", r.car_contacts}, {"wall_contacts", r.wall_contacts}};
      std::cout << line.dump() << "\n";
    }
    nlohmann::ordered_json sum = {{"track", track.value()->spec().name}, {"bends", bends.size()}, {"got_by", got_by},
                                  {"mean_worst_weave_m", bends.empty() ? 0.0 : weave_sum / static_cast<double>(bends.size())},
                                  {"car_contacts", car_contacts}, {"wall_contacts", wall_contacts}};
    std::cout << sum.dump() << "\n";
  }
  return 0;
}

int bench_surface(int argc, char** argv) {
  std::string track_path;
  double queries = 1e7;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) fail("option " + arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--track") track_path = value;
    else if (arg == "--queries") queries = parse(arg, value, 1000, 1e8);
    else fail("unknown option " + arg);
  }
  if (track_path.empty()) fail("surface needs --track FILE");
  const auto t0 = std::chrono::steady_clock::now();
  const auto track = Track::load(track_path);
  const double build_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (!loaded(track)) return 1;
  // Points from a fixed linear congruential sequence: the same points every run.
  const Vec2 lo = track.value()->bounds_min(), hi = track.value()->bounds_max();
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&state] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) / 9007199254740992.0;
  };
  const auto n = static_cast<long>(queries);
  std::vector<Vec2> points(4096);
  for (Vec2& p : points) p = {lo.x + (hi.x - lo.x) * next(), lo.y + (hi.y - lo.y) * next()};
  unsigned long checksum = 0;
  const auto start = std::chrono::steady_clock::now();
  for (long i = 0; i < n; ++i) checksum += static_cast<unsigned long>(track.value()->surface_at(points[static_cast<std::size_t>(i) & 4095u]));
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  nlohmann::ordered_json out = {{"bench", "surface"}, {"track", track.value()->spec().name}, {"build_ms", build_ms},
                                {"queries", n}, {"ns_per_query", wall * 1e9 / static_cast<double>(n)}, {"checksum", checksum}};
  std::cout << out.dump(2) << "\n";
  return 0;
}

// ---- astar -----------------------------------------------------------------------------------

int bench_astar_movingai(const std::string& map_path, const std::string& scen_path, long repeat) {
  const Result<SearchGrid> map = load_movingai_map(map_path);
  const Result<std::vector<MovingAiScenario>> scen = load_movingai_scenarios(scen_path);
  if (!map || !scen) {
    if (!map) std::cerr << map.error_text() << "\n";
    if (!scen) std::cerr << scen.error_text() << "\n";
    return 1;
  }
  const std::vector<MovingAiScenario>& scenarios = scen.value();
  GridSearch search;
  long matched = 0, expanded = 0;
  double max_error = 0.0;
  for (const MovingAiScenario& s : scenarios) {  // the checked pass
    const SearchResult& r = search.search(map.value(), s.start, s.goal);
    const double error = r.found() ? std::abs(r.cost - s.optimal_length) : std::numeric_limits<double>::infinity();
    max_error = std::max(max_error, error);
    if (error <= 1e-6) ++matched;
    expanded += r.expanded;
  }
  const auto start = std::chrono::steady_clock::now();
  for (long pass = 0; pass < repeat; ++pass)
    for (const MovingAiScenario& s : scenarios) search.search(map.value(), s.start, s.goal);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto n = static_cast<double>(scenarios.size());
  nlohmann::ordered_json out = {{"bench", "astar"}, {"map", map_path}, {"queries", scenarios.size()},
                                {"matched", matched}, {"max_error", std::isfinite(max_error) ? max_error : -1.0},
                                {"us_per_query", wall * 1e6 / (n * static_cast<double>(repeat))},
                                {"expanded_per_query", static_cast<double>(expanded) / n}};
  std::cout << out.dump(2) << "\n";
  return matched == static_cast<long>(scenarios.size()) ? 0 : 1;
}

int bench_astar_random(int side, double obstacles, std::uint64_t seed, long queries) {
  std::uint64_t state = seed;  // splitmix64: the same grid and queries on every machine
  auto next = [&state] {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  auto uniform = [&next] { return static_cast<double>(next() >> 11) / 9007199254740992.0; };
  SearchGrid grid(side, side);
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x) grid.set_passable(x, y, uniform() >= obstacles);
  auto passable_cell = [&] {
    for (;;) {
      const GridCell c{static_cast<int>(next() % static_cast<std::uint64_t>(side)),
                       static_cast<int>(next() % static_cast<std::uint64_t>(side))};
      if (grid.passable(c.x, c.y)) return c;
    }
  };
  std::vector<std::pair<GridCell, GridCell>> pairs(static_cast<std::size_t>(queries));
  for (auto& [a, b] : pairs) {
    a = passable_cell();
    b = passable_cell();
  }
  GridSearch search;
  search.search(grid, pairs.front().first, pairs.front().second);  // grow the arrays once, untimed
  long found = 0, expanded = 0;
  double total_us = 0.0, max_us = 0.0, length = 0.0, found_us = 0.0, max_found_us = 0.0;
  for (const auto& [a, b] : pairs) {
    const auto t0 = std::chrono::steady_clock::now();
    const SearchResult& r = search.search(grid, a, b);
    const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    total_us += us;
    max_us = std::max(max_us, us);
    expanded += r.expanded;
    if (r.found()) {
      ++found;
      length += r.length;
      found_us += us;
      max_found_us = std::max(max_found_us, us);
    }
  }
  const auto n = static_cast<double>(queries);
  nlohmann::ordered_json out = {{"bench", "astar"}, {"grid", "random"}, {"side", side}, {"obstacles", obstacles},
                                {"seed", seed}, {"queries", queries}, {"found", found},
                                {"us_per_query", total_us / n}, {"max_us_per_query", max_us},
                                {"us_per_found_query", found > 0 ? found_us / static_cast<double>(found) : 0.0},
                                {"max_us_per_found_query", max_found_us},
                                {"expanded_per_query", static_cast<double>(expanded) / n},
                                {"mean_length", found > 0 ? length / static_cast<double>(found) : 0.0}};
  std::cout << out.dump(2) << "\n";
  return 0;
}

int bench_astar(int argc, char** argv) {
  std::string map_path, scen_path;
  long repeat = 100, queries = 200;
  int side = 0;
  double obstacles = 0.3;
  std::uint64_t seed = 1;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) fail("option " + arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--map") map_path = value;
    else if (arg == "--scen") scen_path = value;
    else if (arg == "--repeat") repeat = static_cast<long>(parse(arg, value, 1, 100000));
    else if (arg == "--random") side = static_cast<int>(parse(arg, value, 8, 4096));
    else if (arg == "--obstacles") obstacles = parse(arg, value, 0.0, 0.6);
    else if (arg == "--seed") seed = static_cast<std::uint64_t>(parse(arg, value, 0, 4294967295.0));
    else if (arg == "--queries") queries = static_cast<long>(parse(arg, value, 1, 1e6));
    else fail("unknown option " + arg);
  }
  if (side > 0) {
    if (!map_path.empty() || !scen_path.empty()) fail("astar takes either --random SIDE or --map/--scen, not both");
    return bench_astar_random(side, obstacles, seed, queries);
  }
  if (map_path.empty() || scen_path.empty()) fail("astar needs --map FILE and --scen FILE (or --random SIDE)");
  return bench_astar_movingai(map_path, scen_path, repeat);
}


// ---- contacts --------------------------------------------------------------------------------

// The contacts of races, one CSV row per contact sim::Race counted (Race::contacts_counted:
// a car and a wall, or a pair of cars, touching after 0.5 s apart; none after the car finished), with what
// the driver was doing: where on the line, its passing offset, DWA, the cars around it.
// Read-only: the races are the same as `races` runs (same state hash).
int bench_contacts(int argc, char** argv) {
  const std::optional<RaceSet> set = parse_race_set(argc, argv, true);
  if (!set) return 1;
  if (set->tracks.empty() || set->out_path.empty()) fail("contacts needs --out CSV and at least one TRACK file");
  const int seeds = set->seeds;
  const std::vector<std::string>& tracks = set->tracks;
  std::ofstream csv(set->out_path);
  csv << "track,seed,t,car,difficulty,kind,other,s,lateral,offset,offset_goal,room_left,room_right,curvature,"
         "speed,target,profile_speed,dwa_active,since_dwa,since_offset,since_car_contact,alongside,gap_ahead,"
         "steer,tracking_steer,steer_dwa,dwa_speed,recovery,detour,other_ds,other_dlat,other_closing,other_offset,"
         "other_dwa,near_ds,near_dlat,since_let_by,other_since_let_by\n";
  for (const std::string& path : tracks) {
    const auto track = Track::load(path);
    if (!loaded(track)) return 1;
    int walls = 0, pairs = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
      const std::unique_ptr<Race> owned = start_race(*set, track.value(), seed);
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
        csv << track.value()->spec().name << ',' << seed << ',' << t << ',' << i << ',' << d.params().difficulty << ','
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
    nlohmann::ordered_json out = {{"track", track.value()->spec().name}, {"wall_contacts", walls}, {"car_pairs", pairs}};
    std::cout << out.dump() << "\n";
  }
  return 0;
}

// ---- trace -----------------------------------------------------------------------------------

// The races of `races`, one CSV row per car every 0.1 s: where it is in the race and what its
// traffic layer sees and wants (the car ahead, the passing offset, DWA), to read a race's
// passing and following from. Read-only (same state hash as `races`).
int bench_trace(int argc, char** argv) {
  const std::optional<RaceSet> set = parse_race_set(argc, argv, true);
  if (!set) return 1;
  if (set->tracks.empty() || set->out_path.empty()) fail("trace needs --out CSV and at least one TRACK file");
  std::ofstream csv(set->out_path);
  csv << "track,seed,t,car,difficulty,distance,lap,s,lateral,offset,offset_goal,speed,target,profile_speed,"
         "gap_ahead,alongside,holding_lane,dwa_active,dwa_steering,recovery,detour,defending,letting_by,"
      << kHandlingColumns << '\n';
  for (const std::string& path : set->tracks) {
    const auto track = Track::load(path);
    if (!loaded(track)) return 1;
    long rows = 0;
    for (int seed = 1; seed <= set->seeds; ++seed) {
      const std::unique_ptr<Race> owned = start_race(*set, track.value(), seed);
      Race& race = *owned;
      const long every = std::lround(0.1 / race.world().dt());
      for (long step = 0; !race.over(); ++step) {
        race.step();
        if (step % every != 0) continue;
        for (std::size_t i = 0; i < race.car_count(); ++i) {
          const AiDriver& d = race.driver(i);
          const DriverState& st = d.state();
          csv << track.value()->spec().name << ',' << seed << ',' << race.world().time() << ',' << i << ','
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
    std::cout << nlohmann::ordered_json{{"track", track.value()->spec().name}, {"rows", rows}}.dump() << "\n";
  }
  return 0;
}

// ---- dwa -------------------------------------------------------------------------------------

constexpr const char* kDwaUsage = R"(usage: racer-bench dwa --scene FILE [--repeat N] [--drive]

  dwa       one DWA decision (src/ai/dwa.h) on a scene of ../shared/bench/dwa_scene_*.json with
            seed 004's parameters (11 x 21 samples, 1.2 s horizon), repeated N times:
            {"scene", "samples", "us_per_decision", "decisions", "admissible", "v", "omega"}
  --drive   seed 004's closed loop instead: the kinematic car steps at 0.05 s for up to 600
            steps: {"scene", "progress_m", "reached_end", "collided", "length_m", "steps",
            "min_gap_m", "fallbacks", "max_stall_s"}; exit status 1 unless it reached the end
            without a collision
  --repeat N  decisions timed, 1..100000000, default 20000
)";

int bench_dwa(int argc, char** argv) {
  std::string scene_path;
  bool drive = false;
  double repeat = 20000;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help") {
      std::cout << kDwaUsage;
      return 0;
    }
    if (arg == "--drive") {
      drive = true;
      continue;
    }
    if (i + 1 >= argc) fail("option " + arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--scene") scene_path = value;
    else if (arg == "--repeat") repeat = parse(arg, value, 1, 1e8);
    else fail("unknown option " + arg);
  }
  if (scene_path.empty()) fail("dwa needs --scene FILE");
  const Result<DwaScene> scene = load_dwa_scene(scene_path);
  if (!scene) {
    std::cerr << scene.error_text() << "\n";
    return 1;
  }
  const std::string name = scene_path.substr(scene_path.find_last_of('/') + 1);
  DwaParams params;  // seed 004's values
  params.car_radius = scene.value().car_radius;
  if (drive) {
    const DwaDriveResult r = drive_dwa_scene(scene.value(), params, 600);
    nlohmann::ordered_json out = {{"scene", name}, {"progress_m", r.progress_m}, {"reached_end", r.reached_end},
                                  {"collided", r.collided}, {"length_m", r.length_m}, {"steps", r.steps},
                                  {"min_gap_m", r.min_gap_m}, {"fallbacks", r.fallbacks}, {"max_stall_s", r.max_stall_s}};
    std::cout << out.dump(2) << "\n";
    return r.reached_end && !r.collided ? 0 : 1;
  }
  DwaInput in;
  in.state = scene.value().car;
  in.waypoints = scene.value().waypoints;
  in.obstacles = scene.value().obstacles;
  DwaPlanner planner(params);
  DwaDecision d = planner.decide(in);  // warm up (scratch memory grows here, once)
  const auto n = static_cast<long>(repeat);
  double checksum = 0.0;
  const auto start = std::chrono::steady_clock::now();
  for (long i = 0; i < n; ++i) {
    d = planner.decide(in);
    checksum += d.v + d.omega;
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  nlohmann::ordered_json out = {{"scene", name}, {"samples", d.sample_count}, {"us_per_decision", wall * 1e6 / static_cast<double>(n)},
                                {"decisions", n}, {"admissible", d.admissible_count}, {"v", d.v}, {"omega", d.omega},
                                {"checksum", checksum}};
  std::cout << out.dump(2) << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
    std::cout << kUsage;
    return argc < 2 ? 2 : 0;
  }
  if (std::string(argv[1]) == "surface") return bench_surface(argc, argv);
  if (std::string(argv[1]) == "line") return bench_line(argc, argv);
  if (std::string(argv[1]) == "lap") return bench_lap(argc, argv);
  if (std::string(argv[1]) == "races") return bench_races(argc, argv);
  if (std::string(argv[1]) == "contacts") return bench_contacts(argc, argv);
  if (std::string(argv[1]) == "trace") return bench_trace(argc, argv);
  if (std::string(argv[1]) == "pass") return bench_pass(argc, argv);
  if (std::string(argv[1]) == "kick") return bench_kick(argc, argv);
  if (std::string(argv[1]) == "astar") return bench_astar(argc, argv);
  if (std::string(argv[1]) == "dwa") return bench_dwa(argc, argv);
  if (std::string(argv[1]) != "sim") fail("unknown benchmark \"" + std::string(argv[1]) + "\" (see --help)");
  int cars = 20;
  double seconds = 60.0, rate = FixedStep::kDefaultRate;
  std::string car_path = std::string(RACER_SOURCE_DIR) + "/assets/cars/sedan.json";
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help") {
      std::cout << kUsage;
      return 0;
    }
    if (i + 1 >= argc) fail("option " + arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--cars") cars = static_cast<int>(parse(arg, value, 1, 64));
    else if (arg == "--seconds") seconds = parse(arg, value, 1, 3600);
    else if (arg == "--rate") rate = parse(arg, value, FixedStep::kMinRate, FixedStep::kMaxRate);
    else if (arg == "--car") car_path = value;
    else fail("unknown option " + arg);
  }
  const Result<CarSpec> spec = load_car_spec(car_path);
  if (!spec) {
    std::cerr << spec.error_text() << "\n";
    return 1;
  }
  const TestGround ground;
  World world(ground, {rate});
  add_test_ground_walls(world, ground);
  for (int i = 0; i < cars; ++i)  // a grid, 12 m apart, all facing east
    world.add_car(spec.value(), {-200.0 + 12.0 * (i % 8), -150.0 + 12.0 * (i / 8)}, 0.0);

  const auto steps = static_cast<long>(std::lround(seconds * rate));
  std::vector<Controls> controls(static_cast<std::size_t>(cars));
  const auto start = std::chrono::steady_clock::now();
  for (long s = 0; s < steps; ++s) {
    for (int i = 0; i < cars; ++i) controls[static_cast<std::size_t>(i)] = scripted(i, world.time());
    world.step(controls);
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double us_step = wall * 1e6 / static_cast<double>(steps);
  nlohmann::ordered_json out = {{"bench", "sim"}, {"cars", cars}, {"rate_hz", rate}, {"sim_seconds", world.time()},
                                {"wall_seconds", wall}, {"us_per_step", us_step}, {"us_per_car_step", us_step / cars},
                                {"realtime_factor", world.time() / wall}, {"state_hash", world.state_hash()}};
  std::cout << out.dump(2) << "\n";
  return 0;
}
