#pragma once
// Triangulation of simple polygons (concave allowed) by ear clipping, for filling surface
// zones. Pure (no SDL). O(n^2) in the point count, fine for the few hundred points a zone
// has. Degenerate input never loops or crashes: what cannot be clipped is fanned.
#include <array>
#include <vector>

#include "core/vec2.h"

namespace racer {

/// Triangles covering the polygon (either winding; a closing point equal to the first is
/// ignored), as index triples into `polygon`, each wound like the polygon.
std::vector<std::array<int, 3>> triangulate(const std::vector<Vec2>& polygon);

/// Twice the signed area (+ = counter-clockwise).
double signed_area2(const std::vector<Vec2>& polygon);

}  // namespace racer
