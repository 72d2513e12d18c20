// Track build phases that make the surface raster (0.25 m cells: a surface and
// road/kerb/runoff/outside flags each, Track::surface_at's O(1) lookup; tiled, so only the
// cells near the roads and in zones take memory): the bounds of
// everything inside the walls, the kerbs (automatic on corners tighter than
// `min_radius_m`, explicit spans; the quads drawn for them), each cell's distance to the
// nearest road edge and which centreline segment it belongs to, the cells' flags from
// that distance, and the zones painted over them in file order.
// Sections: 1. bounds  2. kerbs  3. road distance raster  4. cells and zones
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "track/track_build.h"

namespace racer {

using namespace track_build;

namespace {

constexpr double kRasterMargin = 2.0;      // m around everything inside the walls
constexpr double kCapsuleMargin = 1.0;     // m of distance field beyond the walls
constexpr double kKerbExtension = 4.0;     // m added at both ends of automatic kerbs
// The rasters are sparse (tiles along the road corridor), but each keeps a 4-byte index
// entry per tile of its bounding box: 62.5 KB per km^2 at 0.25 m. Boxes up to 400 km^2
// (20 x 20 km) keep those indices under about 100 MB in all.
constexpr double kMaxRasterArea = 400e6;  // m^2
// Without automatic walls the run-off reaches the box's border and the AI's cost grid is
// dense over the box (track_cost_grid.cpp): such boxes stay at about 2 square km.
constexpr double kMaxDenseArea = 2.0 * 1024 * 1024;  // m^2 (32 Mi raster cells)

}  // namespace

// ---------------------------------------------------------------- 1. bounds

bool TrackBuilder::compute_bounds() {
  Vec2 lo{1e300, 1e300}, hi{-1e300, -1e300};
  auto grow = [&](Vec2 p, double r) {
    lo = {std::min(lo.x, p.x - r), std::min(lo.y, p.y - r)};
    hi = {std::max(hi.x, p.x + r), std::max(hi.y, p.y + r)};
  };
  for (int c = 0; c < part_count(); ++c)
    for (const CentreSample& cs : part_line(c).samples()) grow(cs.position, 0.5 * cs.width + spec().runoff.width);
  for (const ObstacleSpec& o : spec().obstacles)
    grow(o.position, o.shape == ObstacleShape::Circle ? o.radius : std::hypot(o.half_length, o.half_width));
  for (const auto& barrier : spec().walls.barriers)
    for (Vec2 p : barrier) grow(p, 0.0);
  if (!spec().walls.automatic)
    for (const SurfaceZone& z : spec().zones)
      for (Vec2 p : z.polygon) grow(p, 0.0);
  track_->bounds_min_ = lo;
  track_->bounds_max_ = hi;
  const double margin = kRasterMargin + kCapsuleMargin;
  const double w = (hi.x - lo.x + 2.0 * margin) / kRasterCell;
  const double h = (hi.y - lo.y + 2.0 * margin) / kRasterCell;
  if (w * h * kRasterCell * kRasterCell > kMaxRasterArea) {
    problem("/centreline", "the track covers " + std::to_string(std::lround(hi.x - lo.x)) + " x " +
                               std::to_string(std::lround(hi.y - lo.y)) +
                               " m; its bounding box may cover at most 400 square km (20 x 20 km)");
    return false;
  }
  if (!spec().walls.automatic && w * h * kRasterCell * kRasterCell > kMaxDenseArea) {
    problem("/walls/automatic", "the track covers " + std::to_string(std::lround(hi.x - lo.x)) + " x " +
                                    std::to_string(std::lround(hi.y - lo.y)) +
                                    " m; without automatic walls at most about 2 square km is supported");
    return false;
  }
  track_->raster_origin_ = lo - Vec2{margin, margin};
  track_->raster_cell_ = kRasterCell;
  track_->raster_w_ = static_cast<int>(std::ceil(w));
  track_->raster_h_ = static_cast<int>(std::ceil(h));
  road_ = TiledRaster<RoadCell>(track_->raster_w_, track_->raster_h_, RoadCell{});
  return true;
}

// ---------------------------------------------------------------- 2. kerbs

// Per part, per sample: bit 1 = kerb on the left edge, bit 2 = on the right.
void TrackBuilder::mark_kerbs() {
  const KerbSpec& ks = spec().kerbs;
  kerb_mask_.assign(static_cast<std::size_t>(part_count()), {});
  for (int c = 0; c < part_count(); ++c) {
    const Centreline& line = part_line(c);
    const auto& ss = line.samples();
    const int m = static_cast<int>(ss.size());
    auto& mask = kerb_mask_[static_cast<std::size_t>(c)];
    mask.assign(static_cast<std::size_t>(m), 0);
    if (ks.automatic && ks.width > 0.0) {
      const double ds = line.length() / std::max(1, line.closed() ? m : m - 1);
      const int extend = static_cast<int>(std::lround(kKerbExtension / ds));
      for (int k = 0; k < m; ++k) {
        if (std::abs(ss[static_cast<std::size_t>(k)].curvature) <= 1.0 / ks.min_radius) continue;
        for (int o = -extend; o <= extend; ++o) {
          int q = k + o;
          if (line.closed()) q = ((q % m) + m) % m;
          else if (q < 0 || q >= m) continue;
          mask[static_cast<std::size_t>(q)] |= 3;
        }
      }
    }
  }
  // Explicit spans on the main loop, from..to forwards in the file's order; the side is
  // seen in the direction of travel.
  const double L = main().length();
  auto& mask = kerb_mask_[0];
  for (const KerbSpan& span : ks.spans) {
    if (ks.width <= 0.0 || span.from < 0 || span.to < 0 || span.from >= point_count() || span.to >= point_count()) continue;
    int a = map_point(span.from), b = map_point(span.to);
    if (spec().start.reverse) std::swap(a, b);
    const double s0 = main().s_of_point(a);
    const double len = wrap_s(main().s_of_point(b) - s0, L);
    const std::uint8_t bits = span.side == KerbSide::Left ? 1 : span.side == KerbSide::Right ? 2 : 3;
    for (std::size_t k = 0; k < mask.size(); ++k)
      if (wrap_s(main().samples()[k].s - s0, L) <= len + 1e-9) mask[k] |= bits;
  }
  build_kerb_quads();
}

// Quads of about 2 m along each kerbed edge (alternate colours when drawing).
void TrackBuilder::build_kerb_quads() {
  const double kw = spec().kerbs.width;
  for (int c = 0; c < part_count(); ++c) {
    const auto& ss = part_line(c).samples();
    const auto& mask = kerb_mask_[static_cast<std::size_t>(c)];
    const int m = static_cast<int>(ss.size());
    const int count = part_line(c).closed() ? m : m - 1;
    for (std::uint8_t bit : {std::uint8_t{1}, std::uint8_t{2}}) {
      const double side = bit == 1 ? 1.0 : -1.0;
      for (int k = 0; k < count;) {
        if (!(mask[static_cast<std::size_t>(k)] & bit)) {
          ++k;
          continue;
        }
        int e = k;
        while (e < count && e - k < 2 && (mask[static_cast<std::size_t>(e)] & bit)) ++e;
        const CentreSample& p = ss[static_cast<std::size_t>(k)];
        const CentreSample& q = ss[static_cast<std::size_t>(e % m)];
        auto at = [&](const CentreSample& s, double off) { return s.position + s.normal * (side * off); };
        track_->kerbs_.push_back({at(p, 0.5 * p.width), at(q, 0.5 * q.width), at(q, 0.5 * q.width - kw),
                                  at(p, 0.5 * p.width - kw)});
        k = e;
      }
    }
  }
}

// ---------------------------------------------------------------- 3. road distance raster

// Distance from every cell near a road to its nearest road edge (negative on the road):
// each centreline chord's capsule is scanned row by row, keeping the minimum, so the
// cost is proportional to the road's area, not cells x segments. Runs of samples that
// lie within 1 cm of a straight chord (with linear width and the same kerbs) are one
// chord: on straights and gentle bends this cuts the overlap of the capsules several-fold.
void TrackBuilder::rasterise_roads() {
  constexpr int kMaxChord = 24;  // samples
  constexpr double kChordTolerance = 0.01;  // m
  std::vector<Chord> chords;
  for (int c = 0; c < part_count(); ++c) {
    const auto& ss = part_line(c).samples();
    const auto& mask = kerb_mask_[static_cast<std::size_t>(c)];
    const int m = static_cast<int>(ss.size());
    const int count = part_line(c).closed() ? m : m - 1;
    auto sample = [&](int k) -> const CentreSample& { return ss[static_cast<std::size_t>(k % m)]; };
    auto chord_ok = [&](int k, int e) {
      const CentreSample& a = sample(k);
      const CentreSample& b = sample(e);
      for (int j = k + 1; j < e; ++j) {
        const CentreSample& q = sample(j);
        const double u = static_cast<double>(j - k) / (e - k);
        if (distance_to_segment(q.position, a.position, b.position) > kChordTolerance ||
            std::abs(q.width - lerp(a.width, b.width, u)) > kChordTolerance ||
            mask[static_cast<std::size_t>(j % m)] != mask[static_cast<std::size_t>(k)])
          return false;
      }
      return mask[static_cast<std::size_t>(e % m)] == mask[static_cast<std::size_t>(k)];
    };
    for (int k = 0; k < count;) {
      int e = k + 1;
      while (e < count && e - k < kMaxChord && chord_ok(k, e + 1)) ++e;
      chords.push_back({c, k, e - k, m});
      k = e;
    }
  }
  reserve_road_tiles(chords);
  for (const Chord& ch : chords) {
    const auto& ss = part_line(ch.part).samples();
    rasterise_segment(ch.part, ch.first, ch.samples, ss[static_cast<std::size_t>(ch.first % ch.m)],
                      ss[static_cast<std::size_t>((ch.first + ch.samples) % ch.m)]);
  }
}

// The cells of the capsule of radius r round the segment a-b, row by row: fn(y, x0, x1)
// for each row y of the raster it crosses, x0..x1 inclusive and inside the raster.
template <typename Fn>
void TrackBuilder::capsule_rows(Vec2 a, Vec2 b, double r, Fn&& fn) const {
  const Vec2 o = track_->raster_origin_;
  const int W = track_->raster_w_, H = track_->raster_h_;
  const int y0 = std::max(0, static_cast<int>(std::floor((std::min(a.y, b.y) - r - o.y) / kRasterCell - 0.5)));
  const int y1 = std::min(H - 1, static_cast<int>(std::ceil((std::max(a.y, b.y) + r - o.y) / kRasterCell - 0.5)));
  const Vec2 d = b - a;
  const Vec2 n = perp(length(d) > 0.0 ? d / length(d) : Vec2{1.0, 0.0}) * r;
  const Vec2 quad[4] = {a + n, b + n, b - n, a - n};
  for (int y = y0; y <= y1; ++y) {
    const double py = o.y + (y + 0.5) * kRasterCell;
    // x range of the capsule on this row: the union of both end discs and the strip.
    double x_lo = 1e300, x_hi = -1e300;
    for (Vec2 e : {a, b}) {
      const double dy = py - e.y;
      if (std::abs(dy) <= r) {
        const double dx = std::sqrt(r * r - dy * dy);
        x_lo = std::min(x_lo, e.x - dx);
        x_hi = std::max(x_hi, e.x + dx);
      }
    }
    for (int i = 0; i < 4; ++i) {
      const Vec2 p = quad[i], q = quad[(i + 1) % 4];
      if ((p.y - py) * (q.y - py) > 0.0 || p.y == q.y) continue;
      const double x = p.x + (q.x - p.x) * (py - p.y) / (q.y - p.y);
      x_lo = std::min(x_lo, x);
      x_hi = std::max(x_hi, x);
    }
    if (x_lo > x_hi) continue;
    const int x0 = std::max(0, static_cast<int>(std::ceil((x_lo - o.x) / kRasterCell - 0.5)));
    const int x1 = std::min(W - 1, static_cast<int>(std::floor((x_hi - o.x) / kRasterCell - 0.5)));
    if (x0 <= x1) fn(y, x0, x1);
  }
}

// The capsule's radius round the chord from sa to sb.
double TrackBuilder::capsule_radius(const CentreSample& sa, const CentreSample& sb) const {
  return std::max(0.5 * sa.width, 0.5 * sb.width) + spec().runoff.width + kCapsuleMargin;
}

// Counts the tiles the capsules of `chords` touch (every one of them gets stored: a cell's
// first value always improves on "no road") and reserves them.
void TrackBuilder::reserve_road_tiles(const std::vector<Chord>& chords) {
  constexpr int kShift = TiledRaster<RoadCell>::kShift;
  const int tw = road_.tiles_w();
  std::vector<char> touched(static_cast<std::size_t>(tw) * static_cast<std::size_t>(road_.tiles_h()), 0);
  for (const Chord& ch : chords) {
    const CentreSample& sa = part_line(ch.part).samples()[static_cast<std::size_t>(ch.first % ch.m)];
    const CentreSample& sb = part_line(ch.part).samples()[static_cast<std::size_t>((ch.first + ch.samples) % ch.m)];
    capsule_rows(sa.position, sb.position, capsule_radius(sa, sb), [&](int y, int x0, int x1) {
      const std::size_t row = static_cast<std::size_t>(y >> kShift) * static_cast<std::size_t>(tw);
      for (int tx = x0 >> kShift; tx <= (x1 >> kShift); ++tx) touched[row + static_cast<std::size_t>(tx)] = 1;
    });
  }
  road_.reserve_tiles(static_cast<std::size_t>(std::count(touched.begin(), touched.end(), 1)));
}

// The capsule of the chord from sample k over `samples` samples to sb.
void TrackBuilder::rasterise_segment(int c, int k, int samples, const CentreSample& sa, const CentreSample& sb) {
  const Vec2 a = sa.position, b = sb.position;
  const double ha = 0.5 * sa.width, hb = 0.5 * sb.width;
  const Vec2 o = track_->raster_origin_;
  const Vec2 d = b - a;
  const double l2 = length_squared(d);
  capsule_rows(a, b, capsule_radius(sa, sb), [&](int y, int x0, int x1) {
    const double py = o.y + (y + 0.5) * kRasterCell;
    for (int x = x0; x <= x1; ++x) {
      const Vec2 p{o.x + (x + 0.5) * kRasterCell, py};
      const double u = l2 > 0.0 ? std::clamp(dot(p - a, d) / l2, 0.0, 1.0) : 0.0;
      const double h = lerp(ha, hb, u);
      // e = |p - q| - h improves on the cell's value only if |p - q|^2 < (value + h)^2.
      const double bound = static_cast<double>(road_.get(x, y).edge) + h;
      const double d2 = length_squared(p - (a + d * u));
      if (bound > 0.0 && d2 < bound * bound)
        road_.set(x, y, {static_cast<float>(std::sqrt(d2) - h), (c << 24) | (k + std::min(static_cast<int>(u * samples), samples - 1))});
    }
  });
}

// ---------------------------------------------------------------- 4. cells and zones

// Road, kerb, runoff or outside, from each cell's distance to the road edge.
void TrackBuilder::classify_cells() {
  Track& t = *track_;
  t.cells_ = TiledRaster<std::uint8_t>(t.raster_w_, t.raster_h_,
                                       Track::cell_byte(spec().runoff.surface, spec().walls.automatic ? kCellOutside : kCellRunoff));
  t.cells_.reserve_tiles(road_.stored_tiles());  // zones may add a few more
  const double runoff = spec().runoff.width, kw = spec().kerbs.width;
  // Only the distance raster's stored tiles hold cells near a road (the others are all
  // "no road"): the corridor, not the whole bounding box.
  constexpr int kSide = TiledRaster<RoadCell>::kSide;
  for (int ty = 0; ty < road_.tiles_h(); ++ty)
    for (int tx = 0; tx < road_.tiles_w(); ++tx) {
      if (!road_.tile_stored(tx, ty)) continue;
      for (int y = ty * kSide; y < std::min(t.raster_h_, (ty + 1) * kSide); ++y)
        for (int x = tx * kSide; x < std::min(t.raster_w_, (tx + 1) * kSide); ++x) classify_cell(x, y, runoff, kw);
    }
}

// One cell of the corridor: road (or kerb, on the side of a kerbed sample), runoff or left
// as it is (beyond the walls).
void TrackBuilder::classify_cell(int x, int y, double runoff, double kw) {
  const Surface runoff_surface = spec().runoff.surface;
  const RoadCell rc = road_.get(x, y);
  const double e = rc.edge;
  if (rc.owner < 0 || e > runoff) return;
  if (e > 0.0) {
    set_cell(x, y, runoff_surface, kCellRunoff);
    return;
  }
  const int c = rc.owner >> 24, k = rc.owner & 0xFFFFFF;
  const Centreline& line = part_line(c);
  const Surface road = c == 0 ? spec().road_surface : spec().branches[static_cast<std::size_t>(c - 1)].surface;
  if (e <= -kw) {
    set_cell(x, y, road, kCellRoad);
    return;
  }
  const auto& ss = line.samples();
  const std::size_t k1 = (static_cast<std::size_t>(k) + 1) % ss.size();
  const auto& mask = kerb_mask_[static_cast<std::size_t>(c)];
  const std::uint8_t bits = mask[static_cast<std::size_t>(k)] | mask[k1];
  const double side = cross(ss[k1].position - ss[static_cast<std::size_t>(k)].position,
                            cell_centre(x, y) - ss[static_cast<std::size_t>(k)].position);
  if (bits & (side >= 0.0 ? 1 : 2))
    set_cell(x, y, Surface::Kerb, kCellRoad | kCellKerb);
  else
    set_cell(x, y, road, kCellRoad);
}

// Zones repaint the cells whose centres they contain (even-odd scanlines), in file order.
void TrackBuilder::paint_zones() {
  Track& t = *track_;
  for (const SurfaceZone& z : spec().zones) {
    const auto& poly = z.polygon;
    double y_lo = 1e300, y_hi = -1e300;
    for (Vec2 p : poly) {
      y_lo = std::min(y_lo, p.y);
      y_hi = std::max(y_hi, p.y);
    }
    const int y0 = std::max(0, static_cast<int>(std::floor((y_lo - t.raster_origin_.y) / kRasterCell)));
    const int y1 = std::min(t.raster_h_ - 1, static_cast<int>(std::ceil((y_hi - t.raster_origin_.y) / kRasterCell)));
    std::vector<double> xs;
    for (int y = y0; y <= y1; ++y) {
      const double py = t.raster_origin_.y + (y + 0.5) * kRasterCell;
      xs.clear();
      for (std::size_t i = 0; i < poly.size(); ++i) {
        const Vec2 p = poly[i], q = poly[(i + 1) % poly.size()];
        if ((p.y <= py) == (q.y <= py)) continue;
        xs.push_back(p.x + (q.x - p.x) * (py - p.y) / (q.y - p.y));
      }
      std::sort(xs.begin(), xs.end());
      for (std::size_t i = 0; i + 1 < xs.size(); i += 2) {
        const int x0 = std::max(0, static_cast<int>(std::ceil((xs[i] - t.raster_origin_.x) / kRasterCell - 0.5)));
        const int x1 = std::min(t.raster_w_ - 1, static_cast<int>(std::floor((xs[i + 1] - t.raster_origin_.x) / kRasterCell - 0.5)));
        for (int x = x0; x <= x1; ++x) {
          const std::uint8_t flags = cell_flags(x, y);
          if (flags & kCellOutside) continue;
          set_cell(x, y, z.surface, z.surface != Surface::Kerb ? static_cast<std::uint8_t>(flags & ~kCellKerb) : flags);
        }
      }
    }
  }
  t.cells_.shrink_to_fit();  // the raster is complete: the later phases only read it
}

}  // namespace racer
