#pragma once
// Mesh: a batch of coloured triangles in screen pixels, drawn with one SDL_RenderGeometry
// call (SDL 2.0.18+). All shapes are convex; concave ones are built from several.
#include <cstdint>
#include <span>
#include <vector>

#include <SDL.h>

#include "core/vec2.h"

namespace racer {

struct Rgba {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

/// c with every channel scaled by f (alpha kept), clamped.
Rgba shade(Rgba c, double f);
/// Blend of a and b, t in [0, 1].
Rgba mix(Rgba a, Rgba b, double t);
Rgba with_alpha(Rgba c, double alpha01);

class Mesh {
 public:
  /// feather_px: width of the soft (alpha to 0) fringe added around convex shapes, quads
  /// and lines, a cheap anti-aliasing as Dear ImGui does it; 0 = hard edges.
  explicit Mesh(double feather_px = 1.0) : feather_(feather_px) {}
  void clear() { vertices_.clear(); }
  void triangle(Vec2 a, Vec2 b, Vec2 c, Rgba colour);
  /// Colours blend across the triangle.
  void triangle(Vec2 a, Rgba ca, Vec2 b, Rgba cb, Vec2 c, Rgba cc);
  /// Corners in order around the quad.
  void quad(Vec2 a, Vec2 b, Vec2 c, Vec2 d, Rgba colour);
  /// Axis-aligned rectangle, screen pixels; never feathered (tiles must meet exactly).
  void rect(Vec2 min, Vec2 max, Rgba colour);
  /// Convex polygon as a fan from its centroid; `centre` colours the centroid so a
  /// lighter centre gives a gentle domed shading.
  void convex(std::span<const Vec2> points, Rgba rim, Rgba centre);
  void convex(std::span<const Vec2> points, Rgba colour) { convex(points, colour, colour); }
  /// A straight stroke `width` pixels wide.
  void line(Vec2 a, Vec2 b, double width, Rgba colour);
  void draw(SDL_Renderer* renderer) const;
  std::size_t vertex_count() const { return vertices_.size(); }

 private:
  void vertex(Vec2 p, Rgba c);
  void fringe(std::span<const Vec2> points, Rgba colour);
  std::vector<SDL_Vertex> vertices_;
  double feather_;
};

}  // namespace racer
