#pragma once
// Wall-clock time of a benchmark's timed part (the experiments' only clock; the simulation
// never reads it).
#include <chrono>

namespace racer::bench {

/// Started when made; reads the time since then.
class Stopwatch {
 public:
  /// s since the start.
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  /// ms since the start.
  double ms() const { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count(); }
  /// µs since the start.
  double us() const { return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace racer::bench
