#pragma once
// Draws a built Track to an RGB image for review (trackcheck --render): the surface raster
// with a palette per surface, kerb stripes, walls, barriers, obstacles, the chequered
// start/finish line, grid slots, progress stations and sector starts, dashed branch
// centrelines, direction-of-travel arrows, a scale bar, a legend and the track's name.
#include <string>

#include "raster.h"
#include "track/track.h"

namespace racer::tools {

struct RenderOptions {
  double scale = 0.0;   ///< px per metre; 0 = fit into max_size
  int max_size = 2048;  ///< px, the longest side of the image, [64, 8192]
};

struct RenderInfo {
  int width = 0, height = 0;  ///< px
  double scale = 0.0;         ///< px per metre used
  bool scale_reduced = false; ///< the requested scale did not fit in max_size
};

/// Renders `track`. Returns false (and sets `error`) only when the track's extent is not
/// finite or empty; never crashes on any built track.
bool render_track(const Track& track, const RenderOptions& options, Canvas& out, RenderInfo& info,
                  std::string& error);

}  // namespace racer::tools
