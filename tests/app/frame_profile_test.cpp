// The Performance panel's AI layer figures: the race's probe timed by a fake clock, added to
// the frame profile, read back as the panel's numbers and plots.
#include <gtest/gtest.h>

#include "app/frame_profile.h"
#include "app/perf_figures.h"
#include "race/race.h"
#include "test_paths.h"
#include "test_profiles.h"
#include "track/track.h"

namespace racer {
namespace {

using Phase = StepProbe::Phase;

// Each reading of the fake step clock advances it by one tick (2^-10 s: sums of ticks are
// exact in a double), so a layer, which reads the clock only on entering and leaving and
// holds no other timed phase, lasts exactly one tick each time it runs.
constexpr double kTick = 1.0 / 1024.0;

TEST(FrameProfile, AiLayerTimesLandInThePanelFigures) {
  auto track = Track::load(test::source_path("tracks/kestrel_downs.json"));
  ASSERT_TRUE(track.ok()) << track.error_text();
  const Result<CarSpec> spec = load_car_spec(test::car_path("sedan"));
  ASSERT_TRUE(spec.ok());
  RaceConfig config;
  config.laps = 1;
  config.rate_hz = 120.0;
  Race race(track.value(), make_field(spec.value(), "sedan", test::shipped_profiles(), "mixed", 3), config);

  long readings = 0;
  AiStepTimer timer([&readings] { return kTick * static_cast<double>(++readings); });
  race.set_probe(&timer);
  timer.start();
  for (int i = 0; i < 240; ++i) race.step();
  race.set_probe(nullptr);

  ASSERT_EQ(timer.count(Phase::Drivers), 240);
  EXPECT_GT(timer.count(Phase::Sense), 0);
  for (std::size_t k = 0; k < kAiLayers; ++k) {
    const auto layer = static_cast<Phase>(k + 1);
    EXPECT_EQ(timer.seconds(layer), kTick * timer.count(layer)) << kAiLayerNames[k];
  }

  double frame_clock = 0.0;
  FrameProfile profile([&frame_clock] { return frame_clock; });
  profile.begin_frame();
  const double physics = 0.002;  // s of the steps outside the drivers
  add_step_times(profile, timer, timer.ai_seconds() + physics);
  frame_clock = 0.6;  // one frame longer than the averaging window: the averages are this frame's
  profile.begin_frame();

  const PerfFigures figures = perf_figures(profile.averages());
  const PerfHistory history = perf_history(profile);
  ASSERT_EQ(history.frame_ms.size(), 1u);
  EXPECT_DOUBLE_EQ(figures.ai_ms, 1e3 * timer.ai_seconds());
  EXPECT_NEAR(figures.physics_ms, 1e3 * physics, 1e-9);  // (a+p)-a in doubles
  for (std::size_t k = 0; k < kAiLayers; ++k) {
    const double ms = 1e3 * kTick * timer.count(static_cast<Phase>(k + 1));
    EXPECT_DOUBLE_EQ(figures.ai_layer_ms[k], ms) << kAiLayerNames[k];
    ASSERT_EQ(history.ai_layer_ms[k].size(), 1u);
    EXPECT_FLOAT_EQ(history.ai_layer_ms[k][0], static_cast<float>(ms)) << kAiLayerNames[k];
  }
  // The layers are parts of the drivers' time: the drivers' phase also holds their nesting.
  double layers = 0.0;
  for (const double ms : figures.ai_layer_ms) layers += ms;
  EXPECT_LT(layers, figures.ai_ms);
}

}  // namespace
}  // namespace racer
