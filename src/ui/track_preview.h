#pragma once
// The setup screens' track preview: the circuit drawn from its file (the centreline's
// spline, as the game builds it, without the walls, surfaces or cost grid a race needs),
// with the start/finish line, the direction of travel and the corners numbered in driving
// order; and the track's key figures (length, width, corners).
//
// TrackOutline is pure (built once per track from its TrackSpec, cheap: one spline);
// draw_track_preview draws it into an ImGui draw list, scaled to a box.
// Sections: outline (pure) | drawing.
#include <vector>

#include "core/vec2.h"
#include "track/track_spec.h"

struct ImDrawList;
struct ImFont;

namespace racer {

// ---- outline (pure) -----------------------------------------------------------------------

struct TrackCorner {
  Vec2 apex;          ///< m, the point of tightest curvature
  double s = 0.0;     ///< m from the start line in the direction of travel
  double turn = 0.0;  ///< rad, total change of heading (+ = a left-hander)
  double radius = 0.0;  ///< m, tightest radius (at the apex)
};

struct TrackOutline {
  std::vector<Vec2> points;                 ///< m, the main loop's centreline in driving order from the line (closed)
  std::vector<std::vector<Vec2>> branches;  ///< m, alternative routes (open polylines)
  double mean_width = 12.0;                 ///< m, road width
  double min_width = 12.0, max_width = 12.0;
  double length = 0.0;                      ///< m, one lap along the centreline
  Vec2 start;                               ///< m, the start/finish line's centre
  Vec2 direction{1.0, 0.0};                 ///< unit, the direction of travel at the line
  std::vector<TrackCorner> corners;         ///< in driving order from the line
  Vec2 lo, hi;                              ///< m, bounding box of the road (edges included)
};

/// A corner: a stretch whose curvature, averaged over `window` m, is tighter than
/// 1 / `max_radius`, turning one way by at least `min_turn` rad in all (stretches of the
/// same sense less than `merge_gap` m apart are one corner).
struct CornerRules {
  double max_radius = 150.0;  ///< m
  double min_turn = 0.44;     ///< rad (25 degrees)
  double window = 20.0;       ///< m
  double merge_gap = 25.0;    ///< m
};

/// The outline of a track spec (sampled every 2 m, thinned for drawing).
TrackOutline make_track_outline(const TrackSpec& spec, const CornerRules& rules = {});

// ---- drawing ------------------------------------------------------------------------------

/// Draws the outline north up into the box [x0, y0]-[x1, y1] (px): a plate, the road with a
/// rim, the start/finish line (chequered), arrows along the direction of travel and the
/// corner numbers (`font` at `font_px`). `scale`: the menus' ui_scale().
void draw_track_preview(ImDrawList* dl, const TrackOutline& outline, float x0, float y0, float x1, float y1,
                        float scale, ImFont* font, float font_px);

}  // namespace racer
