#pragma once
// Nearest point on a polyline, searched around a hint: the projection shared by the
// track's centreline and the AI's paths. O(window) for a car that moved a little since
// the last call; falls back to every segment when the local answer may not be the global one.
#include <algorithm>
#include <cstdlib>
#include <limits>
#include <vector>

#include "core/vec2.h"

namespace racer {

struct NearestSegment {
  int segment = 0;   ///< index of the segment's first vertex
  double u = 0.0;    ///< [0, 1] along the segment
  double d2 = std::numeric_limits<double>::infinity();  ///< squared distance, m^2
};

/// Axis-aligned bounds of consecutive runs of segments (kSize each), so a search over every
/// segment can skip the runs that cannot hold the nearest one. Built once per polyline.
struct SegmentBlocks {
  static constexpr int kSize = 16;  ///< segments per block
  struct Box {
    Vec2 lo, hi;  ///< m, bounds of the block's segment end points
  };
  std::vector<Box> boxes;  ///< block b holds segments [b kSize, (b + 1) kSize)

  SegmentBlocks() = default;
  template <class VertexAt>
  SegmentBlocks(int vertices, bool closed, VertexAt vertex) {
    const int segments = closed ? vertices : vertices - 1;
    for (int k0 = 0; k0 < segments; k0 += kSize) {
      Box b{vertex(k0), vertex(k0)};
      for (int k = k0; k < std::min(k0 + kSize, segments); ++k) {
        const Vec2 v = vertex((k + 1) % vertices);
        b.lo = {std::min(b.lo.x, v.x), std::min(b.lo.y, v.y)};
        b.hi = {std::max(b.hi.x, v.x), std::max(b.hi.y, v.y)};
      }
      boxes.push_back(b);
    }
  }
  /// m^2, squared distance from p to block b's box (a lower bound for its segments).
  double d2_lower(int b, Vec2 p) const {
    const Box& x = boxes[static_cast<std::size_t>(b)];
    const double dx = std::max({x.lo.x - p.x, 0.0, p.x - x.hi.x});
    const double dy = std::max({x.lo.y - p.y, 0.0, p.y - x.hi.y});
    return dx * dx + dy * dy;
  }
};

/// vertex(k) gives vertex k of `vertices` (a closed polyline joins the last back to the
/// first). With hint >= 0 the search starts at the hint (two segments either side) and
/// walks on while the distance keeps falling, at most `window` segments; if the best lies
/// at the window's edge (the path may go on getting closer) or is farther than
/// sqrt(far_d2(segment)) (another part of the path may be nearer), all are searched.
/// `blocks` (optional, built from the same vertices) only speeds up the search over every
/// segment: the answer is the same, ties included (the lowest segment index wins).
template <class VertexAt, class FarD2>
NearestSegment nearest_segment(Vec2 p, int vertices, bool closed, int hint, int window, VertexAt vertex,
                               FarD2 far_d2, const SegmentBlocks* blocks = nullptr) {
  NearestSegment best;
  const int segments = closed ? vertices : vertices - 1;
  if (segments <= 0) return best;
  auto consider = [&](int k) {
    const Vec2 a = vertex(k);
    const Vec2 d = vertex((k + 1) % vertices) - a;
    const double l2 = length_squared(d);
    const double u = l2 > 0.0 ? std::clamp(dot(p - a, d) / l2, 0.0, 1.0) : 0.0;
    const double d2 = length_squared(p - (a + d * u));
    if (d2 < best.d2) best = {k, u, d2};
  };
  bool global = hint < 0 || hint >= segments || 2 * window + 1 >= segments;
  if (!global) {
    // Walk from the hint: a few segments either side, then on in whichever direction keeps
    // getting closer, never beyond `window` (a car moves a segment or two per call).
    int best_o = 0;
    auto consider_offset = [&](int o) {
      int k = hint + o;
      if (closed) k = ((k % segments) + segments) % segments;
      else if (k < 0 || k >= segments) return;
      const double before = best.d2;
      consider(k);
      if (best.d2 < before) best_o = o;
    };
    constexpr int kNear = 2;
    for (int o = -kNear; o <= kNear; ++o) consider_offset(o);
    int hi = kNear, lo = -kNear;
    while (best_o == hi && hi < window) consider_offset(++hi);
    while (best_o == lo && lo > -window) consider_offset(--lo);
    const bool path_end = !closed && (best.segment == 0 || best.segment == segments - 1);
    const bool at_edge = std::abs(best_o) >= window && !path_end;
    global = at_edge || best.d2 > far_d2(best.segment);
  }
  if (global && blocks != nullptr && !blocks->boxes.empty()) {
    // upper: a distance some segment reaches (the local answer, each block's first vertex).
    // A block whose box is farther cannot hold the nearest segment nor tie with it (the
    // margin covers rounding), so visiting the others in order gives the full scan's answer.
    double upper = best.d2;
    const int block_count = static_cast<int>(blocks->boxes.size());
    if (!(upper < std::numeric_limits<double>::infinity()))  // no local answer to start from
      for (int b = 0; b < block_count; ++b)
        upper = std::min(upper, length_squared(p - vertex(b * SegmentBlocks::kSize)));
    upper = upper * (1.0 + 1e-9) + 1e-9;
    best = {};
    for (int b = 0; b < block_count; ++b) {
      if (blocks->d2_lower(b, p) > upper) continue;
      const int end = std::min((b + 1) * SegmentBlocks::kSize, segments);
      for (int k = b * SegmentBlocks::kSize; k < end; ++k) consider(k);
    }
  } else if (global) {
    best = {};
    for (int k = 0; k < segments; ++k) consider(k);
  }
  return best;
}

}  // namespace racer
