// Tyre squeal: silent while the tyre grips or hardly slides, then louder and higher with
// slip; bounded for any input; deterministic.
#include "audio/squeal_voice.h"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "measure.h"

namespace racer::audio {
namespace {

constexpr double kRate = 48000.0;

/// Renders `settle` s (discarded) then `seconds` s.
std::vector<float> render(const SquealParams& p, double seconds, double settle = 0.2, std::uint32_t seed = 1) {
  SquealVoice v(kRate, seed);
  v.set(p);
  std::vector<float> warm(static_cast<std::size_t>(settle * kRate), 0.0f);
  v.render_add(warm);
  std::vector<float> out(static_cast<std::size_t>(seconds * kRate), 0.0f);
  v.render_add(out);
  return out;
}

TEST(SquealVoice, LevelRampsBetweenTheThresholds) {
  const SquealConfig c;
  EXPECT_EQ(squeal_level({0.0, 10.0}), 0.0);
  EXPECT_EQ(squeal_level({c.slip_threshold, 10.0}), 0.0);
  EXPECT_DOUBLE_EQ(squeal_level({(c.slip_threshold + c.slip_full) / 2.0, 10.0}), 0.5);
  EXPECT_EQ(squeal_level({c.slip_full, 10.0}), 1.0);
  EXPECT_EQ(squeal_level({4.0, 10.0}), 1.0);
  // A locked or spinning tyre hardly moving over the road does not squeal.
  EXPECT_EQ(squeal_level({1.0, c.speed_threshold}), 0.0);
  EXPECT_DOUBLE_EQ(squeal_level({1.0, (c.speed_threshold + c.speed_full) / 2.0}), 0.5);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(squeal_level({nan, 10.0}), 0.0);
  EXPECT_EQ(squeal_level({1.0, nan}), 0.0);
  EXPECT_EQ(squeal_level({-1.0, 10.0}), 0.0);
}

TEST(SquealVoice, SilentBelowTheSlipThreshold) {
  for (const double slip : {0.0, 0.03, 0.079}) {
    const std::vector<float> x = render({slip, 20.0}, 0.5, 0.0);
    EXPECT_EQ(test::peak(x), 0.0) << "slip " << slip;  // exactly zero, not merely quiet
  }
  EXPECT_EQ(test::peak(render({2.0, 0.3}, 0.5, 0.0)), 0.0);  // sliding at 0.3 m/s
}

TEST(SquealVoice, LouderWithSlipUntilFull) {
  double last = 0.0;
  for (const double slip : {0.1, 0.2, 0.3, 0.4, 0.5}) {
    const double r = test::rms(render({slip, 20.0}, 0.5));
    EXPECT_GT(r, last * 1.15) << "slip " << slip;
    last = r;
  }
  // Beyond slip_full it is saturated (same level: same samples with the same seed).
  EXPECT_EQ(render({0.5, 20.0}, 0.3), render({3.0, 20.0}, 0.3));
}

// The tone sits at 600 + 400 x level Hz, wandering by up to 6%: the measured peak must be
// within 8% (6% wander plus margin for the hiss) and rise with slip.
TEST(SquealVoice, PitchRisesWithSlip) {
  const double f_low = test::peak_frequency(render({0.15, 20.0}, 0.5), kRate, 200.0, 3000.0);
  const double f_high = test::peak_frequency(render({0.5, 20.0}, 0.5), kRate, 200.0, 3000.0);
  const double level_low = squeal_level({0.15, 20.0});
  EXPECT_NEAR(f_low, 600.0 + 400.0 * level_low, 0.08 * (600.0 + 400.0 * level_low));
  EXPECT_NEAR(f_high, 1000.0, 0.08 * 1000.0);
  EXPECT_GT(f_high, f_low * 1.2);
}

TEST(SquealVoice, FadesToExactSilenceWhenTheTyreGrips) {
  SquealVoice v(kRate, 2);
  v.set({1.0, 20.0});
  std::vector<float> on(static_cast<std::size_t>(0.3 * kRate), 0.0f);
  v.render_add(on);
  EXPECT_GT(test::rms(on), 0.05);
  v.set({0.0, 20.0});
  std::vector<float> fade(static_cast<std::size_t>(0.6 * kRate), 0.0f), after(4800, 0.0f);
  v.render_add(fade);  // 30 ms glide: 1e-7 of full after 0.48 s
  v.render_add(after);
  EXPECT_LT(test::rms(std::span<const float>(fade).subspan(0, 480)), test::rms(on) * 1.1);  // no burst on release
  EXPECT_EQ(test::peak(after), 0.0);
}

TEST(SquealVoice, ExtremeInputsStayFiniteAndBounded) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (const SquealParams p : {SquealParams{inf, inf}, SquealParams{1e9, 1e9}, SquealParams{nan, 5.0},
                               SquealParams{-inf, -inf}, SquealParams{5.0, 100.0}}) {
    const std::vector<float> x = render(p, 0.5, 0.0);
    EXPECT_TRUE(test::all_finite(x));
    EXPECT_LE(test::peak(x), 1.0);
  }
}

TEST(SquealVoice, SameInputsGiveTheSameSamples) {
  EXPECT_EQ(render({0.4, 10.0}, 0.2, 0.1, 4), render({0.4, 10.0}, 0.2, 0.1, 4));
  EXPECT_NE(render({0.4, 10.0}, 0.2, 0.1, 4), render({0.4, 10.0}, 0.2, 0.1, 5));
}

}  // namespace
}  // namespace racer::audio
