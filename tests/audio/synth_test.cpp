// The music's synth voice: pitch, envelope (no click at the start, silence after the
// release), band limiting, the filter, the pitch sweep of a kick, determinism.
#include "audio/synth.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "measure.h"

namespace racer::audio {
namespace {

constexpr double kRate = 48000.0;

/// Renders a note (mono: the left buffer) for `seconds`.
std::vector<float> play(const Patch& patch, double note, double held_s, double seconds, std::uint32_t seed = 1) {
  SynthVoice v;
  v.start(patch, note, 1.0, static_cast<std::int64_t>(held_s * kRate), kRate, seed);
  std::vector<float> left(static_cast<std::size_t>(seconds * kRate)), right(left.size());
  v.render_add(left.data(), right.data(), left.size(), 1.0, 0.0);
  return left;
}

TEST(Synth, NoteFrequencyIsEqualTemperamentFromA440) {
  EXPECT_DOUBLE_EQ(note_frequency(69.0), 440.0);
  EXPECT_NEAR(note_frequency(81.0), 880.0, 1e-9);
  EXPECT_NEAR(note_frequency(60.0), 261.6255653, 1e-6);
  EXPECT_NEAR(note_frequency(33.0), 55.0, 1e-9);
}

TEST(Synth, SineVoicePlaysItsNote) {
  Patch p;
  p.wave = Wave::Sine;
  const std::vector<float> x = play(p, 69.0, 1.0, 0.5);
  const std::vector<float> steady(x.begin() + 4800, x.end());
  EXPECT_NEAR(test::peak_frequency(steady, kRate, 200.0, 2000.0), 440.0, 0.5);
}

TEST(Synth, EnvelopeStartsFromSilenceAndEndsAfterTheRelease) {
  Patch p;  // saw: the worst case for a click (it starts at -1)
  p.attack = 0.005;
  p.release = 0.05;
  SynthVoice v;
  v.start(p, 57.0, 1.0, static_cast<std::int64_t>(0.2 * kRate), kRate, 1);
  std::vector<float> left(static_cast<std::size_t>(1.0 * kRate)), right(left.size());
  v.render_add(left.data(), right.data(), left.size(), 1.0, 0.0);
  // The first sample is within one attack step of 0 (1 / (5 ms x 48 kHz) of full level).
  EXPECT_LE(std::abs(left[0]), 1.0 / (0.005 * kRate) * 1.01);
  // Held for 0.2 s, released with a 50 ms time constant: silent (-74 dB) by about 0.2 +
  // 0.05 ln(1 / 2e-4) = 0.63 s, and the voice idle.
  EXPECT_FALSE(v.active());
  const std::vector<float> tail(left.begin() + static_cast<std::ptrdiff_t>(0.7 * kRate), left.end());
  EXPECT_EQ(test::peak(tail), 0.0);
  EXPECT_GT(test::rms(std::vector<float>(left.begin() + 2400, left.begin() + 9600)), 0.2);
}

TEST(Synth, BandLimitedSawHasLittleAliasing) {
  // A saw at 3.52 kHz (A7) at 48 kHz: a naive saw folds its harmonics back as loud
  // inharmonic partials; PolyBLEP keeps them well under the fundamental. The 13th
  // harmonic (45.8 kHz) folds to 48 - 45.76 = 2.24 kHz.
  Patch p;
  p.sustain = 1.0;
  const std::vector<float> x = play(p, 105.0, 1.0, 0.5);
  const std::vector<float> steady(x.begin() + 4800, x.end());
  const auto w = test::hann_windowed(steady);
  const double f0 = note_frequency(105.0);
  const double fundamental = test::dft_magnitude(w, f0, kRate);
  const double alias = test::dft_magnitude(w, kRate - 13.0 * f0, kRate);
  EXPECT_LT(alias, fundamental * 0.01) << "alias at -40 dB or more";
}

TEST(Synth, LowPassDarkensTheSound) {
  Patch open;
  open.sustain = 1.0;
  Patch dark = open;
  dark.cutoff = 400.0;
  const std::vector<float> a = play(open, 45.0, 1.0, 0.5), b = play(dark, 45.0, 1.0, 0.5);
  EXPECT_LT(test::brightness(b), 0.5 * test::brightness(a));
}

TEST(Synth, KickSweepsDownToItsNote) {
  Patch p;
  p.wave = Wave::Sine;
  p.pitch_drop = 30.0;
  p.pitch_decay = 0.03;
  p.sustain = 1.0;
  const std::vector<float> x = play(p, 31.0, 1.0, 0.6);
  // The first 10 ms: well above the note; after 0.3 s (10 time constants): the note.
  const std::vector<float> start(x.begin(), x.begin() + 480), later(x.begin() + 14400, x.end());
  EXPECT_GT(test::brightness(start), 4.0 * test::brightness(later));
  EXPECT_NEAR(test::peak_frequency(later, kRate, 20.0, 200.0), note_frequency(31.0), 0.6);
}

TEST(Synth, SameNoteSameSamples) {
  Patch p;
  p.noise = 0.5;
  p.vibrato = 0.3;
  p.fm_ratio = 2.0;
  p.fm_index = 1.5;
  EXPECT_EQ(play(p, 64.0, 0.3, 0.5, 7), play(p, 64.0, 0.3, 0.5, 7));
  EXPECT_NE(play(p, 64.0, 0.3, 0.5, 7), play(p, 64.0, 0.3, 0.5, 8)) << "the seed is the noise";
}

}  // namespace
}  // namespace racer::audio
