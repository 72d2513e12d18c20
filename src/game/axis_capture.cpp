#include "game/axis_capture.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace racer {

double normalise_axis(int raw) { return std::clamp(static_cast<double>(raw) / 32767.0, -1.0, 1.0); }

// ---------------------------------------------------------------- AxisCapture

AxisCapture::AxisCapture(AxisCaptureConfig config) : config_(config) {
  assert(config_.rest_time_s > 0.0 && config_.min_change > 0.0);
}

void AxisCapture::restart() {
  resting_ = true;
  rest_elapsed_s_ = 0.0;
  rest_samples_ = 0;
  rest_.clear();
  result_.reset();
}

std::optional<CapturedAxis> AxisCapture::update(std::span<const double> axes, double dt) {
  if (result_) return result_;
  if (axes.size() != rest_.size() && (!resting_ || rest_samples_ > 0)) restart();
  auto value = [](double v) { return std::isfinite(v) ? std::clamp(v, -1.0, 1.0) : 0.0; };
  if (resting_) {
    rest_.resize(axes.size(), 0.0);
    for (std::size_t i = 0; i < axes.size(); ++i) rest_[i] += value(axes[i]);
    ++rest_samples_;
    rest_elapsed_s_ += std::max(dt, 0.0);
    if (rest_elapsed_s_ + 1e-9 >= config_.rest_time_s) {
      for (double& r : rest_) r /= rest_samples_;
      resting_ = false;
    }
    return std::nullopt;
  }
  // The axis that moved furthest from its rest value, if that is clearly far.
  double best = config_.min_change;
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const double change = value(axes[i]) - rest_[i];
    if (std::abs(change) > best) {
      best = std::abs(change);
      result_ = CapturedAxis{static_cast<int>(i), change > 0.0 ? 1 : -1};
    }
  }
  return result_;
}

// ---------------------------------------------------------------- ButtonCapture

void ButtonCapture::restart() {
  started_ = false;
  blocked_.clear();
  result_.reset();
}

std::optional<int> ButtonCapture::update(std::span<const bool> buttons) {
  if (result_) return result_;
  if (!started_) {
    blocked_.assign(buttons.begin(), buttons.end());
    started_ = true;
    return std::nullopt;
  }
  if (blocked_.size() < buttons.size()) blocked_.resize(buttons.size(), false);
  for (std::size_t i = 0; i < buttons.size(); ++i) {
    if (!buttons[i]) {
      blocked_[i] = false;
    } else if (!blocked_[i]) {
      result_ = static_cast<int>(i);
      break;
    }
  }
  return result_;
}

// ---------------------------------------------------------------- GamepadCapture

void GamepadCapture::restart() {
  axes_.restart();
  buttons_.restart();
  result_.reset();
}

std::optional<GamepadBinding> GamepadCapture::update(std::span<const double> axes, std::span<const bool> buttons,
                                                     double dt) {
  if (result_) return result_;
  if (const std::optional<int> b = buttons_.update(buttons)) {
    result_ = GamepadBinding{GamepadBinding::Kind::Button, *b, 0};
  } else if (const std::optional<CapturedAxis> a = axes_.update(axes, dt)) {
    result_ = GamepadBinding{GamepadBinding::Kind::Axis, a->axis, a->direction};
  }
  return result_;
}

}  // namespace racer
