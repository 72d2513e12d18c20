// Waypoint paths: the exact clearance test of a segment and the walk of cells along a path.
// Both work in integers of half cells ("doubled" coordinates): cell (i, j) is then the square
// [2i, 2i+2] x [2j, 2j+2] and every waypoint has integer coordinates.
#include "plan/waypoint_path.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdlib>

namespace racer {
namespace {

constexpr double kSqrt2 = 1.41421356237309504880;

using I64 = std::int64_t;

I64 doubled(double v) {
  const double d = 2.0 * v;
  const I64 n = std::llround(d);
  assert(static_cast<double>(n) == d && "waypoint coordinates must be multiples of 0.5");
  return n;
}

// floor(a / b) and ceil(a / b) for b > 0.
I64 floor_div(I64 a, I64 b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
I64 ceil_div(I64 a, I64 b) { return -floor_div(-a, b); }

int sign(I64 v) { return (v > 0) - (v < 0); }

// The cell index (column or row) holding the points just after doubled coordinate v when
// moving in direction dir: v inside a cell, or on a cell boundary and leaving it.
int cell_of(I64 v, int dir) {
  if ((v & 1) != 0) return static_cast<int>(floor_div(v, 2));
  return static_cast<int>(dir < 0 ? v / 2 - 1 : v / 2);
}

}  // namespace

bool segment_clear(const SearchGrid& grid, Vec2 a, Vec2 b) {
  I64 px = doubled(a.x), py = doubled(a.y), qx = doubled(b.x), qy = doubled(b.y);
  if (px > qx) {
    std::swap(px, qx);
    std::swap(py, qy);
  }
  const auto rows_clear = [&](I64 column, I64 y_lo, I64 y_hi, I64 den) {
    // Cells of `column` whose closed square meets y in [y_lo / den, y_hi / den] (doubled).
    const I64 j_min = ceil_div(y_lo - 2 * den, 2 * den), j_max = floor_div(y_hi, 2 * den);
    for (I64 j = j_min; j <= j_max; ++j)
      if (!grid.passable(static_cast<int>(column), static_cast<int>(j))) return false;
    return true;
  };
  const I64 dx = qx - px, dy = qy - py;
  const I64 i_min = ceil_div(px - 2, 2), i_max = floor_div(qx, 2);  // columns meeting [px, qx]
  for (I64 i = i_min; i <= i_max; ++i) {
    if (dx == 0) {
      if (!rows_clear(i, std::min(py, qy), std::max(py, qy), 1)) return false;
      continue;
    }
    const I64 x_lo = std::max(px, 2 * i), x_hi = std::min(qx, 2 * i + 2);
    const I64 y_at_lo = py * dx + (x_lo - px) * dy, y_at_hi = py * dx + (x_hi - px) * dy;  // times dx
    if (!rows_clear(i, std::min(y_at_lo, y_at_hi), std::max(y_at_lo, y_at_hi), dx)) return false;
  }
  return true;
}

double polyline_length(const std::vector<Vec2>& points) {
  double sum = 0.0;
  for (std::size_t k = 1; k < points.size(); ++k) sum += length(points[k] - points[k - 1]);
  return sum;
}

void WaypointWalker::push(const SearchGrid& grid, GridCell c) {
  const std::size_t idx = grid.index(c.x, c.y);
  if (stamp_[idx] == generation_) {
    const auto at = static_cast<std::size_t>(position_[idx]);
    if (at < cells_.size() && cells_[at] == c) {  // been here: cut the loop
      cells_.resize(at + 1);
      return;
    }
  }
  stamp_[idx] = generation_;
  position_[idx] = static_cast<std::int32_t>(cells_.size());
  cells_.push_back(c);
}

void WaypointWalker::trace(const SearchGrid& grid, Vec2 a, Vec2 b) {
  const I64 ax = doubled(a.x), ay = doubled(a.y), bx = doubled(b.x), by = doubled(b.y);
  const I64 dx = bx - ax, dy = by - ay;
  const int sx = sign(dx), sy = sign(dy);
  int i = cell_of(ax, sx), j = cell_of(ay, sy);
  const int end_i = cell_of(bx, -sx), end_j = cell_of(by, -sy);
  push(grid, {i, j});
  // Amanatides-Woo traversal with exact crossing times: the next column boundary is crossed
  // at t = |x_b - ax| / |dx|, the next row boundary at |y_b - ay| / |dy|; a tie is a corner,
  // crossed with one diagonal step (the segment touches all four cells there, all passable).
  for (I64 guard = std::abs(dx) + std::abs(dy) + 2; (i != end_i || j != end_j) && guard > 0; --guard) {
    bool step_x = sx != 0, step_y = sy != 0;
    if (step_x && step_y) {
      const I64 tx = std::abs((sx > 0 ? 2 * (i + 1) : 2 * I64{i}) - ax);
      const I64 ty = std::abs((sy > 0 ? 2 * (j + 1) : 2 * I64{j}) - ay);
      const I64 lhs = tx * std::abs(dy), rhs = ty * std::abs(dx);
      step_x = lhs <= rhs;
      step_y = rhs <= lhs;
    }
    if (step_x) i += sx;
    if (step_y) j += sy;
    push(grid, {i, j});
  }
  assert(i == end_i && j == end_j && "WaypointWalker: traversal missed the segment's end");
}

void WaypointWalker::walk(const SearchGrid& grid, const std::vector<Vec2>& points, SearchResult& out) {
  const std::size_t n = static_cast<std::size_t>(grid.width()) * static_cast<std::size_t>(grid.height());
  if (stamp_.size() < n) {
    stamp_.assign(n, 0);
    position_.assign(n, 0);
    generation_ = 0;
  }
  if (++generation_ == 0) {  // wrapped: clear the stamps once
    std::fill(stamp_.begin(), stamp_.end(), 0u);
    generation_ = 1;
  }
  cells_.clear();
  if (points.size() == 1) {
    const I64 x = doubled(points[0].x), y = doubled(points[0].y);
    push(grid, {cell_of(x, 0), cell_of(y, 0)});
  }
  for (std::size_t k = 1; k < points.size(); ++k) {
    assert(segment_clear(grid, points[k - 1], points[k]));
    trace(grid, points[k - 1], points[k]);
  }

  // Join the cells into moves: diagonal shortcuts on eight-connected grids, orthogonal
  // detours round the diagonal steps (taken at corners) on four-connected ones.
  const bool four = grid.connectivity() == Connectivity::four;
  std::vector<GridCell>& path = out.path;
  path.clear();
  for (const GridCell c : cells_) {
    if (!path.empty()) {
      const GridCell a = path.back();
      if (four && a.x != c.x && a.y != c.y) path.push_back(grid.passable(c.x, a.y) ? GridCell{c.x, a.y} : GridCell{a.x, c.y});
      while (!four && path.size() >= 2) {
        const GridCell p = path[path.size() - 2];
        if (std::abs(c.x - p.x) != 1 || std::abs(c.y - p.y) != 1 || !grid.passable(c.x, p.y) || !grid.passable(p.x, c.y)) break;
        path.pop_back();
      }
    }
    path.push_back(c);
  }
  out.cost = 0.0;
  out.length = 0.0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const GridCell a = path[k - 1], b = path[k];
    const bool diagonal = a.x != b.x && a.y != b.y;
    assert(std::abs(a.x - b.x) <= 1 && std::abs(a.y - b.y) <= 1 && grid.passable(b.x, b.y));
    assert(!diagonal || (grid.passable(a.x, b.y) && grid.passable(b.x, a.y)));
    const double len = diagonal ? kSqrt2 : 1.0;
    out.length += len;
    out.cost += move_cost(grid, a, b, len);
  }
  out.status = SearchStatus::found;
}

}  // namespace racer
