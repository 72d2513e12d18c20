#pragma once
// The headless race: `racer --headless ...` runs a race of AI cars with no window (no
// video initialised) as fast as the machine allows and writes the results as JSON.
#include "app/options.h"

namespace racer {

/// Runs the race the options describe; returns the process exit status (0 ok, 1 bad data
/// or an unwritable results file).
int run_headless(const Options& options);

}  // namespace racer
