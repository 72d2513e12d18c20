// racer-bench dwa: the cost of one DWA decision (src/ai/dwa.h) on a bench scene, or with
// --drive seed 004's closed loop on it: whether the kinematic car reaches the end of the
// scene without a collision.
#include <iostream>

#include <nlohmann/json.hpp>

#include "ai/dwa.h"
#include "ai/dwa_scene.h"
#include "args.h"
#include "experiments.h"
#include "stopwatch.h"

namespace racer::bench {

namespace {

int run(const std::vector<std::string>& args) {
  std::string scene_path;
  bool drive = false;
  long repeat = 20000;
  ArgParser().text("--scene", scene_path).flag("--drive", drive).integer("--repeat", repeat, 1, 100000000).parse(args);
  if (scene_path.empty()) throw UsageError("--scene FILE is required");
  const Result<DwaScene> scene = load_dwa_scene(scene_path);
  if (!scene) throw LoadError(scene.error_text());
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
  const long n = repeat;
  double checksum = 0.0;
  const Stopwatch clock;
  for (long i = 0; i < n; ++i) {
    d = planner.decide(in);
    checksum += d.v + d.omega;
  }
  const double wall = clock.seconds();
  nlohmann::ordered_json out = {{"scene", name}, {"samples", d.sample_count}, {"us_per_decision", wall * 1e6 / static_cast<double>(n)},
                                {"decisions", n}, {"admissible", d.admissible_count}, {"v", d.v}, {"omega", d.omega},
                                {"checksum", checksum}};
  std::cout << out.dump(2) << "\n";
  return 0;
}

}  // namespace

const Experiment kDwaExperiment{
    "dwa", "racer-bench dwa --scene FILE [--repeat N] [--drive]",
    R"(  dwa       one DWA decision (src/ai/dwa.h) on a scene of ../shared/bench/dwa_scene_*.json with
            seed 004's parameters (11 x 21 samples, 1.2 s horizon), repeated N times:
            {"scene", "samples", "us_per_decision", "decisions", "admissible", "v", "omega"}
  --drive   seed 004's closed loop instead: the kinematic car steps at 0.05 s for up to 600
            steps: {"scene", "progress_m", "reached_end", "collided", "length_m", "steps",
            "min_gap_m", "fallbacks", "max_stall_s"}; exit status 1 unless it reached the end
            without a collision
  --repeat N  decisions timed, 1..100000000, default 20000
)",
    nullptr, run};

}  // namespace racer::bench
