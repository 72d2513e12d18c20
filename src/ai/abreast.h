#pragma once
// abreast_length: how far ahead the road leaves room for two cars side by side, the one a
// pass is on and ours on the passing lane beside it. Racecraft starts a pass only where
// this lasts for the stretch the pass needs (a narrow road, or an obstacle on our side,
// leaves none: we follow and wait), and drops one under way whose room runs out ahead.
//
// Pure and deterministic; metres.
#include <span>

namespace racer {

struct AbreastRules {
  double apart = 3.0;  ///< m between the two cars' centres: both half widths and the daylight kept
  double step = 4.0;   ///< m between the samples
};

/// m from the first sample over which our lane keeps room beside the other car: `ours` and
/// `theirs` are, per sample `step` m apart, our lane's lateral offset and where the other car
/// is expected (m, + = left); a sample has room when side * (ours - theirs) >= apart (side
/// +1: we pass on its left). The span's whole length (samples * step) when room never runs
/// out; 0 when the first sample has none.
double abreast_length(std::span<const double> ours, std::span<const double> theirs, int side, const AbreastRules& r = {});

}  // namespace racer
