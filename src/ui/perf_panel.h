#pragma once
// The "Performance" window (F9): where a frame's time goes, as numbers (averages over half a
// second, from app/frame_profile.h) and as plots of the last frames: the whole frame and its
// parts, physics (the race's fixed steps without the AI), the AI drivers' ticks, rendering
// and the UI; then the AI's time split into its layers (core/step_probe.h: sense, recovery,
// traffic, racecraft, DWA, routing, speed plan, tracking, pedals; summed over the AI cars),
// as numbers and as one plot with a line per layer. Figures only; the app measures them.
#include <array>
#include <vector>

#include "ui/perf_overlay.h"

namespace racer {

/// The last frames' figures, oldest first, each in ms (all of the same length).
struct PerfHistory {
  std::vector<float> frame_ms;
  std::array<std::vector<float>, 4> phase_ms;  ///< physics, ai, render, ui
  std::array<std::vector<float>, StepProbe::kAiLayers> ai_layer_ms;  ///< each AI layer (kAiLayerNames)
};

/// Draws the window when *open (its close button clears it).
void draw_perf_panel(const PerfFigures& averages, const PerfHistory& history, bool* open);

}  // namespace racer
