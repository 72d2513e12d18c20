#pragma once
// Waypoint paths on a grid: straight segments between points, as the space decompositions
// (quadtree, framed quadtree, navmesh) answer, with the exact test that a segment keeps clear
// of blocked cells and the walk of cells that follows such a path.
//
// Cell coordinates: cell (x, y) is the closed square [x, x+1] x [y, y+1] (x right, y along the
// rows as in SearchGrid); its centre is (x + 0.5, y + 0.5). The decompositions' waypoints are
// cell centres and cell corners, so every coordinate is a multiple of 0.5; both functions
// below require that (asserted) and compute exactly, in integers of half cells.
//
// Clearance: a segment is clear when it touches no blocked or out-of-bounds cell, not even at
// a corner or along an edge. For the moves of an 8-connected grid this is the no-corner-
// cutting rule (a diagonal move between centres passes through the corner it shares with
// both orthogonal cells), so a path of clear segments is as legal as a grid path.
#include <cstdint>
#include <vector>

#include "core/vec2.h"
#include "plan/grid.h"
#include "plan/grid_search.h"

namespace racer {

/// True when the closed segment a-b touches only passable cells of `grid`. a and b in cell
/// coordinates, multiples of 0.5; a == b tests the cells touching that point.
bool segment_clear(const SearchGrid& grid, Vec2 a, Vec2 b);

/// Sum of the Euclidean lengths of the segments between successive points, in cells.
double polyline_length(const std::vector<Vec2>& points);

/// Turns a path of clear segments into a walk of cells for a SearchResult. Owns scratch
/// arrays (one object per planner).
class WaypointWalker {
 public:
  /// Writes into `out` the walk from the cell of the first point to the cell of the last:
  /// the cells the segments pass through, in order, with loops cut out, then joined into the
  /// grid's moves: four-connected grids get orthogonal steps only; eight (and hex, treated
  /// as square cells) take a diagonal step wherever both orthogonal cells are passable.
  /// Every segment must be clear (segment_clear; asserted cell by cell) and every point a
  /// multiple of 0.5; the first and last point should be cell centres (a corner or edge
  /// point starts in one of the cells touching it). Fills out.path, out.cost and out.length
  /// (the walk's moves, multipliers applied as move_cost) and sets out.status to found.
  void walk(const SearchGrid& grid, const std::vector<Vec2>& points, SearchResult& out);

 private:
  void trace(const SearchGrid& grid, Vec2 a, Vec2 b);  // appends the segment's cells to cells_
  void push(const SearchGrid& grid, GridCell c);       // appends one cell, cutting loops

  std::vector<GridCell> cells_;
  std::vector<std::int32_t> position_;     // per grid cell: index in cells_ (valid if stamped)
  std::vector<std::uint32_t> stamp_;
  std::uint32_t generation_ = 0;
};

}  // namespace racer
