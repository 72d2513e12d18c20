#pragma once
// Passing and side-by-side rules of the AI driver's traffic layer (driver.cpp scan_traffic):
// small pure functions over the other cars in our racing line's coordinates (s along the
// line, lateral offset + = left), each testable alone.
//
// Pure and deterministic; metres throughout.
#include <span>

namespace racer {

/// Another car in our line's coordinates.
struct LineCar {
  double ds = 0.0;           ///< m along the line from us to it (+ = ahead), CG to CG
  double lat = 0.0;          ///< m, its lateral offset from the line (+ = left)
  double half_length = 2.2;  ///< m
  double half_width = 0.9;   ///< m
};

/// hold_lane: two cars side by side must not squeeze each other into the wall. Every car
/// overlapping us along the line (|ds| < both half lengths + `overlap`) bounds the offset we
/// may aim for to its own side of us: at least both half widths + `gap` of lateral room
/// between the centres. Returns `goal` clamped into that band (sandwiched: the middle of the
/// two cars beside us). A car at exactly our lateral offset bounds nothing.
struct LaneHold {
  double lateral = 0.0;      ///< m, our lateral offset from the line (+ = left)
  double half_length = 2.2;  ///< m, ours
  double half_width = 0.9;   ///< m, ours
  double gap = 0.8;          ///< m of daylight kept between the cars' sides
  double overlap = 1.5;      ///< m beyond bumper to bumper that still counts as beside
};
double hold_lane(double goal, std::span<const LineCar> cars, const LaneHold& me);

/// offset_rate: m/s the passing offset may move at. Moving sideways off the racing line
/// takes lateral grip on top of the bend's, and in a bend taken near the limit there is
/// none to spare: the rate falls from `free_rate` while the cornering use `lateral_use`
/// (v^2 |curvature| / (mu g) of the bend the car is in or about to enter) is below
/// `use_free`, linearly to `min_share` of it at `use_full` and beyond.
struct OffsetRate {
  double free_rate = 1.5;  ///< m/s
  double use_free = 0.5;   ///< share of the grip below which the offset moves freely
  double use_full = 0.85;  ///< share of the grip at and beyond which it moves at min_share
  double min_share = 0.2;  ///< (0, 1]
};
double offset_rate(double lateral_use, const OffsetRate& r = {});

}  // namespace racer
