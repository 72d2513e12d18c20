#include "audio/cues.h"

#include <algorithm>
#include <cmath>

namespace racer::audio {

void CueDetector::update(const CarCueState& state, std::vector<SoundEvent>& out) {
  auto it = std::find_if(last_.begin(), last_.end(), [&](const CarCueState& s) { return s.id == state.id; });
  if (it == last_.end()) {
    last_.push_back(state);
    return;
  }
  const CarCueState prev = *it;
  const double dt = state.time - prev.time;
  if (dt == 0.0) return;  // no simulation step since the last sample: nothing new
  *it = state;
  if (!(dt > 0.0) || dt > config_.max_gap) return;  // time went back (new world) or a long gap: start over

  const double moved = length(state.position - prev.position);
  const double expected = std::max(length(state.velocity), length(prev.velocity)) * dt;
  if (!(moved <= expected + config_.teleport_margin)) return;  // reset or respawn (or NaN)

  if (state.gear != prev.gear) {
    SoundEvent e;
    e.kind = SoundEvent::Kind::Shift;
    e.car = state.id;
    e.from_gear = prev.gear;
    e.to_gear = state.gear;
    out.push_back(e);
  }

  const double dv = length(state.velocity - prev.velocity);
  const double excess = dv - config_.max_tyre_accel * dt;
  if (excess > config_.min_excess_dv && state.mass > 0.0) {
    SoundEvent e;
    e.kind = SoundEvent::Kind::Impact;
    e.car = state.id;
    e.impulse = state.mass * excess;
    out.push_back(e);
  }
}

}  // namespace racer::audio
