#pragma once
// jitter_grid: varied starts for benches and tests. In a mixed field the seed alone moves
// only the easy and medium cars' mistakes and a track's races come out nearly alike; a few
// centimetres at the start make them independent samples of the same race.
#include <cstdint>

#include "race/race.h"

namespace racer {

/// Moves each car of a race not yet started up to `jitter` m forward or back along its
/// heading, by an amount drawn from `seed` and the car's index (none at 0).
void jitter_grid(Race& race, double jitter, std::uint64_t seed);

}  // namespace racer
