#pragma once
// Frame statistics (racer --frame-stats OUT.json): frame times go into a fixed histogram
// as the game runs (constant memory however long it runs), and at exit they are summed up
// with the process's CPU time and peak memory into a FrameStatsSummary, written as JSON.
// Pure: the caller measures the times (app/frame_profile.h, platform/process_usage.h); this
// unit only counts and computes, so tests feed it made-up frames.
//
// Definitions (docs/frame-performance.md, "A frame of the game"):
//   mean fps       frames / (sum of frame times)
//   1% low fps     frames in the slowest 1% / (sum of their frame times): the frame rate
//                  of the worst 1% of frames (at least one frame)
//   percentile p   the smallest frame time t with at least p% of frames <= t (nearest rank),
//                  to the histogram's resolution: 0.01 ms up to 100 ms, 1 ms up to 10 s
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace racer {

class FrameTimeHistogram {
 public:
  static constexpr double kBinSeconds = 1e-5;     ///< s, 0.01 ms: resolution below kFineLimit
  static constexpr double kFineLimit = 0.1;        ///< s, where the fine bins end
  static constexpr double kCoarseSeconds = 1e-3;   ///< s, 1 ms: resolution from kFineLimit to 10 s
  static constexpr std::size_t kFineBins = 10000;  ///< 0 .. 100 ms
  static constexpr std::size_t kBins = kFineBins + 9900;  ///< .. 10 s; longer frames share the last

  /// One frame that took `seconds` (>= 0; negative counts as 0).
  void add(double seconds);
  void clear();
  std::int64_t count() const { return count_; }
  double total_seconds() const { return total_; }
  double max_seconds() const { return max_; }
  /// s, nearest-rank percentile, p in [0, 100]; 0 with no frames. The upper edge of the
  /// bin holding the frame (never above the longest frame seen).
  double percentile(double p) const;
  /// s, the mean time of the slowest `fraction` (0, 1] of frames (at least one frame),
  /// from the bins' exact sums; a bin split at the boundary contributes its mean.
  double slowest_mean(double fraction) const;

 private:
  static std::size_t bin_of(double seconds);
  static double upper_edge(std::size_t bin);  ///< s
  std::array<std::uint32_t, kBins> counts_{};
  std::array<double, kBins> sums_{};  ///< s, exact sum of the frame times in each bin
  std::int64_t count_ = 0;
  double total_ = 0.0, max_ = 0.0;
};

/// What the process used over the run, measured by the caller.
struct ProcessFigures {
  double wall_s = 0.0;            ///< s, from the first frame's start to the end
  double cpu_s = 0.0;             ///< s, user + system time of every thread over the same span
  double peak_rss_mib = 0.0;      ///< MiB, the process's peak resident memory
  double end_rss_mib = 0.0;       ///< MiB, resident memory at the end
};

struct FrameStatsSummary {
  std::int64_t frames = 0;
  double wall_s = 0.0;
  double mean_fps = 0.0;
  double low1_fps = 0.0;       ///< the slowest 1% of frames' frame rate
  double p50_ms = 0.0, p90_ms = 0.0, p99_ms = 0.0, p999_ms = 0.0, max_ms = 0.0;
  double cpu_per_wall = 0.0;   ///< cores busy on average (1.0 = one core all the time)
  double peak_rss_mib = 0.0, end_rss_mib = 0.0;
};

FrameStatsSummary summarize(const FrameTimeHistogram& frames, const ProcessFigures& process);
/// The summary as a JSON object (one key a line, numbers to 3 decimals, the frames exact).
std::string frame_stats_json(const FrameStatsSummary& s);
/// One line for a terminal: "600 frames, 60.0 fps (1% low 57.1), p99 17.9 ms, CPU 0.42, peak 150 MiB".
std::string frame_stats_line(const FrameStatsSummary& s);

}  // namespace racer
