#pragma once
// Race: a headless race of AI cars on a Track. It owns the World, one AiDriver and one
// RaceProgress per car, and steps them together; positions come from race progress, the
// race ends when every car has finished or at the time limit. Per-car statistics are
// kept as it goes (laps, contacts, time off track, stalls, respawns, overtakes).
//
// Sections: entries and config | results | Race | fields (mixed difficulty)
//
// Pure and deterministic: same track + entries + seed => same World::state_hash().
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/ai_params.h"
#include "ai/driver.h"
#include "ai/driver_view.h"
#include "sim/world.h"
#include "track/progress.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {

class Track;

// ---------------------------------------------------------------- entries and config

struct RaceEntry {
  std::string name;       ///< driver name in the results
  std::string car;        ///< car name (file stem or spec name), for the results
  CarSpec spec;
  AiParams params;        ///< profile and difficulty
};

struct RaceConfig {
  int laps = 3;                 ///< >= 1
  std::uint64_t seed = 1;       ///< drives every random choice (mistakes)
  double rate_hz = 240.0;       ///< fixed step rate
  double time_limit_s = 0.0;    ///< > 0: stop here; 0: 120 s + 3 x laps x the slowest limit lap
  DriverConfig driver;          ///< the AI's fixed tuning
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
  int wall_contacts = 0;                  ///< contacts with static geometry begun, until the finish (a
                                          ///< scrape along a wall is one: see kContactGap in race.cpp)
  int car_contacts = 0;                   ///< contacts with another car begun (per pair), until the finish
  double off_track_seconds = 0.0;         ///< s with no wheel on the road
  double max_stuck_seconds = 0.0;         ///< s, longest stretch without 3 m of race progress
  int respawns = 0;
  int overtakes = 0;                      ///< passes of another car on track
};

/// A contact the race counted in the last step: car `a` with a wall (b = -1) or with car
/// `b`; `a_counts` / `b_counts`: whether it was added to that car's tally (not after its finish).
struct CountedContact {
  int a = 0, b = -1;
  bool a_counts = true, b_counts = false;
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

  /// One fixed step of every driver and the world.
  void step();
  /// Every car finished, or the time limit.
  bool over() const;
  /// Steps until over().
  void run();
  RaceResult result() const;

  const World& world() const { return *world_; }
  World& world() { return *world_; }
  const AiDriver& driver(std::size_t i) const { return *cars_[i].driver; }
  const RaceProgress& progress(std::size_t i) const { return cars_[i].progress; }
  /// The controls car i was given in the last step.
  const Controls& controls(std::size_t i) const { return controls_[i]; }
  /// m, monotonic race distance of car i (laps x length + distance into the lap).
  double race_distance(std::size_t i) const { return cars_[i].distance; }
  /// The contacts counted in the last step (diagnostics: racer-bench contacts).
  const std::vector<CountedContact>& contacts_counted() const { return counted_; }
  std::size_t car_count() const { return cars_.size(); }
  double time_limit() const { return time_limit_; }

 private:
  struct CarRun {
    RaceEntry entry;
    std::unique_ptr<AiDriver> driver;
    RaceProgress progress;
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
    int wall_contacts = 0;        // contact begins with static geometry (see count_contacts)
    int car_contacts = 0;         // contact begins with another car
    double wall_touch = -1e9;     // s, last step touching static geometry
    std::shared_ptr<const AiRoute> route;
  };
  DriverView view_of(std::size_t i);
  void update_progress(std::size_t i, Vec2 before);
  void respawn(std::size_t i);
  void count_overtakes();
  void count_contacts();

  std::shared_ptr<const Track> track_;
  RaceConfig config_;
  std::unique_ptr<World> world_;
  std::vector<CarRun> cars_;
  std::vector<OtherCarView> others_;
  std::vector<Controls> controls_;
  std::vector<double> station_s_;       // race distance of each station
  std::vector<signed char> ahead_;      // each pair's last clear order (i * n + j, i < j): +1 i ahead, -1 j ahead, 0 not yet
  std::vector<double> pair_touch_;      // s, last step each pair of cars touched (i * n + j, i < j)
  std::vector<CountedContact> counted_; // counted in the last step
  double time_limit_ = 0.0;
  int finishers_ = 0;
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
