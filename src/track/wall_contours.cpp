// Track build phase: the walls. They are not offset curves (those loop on themselves
// inside hairpins) but the boundary of the drivable raster (surface_raster.cpp), traced by
// marching squares and simplified by Douglas-Peucker, so any geometry gives clean loops:
// the outer loop keeps cars in, islands (infields) keep them out. Loops are sorted outer
// first, then by size, so the order is deterministic.
// Sections: 1. polygon helpers (area, Douglas-Peucker)  2. marching squares
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "track/track_build.h"

namespace racer {

using namespace track_build;

namespace {

// ---------------------------------------------------------------- 1. polygon helpers


constexpr double kWallTolerance = 0.1;     // m, Douglas-Peucker tolerance of the walls
constexpr double kMinWallArea = 1.0;       // m^2: smaller contour loops are raster noise

double signed_area(const std::vector<Vec2>& loop) {
  double a = 0.0;
  for (std::size_t i = 0, n = loop.size(); i < n; ++i) a += cross(loop[i], loop[(i + 1) % n]);
  return 0.5 * a;
}

// Douglas-Peucker of an open polyline [first, last] (inclusive), keeping marked points.
void simplify_range(const std::vector<Vec2>& pts, std::size_t first, std::size_t last,
                    double tolerance, std::vector<char>& keep) {
  std::vector<std::pair<std::size_t, std::size_t>> stack{{first, last}};
  while (!stack.empty()) {
    const auto [a, b] = stack.back();
    stack.pop_back();
    double worst = 0.0;
    std::size_t at = a;
    for (std::size_t i = a + 1; i < b; ++i) {
      const double d = distance_to_segment(pts[i], pts[a], pts[b]);
      if (d > worst) {
        worst = d;
        at = i;
      }
    }
    if (worst > tolerance) {
      keep[at] = 1;
      stack.push_back({a, at});
      stack.push_back({at, b});
    }
  }
}

std::vector<Vec2> simplify_loop(const std::vector<Vec2>& loop, double tolerance) {
  const std::size_t n = loop.size();
  if (n < 8) return loop;
  std::size_t far = 0;
  double far_d = -1.0;
  for (std::size_t i = 1; i < n; ++i) {
    const double d = length_squared(loop[i] - loop[0]);
    if (d > far_d) {
      far_d = d;
      far = i;
    }
  }
  std::vector<Vec2> closed = loop;
  closed.push_back(loop[0]);
  std::vector<char> keep(closed.size(), 0);
  keep[0] = keep[far] = 1;
  simplify_range(closed, 0, far, tolerance, keep);
  simplify_range(closed, far, n, tolerance, keep);
  std::vector<Vec2> out;
  for (std::size_t i = 0; i < n; ++i)
    if (keep[i]) out.push_back(loop[i]);
  return out;
}

}  // namespace

// ---------------------------------------------------------------- 2. marching squares

// Marching squares over the cell centres of f = (distance to the road edge) - runoff,
// inside where f < 0. Every contour segment is oriented with the drivable side on its
// left, so outer boundaries run counter-clockwise and islands clockwise.
void TrackBuilder::extract_walls() {
  if (!spec().walls.automatic) return;
  const int W = track_->raster_w_, H = track_->raster_h_;
  const auto runoff = static_cast<float>(spec().runoff.width);
  auto value = [&](int x, int y) {
    // Drivable exactly where classify_cells says so (e <= runoff); never exactly 0, so
    // crossings fall strictly inside square edges.
    const RoadCell rc = road_.get(x, y);
    const float f = rc.owner < 0 ? 1e6f : rc.edge - runoff;
    return (cell_flags(x, y) & kCellOutside) ? std::max(f, 1e-6f) : std::min(f, -1e-6f);
  };
  auto edge_id = [&](int x, int y, bool vertical) {
    return (static_cast<std::int64_t>(y) * W + x) * 2 + (vertical ? 1 : 0);
  };
  struct Piece {
    std::int64_t to;
    Vec2 start;
  };
  std::unordered_map<std::int64_t, Piece> next;
  next.reserve(1 << 16);
  // Only squares that touch a stored tile of the raster are visited (the other tiles are
  // all beyond the walls), row by row and left to right as over the whole raster, so the
  // pieces are linked in the same order. Fast reject on the flags (drivable = not outside,
  // the same test as f < 0); the values are read only on squares the contour passes through.
  const TiledRaster<std::uint8_t>& cells = track_->cells_;
  constexpr int kShift = TiledRaster<std::uint8_t>::kShift, kSide = TiledRaster<std::uint8_t>::kSide;
  std::vector<int> active;  // tile columns stored in tile row ty0 or ty1
  int active_rows = -1;     // ty0 * tiles_h + ty1 of `active`
  for (int y = 0; y + 1 < H; ++y) {
    const int ty0 = y >> kShift, ty1 = std::min((y + 1) >> kShift, cells.tiles_h() - 1);
    if (ty0 * cells.tiles_h() + ty1 != active_rows) {
      active_rows = ty0 * cells.tiles_h() + ty1;
      active.clear();
      for (int tx = 0; tx < cells.tiles_w(); ++tx)
        if (cells.tile_stored(tx, ty0) || cells.tile_stored(tx, ty1)) active.push_back(tx);
    }
    int x = 0;  // the next square to visit
    for (const int tx : active)
    for (x = std::max(x, tx * kSide - 1); x < std::min(W - 1, (tx + 1) * kSide); ++x) {
      const int out = (cell_flags(x, y) & kCellOutside) + (cell_flags(x + 1, y) & kCellOutside) +
                      (cell_flags(x, y + 1) & kCellOutside) + (cell_flags(x + 1, y + 1) & kCellOutside);
      if (out == 0 || out == 4 * kCellOutside) continue;
      const float f[4] = {value(x, y), value(x + 1, y), value(x + 1, y + 1), value(x, y + 1)};
      const Vec2 corner[4] = {cell_centre(x, y), cell_centre(x + 1, y), cell_centre(x + 1, y + 1), cell_centre(x, y + 1)};
      // Edge e joins corners e and e + 1.
      const std::int64_t ids[4] = {edge_id(x, y, false), edge_id(x + 1, y, true), edge_id(x, y + 1, false), edge_id(x, y, true)};
      auto crossing = [&](int e) {
        const int p = e, q = (e + 1) % 4;
        const double t = f[p] / (f[p] - f[q]);
        return corner[p] + (corner[q] - corner[p]) * t;
      };
      auto emit = [&](int e0, int e1) {
        Vec2 a = crossing(e0), b = crossing(e1);
        std::int64_t from = ids[e0], to = ids[e1];
        // Test corner: the one both edges share, else any drivable corner.
        int test = -1;
        for (int c = 0; c < 4; ++c) {
          const bool on0 = c == e0 || c == (e0 + 1) % 4, on1 = c == e1 || c == (e1 + 1) % 4;
          if (on0 && on1) test = c;
        }
        bool want_left = true;
        if (test < 0) {
          for (int c = 0; c < 4 && test < 0; ++c)
            if (f[c] < 0) test = c;
        } else {
          want_left = f[test] < 0;
        }
        if ((cross(b - a, corner[test] - a) > 0.0) != want_left) {
          std::swap(a, b);
          std::swap(from, to);
        }
        next[from] = {to, a};
      };
      int cut[4], cuts = 0;
      for (int e = 0; e < 4; ++e)
        if ((f[e] < 0) != (f[(e + 1) % 4] < 0)) cut[cuts++] = e;
      if (cuts == 0) continue;
      if (cuts == 2) {
        emit(cut[0], cut[1]);
      } else {
        // Saddle: the centre decides which diagonal pair is connected.
        const bool centre_in = (f[0] + f[1] + f[2] + f[3]) < 0.0f;
        const bool c0_in = f[0] < 0;
        if (centre_in == c0_in) {  // cut off corners 1 and 3
          emit(0, 1);
          emit(2, 3);
        } else {  // cut off corners 0 and 2
          emit(3, 0);
          emit(1, 2);
        }
      }
    }
  }
  // Link pieces into loops.
  while (!next.empty()) {
    const std::int64_t first = next.begin()->first;
    std::vector<Vec2> loop;
    std::int64_t at = first;
    while (true) {
      const auto it = next.find(at);
      if (it == next.end()) break;  // cannot happen on a closed raster border; be safe
      loop.push_back(it->second.start);
      at = it->second.to;
      next.erase(it);
      if (at == first) break;
    }
    if (loop.size() < 3) continue;
    const double area = signed_area(loop);
    if (std::abs(area) < kMinWallArea) continue;
    track_->walls_.push_back({simplify_loop(loop, kWallTolerance), area > 0.0});
  }
  // Deterministic order: outer loops first, then by size.
  std::stable_sort(track_->walls_.begin(), track_->walls_.end(), [](const WallLoop& p, const WallLoop& q) {
    if (p.keep_inside != q.keep_inside) return p.keep_inside;
    return std::abs(signed_area(p.points)) > std::abs(signed_area(q.points));
  });
}

}  // namespace racer
