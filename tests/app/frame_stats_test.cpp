// The frame statistics of --frame-stats: percentiles, the 1% low, the summary and its JSON.
#include "app/frame_stats.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace racer {
namespace {

// The histogram's percentiles are bin upper edges: exact to one bin (0.01 ms).
constexpr double kBin = FrameTimeHistogram::kBinSeconds;

TEST(FrameStats, EmptyHistogramGivesZeros) {
  const FrameTimeHistogram h;
  EXPECT_EQ(h.count(), 0);
  EXPECT_EQ(h.percentile(50.0), 0.0);
  EXPECT_EQ(h.slowest_mean(0.01), 0.0);
  const FrameStatsSummary s = summarize(h, {});
  EXPECT_EQ(s.frames, 0);
  EXPECT_EQ(s.mean_fps, 0.0);
  EXPECT_EQ(s.low1_fps, 0.0);
  EXPECT_EQ(s.cpu_per_wall, 0.0);
}

TEST(FrameStats, NearestRankPercentilesOfOneToHundredMilliseconds) {
  FrameTimeHistogram h;
  for (int ms = 100; ms >= 1; --ms) h.add(ms * 1e-3 + 0.3 * kBin);  // inside the bin, order irrelevant
  ASSERT_EQ(h.count(), 100);
  // Nearest rank: p50 of 1..100 is the 50th value, p90 the 90th, p99 the 99th; each given
  // as the upper edge of its bin (x.003 ms lies in the bin ending at x.01 ms).
  EXPECT_NEAR(h.percentile(50.0), 50e-3 + kBin, 1e-9);
  EXPECT_NEAR(h.percentile(90.0), 90e-3 + kBin, 1e-9);
  EXPECT_NEAR(h.percentile(99.0), 99e-3 + kBin, 1e-9);
  EXPECT_NEAR(h.percentile(0.0), 1e-3 + kBin, 1e-9);  // rank at least 1: the fastest frame
  EXPECT_NEAR(h.percentile(50.5), 51e-3 + kBin, 1e-9);
  // p100: the longest frame itself (the bin's edge would be above it).
  EXPECT_DOUBLE_EQ(h.percentile(100.0), 100e-3 + 0.3 * kBin);
  EXPECT_DOUBLE_EQ(h.max_seconds(), 100e-3 + 0.3 * kBin);
}

TEST(FrameStats, OnePercentLowIsTheMeanOfTheSlowestFrames) {
  // 990 frames of 16 ms and 10 of 50 ms: the slowest 1% is exactly the ten long frames.
  FrameTimeHistogram h;
  for (int i = 0; i < 990; ++i) h.add(0.016);
  for (int i = 0; i < 10; ++i) h.add(0.050);
  EXPECT_NEAR(h.slowest_mean(0.01), 0.050, 1e-12);  // sums are exact, not bin edges
  const FrameStatsSummary s = summarize(h, {});
  EXPECT_NEAR(s.low1_fps, 20.0, 1e-9);
  EXPECT_NEAR(s.mean_fps, 1000.0 / (990 * 0.016 + 10 * 0.050), 1e-9);
  // With 20 long frames the slowest 1% (10 frames) is still 50 ms; with 5, half are 16 ms.
  FrameTimeHistogram five;
  for (int i = 0; i < 995; ++i) five.add(0.016);
  for (int i = 0; i < 5; ++i) five.add(0.050);
  EXPECT_NEAR(five.slowest_mean(0.01), (5 * 0.050 + 5 * 0.016) / 10.0, 1e-12);
}

TEST(FrameStats, SplitBinContributesItsMean) {
  // Three frames in one bin (10.001, 10.003, 10.005 ms), slowest 30% of three = one frame:
  // the bin's mean, since the histogram does not keep the order inside a bin.
  FrameTimeHistogram h;
  h.add(10.001e-3);
  h.add(10.003e-3);
  h.add(10.005e-3);
  EXPECT_NEAR(h.slowest_mean(0.3), 10.003e-3, 1e-12);
  EXPECT_NEAR(h.slowest_mean(0.001), 10.003e-3, 1e-12);  // at least one frame
}

TEST(FrameStats, LongFramesGetMillisecondBinsThenShareTheLastAndNegativeCountsAsZero) {
  FrameTimeHistogram h;
  h.add(20.0);
  h.add(0.9003);
  h.add(0.4503);
  h.add(-1.0);
  EXPECT_EQ(h.count(), 4);
  EXPECT_DOUBLE_EQ(h.percentile(100.0), 20.0);  // past the bins (10 s): the max itself
  // Over 100 ms the bins are 1 ms wide: a frame reads as its bin's upper edge.
  EXPECT_NEAR(h.percentile(75.0), 0.901, 1e-9);
  EXPECT_NEAR(h.percentile(50.0), 0.451, 1e-9);
  EXPECT_NEAR(h.percentile(1.0), kBin, 1e-15);  // the zero frame, first bin's edge
  EXPECT_NEAR(h.slowest_mean(0.5), (20.0 + 0.9003) / 2.0, 1e-12);
}

TEST(FrameStats, SummaryCpuAndMemory) {
  FrameTimeHistogram h;
  for (int i = 0; i < 600; ++i) h.add(1.0 / 60.0);
  const FrameStatsSummary s = summarize(h, {10.0, 4.2, 151.5, 149.0});
  EXPECT_EQ(s.frames, 600);
  EXPECT_NEAR(s.mean_fps, 60.0, 1e-9);
  EXPECT_NEAR(s.low1_fps, 60.0, 1e-9);
  EXPECT_NEAR(s.p50_ms, 1000.0 / 60.0, 1e3 * kBin);
  EXPECT_NEAR(s.cpu_per_wall, 0.42, 1e-12);
  EXPECT_DOUBLE_EQ(s.peak_rss_mib, 151.5);
  EXPECT_DOUBLE_EQ(s.end_rss_mib, 149.0);
}

TEST(FrameStats, JsonRoundTripsThroughAParser) {
  FrameTimeHistogram h;
  for (int i = 0; i < 99; ++i) h.add(0.010);
  h.add(0.040);
  const FrameStatsSummary s = summarize(h, {2.0, 0.5, 120.25, 118.0});
  const nlohmann::json j = nlohmann::json::parse(frame_stats_json(s));
  EXPECT_EQ(j.at("frames").get<long long>(), 100);
  EXPECT_NEAR(j.at("mean_fps").get<double>(), 100.0 / 1.03, 1e-3);  // printed to 3 decimals
  EXPECT_NEAR(j.at("low1_fps").get<double>(), 25.0, 1e-3);
  EXPECT_NEAR(j.at("frame_ms").at("p50").get<double>(), 10.0, 1e3 * kBin + 1e-3);
  EXPECT_NEAR(j.at("frame_ms").at("p99").get<double>(), 10.0, 1e3 * kBin + 1e-3);
  EXPECT_NEAR(j.at("frame_ms").at("max").get<double>(), 40.0, 1e-3);
  EXPECT_NEAR(j.at("cpu_per_wall").get<double>(), 0.25, 1e-3);
  EXPECT_NEAR(j.at("peak_rss_mib").get<double>(), 120.25, 1e-3);
  EXPECT_NEAR(j.at("wall_s").get<double>(), 2.0, 1e-3);
  EXPECT_NE(frame_stats_line(s).find("100 frames"), std::string::npos);
}

}  // namespace
}  // namespace racer
