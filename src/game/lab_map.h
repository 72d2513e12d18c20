#pragma once
// The lab's maps (game/lab_layer.h LabMap): a built-in drawn map, a MovingAI `.map`, or a
// track's cost grid (a track `.json`, costed as the AI routes it, ai/route_grid.h), and
// the edits the lab makes to them (cells, polygon obstacles). Pure.
#include <string>
#include <vector>

#include "core/result.h"
#include "game/lab_layer.h"

namespace racer {

/// Tracks are coarsened until neither side exceeds this many cells (a 0.5 m cost grid of a
/// 600 m track would be 1200 cells across: too many to see or to search interactively).
constexpr int kLabMaxTrackSide = 512;

/// The built-in map: 64 x 40 cells of rooms and corridors, 8-connected.
LabMap builtin_lab_map();
/// A MovingAI `.map` (by its extension) or a track `.json` (anything else). A track's grid
/// is flipped so north is up (row 0 is the northern edge) and coarsened by the smallest whole
/// factor k that keeps both sides <= kLabMaxTrackSide: a coarse cell is passable when all
/// its k x k cells are (walls never vanish), its multiplier their mean.
Result<LabMap> load_lab_map(const std::string& path);

/// The cells whose centres lie inside `polygon` (cell units), within the grid.
std::vector<GridCell> polygon_cells(const SearchGrid& grid, const Polygon& polygon);

/// A start and a goal far apart on `grid`: the passable cell nearest to 15% of the way from
/// the top-left corner, and the cell reachable from it nearest to 85% of the way (so a path
/// exists). Both (0, 0) on a grid without passable cells.
LabQuery default_lab_query(const SearchGrid& grid);

}  // namespace racer
