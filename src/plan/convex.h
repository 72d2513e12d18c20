#pragma once
// Convex geometry for the configuration-space planners (seed 001, "configuration space":
// obstacles inflated by the agent with the Minkowski sum): bounding boxes, the convex hull,
// the Minkowski sum of two convex polygons, a simple polygon cut into convex pieces, a
// convex polygon grown by a disc radius, and the interior tests the C-space and the
// visibility graph ask of convex pieces.
//
// Sections: Aabb · hull and Minkowski sum · convex pieces · growth by a disc ·
// interior tests.
//
// Units are the caller's (metres on a track); polygons follow plan/shapes.h:
// counter-clockwise, at least 3 vertices, no repeated closing vertex.
#include <vector>

#include "core/vec2.h"
#include "plan/shapes.h"

namespace racer {

// --- Aabb -------------------------------------------------------------------------------

/// Axis-aligned bounding box, for quick rejection before exact tests.
struct Aabb {
  Vec2 lo, hi;
  bool contains(Vec2 q) const { return lo.x <= q.x && q.x <= hi.x && lo.y <= q.y && q.y <= hi.y; }
  bool overlaps(const Aabb& o) const { return lo.x <= o.hi.x && o.lo.x <= hi.x && lo.y <= o.hi.y && o.lo.y <= hi.y; }
};
Aabb bounds(const Polygon& p);
/// The box around segment s.
Aabb bounds(const Segment& s);

// --- hull and Minkowski sum ---------------------------------------------------------------

/// Convex hull (Andrew's monotone chain, O(n log n)), counter-clockwise, without collinear
/// or repeated points. Fewer than 3 distinct non-collinear points give fewer vertices.
Polygon convex_hull(std::vector<Vec2> points);
/// The polygon without vertices that lie on the line through their neighbours (or repeat).
Polygon without_collinear(const Polygon& p);
/// Minkowski sum {a + b} of two convex counter-clockwise polygons: the edges of both
/// merged by direction from the lowest vertices, O(n + m). Parallel edges are joined, so
/// the sum has at most n + m vertices and none collinear.
Polygon minkowski_sum(const Polygon& a, const Polygon& b);
/// The point reflection {-v} (still counter-clockwise): a C-space obstacle is
/// obstacle (+) reflected(robot) when the robot's reference point is its origin.
Polygon reflected(const Polygon& p);

// --- convex pieces -----------------------------------------------------------------------

/// A simple polygon cut into convex pieces: ear-clipping triangulation (O(n^2)), then
/// Hertel-Mehlhorn: a diagonal is dropped whenever the two pieces it separates merge into
/// a convex polygon. At most 4x the minimum number of pieces. A convex polygon is returned
/// whole. Input in either orientation; pieces counter-clockwise.
std::vector<Polygon> convex_pieces(const Polygon& p);

// --- growth by a disc --------------------------------------------------------------------

/// The exact C-space query of a disc robot of radius r against polygon p: whether q is
/// within r of p (inside the rounded polygon p (+) disc(r), boundary included).
bool within_distance(const Polygon& p, double r, Vec2 q);
/// Outer polygonal approximation of the convex polygon p grown by r (p (+) disc(r)): each
/// vertex's arc, of angle equal to its exterior angle, replaced by `arc_segments` (>= 1)
/// tangent pieces meeting at radius r / cos(step / 2), so the polygon contains the
/// rounded one and stays within r (1 / cos(step / 2) - 1) of it. r = 0 returns p.
Polygon grown_convex(const Polygon& p, double r, int arc_segments);
/// The regular `sides`-gon (>= 3) circumscribed about the disc: it contains the disc.
Polygon circumscribed_polygon(const Disc& d, int sides);

// --- interior tests ----------------------------------------------------------------------

/// Whether q lies in the convex polygon, boundary included (O(n) half-plane tests).
bool convex_contains(const Polygon& convex, Vec2 q);
/// Whether q lies deeper than `depth` (>= 0) inside the convex polygon: strictly inside
/// the polygon shrunk by `depth`.
bool convex_contains_deeper(const Polygon& convex, Vec2 q, double depth);
/// Whether some part of the segment lies deeper than `depth` (>= 0) inside the convex
/// polygon (Cyrus-Beck clipping against the polygon shrunk by `depth`). A segment along an
/// edge or through a vertex does not cross.
bool crosses_interior(const Segment& s, const Polygon& convex, double depth);
/// Whether two convex polygons overlap or touch (separating axis test over both polygons'
/// edge normals).
bool convex_overlap(const Polygon& a, const Polygon& b);

}  // namespace racer
