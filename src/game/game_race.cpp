#include "game/game_race.h"

// Sections: set-up | the step | controls | respawn | facts for the rules

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "sim/race_support.h"

namespace racer {

namespace {

constexpr double kThrottleDeadband = 0.02;  // throttle at or below this on the grid: the car is held

Controls held() {
  Controls c;
  c.brake = 1.0;
  c.handbrake = true;
  return c;
}

int player_index(int slot, std::size_t opponents) {
  const int n = static_cast<int>(opponents);
  return slot < 0 || slot > n ? n : slot;
}

std::vector<std::string> grid_names(const PlayerEntry& player, const std::vector<RaceEntry>& opponents, int slot) {
  std::vector<std::string> names;
  for (const RaceEntry& e : opponents) names.push_back(e.name);
  names.insert(names.begin() + player_index(slot, opponents.size()), player.name);
  return names;
}

SessionConfig session_config(const GameRaceConfig& c, const Track& track) {
  SessionConfig s = c.session;
  s.laps = c.laps;
  s.seed = c.seed;
  s.lap_length_m = track.centreline().length();
  return s;
}

}  // namespace

// ---------------------------------------------------------------- set-up

GameRace::GameRace(std::shared_ptr<const Track> track, PlayerEntry player, std::vector<RaceEntry> opponents,
                   GameRaceConfig config)
    : track_(std::move(track)), config_(config),
      rules_(grid_names(player, opponents, config.player_grid_slot), session_config(config, *track_)) {
  const Track& t = *track_;
  WorldConfig world_config{config_.rate_hz};
  world_config.damage = config_.damage;
  world_ = std::make_unique<World>(t, world_config);
  add_track_bodies(*world_, t);
  player_ = player_index(config_.player_grid_slot, opponents.size());
  const std::size_t count = opponents.size() + 1;
  const std::vector<Pose> poses = race_grid_poses(t, count);
  const int sectors = static_cast<int>(t.sector_starts().size());
  routes_ = std::make_unique<RouteCache>(config_.rate_hz);
  RouteCache& routes = *routes_;
  std::size_t next_opponent = 0;
  for (std::size_t i = 0; i < count; ++i) {
    CarRun run;
    const CarSpec* spec = nullptr;
    std::optional<AiParams> ai;
    if (static_cast<int>(i) == player_) {
      run.name = player.name;
      run.car = player.car;
      spec = &player.spec;
      ai = player.autodrive;
    } else {
      RaceEntry& e = opponents[next_opponent++];
      run.name = e.name;
      run.car = e.car;
      spec = &e.spec;
      ai = e.params;
    }
    if (ai) {
      run.params = *ai;
      run.spec = *spec;
      run.driver = std::make_unique<AiDriver>(routes.get(t, *spec, ai->line_margin), t, *spec, *ai,
                                              race_car_seed(config_.seed, i), config_.driver);
    }
    run.progress = RaceProgress(t.stations(), sectors);
    run.slot = poses[i];
    world_->add_car(*spec, poses[i].position, poses[i].heading);
    cars_.push_back(std::move(run));
  }
  station_s_ = station_race_distances(t);
  controls_.resize(count);
  facts_.resize(count);
  update_distances();
}

GameRace::~GameRace() = default;

std::string GameRace::profile(int car) const {
  const CarRun& c = cars_[idx(car)];
  return c.driver ? c.params.name : std::string();
}

const AiParams* GameRace::entry_params(int car) const {
  const CarRun& c = cars_[idx(car)];
  return c.driver ? &c.params : nullptr;
}

bool GameRace::set_driver_params(int car, const AiParams& params) {
  CarRun& c = cars_[idx(car)];
  if (!c.driver) return false;
  std::shared_ptr<const AiRoute> route;
  if (params.line_margin != c.driver->params().line_margin)
    route = routes_->get(*track_, c.spec, params.line_margin);
  c.driver->set_params(params, std::move(route));
  return true;
}

// ---------------------------------------------------------------- the step

void GameRace::step(const Controls& player_controls) {
  const std::size_t n = cars_.size();
  const bool racing = rules_.phase() == SessionPhase::Racing || rules_.phase() == SessionPhase::Finished;
  for (std::size_t i = 0; i < n; ++i) controls_[i] = controls_for(i, player_controls, racing);
  std::vector<Vec2> before(n);
  for (std::size_t i = 0; i < n; ++i) before[i] = world_->car(i).position();
  world_->step(controls_);
  const double now = world_->time();
  if (racing) {
    for (std::size_t i = 0; i < n; ++i) cars_[i].progress.update(before[i], world_->car(i).position(), now);
    for (std::size_t i = 0; i < n; ++i)
      if (cars_[i].driver && cars_[i].driver->wants_respawn()) respawn(i);
  }
  hold_left_ = std::max(0.0, hold_left_ - world_->dt());
  update_distances();
  feed_rules();
  if (!racing && rules_.phase() == SessionPhase::Racing)  // lights out: every car's clock starts
    for (CarRun& c : cars_) c.progress.start_race(rules_.lights_out_time());
}

// ---------------------------------------------------------------- controls

Controls GameRace::controls_for(std::size_t i, const Controls& player_controls, bool racing) {
  CarRun& c = cars_[i];
  const bool human = static_cast<int>(i) == player_ && !c.driver;
  if (!racing) {
    // The AI waits for lights out (its driver is not ticked, so no stall clock runs); the
    // player is held unless they give throttle, which may be a false start.
    if (!human) return held();
    Controls p = sanitized(player_controls);
    if (p.throttle <= kThrottleDeadband) {
      p.throttle = 0.0;
      p.brake = 1.0;
      p.handbrake = true;
    }
    return p;
  }
  if (static_cast<int>(i) == player_ && hold_left_ > 0.0) return held();
  if (c.driver) return c.driver->tick(make_driver_view(*world_, *track_, i, c.distance, others_));
  return sanitized(player_controls);
}

// ---------------------------------------------------------------- respawn

void GameRace::respawn(std::size_t i) {
  const double s = respawn_spot(*world_, *track_, i);
  place_for_respawn(*world_, *track_, i, s, cars_[i].progress);
  if (cars_[i].driver) cars_[i].driver->respawned();
  cars_[i].respawns += 1;
}

bool GameRace::request_respawn() {
  if (rules_.phase() != SessionPhase::Racing) return false;
  if (rules_.status(player_) != CarStatus::Running || hold_left_ > 0.0) return false;
  const std::size_t i = idx(player_);
  respawn(i);
  hold_left_ = config_.respawn_hold_s;
  update_distances();
  char text[64];
  std::snprintf(text, sizeof text, "%s: respawn, held %.0f s", cars_[i].name.c_str(), config_.respawn_hold_s);
  rules_.post(SessionMessage::Kind::Respawn, player_, text);
  return true;
}

// ---------------------------------------------------------------- facts for the rules

void GameRace::update_distances() {
  for (std::size_t i = 0; i < cars_.size(); ++i)
    cars_[i].distance =
        car_race_distance(*track_, station_s_, cars_[i].progress, world_->car(i).position(), &cars_[i].line_hint);
}

void GameRace::feed_rules() {
  const double now = world_->time();
  for (std::size_t i = 0; i < cars_.size(); ++i) {
    const Car& car = world_->car(i);
    const RaceProgress& p = cars_[i].progress;
    CarFacts& f = facts_[i];
    f.race_distance = cars_[i].distance;
    f.speed = car.forward_speed();
    f.laps_completed = p.laps_completed();
    f.last_crossing = p.lap_running() ? now - p.current_lap_time(now) : 0.0;
    f.moved = std::sqrt(length_squared(car.position() - cars_[i].slot.position));
    f.on_track = car_on_road(*track_, car);
  }
  rules_.update(now, facts_);
}

}  // namespace racer
