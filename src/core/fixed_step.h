#pragma once
// FixedStep: the accumulator of "Fix Your Timestep!" (Fiedler). The caller measures frame
// time (the app does, with the wall clock); this class only counts, so it is pure and
// testable. Frame time is clamped and the number of steps per frame is capped, so a hitch
// never spirals: time beyond the cap is dropped, not owed.

namespace racer {

class FixedStep {
 public:
  /// rate_hz: simulation steps per second, in [kMinRate, kMaxRate].
  explicit FixedStep(double rate_hz, double max_frame_s = 0.25, int max_steps_per_frame = 16);

  /// Adds one frame's elapsed time (s) and returns how many fixed steps to run now.
  int advance(double frame_seconds);
  /// Interpolation factor in [0, 1): how far between the previous and current step.
  double alpha() const { return accumulator_ / dt_; }
  double dt() const { return dt_; }
  double rate_hz() const { return 1.0 / dt_; }

  static constexpr double kMinRate = 60.0;   ///< Hz
  static constexpr double kMaxRate = 500.0;  ///< Hz
  static constexpr double kDefaultRate = 240.0;  ///< Hz

 private:
  double dt_;
  double max_frame_s_;
  int max_steps_;
  double accumulator_ = 0.0;
};

}  // namespace racer
