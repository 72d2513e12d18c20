// racer-bench sim: the cost of one fixed step of the simulation. N cars weave scripted laps
// on the test ground, headless, without AI; prints the time a step and a car-step take and
// the state hash at the end.
#include <cmath>
#include <iostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "args.h"
#include "core/fixed_step.h"
#include "experiments.h"
#include "load.h"
#include "sim/proving_ground.h"
#include "sim/world.h"
#include "stopwatch.h"
#include "track/test_ground.h"

namespace racer::bench {

namespace {

// Each car weaves around its own circle: throttle, steering and braking all exercised.
Controls scripted(int car, double t) {
  Controls c;
  const double phase = t * 0.4 + car * 0.7;
  c.throttle = 0.6 + 0.4 * std::sin(phase);
  c.brake = std::sin(phase) < -0.8 ? 0.6 : 0.0;
  c.steer = 0.35 * std::sin(phase * 1.7);
  return c;
}

int run(const std::vector<std::string>& args) {
  int cars = 20;
  double seconds = 60.0, rate = FixedStep::kDefaultRate;
  std::string car_path = default_car_path();
  ArgParser()
      .integer("--cars", cars, 1, 64)
      .number("--seconds", seconds, 1, 3600)
      .number("--rate", rate, FixedStep::kMinRate, FixedStep::kMaxRate)
      .text("--car", car_path)
      .parse(args);
  const CarSpec spec = load_car(car_path);
  const TestGround ground;
  World world(ground, {rate});
  add_test_ground_walls(world, ground);
  for (int i = 0; i < cars; ++i)  // a grid, 12 m apart, all facing east
    world.add_car(spec, {-200.0 + 12.0 * (i % 8), -150.0 + 12.0 * (i / 8)}, 0.0);

  const auto steps = static_cast<long>(std::lround(seconds * rate));
  std::vector<Controls> controls(static_cast<std::size_t>(cars));
  const Stopwatch clock;
  for (long s = 0; s < steps; ++s) {
    for (int i = 0; i < cars; ++i) controls[static_cast<std::size_t>(i)] = scripted(i, world.time());
    world.step(controls);
  }
  const double wall = clock.seconds();
  const double us_step = wall * 1e6 / static_cast<double>(steps);
  nlohmann::ordered_json out = {{"bench", "sim"}, {"cars", cars}, {"rate_hz", rate}, {"sim_seconds", world.time()},
                                {"wall_seconds", wall}, {"us_per_step", us_step}, {"us_per_car_step", us_step / cars},
                                {"realtime_factor", world.time() / wall}, {"state_hash", world.state_hash()}};
  std::cout << out.dump(2) << "\n";
  return 0;
}

}  // namespace

const Experiment kSimExperiment{
    "sim", "racer-bench sim [options]",
    R"(  sim       steps N cars driving scripted laps on the test ground, headless, and reports
            the cost of a fixed step: {"bench", "cars", "rate_hz", "sim_seconds",
            "wall_seconds", "us_per_step", "us_per_car_step", "realtime_factor", "state_hash"}
)",
    R"(sim options:
  --cars N        cars in the world, 1..64                 default 20
  --seconds S     simulated seconds, 1..3600               default 60
  --rate HZ       physics rate, 60..500                    default 240
  --car FILE      car file                                 default assets/cars/sedan.json
  --help          this text
)",
    run};

}  // namespace racer::bench
