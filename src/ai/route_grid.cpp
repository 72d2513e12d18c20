// RouteCosts and the route grids made from a track's CostGrid.
#include "ai/route_grid.h"

#include <algorithm>

#include "track/cost_grid.h"

namespace racer {

double RouteCosts::multiplier(double clearance_m, double surface_cost) const {
  const double surface = use_surface ? std::max(surface_cost, 1.0) : 1.0;
  double near_wall = 0.0;
  if (clearance_margin_m > 0.0) near_wall = std::max(0.0, 1.0 - clearance_m / clearance_margin_m);
  return surface * (1.0 + std::max(clearance_penalty, 0.0) * near_wall);
}

void make_route_grid(const CostGrid& grid, const RouteCosts& costs, SearchGrid& out) {
  make_route_window(grid, costs, 0, 0, grid.width() - 1, grid.height() - 1, out);
}

void make_route_window(const CostGrid& grid, const RouteCosts& costs, int x0, int y0, int x1, int y1, SearchGrid& out) {
  out = SearchGrid(x1 - x0 + 1, y1 - y0 + 1);
  const bool uniform = costs.clearance_penalty <= 0.0 && !costs.use_surface;  // every multiplier 1: leave the grid uniform
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const double clear = static_cast<double>(grid.clearance(x, y));
      const bool ok = grid.drivable(x, y) && clear >= costs.min_clearance_m;
      out.set_passable(x - x0, y - y0, ok);
      if (ok && !uniform) out.set_cost(x - x0, y - y0, static_cast<float>(costs.multiplier(clear, static_cast<double>(grid.surface_cost(x, y)))));
    }
}

}  // namespace racer
