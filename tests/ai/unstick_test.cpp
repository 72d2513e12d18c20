// The planned way out (ai/unstick.h) in whole races on a shipped track: a car parked
// nose-first against the wall, a car wedged between the wall and a parked car, and a car spun
// and facing back on the run-off drive out on a hybrid A* path and are back in the race (on
// the road, pointing along it, driving forwards under the race driver) within a few seconds,
// touching nothing and without a respawn. Nose-in and wedged are run twice: beyond Lantern
// Hill's grass verge, and with the wall at the road's edge (the track rebuilt without its
// run-off, as a street circuit's walls stand). Each prints its timeline as [ timeline ].
#include "ai/unstick.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "ai/driver.h"
#include "core/math.h"
#include "driver_scenes.h"
#include "race/race.h"
#include "sim/contacts.h"
#include "track/track.h"

namespace racer {
namespace {

using namespace racer::test;

// s from the wall on the outside (the normal's side) of a centreline point: the distance
// along the normal to the nearest wall segment, m (+infinity: none within 80 m).
double wall_distance_along(const Track& t, Vec2 from, Vec2 dir) {
  double best = std::numeric_limits<double>::infinity();
  for (const WallLoop& loop : t.wall_loops()) {
    const std::size_t n = loop.points.size();
    for (std::size_t k = 0; k < n; ++k) {
      const Vec2 a = loop.points[k], b = loop.points[(k + 1) % n];
      const Vec2 e = b - a;
      const double den = cross(dir, e);
      if (std::abs(den) < 1e-12) continue;
      const double t_ray = cross(a - from, e) / den;
      const double t_seg = cross(a - from, dir) / den;
      if (t_ray > 0.0 && t_ray < 80.0 && t_seg >= 0.0 && t_seg <= 1.0) best = std::min(best, t_ray);
    }
  }
  return best;
}

// A stretch of the track beside a wall: a point of the racing line (100 m or more past the
// start) on a straight (no curvature over 1/100 m within 20 m either way) with a wall 5 m to
// 10 m to one side, so the car stands at the road's edge, not across a wide runoff.
struct WallSpot {
  double s = 0.0;  // m along the racing line
  Vec2 on_wall;    // m, where the line's normal meets the wall
  Vec2 along;      // unit, the direction of travel
  Vec2 to_wall;    // unit, from the line to the wall
};

bool find_wall_spot(const Track& t, const AiRoute& route, WallSpot& out) {
  const Path& line = route.path;
  for (double s = 100.0; s < line.length(); s += 2.0) {
    if (line.max_abs_curvature(line.wrap(s - 20.0), 40.0) > 0.01) continue;
    const PathSample at = line.at(s);
    for (double side : {1.0, -1.0}) {
      const Vec2 n = Vec2{-at.tangent.y, at.tangent.x} * side;
      const double d = wall_distance_along(t, at.position, n);
      if (d >= 5.0 && d <= 10.0) {
        out = {s, at.position + n * d, at.tangent, n};
        return true;
      }
    }
  }
  return false;
}

double heading_of(Vec2 v) { return std::atan2(v.y, v.x); }

// What the scenarios watch, step by step. Back in the race (as a player sees it): the race
// driver's own layers in charge again (no manoeuvre under way), in a forward gear and driving
// forwards along the track at over 2 m/s (under way, not rolling), all four wheels on the
// road and pointing along the track (within 0.35 rad of the racing line's direction: a car
// merging onto its line, not one still turning round). At race pace: on its racing line
// (within 2 m: a lane's width off would be a pass, not a rejoin) at over 10 m/s along it.
struct Rejoin {
  double back_at = -1.0;      // s of race time it was back in the race (-1: not yet)
  double at = -1.0;           // s of race time it was at race pace on its line (-1: not yet)
  double planned_at = -1.0;   // s of race time the first plan was made
  double backing_at = -1.0;   // ... it first moved backwards (over 0.1 m/s in reverse gear)
  double cusp_at = -1.0;      // ... a forward gear was in again after backing
  double road_at = -1.0;      // ... all four wheels were on the road
  double handed_back = -1.0;  // ... the way out ended and the driver's own layers took over
  ContactCounts at_plan;      // car 0's contact begins (walls, cars) when the first plan was made
  ContactCounts at_back;      // ... when it was back in the race
  ContactCounts at_rejoin;    // ... and at race pace
  bool planned = false;   // the planned way out was driven
  bool reversed = false;  // the fallback's reverse-out was used
  int max_switches = 0;   // changes of direction of the plans driven
  double plan_ms = 0.0;   // wall time of the slowest step that searched (the planning's cost a step)
  int plan_steps = 0;     // steps that searched
};

// ms of CPU time this thread has run: a step's cost on a machine shared with other work
// (wall time counts the time other processes hold the core).
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return 1e3 * static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_nsec);
}

template <typename Hold>
Rejoin run_until_rejoined(Race& race, double limit_s, Hold&& hold) {
  Rejoin r;
  const AiRoute& route = race.driver(0).route();
  while (race.world().time() < limit_s) {
    hold(race);
    const Unstick& unstick = race.driver(0).recovery().unstick();
    const int plans_before = unstick.plans();
    const bool searching_before = unstick.planning();
    const double t0 = thread_cpu_ms();
    race.step();
    const double ms = thread_cpu_ms() - t0;
    const AiDriver& d = race.driver(0);
    const double now = race.world().time();
    const bool began = unstick.plans() != plans_before;
    if (began && r.planned_at < 0.0) r.planned_at = now, r.at_plan = race.world().contacts(0);
    if (began || searching_before) {  // a step that searched: the planning's cost a step
      r.plan_ms = std::max(r.plan_ms, ms);
      r.plan_steps += 1;
    }
    if ((began || searching_before) && !unstick.planning()) {  // the search is over
      r.max_switches = std::max(r.max_switches, unstick.last().switches);
      // The figures of docs/planners/motion_hybrid_astar.md (wall time: a rough figure).
      std::printf("[ figures  ] plan over at %.2f s: %d expansions, %d switches, %.1f m; slowest step so far %.2f ms\n",
                  now, unstick.last().expansions, unstick.last().switches, unstick.last().length, r.plan_ms);
    }
    const Car& car = race.world().car(0);
    const int gear = car.drivetrain().state().gear;
    if (d.state().recovery == Recovery::Unstick) r.planned = true;
    if (r.planned && r.handed_back < 0.0 && d.state().recovery == Recovery::None) r.handed_back = now;
    if (d.state().recovery == Recovery::Reverse) r.reversed = true;
    if (r.backing_at < 0.0 && gear == -1 && car.forward_speed() < -0.1) r.backing_at = now;
    if (r.backing_at >= 0.0 && r.cusp_at < 0.0 && gear >= 1) r.cusp_at = now;
    bool on_road = true;
    for (const Vec2& p : car.wheel_positions()) on_road = on_road && race.track().on_road(p);
    if (r.road_at < 0.0 && on_road) r.road_at = now;
    const PathSample at = route.path.at(d.state().s);
    const double along = dot(car.velocity(), at.tangent);
    const double aim = std::abs(wrap_angle(car.heading() - std::atan2(at.tangent.y, at.tangent.x)));
    const bool driving = d.state().recovery == Recovery::None && gear >= 1;
    if (r.back_at < 0.0 && driving && along > 2.0 && on_road && aim < 0.35) {
      r.back_at = now;
      r.at_back = race.world().contacts(0);
    }
    if (driving && std::abs(d.state().lateral) < 2.0 && along > 10.0) {
      r.at = now;
      r.at_rejoin = race.world().contacts(0);
      break;
    }
  }
  return r;
}

// Every way-out scenario's scene: Lantern Hill, a two-car race, and a stretch of the
// outer wall along the first car's route.
struct WallScene {
  Shipped shipped;
  std::unique_ptr<Race> race;
  WallSpot w;
};

// Where the wall stands: beyond Lantern Hill's own grass verge (6 m of run-off), or at the
// road's edge (the same track with no run-off: a street circuit's walls).
enum class Wall { beyond_the_verge, at_the_road_edge };

// Lantern Hill as shipped, or (at_the_road_edge) rebuilt with its run-off 0 m wide.
void load_scene_track(Wall wall, Shipped& out) {
  ASSERT_NO_FATAL_FAILURE(load_shipped("lantern_hill.json", out));
  if (wall == Wall::beyond_the_verge) return;
  TrackSpec spec = out.track->spec();
  spec.runoff.width = 0.0;
  auto track = Track::build(spec, "lantern_hill.json, walled at the road's edge");
  ASSERT_TRUE(track.ok()) << track.error_text();
  out.track = track.value();
}

void make_wall_scene(WallScene& scene, Wall wall = Wall::beyond_the_verge) {
  ASSERT_NO_FATAL_FAILURE(load_scene_track(wall, scene.shipped));
  scene.race = pair_race(scene.shipped, {}, 0.0);  // mid-race
  ASSERT_TRUE(find_wall_spot(*scene.shipped.track, scene.race->driver(0).route(), scene.w));
}

// The other car parked on the line 300 m on from the spot: the scene is the first car's alone.
void send_the_other_car_away(Race& race, const WallSpot& w) {
  const PathSample far = race.driver(0).route().path.at(w.s + 300.0);
  race.world().car(1).place(far.position, heading_of(far.tangent), 0.0);
}

// The timeline printed by each scenario (docs/planners/motion_hybrid_astar.md); an event
// that did not happen (a time below zero: no backing up for a car that drives straight out)
// prints as "-".
std::string at_time(double t) {
  char text[32];
  if (t < 0.0) return "-";
  std::snprintf(text, sizeof text, "%.2f s", t);
  return text;
}

void print_timeline(const char* scene, const Rejoin& r, double floor) {
  std::printf("[ timeline ] %s: planned %s, backing from %s, forward gear %s, all wheels on the road %s, handed "
              "back %s, back in the race %s, race pace %s (straight launch: %.2f s)\n",
              scene, at_time(r.planned_at).c_str(), at_time(r.backing_at).c_str(), at_time(r.cusp_at).c_str(),
              at_time(r.road_at).c_str(), at_time(r.handed_back).c_str(), at_time(r.back_at).c_str(),
              at_time(r.at).c_str(), floor);
}

// The floor any way out is judged against: the sedan at a standstill 1 m off the same wall,
// already aimed along the road, on full throttle, takes this long to reach 10 m/s (s; the
// rejoin's race pace). Beside a wall beyond the verge it stands on grass, where the driven
// wheels spin and the traction control holds it to about 2 m/s^2: 5 s there, and no way out
// beats it; at a wall at the road's edge, on the asphalt, 2.2 s.
double straight_launch_to_race_pace(const Shipped& shipped) {
  const std::unique_ptr<Race> owned = pair_race(shipped, {}, 0.0);  // mid-race
  Race& race = *owned;
  WallSpot w;
  if (!find_wall_spot(*shipped.track, race.driver(0).route(), w)) return -1.0;
  race.world().car(0).place(w.on_wall - w.to_wall * (0.5 * shipped.sedan.body.width + 1.0), heading_of(w.along), 0.0);
  send_the_other_car_away(race, w);
  std::vector<DriverInput> in(2);
  in[0].controls = Controls{};
  in[0].controls->throttle = 1.0;
  while (race.world().time() < 15.0) {
    race.step(in);
    if (race.world().car(0).forward_speed() > 10.0) return race.world().time();
  }
  return -1.0;
}

// Back in the race within these (s of race time from the start, the car at a standstill and
// stuck from the first step). Beside Lantern Hill's wall the car stands on its grass verge,
// where the driven wheels spin and the car gains about 2 m/s^2 from a standstill (3 m/s after
// 1.5 s), so the way out is planned to spend as little of itself on the grass as it can; at a
// wall at the road's edge it is on the asphalt throughout.
// - Nose-in (verge): facing back, the search over in 0.05 s (40 nodes a step, held on the
//   brakes); taking reverse to 0.26 s, backing the planned 3 m onto the road's edge to 3.2 s,
//   forwards at full lock along the edge, handed back at 4.7 s, the whole car on the road and
//   pointing along it at 5.31 s.
// - Nose-in (road's edge): backing to 2.05 s, forwards at full lock, handed back at 3.88 s
//   (on the road, turning onto the goal's heading with the way ahead clear), pointing along
//   the road at 4.09 s.
// - Wedged (verge): boxed in after 0.1 s at a standstill; backing 2 m to 1.96 s, then about
//   8 m forwards on the grass round the parked car from a standstill (2.8 s at 2 m/s^2 at
//   best): on the road at 5.5 s, handed back on it at 6.13 s.
// - Wedged (road's edge): backing to 1.75 s, round the parked car on the asphalt, handed back
//   and back in the race at 4.37 s.
// - Spun (verge): facing back, the search over in 0.1 s; a U-turn forwards, on the road
//   (still turning) at 3.2 s, handed back pointing along it at 5.26 s.
// Each bound is the time measured plus 0.2 s to 0.4 s, for tuning of the car and the driver.
// (The grass is the verge's floor: see docs/planners/motion_hybrid_astar.md, "Where the time
// goes".)
constexpr double kBackNoseIn = 5.5;
constexpr double kBackWedged = 6.5;
constexpr double kBackSpun = 5.5;
constexpr double kBackNoseInStreet = 4.5;
constexpr double kBackWedgedStreet = 4.75;
// At race pace (on the line at 10 m/s) within 2.5 s of the straight launch on that spot
// (4.95 s to 10 m/s on the verge, 2.16 s on the asphalt): once back on the road the car gains
// speed at the road's grip. And within 2.5 s of being back in the race (measured: 0.9 s to
// 2.1 s). The race's own respawn comes after 8 s without 3 m of progress; the tests assert it
// never came.
constexpr double kRacePaceCost = 2.5;
constexpr double kRacePaceAfterBack = 2.5;

// No contact begun with a wall or a car from the first plan to race pace (through being back
// in the race): the way out is driven clear of what it planned round (a car touching at the
// start may leave the touch).
void expect_no_contact_on_the_way_out(const Rejoin& r) {
  EXPECT_EQ(r.at_rejoin.walls, r.at_plan.walls) << "touched a wall on the way out";
  EXPECT_EQ(r.at_rejoin.cars, r.at_plan.cars) << "touched a car on the way out";
}

// What every way-out scenario asserts once run: back in the race within `back_bound` s, at
// race pace within kRacePaceAfterBack of that (and, on the verge, within the straight launch
// on that spot + kRacePaceCost), along the planned way
// (no fallback to the blind reverse), touching nothing, without a respawn.
void expect_drove_out(const Race& race, const Rejoin& r, const Shipped& shipped, Wall wall, const char* scene,
                      double back_bound) {
  const double floor = straight_launch_to_race_pace(shipped);
  ASSERT_GT(floor, 0.0);
  print_timeline(scene, r, floor);
  EXPECT_GT(r.back_at, 0.0) << "never back in the race";
  EXPECT_LT(r.back_at, back_bound);
  EXPECT_GT(r.at, 0.0) << "never at race pace";
  if (wall == Wall::beyond_the_verge) {
    EXPECT_LT(r.at, floor + kRacePaceCost);
  }
  EXPECT_LT(r.at, r.back_at + kRacePaceAfterBack);
  expect_no_contact_on_the_way_out(r);
  EXPECT_TRUE(r.planned) << "drove the planned way out";
  EXPECT_FALSE(r.reversed) << "no fallback to the blind reverse";
  EXPECT_EQ(race.result().cars[0].respawns, 0);
}

// (1) Parked nose-first against the wall at a standstill, square to it (the hardest
// heading: the nose must come round 90 degrees in the width of the road).
void nose_into_the_wall(Wall wall, const char* name, double back_bound) {
  WallScene scene;
  ASSERT_NO_FATAL_FAILURE(make_wall_scene(scene, wall));
  const Shipped& shipped = scene.shipped;
  Race& race = *scene.race;
  const WallSpot& w = scene.w;
  const double half_length = 0.5 * shipped.sedan.body.length;
  const Vec2 at = w.on_wall - w.to_wall * (half_length + 0.05);
  race.world().car(0).place(at, heading_of(w.to_wall), 0.0);
  send_the_other_car_away(race, w);
  const Rejoin r = run_until_rejoined(race, 20.0, [](Race&) {});
  ASSERT_NO_FATAL_FAILURE(expect_drove_out(race, r, shipped, wall, name, back_bound));
  EXPECT_EQ(race.driver(0).recovery().unstick().last().status, HybridStatus::found);
  EXPECT_GE(r.max_switches, 1) << "square to the wall: it must back out first";
}

TEST(Unstick, NoseIntoTheWallAtAStandstillDrivesOutAndRejoins) {
  nose_into_the_wall(Wall::beyond_the_verge, "nose into the wall", kBackNoseIn);
}

TEST(Unstick, NoseIntoAWallAtTheRoadsEdgeDrivesOutAndRejoins) {
  nose_into_the_wall(Wall::at_the_road_edge, "nose into the wall at the road's edge", kBackNoseInStreet);
}

// (2) Wedged: nose 20 degrees into the wall, its front corner at the wall, and a car parked
// (held in place every step, like debris) just ahead on the road side, 1.2 m from the wall:
// no room ahead between the wall and that car, no room to turn out forwards. The way out:
// back off, then round the parked car.
void wedged(Wall wall, const char* name, double back_bound) {
  WallScene scene;
  ASSERT_NO_FATAL_FAILURE(make_wall_scene(scene, wall));
  const Shipped& shipped = scene.shipped;
  Race& race = *scene.race;
  const WallSpot& w = scene.w;
  const double hl = 0.5 * shipped.sedan.body.length, hw = 0.5 * shipped.sedan.body.width;
  const double tilt = deg_to_rad(20.0);
  // In the stretch's frame (x along, y towards the wall): our car's front wall-side corner
  // 0.05 m off the wall.
  const Vec2 fwd = w.along * std::cos(tilt) + w.to_wall * std::sin(tilt);
  const Vec2 side = w.along * -std::sin(tilt) + w.to_wall * std::cos(tilt);  // our left (the wall side)
  const Vec2 corner = w.on_wall - w.to_wall * 0.05;
  const Vec2 ours = corner - fwd * hl - side * hw;
  // Its front road-side corner, and the parked car 0.5 m beyond it, 1.2 m off the wall.
  const Vec2 front_right = ours + fwd * hl - side * hw;
  const double ahead = dot(front_right - w.on_wall, w.along) + 0.5 + hl;
  const Vec2 parked = w.on_wall + w.along * ahead - w.to_wall * (1.2 + hw);
  race.world().car(0).place(ours, heading_of(fwd), 0.0);
  const double parked_heading = heading_of(w.along);
  const Rejoin r = run_until_rejoined(race, 20.0, [&](Race& rc) { rc.world().car(1).place(parked, parked_heading, 0.0); });
  ASSERT_NO_FATAL_FAILURE(expect_drove_out(race, r, shipped, wall, name, back_bound));
  EXPECT_GE(r.max_switches, 1) << "it must back off first";
}

TEST(Unstick, WedgedBetweenTheWallAndAParkedCarDrivesOutAndRejoins) {
  wedged(Wall::beyond_the_verge, "wedged", kBackWedged);
}

TEST(Unstick, WedgedBetweenAWallAtTheRoadsEdgeAndAParkedCarDrivesOutAndRejoins) {
  wedged(Wall::at_the_road_edge, "wedged at the road's edge", kBackWedgedStreet);
}

// (3) Spun: at a standstill on the run-off facing back down the track, parallel to the wall
// and 1.5 m off it (where a car that spun off the road comes to rest): a turn round on the
// grass and back onto the road.
TEST(Unstick, SpunFacingBackOnTheRunoffDrivesOutAndRejoins) {
  WallScene scene;
  ASSERT_NO_FATAL_FAILURE(make_wall_scene(scene));
  const Shipped& shipped = scene.shipped;
  Race& race = *scene.race;
  const WallSpot& w = scene.w;
  const double hw = 0.5 * shipped.sedan.body.width;
  race.world().car(0).place(w.on_wall - w.to_wall * (hw + 1.5), heading_of(w.along * -1.0), 0.0);
  send_the_other_car_away(race, w);
  const Rejoin r = run_until_rejoined(race, 20.0, [](Race&) {});
  ASSERT_NO_FATAL_FAILURE(expect_drove_out(race, r, shipped, Wall::beyond_the_verge, "spun, facing back on the run-off", kBackSpun));
}

}  // namespace
}  // namespace racer
