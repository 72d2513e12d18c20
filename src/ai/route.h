#pragma once
// AiRoute: what an AI decides once, at set-up, about the way round a track: which road
// (the main loop, or the loop with one or more branches taken), the racing line on it and
// that line's speed profile at full grip (the car's "limit lap time"). Shared by every AI
// driving the same car with the same line margin (the race builds it once).
//
// Sections: corridor of a route | AiRoute and plan_route
//
// The corridor is the road (main loop, or the loop with branches spliced in) with static
// obstacles cut out: each sample's room is marched along its normal on the track's cost
// grid and road raster, so a tyre stack on the road narrows it (and a block in the middle
// moves the sample's centre to the wider free side). Pure and deterministic.
#include <memory>
#include <string>
#include <vector>

#include "ai/path.h"
#include "ai/racing_line.h"
#include "ai/speed_profile.h"

namespace racer {

class Track;

/// Where a branch leaves and rejoins the main loop, as s along it (m), and the length of
/// loop it skips (m, from leaving forwards to rejoining).
struct BranchSpan {
  double leaves = 0.0;
  double rejoins = 0.0;
  double skipped = 0.0;
};
BranchSpan branch_span(const Track& track, int branch);
/// The branch's name from the track file, or "branch N" (1-based) when it has none.
std::string branch_name(const Track& track, int branch);

/// Whether one lap can take every branch in `branches`: each rejoins the loop at or before
/// the point where the next one leaves it.
bool branches_compatible(const Track& track, const std::vector<int>& branches);

/// The corridor of the main loop (branch < 0) or of the loop with branch `branch` spliced
/// in, about `spacing` m between samples, obstacles cut out.
std::vector<CorridorSample> route_corridor(const Track& track, int branch, double spacing = 2.0);
/// The same with every branch of `branches` spliced in (compatible ones; empty: the loop).
std::vector<CorridorSample> route_corridor(const Track& track, std::vector<int> branches, double spacing = 2.0);
/// route_corridor's samples before obstacles are cut out (each the road's full width).
std::vector<CorridorSample> road_corridor(const Track& track, std::vector<int> branches, double spacing = 2.0);

/// A passing lane: a minimum-curvature line kept to one half of the road (the other half is
/// left to the car being passed, on its racing line or beside it), read abreast of each
/// racing-line sample. A pass follows a lane whole, through the bends, where a fixed offset
/// from the racing line runs off the road or into the other car as the line crosses it.
struct PassingLane {
  RacingLine line;             ///< the lane as a line of its own (a driver plans its speed on it)
  std::vector<double> offset;  ///< m per racing-line sample: the lane's lateral offset from the racing line (+ = left)
  std::vector<double> lane_s;  ///< m per racing-line sample: s along the lane abreast of it
};

struct AiRoute {
  std::vector<int> branches;        ///< the branches taken (indices into Track::branches()); empty: the main loop
  RacingLine line;                  ///< the minimum-curvature line of the chosen corridor
  Path path;                        ///< the same line as a closed Path (for the trackers)
  std::vector<double> room_left;    ///< m per line sample from the line to the usable left edge
  std::vector<double> room_right;   ///< m per line sample from the line to the usable right edge
  /// m per line sample: room_left as if no static obstacle stood on the road (equal to it
  /// where none is near; more where one cuts the room)
  std::vector<double> open_left;
  std::vector<double> open_right;   ///< m per line sample: the same on the right
  CarEnvelope envelope;             ///< the car as the speed profile sees it
  SpeedProfile limit;               ///< speed profile at grip 1
  double limit_lap_time = 0.0;      ///< s, limit.lap_time
  std::vector<double> candidate_lap_times;  ///< s, limit lap time of each route tried (main first)
  PassingLane lane_left;            ///< the passing lane in the left half of the road
  PassingLane lane_right;           ///< the passing lane in the right half
  const PassingLane& lane(int side) const { return side > 0 ? lane_left : lane_right; }  ///< side: +1 left, -1 right
  /// The let-by lanes: the same kind of line, kept 4 m or more from the racing line (not from
  /// the road's middle), where a car letting another by is out of the way of a passer on its
  /// line, wherever that line runs (a passing lane near the line in a bend is not).
  PassingLane let_by_left;
  PassingLane let_by_right;
  const PassingLane& let_by_lane(int side) const { return side > 0 ? let_by_left : let_by_right; }
};

/// Tries the main loop, every branch alone and the most promising sets of branches that one
/// lap can take together (see promising_sets in route.cpp), keeps the route with the lowest
/// limit lap time.
/// `margin` (m) is kept from the road edges (car half width + safety).
std::shared_ptr<const AiRoute> plan_route(const Track& track, const CarSpec& car, double margin);
/// The same with the car's envelope given (e.g. with a measured drive force table).
std::shared_ptr<const AiRoute> plan_route(const Track& track, const CarEnvelope& envelope, double margin);

}  // namespace racer
