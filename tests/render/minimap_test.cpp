// Minimap layout: the track's bounds map inside the widget, centred, with the aspect kept;
// the widget sits in the bottom-left corner at every display size.
#include "render/minimap.h"

#include <gtest/gtest.h>

#include "test_paths.h"

namespace racer {
namespace {

TEST(Minimap, FitKeepsTheAspectAndStaysInside) {
  const ScreenRect box{20.0, 400.0, 300.0, 200.0};
  for (const auto& [lo, hi] : {std::pair{Vec2{-100.0, -50.0}, Vec2{300.0, 150.0}}, std::pair{Vec2{0.0, 0.0}, Vec2{50.0, 900.0}},
                               std::pair{Vec2{-10.0, -10.0}, Vec2{10.0, 10.0}}}) {
    const MinimapTransform t = fit_minimap(lo, hi, box, 10.0);
    const Vec2 a = t.to_screen(lo), b = t.to_screen(hi);
    const ScreenRect inner{box.x + 10.0, box.y + 10.0, box.w - 20.0, box.h - 20.0};
    EXPECT_TRUE(inner.contains(a)) << a.x << "," << a.y;
    EXPECT_TRUE(inner.contains(b)) << b.x << "," << b.y;
    EXPECT_TRUE(inner.contains(t.to_screen({lo.x, hi.y})));
    EXPECT_TRUE(inner.contains(t.to_screen({hi.x, lo.y})));
    // One scale for both axes: the aspect is kept.
    EXPECT_NEAR((b.x - a.x) / (hi.x - lo.x), (a.y - b.y) / (hi.y - lo.y), 1e-9) << "uniform scale, y flipped";
    // It fills the box on the limiting axis and is centred on both.
    EXPECT_TRUE(std::abs((b.x - a.x) - inner.w) < 1e-6 || std::abs((a.y - b.y) - inner.h) < 1e-6);
    EXPECT_NEAR((a.x + b.x) / 2.0, box.x + box.w / 2.0, 1e-9);
    EXPECT_NEAR((a.y + b.y) / 2.0, box.y + box.h / 2.0, 1e-9);
    // North is up.
    EXPECT_LT(b.y, a.y);
  }
}

TEST(Minimap, RectIsInTheBottomLeftCornerAtEverySize) {
  for (const auto& [w, h] : {std::pair{1280.0, 720.0}, std::pair{1920.0, 1080.0}, std::pair{2560.0, 1080.0}, std::pair{800.0, 600.0}}) {
    for (const Vec2 size : {Vec2{800.0, 400.0}, Vec2{300.0, 700.0}, Vec2{500.0, 500.0}}) {
      const ScreenRect r = minimap_rect(w, h, size);
      EXPECT_GT(r.x, 0.0);
      EXPECT_LT(r.x, 0.05 * w);
      EXPECT_LE(r.y + r.h, h);
      EXPECT_GT(r.y + r.h, 0.9 * h);
      EXPECT_LE(std::max(r.w, r.h), 0.30 * h + 1e-9) << "scales with the display";
      EXPECT_GE(std::min(r.w, r.h), 0.5 * 0.30 * h);
      if (size.x > size.y) {
        EXPECT_GT(r.w, r.h);
      }
      if (size.y > size.x) {
        EXPECT_GT(r.h, r.w);
      }
    }
  }
  const ScreenRect small = minimap_rect(1280.0, 720.0, {500.0, 500.0}), big = minimap_rect(1920.0, 1080.0, {500.0, 500.0});
  EXPECT_NEAR(big.w / small.w, 1.5, 1e-9);
}

TEST(Minimap, TrackOutlineFitsItsWidget) {
  auto track = Track::load(test::source_path("tracks/lantern_hill.json"));
  ASSERT_TRUE(track.ok()) << track.error_text();
  const Minimap map(*track.value());
  const Vec2 size = map.world_size();
  ASSERT_GT(size.x, 50.0);
  ASSERT_GT(size.y, 50.0);
  const ScreenRect box = minimap_rect(1920.0, 1080.0, size);
  const MinimapTransform t = map.transform(box);
  for (const CentreSample& s : track.value()->centreline().samples()) {
    EXPECT_TRUE(box.contains(t.to_screen(s.position)));
    EXPECT_TRUE(box.contains(t.to_screen(s.position + s.normal * (0.5 * s.width))));
  }
  for (const Pose& slot : track.value()->grid()) EXPECT_TRUE(box.contains(t.to_screen(slot.position)));
}

}  // namespace
}  // namespace racer
