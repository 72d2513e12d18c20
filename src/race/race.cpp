#include "race/race.h"

// Sections: set-up (grid, routes, drivers) | the step | start | progress and stalls |
//           respawn | overtakes | results | fields

#include <algorithm>
#include <cmath>

#include "ai/route.h"
#include "core/math.h"
#include "race/race_support.h"
#include "track/track.h"

namespace racer {

namespace {

constexpr double kStallProgress = 3.0;   // m of race progress that resets the stall clock
constexpr int kOvertakeEvery = 24;       // steps between overtake checks (10 Hz at 240 Hz)
constexpr double kPassWindow = 30.0;     // m: an order change closer than this is a pass on track
constexpr double kPassClear = 3.0;       // m of race distance a car must be ahead of another, or behind it, for the order to count
constexpr double kRespawnBlind = 3.0;    // s after a respawn in which order changes are not passes

// A car waiting for the start: brake and handbrake on.
Controls held_on_grid() {
  Controls c;
  c.brake = 1.0;
  c.handbrake = true;
  return c;
}

}  // namespace

// ---------------------------------------------------------------- set-up

Race::Race(std::shared_ptr<const Track> track, std::vector<RaceEntry> entries, RaceConfig config)
    : track_(std::move(track)), config_(config), routes_(std::make_unique<RouteCache>(config.rate_hz)) {
  const Track& t = *track_;
  WorldConfig world_config{config_.rate_hz};
  world_config.damage = config_.damage;
  world_ = std::make_unique<World>(t, world_config);
  add_track_bodies(*world_, t);
  const std::vector<Pose> poses = race_grid_poses(t, entries.size());
  const int sectors = static_cast<int>(t.sector_starts().size());
  double slowest = 0.0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    CarRun run;
    run.entry = std::move(entries[i]);
    if (!run.entry.human) {
      run.route = routes_->get(t, run.entry.spec, run.entry.params.line_margin);
      slowest = std::max(slowest, run.route->limit_lap_time);
      run.driver = std::make_unique<AiDriver>(run.route, t, run.entry.spec, run.entry.params,
                                              race_car_seed(config_.seed, i), config_.driver);
    }
    run.progress = RaceProgress(t.stations(), sectors);
    run.slot = poses[i];
    world_->add_car(run.entry.spec, poses[i].position, poses[i].heading);
    cars_.push_back(std::move(run));
  }
  station_s_ = station_race_distances(t);
  time_limit_ = config_.time_limit_s > 0.0 ? config_.time_limit_s : 120.0 + 3.0 * config_.laps * slowest;
  controls_.resize(cars_.size());
  before_.resize(cars_.size());
  ahead_.assign(cars_.size() * cars_.size(), 0);
  if (config_.start_s && *config_.start_s <= 0.0)
    start(0.0);
  else
    for (std::size_t i = 0; i < cars_.size(); ++i) update_distance(i);
}

Race::~Race() = default;

void Race::set_drivers_debug(bool on) {
  for (CarRun& c : cars_)
    if (c.driver) c.driver->set_debug(on);
}

bool Race::set_driver_params(std::size_t i, const AiParams& params) {
  CarRun& c = cars_[i];
  if (!c.driver) return false;
  std::shared_ptr<const AiRoute> route;
  if (params.line_margin != c.driver->params().line_margin) {
    route = routes_->get(*track_, c.entry.spec, params.line_margin);
    c.route = route;
  }
  c.driver->set_params(params, std::move(route));
  return true;
}

void Race::set_probe(StepProbe* probe) {
  probe_ = probe;
  for (CarRun& c : cars_)
    if (c.driver) c.driver->set_probe(probe);
}

// ---------------------------------------------------------------- the step

void Race::step(std::span<const DriverInput> inputs) {
  const std::size_t n = cars_.size();
  auto input = [&](std::size_t i) { return i < inputs.size() ? &inputs[i] : nullptr; };
  if (started_)
    for (std::size_t i = 0; i < n; ++i)
      if (input(i) != nullptr && input(i)->respawn) respawn(i);
  {
    const ProbeScope drivers(probe_, StepProbe::Phase::Drivers);
    for (std::size_t i = 0; i < n; ++i) controls_[i] = controls_for(i, input(i));
  }
  for (std::size_t i = 0; i < n; ++i) before_[i] = world_->car(i).position();
  world_->step(controls_);
  if (!started_) {
    for (std::size_t i = 0; i < n; ++i) update_distance(i);
    if (config_.start_s && world_->time() >= *config_.start_s) start(*config_.start_s);
    return;
  }
  for (std::size_t i = 0; i < n; ++i) update_progress(i, before_[i]);
  for (std::size_t i = 0; i < n; ++i)
    if (cars_[i].driver && cars_[i].driver->wants_respawn()) respawn(i);
  finished_.resize(n);
  for (std::size_t i = 0; i < n; ++i) finished_[i] = cars_[i].finished;
  contacts_.update(*world_, finished_);
  if (world_->steps() % kOvertakeEvery == 0) count_overtakes();
}

Controls Race::controls_for(std::size_t i, const DriverInput* input) {
  if (input != nullptr && input->controls) return sanitized(*input->controls);
  CarRun& c = cars_[i];
  if (!started_) return held_on_grid();  // the drivers wait for the start (no stall clock runs)
  if (c.driver) return c.driver->tick(view_of(i));
  return Controls{};
}

bool Race::over() const {
  return finishers_ == static_cast<int>(cars_.size()) || world_->time() >= time_limit_;
}

void Race::run() {
  while (!over()) step();
}

DriverView Race::view_of(std::size_t i) { return make_driver_view(*world_, *track_, i, cars_[i].distance, others_); }

// ---------------------------------------------------------------- start

void Race::start(double time) {
  if (started_) return;
  started_ = true;
  for (std::size_t i = 0; i < cars_.size(); ++i) {
    cars_[i].progress.start_race(time);
    update_progress(i, world_->car(i).position());
    cars_[i].best_distance = cars_[i].distance;
    cars_[i].stuck = cars_[i].max_stuck = 0.0;
  }
  count_overtakes();  // (the grid's order: no order before it, no pass)
}

// ---------------------------------------------------------------- progress and stalls

void Race::update_distance(std::size_t i) {
  CarRun& c = cars_[i];
  c.distance = car_race_distance(*track_, station_s_, c.progress, world_->car(i).position(), &c.line_hint);
}

void Race::update_progress(std::size_t i, Vec2 before) {
  CarRun& c = cars_[i];
  const Car& car = world_->car(i);
  const double now = world_->time();
  const int laps_before = c.progress.laps_completed();
  c.progress.update(before, car.position(), now);
  update_distance(i);
  if (c.finished) return;
  if (c.progress.laps_completed() > laps_before && c.progress.laps_completed() >= config_.laps) {
    c.finished = true;
    double total = 0.0;
    for (const LapRecord& lap : c.progress.laps()) total += lap.time;
    c.finish_time = total;
    c.finish_order = ++finishers_;
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
  if (!car_on_road(*track_, car)) c.off_track += dt;
}

// ---------------------------------------------------------------- respawn

void Race::respawn(std::size_t i) {
  const double s = racer::respawn_spot(*world_, *track_, i);
  place_for_respawn(*world_, *track_, i, s, cars_[i].progress);
  if (cars_[i].driver) cars_[i].driver->respawned();
  cars_[i].respawns += 1;
  cars_[i].respawn_time = world_->time();
  update_progress(i, track_->centreline().at(s).position);
  cars_[i].best_distance = cars_[i].distance;  // the respawn ends the stall
  cars_[i].stuck = 0.0;
}

// ---------------------------------------------------------------- overtakes

// A pass is one car going from clearly behind another (kPassClear m of race distance) to
// clearly ahead of it, on track: two cars side by side swap order back and forth many times
// and pass each other at most once.
void Race::count_overtakes() {
  const double t = world_->time();
  const std::size_t n = cars_.size();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const double d = cars_[i].distance - cars_[j].distance;
      const signed char now = d > kPassClear ? 1 : d < -kPassClear ? -1 : 0;
      signed char& was = ahead_[i * n + j];
      if (now == 0 || now == was) continue;
      const bool passed = was != 0;
      was = now;
      if (!passed) continue;
      CarRun& a = cars_[now > 0 ? i : j];  // the one now ahead
      const CarRun& b = cars_[now > 0 ? j : i];
      if (a.finished || b.finished || std::abs(d) > kPassWindow) continue;
      if (t - a.respawn_time < kRespawnBlind || t - b.respawn_time < kRespawnBlind) continue;
      a.overtakes += 1;
    }
  }
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
    out.limit_lap_time = c.route ? c.route->limit_lap_time : 0.0;
    if (c.route)
      for (int b : c.route->branches) out.route.push_back(branch_name(*track_, b));
    out.wall_contacts = contacts_.walls(i);
    out.car_contacts = contacts_.cars(i);
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
  for (int k = 0; k < cars; ++k) {
    if (difficulty != "mixed") {
      out.push_back(difficulty);
      continue;
    }
    // Pole (k = 0) gets the slowest; the back of the grid the fastest.
    const int level = std::min(2, k * 3 / std::max(1, cars));
    out.emplace_back(kDifficultyLevels[static_cast<std::size_t>(level)]);
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
