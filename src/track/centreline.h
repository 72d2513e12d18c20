#pragma once
// Centreline: a smoothed path through control points (centripetal Catmull-Rom), sampled
// densely, with distance s along it, tangents, left normals, widths and curvature.
// Used closed for the main loop and open for branches.
#include <vector>

#include "core/polyline.h"
#include "core/vec2.h"
#include "track/track_spec.h"

namespace racer {

struct CentreSample {
  Vec2 position;          ///< m
  Vec2 tangent;           ///< unit, direction of travel
  Vec2 normal;            ///< unit, to the left of travel
  double s = 0.0;         ///< m along the path from sample 0
  double width = 12.0;    ///< m, full road width (interpolated between control points)
  double curvature = 0.0; ///< 1/m, + = turning left
  double point = 0.0;     ///< control-point parameter: i + t between points i and i+1
};

struct Projection {
  double s = 0.0;         ///< m along the path of the nearest point
  double offset = 0.0;    ///< m, signed lateral offset (+ = left of the path)
  double distance = 0.0;  ///< m, |offset| (distance to the path)
  int index = 0;          ///< nearest sample segment (use as the next call's hint)
};

class Centreline {
 public:
  Centreline() = default;
  /// Smooths and samples the points, about `spacing` metres apart. A closed path joins the
  /// last point back to the first. Needs >= 2 points (>= 3 closed), no two equal in a row.
  Centreline(const std::vector<ControlPoint>& points, bool closed, double spacing = 1.0);

  bool closed() const { return closed_; }
  double length() const { return length_; }
  const std::vector<CentreSample>& samples() const { return samples_; }
  /// The sample at distance s (wrapped for a closed path, clamped for an open one),
  /// linearly interpolated.
  CentreSample at(double s) const;
  /// s of control point i (its parameter i + 0).
  double s_of_point(int i) const;
  /// Nearest point on the path. `hint` (a previous Projection::index) makes the search
  /// local and O(1) for a car that moved a little; -1 searches everything.
  Projection project(Vec2 p, int hint = -1) const;
  /// Left and right road edges, one point per sample.
  std::vector<Vec2> left_edge() const;
  std::vector<Vec2> right_edge() const;

 private:
  std::vector<CentreSample> samples_;
  std::vector<double> point_s_;  // s of each control point
  double length_ = 0.0;
  bool closed_ = true;
  SegmentBlocks blocks_;  // speeds up project()'s search over every segment
};

}  // namespace racer
