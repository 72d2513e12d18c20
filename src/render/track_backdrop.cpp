// Sections: palette | outlines | roads | scenery | TrackBackdrop.
#include "render/track_backdrop.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/math.h"
#include "render/camera.h"
#include "render/scenery_view.h"
#include "render/track_view.h"
#include "track/scenery.h"

namespace racer {
namespace {

// ---- palette ------------------------------------------------------------------------------

constexpr Rgba kNight{13, 16, 24};
constexpr double kDimming = 0.64;   // share of kNight in every colour
// m, how far the backdrop's outlines may stray from the track's (0.7 px at 380 m in view):
// every triangle costs llvmpipe about 1 us, as much as 400 opaque pixels, so the
// centreline keeps only the samples needed to stay this close.
constexpr double kTolerance = 0.35;
constexpr double kLargeItem = 100.0;  // m^2, the smallest scenery footprint drawn

// ---- outlines -----------------------------------------------------------------------------

double distance_to_chord(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const double l2 = dot(ab, ab);
  if (l2 < 1e-12) return length(p - a);
  const double t = std::clamp(dot(p - a, ab) / l2, 0.0, 1.0);
  return length(p - (a + ab * t));
}

/// Indices of the points Douglas-Peucker keeps (first and last always): every point left
/// out lies within kTolerance of the chord that replaces it.
template <typename PointOf>
std::vector<std::size_t> simplified(std::size_t n, PointOf point) {
  if (n < 3) {
    std::vector<std::size_t> all(n);
    for (std::size_t i = 0; i < n; ++i) all[i] = i;
    return all;
  }
  std::vector<bool> keep(n, false);
  keep.front() = keep.back() = true;
  std::vector<std::pair<std::size_t, std::size_t>> spans{{0, n - 1}};
  while (!spans.empty()) {
    const auto [i0, i1] = spans.back();
    spans.pop_back();
    double worst = 0.0;
    std::size_t at = i0;
    for (std::size_t i = i0 + 1; i < i1; ++i)
      if (const double d = distance_to_chord(point(i), point(i0), point(i1)); d > worst) worst = d, at = i;
    if (worst <= kTolerance) continue;
    keep[at] = true;
    spans.push_back({i0, at});
    spans.push_back({at, i1});
  }
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < n; ++i)
    if (keep[i]) out.push_back(i);
  return out;
}

/// The centreline's samples the backdrop keeps. A closed line's first and last samples
/// stay, so its ends meet.
std::vector<CentreSample> simplified(const Centreline& line) {
  const auto& ss = line.samples();
  std::vector<CentreSample> out;
  for (const std::size_t i : simplified(ss.size(), [&](std::size_t k) { return ss[k].position; })) out.push_back(ss[i]);
  return out;
}


// ---- roads --------------------------------------------------------------------------------

/// One road's run-off (to under the wall) and surface, into two layers (every road's
/// run-off goes under every road's surface). Each fills its own strip, side by side, so no
/// pixel is filled twice: filling a strip of pixels costs llvmpipe more than the two
/// triangles a side saves. No edge paint: a strip a pixel or two wide along every edge
/// cost a third of the track's time.
void road(WorldMesh& runoff, WorldMesh& surface, const Centreline& line, double runoff_width, Rgba runoff_colour,
          Rgba colour) {
  const std::vector<CentreSample> ss = simplified(line);
  const std::size_t n = ss.size();
  if (n < 2) return;
  const std::size_t segs = line.closed() ? n : n - 1;
  for (std::size_t i = 0; i < segs; ++i) {
    const CentreSample& a = ss[i];
    const CentreSample& b = ss[(i + 1) % n];
    surface.quad(a.position + a.normal * (0.5 * a.width), b.position + b.normal * (0.5 * b.width),
                 b.position - b.normal * (0.5 * b.width), a.position - a.normal * (0.5 * a.width), colour);
  }
  if (runoff_width <= 0.0) return;
  // From just under the road's edge (each kept sample's own width) out to the wall; on the
  // inside of a bend it stops at the bend's centre, so it does not fold over itself.
  for (const double side : {1.0, -1.0}) {
    auto at = [&](const CentreSample& s, double beyond) {
      double h = std::max(0.0, 0.5 * s.width + beyond);
      if (s.curvature * side > 1e-9) h = std::min(h, 1.0 / std::abs(s.curvature));
      return s.position + s.normal * (side * h);
    };
    for (std::size_t i = 0; i < segs; ++i) {
      const CentreSample& a = ss[i];
      const CentreSample& b = ss[(i + 1) % n];
      runoff.quad(at(a, -0.2), at(b, -0.2), at(b, runoff_width), at(a, runoff_width), runoff_colour);
    }
  }
}

// ---- scenery ------------------------------------------------------------------------------

Rgba scenery_colour(const SceneryItem& it) {
  const bool odd = it.variant % 2 == 1;
  switch (it.kind) {
    case SceneryKind::Tree: return it.variant % 4 == 3 ? Rgba{150, 70, 40} : odd ? Rgba{58, 110, 46} : Rgba{46, 96, 40};
    case SceneryKind::Conifer: return {30, 74, 44};
    case SceneryKind::Bush: return odd ? Rgba{84, 110, 52} : Rgba{66, 100, 48};
    case SceneryKind::Rock: return {128, 124, 116};
    case SceneryKind::Tank: return {176, 178, 184};
    case SceneryKind::Water: return {48, 96, 130};
    case SceneryKind::Boat: return {232, 232, 228};
    case SceneryKind::TyreWall: return {36, 36, 40};
    case SceneryKind::Boards: return {210, 210, 214};
    case SceneryKind::MarshalPost: return {226, 146, 44};
    case SceneryKind::Container: return it.variant % 3 == 0 ? Rgba{168, 64, 44} : odd ? Rgba{44, 96, 156} : Rgba{64, 126, 72};
    case SceneryKind::Grandstand: return {124, 128, 142};
    case SceneryKind::PitBuilding: return {168, 168, 176};
    case SceneryKind::Building: return odd ? Rgba{150, 120, 100} : Rgba{140, 140, 146};
    case SceneryKind::Gantry:
    case SceneryKind::Count: break;
  }
  return {120, 120, 120};
}

/// The items big enough to be worth their triangles at 380 m in view (a footprint of
/// kLargeItem or more: grandstands, pits, buildings, ponds), each as its footprint in one
/// flat colour: a box (its length across its front), a pond as a 12-gon. Trees, bushes,
/// boards and the like (a few pixels each, hundreds in view) and the gantry over the road
/// are left out.
void scenery(WorldMesh& ground, WorldMesh& standing, const SceneryLayout& layout) {
  for (const SceneryItem& it : layout.items) {
    if (it.kind == SceneryKind::Gantry || it.length * it.depth < kLargeItem) continue;
    const Rgba c = backdrop_dim(scenery_colour(it));
    const double hl = 0.5 * std::clamp(it.length, 0.2, 400.0), hd = 0.5 * std::clamp(it.depth, 0.2, 400.0);
    const Vec2 front = from_angle(it.facing), across = perp(front);
    if (it.kind == SceneryKind::Water && it.variant < 4) {  // a pond (4 and up: a harbour basin, a box)
      constexpr int kCorners = 12;
      std::array<Vec2, kCorners> p;
      for (int i = 0; i < kCorners; ++i) {
        const double a = 2.0 * kPi * i / kCorners;
        p[static_cast<std::size_t>(i)] = it.position + across * (std::cos(a) * hl) + front * (std::sin(a) * hd);
      }
      for (std::size_t i = 1; i + 1 < p.size(); ++i) ground.triangle(p[0], p[i], p[i + 1], c);
      continue;
    }
    (it.kind == SceneryKind::Water ? ground : standing)
        .quad(it.position - across * hl - front * hd, it.position + across * hl - front * hd,
              it.position + across * hl + front * hd, it.position - across * hl + front * hd, c);
  }
}

}  // namespace

Rgba backdrop_dim(Rgba c) {
  Rgba d = mix(c, kNight, kDimming);
  d.a = 255;
  return d;
}

// ---- TrackBackdrop ------------------------------------------------------------------------

TrackBackdrop::TrackBackdrop(const Track& track, double view_height_m) : view_height_m_(view_height_m) {
  const TrackSpec& spec = track.spec();
  const SceneryLayout layout = place_scenery(track);
  // Without automatic walls there is no land beyond them: the run-off goes on for ever.
  const Rgba runoff_colour = backdrop_dim(track_surface_colour(spec.runoff.surface));
  land_ = spec.walls.automatic ? backdrop_dim(scenery_land_colour(layout.theme)) : runoff_colour;
  const double runoff_width = spec.walls.automatic ? spec.runoff.width + 0.8 : 0.0;  // to under the wall

  WorldMesh ponds(128.0), runoffs(128.0), roads(128.0), standing(128.0);
  for (std::size_t i = 0; i < track.branches().size() && i < spec.branches.size(); ++i)
    road(runoffs, roads, track.branches()[i], runoff_width, runoff_colour,
         backdrop_dim(track_surface_colour(spec.branches[i].surface)));
  road(runoffs, roads, track.centreline(), runoff_width, runoff_colour, backdrop_dim(track_surface_colour(spec.road_surface)));
  scenery(ponds, standing, layout);
  for (WorldMesh* m : {&ponds, &runoffs, &roads, &standing})
    if (m->triangle_count() > 0) layers_.push_back(std::move(*m));
}

std::size_t TrackBackdrop::triangle_count() const {
  std::size_t n = 0;
  for (const WorldMesh& m : layers_) n += m.triangle_count();
  return n;
}

void TrackBackdrop::draw(SDL_Renderer* r, int width, int height, Vec2 eye) const {
  if (width <= 0 || height <= 0) return;
  Uint8 cr = 0, cg = 0, cb = 0, ca = 0;
  SDL_BlendMode blend = SDL_BLENDMODE_NONE;
  SDL_GetRenderDrawColor(r, &cr, &cg, &cb, &ca);
  SDL_GetRenderDrawBlendMode(r, &blend);
  SDL_SetRenderDrawColor(r, land_.r, land_.g, land_.b, 255);
  SDL_RenderClear(r);
  // Opaque: every colour has alpha 255 and blending is off (half the cost per pixel).
  SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
  CameraConfig config;
  config.view_height_m = view_height_m_;
  config.zoom_with_speed = false;
  config.max_look_ahead_m = 0.0;
  Camera camera(config);
  camera.set_viewport(width, height);
  CarSnapshot at;
  at.position = eye;
  camera.snap_to(at);
  for (const WorldMesh& m : layers_) m.draw(r, camera);
  SDL_SetRenderDrawBlendMode(r, blend);
  SDL_SetRenderDrawColor(r, cr, cg, cb, ca);
}

}  // namespace racer
