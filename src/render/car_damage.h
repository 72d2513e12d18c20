#pragma once
// Damage on a car's drawn body, where sim::World recorded it (vehicle/damage.h); visual
// only. Each hit zone's skin is darkened from the hit edge inward by the zone's level
// (scorched, crumpled paint), in four uniform bands; dents are dark patches pushed in from
// the outline (bigger and darker with their severity, with crease lines), scuffs are
// scratch lines along the panel, and wall scrapes one more line per 4 m slid on a side, up
// to five. The sim puts marks on the collision box; they are moved in onto the body's hull
// and everything is clipped to its skin (a racer's dents stay on its bodywork).
#include <vector>

#include "render/camera.h"
#include "render/car_body.h"
#include "render/mesh.h"
#include "vehicle/damage.h"

namespace racer {

/// A car's body frame drawn somewhere: x forward, y left, origin at the CG (m) -> pixels,
/// an affine map (on screen through the camera, or into a texture of the car's art).
struct BodyFrame {
  Vec2 origin;       ///< px, where the body frame's origin lands
  Vec2 x_axis;       ///< px per m along the body's x (forward)
  Vec2 y_axis;       ///< px per m along the body's y (left)
  double ppm = 1.0;  ///< px per m (the axes' length)
  /// The car with its CG at `origin_m` (world m) and `heading` (rad) through the camera.
  static BodyFrame on_screen(const Camera& cam, Vec2 origin_m, double heading);
  /// This frame moved to `local` (m, this frame) and turned by `angle` (rad, counter-clockwise).
  BodyFrame moved(Vec2 local, double angle = 0.0) const;
  Vec2 s(Vec2 local) const { return origin + x_axis * local.x + y_axis * local.y; }
  std::vector<Vec2> s(const std::vector<Vec2>& local) const;
  /// Rectangle [x0, x1] x [y0, y1] in the body frame.
  void box(Mesh& m, double x0, double x1, double y0, double y1, Rgba c) const;
  /// Pixels for a width in metres, at least 1.
  double px(double metres) const;
};

/// Adds the damage `d` to `m`. `skin`: the body's structural parts, convex and
/// counter-clockwise in the body frame, inside their outline; `paint` the body colour.
void draw_damage(Mesh& m, const BodyFrame& f, const BodyShape& shape, const std::vector<std::vector<Vec2>>& skin,
                 const DamageSummary& d, Rgba paint);

}  // namespace racer
