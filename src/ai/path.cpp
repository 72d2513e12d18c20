// Path. Sections: 1. building (s, tangents, curvature)  2. queries along s  3. projection
#include "ai/path.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <utility>

#include "core/math.h"
#include "core/polyline.h"
#include "track/centreline.h"

namespace racer {
namespace {

Vec2 normalised(Vec2 v, Vec2 fallback) {
  const double l = racer::length(v);
  return l > 1e-12 ? v / l : fallback;
}

/// Signed curvature of the circle through a, b, c (Menger): 2 sin(turn) / |c - a|.
double menger_curvature(Vec2 a, Vec2 b, Vec2 c) {
  const double ab = racer::length(b - a), bc = racer::length(c - b), ca = racer::length(a - c);
  const double denom = ab * bc * ca;
  return denom > 1e-12 ? 2.0 * cross(b - a, c - b) / denom : 0.0;
}

}  // namespace

// ---------------------------------------------------------------- 1. building

Path::Path(std::vector<Vec2> points, bool closed) : points_(std::move(points)), closed_(closed) {
  build(false);
}

Path::Path(std::vector<Vec2> points, std::vector<double> curvature, bool closed)
    : points_(std::move(points)), curvature_(std::move(curvature)), closed_(closed) {
  assert(curvature_.size() == points_.size());
  build(true);
}

Path Path::from_centreline(const Centreline& line) {
  std::vector<Vec2> points;
  std::vector<double> curvature;
  points.reserve(line.samples().size());
  curvature.reserve(line.samples().size());
  for (const CentreSample& c : line.samples()) {
    points.push_back(c.position);
    curvature.push_back(c.curvature);
  }
  return Path(std::move(points), std::move(curvature), line.closed());
}

void Path::build(bool given_curvature) {
  const std::size_t n = points_.size();
  assert(n >= (closed_ ? 3u : 2u));
  if (n < 2) {  // release builds: an unusable path stays empty rather than crashing
    points_.clear();
    curvature_.clear();
    return;
  }
  s_.assign(n, 0.0);
  for (std::size_t i = 1; i < n; ++i) s_[i] = s_[i - 1] + racer::length(points_[i] - points_[i - 1]);
  length_ = s_[n - 1] + (closed_ ? racer::length(points_[0] - points_[n - 1]) : 0.0);
  // segment_at's buckets: one a mean segment long, each with the last vertex at or before its start.
  const int buckets = segment_count();
  per_metre_ = length_ > 0.0 ? static_cast<double>(buckets) / length_ : 0.0;
  bucket_first_.clear();
  if (per_metre_ > 0.0) {
    bucket_first_.resize(static_cast<std::size_t>(buckets) + 1);
    std::size_t k = 0;
    for (std::size_t b = 0; b < bucket_first_.size(); ++b) {
      const double start = static_cast<double>(b) / per_metre_;
      while (k + 1 < n && s_[k + 1] <= start) ++k;
      bucket_first_[b] = static_cast<int>(k);
    }
  }

  auto prev = [&](std::size_t i) { return i > 0 ? i - 1 : (closed_ ? n - 1 : 0); };
  auto next = [&](std::size_t i) { return i + 1 < n ? i + 1 : (closed_ ? 0 : n - 1); };
  tangents_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 chord = points_[next(i)] - points_[prev(i)];
    const Vec2 fallback = normalised(points_[next(i)] - points_[i], {1.0, 0.0});
    tangents_[i] = normalised(chord, fallback);
  }
  if (given_curvature) return;
  curvature_.assign(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    if (!closed_ && (i == 0 || i + 1 == n)) continue;
    curvature_[i] = menger_curvature(points_[prev(i)], points_[i], points_[next(i)]);
  }
  if (!closed_ && n >= 3) {
    curvature_[0] = curvature_[1];
    curvature_[n - 1] = curvature_[n - 2];
  }
}

// ---------------------------------------------------------------- 2. queries along s

int Path::segment_count() const {
  const int n = static_cast<int>(points_.size());
  return closed_ ? n : n - 1;
}

double Path::wrap(double s) const {
  if (!closed_ || length_ <= 0.0) return s;
  s = fmod_within(s, length_);
  if (s < 0.0) s += length_;
  return s >= length_ ? 0.0 : s;
}

// The last vertex at or before s (what std::upper_bound finds, less one): the vertex at or
// before the start of s's bucket (buckets one mean segment long), walked on to the exact one,
// at most kWalk vertices; a longer walk (a bucket full of short segments on an uneven path)
// falls back to the binary search.
int Path::segment_at(double s) const {
  s = closed_ ? wrap(s) : std::clamp(s, 0.0, length_);
  const int n = static_cast<int>(s_.size());
  int k = -1;
  if (!bucket_first_.empty() && s >= 0.0 && s <= length_) {  // (not NaN)
    const int last_bucket = static_cast<int>(bucket_first_.size()) - 1;
    int g = bucket_first_[static_cast<std::size_t>(std::min(static_cast<int>(s * per_metre_), last_bucket))];
    for (int step = 0; step < kWalk; ++step) {
      if (s_[static_cast<std::size_t>(g)] > s) {
        --g;  // (s_[0] = 0 <= s: never below 0)
      } else if (g + 1 < n && s_[static_cast<std::size_t>(g) + 1] <= s) {
        ++g;
      } else {
        k = g;
        break;
      }
    }
  }
  if (k < 0) k = static_cast<int>(std::upper_bound(s_.begin(), s_.end(), s) - s_.begin()) - 1;
  return std::clamp(k, 0, segment_count() - 1);
}

PathSample Path::at(double s) const {
  PathSample out;
  if (points_.empty()) return out;
  const std::size_t n = points_.size();
  if (!closed_ && (s < 0.0 || s > length_)) {  // straight on beyond the ends
    const bool before = s < 0.0;
    const std::size_t end = before ? 0 : n - 1;
    out.tangent = tangents_[end];
    out.position = points_[end] + out.tangent * (before ? s : s - length_);
    out.normal = perp(out.tangent);
    out.s = s;
    return out;
  }
  s = wrap(s);
  const auto k = static_cast<std::size_t>(segment_at(s));
  const std::size_t j = (k + 1) % n;
  const double sa = s_[k], sb = k + 1 == n ? length_ : s_[k + 1];
  const double u = sb > sa ? std::clamp((s - sa) / (sb - sa), 0.0, 1.0) : 0.0;
  out.position = points_[k] + (points_[j] - points_[k]) * u;
  out.tangent = normalised(tangents_[k] * (1.0 - u) + tangents_[j] * u, tangents_[k]);
  out.normal = perp(out.tangent);
  out.s = s;
  out.curvature = lerp(curvature_[k], curvature_[j], u);
  return out;
}

double Path::curvature_at(double s) const {
  if (points_.empty() || (!closed_ && (s < 0.0 || s > length_))) return 0.0;
  s = wrap(s);
  const auto k = static_cast<std::size_t>(segment_at(s));
  const std::size_t j = (k + 1) % points_.size();
  const double sa = s_[k], sb = k + 1 == points_.size() ? length_ : s_[k + 1];
  const double u = sb > sa ? std::clamp((s - sa) / (sb - sa), 0.0, 1.0) : 0.0;
  return lerp(curvature_[k], curvature_[j], u);
}

double Path::max_abs_curvature(double s, double distance) const {
  if (points_.empty()) return 0.0;
  distance = std::max(distance, 0.0);
  if (closed_) distance = std::min(distance, length_);
  double best = std::max(std::abs(curvature_at(s)), std::abs(curvature_at(s + distance)));
  const int n = static_cast<int>(points_.size());
  const double s0 = wrap(s);
  if (!closed_ && s0 >= length_) return best;
  int j = s0 < 0.0 ? 0 : segment_at(s0) + 1;
  double lap = 0.0;  // a closed path's vertices past the end come round again, length_ later
  for (int count = 0; count < n; ++count, ++j) {
    if (j >= n) {
      if (!closed_) break;
      j -= n;
      lap += length_;
    }
    const double sj = s_[static_cast<std::size_t>(j)] + lap;
    if (sj - s0 > distance) break;
    if (sj >= s0) best = std::max(best, std::abs(curvature_[static_cast<std::size_t>(j)]));
  }
  return best;
}

// ---------------------------------------------------------------- 3. projection

PathProjection Path::project(Vec2 p, int hint) const {
  PathProjection best;
  const int n = static_cast<int>(points_.size());
  if (n == 0) return best;
  // A point far compared to the window (half its one-sided reach) may be nearer to some
  // other part of the path.
  const double reach = 0.5 * kWindow * length_ / segment_count();
  const NearestSegment nearest = nearest_segment(
      p, n, closed_, hint, kWindow, [this](int k) { return points_[static_cast<std::size_t>(k)]; },
      [reach](int) { return reach * reach; });
  const int best_k = nearest.segment;
  const double best_u = nearest.u, best_d2 = nearest.d2;

  const auto k = static_cast<std::size_t>(best_k);
  const Vec2 a = points_[k];
  const Vec2 d = points_[(k + 1) % points_.size()] - a;
  const double sb = k + 1 == points_.size() ? length_ : s_[k + 1];
  best.s = wrap(lerp(s_[k], sb, best_u));
  best.distance = std::sqrt(best_d2);
  const double side = cross(normalised(d, tangents_[k]), p - (a + d * best_u));
  best.offset = side >= 0.0 ? best.distance : -best.distance;
  best.index = best_k;
  return best;
}

}  // namespace racer
