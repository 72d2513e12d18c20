#pragma once
// Path: a polyline the AI follows (a centreline, a racing line, an A* route), open or
// closed, with distance s along it, tangents and signed curvature at every vertex.
// Queries interpolate linearly between vertices; projection searches around a hint.
//
// Pure and deterministic; queries never allocate. World frame and angles as in core/vec2.h.
#include <cstddef>
#include <vector>

#include "core/vec2.h"

namespace racer {

class Centreline;

/// A point on the path at some s.
struct PathSample {
  Vec2 position;          ///< m
  Vec2 tangent;           ///< unit, direction of travel
  Vec2 normal;            ///< unit, to the left of travel
  double s = 0.0;         ///< m along the path (wrapped for a closed path)
  double curvature = 0.0; ///< 1/m, + = turning left
};

/// The nearest point of the path to a query point.
struct PathProjection {
  double s = 0.0;         ///< m along the path of the nearest point
  double offset = 0.0;    ///< m, signed lateral offset of the query point (+ = left of the path)
  double distance = 0.0;  ///< m, |offset|
  int index = -1;         ///< nearest segment (pass it as the next call's hint)
};

class Path {
 public:
  Path() = default;
  /// Vertices in the direction of travel: >= 2 (>= 3 closed), no two equal in a row. A
  /// closed path joins the last vertex back to the first (do not repeat the first).
  /// Curvature at each vertex is that of the circle through it and its neighbours (Menger:
  /// exact for vertices on a circle at any spacing); an open path's ends copy their neighbour.
  Path(std::vector<Vec2> points, bool closed);
  /// As above with the curvature (1/m, + = left) given per vertex by whoever made the path.
  Path(std::vector<Vec2> points, std::vector<double> curvature, bool closed);
  /// The track's centreline samples, with the centreline's own (smoothed) curvature.
  static Path from_centreline(const Centreline& line);

  bool empty() const { return points_.empty(); }
  bool closed() const { return closed_; }
  double length() const { return length_; }                    ///< m, including the closing segment
  std::size_t size() const { return points_.size(); }
  const std::vector<Vec2>& points() const { return points_; }
  const std::vector<double>& vertex_s() const { return s_; }      ///< m, s of each vertex (0 first)
  const std::vector<double>& curvatures() const { return curvature_; }  ///< 1/m per vertex

  /// s wrapped into [0, length) on a closed path; unchanged on an open one.
  double wrap(double s) const;
  /// The point at s, interpolated. Closed: s wraps. Open: beyond either end the path goes on
  /// straight along its end tangent (curvature 0), so a lookahead never runs out.
  PathSample at(double s) const;
  /// Curvature at s (1/m), interpolated between vertices; 0 beyond an open path's ends.
  double curvature_at(double s) const;
  /// Largest |curvature| over [s, s + distance] (distance >= 0, m): the vertices inside
  /// and the interpolated ends.
  double max_abs_curvature(double s, double distance) const;
  /// Nearest point on the path. `hint` (a previous PathProjection::index) makes the search
  /// local (kWindow segments either side); it falls back to the whole path when the local
  /// answer sits at the window's edge or is far compared to the window. -1 searches everything.
  PathProjection project(Vec2 p, int hint = -1) const;

  static constexpr int kWindow = 40;  ///< segments searched either side of a hint

 private:
  int segment_count() const;
  /// The segment containing (wrapped or clamped) s.
  int segment_at(double s) const;
  static constexpr int kWalk = 4;  ///< steps segment_at walks from its bucket's vertex before it searches
  void build(bool given_curvature);

  std::vector<Vec2> points_;
  std::vector<Vec2> tangents_;
  std::vector<double> s_;
  std::vector<double> curvature_;
  double length_ = 0.0;
  double per_metre_ = 0.0;          // segment_at's buckets per m (one a mean segment long)
  std::vector<int> bucket_first_;   // per bucket: the last vertex at or before its start
  bool closed_ = false;
};

}  // namespace racer
