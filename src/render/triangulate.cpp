#include "render/triangulate.h"

#include <cmath>
#include <cstddef>

namespace racer {
namespace {

/// Whether p lies inside or on triangle abc (counter-clockwise).
bool in_triangle(Vec2 p, Vec2 a, Vec2 b, Vec2 c) {
  return cross(b - a, p - a) >= 0.0 && cross(c - b, p - b) >= 0.0 && cross(a - c, p - c) >= 0.0;
}

}  // namespace

double signed_area2(const std::vector<Vec2>& polygon) {
  double a = 0.0;
  const std::size_t n = polygon.size();
  for (std::size_t i = 0; i < n; ++i) a += cross(polygon[i], polygon[(i + 1) % n]);
  return a;
}

std::vector<std::array<int, 3>> triangulate(const std::vector<Vec2>& polygon) {
  std::vector<std::array<int, 3>> out;
  int n = static_cast<int>(polygon.size());
  if (n >= 2 && polygon.front() == polygon.back()) --n;
  if (n < 3) return out;
  for (int i = 0; i < n; ++i)
    if (!std::isfinite(polygon[static_cast<std::size_t>(i)].x) || !std::isfinite(polygon[static_cast<std::size_t>(i)].y))
      return out;
  // Work counter-clockwise; emit in the polygon's own winding.
  const std::vector<Vec2> head(polygon.begin(), polygon.begin() + n);
  const bool ccw = signed_area2(head) >= 0.0;
  std::vector<int> ring(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) ring[static_cast<std::size_t>(i)] = ccw ? i : n - 1 - i;
  auto at = [&](int ring_index) { return polygon[static_cast<std::size_t>(ring[static_cast<std::size_t>(ring_index)])]; };
  auto emit = [&](int a, int b, int c) {
    const int ia = ring[static_cast<std::size_t>(a)], ib = ring[static_cast<std::size_t>(b)], ic = ring[static_cast<std::size_t>(c)];
    if (ccw) out.push_back({ia, ib, ic});
    else out.push_back({ic, ib, ia});
  };

  int i = 0, since_clip = 0;
  while (ring.size() > 3) {
    const int m = static_cast<int>(ring.size());
    const int prev = (i + m - 1) % m, next = (i + 1) % m;
    const Vec2 a = at(prev), b = at(i), c = at(next);
    bool ear = cross(b - a, c - b) > 0.0;  // convex corner
    for (int k = 0; ear && k < m; ++k) {
      if (k == prev || k == i || k == next) continue;
      const Vec2 p = at(k);
      if (p == a || p == b || p == c) continue;  // a repeated point touching the ear
      if (in_triangle(p, a, b, c)) ear = false;
    }
    // Collinear or duplicate corners add nothing: drop them without a triangle.
    const bool flat = std::abs(cross(b - a, c - b)) <= 1e-12 * (length_squared(b - a) + length_squared(c - b));
    if (ear || flat) {
      if (ear) emit(prev, i, next);
      ring.erase(ring.begin() + i);
      if (i >= static_cast<int>(ring.size())) i = 0;
      since_clip = 0;
      continue;
    }
    i = next;
    if (++since_clip > m) {
      // No ear left (a self-intersecting or badly degenerate polygon): fan the rest.
      for (int k = 1; k + 1 < m; ++k) emit(0, k, k + 1);
      return out;
    }
  }
  if (ring.size() == 3) emit(0, 1, 2);
  return out;
}

}  // namespace racer
