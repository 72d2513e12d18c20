// Shapes: areas, containment, distances and intersections of discs, segments, polygons.
#include "plan/shapes.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace racer {
namespace {

// Orientation of c relative to the line a->b: > 0 left, < 0 right, 0 on it.
double orient(Vec2 a, Vec2 b, Vec2 c) { return cross(b - a, c - a); }

// c on segment [a, b], given that the three are collinear.
bool within_box(Vec2 a, Vec2 b, Vec2 c) {
  return std::min(a.x, b.x) <= c.x && c.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= c.y && c.y <= std::max(a.y, b.y);
}

}  // namespace

double signed_area(const Polygon& p) {
  double twice = 0.0;
  for (int k = 0; k < p.size(); ++k) {
    const Segment e = p.edge(k);
    twice += cross(e.a, e.b);
  }
  return 0.5 * twice;
}

Polygon counter_clockwise(Polygon p) {
  if (signed_area(p) < 0.0) std::reverse(p.vertices.begin(), p.vertices.end());
  return p;
}

Polygon box(Vec2 a, Vec2 b) {
  const Vec2 lo{std::min(a.x, b.x), std::min(a.y, b.y)}, hi{std::max(a.x, b.x), std::max(a.y, b.y)};
  return Polygon{{lo, {hi.x, lo.y}, hi, {lo.x, hi.y}}};
}

Polygon oriented_box(Vec2 centre, double hx, double hy, double heading) {
  const Vec2 u = from_angle(heading);
  Polygon p{{{-hx, -hy}, {hx, -hy}, {hx, hy}, {-hx, hy}}};
  for (Vec2& v : p.vertices) v = centre + rotate(v, u);
  return p;
}

bool is_convex(const Polygon& p) {
  for (int k = 0; k < p.size(); ++k) {
    const Segment e = p.edge(k);
    const Vec2 next = p.vertices[static_cast<std::size_t>((k + 2) % p.size())];
    if (orient(e.a, e.b, next) < 0.0) return false;
  }
  return p.size() >= 3;
}

bool contains(const Polygon& p, Vec2 q) {
  bool inside = false;
  for (int k = 0; k < p.size(); ++k) {
    const Segment e = p.edge(k);
    if (orient(e.a, e.b, q) == 0.0 && within_box(e.a, e.b, q)) return true;  // on the boundary
    if ((e.a.y > q.y) != (e.b.y > q.y)) {
      const double x = e.a.x + (q.y - e.a.y) * (e.b.x - e.a.x) / (e.b.y - e.a.y);
      if (q.x < x) inside = !inside;
    }
  }
  return inside;
}

bool contains(const Disc& d, Vec2 q) { return length_squared(q - d.centre) <= d.radius * d.radius; }

Vec2 closest_point(const Segment& s, Vec2 q) {
  const Vec2 d = s.b - s.a;
  const double l2 = length_squared(d);
  if (l2 <= 0.0) return s.a;
  return s.a + d * std::clamp(dot(q - s.a, d) / l2, 0.0, 1.0);
}

double boundary_distance(const Polygon& p, Vec2 q) {
  double best = std::numeric_limits<double>::infinity();
  for (int k = 0; k < p.size(); ++k) best = std::min(best, length(q - closest_point(p.edge(k), q)));
  return best;
}

double distance(const Polygon& p, Vec2 q) { return contains(p, q) ? 0.0 : boundary_distance(p, q); }

double distance(const Disc& d, Vec2 q) { return std::max(0.0, length(q - d.centre) - d.radius); }

double distance(const Scene& s, Vec2 q) {
  double best = std::numeric_limits<double>::infinity();
  for (const Polygon& p : s.polygons) best = std::min(best, distance(p, q));
  for (const Disc& d : s.discs) best = std::min(best, distance(d, q));
  return best;
}

bool blocked(const Scene& s, Vec2 q) {
  for (const Polygon& p : s.polygons)
    if (contains(p, q)) return true;
  for (const Disc& d : s.discs)
    if (contains(d, q)) return true;
  return false;
}

bool intersects(const Segment& s, const Segment& t) {
  const double d1 = orient(t.a, t.b, s.a), d2 = orient(t.a, t.b, s.b);
  const double d3 = orient(s.a, s.b, t.a), d4 = orient(s.a, s.b, t.b);
  if (((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0)) && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))) return true;
  return (d1 == 0.0 && within_box(t.a, t.b, s.a)) || (d2 == 0.0 && within_box(t.a, t.b, s.b)) ||
         (d3 == 0.0 && within_box(s.a, s.b, t.a)) || (d4 == 0.0 && within_box(s.a, s.b, t.b));
}

bool intersects(const Segment& s, const Polygon& p) {
  if (contains(p, s.a)) return true;  // an end inside (covers a segment wholly inside)
  for (int k = 0; k < p.size(); ++k)
    if (intersects(s, p.edge(k))) return true;
  return false;
}

bool intersects(const Segment& s, const Disc& d) { return length_squared(closest_point(s, d.centre) - d.centre) <= d.radius * d.radius; }

bool intersects(const Segment& s, const Scene& scene) {
  for (const Polygon& p : scene.polygons)
    if (intersects(s, p)) return true;
  for (const Disc& d : scene.discs)
    if (intersects(s, d)) return true;
  return false;
}

bool overlaps(const Polygon& a, const Polygon& b) {
  for (int k = 0; k < a.size(); ++k)
    if (intersects(a.edge(k), b)) return true;
  return b.size() > 0 && contains(a, b.vertices[0]);  // b wholly inside a
}

}  // namespace racer
