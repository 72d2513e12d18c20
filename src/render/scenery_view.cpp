// Sections: palette and helpers | shadows | plants and rocks | water and boats |
// buildings, containers, tanks | circuit furniture (stands, pits, gantry, tyres, boards,
// marshals) | build_scenery_meshes.
#include "render/scenery_view.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/math.h"
#include "core/noise.h"

namespace racer {
namespace {

// ---- palette and helpers --------------------------------------------------------------

constexpr Rgba kShadow{0, 0, 0, 80};
constexpr Vec2 kSun{0.28, -0.34};  // m of shadow per m of height: the sun high in the north-west

/// An item's own frame: x along its length, y towards its front, origin at its centre.
struct Frame {
  Vec2 c, u, f;
  explicit Frame(const SceneryItem& it) : c(it.position), f(from_angle(it.facing)) { u = Vec2{f.y, -f.x}; }
  Vec2 p(double x, double y) const { return c + u * x + f * y; }
  std::array<Vec2, 4> rect(double x0, double x1, double y0, double y1) const {
    return {p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)};
  }
};

void fill_rect(WorldMesh& m, const Frame& fr, double x0, double x1, double y0, double y1, Rgba c) {
  const auto r = fr.rect(x0, x1, y0, y1);
  m.quad(r[0], r[1], r[2], r[3], c);
}

/// A per-item random number in [0, 1): the same item always gets the same shapes.
struct ItemHash {
  std::int64_t a, b;
  double operator()(std::uint64_t salt) const { return cell_hash01(a, b, salt); }
};
ItemHash item_hash(const SceneryItem& it) {
  return {static_cast<std::int64_t>(std::floor(it.position.x * 8.0)), static_cast<std::int64_t>(std::floor(it.position.y * 8.0))};
}

Rgba pick(const Rgba* colours, std::size_t n, int variant) { return colours[static_cast<std::size_t>(variant) % n]; }

// ---- shadows ---------------------------------------------------------------------------

/// Convex hull (counter-clockwise) of a few points: monotone chain.
std::vector<Vec2> hull(std::vector<Vec2> pts) {
  std::sort(pts.begin(), pts.end(), [](Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  std::vector<Vec2> h(2 * pts.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    while (k >= 2 && cross(h[k - 1] - h[k - 2], pts[i] - h[k - 2]) <= 0.0) --k;
    h[k++] = pts[i];
  }
  for (std::size_t i = pts.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && cross(h[k - 1] - h[k - 2], pts[i - 1] - h[k - 2]) <= 0.0) --k;
    h[k++] = pts[i - 1];
  }
  h.resize(k > 1 ? k - 1 : k);
  return h;
}

/// The shadow of a box of `height` m: the hull of its foot and its top moved by the sun.
void hull_shadow(WorldMesh& m, const Frame& fr, double hl, double hw, double height) {
  const auto r = fr.rect(-hl, hl, -hw, hw);
  std::vector<Vec2> pts(r.begin(), r.end());
  for (const Vec2 p : r) pts.push_back(p + kSun * height);
  m.convex(hull(pts), kShadow);
}

/// The same shadow for a box whose foot the standing layer covers with opaque paint (a
/// roof, a stand): only the part beside the foot, the band each edge facing away from the
/// sun sweeps. Those bands are the hull less the foot, so the picture is the same, and the
/// blended pixels under a grandstand or a hall (most of the ground layer's blended area)
/// are not drawn at all.
void box_shadow(WorldMesh& m, const Frame& fr, double hl, double hw, double height) {
  const auto r = fr.rect(-hl, hl, -hw, hw);
  const Vec2 s = kSun * height;
  const double turn = cross(r[1] - r[0], r[2] - r[1]) >= 0.0 ? 1.0 : -1.0;  // +1: counter-clockwise
  for (std::size_t i = 0; i < 4; ++i) {
    const Vec2 a = r[i], b = r[(i + 1) % 4];
    const Vec2 outward = Vec2{b.y - a.y, a.x - b.x} * turn;
    if (dot(outward, s) > 0.0) m.quad(a, b, b + s, a + s, kShadow);
  }
}

void round_shadow(WorldMesh& m, Vec2 c, double r, double height, int segments = 10) {
  m.disc(c + kSun * height, r * 1.05, with_alpha(kShadow, 0.0), Rgba{0, 0, 0, 95}, segments);
}

// ---- plants and rocks -------------------------------------------------------------------

struct PlantColours {
  Rgba dark, mid, light;
};

PlantColours tree_colours(SceneryTheme theme, int variant) {
  static constexpr PlantColours kGreen[]{
      {{30, 66, 30}, {46, 92, 40}, {74, 122, 58}}, {{34, 72, 28}, {54, 100, 40}, {86, 132, 60}},
      {{26, 58, 34}, {40, 82, 46}, {66, 112, 66}}, {{38, 74, 30}, {62, 106, 44}, {98, 140, 64}}};
  static constexpr PlantColours kAutumn[]{{{92, 70, 26}, {140, 104, 36}, {188, 150, 64}},
                                          {{104, 46, 24}, {150, 72, 34}, {196, 112, 56}}};
  // A few trees in autumn colours on the downs and in the forest, none by the sea.
  if ((theme == SceneryTheme::Downs || theme == SceneryTheme::Forest) && variant >= 7) return kAutumn[variant % 2];
  if (theme == SceneryTheme::Downs && variant == 6) return kAutumn[0];
  return kGreen[variant % 4];
}

void tree(WorldMesh& shadow, WorldMesh& m, const SceneryItem& it, SceneryTheme theme) {
  const double r = 0.5 * it.length;
  const PlantColours c = tree_colours(theme, it.variant);
  round_shadow(shadow, it.position, r, 0.9 * r + 2.0, 9);
  // Three lobes round the middle and a lit one towards the sun: a leafy, uneven crown.
  for (int i = 0; i < 3; ++i) {
    const Vec2 at = it.position + from_angle(it.facing + 2.0 * kPi * i / 3.0) * (0.3 * r);
    m.disc(at, 0.7 * r, c.dark, c.mid, 8);
  }
  m.disc(it.position + Vec2{-0.22 * r, 0.24 * r}, 0.46 * r, c.mid, c.light, 7);
}

void conifer(WorldMesh& shadow, WorldMesh& m, const SceneryItem& it) {
  const double r = 0.5 * it.length;
  static constexpr PlantColours kConifer[]{{{20, 50, 34}, {36, 80, 52}, {66, 110, 74}},
                                           {{24, 56, 30}, {40, 86, 44}, {70, 116, 66}},
                                           {{18, 44, 38}, {32, 72, 60}, {60, 104, 88}}};
  const PlantColours c = kConifer[it.variant % 3];
  round_shadow(shadow, it.position, 0.8 * r, 1.6 * r + 2.0, 8);
  // A star of branches, lit at the tip of the cone (the centre).
  for (const double scale : {1.0, 0.58}) {
    const int points = scale < 1.0 ? 6 : 8;
    std::vector<Vec2> star;
    for (int i = 0; i < 2 * points; ++i) {
      const double rr = (i % 2 == 0 ? 1.0 : 0.68) * r * scale;
      star.push_back(it.position + from_angle(it.facing + kPi * i / points + (scale < 1.0 ? 0.3 : 0.0)) * rr);
    }
    if (scale == 1.0)
      m.convex(star, c.dark, c.mid);
    else
      m.convex(star, c.mid, c.light);
  }
}

void bush(WorldMesh& shadow, WorldMesh& m, const SceneryItem& it, SceneryTheme theme) {
  const double r = 0.5 * it.length;
  PlantColours c{{44, 84, 36}, {66, 112, 48}, {96, 140, 64}};
  if (theme == SceneryTheme::Rally && it.variant % 3 == 0) c = {{74, 46, 72}, {104, 66, 98}, {138, 96, 128}};  // heather
  if (theme == SceneryTheme::Foundry && it.variant % 2 == 0) c = {{72, 78, 44}, {98, 104, 58}, {130, 134, 80}};  // scrub
  round_shadow(shadow, it.position, r, 0.6 * r + 0.5, 7);
  m.disc(it.position + from_angle(it.facing) * (0.2 * r), 0.8 * r, c.dark, c.mid, 7);
  m.disc(it.position + Vec2{-0.25 * r, 0.25 * r} - from_angle(it.facing) * (0.15 * r), 0.5 * r, c.mid, c.light, 6);
  if (theme == SceneryTheme::Downs && it.variant == 5)  // gorse in flower
    for (int i = 0; i < 4; ++i) m.disc(it.position + from_angle(it.facing + 1.6 * i) * (0.45 * r), 0.12 * r, Rgba{230, 196, 40}, Rgba{250, 220, 80}, 5);
}

void rock(WorldMesh& shadow, WorldMesh& m, const SceneryItem& it, SceneryTheme theme) {
  const double r = 0.5 * it.length;
  const ItemHash h = item_hash(it);
  const bool slag = theme == SceneryTheme::Foundry && it.variant >= 4;
  const Rgba base = slag ? Rgba{58, 50, 46} : shade(Rgba{128, 126, 118}, 0.85 + 0.3 * h(1));
  std::vector<Vec2> outline, top;
  constexpr int kCorners = 7;
  for (int i = 0; i < kCorners; ++i) {
    const Vec2 d = from_angle(it.facing + 2.0 * kPi * (i + 0.3 * h(10 + static_cast<std::uint64_t>(i))) / kCorners);
    const double rr = r * (0.72 + 0.28 * h(20 + static_cast<std::uint64_t>(i)));
    outline.push_back(it.position + d * rr);
    top.push_back(it.position + Vec2{-0.12 * r, 0.14 * r} + d * (0.55 * rr));
  }
  std::vector<Vec2> shade_pts = outline;
  for (Vec2& p : shade_pts) p += kSun * (0.7 * r);
  shadow.convex(shade_pts, kShadow);
  m.convex(outline, shade(base, 0.7), base);
  m.convex(top, base, shade(base, 1.22));
}

// ---- water and boats --------------------------------------------------------------------

constexpr Rgba kWaterDeep{34, 78, 112}, kWaterShallow{60, 112, 142};

void water(WorldMesh& m, const SceneryItem& it) {
  const Frame fr(it);
  const double hl = 0.5 * it.length, hw = 0.5 * it.depth;
  if (it.variant >= 4) {
    // A harbour basin: a concrete quay edge, the water deepening away from it (the front).
    fill_rect(m, fr, -hl, hl, hw - 1.6, hw + 1.2, Rgba{150, 148, 140});
    fill_rect(m, fr, -hl, hl, hw - 1.9, hw - 1.6, Rgba{70, 68, 64});
    const auto r = fr.rect(-hl, hl, -hw, hw - 1.9);
    m.quad(r[0], kWaterDeep, r[1], kWaterDeep, r[2], kWaterShallow, r[3], kWaterShallow);
    // Bollards along the quay.
    for (double x = -hl + 6.0; x < hl - 3.0; x += 12.0) m.disc(fr.p(x, hw - 0.9), 0.3, Rgba{40, 40, 44}, Rgba{70, 70, 76}, 6);
    return;
  }
  const ItemHash h = item_hash(it);
  constexpr int kPoints = 28;
  std::vector<Vec2> shore, pond;
  for (int i = 0; i < kPoints; ++i) {
    const double a = 2.0 * kPi * i / kPoints;
    const double wobble = 0.86 + 0.14 * value_noise(3.0 * std::cos(a) + 10.0 * h(1), 3.0 * std::sin(a), 7);
    const Vec2 d{std::cos(a) * hl * wobble, std::sin(a) * hw * wobble};
    pond.push_back(fr.p(d.x, d.y));
    const double grow = 1.0 + 2.2 / std::max(4.0, length(d));
    shore.push_back(fr.p(d.x * grow, d.y * grow));
  }
  m.convex(shore, Rgba{104, 98, 70}, Rgba{104, 98, 70});
  m.convex(pond, kWaterShallow, kWaterDeep);
  // Glints on the surface.
  for (int i = 0; i < 3; ++i) {
    const Vec2 a = fr.p((h(3 + static_cast<std::uint64_t>(i)) - 0.5) * hl, (h(6 + static_cast<std::uint64_t>(i)) - 0.5) * hw);
    m.line(a, a + Vec2{0.25 * hl * 0.3, 0.0}, 0.35, Rgba{150, 190, 210, 110});
  }
}

void boat(WorldMesh& m, const SceneryItem& it) {
  const Frame fr(it);
  const double hl = 0.5 * it.length, hw = 0.5 * it.depth;
  static constexpr Rgba kHulls[]{{236, 236, 232}, {40, 64, 110}, {170, 44, 40}, {236, 236, 232}, {40, 96, 86}, {224, 180, 60}};
  const Rgba hull_c = pick(kHulls, 6, it.variant);
  auto outline = [&](double g) {
    return std::vector<Vec2>{fr.p(-hl + g, -hw * 0.8 + g), fr.p(hl * 0.35, -hw + g), fr.p(hl * 0.8 - g, -hw * 0.55 + g),
                             fr.p(hl - g, 0.0),           fr.p(hl * 0.8 - g, hw * 0.55 - g), fr.p(hl * 0.35, hw - g),
                             fr.p(-hl + g, hw * 0.8 - g)};
  };
  std::vector<Vec2> sh = outline(0.0);
  for (Vec2& p : sh) p += kSun * 1.2;
  m.convex(sh, Rgba{0, 0, 0, 60});
  m.convex(outline(0.0), shade(hull_c, 0.75), hull_c);
  m.convex(outline(0.35 * hw), Rgba{168, 132, 92}, Rgba{190, 154, 110});  // deck
  fill_rect(m, fr, -0.45 * hl, 0.15 * hl, -0.45 * hw, 0.45 * hw, Rgba{226, 228, 230});  // cabin
  fill_rect(m, fr, 0.05 * hl, 0.15 * hl, -0.4 * hw, 0.4 * hw, Rgba{50, 70, 90});       // windscreen
}

// ---- buildings, containers, tanks ----------------------------------------------------------

void building(WorldMesh& shadow, WorldMesh& m, const SceneryItem& it) {
  const Frame fr(it);
  const double hl = 0.5 * it.length, hw = 0.5 * it.depth;
  const int v = it.variant % kSceneryVariants;
  const double height = v >= 4 ? 9.0 : v == 2 ? 7.5 : 5.5;
  box_shadow(shadow, fr, hl, hw, height);
  fill_rect(m, fr, -hl, hl, -hw, hw, Rgba{60, 56, 54});  // eaves
  const double e = 0.25;
  if (v <= 3) {
    // A pitched roof, ridge along the length: the north-west slope lit, the other in shade.
    static constexpr Rgba kRoofs[]{{168, 72, 52}, {88, 96, 110}, {120, 132, 118}, {140, 112, 70}};
    const Rgba roof = kRoofs[v];
    const bool front_lit = dot(fr.f, Vec2{-0.6, 0.8}) > 0.0;
    fill_rect(m, fr, -hl + e, hl - e, 0.0, hw - e, shade(roof, front_lit ? 1.12 : 0.8));
    fill_rect(m, fr, -hl + e, hl - e, -hw + e, 0.0, shade(roof, front_lit ? 0.8 : 1.12));
    m.line(fr.p(-hl + e, 0.0), fr.p(hl - e, 0.0), 0.22, shade(roof, 0.6));
    if (v != 2) fill_rect(m, fr, 0.45 * hl, 0.45 * hl + 0.9, 0.25 * hw, 0.25 * hw + 0.9, Rgba{112, 74, 62});  // chimney
    return;
  }
  if (v <= 5) {
    // A warehouse: ribbed metal, the ribs across the length.
    const Rgba roof = v == 4 ? Rgba{92, 116, 140} : Rgba{150, 152, 156};
    fill_rect(m, fr, -hl + e, hl - e, -hw + e, hw - e, roof);
    for (double x = -hl + 1.5; x < hl - 0.5; x += 1.5) m.line(fr.p(x, -hw + e), fr.p(x, hw - e), 0.2, shade(roof, 0.85));
    fill_rect(m, fr, -hl + e, hl - e, -0.15, 0.15, shade(roof, 1.15));
    return;
  }
  // A works hall: a sawtooth roof, glazed north lights dark, slopes lit.
  const Rgba roof = v == 6 ? Rgba{128, 116, 102} : Rgba{138, 92, 66};
  const double bay = 6.0;
  const int bays = std::max(1, static_cast<int>(std::round((2.0 * hw - 2.0 * e) / bay)));
  const double b = (2.0 * hw - 2.0 * e) / bays;
  for (int i = 0; i < bays; ++i) {
    const double y0 = -hw + e + i * b;
    const auto r = fr.rect(-hl + e, hl - e, y0, y0 + b * 0.8);
    m.quad(r[0], shade(roof, 0.75), r[1], shade(roof, 0.75), r[2], shade(roof, 1.15), r[3], shade(roof, 1.15));
    fill_rect(m, fr, -hl + e, hl - e, y0 + b * 0.8, y0 + b, Rgba{52, 62, 74});
  }
}

void container(WorldMesh& shadow, WorldMesh& m, const SceneryItem& it) {
  const Frame fr(it);
  const double hl = 0.5 * it.length, hw = 0.5 * it.depth;
  static constexpr Rgba kBoxes[]{{170, 52, 40}, {44, 86, 150}, {54, 120, 72}, {210, 120, 40},
                                 {130, 134, 138}, {200, 170, 50}, {40, 124, 128}, {120, 70, 50}};
  const Rgba c = pick(kBoxes, 8, it.variant);
  box_shadow(shadow, fr, hl, hw, 2.6);
  fill_rect(m, fr, -hl, hl, -hw, hw, shade(c, 0.8));
  fill_rect(m, fr, -hl + 0.12, hl - 0.12, -hw + 0.12, hw - 0.12, c);
  for (double x = -hl + 0.6; x < hl - 0.3; x += 0.6) m.line(fr.p(x, -hw + 0.12), fr.p(x, hw - 0.12), 0.1, shade(c, 0.86));
}

void tank(WorldMesh& shadow, WorldMesh& m, const SceneryItem& it) {
  const double r = 0.5 * it.length;
  if (it.variant >= 4) {  // a brick chimney: small, tall, its shadow long
    const Vec2 c = it.position;
    const Vec2 tip = c + kSun * 30.0;
    const Vec2 side = perp(kSun) / length(kSun) * (0.9 * r);
    shadow.quad(c + side, tip + side * 0.7, tip - side * 0.7, c - side, Rgba{0, 0, 0, 70});
    m.disc(c, r, Rgba{96, 52, 40}, Rgba{140, 78, 58}, 12);
    m.disc(c, 0.6 * r, Rgba{20, 18, 18}, Rgba{36, 32, 30}, 10);
    return;
  }
  const Rgba body = it.variant % 2 == 0 ? Rgba{200, 202, 206} : Rgba{176, 168, 150};
  round_shadow(shadow, it.position, r, 0.8 * r + 2.0, 14);
  m.disc(it.position, r, shade(body, 0.72), shade(body, 1.08), 18);
  m.ring(it.position, 0.55 * r, 0.62 * r, shade(body, 0.8), 18);
  m.line(it.position - Vec2{0.0, 0.0}, it.position + from_angle(it.facing) * r, 0.35, shade(body, 0.6));  // ladder
}

// ---- circuit furniture ---------------------------------------------------------------------

/// Bright team and sponsor colours.
constexpr Rgba kLivery[]{{214, 40, 40}, {30, 96, 196}, {250, 196, 30}, {30, 150, 80},
                         {236, 110, 30}, {120, 60, 170}, {20, 170, 190}, {236, 236, 232}};

void grandstand(WorldMesh& shadow, WorldMesh& m, const SceneryItem& it) {
  const Frame fr(it);
  const double hl = 0.5 * it.length, hw = 0.5 * it.depth;
  const ItemHash h = item_hash(it);
  box_shadow(shadow, fr, hl, hw, 9.0);
  fill_rect(m, fr, -hl, hl, -hw, hw, Rgba{70, 72, 78});
  // Tiers of seats at the front, rising away from the road: each row a shade lighter.
  const Rgba seat = pick(kLivery, 8, it.variant);
  const double roof_y = hw - 0.58 * 2.0 * hw;  // the roof covers the back 42%
  int row = 0;
  for (double y = hw - 0.4; y - 0.9 > roof_y; y -= 1.0, ++row) {
    const Rgba c = shade(row % 2 == 0 ? seat : mix(seat, Rgba{240, 240, 240}, 0.35), 0.9 + 0.03 * row);
    fill_rect(m, fr, -hl + 0.5, hl - 0.5, y - 0.8, y, c);
    // The crowd: a few people per row, in every colour.
    for (double x = -hl + 0.9; x < hl - 0.9; x += 0.9) {
      const double k = h(static_cast<std::uint64_t>(row * 977) + static_cast<std::uint64_t>((x + hl) * 10.0));
      if (k < 0.45) continue;
      const Rgba person = pick(kLivery, 8, static_cast<int>(k * 97.0));
      fill_rect(m, fr, x - 0.22, x + 0.22, y - 0.62, y - 0.18, shade(person, 0.8 + 0.3 * k));
    }
  }
  // The roof: light sheet with ribs, its front edge dark.
  const auto r = fr.rect(-hl, hl, -hw, roof_y);
  m.quad(r[0], Rgba{178, 182, 190}, r[1], Rgba{178, 182, 190}, r[2], Rgba{214, 218, 224}, r[3], Rgba{214, 218, 224});
  for (double x = -hl + 4.0; x < hl - 1.0; x += 4.0) m.line(fr.p(x, -hw), fr.p(x, roof_y), 0.18, Rgba{150, 154, 162});
  m.line(fr.p(-hl, roof_y), fr.p(hl, roof_y), 0.35, Rgba{60, 62, 70});
}

void pit_building(WorldMesh& ground, WorldMesh& shadow, WorldMesh& m, const SceneryItem& it) {
  const Frame fr(it);
  const double hl = 0.5 * it.length, hw = 0.5 * it.depth;
  const double apron = std::min(6.0, 0.3 * 2.0 * hw);
  const double front = hw - apron;  // the building's front wall
  // The paved apron with painted bay lines.
  fill_rect(ground, fr, -hl, hl, front, hw, Rgba{128, 128, 126});
  const double bay = 5.0;
  for (double x = -hl + bay; x < hl - 0.5; x += bay) ground.line(fr.p(x, front), fr.p(x, front + 0.6 * apron), 0.14, Rgba{220, 220, 214});
  const Frame body{fr};
  const double mid = 0.5 * (front - hw);
  Frame shifted = body;
  shifted.c = fr.p(0.0, mid);
  box_shadow(shadow, shifted, hl, 0.5 * (front + hw), 7.0);
  // A flat roof with a coloured fascia along the front, garages below it, roof plant.
  fill_rect(m, fr, -hl, hl, -hw, front, Rgba{74, 76, 82});
  fill_rect(m, fr, -hl + 0.3, hl - 0.3, -hw + 0.3, front - 1.2, Rgba{200, 202, 206});
  fill_rect(m, fr, -hl + 0.3, hl - 0.3, front - 1.2, front - 0.3, pick(kLivery, 8, it.variant));
  for (double x = -hl + bay * 0.5; x < hl - 0.5; x += bay) fill_rect(m, fr, x - 1.8, x + 1.8, front - 0.3, front + 0.05, Rgba{40, 42, 48});
  for (double x = -hl + 6.0; x < hl - 4.0; x += 11.0) fill_rect(m, fr, x, x + 2.4, -hw + 2.0, -hw + 3.6, Rgba{150, 154, 160});
}

void gantry(WorldMesh& ground, WorldMesh& m, WorldMesh& over, const SceneryItem& it) {
  const Frame fr(it);
  const double hl = 0.5 * it.length, hw = 0.5 * it.depth;
  const double post = std::min(hw, 0.6);
  // The posts stand beyond the walls; the beam crosses the road, its shadow on the asphalt.
  for (const double side : {-1.0, 1.0}) {
    const double x = side * (hl - post);
    Frame p = fr;
    p.c = fr.p(x, 0.0);
    box_shadow(ground, p, post, post, 6.0);
    fill_rect(m, fr, x - post, x + post, -post, post, Rgba{54, 56, 62});
    fill_rect(m, fr, x - 0.6 * post, x + 0.6 * post, -0.6 * post, 0.6 * post, Rgba{96, 100, 108});
  }
  const auto sh = fr.rect(-hl + 2.0 * post, hl - 2.0 * post, -0.45, 0.45);
  ground.quad(sh[0] + kSun * 6.0, sh[1] + kSun * 6.0, sh[2] + kSun * 6.0, sh[3] + kSun * 6.0, Rgba{0, 0, 0, 60});
  fill_rect(over, fr, -hl + 0.2, hl - 0.2, -0.5, 0.5, Rgba{44, 46, 52});
  for (double x = -hl + 0.8; x < hl - 0.8; x += 1.2) over.line(fr.p(x, -0.4), fr.p(x + 1.2, 0.4), 0.12, Rgba{120, 124, 132});
  // The start lights: a panel in the middle with five red lamps.
  fill_rect(over, fr, -2.6, 2.6, -0.75, 0.75, Rgba{22, 22, 26});
  for (int i = 0; i < 5; ++i) over.disc(fr.p(-2.0 + i, 0.0), 0.32, Rgba{150, 20, 20}, Rgba{240, 60, 50}, 8);
}

void tyre_wall(WorldMesh& shadow, WorldMesh& m, const SceneryItem& it) {
  const Frame fr(it);
  const double hl = 0.5 * it.length, hw = 0.5 * it.depth;
  box_shadow(shadow, fr, hl, hw, 1.0);
  fill_rect(m, fr, -hl, hl, -hw, hw, Rgba{26, 26, 30});
  const double d = 0.72;
  const int rows = std::max(1, static_cast<int>(std::floor(2.0 * hw / d)));
  const int n = std::max(1, static_cast<int>(std::floor(2.0 * hl / d)));
  for (int r = 0; r < rows; ++r)
    for (int i = 0; i < n; ++i) {
      const Vec2 c = fr.p(-hl + d * (i + 0.5) + (r % 2 ? 0.2 : 0.0), -hw + d * (r + 0.5));
      m.disc(c, 0.34, Rgba{30, 30, 34}, Rgba{58, 58, 64}, 7);
    }
  // A belt in the circuit's colours across the front row.
  static constexpr Rgba kBelts[]{{200, 40, 40}, {236, 236, 232}, {30, 90, 180}, {236, 236, 232}};
  fill_rect(m, fr, -hl, hl, hw - 0.3, hw, pick(kBelts, 4, it.variant));
}

void boards(WorldMesh& shadow, WorldMesh& m, const SceneryItem& it) {
  const Frame fr(it);
  const double hl = 0.5 * it.length, hw = 0.5 * it.depth;
  hull_shadow(shadow, fr, hl, hw, 1.2);  // seen between the panels
  // Panels about 4 m long, each a sponsor: a colour, and a white mark in one of a few
  // shapes (a bar, two blocks, a disc and a bar).
  const int panels = std::max(1, static_cast<int>(std::round(2.0 * hl / 4.0)));
  const double w = 2.0 * hl / panels;
  for (int i = 0; i < panels; ++i) {
    const int sponsor = (it.variant + 3 * i) % 8;
    const Rgba bg = kLivery[sponsor], ink = sponsor == 7 ? Rgba{200, 40, 40} : Rgba{246, 246, 240};
    const double x0 = -hl + i * w, x1 = x0 + w, xm = 0.5 * (x0 + x1);
    fill_rect(m, fr, x0 + 0.05, x1 - 0.05, -hw, hw, bg);
    const double t = 0.35 * hw;
    switch ((sponsor + it.variant) % 3) {
      case 0: fill_rect(m, fr, x0 + 0.25 * w, x1 - 0.25 * w, -t, t, ink); break;
      case 1:
        fill_rect(m, fr, x0 + 0.2 * w, xm - 0.08 * w, -t, t, ink);
        fill_rect(m, fr, xm + 0.08 * w, x1 - 0.2 * w, -t, t, shade(ink, 0.85));
        break;
      default:
        m.disc(fr.p(x0 + 0.25 * w, 0.0), 1.2 * t, ink, ink, 8);
        fill_rect(m, fr, x0 + 0.4 * w, x1 - 0.15 * w, -0.6 * t, 0.6 * t, ink);
        break;
    }
  }
}

void marshal_post(WorldMesh& shadow, WorldMesh& m, const SceneryItem& it) {
  const Frame fr(it);
  const double hl = 0.5 * it.length, hw = 0.5 * it.depth;
  box_shadow(shadow, fr, hl, hw, 3.0);
  fill_rect(m, fr, -hl, hl, -hw, hw, Rgba{230, 230, 226});
  fill_rect(m, fr, -hl + 0.2, hl - 0.2, 0.0, hw - 0.2, Rgba{236, 120, 30});
  fill_rect(m, fr, -hl + 0.2, hl - 0.2, -hw + 0.2, 0.0, Rgba{196, 92, 22});
  // A flag on a pole at the road side: yellow or green.
  const Vec2 pole = fr.p(hl + 0.4, hw + 0.2);
  m.disc(pole, 0.12, Rgba{40, 40, 40}, Rgba{90, 90, 90}, 5);
  const Rgba flag = it.variant % 2 == 0 ? Rgba{250, 210, 30} : Rgba{40, 170, 70};
  m.quad(pole, pole + fr.u * 1.3, pole + fr.u * 1.3 + fr.f * 0.8, pole + fr.f * 0.8, flag);
}

/// Drawing order: low things first, so taller ones overlap them.
int layer(SceneryKind k) {
  switch (k) {
    case SceneryKind::Water: return 0;
    case SceneryKind::Boat: return 1;
    case SceneryKind::Rock:
    case SceneryKind::Bush: return 2;
    case SceneryKind::TyreWall:
    case SceneryKind::Boards:
    case SceneryKind::Container: return 3;
    case SceneryKind::MarshalPost:
    case SceneryKind::Building:
    case SceneryKind::PitBuilding:
    case SceneryKind::Grandstand:
    case SceneryKind::Tank:
    case SceneryKind::Gantry: return 4;
    case SceneryKind::Tree: return 5;
    case SceneryKind::Conifer: return 6;
    case SceneryKind::Count: break;
  }
  return 4;
}

}  // namespace

// ---- build_scenery_meshes ----------------------------------------------------------------

Rgba scenery_land_colour(SceneryTheme theme) {
  switch (theme) {
    case SceneryTheme::Forest: return {34, 56, 32};
    case SceneryTheme::Harbour: return {78, 82, 80};
    case SceneryTheme::Foundry: return {74, 68, 56};
    case SceneryTheme::Rally: return {64, 70, 44};
    case SceneryTheme::Downs:
    case SceneryTheme::Count: break;
  }
  return {48, 82, 42};
}

void build_scenery_meshes(const SceneryLayout& layout, SceneryMeshes& out) {
  std::vector<std::size_t> order(layout.items.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return layer(layout.items[a].kind) < layer(layout.items[b].kind);
  });
  for (const std::size_t i : order) {
    const SceneryItem& it = layout.items[i];
    switch (it.kind) {
      case SceneryKind::Tree: tree(out.ground, out.standing, it, layout.theme); break;
      case SceneryKind::Conifer: conifer(out.ground, out.standing, it); break;
      case SceneryKind::Bush: bush(out.ground, out.standing, it, layout.theme); break;
      case SceneryKind::Rock: rock(out.ground, out.standing, it, layout.theme); break;
      case SceneryKind::Water: water(out.ground, it); break;
      case SceneryKind::Boat: boat(out.ground, it); break;
      case SceneryKind::Building: building(out.ground, out.standing, it); break;
      case SceneryKind::Container: container(out.ground, out.standing, it); break;
      case SceneryKind::Tank: tank(out.ground, out.standing, it); break;
      case SceneryKind::Grandstand: grandstand(out.ground, out.standing, it); break;
      case SceneryKind::PitBuilding: pit_building(out.ground, out.ground, out.standing, it); break;
      case SceneryKind::Gantry: gantry(out.ground, out.standing, out.overhead, it); break;
      case SceneryKind::TyreWall: tyre_wall(out.ground, out.standing, it); break;
      case SceneryKind::Boards: boards(out.ground, out.standing, it); break;
      case SceneryKind::MarshalPost: marshal_post(out.ground, out.standing, it); break;
      case SceneryKind::Count: break;
    }
  }
}

}  // namespace racer
