#include "game/game_race.h"

// Sections: set-up | the step | inputs | facts for the rules

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "race/race_support.h"

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

// The runner's set-up: the game starts the race itself, at lights out.
RaceConfig runner_config(const GameRaceConfig& c) {
  RaceConfig r;
  r.laps = c.laps;
  r.seed = c.seed;
  r.rate_hz = c.rate_hz;
  r.start_s = std::nullopt;
  r.damage = c.damage;
  r.driver = c.driver;
  return r;
}

}  // namespace

// ---------------------------------------------------------------- set-up

GameRace::GameRace(std::shared_ptr<const Track> track, PlayerEntry player, std::vector<RaceEntry> opponents,
                   GameRaceConfig config)
    : config_(config), rules_(grid_names(player, opponents, config.player_grid_slot), session_config(config, *track)) {
  player_ = player_index(config_.player_grid_slot, opponents.size());
  RaceEntry me;
  me.name = player.name;
  me.car = player.car;
  me.spec = std::move(player.spec);
  me.human = !player.autodrive.has_value();
  if (player.autodrive) me.params = *player.autodrive;
  std::vector<RaceEntry> entries = std::move(opponents);
  entries.insert(entries.begin() + player_, std::move(me));
  race_ = std::make_unique<Race>(std::move(track), std::move(entries), runner_config(config_));
  inputs_.resize(race_->car_count());
  facts_.resize(race_->car_count());
}

GameRace::~GameRace() = default;

std::string GameRace::profile(int car) const {
  return race_->has_driver(idx(car)) ? race_->entry(idx(car)).params.name : std::string();
}

const AiParams* GameRace::entry_params(int car) const {
  return race_->has_driver(idx(car)) ? &race_->entry(idx(car)).params : nullptr;
}

void GameRace::set_car_spec(int car, const CarSpec& spec) {
  race_->world().respec_car(idx(car), spec);
  if (!std::binary_search(edited_.begin(), edited_.end(), car))
    edited_.insert(std::upper_bound(edited_.begin(), edited_.end(), car), car);
}

// ---------------------------------------------------------------- the step

void GameRace::step(const PlayerInput& input) {
  const bool racing = rules_.phase() == SessionPhase::Racing || rules_.phase() == SessionPhase::Finished;
  respawned_ = input.respawn && can_respawn();
  if (respawned_) {
    hold_left_ = config_.respawn_hold_s;
    char text[64];
    std::snprintf(text, sizeof text, "%s: respawn, held %.0f s", name(player_).c_str(), config_.respawn_hold_s);
    rules_.post(SessionMessage::Kind::Respawn, player_, text);
  }
  for (std::size_t i = 0; i < inputs_.size(); ++i) {
    inputs_[i].controls = controls_for(i, input.controls, racing);
    inputs_[i].respawn = respawned_ && static_cast<int>(i) == player_;
  }
  race_->step(inputs_);
  hold_left_ = std::max(0.0, hold_left_ - race_->world().dt());
  feed_rules();
  if (!racing && rules_.phase() == SessionPhase::Racing) race_->start(rules_.lights_out_time());  // every car's clock starts
}

bool GameRace::can_respawn() const {
  return rules_.phase() == SessionPhase::Racing && rules_.status(player_) == CarStatus::Running && hold_left_ <= 0.0;
}

// ---------------------------------------------------------------- inputs

// The controls the game gives car i (none: the runner's own: the AI driver, or held on the
// grid before the start).
std::optional<Controls> GameRace::controls_for(std::size_t i, const Controls& player_controls, bool racing) const {
  if (static_cast<int>(i) != player_) return std::nullopt;
  const bool human = !race_->has_driver(i);
  if (!racing) {
    // The player is held unless they give throttle, which may be a false start.
    if (!human) return std::nullopt;
    Controls p = sanitized(player_controls);
    if (p.throttle <= kThrottleDeadband) {
      p.throttle = 0.0;
      p.brake = 1.0;
      p.handbrake = true;
    }
    return p;
  }
  if (hold_left_ > 0.0) {
    Controls h = held();  // the switches still work while held
    h.abs = player_controls.abs;
    h.tcs = player_controls.tcs;
    h.automatic = player_controls.automatic;
    return h;
  }
  if (!human) return std::nullopt;
  return player_controls;
}

// ---------------------------------------------------------------- facts for the rules

void GameRace::feed_rules() {
  const World& world = race_->world();
  const Track& track = race_->track();
  const double now = world.time();
  for (std::size_t i = 0; i < race_->car_count(); ++i) {
    const Car& car = world.car(i);
    const RaceProgress& p = race_->progress(i);
    CarFacts& f = facts_[i];
    f.race_distance = race_->race_distance(i);
    f.speed = car.forward_speed();
    f.laps_completed = p.laps_completed();
    f.last_crossing = p.lap_running() ? now - p.current_lap_time(now) : 0.0;
    f.moved = std::sqrt(length_squared(car.position() - race_->grid_slot(i).position));
    f.on_track = car_on_road(track, car);
  }
  rules_.update(now, facts_);
}

}  // namespace racer
