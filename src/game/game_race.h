#pragma once
// GameRace: the race the game loop runs: the one race runner (race/race.h) with the
// player's car as one more driver, and the game's rules (SessionRules: start lights, false
// starts, flags, DNF, positions and gaps). One fixed step at a time:
//
//   player's input -> each car's input (held before lights out; held after a respawn)
//   -> Race::step -> the rules (facts of every car) -> lights out starts the runner
//
// Before lights out every AI car is held by the runner (brake and handbrake) and its driver
// is not ticked. The player's car is held too unless the player gives throttle: then the
// controls pass through, and moving more than 0.5 m from the slot is a false start
// (SessionRules). A respawn the player asks for (PlayerInput::respawn) puts the car on the
// road near its progress (the same spot search as the AI's) and holds it for
// respawn_hold_s (3 s): the time cost of the respawn.
//
// Sections: entries and config | player input | GameRace
//
// Pure and deterministic: same track, entries, config and per-step player inputs => same
// World::state_hash(). Everything the player does (pedals, wheel, shifts, driver aids and
// gearbox mode as Controls' switch commands, respawns) comes in through step().
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/ai_params.h"
#include "ai/driver.h"
#include "game/session_rules.h"
#include "race/race.h"
#include "sim/world.h"
#include "track/progress.h"
#include "track/track.h"
#include "vehicle/car_spec.h"
#include "vehicle/controls.h"

namespace racer {

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

// ---------------------------------------------------------------- player input

/// The player's input for one step: what a recording of a race keeps.
struct PlayerInput {
  Controls controls;     ///< from the devices, switch commands (aids, gearbox) included
  bool respawn = false;  ///< put the car back on the road (taken when can_respawn())
};

// ---------------------------------------------------------------- GameRace

class GameRace {
 public:
  /// `opponents` in grid order, e.g. make_field(spec, "sedan", profiles, "mixed", 5)
  /// (race/race.h); the player is put in at config.player_grid_slot.
  GameRace(std::shared_ptr<const Track> track, PlayerEntry player, std::vector<RaceEntry> opponents,
           GameRaceConfig config = {});
  ~GameRace();
  GameRace(const GameRace&) = delete;
  GameRace& operator=(const GameRace&) = delete;

  /// One fixed step with the player's input.
  void step(const PlayerInput& input);
  /// One fixed step with the player's controls and no respawn.
  void step(const Controls& player_controls) { step(PlayerInput{player_controls, false}); }
  /// A respawn asked for now would be taken: racing, the player's car running and not
  /// already held. The car is then held for respawn_hold_s.
  bool can_respawn() const;
  /// The player's car was put back on the road in the last step.
  bool respawned_last_step() const { return respawned_; }

  // --- the race
  SessionPhase phase() const { return rules_.phase(); }
  /// Every car finished, DNF or retired (the rules' Finished phase).
  bool over() const { return rules_.phase() == SessionPhase::Finished; }
  const SessionRules& rules() const { return rules_; }
  SessionRules& rules() { return rules_; }
  const World& world() const { return race_->world(); }
  World& world() { return race_->world(); }
  const Track& track() const { return race_->track(); }
  double time() const { return race_->world().time(); }
  /// The race runner (per-car records: contacts, respawns, overtakes, stalls).
  const Race& runner() const { return *race_; }
  /// An observer of each step's phases (Race::set_probe); null = none.
  void set_probe(StepProbe* probe) { race_->set_probe(probe); }

  // --- the cars (index = grid position - 1 = the World's and the rules' index)
  std::size_t car_count() const { return race_->car_count(); }
  int player() const { return player_; }
  const std::string& name(int car) const { return race_->entry(idx(car)).name; }
  const std::string& car_name(int car) const { return race_->entry(idx(car)).car; }
  /// The AI profile name ("" for the human player).
  std::string profile(int car) const;
  /// The car's AI driver, or null for the player (unless autodriven).
  const AiDriver* driver(int car) const { return race_->has_driver(idx(car)) ? &race_->driver(idx(car)) : nullptr; }
  /// The profile the car's driver started the race with (its entry's), null for the player.
  const AiParams* entry_params(int car) const;
  /// Gives the car's driver a new profile from the next step on (Race::set_driver_params).
  /// False for a car without a driver. The same params as the driver's change nothing.
  bool set_driver_params(int car, const AiParams& params) { return race_->set_driver_params(idx(car), params); }
  /// Rebuilds the car from `spec` where it is, at its speed, from the next step on
  /// (World::respec_car: the Vehicle panel's car editor). The car counts as edited from
  /// then on (cars_edited()), whatever the spec; an AI car's driver keeps planning for the
  /// car it started with.
  void set_car_spec(int car, const CarSpec& spec);
  /// The cars rebuilt by set_car_spec so far (grid indices, sorted).
  const std::vector<int>& cars_edited() const { return edited_; }
  /// Every AI driver records what it uses each step for the debug overlays, or stops
  /// (Race::set_drivers_debug); changes no controls.
  void set_drivers_debug(bool on) { race_->set_drivers_debug(on); }
  const RaceProgress& progress(int car) const { return race_->progress(idx(car)); }
  /// m, race distance (laps x length + distance into the lap; < 0 on the grid).
  double race_distance(int car) const { return race_->race_distance(idx(car)); }
  const Pose& grid_slot(int car) const { return race_->grid_slot(idx(car)); }
  int respawns(int car) const { return race_->respawns(idx(car)); }
  /// The controls applied to the car in the last step.
  const Controls& applied_controls(int car) const { return race_->controls(idx(car)); }
  /// s the player's car is still held after a respawn (0 when free).
  double respawn_hold_left() const { return hold_left_; }

 private:
  static std::size_t idx(int car) { return static_cast<std::size_t>(car); }
  std::optional<Controls> controls_for(std::size_t i, const Controls& player_controls, bool racing) const;
  void feed_rules();

  GameRaceConfig config_;
  std::unique_ptr<Race> race_;
  std::vector<DriverInput> inputs_;
  std::vector<CarFacts> facts_;
  SessionRules rules_;
  int player_ = 0;
  std::vector<int> edited_;  // set_car_spec's cars, sorted
  double hold_left_ = 0.0;
  bool respawned_ = false;
};

}  // namespace racer
