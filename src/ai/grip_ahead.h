#pragma once
// grip_ahead: the surface grip a speed profile plans a sample with, looking ahead. Where the
// line goes from a firm surface onto a looser one (asphalt onto dirt or gravel), a car
// planned at each sample's own grip meets the loose surface at the firm one's cornering
// limit: its front axle, then its rear, lose a third of their grip within a wheelbase and
// the rear steps out (a racer sliding 8 m off its line into Quarry Stage's dirt S-bend).
// Planned at the least grip of the stretch just ahead, it arrives at the speed the loose
// surface holds, settled.
//
// Pure and deterministic.
#include "ai/speed_profile.h"

namespace racer {

/// m of line ahead whose least grip a sample is planned with (a car length and about a
/// quarter of a second at the speeds of loose-surface bends).
inline constexpr double kGripAheadM = 12.0;

/// `surface` (one value per sample of a closed line, `spacing` m apart) with each sample's
/// grip replaced by the least grip over it and the samples within `ahead_m` m after it;
/// the rolling resistance is kept.
LineSurface grip_ahead(LineSurface surface, double spacing, double ahead_m = kGripAheadM);

}  // namespace racer
