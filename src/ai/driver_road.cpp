#include "ai/driver_road.h"

#include <algorithm>
#include <cmath>

#include "ai/clear_room.h"
#include "ai/passing.h"
#include "core/math.h"
#include "track/track.h"

namespace racer {

double wrap_ds(double ds, double length) {
  ds = fmod_within(ds, length);
  if (ds > 0.5 * length) ds -= length;
  if (ds < -0.5 * length) ds += length;
  return ds;
}

DriverRoad DriverRoad::plan(std::shared_ptr<const AiRoute> route, const Track& track, double grip_use) {
  DriverRoad road;
  road.route = std::move(route);
  road.grip_use = grip_use;
  SpeedProfileParams sp;
  sp.grip_factor = grip_use;
  const AiRoute& r = *road.route;
  road.profile = compute_speed_profile(r.line, r.envelope, track, sp);
  for (int side : {+1, -1}) {
    const int k = side > 0 ? 0 : 1;
    road.lane_profiles[k] = compute_speed_profile(r.lane(side).line, r.envelope, track, sp);
    road.lane_profiles[k + 2] = compute_speed_profile(r.let_by_lane(side).line, r.envelope, track, sp);
  }
  road.mu = r.envelope.mu_peak;
  road.clear_left = clear_room(r.room_left, r.open_left, r.line.spacing());
  road.clear_right = clear_room(r.room_right, r.open_right, r.line.spacing());
  return road;
}

double DriverRoad::full_grip_at(double s) const {
  return profile.mu[route->line.index_at(route->path.wrap(s))] / std::max(grip_use, 0.05);
}

double DriverRoad::cornering_accel_at(double s) const {
  return full_grip_at(s) * route->envelope.lateral_share * kGravity;
}

double DriverRoad::room(double s, int side) const {
  const std::size_t i = route->line.index_at(s);
  return side > 0 ? clear_left[i] : clear_right[i];
}

const PassingLane& DriverRoad::lane(int side, bool let_by) const {
  return let_by ? route->let_by_lane(side) : route->lane(side);
}

double DriverRoad::lane_offset(int side, bool let_by, double s) const {
  const RacingLine& line = route->line;
  const std::vector<double>& off = lane(side, let_by).offset;
  const double w = route->path.wrap(s);
  const std::size_t i = line.index_at(w), j = (i + 1) % off.size();
  const double t = std::clamp((w - line.s[i]) / std::max(line.spacing(), 1e-9), 0.0, 1.0);
  // Drawn in only where an obstacle narrows the room (elsewhere the lane is on the road as
  // planned: pulled in towards the racing line where the line runs out to an edge, a car on
  // it was squeezed into the car beside it).
  double o = lerp(off[i], off[j], t);
  if (clear_left[i] < route->room_left[i]) o = std::min(o, clear_left[i]);
  if (clear_right[i] < route->room_right[i]) o = std::max(o, -clear_right[i]);
  return o;
}

bool DriverRoad::obstacle_on_side(int side, double s, double distance) const {
  const RacingLine& line = route->line;
  const std::vector<double>& clear = side > 0 ? clear_left : clear_right;
  const std::vector<double>& open = side > 0 ? route->open_left : route->open_right;
  const std::size_t n = clear.size();
  const auto samples = static_cast<std::size_t>(std::ceil(distance / std::max(line.spacing(), 1e-9)));
  std::size_t i = line.index_at(route->path.wrap(s));
  for (std::size_t k = 0; k <= std::min(samples, n); ++k, i = (i + 1) % n)
    if (open[i] - clear[i] > kObstacleCut) return true;
  return false;
}

double DriverRoad::lane_s_at(int side, bool let_by, double s) const {
  return lane(side, let_by).lane_s[route->line.index_at(route->path.wrap(s))];
}

const SpeedProfile& DriverRoad::lane_profile(int side, bool let_by) const {
  return lane_profiles[(side > 0 ? 0 : 1) + (let_by ? 2 : 0)];
}

double DriverRoad::turn_ahead(double s, double distance) const {
  constexpr double kStep = 5.0;  // m
  double turn = 0.0;
  for (double d = 0.0; d < distance; d += kStep) turn += route->path.curvature_at(s + d) * kStep;
  return turn;
}

double DriverRoad::straight_ahead(double s, double most) const {
  constexpr double kStep = 5.0;  // m
  double turn = 0.0, d = 0.0;
  for (; d < most && std::abs(turn) < PassRules{}.bend_turn; d += kStep) turn += route->path.curvature_at(s + d) * kStep;
  return d;
}

double DriverRoad::apex_ahead(double s, double distance, int side) const {
  constexpr double kStep = 5.0;  // m
  double best = s, most = 0.0;
  for (double d = 0.0; d < distance; d += kStep) {
    const double k = side * route->path.curvature_at(s + d);
    if (k > most) most = k, best = s + d;
  }
  return best;
}

double DriverRoad::least_grip(double s, double distance) const {
  constexpr double kStep = 5.0;  // m
  double least = full_grip_at(s);
  for (double d = kStep; d < distance; d += kStep) least = std::min(least, full_grip_at(s + d));
  return least;
}

}  // namespace racer
