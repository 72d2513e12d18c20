#pragma once
// How the AI turns a track's CostGrid into a grid for the planners of src/plan: which cells
// a car may drive through and what each costs (clearance from the walls, surface).
#include "plan/grid.h"

namespace racer {

class CostGrid;

/// How a track's CostGrid is costed for routing. Multiplier of a drivable cell:
///   surface_cost (if use_surface) * (1 + clearance_penalty * max(0, 1 - clearance / margin))
/// so a cell touching a wall costs (1 + clearance_penalty) times a cell at least
/// `clearance_margin_m` from any wall, fading linearly in between. Cells with less than
/// `min_clearance_m` (e.g. half the car's width) are impassable. The CostGrid's clearance
/// field must have been computed (CostGrid::compute_clearance).
struct RouteCosts {
  double clearance_margin_m = 2.0;  ///< m, > 0: closer than this to a wall costs extra
  double clearance_penalty = 3.0;   ///< >= 0: extra multiplier at zero clearance
  double min_clearance_m = 0.0;     ///< m, >= 0: cells with less clearance are blocked
  bool use_surface = true;          ///< multiply by the cell's surface cost (>= 1)

  /// The multiplier of a cell with this clearance (m) and surface cost (>= 1).
  double multiplier(double clearance_m, double surface_cost) const;
};

/// Fills `out` with the CostGrid costed by `costs` (passable = drivable and clear enough),
/// 8-connected: for many searches on an unchanging track, or to add temporary blockers
/// (a stopped car) before searching. `out` is dense over the whole grid (a track's
/// bounding box, however sparse its CostGrid): for small grids; on a track, search a
/// window (below) round the cars, as the AI does.
void make_route_grid(const CostGrid& grid, const RouteCosts& costs, SearchGrid& out);

/// The same for the window of cells x0..x1, y0..y1 (inclusive, inside the grid): cell
/// (x, y) of the CostGrid is cell (x - x0, y - y0) of `out`. Blocked cells keep multiplier 1;
/// with no clearance penalty and no surface costs every cell does, and `out` stays uniform
/// (SearchGrid::uniform_cost(), what JPS needs).
void make_route_window(const CostGrid& grid, const RouteCosts& costs, int x0, int y0, int x1, int y1, SearchGrid& out);

}  // namespace racer
