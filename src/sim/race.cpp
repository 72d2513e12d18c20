#include "sim/race.h"

// Sections: set-up (grid, routes, drivers) | the step | progress and stalls | respawn |
//           overtakes | results | fields

#include <box2d/b2_body.h>
#include <box2d/b2_contact.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "ai/route.h"
#include "core/math.h"
#include "track/track.h"

namespace racer {

namespace {

constexpr double kStallProgress = 3.0;   // m of race progress that resets the stall clock
constexpr int kOvertakeEvery = 24;       // steps between overtake checks (10 Hz at 240 Hz)
constexpr double kPassWindow = 30.0;     // m: an order change closer than this is a pass on track
constexpr double kRespawnBlind = 3.0;    // s after a respawn in which order changes are not passes
constexpr double kRespawnClear = 8.0;    // m from any car to a respawn spot
constexpr double kRespawnQueue = 30.0;   // m ahead of a respawn spot with no slow car in it
constexpr double kRespawnWarning = 3.0;  // s of warning a car coming from behind must have
constexpr double kRespawnAhead = 60.0;   // m, furthest a respawn moves a car forward
constexpr double kRespawnBehind = 120.0; // m, furthest it moves a car back

std::uint64_t car_seed(std::uint64_t seed, std::size_t i) {
  return seed * 0x9e3779b97f4a7c15ull + (static_cast<std::uint64_t>(i) + 1) * 0xd1b54a32d192ed03ull;
}

}  // namespace

// ---------------------------------------------------------------- set-up

Race::Race(std::shared_ptr<const Track> track, std::vector<RaceEntry> entries, RaceConfig config)
    : track_(std::move(track)), config_(config) {
  const Track& t = *track_;
  world_ = std::make_unique<World>(t, WorldConfig{config_.rate_hz});
  add_track_bodies(*world_, t);
  const std::vector<Pose> poses = grid_poses(entries.size());
  const int sectors = static_cast<int>(t.sector_starts().size());
  std::map<std::pair<std::string, double>, std::shared_ptr<const AiRoute>> routes;  // one per car and margin
  double slowest = 0.0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    CarRun run;
    run.entry = std::move(entries[i]);
    const auto key = std::make_pair(save_car_spec(run.entry.spec), run.entry.params.line_margin);
    auto& route = routes[key];
    if (!route) route = plan_route(t, run.entry.spec, run.entry.params.line_margin);
    run.route = route;
    slowest = std::max(slowest, route->limit_lap_time);
    run.driver = std::make_unique<AiDriver>(route, t, run.entry.spec, run.entry.params, car_seed(config_.seed, i),
                                            config_.driver);
    run.progress = RaceProgress(t.stations(), sectors);
    run.progress.start_race(0.0);
    world_->add_car(run.entry.spec, poses[i].position, poses[i].heading);
    cars_.push_back(std::move(run));
  }
  for (const Station& s : t.stations()) {
    const Gate& g = s.gates.front();
    station_s_.push_back(t.race_distance(0.5 * (g.a + g.b)));
  }
  if (!station_s_.empty()) station_s_.front() = 0.0;
  time_limit_ = config_.time_limit_s > 0.0 ? config_.time_limit_s : 120.0 + 3.0 * config_.laps * slowest;
  controls_.resize(cars_.size());
  for (std::size_t i = 0; i < cars_.size(); ++i) {
    update_progress(i, world_->car(i).position());
    cars_[i].best_distance = cars_[i].distance;
    cars_[i].stuck = cars_[i].max_stuck = 0.0;
  }
  for (std::size_t i = 0; i < cars_.size(); ++i) order_.push_back(static_cast<int>(i));
}

Race::~Race() = default;

std::vector<Pose> Race::grid_poses(std::size_t count) const {
  const Track& t = *track_;
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

// ---------------------------------------------------------------- the step

void Race::step() {
  const std::size_t n = cars_.size();
  for (std::size_t i = 0; i < n; ++i) controls_[i] = cars_[i].driver->tick(view_of(i));
  std::vector<Vec2> before(n);
  for (std::size_t i = 0; i < n; ++i) before[i] = world_->car(i).position();
  world_->step(controls_);
  for (std::size_t i = 0; i < n; ++i) update_progress(i, before[i]);
  for (std::size_t i = 0; i < n; ++i)
    if (cars_[i].driver->wants_respawn()) respawn(i);
  if (world_->steps() % kOvertakeEvery == 0) count_overtakes();
}

bool Race::over() const {
  return finishers_ == static_cast<int>(cars_.size()) || world_->time() >= time_limit_;
}

void Race::run() {
  while (!over()) step();
}

DriverView Race::view_of(std::size_t i) {
  const Car& car = world_->car(i);
  DriverView v;
  v.track = track_.get();
  v.step = world_->steps();
  v.dt = world_->dt();
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
  s.against_wall = touching_static(i);
  others_.clear();
  for (std::size_t j = 0; j < cars_.size(); ++j) {
    if (j == i) continue;
    const Car& o = world_->car(j);
    others_.push_back({static_cast<int>(j), o.position(), o.heading(), o.velocity(), 0.5 * o.spec().body.length,
                       0.5 * o.spec().body.width});
  }
  v.others = others_;
  return v;
}

bool Race::touching_static(std::size_t i) const {
  for (const b2ContactEdge* e = world_->car(i).body()->GetContactList(); e != nullptr; e = e->next)
    if (e->contact->IsTouching() && e->other->GetType() == b2_staticBody) return true;
  return false;
}

// ---------------------------------------------------------------- progress and stalls

void Race::update_progress(std::size_t i, Vec2 before) {
  CarRun& c = cars_[i];
  const Car& car = world_->car(i);
  const double now = world_->time();
  const int laps_before = c.progress.laps_completed();
  c.progress.update(before, car.position(), now);
  const Track& t = *track_;
  const double length = t.centreline().length();
  // Distance into the lap, kept next to the last station crossed (so the grid, behind the
  // line, counts as just before 0, not as nearly a lap).
  double d = t.race_distance(car.position());
  const int passed = c.progress.stations_passed();
  const double last_station = passed > 0 && passed < static_cast<int>(station_s_.size())
                                  ? station_s_[static_cast<std::size_t>(passed)]
                                  : 0.0;
  d += length * std::round((last_station - d) / length);
  c.distance = c.progress.laps_completed() * length + d;
  if (c.finished) return;
  if (c.progress.laps_completed() > laps_before && c.progress.laps_completed() >= config_.laps) {
    c.finished = true;
    c.finish_time = c.progress.laps().back().time;
    double total = 0.0;
    for (const LapRecord& lap : c.progress.laps()) total += lap.time;
    c.finish_time = total;
    c.finish_order = ++finishers_;
    c.contacts_at_finish = world_->contacts(i);
    return;
  }
  const double dt = world_->dt();
  if (c.distance > c.best_distance + kStallProgress) {
    c.best_distance = c.distance;
    c.stuck = 0.0;
  } else {
    c.stuck += dt;
    c.max_stuck = std::max(c.max_stuck, c.stuck);
  }
  bool on_road = false;
  for (int w = 0; w < 4 && !on_road; ++w) on_road = t.on_road(car.wheel_position(w));
  if (!on_road) c.off_track += dt;
}

// ---------------------------------------------------------------- respawn

bool Race::respawn_spot_clear(std::size_t i, double s) const {
  const Centreline& line = track_->centreline();
  const double length = line.length();
  const Vec2 at = line.at(s).position;
  for (std::size_t j = 0; j < cars_.size(); ++j) {
    if (j == i) continue;
    const Car& o = world_->car(j);
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

double Race::respawn_spot(std::size_t i) const {
  const Centreline& line = track_->centreline();
  const double s0 = line.project(world_->car(i).position()).s;
  // Forward first (past a jam, never more than kRespawnAhead), then back; the nearest
  // spot that is clear of cars, of a queue just ahead and of traffic coming from behind.
  for (double ds = 0.0; ds <= kRespawnAhead; ds += 4.0)
    if (respawn_spot_clear(i, s0 + ds)) return s0 + ds;
  for (double ds = 4.0; ds <= kRespawnBehind; ds += 4.0)
    if (respawn_spot_clear(i, s0 - ds)) return s0 - ds;
  // Nothing fully clear: the first spot ahead with nobody on it.
  for (double ds = 0.0; ds <= kRespawnAhead + kRespawnBehind; ds += 4.0) {
    const Vec2 at = line.at(s0 + ds).position;
    bool clear = true;
    for (std::size_t j = 0; j < cars_.size() && clear; ++j)
      if (j != i && length_squared(world_->car(j).position() - at) < square(kRespawnClear)) clear = false;
    if (clear) return s0 + ds;
  }
  return s0;
}

void Race::respawn(std::size_t i) {
  const Centreline& line = track_->centreline();
  Car& car = world_->car(i);
  const double s0 = line.project(car.position()).s;
  const double s = respawn_spot(i);
  const CentreSample here = line.at(s);
  const double now = world_->time();
  // Forward: walk the progress along the centreline so the stations on the way count as
  // crossed (as if driven); back: no crossing through the jump.
  Vec2 from = car.position();
  for (double d = s0 + 2.0; d < s; d += 2.0) {
    const Vec2 to = line.at(d).position;
    cars_[i].progress.update(from, to, now);
    from = to;
  }
  cars_[i].progress.update(from, here.position, now);
  car.place(here.position, std::atan2(here.tangent.y, here.tangent.x), 0.0);
  cars_[i].driver->respawned();
  cars_[i].respawns += 1;
  cars_[i].respawn_time = now;
  cars_[i].progress.update(here.position, here.position, now);
  update_progress(i, here.position);
  cars_[i].best_distance = cars_[i].distance;  // the respawn ends the stall
  cars_[i].stuck = 0.0;
}

// ---------------------------------------------------------------- overtakes

void Race::count_overtakes() {
  std::vector<int> now(order_);
  std::stable_sort(now.begin(), now.end(), [this](int a, int b) {
    return cars_[static_cast<std::size_t>(a)].distance > cars_[static_cast<std::size_t>(b)].distance;
  });
  const double t = world_->time();
  std::vector<int> rank_before(cars_.size());
  for (std::size_t k = 0; k < order_.size(); ++k) rank_before[static_cast<std::size_t>(order_[k])] = static_cast<int>(k);
  for (std::size_t a = 0; a < now.size(); ++a) {
    for (std::size_t b = a + 1; b < now.size(); ++b) {
      const auto pa = static_cast<std::size_t>(now[a]), pb = static_cast<std::size_t>(now[b]);
      if (rank_before[pa] < rank_before[pb]) continue;  // same order as before
      const CarRun& A = cars_[pa];
      const CarRun& B = cars_[pb];
      if (A.finished || B.finished) continue;
      if (A.distance - B.distance > kPassWindow) continue;
      if (t - A.respawn_time < kRespawnBlind || t - B.respawn_time < kRespawnBlind) continue;
      cars_[pa].overtakes += 1;  // a passed b on track
    }
  }
  order_ = std::move(now);
}

// ---------------------------------------------------------------- results

RaceResult Race::result() const {
  RaceResult r;
  r.track = track_->spec().name;
  r.laps = config_.laps;
  r.seed = config_.seed;
  r.sim_seconds = world_->time();
  r.state_hash = world_->state_hash();
  // Positions: finishers in finish order, then the rest by race distance.
  std::vector<std::size_t> order(cars_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [this](std::size_t a, std::size_t b) {
    const CarRun& A = cars_[a];
    const CarRun& B = cars_[b];
    if (A.finished != B.finished) return A.finished;
    if (A.finished) return A.finish_order < B.finish_order;
    return A.distance > B.distance;
  });
  std::vector<int> position(cars_.size());
  for (std::size_t k = 0; k < order.size(); ++k) position[order[k]] = static_cast<int>(k) + 1;
  for (std::size_t i = 0; i < cars_.size(); ++i) {
    const CarRun& c = cars_[i];
    RaceCarResult out;
    out.name = c.entry.name;
    out.car = c.entry.car;
    out.profile = c.entry.params.name;
    out.difficulty = c.entry.params.difficulty;
    out.grid_position = static_cast<int>(i) + 1;
    out.finished = c.finished;
    out.position = position[i];
    out.laps_completed = std::min(c.progress.laps_completed(), config_.laps);
    if (c.finished) out.race_time = c.finish_time;
    for (int k = 0; k < out.laps_completed; ++k) out.lap_times.push_back(c.progress.laps()[static_cast<std::size_t>(k)].time);
    if (!out.lap_times.empty()) out.best_lap = *std::min_element(out.lap_times.begin(), out.lap_times.end());
    out.limit_lap_time = c.route->limit_lap_time;
    const ContactCounts counts = c.finished ? c.contacts_at_finish : world_->contacts(i);
    out.wall_contacts = counts.walls;
    out.car_contacts = counts.cars;
    out.off_track_seconds = c.off_track;
    out.max_stuck_seconds = c.max_stuck;
    out.respawns = c.respawns;
    out.overtakes = c.overtakes;
    r.cars.push_back(std::move(out));
  }
  return r;
}

// ---------------------------------------------------------------- fields

std::vector<std::string> grid_difficulties(const std::string& difficulty, int cars) {
  std::vector<std::string> out;
  static const char* kLevels[] = {"easy", "medium", "hard"};
  for (int k = 0; k < cars; ++k) {
    if (difficulty != "mixed") {
      out.push_back(difficulty);
      continue;
    }
    // Pole (k = 0) gets the slowest; the back of the grid the fastest.
    const int level = std::min(2, k * 3 / std::max(1, cars));
    out.emplace_back(kLevels[level]);
  }
  return out;
}

std::vector<RaceEntry> make_field(const CarSpec& spec, const std::string& car_name,
                                  const std::vector<AiParams>& profiles, const std::string& difficulty, int cars) {
  std::vector<RaceEntry> field;
  const std::vector<std::string> levels = grid_difficulties(difficulty, cars);
  for (int k = 0; k < cars; ++k) {
    const std::string& level = levels[static_cast<std::size_t>(k)];
    std::size_t pick = 1;
    for (std::size_t p = 0; p < profiles.size(); ++p)
      if (profiles[p].difficulty == level) pick = p;
    if (pick >= profiles.size()) pick = profiles.size() - 1;
    RaceEntry e;
    e.name = "AI " + std::to_string(k + 1);
    e.car = car_name;
    e.spec = spec;
    e.params = profiles.empty() ? AiParams{} : profiles[pick];
    field.push_back(std::move(e));
  }
  return field;
}

}  // namespace racer
