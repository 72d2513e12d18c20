// Sections: colours and hashing | pad (slabs, grid, markings) | patches (fill, texture,
// labels) | wall.
#include "render/ground_view.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <string>

#include "core/math.h"
#include "core/noise.h"

namespace racer {
namespace {

// ---- colours and hashing ------------------------------------------------------------

constexpr Rgba kAsphalt{58, 60, 64};
constexpr Rgba kGrassOutside{62, 104, 52};
constexpr Rgba kPaint{232, 232, 226, 235};
constexpr double kSlab = 10.0;  // m, asphalt slab and grid spacing


struct View {
  const Camera& cam;
  Vec2 lo, hi;  // visible world box, m
  Vec2 s(Vec2 w) const { return cam.to_screen(w); }
  double px(double metres) const { return metres * cam.pixels_per_metre(); }
  /// Screen rectangle of a world box (world min/max -> screen min/max).
  void rect(Mesh& m, Vec2 wmin, Vec2 wmax, Rgba c) const {
    const Vec2 a = s({wmin.x, wmax.y}), b = s({wmax.x, wmin.y});
    if (cam.up_angle() == kPi / 2.0) {
      m.rect(a, b, c);
    } else {  // the car-up view: the box is turned on screen, two hard-edged triangles
      const Vec2 p0 = s(wmin), p1 = s({wmax.x, wmin.y}), p2 = s(wmax), p3 = s({wmin.x, wmax.y});
      m.triangle(p0, p1, p2, c);
      m.triangle(p0, p2, p3, c);
    }
  }
  bool visible(Vec2 wmin, Vec2 wmax) const {
    return wmax.x >= lo.x && wmin.x <= hi.x && wmax.y >= lo.y && wmin.y <= hi.y;
  }
};

std::int64_t cell(double v, double size) { return static_cast<std::int64_t>(std::floor(v / size)); }

// ---- pad: slabs, grid, markings -------------------------------------------------------

void draw_pad(Mesh& m, const View& v, double half) {
  const Vec2 lo{std::max(v.lo.x, -half), std::max(v.lo.y, -half)};
  const Vec2 hi{std::min(v.hi.x, half), std::min(v.hi.y, half)};
  if (lo.x >= hi.x || lo.y >= hi.y) return;
  // Slabs: each 10 m square a shade lighter or darker, like a concrete-and-tarmac apron.
  for (std::int64_t cx = cell(lo.x, kSlab); cx <= cell(hi.x, kSlab); ++cx)
    for (std::int64_t cy = cell(lo.y, kSlab); cy <= cell(hi.y, kSlab); ++cy) {
      const double f = 0.93 + 0.12 * cell_hash01(cx, cy);
      const double x0 = static_cast<double>(cx) * kSlab, y0 = static_cast<double>(cy) * kSlab;
      v.rect(m, {std::max(x0, -half), std::max(y0, -half)},
             {std::min(x0 + kSlab, half), std::min(y0 + kSlab, half)}, shade(kAsphalt, f));
    }
  // Seams every 10 m, a little stronger every 50 m.
  const double seam = std::max(1.0, v.px(0.08));
  for (std::int64_t cx = cell(lo.x, kSlab); cx <= cell(hi.x, kSlab) + 1; ++cx) {
    const double x = static_cast<double>(cx) * kSlab;
    if (x < -half || x > half) continue;
    const bool major = cx % 5 == 0;
    m.line(v.s({x, lo.y}), v.s({x, hi.y}), major ? seam * 2.0 : seam, Rgba{20, 20, 24, static_cast<std::uint8_t>(major ? 90 : 55)});
  }
  for (std::int64_t cy = cell(lo.y, kSlab); cy <= cell(hi.y, kSlab) + 1; ++cy) {
    const double y = static_cast<double>(cy) * kSlab;
    if (y < -half || y > half) continue;
    const bool major = cy % 5 == 0;
    m.line(v.s({lo.x, y}), v.s({hi.x, y}), major ? seam * 2.0 : seam, Rgba{20, 20, 24, static_cast<std::uint8_t>(major ? 90 : 55)});
  }
}

void draw_markings(Mesh& m, const View& v, double half, ScreenLabels& labels) {
  const double w = v.px(0.15);  // paint stripe width
  // The start box around the origin (the car starts there facing east) ...
  const Vec2 box_min{-3.2, -1.7}, box_max{3.2, 1.7};
  m.line(v.s({box_min.x, box_min.y}), v.s({box_max.x, box_min.y}), w, kPaint);
  m.line(v.s({box_min.x, box_max.y}), v.s({box_max.x, box_max.y}), w, kPaint);
  m.line(v.s({box_min.x, box_min.y - 0.075}), v.s({box_min.x, box_max.y + 0.075}), w, kPaint);
  // ... and a chequered start line just ahead of it, across the whole lane.
  constexpr double kCheck = 0.8;
  for (int i = 0; i < 2; ++i)
    for (int j = -10; j < 10; ++j) {
      const bool white = (i + j) % 2 == 0;
      const Vec2 a{4.0 + i * kCheck, j * kCheck};
      v.rect(m, a, a + Vec2{kCheck, kCheck}, white ? Rgba{235, 235, 230} : Rgba{25, 25, 28});
    }
  labels.push_back({v.s({0.0, -4.2}), "START", {235, 235, 230, 220}, 1.0});

  // Dashed lane edges along the long east-west run, and a centre line north-south, so
  // that motion shows at any heading.
  const double dash = 3.0, gap = 3.0;
  auto dashed = [&](Vec2 from, Vec2 dir, double len) {
    for (double d = 0.0; d < len; d += dash + gap) {
      const Vec2 a = from + dir * d, b = from + dir * std::min(d + dash, len);
      if (!v.visible({std::min(a.x, b.x) - 1, std::min(a.y, b.y) - 1}, {std::max(a.x, b.x) + 1, std::max(a.y, b.y) + 1})) continue;
      m.line(v.s(a), v.s(b), w, with_alpha(kPaint, 0.75));
    }
  };
  const double run_end = 145.0;  // stop short of the kerb ribs
  dashed({-half + 20.0, 8.0}, {1, 0}, run_end - (-half + 20.0));
  dashed({-half + 20.0, -8.0}, {1, 0}, run_end - (-half + 20.0));
  dashed({-30.0, -half + 20.0}, {0, 1}, half - 20.0 + 30.0);  // ends at the patch row's foot
  // Distance boards along the run: every 50 m from the start line.
  for (int d = 50; d <= 100; d += 50)
    labels.push_back({v.s({4.0 + d, -10.5}), std::to_string(d) + " m", {235, 235, 230, 170}, 0.85});
}

// ---- patches: fill, texture, labels ----------------------------------------------------

struct PatchLook {
  Rgba base;
  Rgba fleck, fleck2;   // texture colours (flecks pick one of the two)
  double fleck_size;    // m, 0 = no flecks
  double fleck_density; // flecks per m^2
};

PatchLook look(Surface s) {
  switch (s) {
    case Surface::Grass: return {{78, 138, 58}, {90, 152, 66}, {90, 152, 66}, 0.0, 0.0};
    case Surface::Gravel: return {{150, 143, 130}, {118, 112, 102}, {184, 178, 166}, 0.07, 5.0};
    case Surface::Sand: return {{216, 192, 138}, {230, 210, 160}, {196, 170, 118}, 0.05, 3.0};
    case Surface::Dirt: return {{122, 88, 60}, {104, 74, 50, 200}, {138, 102, 72, 200}, 0.30, 0.7};
    case Surface::Ice: return {{196, 226, 240}, {236, 248, 255}, {236, 248, 255}, 0.0, 0.0};
    case Surface::Kerb: return {{200, 36, 36}, {240, 240, 240}, {240, 240, 240}, 0.0, 0.0};
    case Surface::Asphalt:
    case Surface::Count: break;
  }
  return {kAsphalt, kAsphalt, kAsphalt, 0.0, 0.0};
}

/// Texture goes in its own unfeathered mesh: thousands of specks need no anti-aliasing.
void draw_texture(Mesh& m, const View& v, const SurfacePatch& p, const PatchLook& lk) {
  const Vec2 lo{std::max(p.min.x, v.lo.x), std::max(p.min.y, v.lo.y)};
  const Vec2 hi{std::min(p.max.x, v.hi.x), std::min(p.max.y, v.hi.y)};
  if (p.surface == Surface::Grass) {  // mowing stripes, 5 m wide
    for (double x = p.min.x; x < p.max.x; x += 10.0)
      if (x + 5.0 >= lo.x && x <= hi.x) v.rect(m, {x, p.min.y}, {std::min(x + 5.0, p.max.x), p.max.y}, lk.fleck);
    return;
  }
  if (p.surface == Surface::Ice) {  // polished streaks
    for (double y = p.min.y + 3.0; y < p.max.y - 2.0; y += 7.0) {
      const double x0 = p.min.x + 4.0 + 6.0 * cell_hash01(0, static_cast<std::int64_t>(y));
      const double x1 = std::min(p.max.x - 3.0, x0 + 14.0 + 10.0 * cell_hash01(1, static_cast<std::int64_t>(y)));
      if (!v.visible({x0, y - 1.5}, {x1, y + 1.5})) continue;
      m.quad(v.s({x0, y}), v.s({x1, y + 1.2}), v.s({x1, y + 1.6}), v.s({x0, y + 0.4}), with_alpha(lk.fleck, 0.6));
    }
    return;
  }
  if (lk.fleck_size <= 0.0) return;
  // Flecks: one cell per fleck on a jittered grid, only where visible.
  // Zoomed far out, thin the flecks to one per 3 px so the vertex count stays bounded.
  const double spacing = std::max(1.0 / std::sqrt(lk.fleck_density), 3.0 / v.cam.pixels_per_metre());
  for (std::int64_t cx = cell(lo.x, spacing); cx <= cell(hi.x, spacing); ++cx)
    for (std::int64_t cy = cell(lo.y, spacing); cy <= cell(hi.y, spacing); ++cy) {
      const Vec2 c{(static_cast<double>(cx) + cell_hash01(cx, cy, 1)) * spacing,
                   (static_cast<double>(cy) + cell_hash01(cx, cy, 2)) * spacing};
      if (c.x < p.min.x + 0.3 || c.x > p.max.x - 0.3 || c.y < p.min.y + 0.3 || c.y > p.max.y - 0.3) continue;
      const double r = std::max(lk.fleck_size * (0.6 + 0.8 * cell_hash01(cx, cy, 3)), 0.6 / v.cam.pixels_per_metre());
      const Rgba col = cell_hash01(cx, cy, 4) < 0.5 ? lk.fleck : lk.fleck2;
      const double a = kPi * cell_hash01(cx, cy, 5);
      const Vec2 d1 = from_angle(a) * r, d2 = perp(from_angle(a)) * (r * 0.7);
      m.quad(v.s(c + d1), v.s(c + d2), v.s(c - d1), v.s(c - d2), col);
    }
}

std::string title_case(std::string_view name) {
  std::string out(name);
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

void draw_patches(Mesh& m, Mesh& texture, const View& v, const TestGround& ground, ScreenLabels& labels) {
  const auto& patches = ground.patches();
  int kerb_index = 0;
  for (std::size_t i = 0; i < patches.size(); ++i) {
    const SurfacePatch& p = patches[i];
    const bool kerb = p.surface == Surface::Kerb;
    const int rib = kerb ? kerb_index++ : 0;
    if (!v.visible(p.min, p.max)) continue;
    const PatchLook lk = look(p.surface);
    // A darker rim, the fill, then texture.
    const double rim = kerb ? 0.0 : 0.35;
    if (rim > 0.0) v.rect(m, p.min - Vec2{rim, rim}, p.max + Vec2{rim, rim}, shade(lk.base, 0.62));
    v.rect(m, p.min, p.max, kerb && rib % 2 == 1 ? lk.fleck : lk.base);
    draw_texture(texture, v, p, lk);
  }
  // One label per run of touching patches of one surface (the kerb ribs are ten patches),
  // just inside the edge nearest the start so it is read on the way in.
  for (std::size_t i = 0; i < patches.size();) {
    Vec2 lo = patches[i].min, hi = patches[i].max;
    std::size_t j = i + 1;
    while (j < patches.size() && patches[j].surface == patches[i].surface && patches[j].min.x - hi.x < 1.5) {
      lo = {std::min(lo.x, patches[j].min.x), std::min(lo.y, patches[j].min.y)};
      hi = {std::max(hi.x, patches[j].max.x), std::max(hi.y, patches[j].max.y)};
      ++j;
    }
    const Surface s = patches[i].surface;
    const Rgba ink = (s == Surface::Ice || s == Surface::Sand) ? Rgba{30, 40, 60, 230} : Rgba{250, 250, 245, 235};
    const std::string name = title_case(surface_name(s));
    // Centred on the patch, but kept inside its visible part (as a map keeps a street's
    // name on screen), so a patch only partly in view is still named.
    const double inset = std::min(4.0, (hi.x - lo.x) / 2.0);  // m, about half a label
    const double x_lo = std::max(lo.x, v.lo.x) + inset, x_hi = std::min(hi.x, v.hi.x) - inset;
    const double x = x_lo <= x_hi ? std::clamp((lo.x + hi.x) / 2.0, x_lo, x_hi) : (lo.x + hi.x) / 2.0;
    if (s == Surface::Kerb) {
      labels.push_back({v.s({x, lo.y - 2.0}), name, {250, 250, 245, 235}, 1.0});
    } else {
      labels.push_back({v.s({x, lo.y + 2.5}), name, ink, 1.0});
      labels.push_back({v.s({x, hi.y - 2.5}), name, ink, 1.0});
    }
    i = j;
  }
}

// ---- wall ------------------------------------------------------------------------------

void draw_wall(Mesh& m, const View& v, double half) {
  constexpr double kThick = 1.2, kBlock = 4.0;
  const Rgba concrete{176, 176, 170}, red{190, 40, 36}, white{236, 236, 230};
  // Four sides as runs of blocks, alternating red and white, on a concrete footing.
  for (int side = 0; side < 4; ++side) {
    for (double t = -half - kThick; t < half + kThick; t += kBlock) {
      const double t1 = std::min(t + kBlock, half + kThick);
      Vec2 a, b;
      switch (side) {
        case 0: a = {t, -half - kThick}; b = {t1, -half}; break;
        case 1: a = {t, half}; b = {t1, half + kThick}; break;
        case 2: a = {-half - kThick, t}; b = {-half, t1}; break;
        default: a = {half, t}; b = {half + kThick, t1}; break;
      }
      if (!v.visible(a, b)) continue;
      v.rect(m, a, b, concrete);
      const Vec2 inset{0.15, 0.15};
      const int n = static_cast<int>(std::floor((t + half + kThick) / kBlock));
      v.rect(m, a + inset, b - inset, n % 2 == 0 ? red : white);
    }
  }
}

}  // namespace

Rgba surface_colour(Surface s) { return look(s).base; }

void draw_test_ground(SDL_Renderer* renderer, const Camera& camera, const TestGround& ground,
                      ScreenLabels& labels) {
  SDL_SetRenderDrawColor(renderer, kGrassOutside.r, kGrassOutside.g, kGrassOutside.b, 255);
  SDL_RenderClear(renderer);
  const View v{camera, camera.visible_min(), camera.visible_max()};
  Mesh pad, patches, texture(0.0), top;
  draw_pad(pad, v, ground.half_size());
  draw_markings(pad, v, ground.half_size(), labels);
  draw_patches(patches, texture, v, ground, labels);
  draw_wall(top, v, ground.half_size());
  for (const Mesh* m : {&pad, &patches, &texture, &top}) m->draw(renderer);
}

}  // namespace racer
