#pragma once
// FxRandom: the effects' own random numbers, so a scripted run draws the same smoke, debris
// and sparks every time and the effects never touch the simulation's generators.
#include "core/split_mix.h"

namespace racer {

using FxRandom = SplitMix64;

}  // namespace racer
