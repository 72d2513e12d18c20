#pragma once
// ReplayPlayback: the replay player's clock (`racer --replay FILE` in the window). The app
// hands it each frame's wall time and where the race is; it answers how many recorded steps
// to run now: at the chosen speed (0.25x to 8x), none while paused, none past the end. A
// seek sets a target step: forward it is reached by stepping on, backward the race is first
// rebuilt from the start (a race cannot step back) and stepped up to it, at most
// kSeekStepsPerFrame steps a frame so the window stays live.
// The frame time is clamped (0.25 s) and steps beyond a frame's cap are dropped, not owed
// (core/fixed_step.h): a hitch delays the picture, never the recorded race, which is the
// same steps with the same inputs whatever the frames were.
//
// Pure: no SDL, no wall clock.
#include <cstdint>

namespace racer {

class ReplayPlayback {
 public:
  static constexpr double kMinSpeed = 0.25;
  static constexpr double kMaxSpeed = 8.0;
  static constexpr double kMaxFrameSeconds = 0.25;  ///< s of wall time a frame counts at most
  static constexpr int kStepsPerFrameAt1x = 16;     ///< cap of steps a frame at 1x (x speed above)
  static constexpr int kSeekStepsPerFrame = 4000;

  /// `rate_hz`: the replay's step rate; `total_steps`: its length.
  ReplayPlayback(double rate_hz, std::uint32_t total_steps);

  /// What to do this frame, in order: rebuild the race from the start (then it is at step
  /// 0), then run `steps` recorded steps.
  struct Plan {
    bool rebuild = false;
    int steps = 0;
  };
  /// This frame's plan after `frame_s` s of wall time, the race being at step `at`.
  Plan frame(double frame_s, std::uint32_t at);

  /// Clamped to [kMinSpeed, kMaxSpeed].
  void set_speed(double speed);
  double speed() const { return speed_; }
  void set_paused(bool paused) { paused_ = paused; }
  bool paused() const { return paused_; }
  /// Go to step `target` (clamped to the replay's length) over the next frames.
  void seek(std::uint32_t target);
  bool seeking() const { return seeking_; }
  std::uint32_t seek_target() const { return target_; }
  std::uint32_t total_steps() const { return total_; }
  double rate_hz() const { return 1.0 / dt_; }
  /// Interpolation factor in [0, 1) between the last two steps (0 while seeking).
  double alpha() const { return accumulator_ / dt_; }

 private:
  double dt_;
  std::uint32_t total_;
  double speed_ = 1.0;
  bool paused_ = false;
  bool seeking_ = false;
  std::uint32_t target_ = 0;
  double accumulator_ = 0.0;
};

}  // namespace racer
