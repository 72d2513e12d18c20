#pragma once
// The frame profile's figures as the performance overlay (F6) and panel (F9) show them.
#include "app/frame_profile.h"
#include "ui/perf_overlay.h"
#include "ui/perf_panel.h"

namespace racer {

/// The last window's averages: the frame, its phases and the AI layers.
PerfFigures perf_figures(const FrameAverages& averages);
/// The profile's last frames as the Performance panel's plots.
PerfHistory perf_history(const FrameProfile& profile);

}  // namespace racer
