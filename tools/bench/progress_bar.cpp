#include "progress_bar.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace racer::bench {

std::string clock_text(double s) {
  const long t = std::lround(std::max(0.0, s));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%ld:%02ld", t / 60, t % 60);
  return buf;
}

ProgressBar::ProgressBar(std::string name) : name_(std::move(name)), tty_(::isatty(2) != 0) {}

double ProgressBar::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressBar::show(double fraction, const std::string& counts, bool last) {
  const double seconds = elapsed();
  if (!last && seconds - shown_ < (tty_ ? 0.5 : 30.0)) return;
  shown_ = seconds;
  fraction = std::clamp(fraction, 0.0, 1.0);
  const double eta = fraction > 0.0 ? seconds * (1.0 - fraction) / fraction : 0.0;
  const int width = 30, filled = static_cast<int>(fraction * width);
  std::fprintf(stderr, "%s%s [%s%s] %3d%%  %s  %s elapsed  ETA %s%s", tty_ ? "\r" : "", name_.c_str(),
               std::string(static_cast<std::size_t>(filled), '#').c_str(),
               std::string(static_cast<std::size_t>(width - filled), '.').c_str(), static_cast<int>(fraction * 100.0),
               counts.c_str(), clock_text(seconds).c_str(), fraction > 0.0 ? clock_text(eta).c_str() : "-",
               tty_ && !last ? "" : "\n");
  std::fflush(stderr);
}

}  // namespace racer::bench
