// racer-bench: timing benchmarks and the AI's measured figures (timing lives here, never in
// tests). One sub-command per experiment, each in its own file of tools/bench/; this file
// prints the usage and dispatches on the sub-command. Every experiment prints JSON (--help).
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "args.h"
#include "experiments.h"

namespace {

using racer::bench::Experiment;

// In the order of the usage text.
const Experiment* const kExperiments[] = {
    &racer::bench::kSimExperiment,      &racer::bench::kSurfaceExperiment, &racer::bench::kLineExperiment,
    &racer::bench::kLapExperiment,      &racer::bench::kRacesExperiment,   &racer::bench::kContactsExperiment,
    &racer::bench::kTraceExperiment,    &racer::bench::kKickExperiment,    &racer::bench::kPassExperiment,
    &racer::bench::kAstarExperiment,    &racer::bench::kPlannersExperiment, &racer::bench::kUnreachableExperiment, &racer::bench::kDwaExperiment, &racer::bench::kSoakExperiment,
    &racer::bench::kTuneExperiment};

// "usage: " before the first synopsis line, aligned spaces before the others.
std::string synopses(const std::vector<const Experiment*>& list) {
  std::string out;
  for (const Experiment* e : list) {
    const std::string lines = e->synopsis;
    for (std::size_t at = 0; at < lines.size();) {
      const std::size_t end = lines.find('\n', at);
      out += (out.empty() ? "usage: " : "       ") + lines.substr(at, end - at) + "\n";
      at = end == std::string::npos ? lines.size() : end + 1;
    }
  }
  return out;
}

// The synopses, then every description, then every block of options.
std::string usage(const std::vector<const Experiment*>& list) {
  std::string out = synopses(list) + "\n";
  for (const Experiment* e : list) out += e->description;
  for (const Experiment* e : list)
    if (e->options != nullptr) out += std::string("\n") + e->options;
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<const Experiment*> all(std::begin(kExperiments), std::end(kExperiments));
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << usage(all);
    return 1;
  }
  if (args[0] == "--help" || args[0] == "-h") {
    std::cout << usage(all);
    return 0;
  }
  const auto found = std::find_if(all.begin(), all.end(), [&](const Experiment* e) { return args[0] == e->name; });
  if (found == all.end()) {
    std::cerr << "racer-bench: unknown sub-command '" << args[0] << "' (see racer-bench --help)\n";
    return 1;
  }
  const Experiment& experiment = **found;
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (std::find(rest.begin(), rest.end(), "--help") != rest.end()) {
    std::cout << usage({&experiment});
    return 0;
  }
  try {
    return experiment.run(rest);
  } catch (const racer::bench::UsageError& e) {
    std::cerr << "racer-bench " << experiment.name << ": " << e.what() << "\n";
  } catch (const racer::bench::LoadError& e) {
    std::cerr << e.what() << "\n";
  }
  return 1;
}
