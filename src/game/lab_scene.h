#pragma once
// The lab's map as a continuous scene for the motion planners (walk-to, Bug, the potential
// field, the visibility graph, hybrid A*; game/lab_motion.h): the blocked cells merged into
// rectangles, the drawn polygon obstacles, and a frame of walls round the area planned in.
// Cell units throughout (x right, y down; cell (x, y) covers [x, x + 1] x [y, y + 1]).
//
// The motion planners ask every obstacle at every step (Bug, the field) or every pair of
// corners (the visibility graph), so the scene is kept small: runs of blocked cells in a row
// become one rectangle, and a run with the same columns in the next row extends it. They plan
// inside a window of the map (LabWindow): the box round start and goal grown by a margin, the
// cells outside it walled off by the frame; so their cost depends on how far apart S and G
// are, not on the map's size.
#include <vector>

#include "game/lab_layer.h"
#include "plan/shapes.h"

namespace racer {

/// A box of whole cells [x0, x1) x [y0, y1) inside the map.
struct LabWindow {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  int width() const { return x1 - x0; }
  int height() const { return y1 - y0; }
  bool contains(GridCell c) const { return c.x >= x0 && c.x < x1 && c.y >= y0 && c.y < y1; }
};

/// Cells of margin round the start-goal box in lab_window().
inline constexpr int kLabWindowMargin = 16;

/// The whole map.
LabWindow whole_map(const SearchGrid& grid);
/// The box holding both cells, grown by `margin` cells on every side, clipped to the map.
LabWindow lab_window(const SearchGrid& grid, GridCell a, GridCell b, int margin = kLabWindowMargin);

/// The scene of `map` inside `window`:
/// - one axis-aligned rectangle per maximal run of blocked cells in a row, extended down
///   over the next rows while they hold the same run (so the rectangles never overlap, and
///   their union is exactly the blocked cells of the window);
/// - the drawn polygons (map.obstacles) that are simple (no two edges cross) and meet the
///   window (a self-crossing one is left to its cells, already blocked in the grid);
/// - four rectangles one cell thick just outside the window (the frame), so nothing plans
///   outside it.
/// `cell_rectangles` says how many of scene.polygons come first and are blocked cells.
struct LabScene {
  Scene scene;
  LabWindow window;
  int cell_rectangles = 0;
};
LabScene lab_scene(const LabMap& map, const LabWindow& window);

/// Whether no two non-adjacent edges of the polygon meet (and it has >= 3 vertices).
bool simple_polygon(const Polygon& p);

}  // namespace racer
