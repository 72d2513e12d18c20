// DWA swept-disc check: one arc (dwa_arcs.cpp) against the broad-phase obstacles and the
// walls, giving the first contact time and the clearance for the score (trace_arc).
//
// Collision check. An arc is sampled at kSegments + 1 times t_k. Between two samples the
// car's true position stays within |v omega| (t_j - t_i)^2 / 8 of the chord (interpolation
// error bound of a curve with |p''| = |v omega|). Subtracting an obstacle's linear motion
// changes nothing in that bound, so in the obstacle's frame the relative path is a polyline
// with a known deviation: distance(segment, shape) - deviation is a lower bound on the
// clearance over that time span. Spans of 8, 4, 2, 1 segments are tested coarse to fine
// and a span is dropped when its bound already exceeds the best gap found: the check is
// exact up to the leaf deviation (under 1 cm for the seed's limits) and always on the safe
// side.
#include <algorithm>
#include <cmath>
#include <span>

#include "ai/dwa.h"
#include "ai/dwa_internal.h"

namespace racer::dwa_detail {

namespace {

// m: clearances (for scoring) are refined only to this; contacts are always exact.
constexpr double kGapTolerance = 0.2;

struct Probe {
  const DwaObstacle* o;
  const Arc* arc;
  double threshold;  // m, contact distance (radius + margin, less when already inside it)
  int gap_end;       // spans starting at or after this index count for contact only
  double bound;      // m, the obstacle's bounding radius (boxes: a cheap first test)
};

double relative_distance(const Probe& pr, int i, int j) {
  const DwaObstacle& o = *pr.o;
  const double ti = i * pr.arc->dt, tj = j * pr.arc->dt;
  Vec2 a = pr.arc->p[static_cast<std::size_t>(i)] - o.velocity * ti;
  Vec2 b = pr.arc->p[static_cast<std::size_t>(j)] - o.velocity * tj;
  if (o.shape == DwaObstacle::Shape::Circle)
    return std::max(point_segment_distance(o.centre, a, b) - o.radius, 0.0);
  return segment_box_distance(to_local(o, a), to_local(o, b), o.half_w, o.half_h);
}

// Span [i, j] of the arc against one obstacle. Returns true on contact (hit = its start).
bool check_span(const Probe& pr, int i, int j, double& gap, double& hit) {
  const double span = (j - i) * pr.arc->dt;
  const double deviation = pr.arc->curve * span * span;
  if (pr.o->shape == DwaObstacle::Shape::Rect) {
    // The box's bounding circle first: when even that is far enough to end the check the
    // exact distance (never smaller; the 1e-9 covers rounding) would end it the same way.
    const DwaObstacle& o = *pr.o;
    const Vec2 a = pr.arc->p[static_cast<std::size_t>(i)] - o.velocity * (i * pr.arc->dt);
    const Vec2 b = pr.arc->p[static_cast<std::size_t>(j)] - o.velocity * (j * pr.arc->dt);
    const double quick = point_segment_distance(o.centre, a, b) - pr.bound - deviation - pr.threshold - 1e-9;
    if (quick >= 0.0 && (i >= pr.gap_end || quick >= gap - kGapTolerance)) return false;
  }
  const double lb = relative_distance(pr, i, j) - deviation - pr.threshold;
  if (lb >= 0.0 && i >= pr.gap_end) return false;  // beyond the clearance length: contact only
  if (lb >= 0.0) {
    // No contact in this span. Nothing to refine when it cannot lower the gap by more than
    // the tolerance, or when the chord is already that close to the arc.
    if (lb >= gap - kGapTolerance) return false;
    if ((deviation <= kGapTolerance && j <= pr.gap_end) || j - i == 1) {
      gap = std::min(gap, lb);
      return false;
    }
  } else if (j - i == 1) {
    hit = i * pr.arc->dt;
    return true;
  }
  const int m = (i + j) / 2;
  return check_span(pr, i, m, gap, hit) || check_span(pr, m, j, gap, hit);
}

}  // namespace

// The broad-phase obstacles first (each by its span hierarchy), then the walls at
// kWallChecks points along the arc.
Trace trace_arc(const Arc& arc, std::span<const DwaObstacle* const> near, double radius,
                double cap, double gap_time, bool need_hit_time, const Walls& walls) {
  Trace out;
  out.gap = cap;
  const int gap_end = std::clamp(static_cast<int>(std::ceil(gap_time / arc.dt - 1e-9)), 0, kN);
  for (const DwaObstacle* o : near) {
    // Already inside the margin (pushed there): contact means getting closer than now.
    const double d0 = o->distance(arc.p[0], 0.0);
    const double threshold = std::min(radius, d0 - 0.05);
    const Probe pr{o, &arc, threshold, gap_end, o->bound_radius()};
    double hit = kInf;
    check_span(pr, 0, kN, out.gap, hit);
    if (hit < out.hit_time) {
      out.hit_time = hit;
      if (!need_hit_time) return out;
    }
  }
  if (walls.active()) {
    constexpr int stride = kN / DwaPlanner::kWallChecks;
    const double threshold = std::min(radius, walls.start - 0.05);
    for (int k = stride; k <= kN; k += stride) {
      const double g = walls(arc.p[static_cast<std::size_t>(k)]) - threshold;
      if (g < 0.0) {
        out.hit_time = std::min(out.hit_time, (k - stride) * arc.dt);
        break;
      }
      if (k <= gap_end) out.gap = std::min(out.gap, g);
    }
  }
  out.gap = std::max(out.gap, 0.0);
  return out;
}

}  // namespace racer::dwa_detail
