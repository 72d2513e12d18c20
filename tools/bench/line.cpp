// racer-bench line: the racing line and speed profile the AI plans for a car on a track, how
// long each takes to compute, and the lap time at the limit on the line, on the route a race
// plans, and on each of its two passing lanes driven whole.
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "ai/ai_params.h"
#include "ai/racing_line.h"
#include "ai/route.h"
#include "ai/speed_profile.h"
#include "args.h"
#include "core/fixed_step.h"
#include "experiments.h"
#include "load.h"
#include "ai/measured_envelope.h"
#include "stopwatch.h"

namespace racer::bench {

namespace {

int run(const std::vector<std::string>& args) {
  std::string track_path, car_path = default_car_path();
  ArgParser().text("--track", track_path).text("--car", car_path).parse(args);
  if (track_path.empty()) throw UsageError("--track FILE is required");
  const std::shared_ptr<const Track> track = load_track(track_path);
  const CarSpec spec = load_car(car_path);
  Stopwatch clock;
  const RacingLine line = compute_racing_line(corridor_from_centreline(track->centreline()), RacingLineParams{});
  const double line_ms = clock.ms();
  clock = Stopwatch();
  const CarEnvelope envelope = measured_envelope(spec, FixedStep::kDefaultRate);
  const double envelope_ms = clock.ms();
  clock = Stopwatch();
  const SpeedProfile profile = compute_speed_profile(line, envelope, *track, SpeedProfileParams{});
  const double profile_ms = clock.ms();
  nlohmann::ordered_json out = {{"bench", "line"}, {"track", track->spec().name}, {"car", spec.name},
                                {"line_length_m", line.length}, {"limit_lap_time_s", profile.lap_time},
                                {"line_ms", line_ms}, {"envelope_ms", envelope_ms}, {"profile_ms", profile_ms}};
  // The route a race plans (obstacles cut out, branches tried) and its two passing lanes, each
  // driven whole at the limit: how much a pass on a lane costs against the line.
  const std::shared_ptr<const AiRoute> route = plan_route(*track, envelope, AiParams{}.line_margin);
  out["route_limit_lap_time_s"] = route->limit_lap_time;
  for (const int side : {+1, -1})
    out[side > 0 ? "lane_left_lap_time_s" : "lane_right_lap_time_s"] =
        compute_speed_profile(route->lane(side).line, envelope, *track, SpeedProfileParams{}).lap_time;
  std::cout << out.dump(2) << "\n";
  return 0;
}

}  // namespace

const Experiment kLineExperiment{
    "line", "racer-bench line --track FILE [--car FILE]",
    R"(  line      the racing line and speed profile of a car on a track (the car's measured
            envelope, as the AI plans with): {"bench", "track", "car", "line_length_m",
            "limit_lap_time_s", "line_ms", "envelope_ms", "profile_ms",
            "route_limit_lap_time_s", "lane_left_lap_time_s", "lane_right_lap_time_s"}
            (the route a race plans, and each of its passing lanes driven whole at the limit)
)",
    nullptr, run};

}  // namespace racer::bench
