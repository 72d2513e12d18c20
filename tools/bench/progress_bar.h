#pragma once
// The terminal progress bar of the long-running benches (soak, tune): a 30-character bar,
// its percentage, the caller's counts, the time elapsed and the ETA, on stderr. On a
// terminal it is redrawn in place at most every 0.5 s; otherwise (a log) a line every 30 s.
#include <chrono>
#include <string>

namespace racer::bench {

/// "m:ss" of `s` seconds (negative as 0).
std::string clock_text(double s);

class ProgressBar {
 public:
  /// `name` leads each line ("soak", "tune"); the clock starts now.
  explicit ProgressBar(std::string name);
  /// Seconds since the bar was made.
  double elapsed() const;
  /// Draws `fraction` (clamped to [0, 1]) done with `counts` between the percentage and the
  /// clock, when a redraw is due or `last` (which ends the line).
  void show(double fraction, const std::string& counts, bool last);

 private:
  std::string name_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  bool tty_;
  double shown_ = -1e9;
};

}  // namespace racer::bench
