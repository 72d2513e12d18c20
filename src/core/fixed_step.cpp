#include "core/fixed_step.h"

#include <algorithm>
#include <cassert>

namespace racer {

FixedStep::FixedStep(double rate_hz, double max_frame_s, int max_steps_per_frame)
    : dt_(1.0 / rate_hz), max_frame_s_(max_frame_s), max_steps_(max_steps_per_frame) {
  assert(rate_hz >= kMinRate && rate_hz <= kMaxRate);
  assert(max_steps_per_frame >= 1);
}

int FixedStep::advance(double frame_seconds) {
  accumulator_ += std::clamp(frame_seconds, 0.0, max_frame_s_);
  int steps = 0;
  while (accumulator_ >= dt_ && steps < max_steps_) {
    accumulator_ -= dt_;
    ++steps;
  }
  if (steps == max_steps_ && accumulator_ >= dt_) accumulator_ = 0.0;  // drop what we cannot catch up
  return steps;
}

}  // namespace racer
