// Car bodies: every style stays within the car's footprint, the three styles differ where a
// glance tells them apart (roof to the tail, a boot, open wheels), and the polygon helpers
// the drawing relies on (clipping, offsetting) are right.
#include "render/car_body.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "test_paths.h"

namespace racer {
namespace {

constexpr BodyStyle kStyles[] = {BodyStyle::Hatchback, BodyStyle::Sedan, BodyStyle::Racer};

CarSpec shipped(const std::string& name) { return load_car_spec(test::car_path(name)).value(); }

CarSpec with_style(CarSpec spec, BodyStyle style) {
  spec.body.style = style;
  return spec;
}

bool inside(const std::vector<Vec2>& convex, Vec2 p) {
  for (std::size_t i = 0; i < convex.size(); ++i)
    if (cross(convex[(i + 1) % convex.size()] - convex[i], p - convex[i]) < -1e-9) return false;
  return true;
}

const BodyPart* first_part(const BodyShape& s, PartPaint paint) {
  for (const BodyPart& p : s.parts)
    if (p.paint == paint) return &p;
  return nullptr;
}

double min_x(const std::vector<Vec2>& poly) {
  double x = 1e9;
  for (Vec2 p : poly) x = std::min(x, p.x);
  return x;
}

// Every style on every shipped car's dimensions (a racer body on a sedan's must fit too).
TEST(CarBody, EveryStyleStaysWithinTheFootprint) {
  for (const char* name : {"hatchback", "sedan", "racer"})
    for (BodyStyle style : kStyles) {
      const CarSpec spec = with_style(shipped(name), style);
      const BodyShape s = body_shape(spec);
      const Extent& e = s.extent;
      const double slack = kBodyOverhangM + 1e-9;  // mirrors stand 0.14 m out
      const auto within = [&](Vec2 p) {
        return p.x >= e.rear - slack && p.x <= e.front + slack && std::abs(p.y) <= e.half_width + slack;
      };
      SCOPED_TRACE(std::string(name) + " as " + body_style_name(style));
      ASSERT_FALSE(s.parts.empty());
      for (const BodyPart& part : s.parts) {
        EXPECT_GE(part.outline.size(), 3u);
        EXPECT_GT(polygon_area(part.outline), 0.0);  // counter-clockwise, as clipping needs
        for (Vec2 p : part.outline) EXPECT_TRUE(within(p)) << p.x << ", " << p.y;
        if (part.structural) {  // the skin itself stays inside the collision box
          for (Vec2 p : part.outline)
            EXPECT_TRUE(p.x >= e.rear - 1e-9 && p.x <= e.front + 1e-9 && std::abs(p.y) <= e.half_width + 1e-9);
        }
      }
      for (const BodyLine& l : s.lines) EXPECT_TRUE(within(l.a) && within(l.b));
      EXPECT_GT(polygon_area(s.hull), 0.0);
      // The race number's plate, at its largest (two digits), sits on the body.
      EXPECT_TRUE(inside(s.hull, s.number_centre));
      const Vec2 half = Vec2{kPlateLength, kPlateWidth} * (s.number_height_m / 2.0);
      EXPECT_TRUE(within(s.number_centre + half) && within(s.number_centre - half));
      EXPECT_GE(s.number_height_m, 0.4);  // >= 7 px at the camera's most zoomed-out rest zoom (~18.7 px/m)
    }
}

TEST(CarBody, HatchbackRoofRunsToTheTailWhereTheSedanHasABoot) {
  const CarSpec spec = shipped("sedan");  // the same dimensions: only the style differs
  const BodyShape hatch = body_shape(with_style(spec, BodyStyle::Hatchback));
  const BodyShape sedan = body_shape(with_style(spec, BodyStyle::Sedan));
  const BodyPart* hatch_roof = first_part(hatch, PartPaint::Roof);
  const BodyPart* sedan_roof = first_part(sedan, PartPaint::Roof);
  ASSERT_TRUE(hatch_roof && sedan_roof);
  const Extent& e = hatch.extent;
  // Fractions of the length from the rear bumper to the roof's back edge: a hatch's roof
  // ends over the tailgate (< 0.2), a saloon's leaves the rear window and the boot (> 0.3).
  EXPECT_LT((min_x(hatch_roof->outline) - e.rear) / e.length, 0.2);
  EXPECT_GT((min_x(sedan_roof->outline) - e.rear) / e.length, 0.3);
  EXPECT_FALSE(hatch.exposed_wheels);
  EXPECT_FALSE(sedan.exposed_wheels);
}

TEST(CarBody, RacerHasWingsAndItsWheelsInTheOpen) {
  const CarSpec spec = shipped("racer");
  const BodyShape s = body_shape(spec);
  EXPECT_TRUE(s.exposed_wheels);
  EXPECT_EQ(first_part(s, PartPaint::Roof), nullptr);
  EXPECT_NE(first_part(s, PartPaint::Cockpit), nullptr);
  int wings = 0;
  for (const BodyPart& p : s.parts) wings += p.structural && p.paint == PartPaint::Accent;
  EXPECT_EQ(wings, 2);
  // No skin covers a wheel's contact point: the tyres stand in the open.
  const double xf = spec.body.cg_to_front_axle, xr = -spec.rear_axle_to_cg(), y = spec.body.track_width / 2.0;
  for (Vec2 wheel : {Vec2{xf, y}, Vec2{xf, -y}, Vec2{xr, y}, Vec2{xr, -y}})
    for (const BodyPart& p : s.parts)
      if (p.structural) {
        EXPECT_FALSE(inside(p.outline, wheel)) << wheel.x << ", " << wheel.y;
      }
}

TEST(CarBody, StylesDifferInOutline) {
  const CarSpec spec = shipped("hatchback");
  const double hatch = polygon_area(body_shape(with_style(spec, BodyStyle::Hatchback)).hull);
  const double sedan = polygon_area(body_shape(with_style(spec, BodyStyle::Sedan)).hull);
  const double racer = polygon_area(body_shape(with_style(spec, BodyStyle::Racer)).hull);
  // A blunt hatch fills more of its box than a tapered saloon; a racer's skin far less.
  EXPECT_GT(hatch, sedan);
  EXPECT_LT(racer, 0.85 * sedan);
}

TEST(CarBody, ClipAndOffset) {
  const std::vector<Vec2> square{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  const std::vector<Vec2> shifted{{0.5, 0.5}, {1.5, 0.5}, {1.5, 1.5}, {0.5, 1.5}};
  EXPECT_NEAR(polygon_area(clip_convex(square, shifted)), 0.25, 1e-12);
  EXPECT_TRUE(clip_convex(square, {{2, 2}, {3, 2}, {3, 3}, {2, 3}}).empty());
  // Square corners: the miter is exact, the grown square 1.2 m across.
  EXPECT_NEAR(polygon_area(offset_convex(square, 0.1)), 1.44, 1e-12);
  EXPECT_NEAR(polygon_area(offset_convex(square, -0.1)), 0.64, 1e-12);
}

}  // namespace
}  // namespace racer
