// The music: the notation helpers, the songs (non-silent, bounded, enough voices), the
// sequencer (deterministic, the same at any block size) and the loop (no click at the
// loop point; the second pass repeats the first once the first's tails have died away).
// The render cost is printed (docs/frame-performance.md, "Sound").
#include "audio/music.h"

#include <gtest/gtest.h>

#include <cmath>
#include <ctime>
#include <cstdio>
#include <vector>

#include "audio/songs.h"
#include "measure.h"

namespace racer::audio {
namespace {

constexpr double kRate = 48000.0;

std::vector<float> render(MusicPlayer& p, double seconds) {
  std::vector<float> out(2 * static_cast<std::size_t>(seconds * kRate));
  p.render(out);
  return out;
}

/// Largest |x[i] - x[i-1]| of one channel of interleaved stereo over frames [from, to).
double max_step(const std::vector<float>& stereo, std::size_t channel, std::size_t from, std::size_t to) {
  double m = 0.0;
  for (std::size_t i = std::max<std::size_t>(from, 1); i < to; ++i)
    m = std::max(m, std::abs(static_cast<double>(stereo[2 * i + channel]) - static_cast<double>(stereo[2 * (i - 1) + channel])));
  return m;
}

TEST(MusicNotation, NoteNames) {
  EXPECT_EQ(note_number("A4"), 69.0);
  EXPECT_EQ(note_number("C4"), 60.0);
  EXPECT_EQ(note_number("C#5"), 73.0);
  EXPECT_EQ(note_number("Bb2"), 46.0);
  EXPECT_EQ(note_number("A1"), 33.0);
  EXPECT_EQ(note_number("H2"), -1.0);
  EXPECT_EQ(note_number("A"), -1.0);
  EXPECT_EQ(note_number("Ax"), -1.0);
}

TEST(MusicNotation, MelodyHoldsAndRests) {
  const Pattern p = melody("A4 - - . C5 - E5", 0.5);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0].step, 0);
  EXPECT_EQ(p[0].length, 3);
  EXPECT_EQ(p[1].step, 4);
  EXPECT_EQ(p[1].length, 2);
  EXPECT_EQ(p[1].note, 72.0);
  EXPECT_EQ(p[2].step, 6);
  EXPECT_EQ(p[2].velocity, 0.5);
}

TEST(MusicNotation, BassLineHitsArpeggioArrange) {
  const Pattern b = bass_line("R-.OF", 33.0, 1.0);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0].length, 2);
  EXPECT_EQ(b[1].note, 45.0);
  EXPECT_EQ(b[2].note, 40.0);
  const Pattern h = hits("X.xo", 31.0);
  ASSERT_EQ(h.size(), 3u);
  EXPECT_EQ(h[1].velocity, 0.7);
  const Pattern a = arpeggio({60, 64, 67}, "0.12", 2, 0.5);
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a[0].velocity, 0.7) << "the beat's first note is accented";
  EXPECT_EQ(a[2].note, 67.0);
  EXPECT_EQ(arrange({{2, {-1}}, {3, {0, 1}}}), (std::vector<int>{-1, -1, 0, 1, 0}));
}

TEST(Songs, BarsAndLoopLengths) {
  for (const Song& s : {menu_theme(), race_theme()}) {
    for (const Part& p : s.parts) {
      EXPECT_EQ(static_cast<int>(p.bars.size()), s.bars) << s.name << " / " << p.name;
      for (const Pattern& pat : p.patterns)
        for (const NoteEvent& n : pat) {
          EXPECT_GE(n.step, 0) << p.name;
          EXPECT_LT(n.step, s.steps_per_bar) << p.name;
          EXPECT_GE(n.note, 20.0) << p.name;
          EXPECT_LE(n.note, 100.0) << p.name;
        }
    }
  }
  // 16 bars at 92 bpm = 64 beats = 41.74 s; 32 bars at 140 bpm = 54.86 s.
  EXPECT_NEAR(static_cast<double>(MusicPlayer(menu_theme(), kRate).loop_frames()) / kRate, 64.0 * 60.0 / 92.0, 1e-4);
  EXPECT_NEAR(static_cast<double>(MusicPlayer(race_theme(), kRate).loop_frames()) / kRate, 128.0 * 60.0 / 140.0, 1e-4);
}

class SongTest : public ::testing::TestWithParam<int> {
 protected:
  Song song() const { return GetParam() == 0 ? menu_theme() : race_theme(); }
};

// Music all the way: every second of a pass has sound (the quietest second is above
// -40 dB RMS), nothing is louder than 0.5 (room for the effects above it, under the
// limiter's knee at 0.8), and the voices suffice (no note cuts another short). The pass
// after it, with the first one's tails, is checked below (LoopsWithoutAClick).
TEST_P(SongTest, NonSilentBoundedEnoughVoices) {
  MusicPlayer p(song(), kRate);
  const double seconds = static_cast<double>(p.loop_frames()) / kRate;
  const std::vector<float> x = render(p, seconds);
  ASSERT_TRUE(test::all_finite(x));
  EXPECT_LT(test::peak(x), 0.5);
  double quietest = 1.0;
  for (std::size_t at = 0; at + 2 * 48000 <= x.size(); at += 2 * 48000)
    quietest = std::min(quietest, test::rms(std::span<const float>(x.data() + at, 2 * 48000)));
  EXPECT_GT(quietest, 0.01) << p.song().name;
  EXPECT_EQ(p.voices_stolen(), 0) << p.song().name;
  std::printf("%s: loop %.2f s, peak %.3f, RMS %.3f, quietest second %.4f\n", p.song().name.c_str(),
              static_cast<double>(p.loop_frames()) / kRate, test::peak(x), test::rms(x), quietest);
}

TEST_P(SongTest, DeterministicAtAnyBlockSize) {
  MusicPlayer a(song(), kRate), b(song(), kRate);
  const std::vector<float> whole = render(a, 6.0);
  // The same 6 s in odd blocks (1, 7, 300, 4096 frames, ...): notes start at exact samples.
  std::vector<float> pieces(whole.size());
  std::size_t at = 0;
  const std::size_t sizes[] = {1, 7, 300, 4096, 5000, 64};
  for (std::size_t k = 0; at < whole.size() / 2; ++k) {
    const std::size_t n = std::min(sizes[k % std::size(sizes)], whole.size() / 2 - at);
    b.render(std::span<float>(pieces.data() + 2 * at, 2 * n));
    at += n;
  }
  EXPECT_EQ(whole, pieces);
  MusicPlayer c(song(), kRate);
  EXPECT_EQ(whole, render(c, 6.0));
}

// The loop point is no click: the step between the last sample of a pass and the first of
// the next is no bigger than the biggest step anywhere inside the pass (the music's own
// transients: the hats' noise, the kick's attack). And the loop repeats: the second pass
// equals the first once the first pass's release tails and echoes (under -80 dB after 4 s:
// the echo's feedback 0.4 per 3 16ths, the pads' 0.5 s release) have died away.
TEST_P(SongTest, LoopsWithoutAClick) {
  MusicPlayer p(song(), kRate);
  const auto loop = static_cast<std::size_t>(p.loop_frames());
  std::vector<float> x(2 * (2 * loop + 4800));
  p.render(x);
  EXPECT_LT(test::peak(x), 0.5);
  EXPECT_EQ(p.voices_stolen(), 0) << p.song().name << ": the first pass's tails leave the second enough voices";
  for (std::size_t ch = 0; ch < 2; ++ch) {
    const double inside = max_step(x, ch, 1, loop);
    const double at_loop = max_step(x, ch, loop - 2, loop + 2);
    EXPECT_LE(at_loop, inside) << p.song().name << " channel " << ch;
  }
  const std::size_t settled = static_cast<std::size_t>(4.0 * kRate);
  double worst = 0.0;
  for (std::size_t i = settled; i < loop; ++i)
    for (std::size_t ch = 0; ch < 2; ++ch)
      worst = std::max(worst, std::abs(static_cast<double>(x[2 * (loop + i) + ch]) - static_cast<double>(x[2 * i + ch])));
  EXPECT_LT(worst, 1e-4) << p.song().name << ": the second pass differs from the first";
}

TEST_P(SongTest, RestartPlaysFromTheTop) {
  MusicPlayer p(song(), kRate);
  const std::vector<float> first = render(p, 3.0);
  render(p, 1.5);
  p.restart();
  EXPECT_EQ(p.position(), 0);
  EXPECT_EQ(render(p, 3.0), first);
}

// What the audio thread pays: the song's render time per second of audio (printed for
// docs/performance.md). Bound: 10% of a core, 5-7 times the 14-30 ms measured (quiet to
// heavily loaded machine), so only a pathological slowdown trips it; ten times that under
// AddressSanitizer, which slows this loop several-fold.
TEST_P(SongTest, RenderCost) {
  MusicPlayer p(song(), kRate);
  std::vector<float> block(2 * 512);
  const int blocks = static_cast<int>(20.0 * kRate / 512.0);  // 20 s in the callback's 512-frame blocks
  const std::clock_t t0 = std::clock();  // CPU time: other processes on the machine do not count
  for (int i = 0; i < blocks; ++i) p.render(block);
  const double s = static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
  const double ms_per_s = 1000.0 * s / (static_cast<double>(blocks) * 512.0 / kRate);
  std::printf("%s: %.2f ms of CPU per second of audio (48 kHz stereo, 512-frame blocks)\n", p.song().name.c_str(), ms_per_s);
#if defined(__SANITIZE_ADDRESS__)
  EXPECT_LT(ms_per_s, 1000.0);
#else
  EXPECT_LT(ms_per_s, 100.0);
#endif
}

INSTANTIATE_TEST_SUITE_P(Songs, SongTest, ::testing::Values(0, 1),
                         [](const ::testing::TestParamInfo<int>& p) { return p.param == 0 ? std::string("Menu") : std::string("Race"); });

}  // namespace
}  // namespace racer::audio
