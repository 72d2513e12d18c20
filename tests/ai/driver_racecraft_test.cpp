// The driver's racecraft in whole-race scenes on the shipped tracks: passing along a
// passing lane, giving room, defending the inside, letting a faster car by and giving way.
#include <box2d/b2_body.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "ai/ai_params.h"
#include "ai/driver.h"
#include "ai/filters.h"
#include "ai/route.h"
#include "core/math.h"
#include "race/race.h"
#include "test_paths.h"
#include "track/track.h"
#include "driver_scenes.h"

namespace racer {
namespace {

using namespace racer::test;

// ---------------------------------------------------------------- passing lanes

// A profile that never starts a pass (the car ahead in the pass scenarios).
AiParams never_passing(AiParams p) {
  p.overtake_offset = 0.0;
  return p;
}

// The pass scenarios' start (racer-bench pass's): car 1 on the line 150 m before the bend at
// `bend` m along it, at its profile's speed there times `lead_speed_use`; car 0 15 m behind
// it at the same speed.
void place_before_bend(Race& race, double bend, double lead_speed_use) {
  const AiRoute& route = race.driver(0).route();
  const double start = bend - 150.0;
  const double v0 = race.driver(1).profile().target_speed(start) * lead_speed_use;
  place_on_line(race, route, 1, start, v0);
  place_on_line(race, route, 0, start - 15.0, v0);
}

// A hard car 15 m behind an easy one (which never passes), both at the easy car's speed
// 150 m before Foundry Loop's first bend (s = 170 m), mistakes off: with passing lanes it
// moves to a lane, out of the easy car's lane (no following brake), and is by within 12 s
// without touching it. (A pass on a fixed offset from the racing line never got by here:
// the room ahead pulled its offset back before it was alongside.)
int seconds_to_pass(const Shipped& shipped, int& car_contacts) {
  const AiParams lead = never_passing(scenario_profile("easy"));
  Race race = scenario_race(shipped, scenario_profile("hard"), lead);
  place_before_bend(race, 170.0, lead.speed_use);
  const AiRoute& route = race.driver(0).route();
  int by = -1;
  while (race.world().time() < 12.0 && by < 0) {
    race.step();
    double ahead = race.driver(0).state().s - race.driver(1).state().s;
    ahead -= route.path.length() * std::round(ahead / route.path.length());
    if (ahead > 0.0) by = static_cast<int>(race.world().time());
  }
  car_contacts = race.result().cars.front().car_contacts;
  return by;
}

TEST(Driver, PassesASlowerCarAlongAPassingLane) {
  Shipped shipped;
  ASSERT_NO_FATAL_FAILURE(load_shipped("foundry_loop.json", shipped));
  int contacts = 0;
  const int by = seconds_to_pass(shipped, contacts);
  EXPECT_GE(by, 0) << "not by within 12 s";
  EXPECT_EQ(contacts, 0);
}

// Onto a passing lane at speed: a hard car 15 m behind an easy one (which never passes), both
// at the easy car's speed (41 m/s) 150 m before Port Ardent's bend at s = 2080 m, mistakes
// off. It takes the left-hand lane, 6 m from the line, within 2 s. Its tracker's cross-track
// correction, undamped, swung it 3.0 m beyond the lane (near the road's edge, 8.9 m out) and
// into the bend too fast to make the lane's merge behind the easy car; damped by the speed
// it closes on the lane at, 1.2 m.
TEST(Driver, MovesOntoAPassingLaneWithoutSwingingBeyondIt) {
  Shipped shipped;
  ASSERT_NO_FATAL_FAILURE(load_shipped("port_ardent.json", shipped));
  const AiParams lead = never_passing(scenario_profile("easy"));
  Race race = scenario_race(shipped, scenario_profile("hard"), lead);
  place_before_bend(race, 2080.0, lead.speed_use);
  double beyond = 0.0, most_offset = 0.0;  // m past the offset on its far side; the offset's largest
  while (race.world().time() < 3.0) {
    race.step();
    const auto& st = race.driver(0).state();
    most_offset = std::max(most_offset, std::abs(st.offset));
    if (std::abs(st.offset) > 1.0) beyond = std::max(beyond, (st.lateral - st.offset) * (st.offset > 0.0 ? 1.0 : -1.0));
  }
  EXPECT_GT(most_offset, 4.0) << "m: the pass never took a lane (the scenario tests nothing)";
  EXPECT_LT(beyond, 2.0) << "m beyond the passing lane it moved onto";
  EXPECT_EQ(race.result().cars.front().car_contacts + race.result().cars.front().wall_contacts, 0);
}

// Racing room: an easy car on its line into Foundry Loop's first bend (s = 170 m) with a car
// held beside it on the left-hand passing lane, level with it and at its speed. It gives that
// car the road: it takes the right-hand lane (give_room) and keeps a lane's daylight to it
// through the bend, untouched. Kept to its line, it ran at the line's speed squeezed
// against the car beside it (the Cragmoor contacts of the ninth AI session).
TEST(Driver, GivesRoomToACarBesideItOnAPassingLane) {
  Shipped shipped;
  ASSERT_NO_FATAL_FAILURE(load_shipped("foundry_loop.json", shipped));
  const AiParams ours = scenario_profile("easy");
  Race race = scenario_race(shipped, ours, ours);
  const AiRoute& route = race.driver(0).route();
  const PassingLane& left = route.lane(+1);
  const PassingLane& right = route.lane(-1);
  const double start = 170.0 - 100.0;
  place_on_line(race, route, 0, start, race.driver(0).profile().target_speed(start) * ours.speed_use);
  double closest = 1e9, worst_off_lane = 0.0;
  while (race.world().time() < 6.0) {
    // The car beside: on the left lane abreast of ours, at our speed along the line.
    const auto& st = race.driver(0).state();
    const std::size_t k = route.line.index_at(st.s);
    place_on_lane(race, route, left, 1, st.s, std::max(5.0, race.world().car(0).forward_speed()));
    race.step();
    closest = std::min(closest, left.offset[k] - st.lateral);
    if (race.world().time() > 3.0) worst_off_lane = std::max(worst_off_lane, std::abs(st.lateral - right.offset[k]));
  }
  EXPECT_GE(race.driver(0).state().room_given, 1);
  EXPECT_GT(closest, 1.82 + 0.6) << "m between the two cars' centres: less than their width and a gap";
  EXPECT_LT(worst_off_lane, 1.0) << "m off the right-hand lane once on it";
  EXPECT_EQ(race.result().cars.front().car_contacts, 0);
}

// Defending: a hard car on its line 160 m before Foundry Loop's first bend (s = 170 m) with a
// car held 8 m behind it on the line, 1 m/s faster. With `defend` 1 it covers the inside of
// the bend: it moves over towards that passing lane on the straight (over 3 m to the inside
// of the line before the apex: the lane is 5-6.5 m inside the line there, where the line
// comes from the outside) and touches nothing; with `defend` 0 it stays on its line (within
// 0.5 m), so the move is the defence's.
struct Defence {
  int defences = 0;
  double inside_before_apex = 0.0;  // m, the most to the inside of the racing line before the bend's tightest point
  int car_contacts = 0;
};
Defence defend_first_bend(const Shipped& shipped, double defend) {
  AiParams ours = scenario_profile("hard");
  ours.defend = defend;
  Race race = scenario_race(shipped, ours, ours);
  const AiRoute& route = race.driver(0).route();
  // The bend: its tightest point between 120 and 260 m, and which way it turns.
  double apex = 120.0, most = 0.0;
  for (double s = 120.0; s < 260.0; s += 1.0)
    if (std::abs(route.path.curvature_at(s)) > most) most = std::abs(route.path.curvature_at(s)), apex = s;
  const int inside = route.path.curvature_at(apex) > 0.0 ? +1 : -1;
  const double start = 10.0;
  place_on_line(race, route, 0, start, race.driver(0).profile().target_speed(start) * ours.speed_use);
  const double behind = 2.0 * 2.35 + 8.0;  // m centre to centre: 8 m bumper to bumper
  Defence out;
  while (race.world().time() < 8.0) {
    const auto& st = race.driver(0).state();
    if (st.s < apex)  // held behind us on the line, catching, up to the apex
      place_on_line(race, route, 1, st.s - behind, race.world().car(0).forward_speed() + 1.0);
    const double was = st.s;
    race.step();
    if (race.driver(0).state().s < apex && was < apex)
      out.inside_before_apex = std::max(out.inside_before_apex, inside * race.driver(0).state().lateral);
  }
  out.defences = race.driver(0).state().defences;
  out.car_contacts = race.result().cars.front().car_contacts;
  return out;
}

TEST(Driver, CoversTheInsideOfABendAgainstACarCloseBehind) {
  Shipped shipped;
  ASSERT_NO_FATAL_FAILURE(load_shipped("foundry_loop.json", shipped));
  const Defence defended = defend_first_bend(shipped, 1.0);
  EXPECT_GE(defended.defences, 1);
  EXPECT_GT(defended.inside_before_apex, 3.0) << "m to the inside of the line before the apex";
  EXPECT_EQ(defended.car_contacts, 0);
  const Defence not_defended = defend_first_bend(shipped, 0.0);
  EXPECT_EQ(not_defended.defences, 0);
  EXPECT_LT(not_defended.inside_before_apex, 0.5) << "m to the inside of the line before the apex, not defending";
}

// Letting by: an easy car on Foundry Loop's racing line with a hard car 10 m behind it, both
// driving; the hard car never passes on its own (overtake offset 0), so it is by only if it is
// let by. With `let_by` 1 the easy car, pressed through the bends by the faster car, moves over
// on a straight onto a let-by lane (4 m off its line, the other's; over 3.7 m allows 0.3 m of
// tracking) and lifts, the hard car is by within a lap without a touch, and the easy car is
// back on its line (within 0.5 m) within 4 s of that (3.0 s; 3.3 s when the lane was kept
// after the let-by as a finished pass keeps its lane: here the lane soon meets the line
// anyway); with `let_by` 0 it never moves over, and the hard car stays behind.
struct LetBy {
  int let_bys = 0;
  double by_at = 1e9;         // s when the hard car's tail was ahead of the easy car's nose (1e9: never)
  double most_aside = 0.0;    // m, the easy car's largest distance off its line while letting by
  double back_after = 1e9;    // s from by_at until the easy car was back within 0.5 m of its line (1e9: never)
  int car_contacts = 0;
};
LetBy let_by_on_foundry(const Shipped& shipped, double let_by) {
  AiParams easy = scenario_profile("easy");
  easy.let_by = let_by;
  AiParams hard = scenario_profile("hard");
  hard.overtake_offset = 0.0;  // never passes on its own: by only if let by
  Race race = scenario_race(shipped, easy, hard);
  const AiRoute& route = race.driver(0).route();
  const double start = 20.0, v0 = race.driver(0).profile().target_speed(start) * easy.speed_use;
  place_on_line(race, route, 0, start, v0);
  place_on_line(race, route, 1, start - 2.0 * 2.35 - 10.0, v0);
  LetBy out;
  while (race.world().time() < 70.0 && out.by_at > 1e8) {
    race.step();
    const DriverState& st = race.driver(0).state();
    if (st.letting_by) out.most_aside = std::max(out.most_aside, std::abs(st.lateral));
    double ahead = race.driver(1).state().s - st.s;
    ahead -= route.path.length() * std::round(ahead / route.path.length());
    if (ahead > 2.0 * 2.35) out.by_at = race.world().time();
  }
  while (out.by_at < 1e8 && race.world().time() < out.by_at + 8.0 && out.back_after > 1e8) {
    race.step();
    if (std::abs(race.driver(0).state().lateral) < 0.5) out.back_after = race.world().time() - out.by_at;
  }
  out.let_bys = race.driver(0).state().let_bys;
  out.car_contacts = race.result().cars.front().car_contacts;
  return out;
}

TEST(Driver, LetsAFasterCarPressingItBy) {
  Shipped shipped;
  ASSERT_NO_FATAL_FAILURE(load_shipped("foundry_loop.json", shipped));
  const LetBy polite = let_by_on_foundry(shipped, 1.0);
  const LetBy stubborn = let_by_on_foundry(shipped, 0.0);
  std::printf("let_by 1: %d let-bys, by at %.1f s, %.2f m aside, back on its line %.1f s later, %d contacts; "
              "let_by 0: by at %.1f s, %d contacts\n",
              polite.let_bys, polite.by_at, polite.most_aside, polite.back_after, polite.car_contacts, stubborn.by_at,
              stubborn.car_contacts);
  EXPECT_GE(polite.let_bys, 1);
  EXPECT_GT(polite.most_aside, 3.7) << "m off its line: on a let-by lane, well out of the faster car's lane";
  EXPECT_LT(polite.by_at, 70.0) << "s: the faster car is by within a lap";
  EXPECT_LT(polite.back_after, 4.0) << "s after it is by: back on its line";
  EXPECT_EQ(polite.car_contacts, 0);
  EXPECT_EQ(stubborn.let_bys, 0);
  EXPECT_GT(stubborn.by_at, 1e8) << "s: not let by, the hard car stays behind";
}

// A stalemate: a medium car (letting by and defending off) on Foundry Loop's left-hand
// passing lane, where the two lanes stay furthest apart, with another car held level with it
// on the right-hand lane, 3 m ahead, at its speed, for 8 s; then that car drives on its own.
// The medium car gives it racing room, and two cars of one pace in that state ran level for
// laps (Kestrel Downs, seed 5 at jitter 0.5: 153 s, both 8 s a lap slower than alone). After
// 5 s level, the one behind gives way: it lifts under the other's speed from its lane, and
// once the other drives, the other is by, untouched.
struct Stalemate {
  int gave_way = 0;          // the medium car's give-ways while the other was held level
  double ahead_after = 0.0;  // m centre to centre the other car is ahead along the line 8 s after it is let go
  int car_contacts = 0;
};
Stalemate level_on_the_lanes(const Shipped& shipped) {
  AiParams medium = scenario_profile("medium");
  medium.let_by = 0.0, medium.defend = 0.0;  // no pressure let-by or defence ends it instead
  Race race = scenario_race(shipped, medium, medium);
  const AiRoute& route = race.driver(0).route();
  const RacingLine& line = route.line;
  const PassingLane &left = route.lane(+1), &right = route.lane(-1);
  // Where the two lanes stay furthest apart over the next 300 m.
  double start = 0.0, widest = 0.0;
  for (double s0 = 0.0; s0 < line.length; s0 += 10.0) {
    double least = 1e9;
    for (double d = 0.0; d < 300.0; d += 5.0) {
      const std::size_t k = line.index_at(s0 + d);
      least = std::min(least, left.offset[k] - right.offset[k]);
    }
    if (least > widest) widest = least, start = s0;
  }
  place_on_lane(race, route, left, 0, start, 0.9 * race.driver(0).profile().target_speed(start) * medium.speed_use);
  Stalemate out;
  while (race.world().time() < 8.0) {  // held level on the other lane, 3 m ahead
    place_on_lane(race, route, right, 1, race.driver(0).state().s + 3.0, std::max(5.0, race.world().car(0).forward_speed()));
    race.step();
  }
  out.gave_way = race.driver(0).state().give_ways;
  while (race.world().time() < 16.0) race.step();
  out.ahead_after = race.driver(1).state().s - race.driver(0).state().s;
  out.ahead_after -= line.length * std::round(out.ahead_after / line.length);
  out.car_contacts = race.result().cars.front().car_contacts;
  return out;
}

TEST(Driver, GivesWayToACarLevelWithItForLong) {
  Shipped shipped;
  ASSERT_NO_FATAL_FAILURE(load_shipped("foundry_loop.json", shipped));
  const Stalemate s = level_on_the_lanes(shipped);
  std::printf("%d give-ways; the other car %.1f m ahead 8 s after it is let go; %d contacts\n", s.gave_way,
              s.ahead_after, s.car_contacts);
  EXPECT_GE(s.gave_way, 1) << "held level for 8 s and never gave way";
  EXPECT_GT(s.ahead_after, 2.0 * 2.35) << "m centre to centre: the other car is not by";
  EXPECT_EQ(s.car_contacts, 0);
}

// ---------------------------------------------------------------- lanes and obstacles

// A lane by a road-edge obstacle: Harbour Streets' parked van (4.8 x 1.9 m, its outer side
// 0.3 m inside the right-hand edge of the 8 m road; tests/track/unseen). An easy car on its
// line 250 m before the van with a car held beside it on the left-hand lane, level with it
// and at its speed, gives that car room on the right-hand lane, the van's side (the van is
// beyond racecraft's 3 s obstacle look there), and ends that move once the van comes within
// the look: it leaves the lane when the band to the line is clear, else follows the lane,
// drawn in within the room a car can hold by the van. The racing line clears the van by its
// margin; the lane, planned in the same road, ran 2.2 m right of the line up to 6 m before
// the van and swung in beside it: cars on it hit the van's tail, stopped and reversed into
// it. Now the car gets by the van (its tail past the van's rear) within 18 s (14 s at the
// speeds driven here, 4 s of slack for slowing beside the held car; a car that hits the van
// stops, reverses and stays there longer), touching neither the van nor the walls.
TEST(Driver, OnALaneByARoadEdgeObstaclePassesItUntouched) {
  auto track = Track::load(source_path("tests/track/unseen/harbour_streets.json"));
  ASSERT_TRUE(track.ok()) << track.error_text();
  const Result<CarSpec> spec = load_car_spec(car_path("sedan"));
  ASSERT_TRUE(spec.ok()) << spec.error_text();
  const Shipped harbour{track.value(), spec.value()};
  const AiParams ours = scenario_profile("easy");
  Race race = scenario_race(harbour, ours, ours);
  const AiRoute& route = race.driver(0).route();
  const PassingLane& left = route.lane(+1);
  ASSERT_EQ(harbour.track->spec().obstacles.size(), 1u);
  const double van = route.path.project(Vec2{-60.0, 152.75}, -1).s;  // the van's centre, along the line
  const double van_end = van + 2.4 + 2.2;                             // its front and our half length: our tail past it
  ASSERT_LT(route.room_right[route.line.index_at(van)], 0.5) << "the scene expects the van on the right of the line";
  const double start = van - 250.0;
  place_on_line(race, route, 0, start, race.driver(0).profile().target_speed(start) * ours.speed_use);
  double by = -1.0, most_right = 0.0;
  while (race.world().time() < 22.0 && by < 0.0) {
    const auto& st = race.driver(0).state();
    place_on_lane(race, route, left, 1, st.s, std::max(5.0, race.world().car(0).forward_speed()));
    race.step();
    const double s = race.driver(0).state().s;
    if (s < van - 15.0) most_right = std::max(most_right, -race.driver(0).state().lateral);
    if (s > van_end && s < van + 100.0) by = race.world().time();
  }
  EXPECT_GE(race.driver(0).state().room_given, 1);
  EXPECT_GT(most_right, 1.5) << "m right of the line before the van: it never took the van's side (the scene tests nothing)";
  EXPECT_GE(by, 0.0) << "not by the van within 22 s";
  EXPECT_LT(by, 18.0) << "s to get by the van";
  EXPECT_EQ(race.result().cars.front().wall_contacts, 0) << "touched the van or a wall";
  EXPECT_EQ(race.result().cars.front().respawns, 0);
}

}  // namespace
}  // namespace racer
