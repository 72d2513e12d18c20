// DWA geometry: exact distances from points and segments to circles and oriented boxes,
// the obstacle factories and queries of dwa.h (DwaObstacle, dwa_segment_distance). Every
// distance is exact (no tolerance), so the swept-disc check built on it stays on the safe
// side.
#include <algorithm>
#include <cmath>
#include <utility>

#include "ai/dwa.h"
#include "ai/dwa_internal.h"

namespace racer {

namespace dwa_detail {

namespace {

// Does segment ab (box frame) touch the box [-hx, hx] x [-hy, hy]? (Liang-Barsky clip.)
bool segment_hits_box(Vec2 a, Vec2 b, double hx, double hy) {
  double t0 = 0.0, t1 = 1.0;
  const Vec2 d = b - a;
  const double lo[2] = {-hx, -hy}, hi[2] = {hx, hy};
  const double o[2] = {a.x, a.y}, dd[2] = {d.x, d.y};
  for (int k = 0; k < 2; ++k) {
    if (std::abs(dd[k]) < 1e-300) {
      if (o[k] < lo[k] || o[k] > hi[k]) return false;
      continue;
    }
    double ta = (lo[k] - o[k]) / dd[k], tb = (hi[k] - o[k]) / dd[k];
    if (ta > tb) std::swap(ta, tb);
    t0 = std::max(t0, ta);
    t1 = std::min(t1, tb);
    if (t0 > t1) return false;
  }
  return true;
}

}  // namespace

double point_segment_distance(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const double len2 = length_squared(ab);
  double t = len2 > 0.0 ? dot(p - a, ab) / len2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  return length(p - (a + ab * t));
}

double point_box_distance(Vec2 p, double hx, double hy) {
  const double dx = std::max(std::abs(p.x) - hx, 0.0);
  const double dy = std::max(std::abs(p.y) - hy, 0.0);
  return std::sqrt(dx * dx + dy * dy);
}

// Segment to box in the box's frame: 0 when they touch, else the closest pair is a segment
// end against the box or a box corner against the segment (two convex sets in the plane).
double segment_box_distance(Vec2 a, Vec2 b, double hx, double hy) {
  if (segment_hits_box(a, b, hx, hy)) return 0.0;
  double d = std::min(point_box_distance(a, hx, hy), point_box_distance(b, hx, hy));
  const Vec2 corners[4] = {{hx, hy}, {-hx, hy}, {-hx, -hy}, {hx, -hy}};
  for (const Vec2& c : corners) d = std::min(d, point_segment_distance(c, a, b));
  return d;
}

Vec2 to_local(const DwaObstacle& o, Vec2 p) {
  const Vec2 d = p - o.centre;
  return {o.cos_a * d.x + o.sin_a * d.y, -o.sin_a * d.x + o.cos_a * d.y};
}

}  // namespace dwa_detail

using dwa_detail::point_box_distance;
using dwa_detail::point_segment_distance;
using dwa_detail::segment_box_distance;
using dwa_detail::to_local;

// ---------------------------------------------------------------- obstacles

DwaObstacle DwaObstacle::circle(Vec2 centre, double radius, Vec2 velocity) {
  DwaObstacle o;
  o.shape = Shape::Circle;
  o.centre = centre;
  o.velocity = velocity;
  o.radius = radius;
  return o;
}

DwaObstacle DwaObstacle::rect(Vec2 centre, double half_w, double half_h, double angle,
                              Vec2 velocity) {
  DwaObstacle o;
  o.shape = Shape::Rect;
  o.centre = centre;
  o.velocity = velocity;
  o.half_w = half_w;
  o.half_h = half_h;
  o.angle = angle;
  o.cos_a = std::cos(angle);
  o.sin_a = std::sin(angle);
  return o;
}

double DwaObstacle::bound_radius() const {
  return shape == Shape::Circle ? radius : std::hypot(half_w, half_h);
}

double DwaObstacle::distance(Vec2 p, double t) const {
  const Vec2 q = p - velocity * t;
  if (shape == Shape::Circle) return std::max(length(q - centre) - radius, 0.0);
  return point_box_distance(to_local(*this, q), half_w, half_h);
}

double dwa_segment_distance(const DwaObstacle& o, Vec2 a, Vec2 b) {
  if (o.shape == DwaObstacle::Shape::Circle)
    return std::max(point_segment_distance(o.centre, a, b) - o.radius, 0.0);
  return segment_box_distance(to_local(o, a), to_local(o, b), o.half_w, o.half_h);
}

}  // namespace racer
