// Impacts: nothing for a touch, louder with the impulse (capped), decaying to silence;
// overlapping hits stay bounded; deterministic.
#include "audio/impact_voice.h"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "measure.h"

namespace racer::audio {
namespace {

constexpr double kRate = 48000.0;

std::vector<float> hit(double impulse, double seconds = 1.2, std::uint32_t seed = 1) {
  ImpactVoice v(kRate, seed);
  v.trigger(impulse);
  std::vector<float> out(static_cast<std::size_t>(seconds * kRate), 0.0f);
  v.render_add(out);
  return out;
}

std::span<const float> window(const std::vector<float>& x, double from_s, double to_s) {
  const auto a = static_cast<std::size_t>(from_s * kRate), b = static_cast<std::size_t>(to_s * kRate);
  return std::span<const float>(x).subspan(a, b - a);
}

TEST(ImpactVoice, AmplitudeFollowsTheSquareRootOfTheImpulse) {
  const ImpactConfig c;
  EXPECT_EQ(impact_amplitude(0.0), 0.0);
  EXPECT_EQ(impact_amplitude(c.min_impulse * 0.99), 0.0);
  EXPECT_DOUBLE_EQ(impact_amplitude(c.full_impulse / 4.0), 0.5);
  EXPECT_EQ(impact_amplitude(c.full_impulse), 1.0);
  EXPECT_EQ(impact_amplitude(1e12), 1.0);
  EXPECT_EQ(impact_amplitude(-5000.0), 0.0);
  EXPECT_EQ(impact_amplitude(std::numeric_limits<double>::quiet_NaN()), 0.0);
  EXPECT_EQ(impact_amplitude(std::numeric_limits<double>::infinity()), 1.0);
}

TEST(ImpactVoice, ATouchMakesNoSound) {
  ImpactVoice v(kRate);
  v.trigger(10.0);
  EXPECT_FALSE(v.active());
  EXPECT_EQ(test::peak(hit(10.0)), 0.0);
}

TEST(ImpactVoice, HarderHitsAreLouder) {
  double last_peak = 0.0, last_rms = 0.0;
  for (const double impulse : {100.0, 1000.0, 5000.0, 15000.0}) {
    const std::vector<float> x = hit(impulse);
    EXPECT_GT(test::peak(x), last_peak * 1.3) << impulse << " N·s";
    EXPECT_GT(test::rms(x), last_rms * 1.3) << impulse << " N·s";
    last_peak = test::peak(x);
    last_rms = test::rms(x);
  }
  // Beyond full_impulse it is capped: same samples.
  EXPECT_EQ(hit(15000.0), hit(1e7));
}

TEST(ImpactVoice, DecaysToSilence) {
  ImpactVoice v(kRate);
  v.trigger(8000.0);
  std::vector<float> x(static_cast<std::size_t>(1.5 * kRate), 0.0f);
  v.render_add(x);
  // The first 50 ms against 300-350 ms later: the envelope time constants are 50-140 ms,
  // so at least a factor of 10 (measured: ~17).
  EXPECT_GT(test::rms(window(x, 0.0, 0.05)), 10.0 * test::rms(window(x, 0.3, 0.35)));
  EXPECT_GT(test::rms(window(x, 0.3, 0.35)), test::rms(window(x, 0.6, 0.65)));
  EXPECT_EQ(test::peak(window(x, ImpactVoice::kDuration, 1.5)), 0.0);
  EXPECT_FALSE(v.active());
  EXPECT_LT(std::abs(x[0]), 1e-3);  // 1 ms attack: no click at the start
}

TEST(ImpactVoice, OverlappingHitsStayFinite) {
  ImpactVoice v(kRate);
  std::vector<float> x(static_cast<std::size_t>(0.5 * kRate), 0.0f);
  for (int i = 0; i < 10; ++i) {
    v.trigger(i % 2 == 0 ? 1e9 : std::numeric_limits<double>::quiet_NaN());
    v.render_add(std::span<float>(x).subspan(static_cast<std::size_t>(i) * 100, 100));
  }
  v.render_add(std::span<float>(x).subspan(1000));
  EXPECT_TRUE(test::all_finite(x));
  // Four voices at most, each peaking below 1: the sum stays below 4 (the mixer limits it).
  EXPECT_LT(test::peak(x), 4.0);
}

TEST(ImpactVoice, SameInputsGiveTheSameSamples) {
  EXPECT_EQ(hit(3000.0, 0.5, 9), hit(3000.0, 0.5, 9));
  EXPECT_NE(hit(3000.0, 0.5, 9), hit(3000.0, 0.5, 10));
}

}  // namespace
}  // namespace racer::audio
