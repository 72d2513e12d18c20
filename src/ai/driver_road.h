#pragma once
// DriverRoad: what one AI driver knows of the road along its route, shared read-only by the
// driver's parts: the route (racing line, room beside it, passing and let-by lanes), the
// driver's speed profiles on the line and on each lane (planned at grip_use of the limit),
// and the queries along the line that traffic, racecraft, tracking and the pedals all ask
// (grip, room, how the line turns ahead). Also LinePosition (where a car is on the line)
// and CarSize. The room it gives is the room a car can hold (clear_room.h): a static
// obstacle narrows it from before a car's nose reaches it, and every lane and offset read
// through it keeps clear of the obstacle with the racing line's margin.
//
// Pure and deterministic; metres, seconds, radians.
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "ai/route.h"
#include "ai/speed_profile.h"

namespace racer {

class Track;

/// Where our car is on the racing line: what the driver's sense phase projects each step.
struct LinePosition {
  double s = 0.0;        ///< m along the racing line
  double lateral = 0.0;  ///< m off the racing line (+ = left)
};

/// A car's footprint as the driver's rules reckon with it.
struct CarSize {
  double half_length = 2.2;  ///< m
  double half_width = 0.9;   ///< m
};

/// The number of fixed steps of `dt` s in one period of a layer running at `hz` (at least 1).
inline int every(double dt, double hz) {
  return std::max(1, static_cast<int>(std::lround(1.0 / (dt * hz))));
}

/// `ds` (m) along a closed line of `length` m wrapped into [-length / 2, length / 2].
double wrap_ds(double ds, double length);

struct DriverRoad {
  std::shared_ptr<const AiRoute> route;  ///< never null
  SpeedProfile profile;                  ///< ours on the racing line (grip_use of the limit)
  SpeedProfile lane_profiles[4];         ///< ours on the left and right passing lane, then the left and right let-by lane
  double grip_use = 1.0;                 ///< (0, 1], the share of the limit the profiles were planned at
  double mu = 1.0;                       ///< the car envelope's peak friction
  std::vector<double> clear_left;        ///< m per line sample: the room on the left a car can hold (clear_room)
  std::vector<double> clear_right;       ///< m per line sample: the same on the right

  /// Plans the profiles of `route` on `track` at `grip_use`.
  static DriverRoad plan(std::shared_ptr<const AiRoute> route, const Track& track, double grip_use);

  /// The tyres' full friction on the surface under the line at s (the profile's mu is
  /// grip_use of it).
  double full_grip_at(double s) const;
  /// m/s^2, the car's steady cornering grip on the surface under the line at s (the
  /// envelope's lateral share of the full friction).
  double cornering_accel_at(double s) const;
  /// m of room beside the line at s that a car can hold (side +1 left, -1 right; s within
  /// the lap): the route's room to the usable edge, narrowed ahead of a static obstacle
  /// (clear_room).
  double room(double s, int side) const;
  /// The lane on `side` (+1 left): a let-by lane when `let_by`, else a passing lane.
  const PassingLane& lane(int side, bool let_by) const;
  /// m, that lane off the line at s (+ = left), linear between samples, within the room a
  /// car can hold there (a lane planned beside an obstacle is pulled in to clear it).
  double lane_offset(int side, bool let_by, double s) const;
  /// m along that lane abreast of s on the line.
  double lane_s_at(int side, bool let_by, double s) const;
  /// Our speed profile on that lane.
  const SpeedProfile& lane_profile(int side, bool let_by) const;
  /// rad the racing line turns over `distance` m from s (+ = left), in 5 m steps.
  double turn_ahead(double s, double distance) const;
  /// m from s before the line has turned by a bend (PassRules::bend_turn), `most` at the most.
  double straight_ahead(double s, double most) const;
  /// m along the line from s (not wrapped): where the line is most curved towards `side`
  /// over the next `distance` m.
  double apex_ahead(double s, double distance, int side) const;
  /// The least full tyre friction under the line over `distance` m from s.
  double least_grip(double s, double distance) const;
  /// Whether a static obstacle takes over kObstacleCut of the room on `side` somewhere over
  /// `distance` m from s: the lanes on that side swerve round it, slower than the line, and a
  /// car on one at speed, braking for that, cannot steer back in as fast as they do.
  bool obstacle_on_side(int side, double s, double distance) const;
};

/// m of the room beside the line a static obstacle may take before a lane on that side
/// counts as swerving round it (a nudge a car on it follows at any speed).
inline constexpr double kObstacleCut = 0.5;

}  // namespace racer
