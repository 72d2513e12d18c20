// racer-bench: timing benchmarks (timing lives here, never in tests).
//   racer-bench sim [--cars N] [--seconds S] [--rate HZ] [--car FILE]
//   racer-bench surface --track FILE [--queries N]
// Each prints one JSON object (see --help).
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/fixed_step.h"
#include "sim/world.h"
#include "track/test_ground.h"
#include "track/track.h"

namespace {

using namespace racer;

constexpr const char* kUsage = R"(usage: racer-bench sim [options]
       racer-bench surface --track FILE [--queries N]

  sim       steps N cars driving scripted laps on the test ground, headless, and reports
            the cost of a fixed step: {"bench", "cars", "rate_hz", "sim_seconds",
            "wall_seconds", "us_per_step", "us_per_car_step", "realtime_factor", "state_hash"}
  surface   loads a track and times the wheels' surface query at random points inside its
            bounds: {"bench", "track", "build_ms", "queries", "ns_per_query", "checksum"}

sim options:
  --cars N        cars in the world, 1..64                 default 20
  --seconds S     simulated seconds, 1..3600               default 60
  --rate HZ       physics rate, 60..500                    default 240
  --car FILE      car file                                 default assets/cars/sedan.json
  --help          this text

surface options:
  --track FILE    track file                               required
  --queries N     number of queries, 1000..100000000       default 10000000
)";

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "racer-bench: " << message << "\n";
  std::exit(2);
}

double parse(const std::string& option, const std::string& text, double lo, double hi) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(v >= lo && v <= hi))
    fail(option + " must be a number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got \"" + text + "\"");
  return v;
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
  if (!track) {
    std::cerr << track.error_text() << "\n";
    return 1;
  }
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

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
    std::cout << kUsage;
    return argc < 2 ? 2 : 0;
  }
  if (std::string(argv[1]) == "surface") return bench_surface(argc, argv);
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
