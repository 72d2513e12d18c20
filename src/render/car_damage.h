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

/// A car's body frame on screen: x forward, y left, origin at the CG (m) -> pixels.
struct BodyFrame {
  const Camera& cam;
  Vec2 origin;     ///< world m, the CG
  double heading;  ///< rad
  Vec2 s(Vec2 local) const;
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
