#pragma once
// clear_room: the room beside a racing line that a car can hold, from the room the route
// measured at each line sample (to the road's usable edge, static obstacles cut out). A
// car is as long as a few samples and moves sideways at a finite rate: the room it can
// hold at a sample is the least room under its length there, and the room further ahead
// plus what it can still move away by before it gets there. An obstacle cut out of a few
// samples of room then narrows every lane, offset and tracked point that reads the room
// from before the car's nose reaches it, not at the sample abreast of the obstacle.
//
// Pure and deterministic; metres.
#include <span>
#include <vector>

namespace racer {

struct ClearRoomRules {
  double reach = 2.5;   ///< m either way of a sample that a car's body covers (a sedan's half length and a little)
  double taper = 0.15;  ///< m of room given up per m ahead of a narrowing (the offset moves away at this slope)
};

/// Per sample of a closed line, samples `spacing` m apart: the least, over the samples ahead
/// (and within `reach` behind), of room[j] + taper * (distance beyond reach ahead). Never
/// more than room[i]; equal to it where the room changes no faster than the taper.
std::vector<double> clear_room(std::span<const double> room, double spacing, const ClearRoomRules& r = {});

}  // namespace racer
