#pragma once
// Laps of a track by a careful scripted driver (Pure Pursuit on the centreline, speed from
// the curvature ahead at a share of the tyres' grip): the drivability check for shipped
// tracks (tests/track, trackcheck). Above sim and ai: it drives a World with the AI's
// path tracker.
//
// Pure and deterministic; all figures SI.
#include <vector>

#include "vehicle/car_spec.h"

namespace racer {

class Track;

struct TrackDriveResult {
  int laps_completed = 0;
  std::vector<double> lap_times;    ///< s
  double max_centre_offset_m = 0.0; ///< furthest the CG got from the centreline
  double off_road_seconds = 0.0;    ///< time with the CG off the road surface
  bool stuck = false;               ///< slower than 1 m/s for 5 s after the start
  double sim_seconds = 0.0;
};

/// `laps` laps from pole at `rate_hz` (Hz), cornering at `grip_use` (0, 1] of the grip.
TrackDriveResult run_track_laps(const CarSpec& spec, const Track& track, int laps, double rate_hz,
                                double grip_use = 0.6);

}  // namespace racer
