#pragma once
// Visibility graph (seed 001, "optimal planning: the visibility graph"): the shortest path
// of a point robot among polygons runs straight from the start through convex obstacle
// corners to the goal, so a graph of the corners that see each other, searched with A*,
// finds it. A disc robot of radius r is a point among the obstacles grown by r
// (configuration space, plan/convex.h).
//
// Sections: VisibilityOptions · VisibilityPath · VisibilityGraph (build, query).
//
// - Obstacles: each polygon cut into convex pieces, each piece grown by r + push as the
//   outer polygon of plan/convex.h's grown_convex (`arc_segments` tangent pieces per
//   corner; for r = 0 one vertex per corner); a disc as its circumscribed polygon of
//   radius rd + r + push. `push` (tiny, > 0) moves the corners off the true grown boundary
//   so paths never graze it: every path point keeps a distance > r from every obstacle.
// - Blocked: deeper than push / 2 inside a grown piece. A segment is visible when it
//   crosses no grown piece deeper than push / 2 (running along an edge or through a
//   corner is allowed).
// - Nodes: the grown pieces' corners (all convex in their piece) that lie in no other
//   piece: the union's convex corners, where shortest paths bend.
// - Build: every pair of nodes against every piece, box-rejected: O(V^2 P n) for V nodes,
//   P pieces of n corners (brute force, no rotational sweep). Query: the start and the goal
//   are joined to the nodes they see (O(V P n)) and A* (Euclidean heuristic, consistent)
//   runs over the static graph plus those edges; the graph itself is never changed, so one
//   graph answers any number of queries (multi-query reuse).
// - Lengths are optimal among paths that keep outside the grown polygons, which exceed the
//   true grown obstacles by r (1 / cos(step / 2) - 1) + push at most.
#include <cstdint>
#include <utility>
#include <vector>

#include "core/vec2.h"
#include "plan/convex.h"
#include "plan/node_astar.h"
#include "plan/shapes.h"

namespace racer {

struct VisibilityOptions {
  double robot_radius = 0.0;  ///< r (scene units), >= 0: obstacles grown by it
  int arc_segments = 4;       ///< tangent pieces per grown corner when r > 0, >= 1
  int disc_sides = 16;        ///< sides of a disc obstacle's polygon, >= 3
  double push = 1e-7;         ///< scene units, > 0: corners moved off the grown boundary
};

struct VisibilityPath {
  bool found = false;
  std::vector<Vec2> points;  ///< start, corners, goal (empty when not found)
  double length = 0.0;       ///< sum of the segments' lengths
  int expanded = 0;          ///< A* nodes closed (start and goal included)
};

class VisibilityGraph {
 public:
  explicit VisibilityGraph(const Scene& scene, VisibilityOptions options = {});

  /// Shortest path from start to goal; not found when either is blocked or they are not
  /// connected. Leaves the graph as it was (the per-query edges live in the query).
  VisibilityPath query(Vec2 start, Vec2 goal);

  /// Whether p is blocked (deeper than push / 2 inside a grown obstacle).
  bool blocked(Vec2 p) const;
  /// Whether the segment a-b crosses no grown obstacle.
  bool visible(Vec2 a, Vec2 b) const;

  /// The grown convex obstacles the robot's reference point must avoid.
  const std::vector<Polygon>& obstacles() const { return grown_; }
  const std::vector<Vec2>& nodes() const { return nodes_; }
  /// Each visible pair (i < j) once, for drawing.
  const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges() const { return edges_; }
  const VisibilityOptions& options() const { return options_; }

 private:
  struct Arc {
    std::uint32_t to;
    double cost;
  };

  VisibilityOptions options_;
  std::vector<Polygon> grown_;
  std::vector<Aabb> boxes_;
  std::vector<Vec2> nodes_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges_;
  std::vector<std::uint32_t> first_;  ///< CSR: node i's arcs are arcs_[first_[i] .. first_[i+1])
  std::vector<Arc> arcs_;
  NodeAstar search_;
  std::vector<double> to_goal_;  ///< per query: cost of the straight goal edge, or < 0
};

}  // namespace racer
