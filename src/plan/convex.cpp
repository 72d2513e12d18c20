// Convex geometry: hull, Minkowski sum, convex decomposition, growth by a disc, and the
// interior tests of convex pieces.
#include "plan/convex.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace racer {
namespace {

double orient(Vec2 a, Vec2 b, Vec2 c) { return cross(b - a, c - a); }

std::size_t at(int k) { return static_cast<std::size_t>(k); }

// Outward unit normal of the edge a -> b of a counter-clockwise polygon.
Vec2 outward_normal(Vec2 a, Vec2 b) {
  const Vec2 d = b - a;
  const double l = length(d);
  return l > 0.0 ? Vec2{d.y / l, -d.x / l} : Vec2{0.0, 0.0};
}

// Index of the lowest vertex (least y, then least x).
int lowest(const Polygon& p) {
  int best = 0;
  for (int k = 1; k < p.size(); ++k) {
    const Vec2 v = p.vertices[at(k)], b = p.vertices[at(best)];
    if (v.y < b.y || (v.y == b.y && v.x < b.x)) best = k;
  }
  return best;
}

// q in the closed triangle (a, b, c), counter-clockwise.
bool in_triangle(Vec2 a, Vec2 b, Vec2 c, Vec2 q) { return orient(a, b, q) >= 0.0 && orient(b, c, q) >= 0.0 && orient(c, a, q) >= 0.0; }

// Whether the ring of vertex indices is convex (collinear vertices allowed).
bool ring_convex(const std::vector<Vec2>& v, const std::vector<int>& ring) {
  const std::size_t n = ring.size();
  for (std::size_t k = 0; k < n; ++k) {
    const Vec2 a = v[at(ring[k])], b = v[at(ring[(k + 1) % n])], c = v[at(ring[(k + 2) % n])];
    if (orient(a, b, c) < 0.0) return false;
  }
  return true;
}

// Ear-clipping triangulation of a counter-clockwise polygon, as index triples. A vertex on
// the line through its neighbours is dropped without a triangle (zero area).
std::vector<std::vector<int>> triangulate(const std::vector<Vec2>& v) {
  std::vector<int> chain(v.size());
  for (std::size_t k = 0; k < v.size(); ++k) chain[k] = static_cast<int>(k);
  std::vector<std::vector<int>> triangles;
  while (chain.size() > 3) {
    const std::size_t n = chain.size();
    bool clipped = false;
    for (std::size_t k = 0; k < n && !clipped; ++k) {
      const int ip = chain[(k + n - 1) % n], ic = chain[k], in = chain[(k + 1) % n];
      const Vec2 p = v[at(ip)], c = v[at(ic)], q = v[at(in)];
      const double turn = orient(p, c, q);
      if (turn < 0.0) continue;  // reflex
      bool ear = true;
      if (turn > 0.0) {
        for (int j : chain) {
          if (j == ip || j == ic || j == in) continue;
          const Vec2 w = v[at(j)];
          if (w == p || w == c || w == q) continue;
          if (in_triangle(p, c, q, w)) {
            ear = false;
            break;
          }
        }
      }
      if (!ear) continue;
      if (turn > 0.0) triangles.push_back({ip, ic, in});
      chain.erase(chain.begin() + static_cast<std::ptrdiff_t>(k));
      clipped = true;
    }
    if (!clipped) break;  // not simple (or numerically degenerate): keep what was found
  }
  if (chain.size() == 3 && orient(v[at(chain[0])], v[at(chain[1])], v[at(chain[2])]) > 0.0) triangles.push_back(chain);
  return triangles;
}

// Hertel-Mehlhorn: merge pieces across shared diagonals while the result stays convex.
void merge_pieces(const std::vector<Vec2>& v, std::vector<std::vector<int>>& pieces) {
  bool merged = true;
  while (merged) {
    merged = false;
    for (std::size_t a = 0; a < pieces.size() && !merged; ++a) {
      const std::vector<int>& pa = pieces[a];
      for (std::size_t ea = 0; ea < pa.size() && !merged; ++ea) {
        const int u = pa[ea], w = pa[(ea + 1) % pa.size()];
        for (std::size_t b = 0; b < pieces.size() && !merged; ++b) {
          if (b == a) continue;
          const std::vector<int>& pb = pieces[b];
          for (std::size_t eb = 0; eb < pb.size(); ++eb) {
            if (pb[eb] != w || pb[(eb + 1) % pb.size()] != u) continue;
            // a: ... u w ...; b: ... w u ...  ->  w, (a after w .. u), (b after u .. before w)
            std::vector<int> ring;
            for (std::size_t k = 0; k < pa.size(); ++k) ring.push_back(pa[(ea + 1 + k) % pa.size()]);  // w .. u
            for (std::size_t k = 2; k < pb.size(); ++k) ring.push_back(pb[(eb + k) % pb.size()]);       // after u .. before w
            if (ring_convex(v, ring)) {
              pieces[a] = std::move(ring);
              pieces.erase(pieces.begin() + static_cast<std::ptrdiff_t>(b));
              merged = true;
            }
            break;
          }
        }
      }
    }
  }
}

}  // namespace

// --- Aabb -------------------------------------------------------------------------------

Aabb bounds(const Polygon& p) {
  Aabb b{p.vertices.front(), p.vertices.front()};
  for (Vec2 v : p.vertices) {
    b.lo = {std::min(b.lo.x, v.x), std::min(b.lo.y, v.y)};
    b.hi = {std::max(b.hi.x, v.x), std::max(b.hi.y, v.y)};
  }
  return b;
}

Aabb bounds(const Segment& s) {
  return {{std::min(s.a.x, s.b.x), std::min(s.a.y, s.b.y)}, {std::max(s.a.x, s.b.x), std::max(s.a.y, s.b.y)}};
}

// --- hull and Minkowski sum ---------------------------------------------------------------

Polygon convex_hull(std::vector<Vec2> points) {
  std::sort(points.begin(), points.end(), [](Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  points.erase(std::unique(points.begin(), points.end()), points.end());
  if (points.size() < 3) return Polygon{points};
  std::vector<Vec2> hull(2 * points.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {  // lower chain
    while (k >= 2 && orient(hull[k - 2], hull[k - 1], points[i]) <= 0.0) --k;
    hull[k++] = points[i];
  }
  for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {  // upper chain
    while (k >= lower && orient(hull[k - 2], hull[k - 1], points[i]) <= 0.0) --k;
    hull[k++] = points[i];
  }
  hull.resize(k - 1);  // the last point repeats the first
  return Polygon{hull};
}

Polygon without_collinear(const Polygon& p) {
  std::vector<Vec2> v = p.vertices;
  bool changed = true;
  while (changed && v.size() > 3) {
    changed = false;
    for (std::size_t k = 0; k < v.size() && v.size() > 3; ++k) {
      const Vec2 a = v[(k + v.size() - 1) % v.size()], b = v[k], c = v[(k + 1) % v.size()];
      if (b == a || orient(a, b, c) == 0.0) {
        v.erase(v.begin() + static_cast<std::ptrdiff_t>(k));
        changed = true;
        break;
      }
    }
  }
  return Polygon{v};
}

Polygon minkowski_sum(const Polygon& a_in, const Polygon& b_in) {
  const Polygon a = without_collinear(a_in), b = without_collinear(b_in);
  const int n = a.size(), m = b.size();
  const int sa = lowest(a), sb = lowest(b);
  const auto va = [&](int i) { return a.vertices[at((sa + i) % n)]; };
  const auto vb = [&](int j) { return b.vertices[at((sb + j) % m)]; };
  std::vector<Vec2> sum;
  sum.reserve(at(n + m));
  int i = 0, j = 0;
  while (i < n || j < m) {
    sum.push_back(va(i) + vb(j));
    // Edges in turn order from the lowest vertices: take the one turned less (both when parallel).
    const double c = i < n && j < m ? cross(va(i + 1) - va(i), vb(j + 1) - vb(j)) : (i < n ? 1.0 : -1.0);
    if (c >= 0.0 && i < n) ++i;
    if (c <= 0.0 && j < m) ++j;
  }
  return without_collinear(Polygon{sum});
}

Polygon reflected(const Polygon& p) {
  Polygon r = p;
  for (Vec2& v : r.vertices) v = -v;
  return r;  // a point reflection is a rotation by pi: the orientation is kept
}

// --- convex pieces -----------------------------------------------------------------------

std::vector<Polygon> convex_pieces(const Polygon& p_in) {
  const Polygon p = without_collinear(counter_clockwise(p_in));
  if (is_convex(p)) return {p};
  std::vector<std::vector<int>> pieces = triangulate(p.vertices);
  merge_pieces(p.vertices, pieces);
  std::vector<Polygon> out;
  out.reserve(pieces.size());
  for (const std::vector<int>& ring : pieces) {
    Polygon q;
    for (int k : ring) q.vertices.push_back(p.vertices[at(k)]);
    out.push_back(without_collinear(q));
  }
  return out;
}

// --- growth by a disc --------------------------------------------------------------------

bool within_distance(const Polygon& p, double r, Vec2 q) { return distance(p, q) <= r; }

Polygon grown_convex(const Polygon& p_in, double r, int arc_segments) {
  const Polygon p = without_collinear(p_in);
  if (r <= 0.0) return p;
  const int k = std::max(1, arc_segments);
  Polygon out;
  out.vertices.reserve(at(p.size() * k));
  for (int i = 0; i < p.size(); ++i) {
    const Vec2 prev = p.vertices[at((i + p.size() - 1) % p.size())], v = p.vertices[at(i)], next = p.vertices[at((i + 1) % p.size())];
    const Vec2 e_in = v - prev, e_out = next - v;
    const Vec2 n_in = outward_normal(prev, v);
    const double start = std::atan2(n_in.y, n_in.x);
    const double turn = std::atan2(cross(e_in, e_out), dot(e_in, e_out));  // exterior angle, (0, pi)
    const double step = turn / k;
    const double reach = r / std::cos(0.5 * step);  // tangents at start + j step meet here
    for (int j = 0; j < k; ++j) out.vertices.push_back(v + from_angle(start + (j + 0.5) * step) * reach);
  }
  return out;
}

Polygon circumscribed_polygon(const Disc& d, int sides) {
  const int n = std::max(3, sides);
  const double step = 2.0 * std::numbers::pi / n;
  const double reach = d.radius / std::cos(0.5 * step);
  Polygon out;
  for (int j = 0; j < n; ++j) out.vertices.push_back(d.centre + from_angle(j * step) * reach);
  return out;
}

// --- interior tests ----------------------------------------------------------------------

bool convex_contains(const Polygon& convex, Vec2 q) {
  for (int k = 0; k < convex.size(); ++k) {
    const Segment e = convex.edge(k);
    if (orient(e.a, e.b, q) < 0.0) return false;
  }
  return true;
}

bool convex_contains_deeper(const Polygon& convex, Vec2 q, double depth) {
  for (int k = 0; k < convex.size(); ++k) {
    const Segment e = convex.edge(k);
    if (dot(outward_normal(e.a, e.b), q - e.a) >= -depth) return false;
  }
  return true;
}

bool crosses_interior(const Segment& s, const Polygon& convex, double depth) {
  // Points s.a + t d, t in [t0, t1], strictly inside every shrunk edge half-plane.
  const Vec2 d = s.b - s.a;
  double t0 = 0.0, t1 = 1.0;
  for (int k = 0; k < convex.size(); ++k) {
    const Segment e = convex.edge(k);
    const Vec2 n = outward_normal(e.a, e.b);
    const double num = dot(n, s.a - e.a) + depth;  // > 0: s.a outside this half-plane
    const double den = dot(n, d);
    if (den == 0.0) {
      if (num >= 0.0) return false;
      continue;
    }
    const double t = -num / den;
    if (den < 0.0)
      t0 = std::max(t0, t);  // entering
    else
      t1 = std::min(t1, t);  // leaving
    if (t0 >= t1) return false;
  }
  return t0 < t1;
}

bool convex_overlap(const Polygon& a, const Polygon& b) {
  const auto separated_by_edges_of = [](const Polygon& p, const Polygon& q) {
    for (int k = 0; k < p.size(); ++k) {
      const Segment e = p.edge(k);
      const Vec2 n = perp(e.b - e.a);  // inward (left) normal, unnormalised
      // p lies at dot(n, x - e.a) >= 0; q is separated when all of it is below 0.
      bool all_below = true;
      for (Vec2 v : q.vertices)
        if (dot(n, v - e.a) >= 0.0) {
          all_below = false;
          break;
        }
      if (all_below) return true;
    }
    return false;
  };
  return !separated_by_edges_of(a, b) && !separated_by_edges_of(b, a);
}

}  // namespace racer
