#pragma once
// Shapes in the plane for the motion planners (Bug, potential fields, configuration space,
// visibility graphs, hybrid A*): discs, polygons, segments, and the queries they all ask.
// Units are whatever the caller's are (metres on a track, cells on a grid map).
//
// A polygon is a simple closed ring of vertices, counter-clockwise (positive area), the
// last joined back to the first. A scene is a set of polygon and disc obstacles.
#include <vector>

#include "core/vec2.h"

namespace racer {

struct Disc {
  Vec2 centre;
  double radius = 0.0;  ///< >= 0
};

struct Segment {
  Vec2 a, b;
};

struct Polygon {
  std::vector<Vec2> vertices;  ///< counter-clockwise, at least 3, no repeated closing vertex
  int size() const { return static_cast<int>(vertices.size()); }
  Segment edge(int k) const { return {vertices[static_cast<std::size_t>(k)], vertices[static_cast<std::size_t>((k + 1) % size())]}; }
};

/// Obstacles of a continuous scene.
struct Scene {
  std::vector<Polygon> polygons;
  std::vector<Disc> discs;
};

/// Signed area: > 0 counter-clockwise.
double signed_area(const Polygon& p);
/// The same polygon counter-clockwise (reversed when it was clockwise).
Polygon counter_clockwise(Polygon p);
/// An axis-aligned rectangle from its corners (any two opposite corners).
Polygon box(Vec2 a, Vec2 b);
/// A rectangle of half extents (hx, hy) centred at `centre`, turned by `heading` rad.
Polygon oriented_box(Vec2 centre, double hx, double hy, double heading);
bool is_convex(const Polygon& p);

/// Inside or on the boundary.
bool contains(const Polygon& p, Vec2 q);
bool contains(const Disc& d, Vec2 q);
/// Closest point of the segment to q.
Vec2 closest_point(const Segment& s, Vec2 q);
/// Distance from q to the polygon's boundary (0 on it; the same inside and outside).
double boundary_distance(const Polygon& p, Vec2 q);
/// Distance from q to the polygon as a solid: 0 inside.
double distance(const Polygon& p, Vec2 q);
double distance(const Disc& d, Vec2 q);
/// Distance from q to the nearest obstacle of the scene (0 inside one); +infinity if none.
double distance(const Scene& s, Vec2 q);
/// True when q is inside or on any obstacle.
bool blocked(const Scene& s, Vec2 q);

/// Whether two closed segments share a point (touching counts).
bool intersects(const Segment& s, const Segment& t);
/// Whether the segment meets the polygon as a solid (crosses, touches, or lies inside it).
bool intersects(const Segment& s, const Polygon& p);
bool intersects(const Segment& s, const Disc& d);
/// Whether the segment meets any obstacle of the scene.
bool intersects(const Segment& s, const Scene& scene);
/// Whether two polygons (as solids) overlap or touch.
bool overlaps(const Polygon& a, const Polygon& b);

}  // namespace racer
