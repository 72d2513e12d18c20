// The lab's grid as rectangles, polygons and a frame for the motion planners.
#include "game/lab_scene.h"

#include <algorithm>
#include <map>
#include <utility>

namespace racer {

LabWindow whole_map(const SearchGrid& grid) { return {0, 0, grid.width(), grid.height()}; }

LabWindow lab_window(const SearchGrid& grid, GridCell a, GridCell b, int margin) {
  LabWindow w;
  w.x0 = std::clamp(std::min(a.x, b.x) - margin, 0, grid.width());
  w.y0 = std::clamp(std::min(a.y, b.y) - margin, 0, grid.height());
  w.x1 = std::clamp(std::max(a.x, b.x) + 1 + margin, 0, grid.width());
  w.y1 = std::clamp(std::max(a.y, b.y) + 1 + margin, 0, grid.height());
  return w;
}

bool simple_polygon(const Polygon& p) {
  const int n = p.size();
  if (n < 3) return false;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const bool adjacent = j == i + 1 || (i == 0 && j == n - 1);
      if (!adjacent && intersects(p.edge(i), p.edge(j))) return false;
    }
  return true;
}

LabScene lab_scene(const LabMap& map, const LabWindow& window) {
  LabScene out;
  out.window = window;
  const SearchGrid& g = map.grid;
  // Open rectangles by their run of columns [x0, x1): the row they started in.
  std::map<std::pair<int, int>, int> open;
  auto close = [&](const std::pair<int, int>& run, int top, int bottom) {
    out.scene.polygons.push_back(box({static_cast<double>(run.first), static_cast<double>(top)},
                                     {static_cast<double>(run.second), static_cast<double>(bottom)}));
  };
  for (int y = window.y0; y < window.y1; ++y) {
    std::map<std::pair<int, int>, int> next;
    for (int x = window.x0; x < window.x1;) {
      if (g.passable(x, y)) {
        ++x;
        continue;
      }
      int e = x;
      while (e < window.x1 && !g.passable(e, y)) ++e;
      const std::pair<int, int> run{x, e};
      const auto it = open.find(run);
      if (it != open.end()) {
        next.emplace(run, it->second);
        open.erase(it);
      } else {
        next.emplace(run, y);
      }
      x = e;
    }
    for (const auto& [run, top] : open) close(run, top, y);
    open = std::move(next);
  }
  for (const auto& [run, top] : open) close(run, top, window.y1);
  out.cell_rectangles = static_cast<int>(out.scene.polygons.size());
  // The drawn polygons that meet the window.
  const Polygon frame_box = box({static_cast<double>(window.x0), static_cast<double>(window.y0)},
                                {static_cast<double>(window.x1), static_cast<double>(window.y1)});
  for (const Polygon& p : map.obstacles)
    if (simple_polygon(p) && overlaps(counter_clockwise(p), frame_box)) out.scene.polygons.push_back(counter_clockwise(p));
  // The frame: one cell thick, just outside the window.
  const double x0 = window.x0, y0 = window.y0, x1 = window.x1, y1 = window.y1;
  out.scene.polygons.push_back(box({x0 - 1, y0 - 1}, {x1 + 1, y0}));
  out.scene.polygons.push_back(box({x0 - 1, y1}, {x1 + 1, y1 + 1}));
  out.scene.polygons.push_back(box({x0 - 1, y0}, {x0, y1}));
  out.scene.polygons.push_back(box({x1, y0}, {x1 + 1, y1}));
  return out;
}

}  // namespace racer
