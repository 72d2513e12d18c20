#pragma once
// racer-bench's sub-commands: each experiment's help text and entry point, defined in its own
// file (tools/bench/<name>.cpp); main.cpp lists them, prints usage and dispatches.
#include <string>
#include <vector>

namespace racer::bench {

/// One sub-command of racer-bench.
struct Experiment {
  const char* name;         ///< the sub-command, e.g. "races"
  const char* synopsis;     ///< its usage line(s) "racer-bench NAME ...", one per '\n'-ended line
  const char* description;  ///< what it measures and prints: lines indented two spaces
  const char* options;      ///< "NAME options:" and its options' lines, or nullptr
  /// Runs on the arguments after the sub-command; returns the exit status. Throws UsageError
  /// for a bad command line and LoadError for a file that did not load (main reports both).
  int (*run)(const std::vector<std::string>& args);
};

extern const Experiment kSimExperiment;       // sim.cpp
extern const Experiment kSurfaceExperiment;   // surface.cpp
extern const Experiment kLineExperiment;      // line.cpp
extern const Experiment kLapExperiment;       // lap.cpp
extern const Experiment kRacesExperiment;     // races.cpp
extern const Experiment kContactsExperiment;  // contacts.cpp
extern const Experiment kTraceExperiment;     // trace.cpp
extern const Experiment kKickExperiment;      // kick.cpp
extern const Experiment kPassExperiment;      // pass.cpp
extern const Experiment kAstarExperiment;     // astar.cpp
extern const Experiment kDwaExperiment;       // dwa.cpp
extern const Experiment kPlannersExperiment;  // planners.cpp
extern const Experiment kUnreachableExperiment;  // unreachable.cpp
extern const Experiment kSoakExperiment;      // soak.cpp
extern const Experiment kTuneExperiment;      // tune.cpp

}  // namespace racer::bench
