// Gear-change blips: a short transient, silent afterwards; no sound without a change.
#include "audio/shift_voice.h"

#include <gtest/gtest.h>

#include <vector>

#include "measure.h"

namespace racer::audio {
namespace {

constexpr double kRate = 48000.0;

std::vector<float> blip(int from, int to) {
  ShiftVoice v(kRate);
  v.trigger(from, to);
  std::vector<float> out(static_cast<std::size_t>(0.3 * kRate), 0.0f);
  v.render_add(out);
  return out;
}

TEST(ShiftVoice, AShortBlipThenSilence) {
  const std::vector<float> x = blip(2, 3);
  const std::span<const float> all(x);
  EXPECT_GT(test::peak(all.subspan(0, 960)), 0.05);  // heard in the first 20 ms
  const auto end = static_cast<std::size_t>(ShiftVoice::kDuration * kRate);
  EXPECT_EQ(test::peak(all.subspan(end)), 0.0);
  // The tail fades out: the last 2 ms before the end are far quieter than the start.
  EXPECT_LT(test::peak(all.subspan(end - 96, 96)), 0.1 * test::peak(all.subspan(0, 960)));
}

TEST(ShiftVoice, NoChangeNoSound) { EXPECT_EQ(test::peak(blip(3, 3)), 0.0); }

TEST(ShiftVoice, DownShiftsSoundDifferent) {
  EXPECT_NE(blip(3, 2), blip(2, 3));
  EXPECT_TRUE(test::all_finite(blip(-1, 6)));
  EXPECT_LE(test::peak(blip(5, 1)), 1.0);
}

}  // namespace
}  // namespace racer::audio
