#include "render/mesh.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "render/draw_runs.h"

namespace racer {
namespace {

std::uint8_t channel(double v) { return static_cast<std::uint8_t>(std::clamp(v, 0.0, 255.0) + 0.5); }

}  // namespace

Rgba shade(Rgba c, double f) { return {channel(c.r * f), channel(c.g * f), channel(c.b * f), c.a}; }

Rgba mix(Rgba a, Rgba b, double t) {
  auto m = [t](std::uint8_t x, std::uint8_t y) { return channel(x + (y - x) * t); };
  return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), m(a.a, b.a)};
}

Rgba with_alpha(Rgba c, double alpha01) {
  c.a = channel(alpha01 * 255.0);
  return c;
}

void Mesh::vertex(Vec2 p, Rgba c) {
  SDL_Vertex v;
  v.position = {static_cast<float>(p.x), static_cast<float>(p.y)};
  v.color = {c.r, c.g, c.b, c.a};
  v.tex_coord = {0.0f, 0.0f};
  vertices_.push_back(v);
}

void Mesh::triangle(Vec2 a, Vec2 b, Vec2 c, Rgba colour) {
  vertex(a, colour);
  vertex(b, colour);
  vertex(c, colour);
}

void Mesh::triangle(Vec2 a, Rgba ca, Vec2 b, Rgba cb, Vec2 c, Rgba cc) {
  vertex(a, ca);
  vertex(b, cb);
  vertex(c, cc);
}

void Mesh::quad(Vec2 a, Vec2 b, Vec2 c, Vec2 d, Rgba colour) {
  triangle(a, b, c, colour);
  triangle(a, c, d, colour);
  if (feather_ > 0.0) {
    const std::array<Vec2, 4> corners{a, b, c, d};
    fringe(corners, colour);
  }
}

void Mesh::rect(Vec2 min, Vec2 max, Rgba colour) {
  const Vec2 b{max.x, min.y}, d{min.x, max.y};
  triangle(min, b, max, colour);
  triangle(min, max, d, colour);
}

void Mesh::fringe(std::span<const Vec2> points, Rgba colour) {
  // A ring of quads from the edge (full alpha) to feather_ pixels outside it (alpha 0).
  const std::size_t n = points.size();
  double area = 0.0;
  for (std::size_t i = 0; i < n; ++i) area += cross(points[i], points[(i + 1) % n]);
  if (std::abs(area) < 1e-9) return;
  const double outward = area > 0.0 ? -1.0 : 1.0;  // perp() points left of an edge
  auto edge_normal = [&](std::size_t i) {
    const Vec2 e = points[(i + 1) % n] - points[i];
    const double len = length(e);
    return len > 1e-9 ? perp(e) * (outward / len) : Vec2{};
  };
  std::vector<Vec2> outer(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 m = edge_normal((i + n - 1) % n) + edge_normal(i);
    const double len = length(m);
    outer[i] = points[i] + (len > 1e-9 ? m * (feather_ / len) : Vec2{});
  }
  const Rgba clear = with_alpha(colour, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = (i + 1) % n;
    triangle(points[i], colour, points[j], colour, outer[j], clear);
    triangle(points[i], colour, outer[j], clear, outer[i], clear);
  }
}

void Mesh::convex(std::span<const Vec2> points, Rgba rim, Rgba centre) {
  if (points.size() < 3) return;
  Vec2 mid;
  for (Vec2 p : points) mid += p;
  mid = mid / static_cast<double>(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    vertex(mid, centre);
    vertex(points[i], rim);
    vertex(points[(i + 1) % points.size()], rim);
  }
  if (feather_ > 0.0) fringe(points, rim);
}

void Mesh::line(Vec2 a, Vec2 b, double width, Rgba colour) {
  const Vec2 d = b - a;
  const double len = length(d);
  if (len <= 0.0) return;
  const Vec2 n = perp(d) * (0.5 * width / len);
  quad(a + n, b + n, b - n, a - n, colour);
}

void Mesh::draw(SDL_Renderer* renderer) const {
  draw_in_runs(renderer, vertices_);  // opaque stretches unblended: same pixels, less work
}

}  // namespace racer
