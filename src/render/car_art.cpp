// A car's art and the pieces of draw_car. Sections: the art (built once per car and
// livery) | drawing it | tyres | shadow.
#include "render/car_art.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>

#include "core/math.h"

namespace racer {
namespace {

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
  append_arc(lip, {(x0 + x1) / 2.0, side * (e.half_width + 0.02)}, (x1 - x0) / 2.0, side * 0.12, 0.0, -kPi, 10);
  return {lip, shade(body, 0.62), shade(body, 0.75)};
}

/// The brake light's glow on the road behind the lamp, body frame.
std::vector<Vec2> brake_glow(const BodyPart& lamp, const Extent& e) {
  Vec2 centre{};
  for (Vec2 p : lamp.outline) centre += p / static_cast<double>(lamp.outline.size());
  const Vec2 c0{e.rear - 0.05, centre.y};
  std::vector<Vec2> glow;
  append_arc(glow, c0, 0.9, 0.6, 0.5 * kPi, 1.5 * kPi, 8);
  glow.push_back(c0 + Vec2{0.15, -0.3});
  glow.push_back(c0 + Vec2{0.15, 0.3});
  return glow;
}

struct Box {
  Vec2 lo{1e9, 1e9}, hi{-1e9, -1e9};
  void add(Vec2 p, double grow = 0.0) {
    lo = {std::min(lo.x, p.x - grow), std::min(lo.y, p.y - grow)};
    hi = {std::max(hi.x, p.x + grow), std::max(hi.y, p.y + grow)};
  }
  bool overlaps(const Box& o) const { return lo.x <= o.hi.x && o.lo.x <= hi.x && lo.y <= o.hi.y && o.lo.y <= hi.y; }
};

/// Which lines to draw again over lit lamps: those whose box (grown by half their width and
/// 0.1 m for the feathered rims at any zoom) meets a brake or reverse lamp's or a glow's box.
std::vector<std::size_t> lines_over_lamps(const CarArt& art) {
  std::vector<Box> lit;
  for (const BodyPart& lamp : art.lamps) {
    if (lamp.paint == PartPaint::Headlight) continue;
    Box b;
    for (Vec2 p : lamp.outline) b.add(p, 0.1);
    lit.push_back(b);
    if (lamp.paint != PartPaint::BrakeLight) continue;
    Box g;
    for (Vec2 p : brake_glow(lamp, art.shape.extent)) g.add(p, 0.1);
    lit.push_back(g);
  }
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < art.lines.size(); ++i) {
    Box b;
    b.add(art.lines[i].a, art.lines[i].width_m / 2.0);
    b.add(art.lines[i].b, art.lines[i].width_m / 2.0);
    if (std::any_of(lit.begin(), lit.end(), [&](const Box& l) { return l.overlaps(b); })) out.push_back(i);
  }
  return out;
}

CarArt build_art(const CarSpec& spec, const Livery& l, std::uint64_t model_id) {
  static std::uint64_t next_id = 1;
  CarArt art;
  art.id = next_id++;
  art.model_id = model_id;
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
  art.lines_over_lamps = lines_over_lamps(art);
  Box b;
  for (const ArtPiece& p : art.pieces)
    for (Vec2 q : p.outline) b.add(q);
  for (const BodyPart& p : art.lamps)
    for (Vec2 q : p.outline) b.add(q);
  for (const ArtLine& line : art.lines) {
    b.add(line.a, line.width_m / 2.0);
    b.add(line.b, line.width_m / 2.0);
  }
  art.lo = b.lo;
  art.hi = b.hi;
  Box lit;
  for (const BodyPart& lamp : art.lamps) {
    if (lamp.paint != PartPaint::BrakeLight) continue;
    art.has_brake_lights = true;
    for (Vec2 q : lamp.outline) lit.add(q);
    for (Vec2 q : brake_glow(lamp, s.extent)) lit.add(q);
  }
  for (std::size_t i : art.lines_over_lamps) {
    lit.add(art.lines[i].a, art.lines[i].width_m / 2.0);
    lit.add(art.lines[i].b, art.lines[i].width_m / 2.0);
  }
  art.brake_lo = lit.lo;
  art.brake_hi = lit.hi;
  // The sizes draw_car draws each axle's tyres at (the centre found there is not used).
  const TyreLook front = tyre_look(CarSnapshot{}, WheelSnapshot{}, spec.tyre, s);
  const TyreLook rear = tyre_look(CarSnapshot{}, WheelSnapshot{}, spec.wheel_tyre(2), s);
  art.tyre_half_len = front.half_len;
  art.tyre_half_width = front.half_width;
  art.rear_tyre_half_len = rear.half_len;
  art.rear_tyre_half_width = rear.half_width;
  return art;
}

bool same(Rgba a, Rgba b) { return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a; }

}  // namespace

const CarArt& art_for(const CarSpec& spec, const Livery& l) {
  struct Entry {
    std::array<double, 9> geometry;
    BodyStyle style;
    Livery livery;
    std::unique_ptr<CarArt> art;
  };
  static std::vector<Entry> cache;  // the render thread only
  const BodySpec& b = spec.body;
  const TyreSpec& rear = spec.wheel_tyre(2);
  const std::array<double, 9> geometry{b.length, b.width, b.wheelbase, b.cg_to_front_axle, b.track_width,
                                       spec.tyre.radius, spec.tyre.width, rear.radius, rear.width};
  for (const Entry& e : cache)
    if (e.geometry == geometry && e.style == b.style && e.livery.pattern == l.pattern && e.livery.number == l.number &&
        same(e.livery.paint.body, l.paint.body) && same(e.livery.paint.roof, l.paint.roof) && same(e.livery.accent, l.accent) &&
        same(e.livery.plate, l.plate) && same(e.livery.ink, l.ink))
      return *e.art;
  // The model's id: the same geometry and style as another art's, or a new one.
  static std::uint64_t next_model = 1;
  std::uint64_t model_id = 0;
  for (const Entry& e : cache)
    if (e.geometry == geometry && e.style == b.style) model_id = e.art->model_id;
  if (model_id == 0) model_id = next_model++;
  if (cache.size() >= 64) cache.clear();  // a field has at most a dozen looks; more means specs were edited
  cache.push_back({geometry, b.style, l, std::make_unique<CarArt>(build_art(spec, l, model_id))});
  return *cache.back().art;
}

// ---- drawing it ------------------------------------------------------------------------

LampState lamp_state(const CarSnapshot& car) { return {clamp01(car.brake), car.gear < 0}; }

namespace {

void draw_lamp(Mesh& m, const BodyFrame& f, const CarArt& art, const BodyPart& lamp, const LampState& state) {
  Rgba c{255, 248, 214};
  if (lamp.paint == PartPaint::BrakeLight) c = mix(Rgba{110, 14, 14}, Rgba{255, 40, 34}, state.brake);
  if (lamp.paint == PartPaint::ReverseLight) c = state.reverse ? Rgba{250, 250, 250} : Rgba{150, 140, 140};
  m.convex(f.s(lamp.outline), shade(c, 0.85), c);
  if (lamp.paint != PartPaint::BrakeLight || state.brake <= 0.0) return;
  m.convex(f.s(brake_glow(lamp, art.shape.extent)), Rgba{255, 30, 20, 0},
           Rgba{255, 40, 30, static_cast<std::uint8_t>(150.0 * state.brake)});
}

}  // namespace

void draw_art(Mesh& m, const BodyFrame& f, const CarArt& art, const LampState& lamps) {
  for (const ArtPiece& p : art.pieces) m.convex(f.s(p.outline), p.rim, p.centre);
  for (const BodyPart& lamp : art.lamps) draw_lamp(m, f, art, lamp, lamps);
  for (const ArtLine& l : art.lines) m.line(f.s(l.a), f.s(l.b), f.px(l.width_m), l.colour);
}

void draw_lit_lamps(Mesh& m, const BodyFrame& f, const CarArt& art, const LampState& lamps, bool brake_lights) {
  const bool brake = brake_lights && lamps.brake > 0.0;
  if (!brake && !lamps.reverse) return;
  for (const BodyPart& lamp : art.lamps)
    if ((lamp.paint == PartPaint::BrakeLight && brake) || (lamp.paint == PartPaint::ReverseLight && lamps.reverse))
      draw_lamp(m, f, art, lamp, lamps);
  for (std::size_t i : art.lines_over_lamps) {
    const ArtLine& l = art.lines[i];
    m.line(f.s(l.a), f.s(l.b), f.px(l.width_m), l.colour);
  }
}

// ---- tyres -----------------------------------------------------------------------------

// On a closed body the physical contact points sit inside the body's width (a real car
// hides its tyres under the wings); drawn there they would be invisible from above, so the
// drawn tyres sit a little wider, their outer shoulders showing beyond the body line as on
// any top-down car. A racer's wheels stand in the open at their contact points.
TyreLook tyre_look(const CarSnapshot& car, const WheelSnapshot& w, const TyreSpec& tyre, const BodyShape& shape) {
  Vec2 local = rotate(w.position - car.position, -car.heading);
  const double half_width = std::max(tyre.width * 1.15, 0.2) / 2.0;
  if (!shape.exposed_wheels) {
    const double out = shape.extent.half_width + 0.03;  // centre line just outside the body: over half the tread shows
    local.y = local.y >= 0.0 ? std::max(local.y, out) : std::min(local.y, -out);
  }
  return {local, tyre.radius * 0.98, half_width};
}

double tread_offset(const WheelSnapshot& w, const TyreLook& t) {
  return std::fmod(std::fmod(w.spin_angle * t.half_len, kTreadPitchM) + kTreadPitchM, kTreadPitchM);  // half_len ~ radius
}

void draw_tyre(Mesh& m, const BodyFrame& f, const TyreLook& t, double tread_offset_m, double side, bool exposed) {
  const double l = t.half_len, hw = t.half_width;
  f.box(m, -l, l, -hw, hw, Rgba{16, 16, 18});
  // Tread blocks that run with the wheel's spin (readable at low speed), on the half that
  // shows (all across on an open wheel).
  const double y0 = exposed ? -hw + 0.035 : side > 0.0 ? 0.0 : -hw + 0.035;
  const double y1 = exposed ? hw - 0.035 : side > 0.0 ? hw - 0.035 : 0.0;
  for (double x = -l + tread_offset_m; x + kTreadBlockM < l; x += kTreadPitchM) f.box(m, x, x + kTreadBlockM, y0, y1, Rgba{40, 40, 44});
  // Sidewall: a thin lighter rim along the outer edge.
  f.box(m, -l + 0.05, l - 0.05, side > 0.0 ? hw - 0.035 : -hw, side > 0.0 ? hw : -hw + 0.035, Rgba{96, 96, 102});
}

// ---- shadow ----------------------------------------------------------------------------

void draw_shadow(Mesh& m, const BodyFrame& f, const CarArt& art) {
  m.convex(f.s(art.shadow), Rgba{0, 0, 0, 60}, Rgba{0, 0, 0, 110});
}

}  // namespace racer
