// The music in the mixer: its own volume (0 is silence), the duck under the pause menu
// (-12 dB by RMS, reached with a glide, not a step), the crossfade between the menu theme
// and the race music, and the whole mix at full volume with twelve loud cars staying
// under full scale.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "audio/mixer.h"
#include "measure.h"

namespace racer::audio {
namespace {

constexpr double kRate = 48000.0;

std::vector<float> render(Mixer& m, double seconds, const std::vector<CarSound>& cars = {}) {
  std::vector<float> out(2 * static_cast<std::size_t>(seconds * kRate));
  m.render(cars, Listener{}, std::span<float>(out));
  return out;
}

MixVolumes music_only(double music) { return {1.0, 0.0, 0.0, music}; }

std::span<const float> window(const std::vector<float>& x, double from_s, double length_s) {
  return {x.data() + 2 * static_cast<std::size_t>(from_s * kRate), 2 * static_cast<std::size_t>(length_s * kRate)};
}

TEST(MixerMusic, NoCueNoMusic) {
  Mixer m;
  m.set_volumes(music_only(1.0));
  EXPECT_EQ(test::peak(render(m, 1.0)), 0.0);
}

TEST(MixerMusic, VolumeZeroIsSilent) {
  for (MusicPiece piece : {MusicPiece::Menu, MusicPiece::Race}) {
    Mixer m;
    m.set_volumes(music_only(0.0));
    m.set_music({piece, false});
    EXPECT_EQ(test::peak(render(m, 3.0)), 0.0);
    // Turned down while playing: silent after the 20 ms glide (5 time constants: 0.1 s).
    Mixer n;
    n.set_volumes(music_only(1.0));
    n.set_music({piece, false});
    EXPECT_GT(test::rms(render(n, 1.0)), 0.01);
    n.set_volumes(music_only(0.0));
    const std::vector<float> x = render(n, 1.0);
    EXPECT_EQ(test::peak(window(x, 0.5, 0.5)), 0.0);
  }
}

TEST(MixerMusic, MusicVolumeScalesTheMusic) {
  Mixer full, half;
  full.set_volumes(music_only(1.0));
  half.set_volumes(music_only(0.5));
  full.set_music({MusicPiece::Race, false});
  half.set_music({MusicPiece::Race, false});
  const double a = test::rms(render(full, 4.0)), b = test::rms(render(half, 4.0));
  EXPECT_NEAR(b / a, 0.5, 1e-4);  // the limiter is identity below 0.8, and the music peaks under 0.5
}

// The same music ducked and not: -12 dB by RMS (the gain is exact: the limiter does not
// touch the music's level).
TEST(MixerMusic, DuckingLowersTheRmsByTheSetAmount) {
  for (MusicPiece piece : {MusicPiece::Menu, MusicPiece::Race}) {
    Mixer plain, ducked;
    plain.set_volumes(music_only(1.0));
    ducked.set_volumes(music_only(1.0));
    plain.set_music({piece, false});
    ducked.set_music({piece, true});
    const double a = test::rms(render(plain, 5.0)), b = test::rms(render(ducked, 5.0));
    EXPECT_NEAR(20.0 * std::log10(b / a), -12.0, 0.01);
  }
}

// Ducked mid-song: the level glides (time constant 0.12 s) instead of stepping, and sits
// at -12 dB after a second; un-ducked, it comes back.
TEST(MixerMusic, DuckGlides) {
  Mixer plain, ducked;
  plain.set_volumes(music_only(1.0));
  ducked.set_volumes(music_only(1.0));
  plain.set_music({MusicPiece::Race, false});
  ducked.set_music({MusicPiece::Race, false});
  render(plain, 1.0);
  render(ducked, 1.0);
  ducked.set_music({MusicPiece::Race, true});
  const std::vector<float> a = render(plain, 2.0), b = render(ducked, 2.0);
  auto db = [&](double from, double len) { return 20.0 * std::log10(test::rms(window(b, from, len)) / test::rms(window(a, from, len))); };
  // The first 20 ms: on the way down (a sixth of the way at most), not at -12 dB.
  EXPECT_GT(db(0.0, 0.02), -3.0);
  EXPECT_LT(db(0.0, 0.02), -0.1);
  EXPECT_NEAR(db(1.0, 1.0), -12.0, 0.05);
  // The gain per sample changes by at most its glide: 1 - exp(-1 / (0.12 s x 48 kHz)) of the
  // 0.75 distance, about 1.3e-4 of full scale per sample; no step.
  double worst = 0.0;
  for (std::size_t i = 2; i < a.size(); i += 2) {
    const double a0 = a[i - 2], a1 = a[i], b0 = b[i - 2], b1 = b[i];
    if (std::abs(a1) < 0.05 || std::abs(a0) < 0.05) continue;
    worst = std::max(worst, std::abs(b1 / a1 - b0 / a0));
  }
  EXPECT_LT(worst, 1e-3);
  ducked.set_music({MusicPiece::Race, false});
  const std::vector<float> c = render(plain, 2.0), d = render(ducked, 2.0);
  EXPECT_NEAR(20.0 * std::log10(test::rms(window(d, 1.0, 1.0)) / test::rms(window(c, 1.0, 1.0))), 0.0, 0.05);
}

// Menu -> race: the menu theme fades out over 1.2 s while the race music fades in from its
// first bar; never a silent moment; then the menu theme is rewound for next time.
TEST(MixerMusic, CrossfadeMenuToRace) {
  Mixer m;
  m.set_volumes(music_only(1.0));
  m.set_music({MusicPiece::Menu, false});
  render(m, 3.0);
  EXPECT_EQ(m.music_fade(MusicPiece::Menu), 1.0);
  m.set_music({MusicPiece::Race, false});
  const std::vector<float> x = render(m, 0.6);
  EXPECT_GT(m.music_fade(MusicPiece::Menu), 0.0);
  EXPECT_LT(m.music_fade(MusicPiece::Menu), 1.0);
  EXPECT_NEAR(m.music_fade(MusicPiece::Race), 0.5, 1e-3);
  const std::vector<float> y = render(m, 1.0);
  EXPECT_EQ(m.music_fade(MusicPiece::Menu), 0.0);
  EXPECT_EQ(m.music_fade(MusicPiece::Race), 1.0);
  EXPECT_EQ(m.music_player(MusicPiece::Menu)->position(), 0) << "rewound";
  EXPECT_EQ(m.music_player(MusicPiece::Race)->position(), static_cast<std::int64_t>(1.6 * kRate))
      << "the race music started at the switch";
  for (double t = 0.0; t + 0.05 <= 0.6; t += 0.05) EXPECT_GT(test::rms(window(x, t, 0.05)), 0.005) << t;
  for (double t = 0.0; t + 0.05 <= 1.0; t += 0.05) EXPECT_GT(test::rms(window(y, t, 0.05)), 0.005) << t;
}

// Everything at full volume: the music, and twelve cars at full load beside the listener,
// crashing: the limiter keeps every sample under full scale. The music alone at full
// volume stays under the limiter's knee (0.8), so it is never squashed on its own.
TEST(MixerMusic, FullVolumeWithEffectsStaysUnderFullScale) {
  for (MusicPiece piece : {MusicPiece::Menu, MusicPiece::Race}) {
    Mixer alone;
    alone.set_volumes(music_only(1.0));
    alone.set_music({piece, false});
    EXPECT_LT(test::peak(render(alone, 5.0)), 0.8);  // the whole songs' peaks: music_test.cpp

    Mixer m;
    m.set_volumes({1.0, 1.0, 1.0, 1.0});
    m.set_music({piece, false});
    std::vector<CarSound> cars;
    for (int i = 0; i < 12; ++i) {
      CarSound c;
      c.id = i;
      c.position = {2.0 * (i % 4) - 3.0, 2.0 * (i / 4) - 2.0};
      c.engine = {7000.0, 1.0, 4};
      c.squeal = {1.0, 20.0};
      cars.push_back(c);
    }
    std::vector<float> all;
    for (int block = 0; block < 30; ++block) {
      for (int i = 0; i < 12; i += 3) m.post({SoundEvent::Kind::Impact, i, 5000.0, 0, 0});
      const std::vector<float> x = render(m, 0.1, cars);
      all.insert(all.end(), x.begin(), x.end());
    }
    ASSERT_TRUE(test::all_finite(all));
    EXPECT_LE(test::peak(all), kCeiling + 1e-6);  // the limiter's ceiling, as a float
    EXPECT_LT(test::peak(all), 1.0);
  }
}

}  // namespace
}  // namespace racer::audio
