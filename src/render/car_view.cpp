// Sections: the car's art (built once per car and livery) | wheels | lights | draw_car
// (the layers). Damage is render/car_damage.
#include "render/car_view.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <vector>

#include "core/math.h"
#include "render/car_damage.h"

namespace racer {
namespace {

using Frame = BodyFrame;

void arc(std::vector<Vec2>& out, Vec2 c, double ax, double ay, double a0, double a1, int n) {
  for (int i = 0; i <= n; ++i) {
    const double a = lerp(a0, a1, static_cast<double>(i) / n);
    out.push_back({c.x + ax * std::cos(a), c.y + ay * std::sin(a)});
  }
}

// ---- the car's art ---------------------------------------------------------------------

/// Everything about a car's look that does not move: the body of its style in its livery,
/// in the body frame. Built once per (shape, livery) and kept in a small cache, so a frame
/// only transforms points.
struct ArtPiece {
  std::vector<Vec2> outline;
  Rgba rim, centre;
};
struct ArtLine {
  Vec2 a, b;
  double width_m;
  Rgba colour;
};
struct CarArt {
  BodyShape shape;
  std::vector<Vec2> shadow;
  std::vector<std::vector<Vec2>> skin;  ///< structural parts inside their outline: scorch and dents clip to these
  std::vector<ArtPiece> pieces;         ///< in drawing order
  std::vector<BodyPart> lamps;          ///< coloured per frame
  std::vector<ArtLine> lines;           ///< shut lines, creases, then the number's strokes
};

constexpr double kOutlineM = 0.05;  ///< m, the dark edge round each skin part
constexpr Rgba kGlass{34, 46, 62}, kGlint{120, 150, 180}, kCarbon{30, 30, 34}, kWell{12, 12, 14};

ArtPiece fill(const std::vector<Vec2>& outline, PartPaint paint, const Livery& l) {
  const Rgba body = l.paint.body;
  switch (paint) {
    case PartPaint::Body: return {outline, shade(body, 0.9), shade(body, 1.22)};
    case PartPaint::BodyDark: return {outline, shade(body, 0.62), shade(body, 0.72)};
    case PartPaint::Roof: return {outline, l.paint.roof, shade(l.paint.roof, 1.25)};
    case PartPaint::Accent: return {outline, shade(l.accent, 0.85), shade(l.accent, 1.1)};
    case PartPaint::Glass: return {outline, kGlass, mix(kGlass, kGlint, 0.3)};
    case PartPaint::Carbon: return {outline, kCarbon, shade(kCarbon, 1.4)};
    case PartPaint::Cockpit: return {outline, kWell, kWell};
    default: return {outline, body, body};  // lamps are coloured per frame
  }
}

bool is_lamp(PartPaint p) { return p == PartPaint::Headlight || p == PartPaint::BrakeLight || p == PartPaint::ReverseLight; }

/// The wheel arch over a tyre of a closed body: the wing's lip, a darker crescent just inside
/// the body line, so the tyres read as tucked under the body rather than stuck on it.
ArtPiece arch(const Extent& e, double wheel_x, double side, double half_len, Rgba body) {
  const double x0 = wheel_x - half_len - 0.10, x1 = wheel_x + half_len + 0.10;
  std::vector<Vec2> lip;
  arc(lip, {(x0 + x1) / 2.0, side * (e.half_width + 0.02)}, (x1 - x0) / 2.0, side * 0.12, 0.0, -kPi, 10);
  return {lip, shade(body, 0.62), shade(body, 0.75)};
}

CarArt build_art(const CarSpec& spec, const Livery& l) {
  CarArt art;
  art.shape = body_shape(spec);
  const BodyShape& s = art.shape;
  art.shadow = offset_convex(s.hull, 0.04);
  const std::vector<std::vector<Vec2>> pattern = pattern_shapes(l.pattern, s.extent);
  bool arches_done = s.exposed_wheels;
  for (const BodyPart& p : s.parts) {
    if (is_lamp(p.paint)) {
      art.lamps.push_back(p);
      continue;
    }
    std::vector<Vec2> paintable = p.outline;
    if (p.structural) {
      art.pieces.push_back({p.outline, shade(p.paint == PartPaint::Accent ? l.accent : l.paint.body, 0.5),
                            shade(p.paint == PartPaint::Accent ? l.accent : l.paint.body, 0.5)});
      paintable = offset_convex(p.outline, -kOutlineM);
      art.skin.push_back(paintable);
    }
    art.pieces.push_back(fill(paintable, p.paint, l));
    if (p.paint == PartPaint::Body || p.paint == PartPaint::Roof)
      for (const std::vector<Vec2>& band : pattern) {
        std::vector<Vec2> piece = clip_convex(band, paintable);
        if (!piece.empty()) art.pieces.push_back({std::move(piece), shade(l.accent, 0.9), l.accent});
      }
    if (!arches_done && p.structural) {  // over the shell and its livery, under the cabin
      const double half_len = spec.tyre.radius * 0.98;
      for (double side : {1.0, -1.0}) {
        art.pieces.push_back(arch(s.extent, spec.body.cg_to_front_axle, side, half_len, l.paint.body));
        art.pieces.push_back(arch(s.extent, -spec.rear_axle_to_cg(), side, half_len, l.paint.body));
      }
      arches_done = true;
    }
  }
  for (const BodyLine& line : s.lines) {
    const Rgba c = line.paint == PartPaint::Carbon ? kCarbon : line.paint == PartPaint::Glass ? kGlass : shade(l.paint.body, 0.62);
    art.lines.push_back({line.a, line.b, line.width_m, c});
  }
  if (l.number >= 0 && l.number <= 99) {  // a plate with the number, reading along the car, its top to the left
    const double h = s.number_height_m;
    const Vec2 half = number_plate_size(l.number) * (h / 2.0), c = s.number_centre;
    const std::vector<Vec2> plate{{c.x - half.x, c.y - half.y}, {c.x + half.x, c.y - half.y},
                                  {c.x + half.x, c.y + half.y}, {c.x - half.x, c.y + half.y}};
    art.pieces.push_back({plate, shade(l.plate, 0.86), l.plate});
    const auto at = [&](Vec2 g) { return c + g * h; };  // glyph right = forward, glyph up = the car's left
    for (const GlyphStroke& g : number_strokes(l.number)) art.lines.push_back({at(g.a), at(g.b), kStrokeWidth * h, l.ink});
  }
  return art;
}

bool same(Rgba a, Rgba b) { return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a; }

/// The art for this car, from a small cache keyed by everything build_art reads.
const CarArt& art_for(const CarSpec& spec, const Livery& l) {
  struct Entry {
    std::array<double, 8> geometry;
    BodyStyle style;
    Livery livery;
    std::unique_ptr<CarArt> art;
  };
  static std::vector<Entry> cache;  // the render thread only
  const BodySpec& b = spec.body;
  const std::array<double, 8> geometry{b.length, b.width, b.wheelbase, b.cg_to_front_axle, b.track_width,
                                       spec.tyre.radius, spec.tyre.width, 0.0};
  for (const Entry& e : cache)
    if (e.geometry == geometry && e.style == b.style && e.livery.pattern == l.pattern && e.livery.number == l.number &&
        same(e.livery.paint.body, l.paint.body) && same(e.livery.paint.roof, l.paint.roof) && same(e.livery.accent, l.accent) &&
        same(e.livery.plate, l.plate) && same(e.livery.ink, l.ink))
      return *e.art;
  if (cache.size() >= 64) cache.clear();  // a field has at most a dozen looks; more means specs were edited
  cache.push_back({geometry, b.style, l, std::make_unique<CarArt>(build_art(spec, l))});
  return *cache.back().art;
}

// ---- wheels ----------------------------------------------------------------------------

/// Where a tyre is drawn, in the body frame. On a closed body the physical contact points
/// sit inside the body's width (a real car hides its tyres under the wings); drawn there
/// they would be invisible from above, so the drawn tyres sit a little wider, their outer
/// shoulders showing beyond the body line as on any top-down car. A racer's wheels stand
/// in the open at their contact points.
struct TyreLook {
  Vec2 centre;        ///< m, body frame
  double half_len;    ///< m, along the wheel
  double half_width;  ///< m, across it
};

TyreLook tyre_look(const CarSnapshot& car, const WheelSnapshot& w, const TyreSpec& tyre, const BodyShape& shape) {
  Vec2 local = rotate(w.position - car.position, -car.heading);
  const double half_width = std::max(tyre.width * 1.15, 0.2) / 2.0;
  if (!shape.exposed_wheels) {
    const double out = shape.extent.half_width + 0.03;  // centre line just outside the body: over half the tread shows
    local.y = local.y >= 0.0 ? std::max(local.y, out) : std::min(local.y, -out);
  }
  return {local, tyre.radius * 0.98, half_width};
}

void draw_tyre(Mesh& m, const Frame& body, const TyreLook& t, const WheelSnapshot& w, double side, bool exposed) {
  const Frame f{body.cam, body.origin + rotate(t.centre, body.heading), body.heading + w.steer};
  const double l = t.half_len, hw = t.half_width;
  f.box(m, -l, l, -hw, hw, Rgba{16, 16, 18});
  // Tread blocks that run with the wheel's spin (readable at low speed), on the half that
  // shows (all across on an open wheel).
  constexpr double kPitch = 0.16;
  const double offset = std::fmod(std::fmod(w.spin_angle * t.half_len, kPitch) + kPitch, kPitch);  // half_len ~ radius
  const double y0 = exposed ? -hw + 0.035 : side > 0.0 ? 0.0 : -hw + 0.035;
  const double y1 = exposed ? hw - 0.035 : side > 0.0 ? hw - 0.035 : 0.0;
  for (double x = -l + offset; x + 0.05 < l; x += kPitch) f.box(m, x, x + 0.05, y0, y1, Rgba{40, 40, 44});
  // Sidewall: a thin lighter rim along the outer edge.
  f.box(m, -l + 0.05, l - 0.05, side > 0.0 ? hw - 0.035 : -hw, side > 0.0 ? hw : -hw + 0.035, Rgba{96, 96, 102});
}

// ---- lights ----------------------------------------------------------------------------

void draw_lamps(Mesh& m, const Frame& f, const CarArt& art, const CarSnapshot& car) {
  const double b = clamp01(car.brake);
  for (const BodyPart& lamp : art.lamps) {
    Rgba c{255, 248, 214};
    if (lamp.paint == PartPaint::BrakeLight) c = mix(Rgba{110, 14, 14}, Rgba{255, 40, 34}, b);
    if (lamp.paint == PartPaint::ReverseLight) c = car.gear < 0 ? Rgba{250, 250, 250} : Rgba{150, 140, 140};
    m.convex(f.s(lamp.outline), shade(c, 0.85), c);
    if (lamp.paint != PartPaint::BrakeLight || b <= 0.0) continue;
    Vec2 centre{};  // a glow on the road behind the lamp
    for (Vec2 p : lamp.outline) centre += p / static_cast<double>(lamp.outline.size());
    const Vec2 c0{art.shape.extent.rear - 0.05, centre.y};
    std::vector<Vec2> glow;
    arc(glow, c0, 0.9, 0.6, 0.5 * kPi, 1.5 * kPi, 8);
    glow.push_back(c0 + Vec2{0.15, -0.3});
    glow.push_back(c0 + Vec2{0.15, 0.3});
    m.convex(f.s(glow), Rgba{255, 30, 20, 0}, Rgba{255, 40, 30, static_cast<std::uint8_t>(150.0 * b)});
  }
}

}  // namespace

Vec2 drawn_tyre_position(const CarSnapshot& car, std::size_t i, const CarSpec& spec) {
  const TyreLook t = tyre_look(car, car.wheels[i], spec.tyre, art_for(spec, Livery{}).shape);
  return car.position + rotate(t.centre, car.heading);
}

// ---- draw_car: the order of the layers ------------------------------------------------

void draw_car(SDL_Renderer* renderer, const Camera& camera, const CarSnapshot& car, const CarSpec& spec,
              const Livery& livery) {
  // A car wholly out of view is left out (its thousand triangles would all be clipped):
  // everything drawn lies within its length (tyres, body, the brake glow) plus the
  // shadow's offset from the centre; 2 m of slack.
  const double reach = spec.body.length + 2.0;
  const Vec2 lo = camera.visible_min(), hi = camera.visible_max();
  if (!(car.position.x > lo.x - reach && car.position.x < hi.x + reach && car.position.y > lo.y - reach &&
        car.position.y < hi.y + reach))
    return;
  const CarArt& art = art_for(spec, livery);
  const Frame body{camera, car.position, car.heading};
  const Frame shadow{camera, car.position + Vec2{0.18, -0.26}, car.heading};
  Mesh m;
  m.convex(shadow.s(art.shadow), Rgba{0, 0, 0, 60}, Rgba{0, 0, 0, 110});
  for (std::size_t i = 0; i < car.wheels.size(); ++i) {  // tyres first: a closed body covers their inner halves
    const TyreLook t = tyre_look(car, car.wheels[i], spec.tyre, art.shape);
    draw_tyre(m, body, t, car.wheels[i], t.centre.y > 0.0 ? 1.0 : -1.0, art.shape.exposed_wheels);
  }
  for (const ArtPiece& p : art.pieces) m.convex(body.s(p.outline), p.rim, p.centre);
  draw_lamps(m, body, art, car);
  for (const ArtLine& l : art.lines) m.line(body.s(l.a), body.s(l.b), body.px(l.width_m), l.colour);
  draw_damage(m, body, art.shape, art.skin, car.damage, livery.paint.body);  // over all (nothing when damage is off)
  m.draw(renderer);
}

void draw_car(SDL_Renderer* renderer, const Camera& camera, const CarSnapshot& car, const CarSpec& spec,
              const CarPaint& paint) {
  draw_car(renderer, camera, car, spec, plain_livery(paint));
}

}  // namespace racer
