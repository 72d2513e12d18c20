#pragma once
// CueDetector: turns each car's state, sampled once per frame, into one-off sound events:
//  - a gear change -> SoundEvent::Shift;
//  - a change of velocity faster than tyres can produce (a collision) -> SoundEvent::Impact
//    with impulse = mass x the excess change of velocity.
// A teleport (reset, respawn) or a long gap between samples is not a crash: the detector
// just starts over from the new state. Pure and deterministic.
#include <vector>

#include "audio/mixer.h"
#include "core/vec2.h"

namespace racer::audio {

struct CueConfig {
  double max_tyre_accel = 25.0;  ///< m/s^2 (2.5 g): above what grip gives, so only contacts exceed it
  double min_excess_dv = 0.4;    ///< m/s of unexplained velocity change before it counts as a hit
  double max_gap = 0.25;         ///< s between samples beyond which the detector starts over
  double teleport_margin = 5.0;  ///< m a car may move beyond |v| dt before it counts as a teleport
};

/// One car's state at one moment.
struct CarCueState {
  int id = 0;          ///< the car's sound id (CarSound::id)
  int gear = 0;        ///< -1 R, 0 N, 1..n
  Vec2 position;       ///< m, world
  Vec2 velocity;       ///< m/s, world
  double mass = 0.0;   ///< kg
  double time = 0.0;   ///< s, simulated time of this state
};

class CueDetector {
 public:
  explicit CueDetector(CueConfig config = {}) : config_(config) {}

  /// Compares with the same id's previous state and appends the events to `out`.
  /// The first state of an id only records it.
  void update(const CarCueState& state, std::vector<SoundEvent>& out);
  /// Forgets every car (a new world).
  void reset() { last_.clear(); }

 private:
  CueConfig config_;
  std::vector<CarCueState> last_;
};

}  // namespace racer::audio
