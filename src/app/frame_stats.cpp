#include "app/frame_stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace racer {

// ---- the histogram -----------------------------------------------------------------------

std::size_t FrameTimeHistogram::bin_of(double s) {
  const double bin = s < kFineLimit ? std::floor(s / kBinSeconds)
                                    : static_cast<double>(kFineBins) + std::floor((s - kFineLimit) / kCoarseSeconds);
  return bin >= static_cast<double>(kBins - 1) ? kBins - 1 : static_cast<std::size_t>(std::max(bin, 0.0));
}

double FrameTimeHistogram::upper_edge(std::size_t bin) {
  if (bin < kFineBins) return static_cast<double>(bin + 1) * kBinSeconds;
  return kFineLimit + static_cast<double>(bin - kFineBins + 1) * kCoarseSeconds;
}

void FrameTimeHistogram::add(double seconds) {
  const double s = std::max(seconds, 0.0);
  const std::size_t i = bin_of(s);
  ++counts_[i];
  sums_[i] += s;
  ++count_;
  total_ += s;
  max_ = std::max(max_, s);
}

void FrameTimeHistogram::clear() { *this = FrameTimeHistogram{}; }

double FrameTimeHistogram::percentile(double p) const {
  if (count_ == 0) return 0.0;
  const double wanted = std::ceil(std::clamp(p, 0.0, 100.0) / 100.0 * static_cast<double>(count_));
  const std::int64_t rank = std::max<std::int64_t>(1, static_cast<std::int64_t>(wanted));
  std::int64_t seen = 0;
  for (std::size_t i = 0; i < kBins; ++i) {
    seen += counts_[i];
    if (seen >= rank) return i + 1 == kBins ? max_ : std::min(upper_edge(i), max_);
  }
  return max_;
}

double FrameTimeHistogram::slowest_mean(double fraction) const {
  if (count_ == 0) return 0.0;
  const double want = std::max(1.0, std::ceil(std::clamp(fraction, 0.0, 1.0) * static_cast<double>(count_)));
  double taken = 0.0, sum = 0.0;
  for (std::size_t i = kBins; i-- > 0 && taken < want;) {
    if (counts_[i] == 0) continue;
    const double n = static_cast<double>(counts_[i]);
    const double use = std::min(n, want - taken);
    sum += sums_[i] * (use / n);  // a bin split at the boundary: its mean for the part used
    taken += use;
  }
  return sum / taken;
}

// ---- the summary -------------------------------------------------------------------------

FrameStatsSummary summarize(const FrameTimeHistogram& frames, const ProcessFigures& process) {
  FrameStatsSummary s;
  s.frames = frames.count();
  s.wall_s = process.wall_s;
  if (frames.count() > 0 && frames.total_seconds() > 0.0)
    s.mean_fps = static_cast<double>(frames.count()) / frames.total_seconds();
  if (const double slow = frames.slowest_mean(0.01); slow > 0.0) s.low1_fps = 1.0 / slow;
  s.p50_ms = 1e3 * frames.percentile(50.0);
  s.p90_ms = 1e3 * frames.percentile(90.0);
  s.p99_ms = 1e3 * frames.percentile(99.0);
  s.p999_ms = 1e3 * frames.percentile(99.9);
  s.max_ms = 1e3 * frames.max_seconds();
  if (process.wall_s > 0.0) s.cpu_per_wall = process.cpu_s / process.wall_s;
  s.peak_rss_mib = process.peak_rss_mib;
  s.end_rss_mib = process.end_rss_mib;
  return s;
}

std::string frame_stats_json(const FrameStatsSummary& s) {
  char text[768];
  std::snprintf(text, sizeof text,
                "{\n"
                "  \"frames\": %lld,\n"
                "  \"wall_s\": %.3f,\n"
                "  \"mean_fps\": %.3f,\n"
                "  \"low1_fps\": %.3f,\n"
                "  \"frame_ms\": {\"p50\": %.3f, \"p90\": %.3f, \"p99\": %.3f, \"p99_9\": %.3f, \"max\": %.3f},\n"
                "  \"cpu_per_wall\": %.3f,\n"
                "  \"peak_rss_mib\": %.3f,\n"
                "  \"end_rss_mib\": %.3f\n"
                "}\n",
                static_cast<long long>(s.frames), s.wall_s, s.mean_fps, s.low1_fps, s.p50_ms, s.p90_ms, s.p99_ms,
                s.p999_ms, s.max_ms, s.cpu_per_wall, s.peak_rss_mib, s.end_rss_mib);
  return text;
}

std::string frame_stats_line(const FrameStatsSummary& s) {
  char text[256];
  std::snprintf(text, sizeof text, "%lld frames, %.1f fps (1%% low %.1f), p99 %.1f ms, CPU %.2f of a core, peak %.0f MiB",
                static_cast<long long>(s.frames), s.mean_fps, s.low1_fps, s.p99_ms, s.cpu_per_wall, s.peak_rss_mib);
  return text;
}

}  // namespace racer
