// The engine tone: its fundamental is the four-stroke firing frequency, it rises with rpm,
// gets louder and brighter with load, survives any input, and is deterministic.
#include "audio/engine_voice.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "measure.h"

namespace racer::audio {
namespace {

using test::brightness;
using test::peak;
using test::peak_frequency;
using test::rms;

constexpr double kRate = 48000.0;

/// Renders `settle` s (discarded: the glide toward the parameters) then `seconds` s.
std::vector<float> render(const EngineParams& p, double seconds, double settle = 0.3, std::uint32_t seed = 1) {
  EngineVoice v(kRate, seed);
  v.set(p);
  std::vector<float> warm(static_cast<std::size_t>(settle * kRate), 0.0f);
  v.render_add(warm);
  std::vector<float> out(static_cast<std::size_t>(seconds * kRate), 0.0f);
  v.render_add(out);
  return out;
}

TEST(EngineVoice, FiringFrequencyIsRpmOver60TimesHalfTheCylinders) {
  EXPECT_DOUBLE_EQ(firing_frequency(3000.0, 4), 100.0);
  EXPECT_DOUBLE_EQ(firing_frequency(6000.0, 6), 300.0);
  EXPECT_DOUBLE_EQ(firing_frequency(1200.0, 8), 80.0);
  EXPECT_DOUBLE_EQ(firing_frequency(2400.0, 1), 20.0);  // a single fires every other revolution
  // Sanitised inputs: negative and NaN rpm are 0, rpm is capped at 20000, cylinders at [1, 16].
  EXPECT_DOUBLE_EQ(firing_frequency(-500.0, 4), 0.0);
  EXPECT_DOUBLE_EQ(firing_frequency(std::numeric_limits<double>::quiet_NaN(), 4), 0.0);
  EXPECT_DOUBLE_EQ(firing_frequency(1e6, 4), 20000.0 / 60.0 * 2.0);
  EXPECT_DOUBLE_EQ(firing_frequency(3000.0, 0), 25.0);
  EXPECT_DOUBLE_EQ(firing_frequency(3000.0, 99), 400.0);
}

// The strongest spectral line of the rendered tone is the firing frequency. Measured with a
// Hann-windowed DFT over 0.34 s (16384 samples) scanned from 15 Hz to 3 kHz, so the search
// does not know the answer. Tolerance 0.1%: the scan refines in 0.02 Hz steps (0.04% of
// the lowest case, 26.7 Hz) and the window's main lobe (+-5.9 Hz) is narrower than the
// harmonic spacing, so neighbouring lines barely pull the peak; the per-firing amplitude
// jitter smears symmetrically. Measured errors are under 0.03%.
TEST(EngineVoice, FundamentalMatchesTheFiringFrequency) {
  struct Case {
    double rpm;
    int cylinders;
    double load;
  };
  for (const Case c : {Case{800, 4, 0.0}, Case{2000, 4, 0.5}, Case{4000, 4, 1.0}, Case{6500, 4, 0.7},
                       Case{3000, 6, 0.5}, Case{2500, 8, 1.0}, Case{5000, 3, 0.3}}) {
    const std::vector<float> x = render({c.rpm, c.load, c.cylinders}, 16384.0 / kRate);
    const double expected = firing_frequency(c.rpm, c.cylinders);
    const double measured = peak_frequency(x, kRate, 15.0, 3000.0);
    EXPECT_NEAR(measured, expected, 0.001 * expected)
        << c.rpm << " rpm, " << c.cylinders << " cylinders, load " << c.load;
  }
}

TEST(EngineVoice, PitchRisesWithRpm) {
  double last = 0.0;
  for (double rpm = 1000.0; rpm <= 7000.0; rpm += 1000.0) {
    const std::vector<float> x = render({rpm, 0.5, 4}, 16384.0 / kRate);
    const double f = peak_frequency(x, kRate, 15.0, 3000.0);
    EXPECT_GT(f, last * 1.1) << rpm << " rpm";  // each step is at least +14% in rpm
    last = f;
  }
}

// Louder and brighter under load at the same rpm. Brightness = RMS of the first difference
// over the RMS (about 2 pi f_mean / fs): the harmonics' roll-off flattens with load.
TEST(EngineVoice, LouderAndBrighterWithLoad) {
  double last_rms = 0.0, last_bright = 0.0;
  for (const double load : {0.0, 0.25, 0.5, 0.75, 1.0}) {
    const std::vector<float> x = render({3000.0, load, 4}, 0.5);
    const double r = rms(x), b = brightness(x);
    EXPECT_GT(r, last_rms * 1.1) << "load " << load;
    EXPECT_GT(b, last_bright * 1.1) << "load " << load;
    last_rms = r;
    last_bright = b;
  }
  // Full throttle against a closed one: clearly different, not a rounding effect.
  const std::vector<float> idle = render({3000.0, 0.0, 4}, 0.5), full = render({3000.0, 1.0, 4}, 0.5);
  EXPECT_GT(rms(full), 2.0 * rms(idle));
  EXPECT_GT(brightness(full), 1.5 * brightness(idle));
}

TEST(EngineVoice, AStalledEngineIsSilent) {
  const std::vector<float> x = render({0.0, 1.0, 4}, 0.5, 1.0);
  EXPECT_EQ(peak(x), 0.0);
  const std::vector<float> negative = render({-3000.0, 1.0, 4}, 0.5, 1.0);
  EXPECT_EQ(peak(negative), 0.0);
}

TEST(EngineVoice, ExtremeInputsStayFiniteAndBounded) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  const EngineParams cases[] = {{0.0, 0.0, 4},  {1e6, 1.0, 16}, {-1e6, -5.0, 0}, {nan, nan, 4},
                                {inf, inf, 4},  {-inf, 1.0, 4}, {7000.0, 9.0, -3}, {20000.0, 1.0, 1}};
  for (const EngineParams& p : cases) {
    const std::vector<float> x = render(p, 0.5, 0.0);
    EXPECT_TRUE(test::all_finite(x)) << p.rpm << " " << p.load;
    EXPECT_LE(peak(x), 1.0) << p.rpm << " " << p.load;
  }
  // rpm 1e6 is the 20000 rpm cap: a 4-cylinder's 666.7 Hz.
  const std::vector<float> capped = render({1e6, 0.5, 4}, 16384.0 / kRate);
  EXPECT_NEAR(peak_frequency(capped, kRate, 15.0, 3000.0), 20000.0 / 30.0, 0.001 * 20000.0 / 30.0);
}

// A rev change glides: the largest sample-to-sample step while the rpm doubles is no larger
// than the steady tone's at the higher rpm (factor 1.5 of margin: a step change with no
// glide would jump the phase increment at once and the jitter adds a little either way).
TEST(EngineVoice, RevChangesDoNotClick) {
  auto max_step = [](const std::vector<float>& x) {
    double m = 0.0;
    for (std::size_t i = 1; i < x.size(); ++i) m = std::max(m, std::abs(static_cast<double>(x[i]) - static_cast<double>(x[i - 1])));
    return m;
  };
  EngineVoice v(kRate, 3);
  v.set({2000.0, 0.6, 4});
  std::vector<float> warm(static_cast<std::size_t>(0.3 * kRate), 0.0f);
  v.render_add(warm);
  v.set({4000.0, 0.6, 4});
  std::vector<float> change(static_cast<std::size_t>(0.1 * kRate), 0.0f);
  v.render_add(change);
  const std::vector<float> steady = render({4000.0, 0.6, 4}, 0.3, 0.3, 3);
  EXPECT_LE(max_step(change), 1.5 * max_step(steady));
}

TEST(EngineVoice, SameInputsGiveTheSameSamples) {
  const std::vector<float> a = render({3500.0, 0.8, 4}, 0.3, 0.1, 7), b = render({3500.0, 0.8, 4}, 0.3, 0.1, 7);
  EXPECT_EQ(a, b);
  const std::vector<float> other = render({3500.0, 0.8, 4}, 0.3, 0.1, 8);
  EXPECT_NE(a, other);  // the seed is what makes two cars' engines differ
}

TEST(EngineVoice, OutputDoesNotDependOnBlockSize) {
  EngineVoice whole(kRate, 5), pieces(kRate, 5);
  whole.set({4200.0, 0.4, 6});
  pieces.set({4200.0, 0.4, 6});
  std::vector<float> a(4800, 0.0f), b(4800, 0.0f);
  whole.render_add(a);
  for (std::size_t i = 0; i < b.size(); i += 333) {
    pieces.render_add(std::span<float>(b).subspan(i, std::min<std::size_t>(333, b.size() - i)));
  }
  EXPECT_EQ(a, b);
}

// The phasor oscillator (a rotation recurrence, exact again every control period) gives
// the samples of the exact one (sin/cos every sample) within 1e-6, about 2e-6 of the
// tone's 0.55 peak, 120 dB under it: far below hearing. Measured: the same floats at 48
// and 44.1 kHz, 7e-9 at 8 kHz (where a control period's phase steps change most; the
// short rotation series' error grows with the eighth power of that change). The drive is
// a game's: a new target every 1/60 s, revving up through gear shifts, stalling to silence
// and starting again, the rev limit, at three sample rates and several cylinder counts.
TEST(EngineVoice, PhasorOscillatorMatchesTheExactOne) {
  for (const double rate : {48000.0, 44100.0, 8000.0}) {
    EngineVoice phasor(rate, 11, EngineVoice::Oscillator::Phasor), exact(rate, 11, EngineVoice::Oscillator::Exact);
    const auto frame = static_cast<std::size_t>(rate / 60.0);
    double worst = 0.0, loudest = 0.0;
    for (int f = 0; f < 60 * 6; ++f) {
      const double t = f / 60.0;
      double rpm = 900.0 + 6000.0 * std::fmod(t, 1.5) / 1.5;  // revving up, a shift every 1.5 s
      if (t > 4.0 && t < 4.5) rpm = 50.0;                      // stalled: silent
      if (t > 5.2) rpm = 19000.0;                              // the limit: few harmonics
      const EngineParams p{rpm, 0.5 + 0.5 * std::sin(3.0 * t), 2 + (f / 90) * 2};
      phasor.set(p);
      exact.set(p);
      std::vector<float> a(frame, 0.0f), b(frame, 0.0f);
      phasor.render_add(a);
      exact.render_add(b);
      for (std::size_t i = 0; i < a.size(); ++i) {
        worst = std::max(worst, static_cast<double>(std::abs(a[i] - b[i])));
        loudest = std::max(loudest, static_cast<double>(std::abs(b[i])));
      }
    }
    EXPECT_LT(worst, 1e-6) << rate << " Hz";
    EXPECT_GT(loudest, 0.1) << "the comparison heard a tone";
  }
}

}  // namespace
}  // namespace racer::audio
