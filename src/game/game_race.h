#pragma once
// GameRace: the race the game loop runs. It owns the World on a Track with the player's car
// and N AI cars (one AiDriver each), a RaceProgress per car and the SessionRules, and
// advances them together one fixed step at a time:
//
//   controls (held before lights out; AI from its driver; the player's from the argument)
//   -> World::step -> race progress (from lights out) -> AI respawns -> facts -> rules
//
// Before lights out every AI car is held (brake and handbrake) and its driver is not
// ticked. The player's car is held too unless the player gives throttle: then the controls
// pass through, and moving more than 0.5 m from the slot is a false start (SessionRules).
// A respawn the player asks for puts the car on the road near its progress (the same spot
// search as the AI's) and holds it for respawn_hold_s (3 s): the time cost of the respawn.
//
// Sections: entries and config | GameRace
//
// Pure and deterministic: same track, entries, config and player controls => same
// World::state_hash().
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/ai_params.h"
#include "ai/driver.h"
#include "ai/driver_view.h"
#include "game/session_rules.h"
#include "sim/race.h"
#include "sim/world.h"
#include "track/progress.h"
#include "track/track.h"
#include "vehicle/car_spec.h"
#include "vehicle/controls.h"

namespace racer {

class RouteCache;

// ---------------------------------------------------------------- entries and config

struct PlayerEntry {
  std::string name = "Player";
  std::string car;                     ///< car name (file stem), for the results
  CarSpec spec;
  std::optional<AiParams> autodrive;   ///< set: an AI drives the player's car (demo runs, tests);
                                       ///< step()'s controls are then ignored
};

struct GameRaceConfig {
  int laps = 3;                  ///< >= 1
  std::uint64_t seed = 1;        ///< AI mistakes and the lights-out hold
  double rate_hz = 240.0;        ///< fixed step rate
  int player_grid_slot = -1;     ///< 0 = pole; < 0 or beyond the field = the back of the grid
  double respawn_hold_s = 3.0;   ///< s the player's car is held after a respawn it asked for
  DamageMode damage = DamageMode::Off;  ///< collisions: off, visual (dents only) or full (Settings::damage)
  SessionConfig session;         ///< the rules' timings; laps, seed and lap length are set from here
  DriverConfig driver;           ///< the AI's fixed tuning
};

// ---------------------------------------------------------------- GameRace

class GameRace {
 public:
  /// `opponents` in grid order, e.g. make_field(spec, "sedan", profiles, "mixed", 5)
  /// (sim/race.h); the player is put in at config.player_grid_slot.
  GameRace(std::shared_ptr<const Track> track, PlayerEntry player, std::vector<RaceEntry> opponents,
           GameRaceConfig config = {});
  ~GameRace();
  GameRace(const GameRace&) = delete;
  GameRace& operator=(const GameRace&) = delete;

  /// One fixed step. `player_controls`: this step's controls from the player's devices.
  void step(const Controls& player_controls);
  /// The player asks to be put back on the road: accepted while racing and not finished
  /// and not already held; the car is then held for respawn_hold_s.
  bool request_respawn();

  // --- the race
  SessionPhase phase() const { return rules_.phase(); }
  /// Every car finished, DNF or retired (the rules' Finished phase).
  bool over() const { return rules_.phase() == SessionPhase::Finished; }
  const SessionRules& rules() const { return rules_; }
  SessionRules& rules() { return rules_; }
  const World& world() const { return *world_; }
  World& world() { return *world_; }
  const Track& track() const { return *track_; }
  double time() const { return world_->time(); }

  // --- the cars (index = grid position - 1 = the World's and the rules' index)
  std::size_t car_count() const { return cars_.size(); }
  int player() const { return player_; }
  const std::string& name(int car) const { return cars_[idx(car)].name; }
  const std::string& car_name(int car) const { return cars_[idx(car)].car; }
  /// The AI profile name ("" for the human player).
  std::string profile(int car) const;
  /// The car's AI driver, or null for the player (unless autodriven).
  const AiDriver* driver(int car) const { return cars_[idx(car)].driver.get(); }
  /// The profile the car's driver started the race with (its entry's), null for the player.
  const AiParams* entry_params(int car) const;
  /// Gives the car's driver a new profile from the next step on (AiDriver::set_params; a
  /// new line_margin plans, or reuses, the route for it). False for a car without a driver.
  /// The same params as the driver's change nothing; deterministic.
  bool set_driver_params(int car, const AiParams& params);
  const RaceProgress& progress(int car) const { return cars_[idx(car)].progress; }
  /// m, race distance (laps x length + distance into the lap; < 0 on the grid).
  double race_distance(int car) const { return cars_[idx(car)].distance; }
  const Pose& grid_slot(int car) const { return cars_[idx(car)].slot; }
  int respawns(int car) const { return cars_[idx(car)].respawns; }
  /// The controls applied to the car in the last step.
  const Controls& applied_controls(int car) const { return controls_[idx(car)]; }
  /// s the player's car is still held after a respawn (0 when free).
  double respawn_hold_left() const { return hold_left_; }

 private:
  struct CarRun {
    std::string name, car;
    AiParams params;
    CarSpec spec;                      // as entered (the route cache's key)
    std::unique_ptr<AiDriver> driver;  // null: the human player
    RaceProgress progress;
    Pose slot;
    double distance = 0.0;
    int line_hint = -1;  // centreline segment of the last race-distance projection
    int respawns = 0;
  };
  static std::size_t idx(int car) { return static_cast<std::size_t>(car); }
  Controls controls_for(std::size_t i, const Controls& player_controls, bool racing);
  void respawn(std::size_t i);
  void update_distances();
  void feed_rules();

  std::shared_ptr<const Track> track_;
  GameRaceConfig config_;
  std::unique_ptr<RouteCache> routes_;  // the routes and envelopes the drivers were planned with
  std::unique_ptr<World> world_;
  std::vector<CarRun> cars_;
  std::vector<OtherCarView> others_;
  std::vector<Controls> controls_;
  std::vector<CarFacts> facts_;
  std::vector<double> station_s_;
  SessionRules rules_;
  int player_ = 0;
  double hold_left_ = 0.0;
};

}  // namespace racer
