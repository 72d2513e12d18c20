// Scenery placement (track/scenery.h).
// Sections: 1. footprints and checks | 2. random numbers and the clearance field |
// 3. the placer | 4. start area | 5. corners and straights | 6. theme features | 7. fill |
// 8. place_scenery
#include "track/scenery.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/hash.h"
#include "core/math.h"
#include "core/noise.h"
#include "core/split_mix.h"
#include "track/track.h"

namespace racer {
namespace {

constexpr double kPostSize = 1.2;  // m, a gantry's post (square)
constexpr double kOverWall = 1.1;  // m beyond the run-off's edge: clear of the wall drawn there (0.9 m thick)

SceneryBox item_box(const SceneryItem& it) {
  const Vec2 front = from_angle(it.facing);
  return {it.position, Vec2{front.y, -front.x}, 0.5 * it.length, 0.5 * it.depth};
}

double bounding_radius(const SceneryItem& it) { return 0.5 * std::hypot(it.length, it.depth); }

/// Distance from p to the box (0 inside).
double box_distance(const SceneryBox& b, Vec2 p) {
  const Vec2 d = p - b.centre;
  const double u = std::max(0.0, std::abs(dot(d, b.axis)) - b.half_length);
  const double v = std::max(0.0, std::abs(dot(d, perp(b.axis))) - b.half_width);
  return std::hypot(u, v);
}

bool boxes_overlap(const SceneryBox& a, const SceneryBox& b) {
  const Vec2 d = b.centre - a.centre;
  for (const Vec2 axis : {a.axis, perp(a.axis), b.axis, perp(b.axis)}) {
    auto extent = [&](const SceneryBox& x) {
      return x.half_length * std::abs(dot(x.axis, axis)) + x.half_width * std::abs(dot(perp(x.axis), axis));
    };
    if (std::abs(dot(d, axis)) >= extent(a) + extent(b)) return false;
  }
  return true;
}

}  // namespace

// ---- 1. footprints and checks ---------------------------------------------------------

std::vector<SceneryBox> scenery_footprint(const SceneryItem& it) {
  const SceneryBox box = item_box(it);
  if (it.kind != SceneryKind::Gantry) return {box};
  const double post = 0.5 * kPostSize;
  const double reach = std::max(0.0, box.half_length - post);
  return {SceneryBox{box.centre - box.axis * reach, box.axis, post, post},
          SceneryBox{box.centre + box.axis * reach, box.axis, post, post}};
}

bool scenery_clear_of_track(const Track& track, const SceneryItem& it, double margin) {
  for (const SceneryBox& b : scenery_footprint(it)) {
    const double hl = b.half_length + margin, hw = b.half_width + margin;
    if (!(std::isfinite(b.centre.x) && std::isfinite(b.centre.y) && hl > 0.0 && hw > 0.0)) return false;
    // Every 0.25 m (the surface raster's cell) for a box up to about 2 ha; bigger water is
    // sampled more coarsely, which the margin covers.
    const double area = 4.0 * hl * hw;
    const double step = std::max(0.25, std::sqrt(area / 320000.0));
    const int nu = static_cast<int>(std::ceil(2.0 * hl / step)), nv = static_cast<int>(std::ceil(2.0 * hw / step));
    for (int i = 0; i <= nu; ++i)
      for (int j = 0; j <= nv; ++j) {
        const Vec2 p = b.centre + b.axis * (-hl + 2.0 * hl * i / nu) + perp(b.axis) * (-hw + 2.0 * hw * j / nv);
        if ((track.flags_at(p) & kCellOutside) == 0) return false;
      }
    for (const ObstacleSpec& o : track.obstacles()) {
      const double r = o.shape == ObstacleShape::Circle ? o.radius : std::hypot(o.half_length, o.half_width);
      if (box_distance(b, o.position) < r + margin) return false;
    }
  }
  return true;
}

bool scenery_overlap(const SceneryItem& a, const SceneryItem& b) {
  if (length(a.position - b.position) > bounding_radius(a) + bounding_radius(b)) return false;
  for (const SceneryBox& x : scenery_footprint(a))
    for (const SceneryBox& y : scenery_footprint(b))
      if (boxes_overlap(x, y)) return true;
  return false;
}

SceneryItem scenery_item(const SceneryObjectSpec& o, int source) {
  SceneryItem it;
  it.kind = o.kind;
  it.position = o.position;
  it.facing = o.facing;
  it.length = o.length;
  it.depth = scenery_kind_round(o.kind) ? o.length : o.depth;
  it.variant = o.variant >= 0 ? o.variant
                              : static_cast<int>(cell_hash01(static_cast<std::int64_t>(std::floor(o.position.x)),
                                                             static_cast<std::int64_t>(std::floor(o.position.y)), 91) *
                                                 kSceneryVariants);
  it.source = source;
  return it;
}

std::uint64_t scenery_seed(const Track& track) {
  Hash64 h;
  for (const char ch : track.spec().name) h.add(ch);
  for (const ControlPoint& p : track.spec().centreline) {
    h.add(p.position.x);
    h.add(p.position.y);
  }
  return h.value();
}

namespace {

// ---- 2. random numbers and the clearance field ----------------------------------------

using Rng = SplitMix64;

/// Distance (m) from each 1 m cell beyond the walls to the nearest cell that is not (road,
/// kerb, run-off): an 8-neighbour chamfer transform. It overestimates the Euclidean
/// distance by at most 8%, so uses below scale it down; it only speeds up the exact check.
/// Banded: only blocks of 32 x 32 cells within kBand of the road corridor are stored and
/// swept, and every distance reads as at most kBand. Exact below it: a chamfer path
/// shorter than kBand runs through cells nearer than kBand to the corridor, all stored, so
/// the cells left out change only values of kBand or more. The placer never asks beyond
/// about 100 m (open spots want up to 90 m; an item's fast check r + margin, the sea's
/// excepted, which is checked exactly either way).
class Clearance {
 public:
  static constexpr double kCell = 1.0;
  static constexpr int kBlock = 32;        // cells
  static constexpr float kBand = 128.0f;   // m
  Clearance(const Track& track, Vec2 lo, Vec2 hi) : origin_(lo) {
    w_ = std::max(1, static_cast<int>(std::ceil((hi.x - lo.x) / kCell)));
    h_ = std::max(1, static_cast<int>(std::ceil((hi.y - lo.y) / kCell)));
    bw_ = (w_ + kBlock - 1) / kBlock;
    bh_ = (h_ + kBlock - 1) / kBlock;
    block_.assign(static_cast<std::size_t>(bw_) * static_cast<std::size_t>(bh_), -1);
    // Without automatic walls there is no land beyond them: nothing is stored (every
    // distance reads 0 and the placer checks exactly; it places only explicit objects).
    if (!track.spec().walls.automatic) return;
    const double side = track.corridor_tile_size(), reach = static_cast<double>(kBand) + 2.0 * kCell;
    std::int32_t blocks = 0;
    for (const Vec2 t : track.corridor_tiles()) {
      const int bx0 = std::max(0, static_cast<int>(std::floor((t.x - reach - lo.x) / (kCell * kBlock))));
      const int by0 = std::max(0, static_cast<int>(std::floor((t.y - reach - lo.y) / (kCell * kBlock))));
      const int bx1 = std::min(bw_ - 1, static_cast<int>(std::floor((t.x + side + reach - lo.x) / (kCell * kBlock))));
      const int by1 = std::min(bh_ - 1, static_cast<int>(std::floor((t.y + side + reach - lo.y) / (kCell * kBlock))));
      for (int by = by0; by <= by1; ++by)
        for (int bx = bx0; bx <= bx1; ++bx) {
          std::int32_t& b = block_[static_cast<std::size_t>(by) * static_cast<std::size_t>(bw_) + static_cast<std::size_t>(bx)];
          if (b < 0) b = blocks++;
        }
    }
    d_.assign(static_cast<std::size_t>(blocks) * kBlock * kBlock, 1e9f);
    auto row_blocks = [&](int y, std::vector<int>& out) {
      out.clear();
      for (int bx = 0; bx < bw_; ++bx)
        if (block_[static_cast<std::size_t>(y / kBlock) * static_cast<std::size_t>(bw_) + static_cast<std::size_t>(bx)] >= 0) out.push_back(bx);
    };
    std::vector<int> active;
    for (int y = 0; y < h_; ++y) {
      if (y % kBlock == 0) row_blocks(y, active);
      for (const int bx : active)
        for (int x = bx * kBlock; x < std::min(w_, (bx + 1) * kBlock); ++x)
          if ((track.flags_at(centre(x, y)) & kCellOutside) == 0) *cell(x, y) = 0.0f;
    }
    constexpr float kD = 1.41421356f;
    auto get = [&](int x, int y) { const float* c = cell(x, y); return c ? *c : kBand; };
    for (int y = 0; y < h_; ++y) {
      if (y % kBlock == 0) row_blocks(y, active);
      for (const int bx : active)
        for (int x = bx * kBlock; x < std::min(w_, (bx + 1) * kBlock); ++x) {
          float& v = *cell(x, y);
          if (x > 0) v = std::min(v, get(x - 1, y) + 1.0f);
          if (y > 0) {
            v = std::min(v, get(x, y - 1) + 1.0f);
            if (x > 0) v = std::min(v, get(x - 1, y - 1) + kD);
            if (x + 1 < w_) v = std::min(v, get(x + 1, y - 1) + kD);
          }
        }
    }
    for (int y = h_ - 1; y >= 0; --y) {
      if (y % kBlock == kBlock - 1 || y == h_ - 1) row_blocks(y, active);
      for (auto it = active.rbegin(); it != active.rend(); ++it)
        for (int x = std::min(w_, (*it + 1) * kBlock) - 1; x >= *it * kBlock; --x) {
          float& v = *cell(x, y);
          if (x + 1 < w_) v = std::min(v, get(x + 1, y) + 1.0f);
          if (y + 1 < h_) {
            v = std::min(v, get(x, y + 1) + 1.0f);
            if (x + 1 < w_) v = std::min(v, get(x + 1, y + 1) + kD);
            if (x > 0) v = std::min(v, get(x - 1, y + 1) + kD);
          }
        }
    }
  }
  /// A lower bound on the distance from p to the track's non-outside cells, m.
  double at_least(Vec2 p) const {
    const int x = static_cast<int>(std::floor((p.x - origin_.x) / kCell));
    const int y = static_cast<int>(std::floor((p.y - origin_.y) / kCell));
    if (x < 0 || y < 0 || x >= w_ || y >= h_) return 0.0;  // unknown: check exactly
    const float* c = cell(x, y);
    if (block_.empty() || d_.empty()) return 0.0;
    return std::max(0.0, static_cast<double>(std::min(c ? *c : kBand, kBand)) / 1.08 - kCell);
  }
  int width() const { return w_; }
  int height() const { return h_; }
  Vec2 centre(int x, int y) const { return origin_ + Vec2{(x + 0.5) * kCell, (y + 0.5) * kCell}; }

 private:
  // The cell's value, or null in a block that is not stored (beyond the band).
  float* cell(int x, int y) {
    const std::int32_t b = block_[static_cast<std::size_t>(y / kBlock) * static_cast<std::size_t>(bw_) + static_cast<std::size_t>(x / kBlock)];
    if (b < 0) return nullptr;
    return &d_[static_cast<std::size_t>(b) * kBlock * kBlock + static_cast<std::size_t>((y % kBlock) * kBlock + x % kBlock)];
  }
  const float* cell(int x, int y) const { return const_cast<Clearance*>(this)->cell(x, y); }
  Vec2 origin_;
  int w_ = 0, h_ = 0, bw_ = 0, bh_ = 0;
  std::vector<std::int32_t> block_;  // per block of kBlock x kBlock cells: its index in d_, or -1
  std::vector<float> d_;
};

// ---- 3. the placer -------------------------------------------------------------------

/// What a theme puts where: fill density and mix, and its set pieces.
struct ThemeRules {
  double fill_cell;   // m, spacing of fill candidates
  double cover;       // fraction of the land that is wooded, 0..1
  double wood_scale;  // m, size of woods and clearings
  std::array<double, 4> mix;  // weights of tree, conifer, bush, rock
  int ponds;          // small water bodies
  bool lake;          // one big water body
  bool sea;           // the harbour's open water along one side
};

ThemeRules rules(SceneryTheme t) {
  switch (t) {
    case SceneryTheme::Forest: return {9.0, 0.68, 70.0, {0.45, 0.45, 0.07, 0.03}, 1, true, false};
    case SceneryTheme::Harbour: return {11.0, 0.28, 45.0, {0.75, 0.0, 0.25, 0.0}, 0, false, true};
    case SceneryTheme::Foundry: return {10.0, 0.30, 50.0, {0.25, 0.05, 0.4, 0.3}, 1, false, false};
    case SceneryTheme::Rally: return {9.0, 0.6, 60.0, {0.12, 0.58, 0.18, 0.12}, 1, false, false};
    case SceneryTheme::Downs:
    case SceneryTheme::Count: break;
  }
  return {11.0, 0.42, 80.0, {0.62, 0.06, 0.27, 0.05}, 2, false, false};
}

class Placer {
 public:
  Placer(const Track& track, SceneryLayout& out)
      : track_(track),
        out_(out),
        rng_(out.seed),
        lo_(track.bounds_min() - Vec2{kMargin, kMargin}),
        hi_(track.bounds_max() + Vec2{kMargin, kMargin}),
        clearance_(track, lo_, hi_) {}

  static constexpr double kMargin = 110.0;  // m of land drawn beyond the walls

  const Track& track() const { return track_; }
  Rng& rng() { return rng_; }
  Vec2 lo() const { return lo_; }
  Vec2 hi() const { return hi_; }
  const Clearance& clearance() const { return clearance_; }

  /// Adds the item if it is clear of the track (by `margin`) and of every item so far.
  bool add(const SceneryItem& it, double margin = kSceneryWallMargin) {
    if (!(it.length > 0.0 && it.depth > 0.0)) return false;
    const double r = bounding_radius(it);
    if (it.kind != SceneryKind::Gantry && clearance_.at_least(it.position) < r + margin) {
      if (!scenery_clear_of_track(track_, it, margin)) return false;
    } else if (it.kind == SceneryKind::Gantry && !scenery_clear_of_track(track_, it, margin)) {
      return false;
    }
    if (overlaps_any(it)) return false;
    insert(it);
    return true;
  }
  /// Adds an explicit object as it is (the track build has checked it).
  void add_explicit(const SceneryItem& it) { insert(it); }

  /// From `from` along `dir`, the first distance (m) at which the land beyond the walls
  /// begins, searching up to max_m; < 0 if it never does.
  double land_from(Vec2 from, Vec2 dir, double max_m) const {
    for (double d = 0.0; d <= max_m; d += 0.25)
      if ((track_.flags_at(from + dir * d) & kCellOutside) != 0) return d;
    return -1.0;
  }

 private:
  static constexpr double kBucket = 24.0;  // m, spatial hash cells for small items
  static long long key(Vec2 p) {
    const auto x = static_cast<long long>(std::floor(p.x / kBucket)), y = static_cast<long long>(std::floor(p.y / kBucket));
    return (x << 32) ^ (y & 0xFFFFFFFFll);
  }
  static bool exempt(const SceneryItem& a, const SceneryItem& b) {
    // Boats float on water.
    return (a.kind == SceneryKind::Boat && b.kind == SceneryKind::Water) ||
           (b.kind == SceneryKind::Boat && a.kind == SceneryKind::Water);
  }
  bool overlaps_any(const SceneryItem& it) const {
    for (const std::size_t i : large_)
      if (!exempt(it, out_.items[i]) && scenery_overlap(it, out_.items[i])) return true;
    const double r = bounding_radius(it) + kSmall;
    for (double x = it.position.x - r; x < it.position.x + r + kBucket; x += kBucket)
      for (double y = it.position.y - r; y < it.position.y + r + kBucket; y += kBucket) {
        const auto found = buckets_.find(key({std::min(x, it.position.x + r), std::min(y, it.position.y + r)}));
        if (found == buckets_.end()) continue;
        for (const std::size_t i : found->second)
          if (!exempt(it, out_.items[i]) && scenery_overlap(it, out_.items[i])) return true;
      }
    return false;
  }
  void insert(const SceneryItem& it) {
    const std::size_t i = out_.items.size();
    out_.items.push_back(it);
    if (bounding_radius(it) > kSmall)
      large_.push_back(i);
    else
      buckets_[key(it.position)].push_back(i);
  }
  static constexpr double kSmall = 12.0;  // m, bounding radius of items kept in buckets

  const Track& track_;
  SceneryLayout& out_;
  Rng rng_;
  Vec2 lo_, hi_;
  Clearance clearance_;
  std::unordered_map<long long, std::vector<std::size_t>> buckets_;
  std::vector<std::size_t> large_;
};

double heading(Vec2 v) { return std::atan2(v.y, v.x); }

/// s - t wrapped into [-L/2, L/2): the signed distance along a loop of length L.
double loop_gap(double s, double t, double L) {
  double d = std::fmod(s - t + 0.5 * L, L);
  if (d < 0.0) d += L;
  return d - 0.5 * L;
}

/// A box beside the road at centreline distance s on `side` (+1 left, -1 right), its front
/// towards the road, `gap` m beyond the land's edge there. Length along the road.
bool beside_road(Placer& p, SceneryKind kind, double s, double side, double gap, double length, double depth,
                 int variant, double margin = kSceneryWallMargin) {
  const CentreSample c = p.track().centreline().at(s);
  const Vec2 out = c.normal * side;
  const double edge = p.land_from(c.position + out * (0.5 * c.width), out, 150.0);
  if (edge < 0.0) return false;
  SceneryItem it;
  it.kind = kind;
  it.position = c.position + out * (0.5 * c.width + edge + gap + 0.5 * depth);
  it.facing = heading(-out);
  it.length = length;
  it.depth = depth;
  it.variant = variant;
  return p.add(it, margin);
}

// ---- 4. start area -------------------------------------------------------------------

/// How far the road runs nearly straight from s in direction dir (+1 ahead, -1 behind), m.
double straight_run(const Centreline& line, double s, double dir, double max_m) {
  double run = 0.0;
  while (run < max_m && std::abs(line.at(s + dir * run).curvature) < 1.0 / 500.0) run += 2.0;
  return run;
}

void start_area(Placer& p) {
  const Track& t = p.track();
  const Centreline& line = t.centreline();
  if (line.samples().size() < 2 || t.sector_starts().empty()) return;
  const double s_line = t.sector_starts().front();
  // The gantry: a beam over the road just past the line, its posts beyond the walls.
  for (const double ahead : {4.0, 10.0, 16.0, -8.0}) {
    const CentreSample c = line.at(s_line + ahead);
    const double l = p.land_from(c.position + c.normal * (0.5 * c.width), c.normal, 120.0);
    const double r = p.land_from(c.position - c.normal * (0.5 * c.width), -c.normal, 120.0);
    if (l < 0.0 || r < 0.0) continue;
    const double reach_l = 0.5 * c.width + l + kOverWall + 0.5 * kPostSize + 0.1;
    const double reach_r = 0.5 * c.width + r + kOverWall + 0.5 * kPostSize + 0.1;
    SceneryItem g;
    g.kind = SceneryKind::Gantry;
    g.position = c.position + c.normal * (0.5 * (reach_l - reach_r));
    g.facing = heading(-c.tangent);  // the lights face the grid
    g.length = reach_l + reach_r + kPostSize;
    g.depth = kPostSize;
    g.variant = 0;
    if (p.add(g, 1.0)) break;
  }
  // The pit building along the straight through the line (as near the grid as it fits)
  // on one side, grandstands opposite with boards at their feet.
  const double behind = straight_run(line, s_line, -1.0, 300.0), ahead = straight_run(line, s_line, 1.0, 300.0);
  const double from = s_line - behind + 6.0, to = s_line + ahead - 6.0;
  const double pit_side = (p.rng().uniform() < 0.5) ? 1.0 : -1.0;
  for (const double side : {pit_side, -pit_side}) {
    bool pits = false;
    for (const double want : {90.0, 60.0, 40.0}) {
      const double len = std::min(want, to - from);
      if (len < 30.0) break;
      const double centre = std::clamp(s_line - 20.0, from + 0.5 * len, to - 0.5 * len);
      if (beside_road(p, SceneryKind::PitBuilding, centre, side, 3.0, len, 22.0, p.rng().below(kSceneryVariants))) {
        pits = true;
        break;
      }
    }
    if (!pits) continue;
    // Grandstands on the other side, along the straight, nearest the line first.
    const int variant = p.rng().below(kSceneryVariants);
    constexpr double kStand = 38.0, kPitch = 42.0;
    int stands = 0;
    for (const int k : {0, -1, 1, -2, 2, -3, 3}) {
      const double s = s_line - 10.0 + kPitch * k;
      if (stands == 4 || s - 0.5 * kStand < from || s + 0.5 * kStand > to) continue;
      if (!beside_road(p, SceneryKind::Grandstand, s, -side, 3.2, kStand, 12.0, variant)) continue;
      ++stands;
      for (const double half : {-0.25, 0.25})
        beside_road(p, SceneryKind::Boards, s + half * kStand, -side, kOverWall, 0.5 * kStand - 1.0, 0.8,
                    p.rng().below(kSceneryVariants), 0.3);
    }
    break;
  }
}

// ---- 5. corners and straights ---------------------------------------------------------

struct Corner {
  double s;       // m, apex along the centreline
  double side;    // +1: the outside is to the left
  double radius;  // m
};

/// Apexes of corners tighter than 150 m, at least 70 m apart, tightest first.
std::vector<Corner> corners(const Centreline& line) {
  std::vector<Corner> out;
  const auto& ss = line.samples();
  const std::size_t n = ss.size();
  if (n < 8) return out;
  constexpr std::size_t kWindow = 35;  // samples (about 1 m apart)
  for (std::size_t i = 0; i < n; ++i) {
    const double k = std::abs(ss[i].curvature);
    if (k < 1.0 / 150.0) continue;
    bool peak = true;
    for (std::size_t d = 1; d <= kWindow && peak; ++d) {
      const std::size_t a = (i + d) % n, b = (i + n - d % n) % n;
      peak = std::abs(ss[a].curvature) <= k && std::abs(ss[b].curvature) < k;
    }
    if (peak) out.push_back({ss[i].s, ss[i].curvature > 0.0 ? -1.0 : 1.0, 1.0 / k});
  }
  std::sort(out.begin(), out.end(), [](const Corner& a, const Corner& b) { return a.radius < b.radius; });
  std::vector<Corner> kept;
  for (const Corner& c : out) {
    bool far = true;
    for (const Corner& k : kept) far = far && std::abs(loop_gap(c.s, k.s, line.length())) > 70.0;
    if (far) kept.push_back(c);
  }
  return kept;
}

void corner_dressing(Placer& p) {
  const Centreline& line = p.track().centreline();
  const std::vector<Corner> cs = corners(line);
  int stands = 0;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    const Corner& c = cs[i];
    // Tyre walls round the outside from the turn-in to past the apex, boards behind them.
    const double seg = std::clamp(0.15 * c.radius + 4.0, 5.0, 9.0);
    for (double d = -36.0; d <= 24.0; d += seg) {
      if (beside_road(p, SceneryKind::TyreWall, c.s + d, c.side, kOverWall, seg - 0.3, 1.6, p.rng().below(kSceneryVariants), 0.3) &&
          static_cast<int>(std::lround((d + 36.0) / seg)) % 2 == 0)
        beside_road(p, SceneryKind::Boards, c.s + d, c.side, kOverWall + 1.9, seg - 0.6, 0.8, p.rng().below(kSceneryVariants), 0.3);
    }
    // A marshal post before the corner, on the outside, else the inside.
    for (const double side : {c.side, -c.side})
      if (beside_road(p, SceneryKind::MarshalPost, c.s - 50.0, side, 3.5, 3.0, 3.0, p.rng().below(kSceneryVariants)) ||
          beside_road(p, SceneryKind::MarshalPost, c.s - 30.0, side, 3.5, 3.0, 3.0, p.rng().below(kSceneryVariants)))
        break;
    // Spectators at the three tightest corners.
    if (stands < 3 && i < 5) {
      for (const double len : {30.0, 20.0})
        if (beside_road(p, SceneryKind::Grandstand, c.s, c.side, 5.5, len, 10.0, p.rng().below(kSceneryVariants))) {
          ++stands;
          break;
        }
    }
  }
}

/// Along the straights, both sides: sponsor boards behind the wall every so often, and by
/// theme a hedge of bushes (downs), stacked containers (harbour, foundry) or boulders (rally).
void roadside(Placer& p, SceneryTheme theme) {
  const Centreline& line = p.track().centreline();
  const double L = line.length();
  if (L < 100.0) return;
  int n = 0;
  for (double s = 25.0; s < L - 25.0; s += 55.0, ++n) {
    if (std::abs(line.at(s).curvature) > 1.0 / 300.0) continue;
    const double side = n % 2 == 0 ? 1.0 : -1.0;
    beside_road(p, SceneryKind::Boards, s, side, kOverWall, 16.0, 0.8, p.rng().below(kSceneryVariants), 0.3);
    const double far = -side;
    switch (theme) {
      case SceneryTheme::Downs:
        for (double d = -12.0; d <= 12.0; d += 3.0)
          beside_road(p, SceneryKind::Bush, s + d, far, 3.0 + p.rng().uniform(0.0, 0.6), 2.6, 2.6, p.rng().below(kSceneryVariants), 0.5);
        break;
      case SceneryTheme::Harbour:
      case SceneryTheme::Foundry:
        for (double d = -8.0; d <= 8.0; d += 2.9)
          beside_road(p, SceneryKind::Container, s + d, far, 2.5, 2.45, 6.1, p.rng().below(kSceneryVariants), 0.5);
        break;
      case SceneryTheme::Rally:
      case SceneryTheme::Forest:
        for (int k = 0; k < 3; ++k)
          beside_road(p, SceneryKind::Rock, s + p.rng().uniform(-10.0, 10.0), far, p.rng().uniform(1.5, 5.0), 2.2, 2.2,
                      p.rng().below(4), 0.5);
        break;
      case SceneryTheme::Count: break;
    }
  }
}

// ---- 6. theme features ---------------------------------------------------------------

/// Open water along the side of the track's bounds that the road runs closest to for
/// longest (the harbour front), with boats moored off the quay.
void sea(Placer& p) {
  const Track& t = p.track();
  const Vec2 lo = t.bounds_min(), hi = t.bounds_max();
  std::array<int, 4> near{};  // west, east, south, north
  for (const CentreSample& c : t.centreline().samples()) {
    near[0] += c.position.x - lo.x < 50.0;
    near[1] += hi.x - c.position.x < 50.0;
    near[2] += c.position.y - lo.y < 50.0;
    near[3] += hi.y - c.position.y < 50.0;
  }
  const int side = static_cast<int>(std::max_element(near.begin(), near.end()) - near.begin());
  constexpr double kQuay = 20.0, kDepth = 95.0;
  const bool along_x = side >= 2;
  const double span = (along_x ? hi.x - lo.x : hi.y - lo.y) + 2.0 * Placer::kMargin;
  const Vec2 out = side == 0 ? Vec2{-1, 0} : side == 1 ? Vec2{1, 0} : side == 2 ? Vec2{0, -1} : Vec2{0, 1};
  const Vec2 mid = (lo + hi) * 0.5;
  const Vec2 edge = side == 0 ? Vec2{lo.x, mid.y} : side == 1 ? Vec2{hi.x, mid.y} : side == 2 ? Vec2{mid.x, lo.y} : Vec2{mid.x, hi.y};
  SceneryItem water;
  water.kind = SceneryKind::Water;
  water.position = edge + out * (kQuay + 0.5 * kDepth);
  water.facing = heading(-out);
  water.length = span;
  water.depth = kDepth;
  water.variant = 4;  // a quay edge, not a natural shore
  if (!p.add(water)) return;
  // Boats along the quay, some moored end-on, some alongside.
  const Vec2 along = perp(out);
  for (double x = -0.5 * span + 20.0; x < 0.5 * span - 20.0; x += p.rng().uniform(14.0, 40.0)) {
    SceneryItem b;
    b.kind = SceneryKind::Boat;
    const bool end_on = p.rng().uniform() < 0.6;
    b.length = p.rng().uniform(7.0, 16.0);
    b.depth = b.length * p.rng().uniform(0.3, 0.38);
    b.variant = p.rng().below(kSceneryVariants);
    const double off = end_on ? 0.5 * b.length + 2.0 : 0.5 * b.depth + 1.5;
    b.position = edge + out * (kQuay + off + (p.rng().uniform() < 0.25 ? p.rng().uniform(15.0, 50.0) : 0.0)) + along * x;
    // A boat's bow is the +length end (the front turned a quarter clockwise): end-on boats
    // point out to sea, the others lie along the quay.
    b.facing = end_on ? heading(out) + 0.5 * kPi : heading(along) + 0.5 * kPi;
    p.add(b, 0.5);
  }
}

/// The best of `tries` random spots for something of radius r: as far from the track as
/// `want` m (further does not count), then at random.
Vec2 open_spot(Placer& p, double r, double want, int tries) {
  Vec2 best = p.lo();
  double best_score = -1.0;
  for (int i = 0; i < tries; ++i) {
    const Vec2 c{p.rng().uniform(p.lo().x + r, p.hi().x - r), p.rng().uniform(p.lo().y + r, p.hi().y - r)};
    const double score = std::min(p.clearance().at_least(c), want + r);
    if (score > best_score) best = c, best_score = score;
  }
  return best;
}

void ponds(Placer& p, int count, double min_r, double max_r) {
  for (int i = 0; i < count; ++i) {
    for (int attempt = 0; attempt < 6; ++attempt) {
      const double r = p.rng().uniform(min_r, max_r);
      const Vec2 c = open_spot(p, r, 30.0, 60);
      SceneryItem w;
      w.kind = SceneryKind::Water;
      w.position = c;
      w.facing = p.rng().uniform(0.0, 2.0 * kPi);
      w.length = 2.0 * r;
      w.depth = 2.0 * r * p.rng().uniform(0.55, 0.85);
      w.variant = p.rng().below(4);  // natural shores
      if (p.add(w, 6.0)) break;
    }
  }
}

/// A group of buildings (and what stands with them) round one open spot.
struct Cluster {
  SceneryKind kind;
  double length_min, length_max, depth_ratio;
  int variant_lo, variant_hi;  // inclusive range
  int count;
};

void cluster(Placer& p, const std::vector<Cluster>& parts, double radius) {
  const Vec2 c = open_spot(p, radius, 25.0, 50);
  const double grid_angle = p.rng().uniform(0.0, kPi);  // buildings of a group share an alignment
  for (const Cluster& part : parts)
    for (int i = 0; i < part.count; ++i)
      for (int attempt = 0; attempt < 8; ++attempt) {
        SceneryItem it;
        it.kind = part.kind;
        it.length = p.rng().uniform(part.length_min, part.length_max);
        it.depth = scenery_kind_round(part.kind) ? it.length : it.length * part.depth_ratio;
        it.variant = part.variant_lo + p.rng().below(part.variant_hi - part.variant_lo + 1);
        it.facing = grid_angle + 0.5 * kPi * p.rng().below(4);
        const double a = p.rng().uniform(0.0, 2.0 * kPi), d = radius * std::sqrt(p.rng().uniform());
        it.position = c + from_angle(a) * d;
        if (p.add(it, 3.0)) break;
      }
}

void theme_features(Placer& p, SceneryTheme theme) {
  const ThemeRules r = rules(theme);
  if (r.lake) ponds(p, 1, 35.0, 60.0);
  ponds(p, r.ponds, 10.0, 22.0);
  using K = SceneryKind;
  switch (theme) {
    case SceneryTheme::Downs:  // farms: a house, a barn, sheds, hay-coloured bushes
      for (int i = 0; i < 2; ++i)
        cluster(p, {{K::Building, 11, 15, 0.65, 0, 1, 1}, {K::Building, 18, 26, 0.5, 2, 2, 1}, {K::Building, 6, 9, 0.7, 3, 3, 2},
                    {K::Tree, 6, 9, 1, 0, 7, 4}}, 32.0);
      break;
    case SceneryTheme::Forest:  // lodges in the woods
      for (int i = 0; i < 2; ++i) cluster(p, {{K::Building, 9, 13, 0.7, 1, 1, 2}, {K::Building, 5, 7, 0.8, 3, 3, 1}}, 22.0);
      break;
    case SceneryTheme::Harbour:  // warehouses, container yards and the town's houses
      for (int i = 0; i < 5; ++i)
        cluster(p, {{K::Building, 30, 48, 0.45, 4, 5, 3}, {K::Container, 6.1, 6.1, 0.4, 0, 7, 18}, {K::Tank, 8, 12, 1, 0, 3, 1}}, 50.0);
      for (int i = 0; i < 5; ++i) cluster(p, {{K::Building, 10, 16, 0.7, 0, 1, 7}, {K::Tree, 6, 8, 1, 0, 7, 3}}, 35.0);
      break;
    case SceneryTheme::Foundry:  // works halls, tanks, chimneys, slag
      for (int i = 0; i < 3; ++i)
        cluster(p, {{K::Building, 40, 70, 0.5, 6, 7, 2}, {K::Tank, 8, 14, 1, 0, 3, 3}, {K::Tank, 3, 4.5, 1, 4, 7, 2},
                    {K::Container, 6.1, 6.1, 0.4, 0, 7, 6}, {K::Rock, 3, 6, 1, 4, 7, 6}}, 55.0);
      break;
    case SceneryTheme::Rally:  // a hamlet of cottages, and boulders below the crag
      cluster(p, {{K::Building, 8, 12, 0.65, 3, 3, 4}, {K::Building, 9, 13, 0.65, 1, 1, 2}, {K::Tree, 5, 8, 1, 0, 7, 4}}, 40.0);
      cluster(p, {{K::Rock, 3, 7, 1, 0, 3, 14}}, 40.0);
      break;
    case SceneryTheme::Count: break;
  }
}

// ---- 7. fill -------------------------------------------------------------------------

/// Trees, bushes and rocks on a jittered grid: woods where a smooth noise is high,
/// clearings where it is low, the kind drawn from the theme's mix.
void fill(Placer& p, SceneryTheme theme) {
  const ThemeRules r = rules(theme);
  const auto noise_seed = static_cast<std::uint32_t>(p.rng().next());
  const auto cell_seed = p.rng().next();
  const double c = r.fill_cell;
  const auto x0 = static_cast<std::int64_t>(std::floor(p.lo().x / c)), x1 = static_cast<std::int64_t>(std::floor(p.hi().x / c));
  const auto y0 = static_cast<std::int64_t>(std::floor(p.lo().y / c)), y1 = static_cast<std::int64_t>(std::floor(p.hi().y / c));
  const double total = r.mix[0] + r.mix[1] + r.mix[2] + r.mix[3];
  for (std::int64_t cx = x0; cx <= x1; ++cx)
    for (std::int64_t cy = y0; cy <= y1; ++cy) {
      auto h = [&](std::uint64_t salt) { return cell_hash01(cx, cy, cell_seed + salt); };
      const Vec2 at{(static_cast<double>(cx) + 0.15 + 0.7 * h(1)) * c, (static_cast<double>(cy) + 0.15 + 0.7 * h(2)) * c};
      // Woods: noise above a threshold set by the cover; a few lone trees elsewhere.
      const double wood = 0.5 + 0.5 * (0.7 * value_noise(at.x / r.wood_scale, at.y / r.wood_scale, noise_seed) +
                                        0.3 * value_noise(at.x / (0.3 * r.wood_scale), at.y / (0.3 * r.wood_scale), noise_seed + 1));
      const bool in_wood = wood > 1.0 - r.cover;
      if (!in_wood && h(3) > 0.08) continue;
      double pick = h(4) * total;
      int k = 0;
      while (k < 3 && pick >= r.mix[static_cast<std::size_t>(k)]) pick -= r.mix[static_cast<std::size_t>(k++)];
      SceneryItem it;
      it.kind = std::array{SceneryKind::Tree, SceneryKind::Conifer, SceneryKind::Bush, SceneryKind::Rock}[static_cast<std::size_t>(k)];
      const std::array<std::array<double, 2>, 4> sizes{{{5.0, 9.0}, {3.5, 6.5}, {1.6, 3.6}, {1.0, 3.0}}};
      it.length = it.depth = sizes[static_cast<std::size_t>(k)][0] + (sizes[static_cast<std::size_t>(k)][1] - sizes[static_cast<std::size_t>(k)][0]) * h(5);
      it.position = at;
      it.facing = 2.0 * kPi * h(6);
      it.variant = static_cast<int>(h(7) * kSceneryVariants);
      // A strip of open grass along the walls, wider for trees than for bushes.
      p.add(it, k <= 1 ? 2.5 : 1.5);
    }
}

}  // namespace

// ---- 8. place_scenery ----------------------------------------------------------------

SceneryLayout place_scenery(const Track& track) {
  SceneryLayout layout;
  layout.theme = track.spec().scenery.theme;
  layout.seed = scenery_seed(track);
  const Vec2 lo = track.bounds_min(), hi = track.bounds_max();
  if (!(hi.x - lo.x < 20000.0 && hi.y - lo.y < 20000.0)) return layout;
  // Without automatic walls there is no land beyond them: only explicit objects (which the
  // track build has refused anyway, since everything is run-off).
  Placer placer(track, layout);
  const auto& objects = track.spec().scenery.objects;
  for (std::size_t i = 0; i < objects.size(); ++i) placer.add_explicit(scenery_item(objects[i], static_cast<int>(i)));
  if (!track.spec().scenery.automatic || !track.spec().walls.automatic) return layout;
  if (rules(layout.theme).sea) sea(placer);  // first: the harbour front decides the rest
  start_area(placer);
  corner_dressing(placer);
  roadside(placer, layout.theme);
  theme_features(placer, layout.theme);
  fill(placer, layout.theme);
  return layout;
}

}  // namespace racer
