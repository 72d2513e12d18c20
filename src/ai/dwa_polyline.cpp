// DWA polyline helpers: stations along the waypoints, the corridor's blocked intervals and
// the shift out of them (the passing side's target offset), and dwa.h's polyline_length and
// polyline_progress.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>
#include <utility>

#include "ai/dwa.h"
#include "ai/dwa_internal.h"

namespace racer {

namespace dwa_detail {

// Point at arc length s (extrapolated past both ends along the end segments). `seg` is a
// hint that only moves forward for increasing s.
Station station_at(std::span<const Vec2> line, std::span<const double> cum, double s,
                   std::size_t& seg) {
  if (line.size() < 2) return {line.empty() ? Vec2{} : line[0], {1.0, 0.0}};
  const std::size_t last = line.size() - 2;
  while (seg < last && cum[seg + 1] < s) ++seg;
  while (seg > 0 && cum[seg] > s) --seg;
  const Vec2 a = line[seg], b = line[seg + 1];
  const double len = cum[seg + 1] - cum[seg];
  const Vec2 t = len > 1e-12 ? (b - a) / len : Vec2{1.0, 0.0};
  return {a + t * (s - cum[seg]), t};
}

// Blocked interval [lo, hi] of the line p + o n (o in metres) by the obstacle grown by
// `grow`; false when the line misses it. Boxes are grown square-cornered (a little
// conservative at the corners, fine for placing a target).
bool blocked_interval(const DwaObstacle& o, Vec2 centre, Vec2 p, Vec2 n, double grow,
                      double& lo, double& hi) {
  if (o.shape == DwaObstacle::Shape::Circle) {
    const double r = o.radius + grow;
    const Vec2 w = centre - p;
    const double a = dot(w, n);
    const double b2 = length_squared(w) - a * a;
    if (b2 >= r * r) return false;
    const double half = std::sqrt(r * r - b2);
    lo = a - half;
    hi = a + half;
    return true;
  }
  const Vec2 d = p - centre;
  const Vec2 pl{o.cos_a * d.x + o.sin_a * d.y, -o.sin_a * d.x + o.cos_a * d.y};
  const Vec2 nl{o.cos_a * n.x + o.sin_a * n.y, -o.sin_a * n.x + o.cos_a * n.y};
  const double h[2] = {o.half_w + grow, o.half_h + grow};
  const double pp[2] = {pl.x, pl.y}, nn[2] = {nl.x, nl.y};
  double t0 = -kInf, t1 = kInf;
  for (int k = 0; k < 2; ++k) {
    if (std::abs(nn[k]) < 1e-12) {
      if (std::abs(pp[k]) > h[k]) return false;
      continue;
    }
    double ta = (-h[k] - pp[k]) / nn[k], tb = (h[k] - pp[k]) / nn[k];
    if (ta > tb) std::swap(ta, tb);
    t0 = std::max(t0, ta);
    t1 = std::min(t1, tb);
  }
  if (t0 > t1) return false;
  lo = t0;
  hi = t1;
  return true;
}

// Smallest shift (>= 0) to the left (side +1) or right (-1) out of every interval.
double required_shift(std::span<const double> iv, int side) {
  double o = 0.0;
  const std::size_t n = iv.size() / 2;
  for (std::size_t pass = 0; pass <= n; ++pass) {
    bool moved = false;
    for (std::size_t k = 0; k < n; ++k) {
      const double lo = side > 0 ? iv[2 * k] : -iv[2 * k + 1];
      const double hi = side > 0 ? iv[2 * k + 1] : -iv[2 * k];
      if (lo <= o && o < hi) {
        o = hi;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return o;
}

}  // namespace dwa_detail

using dwa_detail::kInf;

double polyline_length(std::span<const Vec2> line) {
  double s = 0.0;
  for (std::size_t i = 1; i < line.size(); ++i) s += length(line[i] - line[i - 1]);
  return s;
}

double polyline_progress(std::span<const Vec2> line, Vec2 p) {
  if (line.size() < 2) return 0.0;
  double best = kInf, best_s = 0.0, s = 0.0;
  for (std::size_t i = 0; i + 1 < line.size(); ++i) {
    const Vec2 ab = line[i + 1] - line[i];
    const double len2 = length_squared(ab);
    const double t = len2 > 0.0 ? std::clamp(dot(p - line[i], ab) / len2, 0.0, 1.0) : 0.0;
    const double d = length_squared(p - (line[i] + ab * t));
    const double len = std::sqrt(len2);
    if (d < best) {
      best = d;
      best_s = s + t * len;
    }
    s += len;
  }
  return best_s;
}

}  // namespace racer
