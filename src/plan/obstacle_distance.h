#pragma once
// Nearest points and clearances of a scene, for the continuous motion planners (Bug,
// potential fields): which obstacle point is nearest to a point, how far a segment stays
// from the obstacles, and how long the obstacles' boundaries are. Units are the caller's
// (metres on a track, cells on a grid map). Complements plan/shapes.h.
#include "core/vec2.h"
#include "plan/shapes.h"

namespace racer {

/// Nearest point of the solid polygon to q (q itself when inside or on it).
Vec2 closest_point(const Polygon& p, Vec2 q);
/// Nearest point of the solid disc to q (q itself when inside or on it).
Vec2 closest_point(const Disc& d, Vec2 q);

/// The nearest obstacle point of a scene and its distance.
struct NearestObstacle {
  Vec2 point;             ///< nearest obstacle point (q itself when q is inside an obstacle)
  double distance = 0.0;  ///< >= 0; +infinity (and point = q) for an empty scene
};
NearestObstacle nearest_obstacle(const Scene& s, Vec2 q);

/// Distance between two closed segments (0 when they touch or cross).
double distance(const Segment& s, const Segment& t);
/// Distance from the segment to the solid polygon (0 when it meets it).
double distance(const Segment& s, const Polygon& p);
double distance(const Segment& s, const Disc& d);
/// Smallest distance from any point of the segment to any obstacle: the segment is free for a
/// disc robot of radius r exactly when this is > r. +infinity for an empty scene.
double clearance(const Scene& scene, const Segment& s);

/// Length of the polygon's boundary.
double perimeter(const Polygon& p);
/// Sum of the boundary lengths of all obstacles grown by `radius` (>= 0): each polygon's
/// perimeter plus 2 pi radius, each disc's 2 pi (radius + its own).
double grown_perimeter(const Scene& s, double radius);

}  // namespace racer
