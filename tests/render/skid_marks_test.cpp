// SkidMarks fade with age; car paints: the player's colour is unlike any AI car's.
#include "render/skid_marks.h"

#include <gtest/gtest.h>

#include "render/car_view.h"

namespace racer {
namespace {

CarSnapshot sliding_at(Vec2 p) {
  CarSnapshot c;
  c.position = p;
  c.velocity = {15.0, 0.0};
  c.speed = 15.0;
  for (std::size_t i = 0; i < 4; ++i) {
    c.wheels[i].position = p + Vec2{i < 2 ? 1.3 : -1.3, i % 2 == 0 ? 0.8 : -0.8};
    c.wheels[i].load = 3500.0;
    c.wheels[i].slip_angle = 0.5;
  }
  return c;
}

TEST(SkidMarks, MarksFadeAwayWithAge) {
  SkidMarkConfig cfg;
  cfg.fade_start_s = 10.0;
  cfg.fade_s = 10.0;
  SkidMarks marks(cfg);
  const CarSpec spec;
  const double dt = 1.0 / 240.0;
  for (int i = 0; i < 240; ++i) marks.add(sliding_at({15.0 * dt * i, 0.0}), spec, dt);
  EXPECT_GT(marks.segment_count(), 40u) << "a slide leaves marks";
  EXPECT_NEAR(marks.time(), 1.0, 1e-9);
  EXPECT_DOUBLE_EQ(marks.strength(0.5), 1.0) << "fresh marks are at full strength";
  // The clock runs on with the car stopped (no new marks).
  CarSnapshot still = sliding_at({0.0, 0.0});
  still.speed = 0.0;
  double last = 1.0;
  for (int s = 0; s < 25; ++s) {
    for (int i = 0; i < 240; ++i) marks.add(still, spec, dt);
    const double k = marks.strength(0.5);
    EXPECT_LE(k, last + 1e-12) << "never darkens again";
    last = k;
  }
  EXPECT_NEAR(marks.time(), 26.0, 1e-6);
  EXPECT_DOUBLE_EQ(marks.strength(0.5), 0.0) << "gone after fade_start_s + fade_s";
  EXPECT_NEAR(marks.strength(26.0 - 15.0), 0.5, 1e-6) << "half way through the fade";
  SkidMarkConfig forever;
  forever.fade_s = 0.0;
  SkidMarks kept(forever);
  for (int i = 0; i < 100 * 240; ++i) kept.add(still, spec, dt);
  EXPECT_DOUBLE_EQ(kept.strength(0.0), 1.0) << "fade_s <= 0 keeps the marks";
}

TEST(CarPaint, PlayerStandsOutFromTheField) {
  const Rgba player = player_paint().body;
  for (std::size_t i = 0; i < 12; ++i) {
    const Rgba ai = driver_paint(i < 3 ? i : i + 1, 3).body;
    const int d = std::abs(ai.r - player.r) + std::abs(ai.g - player.g) + std::abs(ai.b - player.b);
    EXPECT_GT(d, 120) << "AI car " << i;
  }
  EXPECT_EQ(driver_paint(3, 3).body.r, player.r);
  // Neighbours on the grid never share a colour.
  for (std::size_t i = 0; i + 1 < kAiPaintCount; ++i) {
    const Rgba a = ai_paint(i).body, b = ai_paint(i + 1).body;
    EXPECT_FALSE(a.r == b.r && a.g == b.g && a.b == b.b) << i;
  }
}

}  // namespace
}  // namespace racer
