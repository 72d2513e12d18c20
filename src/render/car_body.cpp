// Body shapes per style. Sections: helpers | hatchback | sedan | racer | body_shape |
// geometry helpers. Fractions "f(0.35)" are of the length from the rear bumper; widths are
// fractions of the half width H unless given in metres.
#include "render/car_body.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "plan/convex.h"

namespace racer {

void append_arc(std::vector<Vec2>& out, Vec2 c, double ax, double ay, double a0, double a1, int n) {
  for (int i = 0; i <= n; ++i) {
    const double a = lerp(a0, a1, static_cast<double>(i) / n);
    out.push_back({c.x + ax * std::cos(a), c.y + ay * std::sin(a)});
  }
}

namespace {

// ---------------------------------------------------------------- helpers


/// A closed-car shell: the box with elliptic corners, nose corners (nose_x, nose_y) and
/// tail corners (tail_x, tail_y), m; counter-clockwise.
std::vector<Vec2> rounded_shell(const Extent& e, double nose_x, double nose_y, double tail_x, double tail_y) {
  const double hw = e.half_width;
  constexpr double h = kPi / 2.0;
  std::vector<Vec2> out;
  append_arc(out, {e.front - nose_x, hw - nose_y}, nose_x, nose_y, 0.0, h, 6);            // front left
  append_arc(out, {e.rear + tail_x, hw - tail_y}, tail_x, tail_y, h, 2.0 * h, 4);          // rear left
  append_arc(out, {e.rear + tail_x, -hw + tail_y}, tail_x, tail_y, 2.0 * h, 3.0 * h, 4);   // rear right
  append_arc(out, {e.front - nose_x, -hw + nose_y}, nose_x, nose_y, 3.0 * h, 4.0 * h, 6);  // front right
  return out;
}

std::vector<Vec2> box(double x0, double x1, double y0, double y1) { return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}; }

/// The same polygon reflected to the car's other side (kept counter-clockwise).
std::vector<Vec2> mirrored(const std::vector<Vec2>& poly) {
  std::vector<Vec2> out(poly.rbegin(), poly.rend());
  for (Vec2& p : out) p.y = -p.y;
  return out;
}

/// A thin bar from a to b, `width` m across (a suspension arm).
std::vector<Vec2> bar(Vec2 a, Vec2 b, double width) {
  const Vec2 d = b - a;
  const Vec2 n = perp(d) * (0.5 * width / std::max(length(d), 1e-9));
  return {a - n, b - n, b + n, a + n};
}

struct Builder {
  BodyShape& s;
  void part(std::vector<Vec2> outline, PartPaint paint, bool structural = false) {
    s.parts.push_back({std::move(outline), paint, structural});
  }
  /// A part on the left and its mirror image on the right.
  void pair(const std::vector<Vec2>& left, PartPaint paint, bool structural = false) {
    part(left, paint, structural);
    part(mirrored(left), paint, structural);
  }
  void line(Vec2 a, Vec2 b, double width_m, PartPaint paint = PartPaint::BodyDark) { s.lines.push_back({a, b, width_m, paint}); }
  void line_pair(Vec2 a, Vec2 b, double width_m, PartPaint paint = PartPaint::BodyDark) {
    line(a, b, width_m, paint);
    line({a.x, -a.y}, {b.x, -b.y}, width_m, paint);
  }
};

/// A roof (or any cabin panel) from x0 to x1, half width w, its ends bowed out by `bow` m.
std::vector<Vec2> roof_panel(double x0, double x1, double w, double bow) {
  return {{x0, -w}, {x1, -w}, {x1 + bow, 0.0}, {x1, w}, {x0, w}, {x0 - bow, 0.0}};
}

/// A windscreen from the roof's front edge (x0, half width w0) to the bonnet (x1, w1), bowed forward.
std::vector<Vec2> windscreen(double x0, double w0, double x1, double w1) {
  return {{x0, -w0}, {x1, -w1}, {x1 + 0.025, -0.52 * w1}, {x1 + 0.035, 0.0}, {x1 + 0.025, 0.52 * w1}, {x1, w1}, {x0, w0}};
}

/// A door mirror at the foot of the windscreen (left side), standing 0.14 m out.
std::vector<Vec2> mirror_left(double x, double hw) {
  return {{x - 0.12, hw * 0.96}, {x - 0.02, hw * 0.96}, {x - 0.08, hw + 0.14}, {x - 0.20, hw + 0.14}};
}

/// Side windows (left), a glass band inside the body line from x0 to x1.
std::vector<Vec2> side_window_left(double x0, double x1, double hw) {
  return {{x0, 0.76 * hw}, {x1, 0.76 * hw}, {x1, 0.86 * hw}, {x0, 0.88 * hw}};
}

// ---------------------------------------------------------------- hatchback

/// Short bonnet, the roof running almost to the tail, a small steep tailgate window under
/// a roof spoiler, a blunt square tail with tall lamps wrapping its corners.
void hatchback(Builder& b, const Extent& e) {
  const double H = e.half_width;
  const auto f = [&e](double t) { return e.at(t); };
  b.part(rounded_shell(e, std::min(0.5, 0.13 * e.length), 0.42 * H, std::min(0.16, 0.04 * e.length), 0.14 * H),
         PartPaint::Body, true);
  b.part({{f(0.035), -0.68 * H}, {f(0.12), -0.74 * H}, {f(0.12), 0.74 * H}, {f(0.035), 0.68 * H}}, PartPaint::Glass);
  b.pair(side_window_left(f(0.15), f(0.57), H), PartPaint::Glass);
  b.part(roof_panel(f(0.13), f(0.57), 0.74 * H, 0.02), PartPaint::Roof);
  b.part(box(f(0.115), f(0.155), -0.80 * H, 0.80 * H), PartPaint::Carbon);  // roof spoiler over the tailgate
  b.part(windscreen(f(0.57), 0.74 * H, f(0.70), 0.86 * H), PartPaint::Glass);
  b.pair(mirror_left(f(0.70), H), PartPaint::BodyDark);
  b.pair({{e.front - 0.24, 0.46 * H}, {e.front - 0.07, 0.46 * H}, {e.front - 0.16, 0.80 * H}, {e.front - 0.30, 0.80 * H}},
         PartPaint::Headlight);
  b.pair(box(e.rear + 0.03, e.rear + 0.17, 0.62 * H, 0.90 * H), PartPaint::BrakeLight);
  b.pair(box(e.rear + 0.03, e.rear + 0.11, 0.48 * H, 0.60 * H), PartPaint::ReverseLight);
  b.line_pair({f(0.74), 0.35 * H}, {e.front - 0.35, 0.28 * H}, 0.03);  // bonnet creases
  b.line({f(0.035), -0.80 * H}, {f(0.035), 0.80 * H}, 0.03);           // tailgate shut line
  b.s.number_centre = {f(0.35), 0.0};
  b.s.number_height_m = std::min({0.66, 2.0 * 0.74 * H / kPlateWidth, 0.40 * e.length / kPlateLength});
}

// ---------------------------------------------------------------- sedan

/// Long bonnet, the cabin in the middle, a sloping rear window and a boot with its shut
/// lines and a lip spoiler: the three boxes read from above.
void sedan(Builder& b, const Extent& e) {
  const double H = e.half_width;
  const auto f = [&e](double t) { return e.at(t); };
  b.part(rounded_shell(e, std::min(0.6, 0.13 * e.length), 0.38 * H, std::min(0.42, 0.09 * e.length), 0.32 * H),
         PartPaint::Body, true);
  b.part(box(e.rear + 0.06, e.rear + 0.12, -0.60 * H, 0.60 * H), PartPaint::BodyDark);  // boot lip spoiler
  b.part({{f(0.225), -0.70 * H}, {f(0.35), -0.74 * H}, {f(0.35), 0.74 * H}, {f(0.225), 0.70 * H}}, PartPaint::Glass);
  b.pair(side_window_left(f(0.24), f(0.60), H), PartPaint::Glass);
  b.part(roof_panel(f(0.35), f(0.60), 0.72 * H, 0.02), PartPaint::Roof);
  b.part(windscreen(f(0.60), 0.72 * H, f(0.73), 0.86 * H), PartPaint::Glass);
  b.pair(mirror_left(f(0.73), H), PartPaint::BodyDark);
  b.pair({{e.front - 0.20, 0.50 * H}, {e.front - 0.06, 0.50 * H}, {e.front - 0.16, 0.82 * H}, {e.front - 0.28, 0.82 * H}},
         PartPaint::Headlight);
  b.pair(box(e.rear + 0.07, e.rear + 0.14, 0.46 * H, 0.84 * H), PartPaint::BrakeLight);
  b.pair(box(e.rear + 0.07, e.rear + 0.13, 0.30 * H, 0.43 * H), PartPaint::ReverseLight);
  b.line_pair({f(0.76), 0.36 * H}, {e.front - 0.36, 0.30 * H}, 0.03);      // bonnet creases
  b.line({f(0.225), -0.80 * H}, {f(0.225), 0.80 * H}, 0.035);              // boot lid: front edge
  b.line_pair({f(0.225), 0.80 * H}, {f(0.05), 0.76 * H}, 0.035);           // boot lid: sides
  b.line_pair({f(0.43), 0.75 * H}, {f(0.43), 0.89 * H}, 0.06);             // B-pillars
  b.s.number_centre = {f(0.475), 0.0};
  b.s.number_height_m = std::min({0.66, 2.0 * 0.72 * H / kPlateWidth, 0.25 * e.length / kPlateLength});
}

// ---------------------------------------------------------------- racer

/// Open-wheel racer: front wing, narrow nose, cockpit with the driver's helmet, sidepods
/// between the axles, an engine cover tapering to the rear wing, suspension arms out to
/// wheels that stand in the open at their contact points.
void racer(Builder& b, const Extent& e, const CarSpec& spec) {
  const double H = e.half_width;
  const double xf = spec.body.cg_to_front_axle, xr = -spec.rear_axle_to_cg();
  const double R = spec.tyre.radius, wheel_y = spec.body.track_width / 2.0;
  const double tyre_half = std::max(spec.tyre.width * 1.15, 0.2) / 2.0;  // as drawn (car_view)
  const double inner = std::max(0.3, wheel_y - tyre_half - 0.03);       // inside the tyres' inner walls
  const double c1 = xf - 0.30, c0 = c1 - 0.75;                           // cockpit opening, front and rear
  // Suspension arms first: the bodywork covers their inner ends.
  for (double s : {1.0, -1.0}) {
    const Vec2 hub_f{xf, s * (wheel_y - tyre_half)}, hub_r{xr, s * (wheel_y - tyre_half)};
    b.part(bar({xf + 0.10, s * 0.15}, hub_f, 0.05), PartPaint::Carbon);
    b.part(bar({xf - 0.25, s * 0.18}, hub_f, 0.05), PartPaint::Carbon);
    b.part(bar({xr + 0.20, s * 0.15}, hub_r, 0.05), PartPaint::Carbon);
    b.part(bar({xr - 0.15, s * 0.12}, hub_r, 0.05), PartPaint::Carbon);
  }
  // Front wing ahead of the front tyres, full width, swept tips; endplates.
  const double fw0 = std::max(xf + R + 0.06, e.front - 0.32), fw1 = e.front - 0.03, fy = H - 0.03;
  b.part({{fw0, -fy}, {fw1 - 0.10, -fy}, {fw1, -0.35 * fy}, {fw1, 0.35 * fy}, {fw1 - 0.10, fy}, {fw0, fy}}, PartPaint::Accent, true);
  b.pair(box(fw0 - 0.02, fw1 - 0.08, fy - 0.05, fy), PartPaint::Carbon);
  // Sidepods between the axles, inlets at the front, tapering ("coke bottle") to the rear.
  const double sp0 = xr + R + 0.10, sp1 = std::min(c1 - 0.10, xf - R - 0.12), ys = std::min(0.82 * H, wheel_y + 0.05);
  b.pair({{sp0, 0.22}, {sp1, 0.24}, {sp1, ys - 0.12}, {sp1 - 0.12, ys}, {sp0 + 0.45, ys}, {sp0, 0.34}}, PartPaint::Body, true);
  b.pair({{sp1 - 0.03, 0.30}, {sp1, 0.30}, {sp1, ys - 0.16}, {sp1 - 0.03, ys - 0.14}}, PartPaint::Cockpit);  // intakes
  // Engine cover from behind the driver to the rear wing, the airbox (number) at its front.
  b.part({{xr - 0.10, -0.12}, {c0, -0.40}, {c0 + 0.06, -0.24}, {c0 + 0.06, 0.24}, {c0, 0.40}, {xr - 0.10, 0.12}}, PartPaint::Body, true);
  // Tub round the cockpit and the nose to the wing.
  b.part({{c0 - 0.05, -0.30}, {xf - 0.05, -0.22}, {xf - 0.05, 0.22}, {c0 - 0.05, 0.30}}, PartPaint::Body, true);
  b.part({{xf - 0.06, -0.21}, {e.front - 0.25, -0.13}, {e.front - 0.08, -0.07}, {e.front - 0.08, 0.07},
          {e.front - 0.25, 0.13}, {xf - 0.06, 0.21}},
         PartPaint::Body, true);
  // Cockpit well, the driver's helmet and visor.
  std::vector<Vec2> well;
  append_arc(well, {(c0 + c1) / 2.0, 0.0}, (c1 - c0) / 2.0 - 0.04, 0.17, 0.0, 2.0 * kPi, 16);
  well.pop_back();
  b.part(std::move(well), PartPaint::Cockpit);
  std::vector<Vec2> helmet;
  append_arc(helmet, {c0 + 0.24, 0.0}, 0.14, 0.13, 0.0, 2.0 * kPi, 14);
  helmet.pop_back();
  b.part(std::move(helmet), PartPaint::Accent);
  b.part({{c0 + 0.30, -0.09}, {c0 + 0.36, -0.06}, {c0 + 0.36, 0.06}, {c0 + 0.30, 0.09}}, PartPaint::Glass);  // visor
  // Rear wing between the rear tyres, behind the axle; endplates; the rain light.
  const double rw0 = e.rear + 0.02, rw1 = e.rear + 0.40, ry = std::min(0.66 * H, inner);
  b.part(box(rw0, rw1, -ry, ry), PartPaint::Accent, true);
  b.pair(box(rw0 - 0.01, rw1 + 0.02, ry - 0.05, ry), PartPaint::Carbon);
  b.line({rw0 + 0.13, -ry + 0.05}, {rw0 + 0.13, ry - 0.05}, 0.04, PartPaint::Carbon);  // the flap's gap
  b.part(box(rw0 + 0.01, rw0 + 0.09, -0.07, 0.07), PartPaint::BrakeLight);
  b.s.number_centre = {c0 - 0.45, 0.0};
  b.s.number_height_m = 0.44;
  b.s.exposed_wheels = true;
}

}  // namespace

// ---------------------------------------------------------------- body_shape

Extent extent_of(const CarSpec& spec) {
  const BodySpec& b = spec.body;
  const double centre_x = (b.cg_to_front_axle - spec.rear_axle_to_cg()) / 2.0;  // as the collision box
  return {centre_x - b.length / 2.0, centre_x + b.length / 2.0, b.width / 2.0, b.length};
}

BodyShape body_shape(const CarSpec& spec) {
  BodyShape s;
  s.style = spec.body.style;
  s.extent = extent_of(spec);
  Builder b{s};
  switch (s.style) {
    case BodyStyle::Hatchback: hatchback(b, s.extent); break;
    case BodyStyle::Sedan: sedan(b, s.extent); break;
    case BodyStyle::Racer: racer(b, s.extent, spec); break;
  }
  std::vector<Vec2> skin;
  for (const BodyPart& p : s.parts)
    if (p.structural) skin.insert(skin.end(), p.outline.begin(), p.outline.end());
  s.hull = convex_hull(std::move(skin)).vertices;  // plan/convex.h: counter-clockwise
  return s;
}

// ---------------------------------------------------------------- geometry helpers

std::vector<Vec2> clip_convex(const std::vector<Vec2>& subject, const std::vector<Vec2>& clip) {
  std::vector<Vec2> out = subject;
  for (std::size_t i = 0; i < clip.size() && !out.empty(); ++i) {
    const Vec2 a = clip[i], b = clip[(i + 1) % clip.size()];
    const auto side = [&](Vec2 p) { return cross(b - a, p - a); };  // >= 0: inside (left of a->b)
    std::vector<Vec2> in = std::move(out);
    out.clear();
    for (std::size_t k = 0; k < in.size(); ++k) {
      const Vec2 p = in[k], q = in[(k + 1) % in.size()];
      const double sp = side(p), sq = side(q);
      if (sp >= 0.0) out.push_back(p);
      if ((sp >= 0.0) != (sq >= 0.0)) out.push_back(p + (q - p) * (sp / (sp - sq)));
    }
  }
  if (out.size() < 3) out.clear();
  return out;
}

std::vector<Vec2> offset_convex(const std::vector<Vec2>& polygon, double d) {
  const std::size_t n = polygon.size();
  std::vector<Vec2> out;
  out.reserve(n);
  const auto outward = [&](std::size_t i) {  // outward normal of edge i -> i+1
    const Vec2 e = polygon[(i + 1) % n] - polygon[i];
    const double len = length(e);
    return len > 1e-9 ? Vec2{e.y / len, -e.x / len} : Vec2{};
  };
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 n0 = outward((i + n - 1) % n), n1 = outward(i);
    Vec2 m = n0 + n1;
    const double len = length(m);
    if (len < 1e-9) {
      out.push_back(polygon[i]);
      continue;
    }
    m = m / len;
    const double c = std::max(0.35, std::max(dot(m, n0), dot(m, n1)));  // miter, capped at sharp corners
    out.push_back(polygon[i] + m * (d / c));
  }
  return out;
}

double polygon_area(const std::vector<Vec2>& polygon) {
  double a = 0.0;
  for (std::size_t i = 0; i < polygon.size(); ++i) a += cross(polygon[i], polygon[(i + 1) % polygon.size()]);
  return a / 2.0;
}

}  // namespace racer
