#pragma once
// clear_room: the room beside a racing line that a car can hold, from the room the route
// measured at each line sample (to the road's usable edge, static obstacles cut out) and the
// room it would have without the obstacles. A car is as long as a few samples and moves
// sideways at a finite rate: beside an obstacle, the room it can hold at a sample is the
// least room under its length there, and the room further ahead plus what it can still move
// away by before it gets there. An obstacle cut out of a few samples of room then narrows
// every lane, offset and tracked point that reads the room from before the car's nose
// reaches it, not at the sample abreast of the obstacle. Only obstacles narrow it: the
// road's own edges (the line running out to an apex or an exit) are the lanes' and the
// offsets' own business (their shape, racecraft's room ahead), and a car holds the room
// there as the route measured it.
//
// Pure and deterministic; metres.
#include <span>
#include <vector>

namespace racer {

struct ClearRoomRules {
  double reach = 2.5;   ///< m either way of a sample that a car's body covers (a sedan's half length and a little)
  double taper = 0.15;  ///< m of room given up per m ahead of a narrowing (the offset moves away at this slope)
};

/// Per sample of a closed line, samples `spacing` m apart: the least of room[i] and, over
/// the samples j ahead (and within `reach` behind) where an obstacle cuts the room
/// (room[j] < open[j]), room[j] + taper * (distance beyond reach ahead). `open` is the room
/// without the obstacles (the same size; open[j] >= room[j]). Equal to room[i] wherever no
/// obstacle is near.
std::vector<double> clear_room(std::span<const double> room, std::span<const double> open, double spacing,
                               const ClearRoomRules& r = {});

}  // namespace racer
