#pragma once
// AiRng: the AI's random numbers (mistakes, defences, let-bys), seeded from the race seed
// and the car index.
#include "core/split_mix.h"

namespace racer {

using AiRng = SplitMix64;

}  // namespace racer
