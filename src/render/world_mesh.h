#pragma once
// WorldMesh: coloured triangles in world metres, built once (a track's road, kerbs, walls)
// and drawn every frame through the camera. Triangles are bucketed into square tiles; a
// draw transforms only the tiles in view to pixels and sends them in one
// SDL_RenderGeometry call. Soft edges are explicit fringes (alpha to 0) of a width in
// metres, since the mesh does not know the zoom it will be drawn at.
#include <cstddef>
#include <span>
#include <vector>

#include <SDL.h>

#include "core/vec2.h"
#include "render/camera.h"
#include "render/mesh.h"

namespace racer {

class WorldMesh {
 public:
  /// tile_m: side of the culling tiles, m.
  explicit WorldMesh(double tile_m = 64.0) : tile_(tile_m) {}

  void clear();
  void triangle(Vec2 a, Rgba ca, Vec2 b, Rgba cb, Vec2 c, Rgba cc);
  void triangle(Vec2 a, Vec2 b, Vec2 c, Rgba colour) { triangle(a, colour, b, colour, c, colour); }
  /// Corners in order around the quad.
  void quad(Vec2 a, Vec2 b, Vec2 c, Vec2 d, Rgba colour);
  /// Quad with a colour per corner.
  void quad(Vec2 a, Rgba ca, Vec2 b, Rgba cb, Vec2 c, Rgba cc, Vec2 d, Rgba cd);
  /// Convex polygon as a fan from its centroid (lighter `centre` gives a domed look).
  void convex(std::span<const Vec2> points, Rgba rim, Rgba centre);
  void convex(std::span<const Vec2> points, Rgba colour) { convex(points, colour, colour); }
  /// Any simple polygon (concave allowed), ear-clipped.
  void polygon(const std::vector<Vec2>& points, Rgba colour);
  /// Disc and annulus, `segments` around.
  void disc(Vec2 centre, double radius, Rgba rim, Rgba middle, int segments = 20);
  void ring(Vec2 centre, double r_in, double r_out, Rgba colour, int segments = 20);
  /// A band along a polyline from `left` metres left of it to `right` metres right of it
  /// (either may be negative), with mitred joins; closed joins the last point to the first.
  void ribbon(std::span<const Vec2> line, bool closed, double left, double right, Rgba colour);
  /// A soft edge along a polyline: from the line (colour) `width` metres out to its left
  /// (alpha 0); a negative width fades to the right.
  void fringe(std::span<const Vec2> line, bool closed, double width, Rgba colour);
  /// A straight stroke `width` metres wide.
  void line(Vec2 a, Vec2 b, double width, Rgba colour);

  void draw(SDL_Renderer* renderer, const Camera& camera) const;
  std::size_t triangle_count() const { return triangles_; }

 private:
  struct Vertex {
    Vec2 p;
    SDL_Color c;
  };
  struct Tile {
    long long key = 0;
    Vec2 lo{1e300, 1e300}, hi{-1e300, -1e300};
    std::vector<Vertex> vertices;
  };
  Tile& tile_for(Vec2 p);

  double tile_;
  std::vector<Tile> tiles_;
  std::vector<std::size_t> lookup_;  ///< hash slots into tiles_ (open addressing)
  std::size_t triangles_ = 0;
  mutable std::vector<SDL_Vertex> scratch_;
};

/// Offsets of a polyline by `d` metres to its left with mitred joins (miter capped at 3x).
std::vector<Vec2> offset_polyline(std::span<const Vec2> line, bool closed, double d);

}  // namespace racer
