#pragma once
// SessionRules: the rules of one race session, a pure state machine that knows nothing of
// physics. Whoever runs the race (game/game_race.h) feeds it, after every fixed step, the
// simulated time and each car's facts (race distance, laps, line crossing time, how far it
// has moved from its grid slot, on the road or not); the rules answer with the phase, the
// start lights, live positions, laps, lap times, gaps, messages and the results.
//
//   Grid       [0, grid_s): cars on their slots, no lights
//   Countdown  five red lights, one more each light_interval_s; the fifth stays lit for
//              light_interval_s, then a hold drawn from the seed in [hold_min_s, hold_max_s]
//   Racing     from lights out; the race clock of every car starts at lights out
//   Finished   every car has finished, been classified DNF or retired
//
// Rules (numbers in SessionConfig; see docs/game-flow.md "Race session"):
// - False start: a car more than false_start_m from its grid slot at any update before
//   lights out gets false_start_penalty_s added to its race time (once) and a message.
// - Live order: finished cars in finish (line crossing) order, then running cars by race
//   distance, then DNF and retired cars by laps and distance. Penalties are applied in the
//   results (classification), not in the live order.
// - Last lap: when the leader starts lap N. Chequered flag: when the first car completes N
//   laps; from then on every running car finishes when it next completes a lap (lapped
//   cars finish with fewer laps).
// - DNF: a car that has not finished dnf_min_s or dnf_share x the winner's race time after
//   the flag, whichever is longer, is DNF. retire() takes a car out at any time. An
//   optional time_limit_s classifies every unfinished car as DNF.
// - Gaps: the interval to another car is how long ago that car was where this car is now,
//   from a distance-time trace of each car (one sample every trace_spacing_m); before a
//   trace covers that point (just off the grid), the distance gap over this car's speed
//   (at least 10 m/s).
//
// Sections: config and facts | messages | results | SessionRules
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace racer {

// ---------------------------------------------------------------- config and facts

enum class SessionPhase { Grid, Countdown, Racing, Finished };

struct SessionConfig {
  int laps = 3;                        ///< N >= 1, laps of the race
  std::uint64_t seed = 1;              ///< draws the lights-out hold
  double lap_length_m = 0.0;           ///< m, > 0: live gaps of a lap or more are counted in laps
  double grid_s = 1.0;                 ///< s on the grid before the first red light
  int lights = 5;                      ///< red lights, [1, 10]
  double light_interval_s = 1.0;       ///< s between lights (and the fifth's time before the hold)
  double hold_min_s = 0.2;             ///< s, shortest hold after the last light's interval
  double hold_max_s = 1.0;             ///< s, longest hold
  double false_start_m = 0.5;          ///< m from the grid slot before lights out that is a false start
  double false_start_penalty_s = 5.0;  ///< s added to the race time of a false starter
  double dnf_min_s = 60.0;             ///< s after the flag a car has at least to finish
  double dnf_share = 0.2;              ///< x the winner's race time, if that is longer
  double time_limit_s = 0.0;           ///< s after lights out, > 0: unfinished cars are DNF
  double trace_spacing_m = 10.0;       ///< m between samples of the distance-time trace (gaps)
};

/// One car's facts after a fixed step.
struct CarFacts {
  double race_distance = 0.0;  ///< m, laps x lap length + distance into the lap (< 0 behind the line)
  double speed = 0.0;          ///< m/s, forward speed
  int laps_completed = 0;      ///< counted laps (every station in order, then the line)
  double last_crossing = 0.0;  ///< s, sim time the last counted lap ended (laps_completed > 0)
  double moved = 0.0;          ///< m, straight-line distance of the car from its grid slot
  bool on_track = true;        ///< some wheel on the road
};

enum class CarStatus { Running, Finished, Dnf, Retired };

/// An interval between two cars.
struct Gap {
  bool valid = false;   ///< false: there is no such car (the leader has none ahead)
  double seconds = 0.0; ///< s, >= 0
  int laps = 0;         ///< whole laps between them (0 = on the same lap); HUDs show "+N laps"
};

// ---------------------------------------------------------------- messages

struct SessionMessage {
  enum class Kind { LightsOut, FalseStart, Penalty, LastLap, Chequered, Finished, Dnf, Retired, Respawn };
  Kind kind = Kind::LightsOut;
  double time = 0.0;   ///< s, sim time
  int car = -1;        ///< the car it is about, -1 = everyone
  std::string text;    ///< ready to show ("False start: +5 s penalty")
};

// ---------------------------------------------------------------- results

struct SessionCarResult {
  int car = 0;                        ///< index as fed to the rules
  std::string name;
  int position = 0;                   ///< classified, 1 = winner
  CarStatus status = CarStatus::Running;
  int laps = 0;                       ///< laps completed (at most N)
  std::optional<double> race_time;    ///< s, lights out to the finish (finished cars), no penalties
  double penalty_s = 0.0;             ///< s of time penalties
  std::optional<double> total_time;   ///< s, race_time + penalty_s
  std::optional<double> gap_s;        ///< s behind the winner's total time (finished on the lead lap)
  int laps_down = 0;                  ///< laps fewer than the winner (finished cars)
  std::string gap_text;               ///< "" (winner), "+1.234", "+1 lap", "+2 laps", "DNF", "Retired", "Running"
  std::optional<double> best_lap;     ///< s
  std::vector<double> lap_times;      ///< s
  bool false_start = false;
  double off_track_s = 0.0;           ///< s with no wheel on the road, after lights out
};

// ---------------------------------------------------------------- SessionRules

class SessionRules {
 public:
  /// One name per car, in grid order (names[0] on pole).
  SessionRules(std::vector<std::string> names, SessionConfig config = {});

  /// After every fixed step: sim time after the step (s, from 0 at the grid) and the facts
  /// of every car in grid order (cars.size() == car_count()).
  void update(double now, std::span<const CarFacts> cars);
  /// Takes a car out of the race at the last update's time (classified behind every finisher).
  void retire(int car);
  /// Adds a time penalty to a car's race time, with a message.
  void add_penalty(int car, double seconds, const std::string& reason);
  /// Posts a message from the race runner (a respawn, say), timed at the last update.
  void post(SessionMessage::Kind kind, int car, std::string text) { message(kind, car, std::move(text)); }

  // --- the session
  SessionPhase phase() const { return phase_; }
  const SessionConfig& config() const { return config_; }
  int car_count() const { return static_cast<int>(cars_.size()); }
  const std::string& name(int car) const { return cars_[idx(car)].name; }
  /// Red lights lit, 0..lights (0 on the grid and after lights out).
  int lights_lit() const;
  /// s, sim time of lights out (known from the start: grid_s + lights x interval + hold).
  double lights_out_time() const { return lights_out_; }
  /// s, the lights-out hold drawn from the seed, in [hold_min_s, hold_max_s].
  double hold() const { return hold_; }
  /// s since lights out (0 before).
  double race_clock() const;
  double now() const { return now_; }
  bool last_lap() const { return last_lap_; }
  bool chequered() const { return chequered_; }

  // --- live timing, per car (index in grid order)
  /// Car indices, P1 first (in the Finished phase: the classification).
  const std::vector<int>& order() const { return order_; }
  /// 1-based live position.
  int position(int car) const { return cars_[idx(car)].position; }
  CarStatus status(int car) const { return cars_[idx(car)].status; }
  /// The lap being driven, 1..N (N once finished; 0 before lights out).
  int lap_number(int car) const;
  int laps_completed(int car) const { return static_cast<int>(cars_[idx(car)].crossings.size()); }
  /// s, time into the running lap (0 before lights out and once the car is done).
  double current_lap_time(int car) const;
  std::optional<double> last_lap_time(int car) const;
  std::optional<double> best_lap_time(int car) const;
  const std::vector<double>& lap_times(int car) const { return cars_[idx(car)].lap_times; }
  double penalty(int car) const { return cars_[idx(car)].penalty; }
  bool false_start(int car) const { return cars_[idx(car)].false_start; }
  /// To the car one place ahead / behind in the live order.
  Gap gap_ahead(int car) const;
  Gap gap_behind(int car) const;
  /// How far `behind` is behind `ahead` on the road now (see the header comment).
  Gap interval(int ahead, int behind) const;

  // --- messages and results
  /// Every message so far, oldest first.
  const std::vector<SessionMessage>& messages() const { return messages_; }
  /// Messages of the last `window` seconds about `car` or everyone (HUD banners).
  std::vector<SessionMessage> recent_messages(int car, double window) const;
  /// The classification now (provisional until Finished: running cars last, "Running").
  std::vector<SessionCarResult> results() const;

 private:
  struct TracePoint {
    double distance, time;
  };
  struct CarState {
    std::string name;
    CarStatus status = CarStatus::Running;
    CarFacts facts;
    std::vector<double> crossings;  // s, sim time each counted lap ended
    std::vector<double> lap_times;  // s
    double penalty = 0.0;
    bool false_start = false;
    double finish_time = 0.0;       // s, sim time of the finishing crossing
    int finish_order = 0;
    double out_time = 0.0;          // s, sim time of DNF / retirement
    double off_track = 0.0;         // s
    int position = 0;
    std::vector<TracePoint> trace;  // distance-time samples, distance increasing
    double best_distance = -1e300; // m, furthest reached (the trace's head)
    double best_time = 0.0;         // s, when
  };
  static std::size_t idx(int car) { return static_cast<std::size_t>(car); }
  void start_lights_out_if_due(double now);
  void check_false_starts(std::span<const CarFacts> cars);
  void take_lap(int car, double when);
  void finish(int car, double now);
  void extend_trace(CarState& c, double distance, double now);
  void check_dnf(double now);
  void update_order();
  void check_all_done();
  double trace_time_at(const CarState& c, double distance, bool& ok) const;
  std::vector<int> classification() const;
  void message(SessionMessage::Kind kind, int car, std::string text);

  SessionConfig config_;
  std::vector<CarState> cars_;
  std::vector<int> order_;
  std::vector<SessionMessage> messages_;
  SessionPhase phase_ = SessionPhase::Grid;
  double hold_ = 0.0;
  double lights_out_ = 0.0;
  double now_ = 0.0;
  double prev_now_ = 0.0;
  bool last_lap_ = false;
  bool chequered_ = false;
  double flag_time_ = 0.0;      // s, sim time of the winner's finish
  int finishers_ = 0;
};

/// "1:23.456" (or "23.456" under a minute) for a time in seconds.
std::string format_race_time(double seconds);

}  // namespace racer
