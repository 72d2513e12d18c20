#include "game/replay_playback.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace racer {

ReplayPlayback::ReplayPlayback(double rate_hz, std::uint32_t total_steps) : dt_(1.0 / rate_hz), total_(total_steps) {
  assert(rate_hz > 0.0);
}

void ReplayPlayback::set_speed(double speed) {
  speed_ = std::isfinite(speed) ? std::clamp(speed, kMinSpeed, kMaxSpeed) : 1.0;
}

void ReplayPlayback::seek(std::uint32_t target) {
  target_ = std::min(target, total_);
  seeking_ = true;
  accumulator_ = 0.0;
}

ReplayPlayback::Plan ReplayPlayback::frame(double frame_s, std::uint32_t at) {
  Plan plan;
  if (seeking_) {
    if (target_ < at) {
      plan.rebuild = true;
      at = 0;
    }
    plan.steps = static_cast<int>(std::min<std::uint32_t>(target_ - at, kSeekStepsPerFrame));
    if (at + static_cast<std::uint32_t>(plan.steps) >= target_) seeking_ = false;
    return plan;
  }
  if (paused_ || at >= total_) {
    accumulator_ = 0.0;
    return plan;
  }
  accumulator_ += std::clamp(std::isfinite(frame_s) ? frame_s : 0.0, 0.0, kMaxFrameSeconds) * speed_;
  const int cap = static_cast<int>(std::ceil(kStepsPerFrameAt1x * std::max(1.0, speed_)));
  while (accumulator_ >= dt_ && plan.steps < cap) {
    accumulator_ -= dt_;
    ++plan.steps;
  }
  if (plan.steps == cap && accumulator_ >= dt_) accumulator_ = 0.0;  // dropped, not owed
  const std::uint32_t left = total_ - at;
  if (static_cast<std::uint32_t>(plan.steps) >= left) {
    plan.steps = static_cast<int>(left);
    accumulator_ = 0.0;
  }
  return plan;
}

}  // namespace racer
