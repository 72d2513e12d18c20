#include "app/frame_profile.h"

#include <SDL.h>

#include "platform/process_usage.h"

namespace racer {

FrameProfile::FrameProfile(WallClock clock) : clock_(std::move(clock)), frequency_(SDL_GetPerformanceFrequency()) {
  if (frequency_ == 0) frequency_ = 1;
}

double FrameProfile::now() const {
  if (clock_) return clock_();
  return static_cast<double>(SDL_GetPerformanceCounter()) / static_cast<double>(frequency_);
}

void FrameProfile::begin_frame() {
  const double t = now();
  if (last_frame_ < 0.0) {  // the first frame: the figures count from here
    first_frame_ = last_frame_ = t;
    cpu_at_first_ = process_usage().cpu_s;
    return;
  }
  const double frame = t - last_frame_;
  last_frame_ = t;
  FrameSample sample;
  sample.frame_ms = static_cast<float>(1e3 * frame);
  for (std::size_t i = 0; i < kFramePhases; ++i) sample.phase_ms[i] = static_cast<float>(1e3 * frame_phase_[i]);
  for (std::size_t i = 0; i < kAiLayers; ++i) sample.ai_layer_ms[i] = static_cast<float>(1e3 * frame_layer_[i]);
  frame_phase_ = {};
  frame_layer_ = {};
  if (history_.size() < kHistoryFrames) history_.push_back(sample);
  else history_[history_next_] = sample;
  history_next_ = (history_next_ + 1) % kHistoryFrames;
  frames_.add(frame);
  window_time_ += frame;
  ++window_frames_;
  if (window_time_ < kWindowSeconds) return;
  averages_.fps = window_frames_ / window_time_;
  averages_.frame_ms = 1e3 * window_time_ / window_frames_;
  for (std::size_t i = 0; i < kFramePhases; ++i) {
    averages_.phase_ms[i] = 1e3 * window_phase_[i] / window_frames_;
    window_phase_[i] = 0.0;
  }
  for (std::size_t i = 0; i < kAiLayers; ++i) averages_.ai_layer_ms[i] = 1e3 * window_layer_[i] / window_frames_;
  window_layer_ = {};
  window_time_ = 0.0;
  window_frames_ = 0;
}

void FrameProfile::add(FramePhase phase, double seconds) {
  window_phase_[static_cast<std::size_t>(phase)] += seconds;
  frame_phase_[static_cast<std::size_t>(phase)] += seconds;
  totals_[static_cast<std::size_t>(phase)] += seconds;
}

void FrameProfile::add_ai_layer(std::size_t layer, double seconds) {
  window_layer_[layer] += seconds;
  frame_layer_[layer] += seconds;
}

std::vector<FrameSample> FrameProfile::history() const {
  if (history_.size() < kHistoryFrames) return history_;
  std::vector<FrameSample> out(history_.begin() + static_cast<std::ptrdiff_t>(history_next_), history_.end());
  out.insert(out.end(), history_.begin(), history_.begin() + static_cast<std::ptrdiff_t>(history_next_));
  return out;
}

FrameStatsSummary FrameProfile::summary() const {
  const ProcessUsage u = process_usage();
  ProcessFigures p;
  p.wall_s = last_frame_ < 0.0 ? 0.0 : now() - first_frame_;
  p.cpu_s = u.cpu_s - cpu_at_first_;
  p.peak_rss_mib = u.peak_rss_mib;
  p.end_rss_mib = u.rss_mib;
  return summarize(frames_, p);
}

void AiStepTimer::enter(Phase phase) { since_[static_cast<std::size_t>(phase)] = clock_(); }

void AiStepTimer::leave(Phase phase) {
  const auto i = static_cast<std::size_t>(phase);
  seconds_[i] += clock_() - since_[i];
  counts_[i] += 1;
}

void AiStepTimer::start() {
  seconds_ = {};
  counts_ = {};
}

void add_step_times(FrameProfile& profile, const AiStepTimer& timer, double steps_seconds) {
  profile.add(FramePhase::Ai, timer.ai_seconds());
  profile.add(FramePhase::Physics, steps_seconds - timer.ai_seconds());
  for (std::size_t k = 0; k < kAiLayers; ++k)
    profile.add_ai_layer(k, timer.seconds(static_cast<StepProbe::Phase>(k + 1)));
}

}  // namespace racer
