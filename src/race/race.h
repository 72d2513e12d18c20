#pragma once
// Race: the one race runner. The game's race (game/game_race.h), the headless race
// (`racer --headless`), every racer-bench race and the tests all run their races on it.
// It owns the World, one AiDriver per AI car and one RaceProgress per car, and advances
// them one fixed step at a time:
//
//   respawns asked for -> controls (given, held on the grid, or the AI driver's tick)
//   -> World::step -> race progress (finish, stalls, time off the road) -> AI respawns
//   -> contacts -> overtakes
//
// A car is driven by its AI driver, or by the Controls handed to step() (a human, or a car
// the game holds). Before the start every car without given controls is held on the grid
// (brake and handbrake) and its driver is not ticked; the start comes at a set time or when
// the owner calls start() (the game's lights). Per-car records (laps, contacts, time off
// the road, stalls, respawns, overtakes) are kept here, for every runner alike.
//
// Sections: entries and config | results | Race | fields (mixed difficulty)
//
// Pure and deterministic: same track + entries + config + per-step inputs => same
// World::state_hash().
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <span>

#include "ai/ai_params.h"
#include "ai/driver.h"
#include "ai/driver_view.h"
#include "core/step_probe.h"
#include "race/contact_count.h"
#include "sim/world.h"
#include "track/progress.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {

class Track;
class RouteCache;

// ---------------------------------------------------------------- entries and config

struct RaceEntry {
  std::string name;       ///< driver name in the results
  std::string car;        ///< car name (file stem or spec name), for the results
  CarSpec spec;           ///< as it starts (its assists and gearbox mode included)
  AiParams params;        ///< profile and difficulty (unused for a human)
  bool human = false;     ///< driven by the Controls given to step(), not by an AI driver
};

struct RaceConfig {
  int laps = 3;                 ///< >= 1
  std::uint64_t seed = 1;       ///< drives every random choice (mistakes)
  double rate_hz = 240.0;       ///< fixed step rate
  double time_limit_s = 0.0;    ///< > 0: over() here; 0: 120 s + 3 x laps x the slowest limit lap
  /// s of sim time of the start; the cars are held on the grid until then. None: at start().
  std::optional<double> start_s = 0.0;
  DamageMode damage = DamageMode::Off;  ///< collisions: off, visual (dents only) or full
  DriverConfig driver;          ///< the AI's fixed tuning
};

/// One car's input for one step from outside the runner.
struct DriverInput {
  /// Set: these controls drive the car this step (a human; a car its owner holds), and its
  /// AI driver, if any, is not ticked. None: the AI driver drives (a human car rolls free).
  std::optional<Controls> controls;
  bool respawn = false;  ///< put the car back on the road first (the owner checks it may)
};

// ---------------------------------------------------------------- results

struct RaceCarResult {
  std::string name, car, profile, difficulty;
  int grid_position = 0;                  ///< 1 = pole
  bool finished = false;
  int position = 0;                       ///< 1 = winner
  int laps_completed = 0;
  std::optional<double> race_time;        ///< s from the start to the finish (finished cars)
  std::optional<double> best_lap;         ///< s
  std::vector<double> lap_times;          ///< s
  double limit_lap_time = 0.0;            ///< s, speed profile at full grip on the AI's route
  std::vector<std::string> route;         ///< the branches the AI's route takes, by name (empty: the main loop)
  int wall_contacts = 0;                  ///< contacts with static geometry begun, until the finish (a
                                          ///< scrape along a wall is one: see race/contact_count.h)
  int car_contacts = 0;                   ///< contacts with another car begun (per pair), until the finish
  double off_track_seconds = 0.0;         ///< s with no wheel on the road
  double max_stuck_seconds = 0.0;         ///< s, longest stretch without 3 m of race progress
  int respawns = 0;
  int overtakes = 0;                      ///< passes of another car on track
};

struct RaceResult {
  std::string track;
  int laps = 0;
  std::uint64_t seed = 0;
  double sim_seconds = 0.0;
  std::uint64_t state_hash = 0;
  std::vector<RaceCarResult> cars;        ///< in grid order
};

// ---------------------------------------------------------------- Race

class Race {
 public:
  /// Entries in grid order (entries[0] on pole). Cars beyond the track's grid slots line
  /// up behind the last row.
  Race(std::shared_ptr<const Track> track, std::vector<RaceEntry> entries, RaceConfig config);
  ~Race();
  Race(const Race&) = delete;
  Race& operator=(const Race&) = delete;

  /// One fixed step. `inputs[i]` for car i (missing entries: no input, the AI drives).
  void step(std::span<const DriverInput> inputs);
  /// One fixed step with no input from outside (every car on its AI driver).
  void step() { step({}); }
  /// The start at sim time `time` (s): every car's race clock starts there and the drivers
  /// take over. Called by step() at config.start_s, or by the owner (the game's lights).
  void start(double time);
  bool started() const { return started_; }
  /// Every car finished, or the time limit.
  bool over() const;
  /// Steps until over().
  void run();
  RaceResult result() const;

  const World& world() const { return *world_; }
  World& world() { return *world_; }
  const Track& track() const { return *track_; }
  std::size_t car_count() const { return cars_.size(); }
  const RaceEntry& entry(std::size_t i) const { return cars_[i].entry; }
  /// Car i has an AI driver (every car but a human's).
  bool has_driver(std::size_t i) const { return cars_[i].driver != nullptr; }
  const AiDriver& driver(std::size_t i) const { return *cars_[i].driver; }
  /// Gives car i's driver a new profile from the next step on (AiDriver::set_params; a new
  /// line_margin plans, or reuses, the route for it). False for a car without a driver.
  bool set_driver_params(std::size_t i, const AiParams& params);
  /// Every AI driver records what it uses each step (AiDriver::set_debug: the debug
  /// overlays), or stops; changes no controls.
  void set_drivers_debug(bool on);
  const RaceProgress& progress(std::size_t i) const { return cars_[i].progress; }
  /// The controls car i was given in the last step.
  const Controls& controls(std::size_t i) const { return controls_[i]; }
  /// m, monotonic race distance of car i (laps x length + distance into the lap; < 0 on the grid).
  double race_distance(std::size_t i) const { return cars_[i].distance; }
  /// The start pose of car i.
  const Pose& grid_slot(std::size_t i) const { return cars_[i].slot; }
  int respawns(std::size_t i) const { return cars_[i].respawns; }
  /// Car i completed config.laps laps.
  bool finished(std::size_t i) const { return cars_[i].finished; }
  /// The contacts counted in the last step (diagnostics: racer-bench contacts).
  const std::vector<CountedContact>& contacts_counted() const { return contacts_.counted(); }
  double time_limit() const { return time_limit_; }
  /// An observer told when each step's drivers tick and each AI driver's layers run (the
  /// game's F6 and F9 timing; AiDriver::set_probe); null = none.
  /// It must outlive the race or be reset to null first.
  void set_probe(StepProbe* probe);

 private:
  struct CarRun {
    RaceEntry entry;
    std::unique_ptr<AiDriver> driver;  // null: a human
    RaceProgress progress;
    Pose slot;
    double distance = 0.0;        // m, monotonic progress key
    int line_hint = -1;           // centreline segment of the last race-distance projection
    double best_distance = 0.0;   // m, for the stall clock
    double stuck = 0.0;           // s
    double max_stuck = 0.0;
    double off_track = 0.0;
    int respawns = 0;
    int overtakes = 0;
    double respawn_time = -1e9;   // s, last respawn
    bool finished = false;
    double finish_time = 0.0;
    int finish_order = 0;
    std::shared_ptr<const AiRoute> route;
  };
  Controls controls_for(std::size_t i, const DriverInput* input);
  DriverView view_of(std::size_t i);
  void update_progress(std::size_t i, Vec2 before);
  void update_distance(std::size_t i);
  void respawn(std::size_t i);
  void count_overtakes();

  std::shared_ptr<const Track> track_;
  RaceConfig config_;
  std::unique_ptr<RouteCache> routes_;  // the routes and envelopes the drivers plan with
  std::unique_ptr<World> world_;
  std::vector<CarRun> cars_;
  std::vector<OtherCarView> others_;
  std::vector<Controls> controls_;
  std::vector<Vec2> before_;            // each car's position before the world step
  std::vector<double> station_s_;       // race distance of each station
  std::vector<signed char> ahead_;      // each pair's last clear order (i * n + j, i < j): +1 i ahead, -1 j ahead, 0 not yet
  std::vector<bool> finished_;          // each car's finished flag for the contact count (kept: no allocation a step)
  ContactCount contacts_;
  double time_limit_ = 0.0;
  int finishers_ = 0;
  bool started_ = false;
  StepProbe* probe_ = nullptr;
};

// ---------------------------------------------------------------- fields (mixed difficulty)

/// The difficulty of each grid slot (pole first) for `difficulty` easy|medium|hard|mixed:
/// mixed spreads easy, medium and hard over the field with the fastest at the back.
std::vector<std::string> grid_difficulties(const std::string& difficulty, int cars);

/// A field of `cars` entries of one car, profiles picked per grid slot from `profiles`
/// (easy, medium, hard in that order) as grid_difficulties says. Names "AI 1", "AI 2", ...
std::vector<RaceEntry> make_field(const CarSpec& spec, const std::string& car_name,
                                  const std::vector<AiParams>& profiles, const std::string& difficulty, int cars);

}  // namespace racer
