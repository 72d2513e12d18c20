// The player's marker: the ring (an outline of the body's hull, moved out) and the chevron.
#include "render/car_marker.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/math.h"
#include "render/car_body.h"
#include "render/mesh.h"

namespace racer {

void draw_player_marker(SDL_Renderer* renderer, const Camera& camera, const CarSnapshot& car, const CarSpec& spec,
                        double time_s) {
  const double ppm = camera.pixels_per_metre();
  const double pulse = 0.5 + 0.5 * std::sin(2.0 * kPi * time_s / kMarkerPulsePeriodS);
  const auto to_screen = [&](Vec2 local) { return camera.to_screen(car.position + rotate(local, car.heading)); };
  const Rgba bright{90, 235, 255}, edge{8, 20, 32, 170};
  const BodyShape shape = body_shape(spec);
  Mesh m;
  // Ring: the hull moved out by a gap of at least 4 px, stroked at least 2.5 px wide over a
  // darker, wider stroke that keeps it readable on pale asphalt and kerbs.
  const double gap = std::max(0.16, 4.0 / ppm), width = std::max(2.5, 0.08 * ppm);
  const std::vector<Vec2> ring = offset_convex(shape.hull, gap);
  const Rgba ring_colour = with_alpha(bright, 0.55 + 0.45 * pulse);
  for (int pass = 0; pass < 2; ++pass)
    for (std::size_t i = 0; i < ring.size(); ++i) {
      const Vec2 a = to_screen(ring[i]), b = to_screen(ring[(i + 1) % ring.size()]);
      if (pass == 0) m.line(a, b, width + 2.5, edge);
      else m.line(a, b, width, ring_colour);
    }
  // Chevron ahead of the nose, pointing the way the car faces, bobbing forward with the
  // pulse; at least 22 px long, its two arms convex quads.
  const double size = std::max(1.2, 22.0 / ppm);
  const double tip = shape.extent.front + gap + std::max(0.35, 8.0 / ppm) + size * (0.8 + 0.25 * pulse);
  const double arm = 0.3 * size;
  for (double side : {1.0, -1.0}) {
    std::vector<Vec2> quad{{tip, 0.0}, {tip - 0.7 * size, side * 0.65 * size}, {tip - 0.7 * size - arm, side * 0.65 * size},
                           {tip - arm, 0.0}};
    if (polygon_area(quad) < 0.0) std::reverse(quad.begin(), quad.end());
    std::vector<Vec2> outline = offset_convex(quad, 1.5 / ppm), fill = quad;
    for (Vec2& p : outline) p = to_screen(p);
    for (Vec2& p : fill) p = to_screen(p);
    m.convex(outline, edge);
    m.convex(fill, bright);
  }
  m.draw(renderer);
}

}  // namespace racer
