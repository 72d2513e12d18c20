#pragma once
// Navigation mesh of a grid (seed 002 slide 7, "konvexní polygony (NavMesh)"; seed 001 on
// nav meshes): the passable cells cut into convex polygons, A* over the portals between
// them, then the funnel algorithm (string pulling) for the shortest path through the
// chosen corridor.
//
// Sections: NavMesh (rectangles, portals, components) · NavMeshPlanner ("navmesh").
//
// - Polygons: rectangles of passable cells, grown greedily in row-major order: from the
//   first unassigned passable cell, as wide as the row allows, then as tall as every row
//   below allows. A convex polygon made of whole cells is a rectangle (its boundary is
//   rectilinear), so merging could only give fewer rectangles, not other shapes; the greedy
//   cut is not the minimum one.
// - Portals: the shared edges (positive length) of two rectangles. A* runs over portal
//   crossings (a portal entered into one of its two rectangles), Euclidean heuristic; start
//   and goal join the portals of their rectangle. A crossing's point is where the path
//   found to it crosses: the point of the portal nearest to the previous crossing's point
//   (midpoints would make long thin rectangles look like detours). Costs then depend on the
//   path, so A* is a heuristic search here: the corridor it picks is good, not optimal.
// - The funnel works in cell centres: a portal over cells lo..hi-1 becomes two segments, the
//   centres of the cells on each side of it. Every piece of the pulled string then lies in a
//   convex box of passable cells (a rectangle's cell centres, or the two cell rows of a
//   portal), so it touches no blocked cell (plan/waypoint_path.h), and its corners are cell
//   centres. The path is the shortest in the corridor A* chose, not in the whole grid.
// - As the quadtree planners (plan/quadtree.h): found exactly when the grid search finds a
//   path, cost multipliers ignored while planning and applied to the returned walk, bound()
//   0, waypoints() any-angle (can be shorter than the 8-connected optimum), the mesh kept
//   while grid.revision() stays.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/vec2.h"
#include "plan/grid.h"
#include "plan/node_astar.h"
#include "plan/planner.h"
#include "plan/waypoint_path.h"

namespace racer {

/// A rectangle of passable cells: [x, x + w) x [y, y + h).
struct NavRect {
  int x = 0, y = 0, w = 1, h = 1;
};

/// The edge shared by rectangles a and b: on the line x = at (vertical; a's cells left of
/// it, in column at - 1) or y = at (a's cells above it, row at - 1), over the cells lo .. hi-1
/// along that line.
struct NavPortal {
  std::uint32_t a = 0, b = 0;
  bool vertical = true;
  int at = 0, lo = 0, hi = 1;
  /// The point of the portal's line nearest to p along it, kept half a cell from its ends
  /// (where the pulled string can cross), in cell coordinates.
  Vec2 crossing_near(Vec2 p) const {
    const auto clamp = [&](double v) { return v < lo + 0.5 ? lo + 0.5 : (v > hi - 0.5 ? hi - 0.5 : v); };
    return vertical ? Vec2{static_cast<double>(at), clamp(p.y)} : Vec2{clamp(p.x), static_cast<double>(at)};
  }
};

class NavMesh {
 public:
  static constexpr std::uint32_t kNone = 0xffffffffu;

  /// Builds the mesh of `grid` (O(cells)).
  void build(const SearchGrid& grid);

  const std::vector<NavRect>& rects() const { return rects_; }
  const std::vector<NavPortal>& portals() const { return portals_; }
  /// The rectangle holding cell (x, y) (in bounds), kNone for a blocked cell.
  std::uint32_t rect_at(int x, int y) const { return rect_of_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)]; }
  /// The portals of a rectangle (indices into portals(), ascending).
  std::span<const std::uint32_t> portals_of(std::uint32_t rect) const {
    return {portal_list_.data() + portal_start_[rect], portal_list_.data() + portal_start_[rect + 1]};
  }
  /// Connected component of a rectangle (through portals).
  std::uint32_t component(std::uint32_t rect) const { return component_[rect]; }
  std::uint64_t revision() const { return revision_; }
  bool built() const { return built_; }

 private:
  int width_ = 0, height_ = 0;
  std::uint64_t revision_ = 0;
  bool built_ = false;
  std::vector<NavRect> rects_;
  std::vector<NavPortal> portals_;
  std::vector<std::uint32_t> rect_of_;       // per cell, row-major
  std::vector<std::uint32_t> portal_start_;  // per rectangle, into portal_list_ (CSR)
  std::vector<std::uint32_t> portal_list_;
  std::vector<std::uint32_t> component_;
};

/// "navmesh": A* over the mesh's portals, then the funnel through the corridor found.
class NavMeshPlanner final : public GridPlanner {
 public:
  std::string_view name() const override { return "navmesh"; }
  double bound() const override { return 0.0; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

  const NavMesh& mesh() const { return mesh_; }
  /// The last answer's pulled string (start centre ... goal centre); empty unless found.
  const std::vector<Vec2>& waypoints() const { return waypoints_; }
  double waypoint_length() const { return polyline_length(waypoints_); }
  /// Answers whose pulled string failed the clearance test and fell back to the gates'
  /// midpoints (expected to stay 0; the tests check it).
  long string_fallbacks() const { return string_fallbacks_; }

 private:
  struct Gate {  // one side of a portal as the funnel sees it, seen along the travel
    Vec2 left, right;
  };
  void pull_string(const SearchGrid& grid);  // gates_ -> waypoints_

  NavMesh mesh_;
  NodeAstar astar_;
  WaypointWalker walker_;
  std::vector<Vec2> point_;  // per A* node: where the best path found crosses the portal
  std::vector<Gate> gates_;
  std::vector<Vec2> waypoints_;
  SearchResult result_;
  long string_fallbacks_ = 0;
};

}  // namespace racer
