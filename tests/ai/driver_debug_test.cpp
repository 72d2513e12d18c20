// The AI driver's debug record (ai/driver_debug.h), what the debug overlays draw: it is what
// the driver used in that step (DWA's samples and choice, the router's search and the detour
// followed, the tracker's lookahead point), and recording it changes no control.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "ai/ai_params.h"
#include "ai/driver.h"
#include "ai/route.h"
#include "core/math.h"
#include "race/race.h"
#include "track/track.h"
#include "driver_scenes.h"

namespace racer {
namespace {

using namespace racer::test;

// Car 0 (hard) 15 m behind car 1 (easy, never passing) on Foundry Loop's line at the easy
// car's speed, 150 m before the first bend (s = 170 m; the pass scenarios' start, where a
// lane has room beside the easy car for the pass): car 0 closes, DWA wakes for the car ahead
// and racecraft takes a passing lane.
AiParams lead_profile() {
  AiParams lead = scenario_profile("easy");
  lead.overtake_offset = 0.0;
  return lead;
}
void place_closing(Race& race) {
  const AiRoute& route = race.driver(0).route();
  const double s = 5.0;
  const double v = race.driver(1).profile().target_speed(s + 15.0) * lead_profile().speed_use;
  place_on_line(race, route, 1, s + 15.0, v);
  place_on_line(race, route, 0, s, v);
}

// Recording is not steering: the same race with every driver recording and with none gives
// the same controls every step and the same state hash after 8 s of closing and passing.
TEST(DriverDebug, RecordingChangesNoControl) {
  Shipped shipped;
  ASSERT_NO_FATAL_FAILURE(load_shipped("foundry_loop.json", shipped));
  Race plain = scenario_race(shipped, scenario_profile("hard"), lead_profile());
  Race recorded = scenario_race(shipped, scenario_profile("hard"), lead_profile());
  place_closing(plain);
  place_closing(recorded);
  recorded.set_drivers_debug(true);
  ASSERT_EQ(plain.driver(0).debug(), nullptr);
  ASSERT_NE(recorded.driver(0).debug(), nullptr);
  int dwa_decisions = 0;
  while (recorded.world().time() < 8.0) {
    plain.step();
    recorded.step();
    for (std::size_t i = 0; i < 2; ++i) {
      const Controls& a = plain.controls(i);
      const Controls& b = recorded.controls(i);
      ASSERT_EQ(a.steer, b.steer) << "car " << i << " at step " << recorded.world().steps();
      ASSERT_EQ(a.throttle, b.throttle) << "car " << i << " at step " << recorded.world().steps();
      ASSERT_EQ(a.brake, b.brake) << "car " << i << " at step " << recorded.world().steps();
    }
    const DriverDebug* d = recorded.driver(0).debug();
    if (d->dwa->ran && d->dwa->step == d->step) ++dwa_decisions;
  }
  EXPECT_EQ(plain.world().state_hash(), recorded.world().state_hash());
  EXPECT_GT(dwa_decisions, 30) << "DWA hardly ran: the scene tests the record of nothing";
}

// DWA's record is the decision the driver used: the chosen sample is the recorded sample
// with the highest score among the clear ones (the first in row-major order on a tie, as the
// planner breaks ties), its (v, omega) is the decision's, and the steer and speed the driver
// took from DWA (DriverState) are the record's. Every sample of the window is recorded.
TEST(DriverDebug, DwaRecordIsTheDecisionUsed) {
  Shipped shipped;
  ASSERT_NO_FATAL_FAILURE(load_shipped("foundry_loop.json", shipped));
  Race race = scenario_race(shipped, scenario_profile("hard"), lead_profile());
  place_closing(race);
  race.set_drivers_debug(true);
  int checked = 0, with_collisions = 0, steering = 0;
  while (race.world().time() < 8.0) {
    race.step();
    const DriverDebug& d = *race.driver(0).debug();
    ASSERT_EQ(d.step, race.world().steps() - 1);
    const DwaRecord& r = *d.dwa;
    if (!r.ran || r.step != d.step || !r.decision.admissible) continue;
    const DwaTrace& t = r.trace;
    ASSERT_EQ(static_cast<int>(t.samples.size()), t.rows * t.columns);
    ASSERT_EQ(t.rows * t.columns, r.decision.sample_count);
    int best = -1;
    bool collided = false;
    for (int k = 0; k < static_cast<int>(t.samples.size()); ++k) {
      const DwaSampleTrace& s = t.samples[static_cast<std::size_t>(k)];
      collided = collided || s.colliding();
      if (!s.colliding() && (best < 0 || s.score > t.samples[static_cast<std::size_t>(best)].score)) best = k;
    }
    const int chosen = r.decision.v_index * t.columns + r.decision.w_index;
    ASSERT_EQ(best, chosen) << "at step " << d.step;
    const DwaSampleTrace& c = t.samples[static_cast<std::size_t>(chosen)];
    EXPECT_TRUE(c.traced);
    EXPECT_EQ(c.v, r.decision.v);
    EXPECT_EQ(c.omega, r.decision.omega);
    EXPECT_EQ(c.score, r.decision.score);
    const DriverState& st = race.driver(0).state();
    EXPECT_EQ(st.steer_dwa, r.steer);
    EXPECT_EQ(st.dwa_speed, r.decision.v);
    EXPECT_EQ(st.dwa_steering, r.steering);
    // The arc drawn starts at the car as DWA saw it this step.
    EXPECT_LT(length(r.state.pos - race.world().car(0).position()), 2.0);
    ++checked;
    with_collisions += collided ? 1 : 0;
    steering += r.steering ? 1 : 0;
  }
  EXPECT_GT(checked, 30);
  EXPECT_GT(with_collisions, 0) << "no decision had a colliding sample: the scene tests little";
}

// The router's record is the search the driver followed: with car 1 stopped across the line
// 60 m ahead, car 0 plans a detour; the detour it follows is the recorded search's way (every
// fourth cell and the last, as the detour keeps them), the search expanded cells from the
// car's own, and the tracker's lookahead point lies on that detour.
TEST(DriverDebug, RouterRecordIsTheDetourFollowed) {
  Shipped shipped;
  ASSERT_NO_FATAL_FAILURE(load_shipped("kestrel_downs.json", shipped));
  const std::unique_ptr<Race> owned = pair_race(shipped);
  Race& race = *owned;
  race.set_drivers_debug(true);
  const AiRoute& route = race.driver(0).route();
  const double s = route.path.project(race.world().car(0).position(), -1).s + 60.0;
  const PathSample at = route.path.at(s);
  const double across = std::atan2(at.tangent.y, at.tangent.x) + 0.5 * kPi;
  while (race.world().time() < 30.0 && !race.driver(0).debug()->detour) {
    race.world().car(1).place(at.position, across, 0.0);
    race.step();
  }
  const DriverDebug& d = *race.driver(0).debug();
  ASSERT_TRUE(d.detour) << "no detour planned round the stopped car";
  const RouterRecord& r = *d.router;
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.step, d.step) << "the detour starts at the step of its search";
  EXPECT_FALSE(r.expanded.empty());
  ASSERT_GE(r.cells.size(), 4u);
  EXPECT_EQ(r.expanded.front(), r.cells.front()) << "a search expands its start first";
  EXPECT_LT(length(r.cells.front() - race.world().car(0).position()), 2.0 * r.cell + 1.0);
  ASSERT_NE(d.detour_path, nullptr);
  const std::vector<Vec2>& points = d.detour_path->points();
  for (std::size_t k = 0; k + 1 < points.size(); ++k) EXPECT_EQ(points[k], r.cells[4 * k]) << "point " << k;
  EXPECT_EQ(points.back(), r.cells.back());
  // The tracker's next tick steers on the detour: its lookahead point lies on it.
  const std::int64_t planned = d.step;
  while (race.driver(0).debug()->tracker_step <= planned) {
    race.world().car(1).place(at.position, across, 0.0);
    race.step();
  }
  ASSERT_TRUE(race.driver(0).debug()->detour);
  const PathProjection p = d.detour_path->project(race.driver(0).debug()->lookahead);
  EXPECT_LT(std::abs(p.offset), 1e-6) << "m off the detour";
}

}  // namespace
}  // namespace racer
