#pragma once
// LapTimer: the player's timed laps on a track, a flying-lap time trial. RaceProgress is fed
// once per fixed step with the car's CG before and after the step; on top of it the timer
// keeps what the HUD shows: every counted lap (so a reset keeps the best), the event of
// the last line crossing (a lap completed, or one that did not count because a checkpoint
// was missed), whether the car goes the wrong way (for a while) and whether it is off the
// track (no wheel on the road). Pure: time is the simulation's, never the wall clock.
//
// A line crossing with stations missing does not count, and the next lap starts there
// (RaceProgress on its own would keep the cut lap running until the car came round again).
#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "core/vec2.h"
#include "track/progress.h"
#include "track/track.h"

namespace racer {

struct LapTimerConfig {
  double wrong_way_delay_s = 1.0;   ///< s against the direction of travel before it is shown
  double wrong_way_speed = 2.0;     ///< m/s, slower than this never counts as wrong way
  double wrong_way_cos = -0.3;      ///< cos of the angle to the track's direction below which it is wrong
};

struct LapEvent {
  enum class Kind { None, Completed, NotCounted };
  Kind kind = Kind::None;
  double time = 0.0;       ///< s, simulated time of the crossing
  double lap_time = 0.0;   ///< s, the completed lap (Completed)
  bool best = false;       ///< the completed lap is the best so far
  int missed = 0;          ///< stations missed (NotCounted)
};

class LapTimer {
 public:
  /// The track must outlive the timer.
  explicit LapTimer(const Track& track, LapTimerConfig config = {});

  /// After every fixed step: the CG before and after (m), the velocity after (m/s), the
  /// wheels' contact points after (m), simulated time after the step and its length (s).
  void update(Vec2 from, Vec2 to, Vec2 velocity, const std::array<Vec2, 4>& wheels, double now, double dt);
  /// The car was put back on the grid: the running lap is dropped and the clock waits for
  /// the line again. Counted laps are kept.
  void restart();

  bool running() const { return progress_.lap_running(); }
  /// Number of the lap being driven (1 = the first after the line), 0 before the line.
  int lap_number() const { return lap_number_; }
  double current_lap_time(double now) const { return progress_.current_lap_time(now); }
  /// Sector times of the running lap so far, s.
  const std::vector<double>& current_sectors() const { return progress_.current_sectors(); }
  int sector_count() const { return sectors_; }
  /// Every counted lap, oldest first.
  const std::vector<LapRecord>& laps() const { return laps_; }
  const LapRecord* last_lap() const { return laps_.empty() ? nullptr : &laps_.back(); }
  const LapRecord* best_lap() const;
  /// The last line crossing (kind None before any).
  const LapEvent& last_event() const { return event_; }
  /// Stations crossed in order and the total, in the running lap.
  int stations_passed() const { return progress_.stations_passed(); }
  int station_count() const { return static_cast<int>(track_.stations().size()); }
  /// Against the direction of travel for at least wrong_way_delay_s.
  bool wrong_way() const { return wrong_way_s_ >= config_.wrong_way_delay_s; }
  /// No wheel on the road (main loop or a branch, kerbs count as road).
  bool off_track() const { return off_track_; }
  /// The direction of travel (unit) at the nearest road to p (main loop or branch).
  Vec2 travel_direction(Vec2 p);

 private:
  void note_crossing(Vec2 from, Vec2 to, double t0, double now, int laps_before, bool was_running, int next_before);

  const Track& track_;
  LapTimerConfig config_;
  int sectors_ = 1;
  RaceProgress progress_;
  std::vector<LapRecord> laps_;
  LapEvent event_;
  int lap_number_ = 0;
  double wrong_way_s_ = 0.0;
  bool off_track_ = false;
  double last_now_ = 0.0;
  bool has_last_ = false;
  std::vector<int> hints_;  ///< projection hints: main loop, then each branch
};

}  // namespace racer
