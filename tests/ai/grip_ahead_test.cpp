// grip_ahead (src/ai/grip_ahead.h): the least grip of the line just ahead, and what it is for:
// a hard sedan through Quarry Stage's dirt S-bend (tests/track/unseen/quarry_stage.json)
// stays near its line.
#include "ai/grip_ahead.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "ai/driver.h"
#include "race/race.h"
#include "test_paths.h"
#include "track/track.h"

namespace racer {
namespace {

// A closed line of 10 samples 2 m apart: asphalt with dirt at samples 5 and 6.
LineSurface dirt_at_five_and_six() {
  LineSurface s;
  s.grip.assign(10, 1.0);
  s.rolling.assign(10, 0.013);
  s.grip[5] = s.grip[6] = 0.7;
  s.rolling[5] = s.rolling[6] = 0.04;
  return s;
}

TEST(GripAhead, PlansEachSampleWithTheLeastGripOfTheStretchAhead) {
  const LineSurface out = grip_ahead(dirt_at_five_and_six(), 2.0, 4.0);  // 4 m: two samples ahead
  const std::vector<double> want = {1.0, 1.0, 1.0, 0.7, 0.7, 0.7, 0.7, 1.0, 1.0, 1.0};
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_DOUBLE_EQ(out.grip[i], want[i]) << "sample " << i;
  EXPECT_DOUBLE_EQ(out.rolling[4], 0.013) << "the rolling resistance is the sample's own";
}

TEST(GripAhead, WrapsRoundTheClosedLineAndKeepsAUniformSurface) {
  LineSurface s = dirt_at_five_and_six();
  s.grip.assign(10, 1.0);
  s.grip[0] = 0.5;
  const LineSurface out = grip_ahead(s, 2.0, 2.0);
  EXPECT_DOUBLE_EQ(out.grip[9], 0.5) << "the sample before the start sees the start";
  EXPECT_DOUBLE_EQ(out.grip[8], 1.0);
  EXPECT_EQ(grip_ahead(s, 2.0, 0.0).grip, s.grip) << "no stretch ahead: nothing changes";
}

// A hard sedan (the judged races' car, at 98% of its limit) alone on Quarry Stage for two
// laps: through the dirt S-bend (the line's samples on dirt and the 12 m before it) it stays
// within 2 m of its line and off the walls. (Its wander in Cragmoor Stage's dirt bends is up
// to 1.5 m, `racer-bench lap --track tracks/cragmoor_stage.json`; a car sliding off its line
// on the dirt, as the did by 4 m, fails.)
TEST(GripAhead, AHardSedanHoldsItsLineThroughADirtSBend) {
  auto track = Track::load(test::source_path("tests/track/unseen/quarry_stage.json"));
  ASSERT_TRUE(track.ok()) << track.error_text();
  const Result<CarSpec> spec = load_car_spec(test::car_path("sedan"));
  ASSERT_TRUE(spec.ok()) << spec.error_text();
  const Result<AiParams> hard = load_ai_params(test::source_path("assets/ai/hard.json"));
  ASSERT_TRUE(hard.ok()) << hard.error_text();
  AiParams params = hard.value();
  params.mistakes_per_minute = 0.0;
  RaceConfig config;
  config.laps = 2;
  Race race(track.value(), {RaceEntry{"AI", "sedan", spec.value(), params}}, config);
  const AiDriver& driver = race.driver(0);
  const SpeedProfile& limit = driver.route().limit;
  double worst_on_dirt = 0.0;
  int dirt_steps = 0;
  while (!race.over()) {
    race.step();
    const DriverState& st = driver.state();
    const double grip = limit.mu[driver.route().line.index_at(st.s)] / driver.route().envelope.mu_peak;
    if (grip > 0.9) continue;  // asphalt (the line's grip is the dirt's 0.7 on it and the 12 m before it)
    ++dirt_steps;
    worst_on_dirt = std::max(worst_on_dirt, std::abs(st.lateral - st.offset));
  }
  EXPECT_GT(dirt_steps, 2000) << "the S-bend is on dirt (steps of 1/240 s)";
  EXPECT_LT(worst_on_dirt, 2.0) << "m off the line on the dirt";
  EXPECT_EQ(race.result().cars.front().wall_contacts, 0);
}

}  // namespace
}  // namespace racer
