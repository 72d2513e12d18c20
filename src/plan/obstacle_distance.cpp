// Nearest obstacle points, segment clearances and perimeters of a scene.
#include "plan/obstacle_distance.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace racer {

Vec2 closest_point(const Polygon& p, Vec2 q) {
  if (contains(p, q)) return q;
  Vec2 best = q;
  double best_d2 = std::numeric_limits<double>::infinity();
  for (int k = 0; k < p.size(); ++k) {
    const Vec2 c = closest_point(p.edge(k), q);
    const double d2 = length_squared(q - c);
    if (d2 < best_d2) {
      best_d2 = d2;
      best = c;
    }
  }
  return best;
}

Vec2 closest_point(const Disc& d, Vec2 q) {
  const Vec2 v = q - d.centre;
  const double l = length(v);
  if (l <= d.radius) return q;
  return d.centre + v * (d.radius / l);
}

NearestObstacle nearest_obstacle(const Scene& s, Vec2 q) {
  NearestObstacle best{q, std::numeric_limits<double>::infinity()};
  const auto consider = [&](Vec2 c) {
    const double d = length(q - c);
    if (d < best.distance) best = {c, d};
  };
  for (const Polygon& p : s.polygons) consider(closest_point(p, q));
  for (const Disc& d : s.discs) consider(closest_point(d, q));
  return best;
}

double distance(const Segment& s, const Segment& t) {
  if (intersects(s, t)) return 0.0;
  // Disjoint segments: the nearest pair has an end point of one of them.
  return std::min({length(s.a - closest_point(t, s.a)), length(s.b - closest_point(t, s.b)),
                   length(t.a - closest_point(s, t.a)), length(t.b - closest_point(s, t.b))});
}

double distance(const Segment& s, const Polygon& p) {
  if (contains(p, s.a)) return 0.0;
  double best = std::numeric_limits<double>::infinity();
  for (int k = 0; k < p.size(); ++k) best = std::min(best, distance(s, p.edge(k)));
  return best;
}

double distance(const Segment& s, const Disc& d) { return std::max(0.0, length(d.centre - closest_point(s, d.centre)) - d.radius); }

double clearance(const Scene& scene, const Segment& s) {
  double best = std::numeric_limits<double>::infinity();
  for (const Polygon& p : scene.polygons) best = std::min(best, distance(s, p));
  for (const Disc& d : scene.discs) best = std::min(best, distance(s, d));
  return best;
}

double perimeter(const Polygon& p) {
  double sum = 0.0;
  for (int k = 0; k < p.size(); ++k) {
    const Segment e = p.edge(k);
    sum += length(e.b - e.a);
  }
  return sum;
}

double grown_perimeter(const Scene& s, double radius) {
  const double turn = 2.0 * std::numbers::pi;
  double sum = 0.0;
  for (const Polygon& p : s.polygons) sum += perimeter(p) + turn * radius;
  for (const Disc& d : s.discs) sum += turn * (d.radius + radius);
  return sum;
}

}  // namespace racer
