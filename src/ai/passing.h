#pragma once
// Passing and side-by-side rules of the AI driver's racecraft (racecraft.cpp):
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
  double lat_rate = 0.0;     ///< m/s, its lateral speed (+ = moving left)
};

/// hold_lane: two cars side by side must not squeeze each other into the wall. Every car
/// overlapping us along the line (|ds| < both half lengths + `overlap`) bounds the offset we
/// may aim for to its own side of us: at least both half widths + `gap` of lateral room
/// between the centres, from where it will be `lead` s on when it moves towards us (our
/// offset gets there only after a lag; two cars closing on each other both hold off
/// sooner). Returns `goal` clamped into that band (sandwiched: the middle of the two cars
/// beside us). A car at exactly our lateral offset bounds nothing.
struct LaneHold {
  double lateral = 0.0;      ///< m, our lateral offset from the line (+ = left)
  double half_length = 2.2;  ///< m, ours
  double half_width = 0.9;   ///< m, ours
  double gap = 0.8;          ///< m of daylight kept between the cars' sides
  double overlap = 1.5;      ///< m beyond bumper to bumper that still counts as beside
  double lead = 0.0;         ///< s ahead a car moving towards us is bounded from
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

/// PassPlan: the pass a driver has committed to, a side of one car ahead (racecraft also
/// keeps its other moves in one: racing room, a defence, a let-by). A pass is kept while its
/// car is in reach (ahead, or not yet behind us), through the moments its side is shut: a
/// pass dropped and chosen afresh at every such moment only ever weaves behind its car. A
/// side shut for `shut_hold` drops it (the driver says what shuts a side: another car in
/// the lane, ice ahead); a dropped pass waits `cooldown` before a new one is chosen.
struct PassPlan {
  int target = -1;          ///< index of the car being passed (-1: no pass)
  int side = 0;             ///< +1 its left, -1 its right (0: no pass)
  double shut_s = 0.0;      ///< s the side has been shut
  double cooldown_s = 0.0;  ///< s before a new pass may be chosen
};
struct PassRules {
  double shut_hold = 0.4;   ///< s a shut side is waited out before the pass is dropped
  double cooldown = 1.0;    ///< s after a dropped pass before the next is chosen
  double bend_turn = 0.3;   ///< rad of heading change ahead that makes a bend's inside the side to take
};

/// pass_side: the side to take a new pass on: the inside of the bend ahead (`turn_ahead`,
/// rad of the line's heading change over the stretch ahead, + = a left bend) when it is
/// usable and the bend turns by at least bend_turn, else the side with more usable room.
/// usable_left / usable_right: m of offset available on that side (0 = shut). 0: neither.
int pass_side(double usable_left, double usable_right, double turn_ahead, const PassRules& r = {});

/// keep_pass: one step of `dt` s of a committed pass: ended (no pass) when its car is out of
/// reach, dropped (and the cooldown started) when its side has been shut for shut_hold.
void keep_pass(PassPlan& plan, bool in_reach, bool side_shut, double dt, const PassRules& r = {});

/// defend_side: covering the inside of the bend ahead against a car close behind, the one
/// move a defender makes before the bend: the side to move to (+1 left, -1 right, 0: none).
/// Defended against: a car whose nose is within `reach_s` s at our `speed` behind our tail
/// (a car beside us is given racing room instead), not falling back (`catching`, its speed
/// over ours, at least min_catching m/s), and not already to that inside of us by more than
/// `committed` m (a car that has taken the inside is never moved across: that is ramming).
/// The bend ahead (`turn_ahead`, rad, + = left) turns by at least bend_turn.
struct DefendRules {
  double reach_s = 0.7;        ///< s at our speed of bumper-to-bumper gap behind us
  double min_reach = 6.0;      ///< m, the reach at the least (slow bends)
  double min_catching = -0.5;  ///< m/s
  double committed = 1.0;      ///< m to the inside of our lateral offset that counts as taken
  double bend_turn = 0.3;      ///< rad, as PassRules
};
int defend_side(const LineCar& behind, double our_lateral, double our_half_length, double catching, double speed,
                double turn_ahead, const DefendRules& r = {});

}  // namespace racer
