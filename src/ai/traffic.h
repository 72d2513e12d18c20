#pragma once
// The traffic picture: what an AI driver sees of the other cars, in its racing line's
// coordinates (s along the line, lateral offset + = left), produced at the local rate
// (~60 Hz) from a DriverView and our place on the line: the nearest car ahead in our lane
// (gap, closing speed), the car our pass or let-by is on, the car in the lane the offset
// is bound back to, the nearest car behind, whether a car is beside us, the cars near us
// (beside, just behind, within 30 m ahead) and the cars further back closing on us.
// TrafficScan owns what the scan remembers per other car between scans (its projection
// hint, whether it was ahead of us, when we last went by it).
//
// Pure and deterministic; metres, seconds.
#include <cstdint>
#include <vector>

#include "ai/driver_road.h"
#include "ai/driver_view.h"
#include "ai/passing.h"

namespace racer {

class Path;

/// m between two cars' sides below which a car is in our lane.
inline constexpr double kLaneGap = 0.6;
/// m beyond bumper to bumper that a car still counts as beside us.
inline constexpr double kBesideMargin = 1.0;

/// Another car as the traffic scan saw it, in our line's coordinates (index -1: none).
struct SeenCar {
  int index = -1;
  double gap = 1e9;                    ///< m bumper to bumper along the line (<= 0: overlapping us)
  double ds = 0.0, lat = 0.0;          ///< m, its CG along the line from ours; its lateral offset
  double speed = 0.0, closing = 0.0;   ///< m/s along the line where it is; ours minus that
  double half_width = 0.9, half_length = 2.2;  ///< m
};

/// Another car near us, in line coordinates.
struct NearCar {
  double ds, lat, half_width, half_length;  ///< m, as SeenCar
  int index;
  double lat_rate;       ///< m/s sideways (+ = moving left)
  double closing = 0.0;  ///< m/s on us (the cars behind, in TrafficPicture::rear)
};

/// What racecraft was doing when the scan ran (its last decision): the car a pass or a
/// let-by is on and the offset the lane bound takes us back to.
struct TrafficFocus {
  int target = -1;          ///< index of that car (-1: none)
  double bound_goal = 0.0;  ///< m, the offset goal within the lane hold and the room ahead
};

/// What the scan looks at.
struct TrafficRange {
  double look_range = 45.0;  ///< m along the line scanned for cars ahead and behind
  double queue_gap = 10.0;   ///< m, a car this close ahead in our lane: we are queued, not stuck
};

struct TrafficPicture {
  SeenCar ahead;    ///< the nearest car ahead in our lane (within the look range)
  SeenCar target;   ///< the focus's target, wherever it is (index -1: out of sight)
  SeenCar merging;  ///< the nearest car ahead in the lane of the focus's bound goal
  SeenCar behind;   ///< the nearest car behind us within the look range, any lane
  bool alongside = false;      ///< a car overlaps us along the line (within kBesideMargin)
  double alongside_lat = 0.0;  ///< m, the lateral offset of the last such car seen
  bool ahead_is_target = false;  ///< the car ahead is the focus's target
  bool queued = false;           ///< the car ahead is within the queue gap
  double behind_passed_at = -1e9;  ///< s since the start when we last went by the car behind (-1e9: never)
  std::vector<NearCar> near;     ///< cars from 4 m bumper to bumper behind us to 30 m ahead
  std::vector<NearCar> rear;     ///< cars further behind within the scan, faster than us along the line
  std::vector<LineCar> beside;   ///< `near` as hold_lane reads it
};

class TrafficScan {
 public:
  /// The picture from `v` for our car at `me` on `path` (our racing line), of size `us`.
  /// Remembers, per other car, its projection hint and which side of us it was on.
  TrafficPicture scan(const DriverView& v, const Path& path, LinePosition me, CarSize us, TrafficFocus focus,
                      const TrafficRange& range);
  /// The same picture written over `out` (whatever it held), reusing its lists' storage: the
  /// driver's tick scans at 60 Hz and allocates nothing once the lists have grown.
  void scan(const DriverView& v, const Path& path, LinePosition me, CarSize us, TrafficFocus focus,
            const TrafficRange& range, TrafficPicture& out);
  /// The projection hint of car `index` on our line from the last scan (-1: none).
  int hint(int index) const;

 private:
  std::vector<int> hints_;
  std::vector<signed char> was_ahead_;  // per other car: +1 ahead of us along the line at the last scan, -1 behind, 0 out of sight
  std::vector<double> passed_at_;       // per other car: s since the start when we last went by it (-1e9: never)
};

}  // namespace racer
