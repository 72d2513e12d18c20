// Sections: palette and noise | run-off | roads and edge lines | zones and grain |
// kerbs, start line, grid | walls | obstacles | TrackView (with the scenery).
#include "render/track_view.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "core/math.h"
#include "core/noise.h"
#include "render/scenery_view.h"
#include "render/triangulate.h"
#include "track/scenery.h"

namespace racer {
namespace {

// ---- palette and noise ----------------------------------------------------------------

constexpr Rgba kPaint{236, 236, 228, 235};
constexpr Rgba kShadow{0, 0, 0, 80};
constexpr double kFeather = 0.06;       // m, soft edge: about 1.5 px at the default zoom
constexpr double kStripe = 6.0;         // m, mowing stripes along the run-off
constexpr Vec2 kShadowOffset{0.25, -0.3};  // m, the sun is high in the north-west

struct SurfaceLook {
  Rgba base;
  Rgba fleck_a, fleck_b;   // grain colours
  double grain_density;    // flecks per m^2, 0 = none
  double grain_size;       // m
};

SurfaceLook look(Surface s) {
  switch (s) {
    case Surface::Asphalt: return {{62, 64, 69}, {70, 72, 78, 160}, {52, 54, 58, 160}, 0.5, 0.07};
    case Surface::Kerb: return {{200, 36, 36}, {}, {}, 0.0, 0.0};
    case Surface::Grass: return {{74, 128, 56}, {}, {}, 0.0, 0.0};
    case Surface::Gravel: return {{156, 148, 134}, {118, 112, 102}, {190, 184, 170}, 2.5, 0.09};
    case Surface::Sand: return {{212, 188, 136}, {230, 210, 162}, {190, 164, 114}, 1.2, 0.07};
    case Surface::Ice: return {{200, 228, 242}, {240, 250, 255}, {}, 0.0, 0.0};
    case Surface::Dirt: return {{128, 94, 64}, {108, 78, 52}, {146, 110, 78}, 0.9, 0.16};
    case Surface::Count: break;
  }
  return {{62, 64, 69}, {}, {}, 0.0, 0.0};
}


std::int64_t cell(double v, double size) { return static_cast<std::int64_t>(std::floor(v / size)); }

bool point_in_polygon(Vec2 p, const std::vector<Vec2>& poly) {
  bool in = false;
  for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const Vec2 a = poly[i], b = poly[j];
    if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (b.x - a.x) * (p.y - a.y) / (b.y - a.y)) in = !in;
  }
  return in;
}

// ---- run-off ----------------------------------------------------------------------------

/// The band from each road edge out to the wall (a little beyond, under the wall).
void runoff_band(WorldMesh& m, const Centreline& line, double runoff, Surface surface) {
  const auto& ss = line.samples();
  const std::size_t n = ss.size();
  if (n < 2) return;
  const std::size_t segs = line.closed() ? n : n - 1;
  const Rgba base = look(surface).base;
  const bool stripes = surface == Surface::Grass;
  const double reach = runoff + 0.8;
  for (const double side : {1.0, -1.0})
    for (std::size_t i = 0; i < segs; ++i) {
      const CentreSample& a = ss[i];
      const CentreSample& b = ss[(i + 1) % n];
      const double ha = 0.5 * a.width - 0.2, hb = 0.5 * b.width - 0.2;  // start under the road
      // On the inside of a bend the band stops at the centre of the turn, so it does not
      // fold over itself (the far side's band covers what lies beyond).
      auto reach_at = [&](const CentreSample& c, double h) {
        if (c.curvature * side <= 1e-9) return reach;
        return std::clamp(1.0 / std::abs(c.curvature) - h, 0.0, reach);
      };
      const Rgba c = stripes && cell(a.s, kStripe) % 2 == 0 ? shade(base, 1.06) : base;
      m.quad(a.position + a.normal * (side * ha), b.position + b.normal * (side * hb),
             b.position + b.normal * (side * (hb + reach_at(b, hb))), a.position + a.normal * (side * (ha + reach_at(a, ha))), c);
    }
}

// ---- roads and edge lines ---------------------------------------------------------------

/// Road as a strip between its edges through the crown, a shade lighter in the middle.
void road_strip(WorldMesh& m, const Centreline& line, Surface surface) {
  const auto& ss = line.samples();
  const std::size_t n = ss.size();
  if (n < 2) return;
  const std::size_t segs = line.closed() ? n : n - 1;
  const Rgba base = look(surface).base;
  const Rgba edge = shade(base, 0.9), crown = shade(base, 1.06);
  for (std::size_t i = 0; i < segs; ++i) {
    const CentreSample& a = ss[i];
    const CentreSample& b = ss[(i + 1) % n];
    const Vec2 la = a.position + a.normal * (0.5 * a.width), lb = b.position + b.normal * (0.5 * b.width);
    const Vec2 ra = a.position - a.normal * (0.5 * a.width), rb = b.position - b.normal * (0.5 * b.width);
    m.quad(la, edge, lb, edge, b.position, crown, a.position, crown);
    m.quad(a.position, crown, b.position, crown, rb, edge, ra, edge);
  }
  const std::vector<Vec2> left = line.left_edge(), right = line.right_edge();
  m.fringe(left, line.closed(), kFeather, edge);
  m.fringe(right, line.closed(), -kFeather, edge);
}

/// Whether p lies on the road of `line` (not at the clamped ends of an open branch).
bool on_road_of(const Centreline& line, Vec2 p) {
  if (line.samples().size() < 2) return false;
  const Projection pr = line.project(p);
  if (!line.closed() && (pr.s < 0.5 || pr.s > line.length() - 0.5)) return false;
  return pr.distance < 0.5 * line.at(pr.s).width - 0.05;
}

/// Painted lines just inside both edges, broken where another road joins (a branch mouth)
/// or where a surface zone covers the road.
void edge_lines(WorldMesh& m, const Track& track, int part) {
  const Centreline& line = part == 0 ? track.centreline() : track.branches()[static_cast<std::size_t>(part - 1)];
  const Surface surface = part == 0 ? track.spec().road_surface : track.spec().branches[static_cast<std::size_t>(part - 1)].surface;
  if (surface != Surface::Asphalt) return;  // no paint on a dirt or gravel road
  const auto& ss = line.samples();
  const std::size_t n = ss.size();
  if (n < 2) return;
  auto visible = [&](Vec2 p) {
    const Surface s = track.surface_at(p);
    if (s != surface && s != Surface::Kerb) return false;
    for (int other = 0; other <= static_cast<int>(track.branches().size()); ++other) {
      if (other == part) continue;
      const Centreline& o = other == 0 ? track.centreline() : track.branches()[static_cast<std::size_t>(other - 1)];
      if (on_road_of(o, p)) return false;
    }
    return true;
  };
  constexpr double kInset = 0.4, kWidth = 0.16;
  for (const double side : {1.0, -1.0}) {
    std::vector<Vec2> pts(n);
    std::vector<char> keep(n);
    for (std::size_t i = 0; i < n; ++i) {
      pts[i] = ss[i].position + ss[i].normal * (side * (0.5 * ss[i].width - kInset));
      keep[i] = visible(pts[i]) ? 1 : 0;
    }
    if (line.closed() && std::all_of(keep.begin(), keep.end(), [](char k) { return k != 0; })) {
      m.ribbon(pts, true, 0.5 * kWidth, 0.5 * kWidth, kPaint);
      continue;
    }
    // Runs of kept points; a closed loop's run may wrap past the last sample.
    std::size_t start = 0;
    if (line.closed())
      while (start < n && keep[start] != 0) ++start;  // begin at a gap
    std::vector<Vec2> run;
    const std::size_t count = line.closed() ? n + 1 : n;
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t i = (start + k) % n;
      if (keep[i] != 0) run.push_back(pts[i]);
      if (keep[i] == 0 || k + 1 == count) {
        if (run.size() >= 2) m.ribbon(run, false, 0.5 * kWidth, 0.5 * kWidth, kPaint);
        run.clear();
      }
    }
  }
}

// ---- zones and grain --------------------------------------------------------------------

void zone(WorldMesh& m, const SurfaceZone& z) {
  if (z.polygon.size() < 3) return;
  const SurfaceLook lk = look(z.surface);
  m.polygon(z.polygon, lk.base);
  const bool ccw = signed_area2(z.polygon) >= 0.0;
  const double in = ccw ? 1.0 : -1.0;  // the polygon's inside is to the left of a ccw outline
  m.ribbon(z.polygon, true, in > 0 ? 0.35 : 0.0, in > 0 ? 0.0 : 0.35, shade(lk.base, 0.82));
  m.fringe(z.polygon, true, -in * kFeather, shade(lk.base, 0.82));
  if (z.surface == Surface::Ice) {  // polished streaks, only where they lie inside
    double lo_x = 1e300, lo_y = 1e300, hi_x = -1e300, hi_y = -1e300;
    for (Vec2 p : z.polygon) {
      lo_x = std::min(lo_x, p.x), lo_y = std::min(lo_y, p.y);
      hi_x = std::max(hi_x, p.x), hi_y = std::max(hi_y, p.y);
    }
    if (!(hi_x - lo_x < 2000.0 && hi_y - lo_y < 2000.0)) return;
    for (double y = lo_y + 1.5; y < hi_y - 1.0; y += 2.6)
      for (double x = lo_x + 1.0; x < hi_x - 1.0; x += 7.0) {
        const auto cx = static_cast<std::int64_t>(x * 10.0), cy = static_cast<std::int64_t>(y * 10.0);
        const double x0 = x + 3.0 * cell_hash01(cx, cy, 7), len = 2.0 + 4.0 * cell_hash01(cx, cy, 8);
        const Vec2 a{x0, y}, b{x0 + len, y + 0.35 * len};
        if (!point_in_polygon(a, z.polygon) || !point_in_polygon(b, z.polygon)) continue;
        m.quad(a, b, b + Vec2{0.0, 0.25}, a + Vec2{0.0, 0.25}, with_alpha(lk.fleck_a, 0.55));
      }
  }
}

/// Grain on loose surfaces wherever the surface map says they are (run-off, zones, dirt
/// roads): small flecks on a jittered grid, a fixed pattern per track.
void grain(WorldMesh& m, const Track& track) {
  constexpr double kCell = 0.5;  // m, candidate spacing (4 per m^2)
  auto candidate = [&](std::int64_t cx, std::int64_t cy) {
    const Vec2 c{(static_cast<double>(cx) + cell_hash01(cx, cy, 1)) * kCell, (static_cast<double>(cy) + cell_hash01(cx, cy, 2)) * kCell};
    if ((track.flags_at(c) & kCellOutside) != 0) return;
    const SurfaceLook lk = look(track.surface_at(c));
    if (lk.grain_density <= 0.0 || cell_hash01(cx, cy, 3) * 4.0 > lk.grain_density) return;
    const double r = lk.grain_size * (0.6 + 0.8 * cell_hash01(cx, cy, 4));
    const double a = kPi * cell_hash01(cx, cy, 5);
    const Vec2 d1 = from_angle(a) * r, d2 = perp(from_angle(a)) * (r * 0.7);
    m.quad(c + d1, c + d2, c - d1, c - d2, cell_hash01(cx, cy, 6) < 0.5 ? lk.fleck_a : lk.fleck_b);
  };
  const Vec2 lo = track.bounds_min(), hi = track.bounds_max();
  if (!track.spec().walls.automatic) {
    // Run-off everywhere in the bounds (whose size the track build limits).
    if (!(hi.x - lo.x < 20000.0 && hi.y - lo.y < 20000.0)) return;
    for (std::int64_t cx = cell(lo.x, kCell); cx <= cell(hi.x, kCell); ++cx)
      for (std::int64_t cy = cell(lo.y, kCell); cy <= cell(hi.y, kCell); ++cy) candidate(cx, cy);
    return;
  }
  // Beyond the corridor's tiles everything is beyond the walls: only candidates whose cell
  // starts in a corridor tile or in the tile below or left of one (a candidate lies up to
  // a cell beyond its cell's corner) can land inside the walls. Each is visited once.
  const double side = track.corridor_tile_size();
  const std::vector<Vec2> tiles = track.corridor_tiles();
  if (tiles.empty()) return;
  const Vec2 t0 = tiles.front();  // tiles are t0 + (tx, ty) * side
  std::vector<std::pair<std::int64_t, std::int64_t>> visit;
  for (Vec2 t : tiles) {
    const std::int64_t tx = std::llround((t.x - t0.x) / side), ty = std::llround((t.y - t0.y) / side);
    for (std::int64_t dy = -1; dy <= 0; ++dy)
      for (std::int64_t dx = -1; dx <= 0; ++dx) visit.push_back({tx + dx, ty + dy});
  }
  std::sort(visit.begin(), visit.end());
  visit.erase(std::unique(visit.begin(), visit.end()), visit.end());
  auto edge = [&](double o, std::int64_t t) { return o + static_cast<double>(t) * side; };
  for (const auto& [tx, ty] : visit) {
    // Cells whose lower-left corner lies in the tile (the next tile's edge is its end, so
    // neighbouring tiles share no cell and miss none).
    const double x0 = edge(t0.x, tx), x1 = edge(t0.x, tx + 1), y0 = edge(t0.y, ty), y1 = edge(t0.y, ty + 1);
    for (auto cx = static_cast<std::int64_t>(std::ceil(x0 / kCell)); static_cast<double>(cx) * kCell < x1; ++cx)
      for (auto cy = static_cast<std::int64_t>(std::ceil(y0 / kCell)); static_cast<double>(cy) * kCell < y1; ++cy)
        candidate(cx, cy);
  }
}

// ---- kerbs, start line, grid ------------------------------------------------------------

void kerbs(WorldMesh& m, const Track& track) {
  const Rgba red{204, 38, 36}, white{238, 238, 234};
  const auto& quads = track.kerb_quads();
  for (std::size_t i = 0; i < quads.size(); ++i) {
    const auto& q = quads[i];
    // Only where the surface map has a kerb (not across a branch's mouth, not under a zone).
    if (track.surface_at((q[0] + q[1] + q[2] + q[3]) * 0.25) != Surface::Kerb) continue;
    m.quad(q[0], q[1], q[2], q[3], i % 2 == 0 ? red : white);
  }
}

/// The chequered line across the road only (the gate itself reaches out to the walls).
void start_line(WorldMesh& m, const Gate& gate, const Centreline& line) {
  const Vec2 across = gate.b - gate.a;
  const double gate_len = length(across);
  if (!(gate_len > 0.5 && gate_len < 1000.0) || line.samples().size() < 2) return;
  const Vec2 u = across / gate_len, f = perp(u);
  const CentreSample c = line.at(line.project((gate.a + gate.b) * 0.5).s);
  // Where the gate's line meets the road edges: the road centre, then half a width each way
  // measured across the road (the gate may cross it at a slant).
  const double slant = std::max(0.3, std::abs(dot(u, c.normal)));
  const double half = 0.5 * c.width / slant;
  const double centre_u = dot(c.position - gate.a, u);
  const Gate g{gate.a + u * (centre_u - half), gate.a + u * (centre_u + half)};
  const double len = 2.0 * half;
  const int columns = std::max(2, static_cast<int>(std::lround(len / 0.9)));
  const double q = len / columns;
  const Rgba white{240, 240, 236}, black{22, 22, 26};
  for (int row = -1; row < 1; ++row)
    for (int col = 0; col < columns; ++col) {
      const Vec2 a = g.a + u * (q * col) + f * (q * row);
      m.quad(a, a + u * q, a + u * q + f * q, a + f * q, (row + col) % 2 == 0 ? white : black);
    }
}

void grid_boxes(WorldMesh& m, const std::vector<Pose>& grid) {
  constexpr double kHalfWidth = 1.35, kFront = 2.7, kLeg = 1.6, kLine = 0.2;
  for (const Pose& p : grid) {
    const Vec2 f = from_angle(p.heading), l = perp(f);
    const Vec2 front = p.position + f * kFront;
    m.line(front + l * (kHalfWidth + 0.5 * kLine), front - l * (kHalfWidth + 0.5 * kLine), kLine, kPaint);
    for (const double side : {1.0, -1.0})
      m.line(front + l * (side * kHalfWidth), front + l * (side * kHalfWidth) - f * kLeg, kLine, kPaint);
  }
}

// ---- walls ------------------------------------------------------------------------------

/// The polyline with extra points so no segment is longer than `step` (blocks to colour).
std::vector<Vec2> subdivide(const std::vector<Vec2>& line, bool closed, double step) {
  std::vector<Vec2> out;
  const std::size_t n = line.size();
  const std::size_t segs = closed ? n : n - 1;
  for (std::size_t i = 0; i < segs; ++i) {
    const Vec2 a = line[i], b = line[(i + 1) % n];
    const double len = length(b - a);
    const int k = std::clamp(static_cast<int>(std::ceil(len / step)), 1, 10000);
    for (int j = 0; j < k; ++j) out.push_back(a + (b - a) * (static_cast<double>(j) / k));
  }
  if (!closed && n > 0) out.push_back(line.back());
  return out;
}

/// A wall from `left` metres left of the line to `right` metres right of it: a soft
/// shadow, a dark footing, and blocks alternating light and dark about every 3 m.
void wall(WorldMesh& m, const std::vector<Vec2>& points, bool closed, double left, double right) {
  if (points.size() < 2) return;
  const std::vector<Vec2> line = subdivide(points, closed, 3.0);
  if (line.size() < 2) return;
  const Rgba footing{46, 48, 54}, light{214, 214, 208}, dark{132, 136, 146};
  const std::vector<Vec2> l_out = offset_polyline(line, closed, left + 0.1), r_out = offset_polyline(line, closed, -(right + 0.1));
  m.fringe(l_out, closed, 0.7, kShadow);
  m.fringe(r_out, closed, -0.7, kShadow);
  m.ribbon(line, closed, left + 0.1, right + 0.1, footing);
  const std::vector<Vec2> l_in = offset_polyline(line, closed, left - 0.08), r_in = offset_polyline(line, closed, -(right - 0.08));
  const std::size_t n = line.size(), segs = closed ? n : n - 1;
  double run = 0.0;
  for (std::size_t i = 0; i < segs; ++i) {
    const std::size_t j = (i + 1) % n;
    const double len = length(line[j] - line[i]);
    const bool odd = cell(run + 0.5 * len, 3.0) % 2 != 0;
    run += len;
    m.quad(l_in[i], l_in[j], r_in[j], r_in[i], odd ? dark : light);
  }
}

void walls(WorldMesh& m, const Track& track) {
  constexpr double kThick = 0.9;  // m, drawn on the side away from the cars
  for (const WallLoop& loop : track.wall_loops()) {
    if (loop.points.size() < 3) continue;
    const bool ccw = signed_area2(loop.points) >= 0.0;
    // A ccw loop has its inside on the left; the wall goes to the side the cars are not on.
    const bool away_left = ccw != loop.keep_inside;
    wall(m, loop.points, true, away_left ? kThick : 0.0, away_left ? 0.0 : kThick);
  }
  for (const auto& barrier : track.barriers()) wall(m, barrier, false, 0.5 * kThick, 0.5 * kThick);
}

// ---- obstacles --------------------------------------------------------------------------

bool kind_is(const std::string& kind, std::string_view a, std::string_view b = {}) {
  return kind == a || (!b.empty() && kind == b);
}

void obstacle(WorldMesh& m, const ObstacleSpec& o) {
  if (!std::isfinite(o.position.x) || !std::isfinite(o.position.y)) return;
  if (o.shape == ObstacleShape::Circle) {
    const double r = std::clamp(o.radius, 0.05, 50.0);
    const Vec2 c = o.position;
    m.disc(c + kShadowOffset, r * 1.05, with_alpha(kShadow, 0.0), kShadow);
    if (kind_is(o.kind, "cone", "cones")) {
      m.disc(c, r, Rgba{176, 70, 10}, Rgba{250, 122, 26}, 16);
      m.ring(c, 0.45 * r, 0.65 * r, Rgba{245, 245, 240}, 16);
      m.disc(c, 0.22 * r, Rgba{255, 150, 60}, Rgba{255, 178, 96}, 10);
    } else if (kind_is(o.kind, "tyres", "tyre")) {
      m.disc(c, r, Rgba{24, 24, 27}, Rgba{44, 44, 48}, 22);
      m.ring(c, 0.60 * r, 0.74 * r, Rgba{236, 236, 232}, 22);
      m.disc(c, 0.42 * r, Rgba{10, 10, 12}, Rgba{18, 18, 20}, 16);
    } else {
      m.disc(c, r, Rgba{90, 92, 100}, Rgba{150, 152, 160}, 20);
    }
    return;
  }
  const double hl = std::clamp(o.half_length, 0.05, 200.0), hw = std::clamp(o.half_width, 0.05, 200.0);
  const Vec2 u = from_angle(o.angle), v = perp(u), c = o.position;
  auto corners = [&](double grow, Vec2 at, double l0, double l1) {
    return std::vector<Vec2>{at + u * (l0 - grow) - v * (hw + grow), at + u * (l1 + grow) - v * (hw + grow),
                             at + u * (l1 + grow) + v * (hw + grow), at + u * (l0 - grow) + v * (hw + grow)};
  };
  m.convex(corners(0.1, c + kShadowOffset * 1.6, -hl, hl), kShadow);
  const bool truck = kind_is(o.kind, "truck", "lorry");
  const Rgba body = truck ? Rgba{58, 92, 150} : Rgba{150, 156, 168};
  const Rgba outline = truck ? Rgba{22, 36, 66} : Rgba{62, 66, 78};
  m.convex(corners(0.0, c, -hl, hl), outline);
  const double inset = std::min({0.18, 0.3 * hl, 0.3 * hw});
  if (!truck) {
    m.convex(corners(-inset, c, -hl, hl), body, shade(body, 1.08));
    return;
  }
  // A truck: a long box trailer and a lighter cab at the front (+axis end).
  const double cab = std::min(2.2, 0.3 * hl * 2.0);
  m.convex(corners(-inset, c, -hl, hl - cab - 0.15), body, shade(body, 1.1));
  m.convex(corners(-inset, c, hl - cab, hl), Rgba{214, 218, 226}, Rgba{236, 238, 242});
  const Vec2 glass = c + u * (hl - 0.35 * cab);
  m.quad(glass - v * (hw * 0.8), glass - v * (hw * 0.8) + u * (0.2 * cab), glass + v * (hw * 0.8) + u * (0.2 * cab),
         glass + v * (hw * 0.8), Rgba{40, 52, 70});
}

}  // namespace

// ---- TrackView --------------------------------------------------------------------------

Rgba track_surface_colour(Surface s) { return look(s).base; }

TrackView::TrackView(const Track& track) {
  const TrackSpec& spec = track.spec();
  const SceneryLayout scenery = place_scenery(track);
  SceneryMeshes scenery_meshes;
  build_scenery_meshes(scenery, scenery_meshes);
  // Without automatic walls there is no land beyond them: the run-off goes on for ever.
  land_ = spec.walls.automatic ? scenery_land_colour(scenery.theme) : look(spec.runoff.surface).base;

  WorldMesh runoff, roads, surface_zones(32.0), marks(32.0), texture(32.0), lines;
  for (const Centreline& b : track.branches()) runoff_band(runoff, b, spec.runoff.width, spec.runoff.surface);
  runoff_band(runoff, track.centreline(), spec.runoff.width, spec.runoff.surface);
  for (std::size_t i = 0; i < track.branches().size() && i < spec.branches.size(); ++i)
    road_strip(roads, track.branches()[i], spec.branches[i].surface);
  road_strip(roads, track.centreline(), spec.road_surface);
  kerbs(marks, track);
  for (const SurfaceZone& z : spec.zones) zone(surface_zones, z);
  grain(texture, track);
  for (int part = 0; part <= static_cast<int>(track.branches().size()); ++part) edge_lines(lines, track, part);
  if (!track.stations().empty() && !track.stations().front().gates.empty()) start_line(lines, track.start_line(), track.centreline());
  grid_boxes(lines, track.grid());
  ground_.push_back(std::move(runoff));
  ground_.push_back(std::move(roads));
  ground_.push_back(std::move(marks));
  ground_.push_back(std::move(surface_zones));
  ground_.push_back(std::move(texture));
  ground_.push_back(std::move(lines));
  ground_.push_back(std::move(scenery_meshes.ground));  // water, aprons, shadows

  WorldMesh wall_mesh, things(32.0);
  walls(wall_mesh, track);
  for (const ObstacleSpec& o : track.obstacles()) obstacle(things, o);
  objects_.push_back(std::move(wall_mesh));
  objects_.push_back(std::move(things));
  objects_.push_back(std::move(scenery_meshes.standing));
  overhead_ = std::move(scenery_meshes.overhead);
}

void TrackView::draw_ground(SDL_Renderer* renderer, const Camera& camera) const {
  SDL_SetRenderDrawColor(renderer, land_.r, land_.g, land_.b, 255);
  SDL_RenderClear(renderer);
  for (const WorldMesh& m : ground_) m.draw(renderer, camera);
}

void TrackView::draw_objects(SDL_Renderer* renderer, const Camera& camera) const {
  for (const WorldMesh& m : objects_) m.draw(renderer, camera);
}

void TrackView::draw_overhead(SDL_Renderer* renderer, const Camera& camera) const { overhead_.draw(renderer, camera); }

std::size_t TrackView::triangle_count() const {
  std::size_t n = 0;
  for (const auto* layers : {&ground_, &objects_})
    for (const WorldMesh& m : *layers) n += m.triangle_count();
  return n + overhead_.triangle_count();
}

}  // namespace racer
