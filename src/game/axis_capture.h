#pragma once
// Capturing a gamepad control for a binding ("press the control for Throttle").
//
// AxisCapture: first samples every axis at rest (rest_time_s of samples; the mean is each
// axis's rest value), then accepts only an axis that moves clearly away from its own rest
// value (by more than min_change). An axis is judged by its change, never by its value:
// SDL reports many triggers at -1 when released, and a trigger must not be captured just
// for resting away from zero. The result is the axis index and the direction it moved.
//
// ButtonCapture: a button that goes down after capture started; buttons already held at
// the first sample (the one that opened the menu) count only after they are released.
//
// GamepadCapture: both at once, giving a GamepadBinding (game/settings.h).
//
// Pure: the platform layer feeds the samples (SDL_GameControllerGetAxis / GetButton),
// dt is the time between samples (s). The player should not touch the pad during the rest
// sampling; a UI can show resting() as "release all controls".
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "game/settings.h"

namespace racer {

/// SDL's raw axis value (-32768..32767) as [-1, 1].
double normalise_axis(int raw);

struct AxisCaptureConfig {
  double rest_time_s = 0.3;  ///< s of samples that define the rest values, > 0
  double min_change = 0.5;   ///< how far (in [-1, 1] units) an axis must move from rest
};

struct CapturedAxis {
  int axis = 0;       ///< index into the samples (SDL axis index)
  int direction = 0;  ///< +1 moved up from rest, -1 moved down
  bool operator==(const CapturedAxis&) const = default;
};

class AxisCapture {
 public:
  explicit AxisCapture(AxisCaptureConfig config = {});

  /// One sample of every axis ([-1, 1]) taken dt s after the previous one. Returns the
  /// axis once it is captured (and again on later calls; restart() to capture another).
  /// If the number of axes changes (another pad), the rest sampling starts over.
  std::optional<CapturedAxis> update(std::span<const double> axes, double dt);
  /// Forgets everything: samples the rest values again.
  void restart();

  /// Still sampling the rest values.
  bool resting() const { return resting_; }
  std::optional<CapturedAxis> result() const { return result_; }
  /// Each axis's rest value (valid once resting() is false).
  const std::vector<double>& rest_values() const { return rest_; }

 private:
  AxisCaptureConfig config_;
  bool resting_ = true;
  double rest_elapsed_s_ = 0.0;
  int rest_samples_ = 0;
  std::vector<double> rest_;  ///< sums while resting, then the means
  std::optional<CapturedAxis> result_;
};

class ButtonCapture {
 public:
  /// One sample of every button (true = down). Returns the first button (lowest index)
  /// that went down and was not held at the first sample; kept until restart().
  std::optional<int> update(std::span<const bool> buttons);
  void restart();
  std::optional<int> result() const { return result_; }

 private:
  bool started_ = false;
  std::vector<bool> blocked_;  ///< held at the first sample and not yet released
  std::optional<int> result_;
};

/// An axis or a button, whichever comes first (a button may be taken while the axes are
/// still resting).
class GamepadCapture {
 public:
  explicit GamepadCapture(AxisCaptureConfig config = {}) : axes_(config) {}
  std::optional<GamepadBinding> update(std::span<const double> axes, std::span<const bool> buttons, double dt);
  void restart();
  bool resting() const { return axes_.resting(); }
  std::optional<GamepadBinding> result() const { return result_; }

 private:
  AxisCapture axes_;
  ButtonCapture buttons_;
  std::optional<GamepadBinding> result_;
};

}  // namespace racer
