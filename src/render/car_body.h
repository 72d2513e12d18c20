#pragma once
// Car bodies seen from above, one shape per BodyStyle (vehicle/car_spec.h), built from the
// car's dimensions: a short hatchback with its roof running to a steep, blunt tail; a
// three-box sedan with a long bonnet, a cabin in the middle and a boot; an open-wheel racer
// with a narrow nose, sidepods, an engine cover, front and rear wings and its wheels in the
// open. Pure geometry in the body frame (x forward, y left, origin at the CG, metres): no
// SDL, no colours, only the paint role of each part; render/car_view.cpp draws it.
//
// Sections: footprint | parts of a body | geometry helpers
#include <vector>

#include "core/vec2.h"
#include "vehicle/car_spec.h"

namespace racer {

// ---------------------------------------------------------------- footprint

/// The car's collision box along its length: rear bumper, front bumper, half width, m in
/// the body frame (the box sim::World collides, centred between the bumpers).
struct Extent {
  double rear = 0.0, front = 0.0, half_width = 0.0, length = 0.0;
  /// x at a fraction of the length from the rear bumper, [0, 1] -> [rear, front].
  double at(double fraction_from_rear) const { return rear + fraction_from_rear * length; }
};
Extent extent_of(const CarSpec& spec);

// ---------------------------------------------------------------- parts of a body

/// What colour a part takes; car_view maps each to the car's livery.
enum class PartPaint {
  Body,          ///< the livery's body colour, domed shading; stripes go over it
  BodyDark,      ///< body colour in shadow (mirrors, shut lines, intakes)
  Roof,          ///< the roof shade of the body colour; stripes go over it
  Accent,        ///< the livery's second colour (wings, helmet)
  Glass,         ///< tinted glass with a glint
  Carbon,        ///< black composite (wing endplates, suspension arms, spoilers)
  Cockpit,       ///< the open cockpit's dark well
  Headlight,
  BrakeLight,    ///< dim, brightened by the brake pedal (with a glow on the road)
  ReverseLight,  ///< lit in reverse
};

/// One convex polygon of the body, counter-clockwise in the body frame, m.
struct BodyPart {
  std::vector<Vec2> outline;
  PartPaint paint = PartPaint::Body;
  bool structural = false;  ///< part of the car's skin: outlined, gets livery, dents and scorch
};

/// A straight detail line (a shut line, a crease, a suspension arm), body frame.
struct BodyLine {
  Vec2 a, b;
  double width_m = 0.03;
  PartPaint paint = PartPaint::BodyDark;
};

struct BodyShape {
  BodyStyle style = BodyStyle::Sedan;
  Extent extent;
  std::vector<BodyPart> parts;   ///< drawn in order, over the tyres
  std::vector<BodyLine> lines;   ///< drawn over the parts, under the number
  std::vector<Vec2> hull;        ///< convex hull of the structural parts (shadow, the player's outline)
  Vec2 number_centre;            ///< where the race number's plate sits, body frame, m
  double number_height_m = 0.5;  ///< digit height, m; the plate is at most kPlateLength x kPlateWidth of it
  bool exposed_wheels = false;   ///< open wheels: drawn at their contact points, tread all across, no arches
};

/// The shape of `spec.body.style` fitted to the spec's length, width, axles and track.
/// Every point lies within the collision box grown by kBodyOverhangM (mirrors, wheels).
BodyShape body_shape(const CarSpec& spec);
/// m; how far mirrors and exposed tyre shoulders may stand outside the collision box.
inline constexpr double kBodyOverhangM = 0.18;
/// The room a race number's plate takes, in digit heights: along the car (two digits and a
/// margin; the number reads along the car, its top towards the car's left) and across it.
inline constexpr double kPlateLength = 1.66;
inline constexpr double kPlateWidth = 1.3;

// ---------------------------------------------------------------- geometry helpers

/// The part of convex polygon `subject` inside convex polygon `clip` (both counter-
/// clockwise; Sutherland-Hodgman). Empty when they do not overlap.
std::vector<Vec2> clip_convex(const std::vector<Vec2>& subject, const std::vector<Vec2>& clip);
/// Convex polygon (counter-clockwise) moved out by `d` m along its vertex normals (in for d < 0).
std::vector<Vec2> offset_convex(const std::vector<Vec2>& polygon, double d);
/// Signed area (positive counter-clockwise), m^2.
double polygon_area(const std::vector<Vec2>& polygon);
/// Appends n + 1 points of the ellipse centred at c with semi-axes (ax, ay), m, from angle
/// a0 to a1, rad (both ends included).
void append_arc(std::vector<Vec2>& out, Vec2 c, double ax, double ay, double a0, double a1, int n);

}  // namespace racer
