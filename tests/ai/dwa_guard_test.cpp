// The AI driver's DWA guard (src/ai/dwa_guard.h) in a long bend: a car with another held
// beside it through Double Spiral's tightening bend (tests/track/unseen/double_spiral.json:
// 220 m to 45 m radius while the road narrows from 15 m to 10 m) stays on the road; and the
// wheel a car drives with while DWA has it (dwa_wheel).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "ai/driver.h"
#include "ai/route.h"
#include "driver_scenes.h"
#include "race/race.h"
#include "test_paths.h"
#include "track/track.h"

namespace racer {
namespace {

using namespace racer::test;

struct BesideRun {
  double worst_off_road = -1e9;  // m of our car's centre beyond the route's room (the road's edge less the line margin)
  int wall_contacts = 0;
  double bend_s = 0.0, end_s = 0.0;
};

// Our hard car on its line 60 m before the first bend, the other car held beside it on `side`
// (+1 the inside), at our speed, until we leave the bend.
BesideRun beside_through_the_bend(int side) {
  Shipped shipped;
  auto track = Track::load(source_path("tests/track/unseen/double_spiral.json"));
  EXPECT_TRUE(track.ok()) << track.error_text();
  if (!track.ok()) return {};
  const Result<CarSpec> sedan = load_car_spec(car_path("sedan"));
  EXPECT_TRUE(sedan.ok()) << sedan.error_text();
  shipped = Shipped{track.value(), sedan.value()};
  const AiParams ours = scenario_profile("hard");
  Race race = scenario_race(shipped, ours, ours);
  const AiRoute& route = race.driver(0).route();
  BesideRun out;
  // The bend: from where the line first curves tighter than 300 m after the straight (the
  // line starts on it, the last bend's end behind) to where it is straight again.
  double s = 200.0;
  while (std::abs(route.path.curvature_at(s)) < 1.0 / 300.0) s += 1.0;
  out.bend_s = s;
  while (std::abs(route.path.curvature_at(s)) > 1.0 / 1000.0 || s < out.bend_s + 100.0) s += 1.0;
  out.end_s = s;
  const double start = out.bend_s - 60.0;
  place_on_line(race, route, 0, start, race.driver(0).profile().target_speed(start) * ours.speed_use);
  race.step();  // our place on the line
  while (race.world().time() < 30.0) {
    const DriverState& st = race.driver(0).state();
    if (st.s > out.end_s) break;
    // The other car: 1 m ahead of ours along the line, 3.5 m to its side (a car's width and
    // 1.7 m of daylight), heading along the line at our speed.
    const PathSample at = route.path.at(st.s + 1.0);
    race.world().car(1).place(at.position + at.normal * (st.lateral + side * 3.5), std::atan2(at.tangent.y, at.tangent.x),
                              std::max(5.0, race.world().car(0).forward_speed()));
    race.step();
    const std::size_t k = route.line.index_at(st.s);
    out.worst_off_road = std::max({out.worst_off_road, st.lateral - route.room_left[k], -st.lateral - route.room_right[k]});
  }
  out.wall_contacts = race.result().cars.front().wall_contacts;
  EXPECT_GT(race.driver(0).state().s, out.end_s) << "it got through the bend";
  return out;
}

// Held beside us on the inside, then the outside: our car stays on the road through the whole
// bend and off the walls. 0.5 m beyond the room still has the car's side on the road (the
// room keeps the line margin, 1.4 m, from the edge; the car is 1.8 m wide). (Side by side,
// racecraft takes a lane and holds it, and DWA leaves the car in the next lane to the lane
// hold; DWA's own part, never an arc off the road where the tracker's stays on, is
// Dwa.NeverLeavesTheRoadWhereThePreferredArcStaysOn.)
TEST(DwaGuard, ACarBesideAnotherThroughALongBendStaysOnTheRoad) {
  for (int side : {+1, -1}) {
    const BesideRun run = beside_through_the_bend(side);
    EXPECT_GT(run.end_s - run.bend_s, 200.0) << "the bend is long";
    EXPECT_LT(run.worst_off_road, 0.5) << "m beyond the room, other car on side " << side;
    EXPECT_EQ(run.wall_contacts, 0) << "side " << side;
  }
}

// The wheel while DWA has it: off a narrow road, the kinematic steer of DWA's arc whatever
// the tracker asks; on one, the tracker's steer when DWA keeps the tracker's arc (no jump as
// DWA takes the wheel), turned by DWA's difference from it otherwise, within the lock.
TEST(DwaGuard, OnANarrowRoadDwaTurnsTheTrackersSteer) {
  DwaOutput dwa;
  dwa.steer = 0.15, dwa.steer_turn = 0.0;  // a bend at the grip limit: the tracker asks 0.55
  EXPECT_EQ(dwa_wheel(dwa, 0.55, false), 0.15);
  EXPECT_EQ(dwa_wheel(dwa, 0.55, true), 0.55);
  dwa.steer_turn = -0.1;  // an arc 0.1 less to the left than the tracker's
  EXPECT_NEAR(dwa_wheel(dwa, 0.55, true), 0.45, 1e-12);
  dwa.steer_turn = 0.6;
  EXPECT_EQ(dwa_wheel(dwa, 0.55, true), 1.0) << "within the lock";
}

}  // namespace
}  // namespace racer
