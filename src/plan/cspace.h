#pragma once
// Configuration space of a rectangular car among polygon and disc obstacles (seed 001,
// "configuration space and the curse of dimensionality"): the car's pose (x, y, heading)
// is a point; an obstacle becomes, at each heading, the Minkowski sum of the obstacle with
// the reflected car (-car), and the seed's stack of heading slices is kept as N 2D slices.
//
// Sections: CarRect · CObstacle · CSpace (slices, pose_free, pose_free_exact).
//
// - The car is a rectangle of half length (along its heading) and half width, its reference
//   point at its centre; heading in rad, counter-clockwise from +x (any value, wrapped).
// - Obstacles are cut into convex pieces (plan/convex.h, ear clipping + Hertel-Mehlhorn);
//   a disc obstacle enters the slices as its circumscribed polygon (`disc_sides` sides),
//   which contains it. The union of the per-piece sums is the C-space obstacle.
// - Slice k covers headings [k w - w/2, k w + w/2), w = 2 pi / N. Its C-obstacles are the
//   sums with the reflected hull of the car swept over that whole range: the hull of the
//   corners at the range's ends and at `arc_steps` - 1 headings between, plus, per corner
//   arc of step s, the tangents' meeting point at radius rho / cos(s/2), so the hull
//   contains every corner's arc and with it every rectangle of the range. So
//   "free in the slice" implies free at every heading of the slice (conservative); the
//   exact query says whether the car at one precise heading touches an obstacle.
// - Touching counts as a collision (plan/shapes.h's overlaps), in both queries.
// - Built once in the constructor: N x pieces Minkowski sums of O(n + 4 arc_steps + 4)
//   vertices, each with its bounding box for quick rejection; a query tests the boxes
//   of its slice and the few polygons whose box holds the point.
#include <vector>

#include "core/vec2.h"
#include "plan/convex.h"
#include "plan/shapes.h"

namespace racer {

/// The car's footprint: a rectangle centred on the pose's reference point.
struct CarRect {
  double half_length = 2.2;  ///< m, along the heading, > 0
  double half_width = 0.9;   ///< m, across it, > 0
};

/// A convex C-space obstacle with its bounding box.
struct CObstacle {
  Polygon polygon;
  Aabb box;
};

struct CSpaceOptions {
  int slices = 64;      ///< heading slices over a full turn, >= 1
  int arc_steps = 2;    ///< sub-ranges per slice for the swept hull, >= 1
  int disc_sides = 16;  ///< sides of the polygon standing in for a disc obstacle in the slices
};

class CSpace {
 public:
  CSpace(const Scene& scene, CarRect car, CSpaceOptions options = {});

  int slice_count() const { return static_cast<int>(slices_.size()); }
  /// Heading range of one slice (rad).
  double slice_width() const;
  /// The slice holding `heading` (rad, any value).
  int slice_of(double heading) const;
  /// Slice k's C-space obstacles (conservative over its heading range), for drawing and tests.
  const std::vector<CObstacle>& slice(int k) const { return slices_[static_cast<std::size_t>(k)]; }
  /// The car's footprint swept over slice k's heading range (convex, centred on the origin).
  const Polygon& swept_car(int k) const { return swept_[static_cast<std::size_t>(k)]; }

  /// From the slices: true means the car at (x, y) is clear of every obstacle at every
  /// heading of the slice holding `heading`; false may be a near miss the slice cannot
  /// tell apart (within about rho w / 2 of an obstacle, rho the half diagonal).
  bool pose_free(double x, double y, double heading) const;
  /// Whether the car can translate from a to b at any headings of slice k: the segment
  /// meets none of the slice's C-obstacles (touching counts), so every pose on it with a
  /// heading in the slice's range is free (conservative, as pose_free).
  bool motion_free(Vec2 a, Vec2 b, int k) const;
  /// Exact at this heading: the oriented rectangle against every convex piece (separating
  /// axes) and every disc (distance), with bounding-box rejection.
  bool pose_free_exact(double x, double y, double heading) const;
  /// The C-space obstacles at one precise heading (the sums with the reflected rectangle
  /// itself; discs as their circumscribed polygons), built on each call: for drawing.
  std::vector<Polygon> obstacles_at(double heading) const;

  const std::vector<Polygon>& pieces() const { return pieces_; }
  CarRect car() const { return car_; }

 private:
  CarRect car_;
  CSpaceOptions options_;
  std::vector<Polygon> pieces_;  ///< convex pieces of the polygon obstacles
  std::vector<Aabb> piece_boxes_;
  std::vector<Disc> discs_;
  std::vector<Polygon> swept_;                 ///< per slice
  std::vector<std::vector<CObstacle>> slices_;  ///< per slice: pieces then discs
};

/// The car's swept footprint over headings [lo, hi] (hi - lo < pi): see CSpace.
Polygon swept_rect(CarRect car, double lo, double hi, int arc_steps);

}  // namespace racer
