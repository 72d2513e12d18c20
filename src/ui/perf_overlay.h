#pragma once
// The performance overlay (F6): the frame rate and where a frame's time goes, drawn in a
// small box at the top centre over everything else. Figures only; the app measures them
// (app/frame_profile.h).
#include <array>

#include "core/step_probe.h"
#include "ui/imgui_layer.h"

namespace racer {

struct PerfFigures {
  double fps = 0.0;
  double frame_ms = 0.0;    ///< ms, mean frame length
  double physics_ms = 0.0;  ///< ms per frame in each part of the frame
  double ai_ms = 0.0;
  double render_ms = 0.0;
  double ui_ms = 0.0;
  std::array<double, StepProbe::kAiLayers> ai_layer_ms{};  ///< ms per frame in each AI layer (kAiLayerNames), parts of ai_ms
};

/// Into the foreground draw list of the current ImGui frame.
void draw_perf_overlay(const PerfFigures& figures, const UiFonts& fonts);

}  // namespace racer
