#pragma once
// The envelope the AI plans with: car_envelope(spec) (ai/speed_profile.h) with its drive
// force measured on the proving ground (sim/proving_ground.h: full throttle from a standstill
// with the automatic box), so the speed profile accelerates as the simulated car does, shift
// pauses and wheelspin included, which the best-gear torque curve of car_envelope knows
// nothing of. Route plans and limit lap times are computed from it.
//
// Pure and deterministic.
#include "ai/speed_profile.h"
#include "vehicle/car_spec.h"

namespace racer {

/// car_envelope(spec) with drive_force measured at `rate_hz` (Hz, the race's step rate).
CarEnvelope measured_envelope(const CarSpec& spec, double rate_hz);

}  // namespace racer
