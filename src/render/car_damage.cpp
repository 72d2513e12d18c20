// Damage on a car's body. Sections: body frame | helpers (zones, clipping) | draw_damage.
#include "render/car_damage.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"

namespace racer {

// ---- body frame ------------------------------------------------------------------------

BodyFrame BodyFrame::on_screen(const Camera& cam, Vec2 origin_m, double heading) {
  const ScreenTransform t = cam.transform();
  const double c = std::cos(heading), s = std::sin(heading);
  return {t.apply(origin_m), t.x_axis * c + t.y_axis * s, t.y_axis * c - t.x_axis * s, cam.pixels_per_metre()};
}

BodyFrame BodyFrame::moved(Vec2 local, double angle) const {
  const double c = std::cos(angle), sn = std::sin(angle);
  return {s(local), x_axis * c + y_axis * sn, y_axis * c - x_axis * sn, ppm};
}

std::vector<Vec2> BodyFrame::s(const std::vector<Vec2>& local) const {
  std::vector<Vec2> out;
  out.reserve(local.size());
  for (Vec2 p : local) out.push_back(s(p));
  return out;
}

void BodyFrame::box(Mesh& m, double x0, double x1, double y0, double y1, Rgba c) const {
  m.quad(s({x0, y0}), s({x1, y0}), s({x1, y1}), s({x0, y1}), c);
}

double BodyFrame::px(double metres) const { return std::max(1.0, metres * ppm); }

// ---- helpers ---------------------------------------------------------------------------

namespace {

struct ZoneFrame {
  Vec2 along, inward;
};
ZoneFrame zone_frame(DamageZone zone) {
  switch (zone) {
    case DamageZone::Front: return {{0, 1}, {-1, 0}};
    case DamageZone::Rear: return {{0, 1}, {1, 0}};
    case DamageZone::Left: return {{1, 0}, {0, -1}};
    case DamageZone::Right: break;
  }
  return {{1, 0}, {0, 1}};
}

/// How far along `dir` from p the convex polygon begins (0 when p is inside, or when the
/// ray misses it): moves a point on the collision box onto the drawn body.
double entry_along(const std::vector<Vec2>& poly, Vec2 p, Vec2 dir) {
  double t0 = 0.0, t1 = 1e9;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const Vec2 a = poly[i], e = poly[(i + 1) % poly.size()] - a;
    const Vec2 n{e.y, -e.x};  // outward for a counter-clockwise polygon
    const double num = dot(n, a - p), den = dot(n, dir);  // inside: dot(n, p + dir t - a) <= 0
    if (std::abs(den) < 1e-12) {
      if (num < 0.0) return 0.0;
      continue;
    }
    const double t = num / den;
    if (den < 0.0) t0 = std::max(t0, t);
    else t1 = std::min(t1, t);
  }
  return t0 <= t1 ? t0 : 0.0;
}

/// The segment a-b inside convex `poly` (Cyrus-Beck); false when it misses.
bool clip_segment(const std::vector<Vec2>& poly, Vec2& a, Vec2& b) {
  const Vec2 d = b - a;
  double t0 = 0.0, t1 = 1.0;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const Vec2 p = poly[i], e = poly[(i + 1) % poly.size()] - p;
    const Vec2 n{e.y, -e.x};
    const double num = dot(n, p - a), den = dot(n, d);
    if (std::abs(den) < 1e-12) {
      if (num < 0.0) return false;
      continue;
    }
    const double t = num / den;
    if (den < 0.0) t0 = std::max(t0, t);
    else t1 = std::min(t1, t);
  }
  if (t0 >= t1) return false;
  const Vec2 a0 = a;
  a = a0 + d * t0;
  b = a0 + d * t1;
  return true;
}

/// A scratch line, drawn only where it crosses the body's skin.
void scratch(Mesh& m, const BodyFrame& f, const std::vector<std::vector<Vec2>>& skin, Vec2 a, Vec2 b, Rgba c) {
  for (const std::vector<Vec2>& part : skin) {
    Vec2 p = a, q = b;
    if (clip_segment(part, p, q)) m.line(f.s(p), f.s(q), f.px(0.03), c);
  }
}

}  // namespace

// ---- draw_damage -----------------------------------------------------------------------

void draw_damage(Mesh& m, const BodyFrame& f, const BodyShape& shape, const std::vector<std::vector<Vec2>>& skin,
                 const DamageSummary& d, Rgba paint) {
  const Extent& e = shape.extent;
  const Rgba soot{28, 22, 20};
  for (int z = 0; z < kDamageZoneCount; ++z) {
    const double level = clamp01(d.zones[static_cast<std::size_t>(z)]);
    if (level < 0.02) continue;
    const auto zone = static_cast<DamageZone>(z);
    // Four bands from the hit edge inward, each a shade lighter (uniform colours: every
    // SDL renderer blends them the same), reaching deeper with the zone's level.
    const bool lengthwise = zone == DamageZone::Left || zone == DamageZone::Right;
    const double reach = lengthwise ? e.half_width * (0.35 + 0.5 * level) : e.length * (0.12 + 0.22 * level);
    const double far = 2.0 * (e.length + e.half_width);
    constexpr int kBands = 4;
    for (int band = 0; band < kBands; ++band) {
      const double d0 = band == 0 ? -far : reach * band / kBands, d1 = reach * (band + 1) / kBands;
      std::vector<Vec2> slab;  // depths [d0, d1] from the hit edge, counter-clockwise
      switch (zone) {
        case DamageZone::Front: slab = {{e.front - d1, -far}, {e.front - d0, -far}, {e.front - d0, far}, {e.front - d1, far}}; break;
        case DamageZone::Rear: slab = {{e.rear + d0, -far}, {e.rear + d1, -far}, {e.rear + d1, far}, {e.rear + d0, far}}; break;
        case DamageZone::Left: slab = {{-far, e.half_width - d1}, {far, e.half_width - d1}, {far, e.half_width - d0}, {-far, e.half_width - d0}}; break;
        case DamageZone::Right: slab = {{-far, -e.half_width + d0}, {far, -e.half_width + d0}, {far, -e.half_width + d1}, {-far, -e.half_width + d1}}; break;
      }
      const Rgba c = with_alpha(soot, (0.25 + 0.6 * level) * (1.0 - (band + 0.25) / kBands));
      for (const std::vector<Vec2>& part : skin) {
        const std::vector<Vec2> patch = clip_convex(slab, part);
        if (!patch.empty()) m.convex(f.s(patch), c);
      }
    }
  }
  for (int i = 0; i < d.mark_count; ++i) {
    const DamageMark& mark = d.marks[static_cast<std::size_t>(i)];
    const ZoneFrame zf = zone_frame(mark.zone);
    const double sev = clamp01(mark.severity);
    const Vec2 c = mark.point + zf.inward * entry_along(shape.hull, mark.point, zf.inward);
    if (mark.scuff) {  // scratches: a few pale lines along the panel (paint off, primer showing)
      const double len = 0.35 + 0.9 * sev;
      for (int k = 0; k < 3; ++k) {
        const Vec2 o = c + zf.inward * (0.06 + 0.05 * k);
        scratch(m, f, skin, o - zf.along * (len * (0.5 - 0.12 * k)), o + zf.along * (len * 0.5),
                mix(paint, Rgba{214, 214, 210}, 0.65 - 0.1 * k));
      }
      continue;
    }
    // A dent: a half-ellipse pushed in from the edge, dark at its deepest, with creases.
    const double half = 0.2 + 0.5 * sev, depth = 0.1 + 0.35 * sev;
    std::vector<Vec2> dent;
    for (int k = 0; k <= 8; ++k) {
      const double a = kPi * k / 8.0;
      dent.push_back(c - zf.inward * 0.05 + zf.along * (half * std::cos(a)) + zf.inward * ((depth + 0.05) * std::sin(a)));
    }
    if (polygon_area(dent) < 0.0) std::reverse(dent.begin(), dent.end());
    for (const std::vector<Vec2>& part : skin) {
      const std::vector<Vec2> patch = clip_convex(dent, part);
      if (!patch.empty()) m.convex(f.s(patch), shade(paint, 0.45), mix(shade(paint, 0.25), Rgba{20, 20, 22}, 0.3 + 0.5 * sev));
    }
    for (double t : {-0.55, 0.0, 0.55}) {
      const Vec2 a = c + zf.along * (half * t), b = c + zf.along * (half * t * 0.5) + zf.inward * (depth * 0.85);
      scratch(m, f, skin, a, b, shade(paint, 1.35));  // crease highlight and its shadow
      scratch(m, f, skin, a + zf.along * 0.04, b + zf.along * 0.04, shade(paint, 0.2));
    }
  }
  // Long scrapes along walls: one more scratch line per 4 m slid on that side, up to five.
  for (int z = 0; z < kDamageZoneCount; ++z) {
    const auto zone = static_cast<DamageZone>(z);
    const int lines = std::min(5, static_cast<int>(d.scrape_m[static_cast<std::size_t>(z)] / 4.0));
    if (lines == 0) continue;
    const ZoneFrame zf = zone_frame(zone);
    const bool lengthwise = zone == DamageZone::Left || zone == DamageZone::Right;
    const double span = lengthwise ? 0.35 * e.length : 0.6 * e.half_width;
    const Vec2 on_box = zone == DamageZone::Front ? Vec2{e.front, 0} : zone == DamageZone::Rear ? Vec2{e.rear, 0}
                      : zone == DamageZone::Left  ? Vec2{e.at(0.5), e.half_width} : Vec2{e.at(0.5), -e.half_width};
    const Vec2 edge = on_box + zf.inward * entry_along(shape.hull, on_box, zf.inward);
    for (int k = 0; k < lines; ++k) {
      const double shift = (k % 2 == 0 ? 1.0 : -1.0) * 0.12 * span * (k / 2);  // spread, deterministic
      const Vec2 o = edge + zf.inward * (0.07 + 0.025 * k) + zf.along * shift;
      scratch(m, f, skin, o - zf.along * span * 0.5, o + zf.along * span * 0.5, mix(paint, Rgba{214, 214, 210}, 0.55));
    }
  }
}

}  // namespace racer
