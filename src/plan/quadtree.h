#pragma once
// Quadtree decompositions of a grid (seed 002, slides 33-34), searched with A*.
//
// Sections: Quadtree (the region quadtree: leaves, adjacency, components) ·
// QuadtreePlanner ("quadtree": A* between leaf centres) · FramedQuadtreePlanner
// ("framed_quadtree": A* between the border cells of the leaves, Chen, Szczerba & Uhran 1995).
//
// What both planners promise and what they do not:
// - They answer found exactly when the 8-connected grid search would (start and goal in one
//   component; unreachable and blocked_endpoint as GridSearch), and the path they return is
//   legal: a walk of grid moves (plan/waypoint_path.h) along straight segments that touch no
//   blocked cell. Its cost is not optimal: bound() is 0.
// - The decomposition sees only passable / blocked: cost multipliers are ignored while
//   planning (a track's cost grid would split every leaf down to single cells) and applied
//   only to the returned walk's cost. Hex grids are treated as square cells.
// - waypoints() is the planner's own path, straight segments between points in cell
//   coordinates (cell (x, y) spans [x, x+1] x [y, y+1]); its length waypoint_length() can be
//   shorter than the 8-connected optimum (segments at any angle) or longer (detours through
//   leaf centres). SearchResult::length is the length of the walk of moves that follows the
//   waypoints, never shorter than the optimum.
// - The decomposition is built on the first plan() and kept while grid.revision() stays.
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

/// A square of the quadtree: cells [x, x + size) x [y, y + size), all passable or all blocked
/// (cells outside the grid count as blocked).
struct QuadLeaf {
  int x = 0;
  int y = 0;
  int size = 1;
  bool free = false;
  /// The square's centre in cell coordinates.
  Vec2 centre() const { return {x + 0.5 * size, y + 0.5 * size}; }
};

/// A region quadtree over a grid's passability: the grid padded with blocked cells to a
/// square of side 2^k, split into quadrants until each square is uniform.
class Quadtree {
 public:
  static constexpr std::uint32_t kNone = 0xffffffffu;

  /// Builds the tree of `grid` (O(cells): prefix sums answer each square's uniformity).
  void build(const SearchGrid& grid);

  /// Side of the padded square, a power of two (0 for an empty grid).
  int side() const { return side_; }
  /// Every leaf, free and blocked, in depth-first order (quadrants NW, NE, SW, SE).
  const std::vector<QuadLeaf>& leaves() const { return leaves_; }
  std::size_t free_leaf_count() const { return free_count_; }
  /// The leaf holding cell (x, y), which must be in bounds.
  std::uint32_t leaf_at(int x, int y) const { return leaf_of_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)]; }
  /// The free leaves that share an edge of positive length with `leaf` (ascending; empty for
  /// a blocked leaf). Free leaves touching only at a corner are not neighbours: on a grid
  /// without corner cutting they are joined through the leaves beside that corner.
  std::span<const std::uint32_t> neighbours(std::uint32_t leaf) const {
    return {adjacency_.data() + adjacency_start_[leaf], adjacency_.data() + adjacency_start_[leaf + 1]};
  }
  /// Connected component of a free leaf (over neighbours()); kNone for a blocked leaf.
  std::uint32_t component(std::uint32_t leaf) const { return component_[leaf]; }
  /// Revision of the grid the tree was built from.
  std::uint64_t revision() const { return revision_; }
  bool built() const { return built_; }

 private:
  int width_ = 0, height_ = 0, side_ = 0;
  std::uint64_t revision_ = 0;
  bool built_ = false;
  std::size_t free_count_ = 0;
  std::vector<QuadLeaf> leaves_;
  std::vector<std::uint32_t> leaf_of_;          // per cell, row-major
  std::vector<std::uint32_t> adjacency_start_;  // per leaf, into adjacency_ (CSR)
  std::vector<std::uint32_t> adjacency_;
  std::vector<std::uint32_t> component_;
};

/// "quadtree": A* over the free leaves, edges between neighbouring leaves' centres, cost the
/// Euclidean distance. The path runs start -> centre of its leaf -> ... -> centre of the
/// goal's leaf -> goal (straight when both share a leaf); the segment between the centres of
/// two neighbouring squares always crosses their shared edge, so it is clear.
class QuadtreePlanner final : public GridPlanner {
 public:
  std::string_view name() const override { return "quadtree"; }
  double bound() const override { return 0.0; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

  const Quadtree& tree() const { return tree_; }
  /// The last answer's waypoints (start centre ... goal centre); empty unless found.
  const std::vector<Vec2>& waypoints() const { return waypoints_; }
  double waypoint_length() const { return polyline_length(waypoints_); }

 private:
  Quadtree tree_;
  NodeAstar astar_;
  WaypointWalker walker_;
  std::vector<Vec2> waypoints_;
  SearchResult result_;
};

/// "framed_quadtree": every free leaf is framed by its border cells (the leaf's cells on its
/// perimeter), and those are the nodes: A* goes from a border cell straight to any other
/// border cell of the same leaf (the leaf is convex, Euclidean cost) or one grid move into a
/// neighbouring leaf. Start and goal join their leaf's border cells. Paths cross leaves at
/// any border cell, so they stay close to the 8-connected optimum, and inside large leaves
/// run at any angle (shorter than it); the cost is memory: one node per border cell.
class FramedQuadtreePlanner final : public GridPlanner {
 public:
  std::string_view name() const override { return "framed_quadtree"; }
  double bound() const override { return 0.0; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

  const Quadtree& tree() const { return tree_; }
  /// Border cells (row-major cell indices) of a leaf: empty for a blocked leaf.
  std::span<const std::uint32_t> border(std::uint32_t leaf) const {
    return {border_.data() + border_start_[leaf], border_.data() + border_start_[leaf + 1]};
  }
  /// Number of border cells of all free leaves: the graph's nodes.
  std::size_t border_cell_count() const { return border_.size(); }
  const std::vector<Vec2>& waypoints() const { return waypoints_; }
  double waypoint_length() const { return polyline_length(waypoints_); }

 private:
  void prepare(const SearchGrid& grid);

  Quadtree tree_;
  std::vector<std::uint32_t> border_start_;  // per leaf, into border_ (CSR)
  std::vector<std::uint32_t> border_;
  NodeAstar astar_;
  WaypointWalker walker_;
  std::vector<Vec2> waypoints_;
  SearchResult result_;
};

}  // namespace racer
