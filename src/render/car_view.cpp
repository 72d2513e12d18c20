// Sections: frame and outline | lights | glass and roof | wheels | damage | draw_car (the layers).
#include "render/car_view.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "core/math.h"

namespace racer {
namespace {

// ---- frame and outline ---------------------------------------------------------------

/// Body frame: x forward, y left, origin at the CG; maps to screen pixels.
struct Frame {
  const Camera& cam;
  Vec2 origin;
  double heading;
  Vec2 s(Vec2 local) const { return cam.to_screen(origin + rotate(local, heading)); }
  std::vector<Vec2> s(const std::vector<Vec2>& local) const {
    std::vector<Vec2> out;
    out.reserve(local.size());
    for (Vec2 p : local) out.push_back(s(p));
    return out;
  }
  /// Rectangle [x0, x1] x [y0, y1] in the body frame.
  void box(Mesh& m, double x0, double x1, double y0, double y1, Rgba c) const {
    m.quad(s({x0, y0}), s({x1, y0}), s({x1, y1}), s({x0, y1}), c);
  }
};

/// The car's extent along its length: rear bumper, front bumper, half width (m, body frame).
struct Extent {
  double rear, front, half_width, length;
  double at(double fraction_from_rear) const { return rear + fraction_from_rear * length; }
};

Extent extent_of(const CarSpec& spec) {
  const BodySpec& b = spec.body;
  const double centre_x = (b.cg_to_front_axle - spec.rear_axle_to_cg()) / 2.0;  // as the body box
  return {centre_x - b.length / 2.0, centre_x + b.length / 2.0, b.width / 2.0, b.length};
}

/// Appends a quarter ellipse centred at c with semi-axes (ax, ay), from angle a0 to a1.
void arc(std::vector<Vec2>& out, Vec2 c, double ax, double ay, double a0, double a1, int n) {
  for (int i = 0; i <= n; ++i) {
    const double a = lerp(a0, a1, static_cast<double>(i) / n);
    out.push_back({c.x + ax * std::cos(a), c.y + ay * std::sin(a)});
  }
}

/// Convex outline, counter-clockwise: a rounded, slightly tapered nose, a softer tail.
std::vector<Vec2> body_outline(const Extent& e, double grow) {
  const double hw = e.half_width + grow, front = e.front + grow, rear = e.rear - grow;
  const double nose_x = std::min(0.55, 0.14 * e.length), nose_y = 0.40 * hw;
  const double tail_x = std::min(0.32, 0.08 * e.length), tail_y = 0.24 * hw;
  std::vector<Vec2> out;
  constexpr double h = kPi / 2.0;
  arc(out, {front - nose_x, hw - nose_y}, nose_x, nose_y, 0.0, h, 6);          // front left
  arc(out, {rear + tail_x, hw - tail_y}, tail_x, tail_y, h, 2.0 * h, 4);       // rear left
  arc(out, {rear + tail_x, -hw + tail_y}, tail_x, tail_y, 2.0 * h, 3.0 * h, 4);// rear right
  arc(out, {front - nose_x, -hw + nose_y}, nose_x, nose_y, 3.0 * h, 4.0 * h, 6);// front right
  return out;
}

// ---- lights ----------------------------------------------------------------------------

void draw_lights(Mesh& m, const Frame& f, const Extent& e, const CarSnapshot& car) {
  const double hw = e.half_width;
  // Headlights: pale lamps in the nose corners.
  for (double side : {1.0, -1.0}) {
    const double y0 = side * 0.46 * hw, y1 = side * 0.80 * hw;
    m.quad(f.s({e.front - 0.24, y0}), f.s({e.front - 0.07, y0}), f.s({e.front - 0.16, y1}),
           f.s({e.front - 0.30, y1}), Rgba{255, 248, 214});
  }
  // Brake lights: dim red, bright with the pedal, with a glow on the road.
  const double b = clamp01(car.brake);
  const Rgba lamp = mix(Rgba{110, 14, 14}, Rgba{255, 40, 34}, b);
  for (double side : {1.0, -1.0}) {
    const double y0 = side * 0.56 * hw, y1 = side * 0.90 * hw;
    f.box(m, e.rear + 0.02, e.rear + 0.14, y0, y1, lamp);
    if (car.gear < 0) f.box(m, e.rear + 0.02, e.rear + 0.12, side * 0.40 * hw, side * 0.54 * hw, Rgba{250, 250, 250});
    if (b > 0.0) {
      const Vec2 c{e.rear - 0.05, side * 0.73 * hw};
      std::vector<Vec2> glow;
      arc(glow, c, 0.9, 0.6, 0.5 * kPi, 1.5 * kPi, 8);
      glow.push_back(c + Vec2{0.15, -0.3});
      glow.push_back(c + Vec2{0.15, 0.3});
      m.convex(f.s(glow), Rgba{255, 30, 20, 0}, Rgba{255, 40, 30, static_cast<std::uint8_t>(150.0 * b)});
    }
  }
}

// ---- glass and roof --------------------------------------------------------------------

void draw_cabin(Mesh& m, const Frame& f, const Extent& e, const CarPaint& paint) {
  const double hw = e.half_width;
  const Rgba glass{34, 46, 62}, glint{120, 150, 180};
  const double rw0 = e.at(0.15), rw1 = e.at(0.26), roof1 = e.at(0.56), ws1 = e.at(0.71);
  // Side windows: a dark band either side of the roof.
  for (double side : {1.0, -1.0})
    m.quad(f.s({rw1 - 0.05, side * 0.70 * hw}), f.s({roof1 + 0.05, side * 0.72 * hw}),
           f.s({roof1 + 0.05, side * 0.86 * hw}), f.s({rw1 - 0.05, side * 0.82 * hw}), glass);
  // Windscreen: wide at the bonnet, narrower at the roof, bowed forward.
  std::vector<Vec2> ws{{roof1, -0.74 * hw}, {ws1 - 0.05, -0.86 * hw}, {ws1 + 0.02, -0.45 * hw},
                       {ws1 + 0.05, 0.0}, {ws1 + 0.02, 0.45 * hw}, {ws1 - 0.05, 0.86 * hw}, {roof1, 0.74 * hw}};
  m.convex(f.s(ws), glass, mix(glass, glint, 0.35));
  // Rear window.
  std::vector<Vec2> rw{{rw0, 0.66 * hw}, {rw0 - 0.02, 0.0}, {rw0, -0.66 * hw}, {rw1, -0.74 * hw}, {rw1, 0.74 * hw}};
  m.convex(f.s(rw), glass, mix(glass, glint, 0.2));
  // Roof panel with a soft highlight.
  std::vector<Vec2> roof{{rw1, -0.72 * hw}, {roof1, -0.72 * hw}, {roof1 + 0.03, 0.0}, {roof1, 0.72 * hw}, {rw1, 0.72 * hw}, {rw1 - 0.03, 0.0}};
  m.convex(f.s(roof), paint.roof, shade(paint.roof, 1.25));
  // Mirrors at the foot of the windscreen.
  for (double side : {1.0, -1.0})
    m.quad(f.s({ws1 - 0.12, side * hw * 0.96}), f.s({ws1 - 0.02, side * hw * 0.96}),
           f.s({ws1 - 0.08, side * (hw + 0.16)}), f.s({ws1 - 0.2, side * (hw + 0.16)}), shade(paint.body, 0.7));
  // Bonnet crease lines.
  for (double side : {1.0, -1.0})
    m.line(f.s({ws1 + 0.15, side * 0.35 * hw}), f.s({e.front - 0.35, side * 0.28 * hw}),
           std::max(1.0, 0.03 * f.cam.pixels_per_metre()), shade(paint.body, 0.82));
}

// ---- wheels ----------------------------------------------------------------------------

/// Where a tyre is drawn, in the body frame. The physical contact points sit inside the
/// body's width (a real car hides its tyres under the wings); drawn there they would be
/// invisible from above, so the drawn tyres sit a little wider, their outer shoulders
/// showing beyond the body line as on any top-down car, the steered fronts swinging out.
struct TyreLook {
  Vec2 centre;        ///< m, body frame
  double half_len;    ///< m, along the wheel
  double half_width;  ///< m, across it
};

TyreLook tyre_look(const CarSnapshot& car, const WheelSnapshot& w, const TyreSpec& tyre, const Extent& e) {
  Vec2 local = rotate(w.position - car.position, -car.heading);
  const double half_width = std::max(tyre.width * 1.15, 0.2) / 2.0;
  const double out = e.half_width + 0.03;  // centre line just outside the body: over half the tread shows
  local.y = local.y >= 0.0 ? std::max(local.y, out) : std::min(local.y, -out);
  return {local, tyre.radius * 0.98, half_width};
}

void draw_tyre(Mesh& m, const Frame& body, const TyreLook& t, const WheelSnapshot& w, double side) {
  const Frame f{body.cam, body.origin + rotate(t.centre, body.heading),
                body.heading + w.steer};
  const double l = t.half_len, hw = t.half_width;
  f.box(m, -l, l, -hw, hw, Rgba{16, 16, 18});
  // Tread blocks that run with the wheel's spin (readable at low speed), on the outer half
  // (the half that shows).
  constexpr double kPitch = 0.16;
  const double offset = std::fmod(std::fmod(w.spin_angle * t.half_len, kPitch) + kPitch, kPitch);  // half_len ~ radius
  const double y0 = side > 0.0 ? 0.0 : -hw + 0.035, y1 = side > 0.0 ? hw - 0.035 : 0.0;
  for (double x = -l + offset; x + 0.05 < l; x += kPitch) f.box(m, x, x + 0.05, y0, y1, Rgba{40, 40, 44});
  // Sidewall: a thin lighter rim along the outer edge.
  f.box(m, -l + 0.05, l - 0.05, side > 0.0 ? hw - 0.035 : -hw, side > 0.0 ? hw : -hw + 0.035, Rgba{96, 96, 102});
}

/// The wheel arch: the wing's lip over each tyre, a darker crescent just inside the body
/// line, so the tyres read as tucked under the body rather than stuck on it.
void draw_arch(Mesh& m, const Frame& body, const TyreLook& t, double side, Rgba paint) {
  const double hw = t.centre.y * side - 0.01;  // the body line at this wheel
  const double x0 = t.centre.x - t.half_len - 0.10, x1 = t.centre.x + t.half_len + 0.10;
  std::vector<Vec2> lip;
  const Vec2 c{(x0 + x1) / 2.0, side * hw};
  const double rx = (x1 - x0) / 2.0, ry = 0.12;
  arc(lip, c, rx, side * ry, 0.0, -kPi, 10);  // bulges inward from the body line
  m.convex(body.s(lip), shade(paint, 0.62), shade(paint, 0.75));
}

// ---- damage ----------------------------------------------------------------------------

/// Dents (dark crumpled patches pushed in from the outline, bigger and darker with their
/// severity), scuffs (scratch lines along the panel) and scrape lines along sides that
/// slid on walls, all where sim::World recorded them (vehicle/damage.h). Visual only.
void draw_damage(Mesh& m, const Frame& f, const Extent& e, const DamageSummary& d, Rgba paint) {
  const double px = f.cam.pixels_per_metre();
  const auto frame_of = [](DamageZone zone, Vec2& along, Vec2& inward) {
    const bool lengthwise = zone == DamageZone::Left || zone == DamageZone::Right;
    along = lengthwise ? Vec2{1.0, 0.0} : Vec2{0.0, 1.0};
    inward = zone == DamageZone::Front ? Vec2{-1, 0} : zone == DamageZone::Rear ? Vec2{1, 0}
           : zone == DamageZone::Left  ? Vec2{0, -1} : Vec2{0, 1};
  };
  const auto inside = [&e](Vec2 p) {
    return Vec2{std::clamp(p.x, e.rear + 0.04, e.front - 0.04), std::clamp(p.y, -e.half_width + 0.04, e.half_width - 0.04)};
  };
  for (int i = 0; i < d.mark_count; ++i) {
    const DamageMark& mark = d.marks[static_cast<std::size_t>(i)];
    Vec2 along, inward;
    frame_of(mark.zone, along, inward);
    const double sev = clamp01(mark.severity);
    const Vec2 c = inside(mark.point);
    if (mark.scuff) {  // scratches: a few pale lines along the panel (paint off, primer showing)
      const double len = 0.35 + 0.9 * sev;
      for (int k = 0; k < 3; ++k) {
        const Vec2 o = c + inward * (0.04 + 0.05 * k);
        m.line(f.s(inside(o - along * (len * (0.5 - 0.12 * k)))), f.s(inside(o + along * (len * 0.5))),
               std::max(1.0, 0.03 * px), mix(paint, Rgba{214, 214, 210}, 0.65 - 0.1 * k));
      }
      continue;
    }
    // A dent: a half-ellipse pushed in from the edge, dark at its deepest, with creases.
    const double half = 0.2 + 0.5 * sev, depth = 0.1 + 0.35 * sev;
    std::vector<Vec2> patch;
    for (int k = 0; k <= 8; ++k) {
      const double a = kPi * k / 8.0;
      patch.push_back(inside(c + along * (half * std::cos(a)) + inward * (depth * std::sin(a))));
    }
    m.convex(f.s(patch), shade(paint, 0.45), mix(shade(paint, 0.25), Rgba{20, 20, 22}, 0.3 + 0.5 * sev));
    for (double t : {-0.55, 0.0, 0.55}) {
      const Vec2 a = c + along * (half * t), b = c + along * (half * t * 0.5) + inward * (depth * 0.85);
      m.line(f.s(inside(a)), f.s(inside(b)), std::max(1.0, 0.025 * px), shade(paint, 1.35));   // crease highlight
      m.line(f.s(inside(a + along * 0.04)), f.s(inside(b + along * 0.04)), std::max(1.0, 0.025 * px), shade(paint, 0.2));
    }
  }
  // Long scrapes along walls: one more scratch line per 4 m slid on that side, up to five.
  for (int z = 0; z < kDamageZoneCount; ++z) {
    const auto zone = static_cast<DamageZone>(z);
    const int lines = std::min(5, static_cast<int>(d.scrape_m[static_cast<std::size_t>(z)] / 4.0));
    Vec2 along, inward;
    frame_of(zone, along, inward);
    const bool lengthwise = zone == DamageZone::Left || zone == DamageZone::Right;
    const double span = lengthwise ? 0.35 * e.length : 0.6 * e.half_width;
    const Vec2 edge = zone == DamageZone::Front ? Vec2{e.front, 0} : zone == DamageZone::Rear ? Vec2{e.rear, 0}
                    : zone == DamageZone::Left  ? Vec2{e.at(0.5), e.half_width} : Vec2{e.at(0.5), -e.half_width};
    for (int k = 0; k < lines; ++k) {
      const double shift = (k % 2 == 0 ? 1.0 : -1.0) * 0.12 * span * (k / 2);  // spread, deterministic
      const Vec2 o = edge + inward * (0.04 + 0.025 * k) + along * shift;
      m.line(f.s(inside(o - along * span * 0.5)), f.s(inside(o + along * span * 0.5)), std::max(1.0, 0.025 * px),
             mix(paint, Rgba{214, 214, 210}, 0.55));
    }
  }
}

}  // namespace

// ---- paints ----------------------------------------------------------------------------

CarPaint paint_from_colour(Rgba body) { return {body, shade(body, 0.84)}; }

CarPaint player_paint() { return {Rgba{250, 200, 30}, Rgba{214, 166, 18}}; }

CarPaint ai_paint(std::size_t index) {
  // Strong, distinct liveries, none of them the player's yellow.
  static constexpr Rgba kPalette[kAiPaintCount] = {
      {206, 38, 40},   {30, 96, 196},   {236, 236, 232}, {34, 150, 70},  {124, 196, 58},
      {128, 56, 170},  {26, 160, 170},  {40, 40, 46},    {226, 80, 150}, {150, 156, 166},
  };
  return paint_from_colour(kPalette[index % kAiPaintCount]);
}

CarPaint driver_paint(std::size_t car, std::size_t player) {
  if (car == player) return player_paint();
  return ai_paint(car < player ? car : car - 1);
}

Vec2 drawn_tyre_position(const CarSnapshot& car, std::size_t i, const CarSpec& spec) {
  const TyreLook t = tyre_look(car, car.wheels[i], spec.tyre, extent_of(spec));
  return car.position + rotate(t.centre, car.heading);
}

// ---- draw_car: the order of the layers ------------------------------------------------

void draw_car(SDL_Renderer* renderer, const Camera& camera, const CarSnapshot& car,
              const CarSpec& spec, const CarPaint& paint) {
  const Extent e = extent_of(spec);
  const Frame body{camera, car.position, car.heading};
  const Frame shadow{camera, car.position + Vec2{0.18, -0.26}, car.heading};
  Mesh m;
  m.convex(shadow.s(body_outline(e, 0.04)), Rgba{0, 0, 0, 60}, Rgba{0, 0, 0, 110});
  // Tyres first: the body covers their inner halves.
  std::array<TyreLook, 4> tyres{};
  for (std::size_t i = 0; i < car.wheels.size(); ++i) {
    tyres[i] = tyre_look(car, car.wheels[i], spec.tyre, e);
    draw_tyre(m, body, tyres[i], car.wheels[i], tyres[i].centre.y > 0.0 ? 1.0 : -1.0);
  }
  m.convex(body.s(body_outline(e, 0.0)), shade(paint.body, 0.55));  // outline
  m.convex(body.s(body_outline(e, -0.05)), shade(paint.body, 0.9), shade(paint.body, 1.22));
  for (const TyreLook& t : tyres) draw_arch(m, body, t, t.centre.y > 0.0 ? 1.0 : -1.0, paint.body);
  draw_cabin(m, body, e, paint);
  draw_lights(m, body, e, car);
  draw_damage(m, body, e, car.damage, paint.body);  // dents and scuffs over all (nothing when damage is off)
  m.draw(renderer);
}

}  // namespace racer
