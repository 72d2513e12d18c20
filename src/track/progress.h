#pragma once
// Race progress: lap counting and timing from gate crossings. The track supplies an
// ordered list of stations (checkpoints); each station is one or more gate segments
// (alternatives: the main road, or a branch), station 0 is the start/finish line. A car's
// lap counts only when it crosses every station in order, forwards, and then the line:
// cutting the track (skipping a station) or driving backwards does not count.
// Pure and deterministic: time comes from the simulation's step count.
#include <optional>
#include <vector>

#include "core/vec2.h"

namespace racer {

/// A gate: a segment across the track from a (the left side, seen in the direction of
/// travel) to b (the right side). Forwards is perp(b - a), i.e. b - a turned +90 degrees.
struct Gate {
  Vec2 a, b;  ///< m
};

struct Station {
  std::vector<Gate> gates;  ///< any one of these counts
  int sector = 0;           ///< the timing sector this station begins (or -1 if it begins none)
};

struct LapRecord {
  double time = 0.0;                 ///< s
  std::vector<double> sector_times;  ///< s, one per sector
};

class RaceProgress {
 public:
  RaceProgress() = default;
  /// stations[0] is the start/finish line; `sectors` is the number of timing sectors.
  RaceProgress(std::vector<Station> stations, int sectors);

  /// Feeds one step's motion of the car's reference point from `from` to `to` (m) at
  /// simulated time `now` (s). The race clock of this car starts at its first crossing of
  /// the line (a flying start) or at start_race(). Crossing times are interpolated within
  /// the step (from the previous update's time to `now`), so lap times do not quantise.
  /// A point exactly on a gate counts as ahead of it: stopping on a gate crosses it once.
  void update(Vec2 from, Vec2 to, double now);
  /// Starts lap 1 now without a line crossing (a standing start behind the line).
  void start_race(double now);

  int laps_completed() const { return static_cast<int>(laps_.size()); }
  const std::vector<LapRecord>& laps() const { return laps_; }
  std::optional<double> best_lap() const;
  /// Index of the next station the car must cross (0 = the line, to finish a lap).
  int next_station() const { return next_; }
  /// Stations crossed in order in the current lap.
  int stations_passed() const;
  bool lap_running() const { return running_; }
  double current_lap_time(double now) const { return running_ ? now - lap_start_ : 0.0; }
  /// Sector times of the running lap so far.
  const std::vector<double>& current_sectors() const { return current_sectors_; }
  /// Crossings of a station backwards (a car driving the wrong way) so far.
  int backward_crossings() const { return backward_; }

 private:
  std::vector<Station> stations_;
  struct Bounds {
    Vec2 lo, hi;  // m, around a station's gates, a little grown
  };
  std::vector<Bounds> bounds_;  // per station: a step that misses it crosses none of its gates
  // A coarse grid over the stations' bounds: cell c lists, in order, the stations whose
  // bounds reach it (cell_stations_[cell_first_[c]] up to cell_first_[c + 1]), so a step
  // inside one cell tests those alone. Empty (w = 0) when a bound is not a number.
  Vec2 grid_lo_;
  double grid_cell_ = 1.0;  // m
  int grid_w_ = 0, grid_h_ = 0;
  std::vector<int> cell_first_, cell_stations_;
  void build_grid();
  int grid_column(double x) const;  // clamped to the grid, never decreasing in x
  int grid_row(double y) const;
  int sectors_ = 1;
  int next_ = 0;
  bool running_ = false;
  double lap_start_ = 0.0, sector_start_ = 0.0;
  std::vector<double> current_sectors_;
  std::vector<LapRecord> laps_;
  int backward_ = 0;
  double last_time_ = 0.0;     // s, time of the previous update (the time at its `to`)
  bool has_last_time_ = false;

  void cross_forwards(int station, double when);
  void start_lap(double when);
};

/// Whether segment p->q crosses gate g, and in which direction: +1 forwards, -1
/// backwards, 0 not at all.
int crossing(const Gate& g, Vec2 p, Vec2 q);

}  // namespace racer
