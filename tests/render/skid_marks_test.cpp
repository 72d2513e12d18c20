// SkidMarks fade with age, differ by surface (black rubber on asphalt, lasting ruts with
// berms in loose ground), and keep to their capacity; car paints: the player's colour is
// unlike any AI car's.
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

CarSnapshot on(Surface s, CarSnapshot c) {
  for (WheelSnapshot& w : c.wheels) w.surface = s;
  return c;
}

TEST(SkidMarks, GravelRutsDifferFromAsphaltRubberAndLastLonger) {
  const CarSpec spec;
  const double dt = 1.0 / 240.0;
  SkidMarks road, gravel, grass;
  for (int i = 0; i < 240; ++i) {
    const CarSnapshot c = sliding_at({15.0 * dt * i, 0.0});
    road.add(on(Surface::Asphalt, c), spec, dt);
    gravel.add(on(Surface::Gravel, c), spec, dt);
    grass.add(on(Surface::Grass, c), spec, dt);
  }
  ASSERT_GT(road.segment_count(), 40u);
  ASSERT_GT(gravel.segment_count(), 40u);
  ASSERT_GT(grass.segment_count(), 40u);
  const SkidSegment& rubber = road.segments().front();
  const SkidSegment& rut = gravel.segments().front();
  EXPECT_FALSE(rubber.rut);
  EXPECT_TRUE(rut.rut);
  EXPECT_LT(rubber.colour.r + rubber.colour.g + rubber.colour.b, 3 * 30) << "black rubber";
  const int groove = rut.colour.r + rut.colour.g + rut.colour.b, berm = rut.berm.r + rut.berm.g + rut.berm.b;
  EXPECT_GT(groove, rubber.colour.r + rubber.colour.g + rubber.colour.b + 3 * 30) << "the gravel's own grey-brown";
  EXPECT_GT(berm, groove + 3 * 60) << "pushed-aside stones lighter than the groove";
  EXPECT_GT(rut.width, rubber.width) << "a rut is wider than the tyre by its berms";
  const SkidSegment& turf = grass.segments().front();
  EXPECT_TRUE(turf.rut);
  EXPECT_NE(turf.colour.g, rut.colour.g) << "grass is torn, not gravel";
  // Rubber is gone after 45 s; a rut is still at full strength.
  EXPECT_DOUBLE_EQ(road.strength(road.time() - 46.0), 0.0);
  EXPECT_DOUBLE_EQ(gravel.strength(gravel.time() - 46.0, false), 0.0);
  EXPECT_DOUBLE_EQ(gravel.strength(gravel.time() - 46.0, true), 1.0);
  EXPECT_DOUBLE_EQ(gravel.strength(gravel.time() - 121.0, true), 0.0) << "ruts too fade in the end";
  // Rolling straight: ruts in gravel, nothing on asphalt.
  SkidMarks rolled_road, rolled_gravel;
  for (int i = 0; i < 240; ++i) {
    CarSnapshot c = sliding_at({15.0 * dt * i, 0.0});
    for (WheelSnapshot& w : c.wheels) w.slip_angle = 0.0;
    rolled_road.add(on(Surface::Asphalt, c), spec, dt);
    rolled_gravel.add(on(Surface::Gravel, c), spec, dt);
  }
  EXPECT_EQ(rolled_road.segment_count(), 0u);
  EXPECT_GT(rolled_gravel.segment_count(), 40u);
}

TEST(SkidMarks, CountIsCapped) {
  SkidMarkConfig cfg;
  cfg.capacity = 100;
  SkidMarks marks(cfg);
  const CarSpec spec;
  const double dt = 1.0 / 240.0;
  for (int i = 0; i < 2400; ++i) {
    marks.add(on(Surface::Sand, sliding_at({15.0 * dt * i, 0.0})), spec, dt);
    ASSERT_LE(marks.segment_count(), 100u);
  }
  EXPECT_EQ(marks.segment_count(), 100u);
  double newest = 0.0;
  for (const SkidSegment& s : marks.segments()) newest = std::max(newest, s.birth);
  EXPECT_NEAR(newest, marks.time(), 0.05) << "the ring keeps the newest";
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
