// The lab's maps: built-in, MovingAI, tracks; polygon rasterising; default endpoints.
#include "game/lab_map.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>

#include "ai/route_grid.h"
#include "plan/movingai.h"
#include "track/track.h"

namespace racer {
namespace {

// Rooms joined by doors, a few pillars: A* and the decompositions disagree here visibly.
constexpr const char* kBuiltin[] = {
    "################################################################",
    "#..............#...................#...........................#",
    "#..............#...................#...........................#",
    "#..............#...................#...........................#",
    "#..............#.......####........#.........######............#",
    "#..............#.......####........#.........######............#",
    "#.......................###....................................#",
    "#..............#...................#...........................#",
    "#..............#...................#...........................#",
    "#..............#...................#.............#.............#",
    "#..............#...................#.............#.............#",
    "#######..#######...................#.............#.............#",
    "#..............#...................#.............#.............#",
    "#..............#############..######.............#.............#",
    "#..............#...................#.............#.............#",
    "#..............#...................#.............#.............#",
    "#..................................#.............#.............#",
    "#..............#...................#.............#.............#",
    "#..............#........##.........#######...####..............#",
    "#..............#........##.........#...........................#",
    "#..............#...................#...........................#",
    "#######..#######...................#...........................#",
    "#..............#...................#...........######..........#",
    "#..............#####...#############...........#...............#",
    "#..............#...................#...........#...............#",
    "#..............#...................#...........#...............#",
    "#..................................#...........#...............#",
    "#..............#...................#...........#....#######....#",
    "#..............#.....#######.......#...........#...............#",
    "#..............#.....#.............#...........#...............#",
    "#..............#.....#.............................#...........#",
    "#..............#.....#.............#...............#...........#",
    "#..............#.....#.............#...............#...........#",
    "#......#########.....#.............#...............#...........#",
    "#..............#.....#.............#...............#...........#",
    "#..............#...................#...............#...........#",
    "#..............#...................#...............#...........#",
    "#..............#...................#...............#...........#",
    "#..............#...................#...............#...........#",
    "################################################################",
};

bool ends_with(const std::string& s, const char* tail) {
  const std::size_t n = std::char_traits<char>::length(tail);
  return s.size() >= n && s.compare(s.size() - n, n, tail) == 0;
}

std::string base_name(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The track's route grid, north up, coarsened by k.
// The track's cost grid flipped (row 0 of the lab is the northern edge) and coarsened by k,
// each fine cell costed as make_route_grid would (passable: drivable and clear enough; its
// multiplier stored as a float), read straight from the sparse cost grid so that no
// dense fine grid over the whole bounding box is made.
SearchGrid coarse_track_grid(const CostGrid& cost, const RouteCosts& costs, int k) {
  const int w = (cost.width() + k - 1) / k, h = (cost.height() + k - 1) / k;
  SearchGrid out(w, h, Connectivity::eight);
  for (int cy = 0; cy < h; ++cy)
    for (int cx = 0; cx < w; ++cx) {
      bool passable = true;
      double sum = 0.0;
      int n = 0;
      for (int dy = 0; dy < k && passable; ++dy)
        for (int dx = 0; dx < k && passable; ++dx) {
          const int fx = cx * k + dx, fy_up = cy * k + dy;
          const int fy = cost.height() - 1 - fy_up;
          const double clear = static_cast<double>(cost.clearance(fx, fy));
          if (!(cost.drivable(fx, fy) && clear >= costs.min_clearance_m)) {
            passable = false;
            break;
          }
          sum += static_cast<double>(static_cast<float>(costs.multiplier(clear, static_cast<double>(cost.surface_cost(fx, fy)))));
          ++n;
        }
      if (!passable) out.set_passable(cx, cy, false);
      else if (n > 0 && sum / n > 1.0) out.set_cost(cx, cy, static_cast<float>(sum / n));
    }
  return out;
}

GridCell nearest_passable(const SearchGrid& g, double fx, double fy) {
  GridCell best{0, 0};
  double best_d = std::numeric_limits<double>::infinity();
  const double tx = fx * g.width(), ty = fy * g.height();
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      if (g.passable(x, y)) {
        const double d = std::hypot(x - tx, y - ty);
        if (d < best_d) {
          best_d = d;
          best = {x, y};
        }
      }
  return best;
}

}  // namespace

LabMap builtin_lab_map() {
  constexpr int h = static_cast<int>(std::size(kBuiltin));
  const int w = static_cast<int>(std::char_traits<char>::length(kBuiltin[0]));
  LabMap map;
  map.name = "built-in rooms";
  map.grid = SearchGrid(w, h, Connectivity::eight);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (kBuiltin[y][x] == '#') map.grid.set_passable(x, y, false);
  return map;
}

Result<LabMap> load_lab_map(const std::string& path) {
  LabMap map;
  map.name = base_name(path);
  if (ends_with(path, ".map")) {
    Result<SearchGrid> grid = load_movingai_map(path);
    if (!grid) return grid.errors();
    map.grid = std::move(grid.value());
    return map;
  }
  auto track = Track::load(path);
  if (!track) return track.errors();
  const CostGrid& cost = track.value()->cost_grid();
  const int side = std::max(cost.width(), cost.height());
  const int k = std::max(1, (side + kLabMaxTrackSide - 1) / kLabMaxTrackSide);
  map.grid = coarse_track_grid(cost, RouteCosts{}, k);
  map.metres_per_cell = cost.cell_size() * k;
  map.name = track.value()->spec().name;
  return map;
}

std::vector<GridCell> polygon_cells(const SearchGrid& grid, const Polygon& polygon) {
  std::vector<GridCell> out;
  if (polygon.size() < 3) return out;
  double x0 = polygon.vertices[0].x, x1 = x0, y0 = polygon.vertices[0].y, y1 = y0;
  for (const Vec2& v : polygon.vertices) {
    x0 = std::min(x0, v.x), x1 = std::max(x1, v.x);
    y0 = std::min(y0, v.y), y1 = std::max(y1, v.y);
  }
  const Polygon ccw = counter_clockwise(polygon);
  const int cx0 = std::max(0, static_cast<int>(std::floor(x0))), cx1 = std::min(grid.width() - 1, static_cast<int>(std::floor(x1)));
  const int cy0 = std::max(0, static_cast<int>(std::floor(y0))), cy1 = std::min(grid.height() - 1, static_cast<int>(std::floor(y1)));
  for (int y = cy0; y <= cy1; ++y)
    for (int x = cx0; x <= cx1; ++x)
      if (contains(ccw, {x + 0.5, y + 0.5})) out.push_back({x, y});
  return out;
}

LabQuery default_lab_query(const SearchGrid& g) {
  LabQuery q;
  if (g.width() == 0 || g.height() == 0) return q;
  q.start = nearest_passable(g, 0.15, 0.15);
  q.goal = q.start;
  if (!g.passable(q.start.x, q.start.y)) return q;
  // Breadth-first over the cells reachable from the start; keep the one nearest the target.
  const double tx = 0.85 * g.width(), ty = 0.85 * g.height();
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(g.width()) * static_cast<std::size_t>(g.height()), 0);
  std::deque<GridCell> queue{q.start};
  seen[g.index(q.start.x, q.start.y)] = 1;
  double best = std::hypot(q.start.x - tx, q.start.y - ty);
  GridMove moves[8];
  while (!queue.empty()) {
    const GridCell c = queue.front();
    queue.pop_front();
    if (const double d = std::hypot(c.x - tx, c.y - ty); d < best) {
      best = d;
      q.goal = c;
    }
    const int n = grid_moves(g, c, moves);
    for (int i = 0; i < n; ++i) {
      const std::size_t k = g.index(moves[i].to.x, moves[i].to.y);
      if (seen[k] == 0) {
        seen[k] = 1;
        queue.push_back(moves[i].to);
      }
    }
  }
  return q;
}

}  // namespace racer
