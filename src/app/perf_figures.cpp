#include "app/perf_figures.h"

namespace racer {

PerfFigures perf_figures(const FrameAverages& a) {
  PerfFigures f{a.fps, a.frame_ms, a.phase_ms[0], a.phase_ms[1], a.phase_ms[2], a.phase_ms[3], {}};
  for (std::size_t k = 0; k < kAiLayers; ++k) f.ai_layer_ms[k] = a.ai_layer_ms[k];
  return f;
}

PerfHistory perf_history(const FrameProfile& profile) {
  PerfHistory h;
  for (const FrameSample& f : profile.history()) {
    h.frame_ms.push_back(f.frame_ms);
    for (std::size_t i = 0; i < kFramePhases; ++i) h.phase_ms[i].push_back(f.phase_ms[i]);
    for (std::size_t k = 0; k < kAiLayers; ++k) h.ai_layer_ms[k].push_back(f.ai_layer_ms[k]);
  }
  return h;
}

}  // namespace racer
