// The race's StepProbe reaches into every AI driver: each layer is entered and left once on
// each step it runs (at its own rate), inside the drivers' phase; observing changes nothing.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "ai/detour.h"
#include "ai/driver_road.h"
#include "core/step_probe.h"
#include "race/race.h"
#include "test_paths.h"
#include "test_profiles.h"
#include "track/track.h"

namespace racer {
namespace {

using Phase = StepProbe::Phase;

/// Counts each phase's entries and exits and checks they pair and nest: layers only inside
/// Drivers, one layer open at a time.
struct CountingProbe : StepProbe {
  std::vector<Phase> open;
  std::array<int, kPhases> enters{}, leaves{};
  int misnested = 0;

  void enter(Phase p) override {
    const bool ok = p == Phase::Drivers ? open.empty() : open.size() == 1 && open[0] == Phase::Drivers;
    if (!ok) ++misnested;
    open.push_back(p);
    enters[static_cast<std::size_t>(p)] += 1;
  }
  void leave(Phase p) override {
    if (open.empty() || open.back() != p) ++misnested;
    else open.pop_back();
    leaves[static_cast<std::size_t>(p)] += 1;
  }
  int count(Phase p) const { return leaves[static_cast<std::size_t>(p)]; }
};

struct ProbeRace {
  std::shared_ptr<const Track> track;
  std::vector<RaceEntry> field;
  RaceConfig config;
};

ProbeRace probe_race(int cars) {
  auto track = Track::load(test::source_path("tracks/kestrel_downs.json"));
  EXPECT_TRUE(track.ok()) << track.error_text();
  const Result<CarSpec> spec = load_car_spec(test::car_path("sedan"));
  EXPECT_TRUE(spec.ok());
  ProbeRace s{track.value(), make_field(spec.value(), "sedan", test::shipped_profiles(), "mixed", cars), {}};
  s.config.laps = 1;
  s.config.seed = 1;
  s.config.rate_hz = 120.0;
  s.config.time_limit_s = 30.0;
  return s;
}

// Four AI cars for 8 s: every layer's count is the number of (car, step) pairs on which it
// runs at its rate (sense and the pedals every step, traffic, racecraft and DWA at local_hz,
// the speed plan and tracking at tracking_hz, routing at 2 Hz), with no recovery in a clean
// start.
TEST(RaceProbe, EachLayerOnceOnEveryStepItRuns) {
  ProbeRace s = probe_race(4);
  Race race(s.track, s.field, s.config);
  CountingProbe probe;
  race.set_probe(&probe);
  const double dt = 1.0 / s.config.rate_hz;
  const int local = every(dt, s.config.driver.local_hz), track = every(dt, s.config.driver.tracking_hz);
  const int routing = every(dt, kRouteHz);
  int ticks = 0, local_ticks = 0, tracking_ticks = 0, routing_ticks = 0, steps = 0;
  const int cars = static_cast<int>(race.car_count());
  for (; steps < 960; ++steps) {
    if (race.started()) {  // this step ticks every AI driver with view.step = the world's steps
      const auto step = static_cast<long>(race.world().steps());
      ticks += cars;
      local_ticks += step % local == 0 ? cars : 0;
      tracking_ticks += step % track == 0 ? cars : 0;
      routing_ticks += step % routing == 0 ? cars : 0;
    }
    race.step();
  }
  for (std::size_t i = 0; i < race.car_count(); ++i) ASSERT_EQ(race.driver(i).state().recoveries, 0) << i;
  EXPECT_EQ(probe.misnested, 0);
  EXPECT_TRUE(probe.open.empty());
  EXPECT_EQ(probe.enters, probe.leaves);
  EXPECT_EQ(probe.count(Phase::Drivers), steps);
  EXPECT_GT(ticks, 0);
  EXPECT_EQ(probe.count(Phase::Sense), ticks);
  EXPECT_EQ(probe.count(Phase::Pedals), ticks);
  EXPECT_EQ(probe.count(Phase::Recovery), 0);
  EXPECT_EQ(probe.count(Phase::Traffic), local_ticks);
  EXPECT_EQ(probe.count(Phase::Racecraft), local_ticks);
  EXPECT_EQ(probe.count(Phase::Dwa), local_ticks);
  EXPECT_EQ(probe.count(Phase::SpeedPlan), tracking_ticks);
  EXPECT_EQ(probe.count(Phase::Tracking), tracking_ticks);
  EXPECT_EQ(probe.count(Phase::Routing), routing_ticks);
}

// The same race with and without a probe: the same state hash, step for step.
TEST(RaceProbe, ObservingChangesNothing) {
  ProbeRace s = probe_race(4);
  Race plain(s.track, s.field, s.config);
  Race observed(s.track, s.field, s.config);
  CountingProbe probe;
  observed.set_probe(&probe);
  for (int i = 0; i < 1800; ++i) {
    plain.step();
    observed.step();
  }
  EXPECT_GT(probe.count(Phase::Sense), 0);
  EXPECT_EQ(plain.result().state_hash, observed.result().state_hash);
  observed.set_probe(nullptr);
  const int sensed = probe.count(Phase::Sense);
  observed.step();
  EXPECT_EQ(probe.count(Phase::Sense), sensed) << "a null probe is told nothing";
}

}  // namespace
}  // namespace racer
