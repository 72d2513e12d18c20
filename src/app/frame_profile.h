#pragma once
// FrameProfile: where the time of a frame goes, measured with the wall clock (the app's
// side: the simulation modules never read it). The frame loop calls begin_frame() once a
// frame; timed parts of the frame add their seconds to a phase:
//   physics  the race's fixed steps (world, rules, snapshots, skid marks) without the AI
//   ai       the AI drivers' ticks (timed through the race's StepProbe), and within them
//            each AI layer's share (sense, recovery, traffic, racecraft, DWA, routing,
//            speed plan, tracking, pedals: core/step_probe.h), summed over the cars
//   render   drawing the world and presenting it (the renderer's work), without the
//            frame-rate cap's sleep
//   ui       the ImGui panels and HUD: building them and drawing them
// The overlay (F6, ui/perf_overlay.h) shows averages over half a second, the Performance
// panel (F9, ui/perf_panel.h) those and the last frames' figures as plots; --frame-stats
// keeps every frame's length in a histogram (app/frame_stats.h) for the summary at exit.
#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "app/frame_stats.h"
#include "core/step_probe.h"

namespace racer {

enum class FramePhase { Physics, Ai, Render, Ui };
inline constexpr std::size_t kFramePhases = 4;
inline constexpr std::size_t kAiLayers = StepProbe::kAiLayers;
/// s, a monotonic clock.
using WallClock = std::function<double()>;

/// One frame's figures (the Performance panel's plots).
struct FrameSample {
  float frame_ms = 0.0f;                         ///< ms, the frame's length
  std::array<float, kFramePhases> phase_ms{};    ///< ms in each phase
  std::array<float, kAiLayers> ai_layer_ms{};    ///< ms in each AI layer (part of the ai phase)
};

/// Averages over the last complete window.
struct FrameAverages {
  double fps = 0.0;
  double frame_ms = 0.0;                       ///< ms, mean frame length
  std::array<double, kFramePhases> phase_ms{};  ///< ms per frame in each phase
  std::array<double, kAiLayers> ai_layer_ms{};  ///< ms per frame in each AI layer
};

class FrameProfile {
 public:
  static constexpr double kWindowSeconds = 0.5;  ///< s, the overlay's averaging window

  /// `clock` null: SDL's performance counter.
  explicit FrameProfile(WallClock clock = nullptr);
  /// s, a monotonic clock (SDL's performance counter unless another was given).
  double now() const;
  /// The start of a frame: the time since the last call is one frame (the first call
  /// starts the count and the process figures).
  void begin_frame();
  void add(FramePhase phase, double seconds);
  /// Adds to one AI layer's figure (index in kAiLayerNames order); the ai phase holds it.
  void add_ai_layer(std::size_t layer, double seconds);
  const FrameAverages& averages() const { return averages_; }
  /// s spent in `phase` since the start.
  double total(FramePhase phase) const { return totals_[static_cast<std::size_t>(phase)]; }
  const FrameTimeHistogram& frames() const { return frames_; }
  static constexpr std::size_t kHistoryFrames = 300;  ///< frames kept by history()
  /// The last complete frames, oldest first (at most kHistoryFrames).
  std::vector<FrameSample> history() const;
  /// The summary since the first frame: frames, rates, the process's CPU and memory.
  FrameStatsSummary summary() const;

 private:
  WallClock clock_;
  std::uint64_t frequency_ = 1;
  double last_frame_ = -1.0;  ///< s, now() at the last begin_frame; < 0 = none yet
  double first_frame_ = 0.0;
  double cpu_at_first_ = 0.0;
  FrameTimeHistogram frames_;
  std::array<double, kFramePhases> window_phase_{};  ///< s in the current window
  std::array<double, kFramePhases> totals_{};        ///< s since the start
  std::array<double, kFramePhases> frame_phase_{};   ///< s in the frame under way
  std::array<double, kAiLayers> window_layer_{};     ///< s in each AI layer in the current window
  std::array<double, kAiLayers> frame_layer_{};      ///< s in each AI layer in the frame under way
  std::vector<FrameSample> history_;                 ///< a ring of kHistoryFrames
  std::size_t history_next_ = 0;                     ///< where the next frame goes in the ring
  double window_time_ = 0.0;
  int window_frames_ = 0;
  FrameAverages averages_;
};

/// Adds the time from its construction to stop() or its destruction to a phase (null: nothing).
class PhaseTimer {
 public:
  PhaseTimer(FrameProfile* profile, FramePhase phase) : profile_(profile), phase_(phase), start_(profile ? profile->now() : 0.0) {}
  ~PhaseTimer() { stop(); }
  void stop() {
    if (profile_ != nullptr) profile_->add(phase_, profile_->now() - start_);
    profile_ = nullptr;
  }
  PhaseTimer(const PhaseTimer&) = delete;
  PhaseTimer& operator=(const PhaseTimer&) = delete;

 private:
  FrameProfile* profile_;
  FramePhase phase_;
  double start_;
};

/// The race's StepProbe: the time in each phase (the drivers' ticks, each AI layer) of the
/// steps in between start() and the reading, by a wall clock the app gives.
class AiStepTimer : public StepProbe {
 public:
  explicit AiStepTimer(WallClock clock) : clock_(std::move(clock)) {}
  void enter(Phase phase) override;
  void leave(Phase phase) override;
  void start();
  /// s in `phase` since start() (AI layers: summed over the cars).
  double seconds(Phase phase) const { return seconds_[static_cast<std::size_t>(phase)]; }
  double ai_seconds() const { return seconds(Phase::Drivers); }
  /// Times `phase` was left since start().
  int count(Phase phase) const { return counts_[static_cast<std::size_t>(phase)]; }

 private:
  WallClock clock_;
  std::array<double, kPhases> since_{}, seconds_{};
  std::array<int, kPhases> counts_{};
};

/// Adds the steps timed by `timer` since its start() to `profile`: the AI (and each of its
/// layers), and the rest of `steps_seconds` (the steps' whole time) as physics.
void add_step_times(FrameProfile& profile, const AiStepTimer& timer, double steps_seconds);

}  // namespace racer
