// Centreline: centripetal Catmull-Rom through control points, resampled uniformly by arc
// length. Sections: 1. spline evaluation  2. construction (dense polyline, uniform
// resampling, tangents, curvature)  3. queries (at, s_of_point, project, edges)
#include "track/centreline.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "core/math.h"
#include "core/polyline.h"

namespace racer {
namespace {

// ---------------------------------------------------------------- 1. spline evaluation

// Knot step of the centripetal parameterisation: |q - p|^0.5 (never zero).
double knot_step(Vec2 p, Vec2 q) { return std::max(std::sqrt(racer::length(q - p)), 1e-6); }

// A point of the centripetal Catmull-Rom segment p1 -> p2 (Barry-Goldman pyramid), u in [0, 1].
Vec2 catmull_rom(Vec2 p0, Vec2 p1, Vec2 p2, Vec2 p3, double u) {
  const double t0 = 0.0;
  const double t1 = t0 + knot_step(p0, p1);
  const double t2 = t1 + knot_step(p1, p2);
  const double t3 = t2 + knot_step(p2, p3);
  const double t = lerp(t1, t2, u);
  const Vec2 a1 = p0 * ((t1 - t) / (t1 - t0)) + p1 * ((t - t0) / (t1 - t0));
  const Vec2 a2 = p1 * ((t2 - t) / (t2 - t1)) + p2 * ((t - t1) / (t2 - t1));
  const Vec2 a3 = p2 * ((t3 - t) / (t3 - t2)) + p3 * ((t - t2) / (t3 - t2));
  const Vec2 b1 = a1 * ((t2 - t) / (t2 - t0)) + a2 * ((t - t0) / (t2 - t0));
  const Vec2 b2 = a2 * ((t3 - t) / (t3 - t1)) + a3 * ((t - t1) / (t3 - t1));
  return b1 * ((t2 - t) / (t2 - t1)) + b2 * ((t - t1) / (t2 - t1));
}

// Width between two control points: smoothstep, so edges have no kinks at the points and
// never overshoot either width.
double blend_width(double w0, double w1, double u) { return lerp(w0, w1, u * u * (3.0 - 2.0 * u)); }

Vec2 normalised(Vec2 v, Vec2 fallback) {
  const double l = racer::length(v);
  return l > 1e-12 ? v / l : fallback;
}

struct DensePoint {
  Vec2 position;
  double s;      // arc length from the first dense point
  double param;  // control-point parameter i + u
};

}  // namespace

// ---------------------------------------------------------------- 2. construction

Centreline::Centreline(const std::vector<ControlPoint>& points, bool closed, double spacing)
    : closed_(closed) {
  const int n = static_cast<int>(points.size());
  assert(n >= (closed ? 3 : 2) && "Centreline: too few points");
  if (n < 2) return;
  spacing = std::clamp(spacing, 0.05, 100.0);
  auto point = [&](int i) -> Vec2 {
    if (closed) return points[static_cast<std::size_t>(((i % n) + n) % n)].position;
    if (i < 0) return points[0].position * 2.0 - points[1].position;  // phantom ends
    if (i >= n) return points[static_cast<std::size_t>(n - 1)].position * 2.0 -
                       points[static_cast<std::size_t>(n - 2)].position;
    return points[static_cast<std::size_t>(i)].position;
  };
  auto width_at = [&](double param) {
    const int i = std::clamp(static_cast<int>(std::floor(param)), 0, closed ? n - 1 : n - 2);
    const double u = std::clamp(param - i, 0.0, 1.0);
    return blend_width(points[static_cast<std::size_t>(i)].width,
                       points[static_cast<std::size_t>((i + 1) % n)].width, u);
  };

  // Dense polyline: each segment split into steps of about spacing / 8.
  const int segments = closed ? n : n - 1;
  std::vector<DensePoint> dense;
  point_s_.assign(static_cast<std::size_t>(n), 0.0);
  double s = 0.0;
  for (int i = 0; i < segments; ++i) {
    const Vec2 p0 = point(i - 1), p1 = point(i), p2 = point(i + 1), p3 = point(i + 2);
    const double chord = racer::length(p2 - p1);
    const int steps = std::clamp(static_cast<int>(std::ceil(chord * 8.0 / spacing)), 8, 20000);
    for (int k = 0; k < steps; ++k) {
      const double u = static_cast<double>(k) / steps;
      const Vec2 q = catmull_rom(p0, p1, p2, p3, u);
      if (!dense.empty()) s += racer::length(q - dense.back().position);
      if (k == 0) point_s_[static_cast<std::size_t>(i)] = s;
      dense.push_back({q, s, i + u});
    }
  }
  const Vec2 last = closed ? point(0) : point(n - 1);
  s += racer::length(last - dense.back().position);
  dense.push_back({last, s, static_cast<double>(segments)});
  if (!closed) point_s_[static_cast<std::size_t>(n - 1)] = s;
  length_ = s;

  // Uniform resampling by arc length. A closed path does not repeat its first sample.
  const int count = std::max(closed ? 3 : 1, static_cast<int>(std::lround(length_ / spacing)));
  const double ds = length_ / count;
  const int sample_count = closed ? count : count + 1;
  samples_.resize(static_cast<std::size_t>(sample_count));
  std::size_t j = 0;
  for (int k = 0; k < sample_count; ++k) {
    const double target = std::min(k * ds, length_);
    while (j + 2 < dense.size() && dense[j + 1].s < target) ++j;
    const DensePoint& a = dense[j];
    const DensePoint& b = dense[j + 1];
    const double u = b.s > a.s ? std::clamp((target - a.s) / (b.s - a.s), 0.0, 1.0) : 0.0;
    CentreSample& out = samples_[static_cast<std::size_t>(k)];
    out.position = a.position + (b.position - a.position) * u;
    out.s = target;
    out.point = lerp(a.param, b.param, u);
    out.width = width_at(out.point);
  }

  // Tangents (central differences) and left normals.
  const auto m = samples_.size();
  for (std::size_t k = 0; k < m; ++k) {
    const std::size_t prev = k > 0 ? k - 1 : (closed ? m - 1 : 0);
    const std::size_t next = k + 1 < m ? k + 1 : (closed ? 0 : m - 1);
    const Vec2 d = samples_[next].position - samples_[prev].position;
    samples_[k].tangent = normalised(d, {1.0, 0.0});
    samples_[k].normal = perp(samples_[k].tangent);
  }

  // Signed curvature: turning angle per metre at each sample, then a 5-sample box filter
  // (1 m sampling makes the raw turning angles noisy by the spline's small wiggles).
  std::vector<double> raw(m, 0.0);
  for (std::size_t k = 0; k < m; ++k) {
    if (!closed && (k == 0 || k + 1 == m)) continue;
    const std::size_t prev = k > 0 ? k - 1 : m - 1;
    const std::size_t next = k + 1 < m ? k + 1 : 0;
    const Vec2 d0 = samples_[k].position - samples_[prev].position;
    const Vec2 d1 = samples_[next].position - samples_[k].position;
    const double turn = std::atan2(cross(d0, d1), dot(d0, d1));
    raw[k] = turn / std::max(0.5 * (racer::length(d0) + racer::length(d1)), 1e-9);
  }
  if (!closed && m >= 3) {
    raw[0] = raw[1];
    raw[m - 1] = raw[m - 2];
  }
  constexpr int kHalfWindow = 2;
  const auto mi = static_cast<int>(m);
  for (int k = 0; k < mi; ++k) {
    double sum = 0.0;
    int used = 0;
    for (int o = -kHalfWindow; o <= kHalfWindow; ++o) {
      int q = k + o;
      if (closed) q = ((q % mi) + mi) % mi;
      else if (q < 0 || q >= mi) continue;
      sum += raw[static_cast<std::size_t>(q)];
      ++used;
    }
    samples_[static_cast<std::size_t>(k)].curvature = sum / used;
  }
  blocks_ = SegmentBlocks(mi, closed, [this](int k) { return samples_[static_cast<std::size_t>(k)].position; });
}

// ---------------------------------------------------------------- 3. queries

CentreSample Centreline::at(double s) const {
  if (samples_.empty()) return {};
  const std::size_t m = samples_.size();
  if (closed_) {
    s = fmod_within(s, length_);
    if (s < 0.0) s += length_;
  } else {
    s = std::clamp(s, 0.0, length_);
  }
  const double ds = closed_ ? length_ / static_cast<double>(m)
                            : length_ / static_cast<double>(std::max<std::size_t>(m - 1, 1));
  std::size_t i = std::min(static_cast<std::size_t>(s / ds), m - 1);
  if (!closed_ && i + 1 >= m) i = m >= 2 ? m - 2 : 0;
  const std::size_t j = closed_ ? (i + 1) % m : std::min(i + 1, m - 1);
  const CentreSample& a = samples_[i];
  const CentreSample& b = samples_[j];
  const double b_s = j == 0 && i != 0 ? length_ : b.s;
  const double u = b_s > a.s ? std::clamp((s - a.s) / (b_s - a.s), 0.0, 1.0) : 0.0;
  CentreSample out;
  out.position = a.position + (b.position - a.position) * u;
  out.tangent = normalised(a.tangent * (1.0 - u) + b.tangent * u, a.tangent);
  out.normal = perp(out.tangent);
  out.s = s;
  out.width = lerp(a.width, b.width, u);
  out.curvature = lerp(a.curvature, b.curvature, u);
  const double b_point = j == 0 && i != 0 ? static_cast<double>(point_s_.size()) : b.point;
  out.point = lerp(a.point, b_point, u);
  return out;
}

double Centreline::s_of_point(int i) const {
  if (point_s_.empty()) return 0.0;
  const int n = static_cast<int>(point_s_.size());
  i = closed_ ? ((i % n) + n) % n : std::clamp(i, 0, n - 1);
  return point_s_[static_cast<std::size_t>(i)];
}

Projection Centreline::project(Vec2 p, int hint) const {
  Projection best;
  const int m = static_cast<int>(samples_.size());
  if (m == 0) return best;
  if (m == 1) {
    best.distance = racer::length(p - samples_[0].position);
    best.offset = best.distance;
    return best;
  }
  // Beyond a road width from the local answer another part of the track may be nearer.
  constexpr int kWindow = 50;
  const NearestSegment n = nearest_segment(
      p, m, closed_, hint, kWindow, [this](int k) { return samples_[static_cast<std::size_t>(k)].position; },
      [this](int k) { return square(samples_[static_cast<std::size_t>(k)].width); }, &blocks_);
  const int best_k = n.segment;
  const double best_u = n.u, best_d2 = n.d2;

  const CentreSample& a = samples_[static_cast<std::size_t>(best_k)];
  const CentreSample& b = samples_[static_cast<std::size_t>((best_k + 1) % m)];
  const Vec2 d = b.position - a.position;
  const Vec2 q = a.position + d * best_u;
  const double b_s = best_k + 1 == m ? length_ : b.s;
  best.s = lerp(a.s, b_s, best_u);
  if (closed_ && best.s >= length_) best.s -= length_;
  best.distance = std::sqrt(best_d2);
  const double side = cross(normalised(d, a.tangent), p - q);
  best.offset = side >= 0.0 ? best.distance : -best.distance;
  best.index = best_k;
  return best;
}

std::vector<Vec2> Centreline::left_edge() const {
  std::vector<Vec2> out;
  out.reserve(samples_.size());
  for (const CentreSample& c : samples_) out.push_back(c.position + c.normal * (0.5 * c.width));
  return out;
}

std::vector<Vec2> Centreline::right_edge() const {
  std::vector<Vec2> out;
  out.reserve(samples_.size());
  for (const CentreSample& c : samples_) out.push_back(c.position - c.normal * (0.5 * c.width));
  return out;
}

}  // namespace racer
