#include "race/race_support.h"

// Sections: grid | race distance | driver view | respawn | routes and seeds

#include <box2d/b2_body.h>
#include <box2d/b2_contact.h>

#include <algorithm>
#include <cmath>

#include "ai/measured_envelope.h"
#include "core/math.h"

namespace racer {

namespace {

constexpr double kRespawnClear = 8.0;    // m from any car to a respawn spot
constexpr double kRespawnQueue = 30.0;   // m ahead of a respawn spot with no slow car in it
constexpr double kRespawnWarning = 3.0;  // s of warning a car coming from behind must have
constexpr double kRespawnAhead = 60.0;   // m, furthest a respawn moves a car forward
constexpr double kRespawnBehind = 120.0; // m, furthest it moves a car back

}  // namespace

// ---------------------------------------------------------------- grid

std::vector<Pose> race_grid_poses(const Track& t, std::size_t count) {
  std::vector<Pose> poses(t.grid().begin(), t.grid().end());
  const std::size_t columns = static_cast<std::size_t>(std::max(1, t.spec().grid.columns));
  const double spacing = t.spec().grid.spacing;
  const Centreline& line = t.centreline();
  while (poses.size() < count) {
    // A new row behind the slot `columns` places ahead: same side of the road, one row back.
    const Pose& ahead = poses[poses.size() - std::min(columns, poses.size())];
    const Projection p = line.project(ahead.position);
    const CentreSample back = line.at(p.s - spacing);
    poses.push_back({back.position + back.normal * p.offset, std::atan2(back.tangent.y, back.tangent.x)});
  }
  poses.resize(count);
  return poses;
}

// ---------------------------------------------------------------- race distance

std::vector<double> station_race_distances(const Track& t) {
  std::vector<double> out;
  for (const Station& s : t.stations()) {
    const Gate& g = s.gates.front();
    out.push_back(t.race_distance(0.5 * (g.a + g.b)));
  }
  if (!out.empty()) out.front() = 0.0;
  return out;
}

double car_race_distance(const Track& t, const std::vector<double>& station_s, const RaceProgress& progress,
                         Vec2 position, int* hint) {
  const double length = t.centreline().length();
  double d = t.race_distance(position, hint);
  const int passed = progress.stations_passed();
  const double last_station = passed > 0 && passed < static_cast<int>(station_s.size())
                                  ? station_s[static_cast<std::size_t>(passed)]
                                  : 0.0;
  d += length * std::round((last_station - d) / length);
  return progress.laps_completed() * length + d;
}

bool car_on_road(const Track& t, const Car& car) {
  for (Vec2 p : car.wheel_positions())
    if (t.on_road(p)) return true;
  return false;
}

// ---------------------------------------------------------------- driver view

bool touching_static(const World& world, std::size_t i) {
  for (const b2ContactEdge* e = world.car(i).body()->GetContactList(); e != nullptr; e = e->next)
    if (e->contact->IsTouching() && e->other->GetType() == b2_staticBody) return true;
  return false;
}

DriverView make_driver_view(const World& world, const Track& track, std::size_t i, double race_distance,
                            std::vector<OtherCarView>& others) {
  const Car& car = world.car(i);
  DriverView v;
  v.track = &track;
  v.race_distance = race_distance;
  v.step = world.steps();
  v.dt = world.dt();
  SelfView& s = v.self;
  s.position = car.position();
  s.heading = car.heading();
  s.velocity = car.velocity();
  s.yaw_rate = car.yaw_rate();
  s.forward_speed = car.forward_speed();
  s.gear = car.drivetrain().state().gear;
  const DriveLayout layout = car.spec().drive.layout;
  for (std::size_t w = 0; w < 4; ++w) {
    s.slip_ratio[w] = car.wheel(static_cast<int>(w)).slip_ratio;
    s.slip_angle[w] = car.wheel(static_cast<int>(w)).slip_angle;
    s.driven[w] = layout == DriveLayout::AWD || (layout == DriveLayout::FWD ? w < 2 : w >= 2);
  }
  s.against_wall = touching_static(world, i);
  // Filled in place, field by field (a pushed temporary went through the stack: 3% of a
  // 20-car race in store-forwarding stalls).
  const std::size_t n = world.car_count();
  others.resize(n);
  std::size_t k = 0;
  for (std::size_t j = 0; j < n; ++j) {
    if (j == i) continue;
    const Car& o = world.car(j);
    OtherCarView& out = others[k++];
    out.index = static_cast<int>(j);
    out.position = o.position();
    out.heading = o.heading();
    out.velocity = o.velocity();
    out.half_length = 0.5 * o.spec().body.length;
    out.half_width = 0.5 * o.spec().body.width;
  }
  others.resize(k);
  v.others = others;
  return v;
}

// ---------------------------------------------------------------- respawn

bool respawn_spot_clear(const World& world, const Track& track, std::size_t i, double s) {
  const Centreline& line = track.centreline();
  const double length = line.length();
  const Vec2 at = line.at(s).position;
  for (std::size_t j = 0; j < world.car_count(); ++j) {
    if (j == i) continue;
    const Car& o = world.car(j);
    if (length_squared(o.position() - at) < square(kRespawnClear)) return false;
    const Projection p = line.project(o.position());
    if (p.distance > 0.5 * line.at(p.s).width + 4.0) continue;  // off the road far away
    double ds = std::fmod(p.s - s, length);
    if (ds > 0.5 * length) ds -= length;
    if (ds < -0.5 * length) ds += length;
    const double speed = o.forward_speed();
    // A slow car just ahead: this is the tail of a queue (the car would join the jam).
    if (ds > 0.0 && ds < kRespawnQueue && speed < 3.0) return false;
    // A car coming from behind would reach a standing car within a few seconds.
    if (ds < 0.0 && -ds < kRespawnClear + kRespawnWarning * std::max(0.0, speed)) return false;
  }
  return true;
}

double respawn_spot(const World& world, const Track& track, std::size_t i) {
  const Centreline& line = track.centreline();
  const double s0 = line.project(world.car(i).position()).s;
  // Forward first (past a jam, never more than kRespawnAhead), then back; the nearest
  // spot that is clear of cars, of a queue just ahead and of traffic coming from behind.
  for (double ds = 0.0; ds <= kRespawnAhead; ds += 4.0)
    if (respawn_spot_clear(world, track, i, s0 + ds)) return s0 + ds;
  for (double ds = 4.0; ds <= kRespawnBehind; ds += 4.0)
    if (respawn_spot_clear(world, track, i, s0 - ds)) return s0 - ds;
  // Nothing fully clear: the first spot ahead with nobody on it.
  for (double ds = 0.0; ds <= kRespawnAhead + kRespawnBehind; ds += 4.0) {
    const Vec2 at = line.at(s0 + ds).position;
    bool clear = true;
    for (std::size_t j = 0; j < world.car_count() && clear; ++j)
      if (j != i && length_squared(world.car(j).position() - at) < square(kRespawnClear)) clear = false;
    if (clear) return s0 + ds;
  }
  return s0;
}

void place_for_respawn(World& world, const Track& track, std::size_t i, double s, RaceProgress& progress) {
  const Centreline& line = track.centreline();
  Car& car = world.car(i);
  const double s0 = line.project(car.position()).s;
  const CentreSample here = line.at(s);
  const double now = world.time();
  // Forward: walk the progress along the centreline so the stations on the way count as
  // crossed (as if driven); back: no crossing through the jump.
  Vec2 from = car.position();
  for (double d = s0 + 2.0; d < s; d += 2.0) {
    const Vec2 to = line.at(d).position;
    progress.update(from, to, now);
    from = to;
  }
  progress.update(from, here.position, now);
  car.place(here.position, std::atan2(here.tangent.y, here.tangent.x), 0.0);
  progress.update(here.position, here.position, now);
}

// ---------------------------------------------------------------- routes and seeds

std::shared_ptr<const AiRoute> RouteCache::get(const Track& track, const CarSpec& spec, double line_margin) {
  const std::string key = save_car_spec(spec);
  auto& route = routes_[std::make_pair(key, line_margin)];
  if (route) return route;
  auto envelope = envelopes_.find(key);
  if (envelope == envelopes_.end()) envelope = envelopes_.emplace(key, measured_envelope(spec, rate_hz_)).first;
  route = plan_route(track, envelope->second, line_margin);
  return route;
}

std::uint64_t race_car_seed(std::uint64_t seed, std::size_t i) {
  return seed * 0x9e3779b97f4a7c15ull + (static_cast<std::uint64_t>(i) + 1) * 0xd1b54a32d192ed03ull;
}

}  // namespace racer
