// racer-bench surface: the cost of the wheels' surface query. Loads a track (timing its
// build) and queries the surface at random points inside its bounds.
#include <cstdint>
#include <iostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "args.h"
#include "experiments.h"
#include "load.h"
#include "stopwatch.h"

namespace racer::bench {

namespace {

int run(const std::vector<std::string>& args) {
  std::string track_path;
  long queries = 10000000;
  ArgParser().text("--track", track_path).integer("--queries", queries, 1000, 100000000).parse(args);
  if (track_path.empty()) throw UsageError("--track FILE is required");
  const Stopwatch build;
  const std::shared_ptr<const Track> track = load_track(track_path);
  const double build_ms = build.ms();
  // Points from a fixed linear congruential sequence: the same points every run.
  const Vec2 lo = track->bounds_min(), hi = track->bounds_max();
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&state] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) / 9007199254740992.0;
  };
  const long n = queries;
  std::vector<Vec2> points(4096);
  for (Vec2& p : points) p = {lo.x + (hi.x - lo.x) * next(), lo.y + (hi.y - lo.y) * next()};
  unsigned long checksum = 0;
  const Stopwatch clock;
  for (long i = 0; i < n; ++i) checksum += static_cast<unsigned long>(track->surface_at(points[static_cast<std::size_t>(i) & 4095u]));
  const double wall = clock.seconds();
  nlohmann::ordered_json out = {{"bench", "surface"}, {"track", track->spec().name}, {"build_ms", build_ms},
                                {"queries", n}, {"ns_per_query", wall * 1e9 / static_cast<double>(n)}, {"checksum", checksum}};
  std::cout << out.dump(2) << "\n";
  return 0;
}

}  // namespace

const Experiment kSurfaceExperiment{
    "surface", "racer-bench surface --track FILE [--queries N]",
    R"(  surface   loads a track and times the wheels' surface query at random points inside its
            bounds: {"bench", "track", "build_ms", "queries", "ns_per_query", "checksum"}
)",
    R"(surface options:
  --track FILE    track file                               required
  --queries N     number of queries, 1000..100000000       default 10000000
)",
    run};

}  // namespace racer::bench
