// Sections: tiles | shapes | polylines | draw.
#include "render/world_mesh.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "render/draw_runs.h"
#include "render/triangulate.h"

namespace racer {
namespace {

SDL_Color sdl(Rgba c) { return {c.r, c.g, c.b, c.a}; }

// m, slack round the view's box when culling triangles (rounding in the corners' mapping).
constexpr double kCullMargin = 1.0;

long long tile_key(long long x, long long y) { return (x << 32) ^ (y & 0xFFFFFFFFll); }

std::size_t slot_hash(long long key) {
  auto h = static_cast<unsigned long long>(key) * 0x9E3779B97F4A7C15ull;
  return static_cast<std::size_t>(h ^ (h >> 29));
}

}  // namespace

// ---- tiles ------------------------------------------------------------------------------

void WorldMesh::clear() {
  tiles_.clear();
  lookup_.clear();
  triangles_ = 0;
}

WorldMesh::Tile& WorldMesh::tile_for(Vec2 p) {
  const auto tx = static_cast<long long>(std::floor(std::clamp(p.x / tile_, -1e9, 1e9)));
  const auto ty = static_cast<long long>(std::floor(std::clamp(p.y / tile_, -1e9, 1e9)));
  const long long key = tile_key(tx, ty);
  if (lookup_.size() < 2 * tiles_.size() + 16) {  // grow and rehash
    lookup_.assign(4 * tiles_.size() + 64, static_cast<std::size_t>(-1));
    for (std::size_t i = 0; i < tiles_.size(); ++i) {
      std::size_t s = slot_hash(tiles_[i].key) % lookup_.size();
      while (lookup_[s] != static_cast<std::size_t>(-1)) s = (s + 1) % lookup_.size();
      lookup_[s] = i;
    }
  }
  std::size_t s = slot_hash(key) % lookup_.size();
  while (lookup_[s] != static_cast<std::size_t>(-1)) {
    if (tiles_[lookup_[s]].key == key) return tiles_[lookup_[s]];
    s = (s + 1) % lookup_.size();
  }
  lookup_[s] = tiles_.size();
  tiles_.push_back({});
  tiles_.back().key = key;
  return tiles_.back();
}

// ---- shapes -----------------------------------------------------------------------------

void WorldMesh::triangle(Vec2 a, Rgba ca, Vec2 b, Rgba cb, Vec2 c, Rgba cc) {
  const bool finite = std::isfinite(a.x + a.y + b.x + b.y + c.x + c.y);
  if (!finite) return;
  Tile& t = tile_for(a);
  for (Vec2 p : {a, b, c}) {
    t.lo = {std::min(t.lo.x, p.x), std::min(t.lo.y, p.y)};
    t.hi = {std::max(t.hi.x, p.x), std::max(t.hi.y, p.y)};
  }
  t.vertices.push_back({a, sdl(ca)});
  t.vertices.push_back({b, sdl(cb)});
  t.vertices.push_back({c, sdl(cc)});
  ++triangles_;
}

void WorldMesh::quad(Vec2 a, Vec2 b, Vec2 c, Vec2 d, Rgba colour) {
  triangle(a, b, c, colour);
  triangle(a, c, d, colour);
}

void WorldMesh::quad(Vec2 a, Rgba ca, Vec2 b, Rgba cb, Vec2 c, Rgba cc, Vec2 d, Rgba cd) {
  triangle(a, ca, b, cb, c, cc);
  triangle(a, ca, c, cc, d, cd);
}

void WorldMesh::convex(std::span<const Vec2> points, Rgba rim, Rgba centre) {
  if (points.size() < 3) return;
  Vec2 mid;
  for (Vec2 p : points) mid += p;
  mid = mid / static_cast<double>(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) triangle(mid, centre, points[i], rim, points[(i + 1) % points.size()], rim);
}

void WorldMesh::polygon(const std::vector<Vec2>& points, Rgba colour) {
  for (const auto& t : triangulate(points))
    triangle(points[static_cast<std::size_t>(t[0])], points[static_cast<std::size_t>(t[1])],
             points[static_cast<std::size_t>(t[2])], colour);
}

void WorldMesh::disc(Vec2 centre, double radius, Rgba rim, Rgba middle, int segments) {
  std::vector<Vec2> pts;
  pts.reserve(static_cast<std::size_t>(segments));
  for (int i = 0; i < segments; ++i) pts.push_back(centre + from_angle(2.0 * kPi * i / segments) * radius);
  for (int i = 0; i < segments; ++i)
    triangle(centre, middle, pts[static_cast<std::size_t>(i)], rim, pts[static_cast<std::size_t>((i + 1) % segments)], rim);
}

void WorldMesh::ring(Vec2 centre, double r_in, double r_out, Rgba colour, int segments) {
  for (int i = 0; i < segments; ++i) {
    const Vec2 u0 = from_angle(2.0 * kPi * i / segments), u1 = from_angle(2.0 * kPi * (i + 1) / segments);
    quad(centre + u0 * r_in, centre + u0 * r_out, centre + u1 * r_out, centre + u1 * r_in, colour);
  }
}

void WorldMesh::line(Vec2 a, Vec2 b, double width, Rgba colour) {
  const Vec2 d = b - a;
  const double len = length(d);
  if (!(len > 0.0)) return;
  const Vec2 n = perp(d) * (0.5 * width / len);
  quad(a + n, b + n, b - n, a - n, colour);
}

// ---- polylines --------------------------------------------------------------------------

std::vector<Vec2> offset_polyline(std::span<const Vec2> line, bool closed, double d) {
  const std::size_t n = line.size();
  std::vector<Vec2> out(n);
  if (n < 2) {
    if (n == 1) out[0] = line[0];
    return out;
  }
  auto seg_normal = [&](std::size_t i) {  // left normal of segment i -> i + 1
    const Vec2 e = line[(i + 1) % n] - line[i];
    const double len = length(e);
    return len > 1e-12 ? perp(e) / len : Vec2{};
  };
  for (std::size_t i = 0; i < n; ++i) {
    Vec2 n0, n1;
    if (closed) {
      n0 = seg_normal((i + n - 1) % n);
      n1 = seg_normal(i);
    } else {
      n0 = seg_normal(i == 0 ? 0 : i - 1);
      n1 = seg_normal(i + 1 < n ? i : n - 2);
    }
    Vec2 m = n0 + n1;
    const double ml = length(m);
    if (ml < 1e-9) {
      out[i] = line[i] + n1 * d;
      continue;
    }
    m = m / ml;
    const double c = std::max(dot(m, n1), 1.0 / 3.0);  // cos of the half angle, miter capped at 3x
    out[i] = line[i] + m * (d / c);
  }
  return out;
}

void WorldMesh::ribbon(std::span<const Vec2> line, bool closed, double left, double right, Rgba colour) {
  const std::size_t n = line.size();
  if (n < 2) return;
  const std::vector<Vec2> l = offset_polyline(line, closed, left), r = offset_polyline(line, closed, -right);
  const std::size_t segs = closed ? n : n - 1;
  for (std::size_t i = 0; i < segs; ++i) {
    const std::size_t j = (i + 1) % n;
    quad(l[i], l[j], r[j], r[i], colour);
  }
}

void WorldMesh::fringe(std::span<const Vec2> line, bool closed, double width, Rgba colour) {
  const std::size_t n = line.size();
  if (n < 2) return;
  const std::vector<Vec2> o = offset_polyline(line, closed, width);
  const Rgba clear = with_alpha(colour, 0.0);
  const std::size_t segs = closed ? n : n - 1;
  for (std::size_t i = 0; i < segs; ++i) {
    const std::size_t j = (i + 1) % n;
    quad(line[i], colour, line[j], colour, o[j], clear, o[i], clear);
  }
}

// ---- draw -------------------------------------------------------------------------------

void WorldMesh::draw(SDL_Renderer* renderer, const Camera& camera) const {
  const Vec2 lo = camera.visible_min(), hi = camera.visible_max();
  const ScreenTransform xf = camera.transform();  // rotated too in the car-up view
  scratch_.clear();
  for (const Tile& t : tiles_) {
    if (t.hi.x < lo.x || t.lo.x > hi.x || t.hi.y < lo.y || t.lo.y > hi.y) continue;
    // A tile in view is mostly out of it (64 m tiles, a view some 70 x 40 m): triangles
    // wholly outside the view's box are left out, which draws the same pixels (in the same
    // order) with a fraction of the vertices for the renderer to set up.
    const std::size_t n = t.vertices.size() - t.vertices.size() % 3;
    for (std::size_t i = 0; i < n; i += 3) {
      const Vec2 a = t.vertices[i].p, b = t.vertices[i + 1].p, c = t.vertices[i + 2].p;
      if (std::max({a.x, b.x, c.x}) < lo.x - kCullMargin || std::min({a.x, b.x, c.x}) > hi.x + kCullMargin ||
          std::max({a.y, b.y, c.y}) < lo.y - kCullMargin || std::min({a.y, b.y, c.y}) > hi.y + kCullMargin)
        continue;
      for (std::size_t k = i; k < i + 3; ++k) {
        SDL_Vertex s;
        const Vec2 p = xf.apply(t.vertices[k].p);
        s.position = {static_cast<float>(p.x), static_cast<float>(p.y)};
        s.color = t.vertices[k].c;
        s.tex_coord = {0.0f, 0.0f};
        scratch_.push_back(s);
      }
    }
  }
  draw_in_runs(renderer, scratch_);  // opaque stretches unblended: same pixels, less work
}

}  // namespace racer
