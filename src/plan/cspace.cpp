// Configuration space of a rectangular car: heading slices of Minkowski sums, and the
// exact pose test.
#include "plan/cspace.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace racer {

Polygon swept_rect(CarRect car, double lo, double hi, int arc_steps) {
  const int m = std::max(1, arc_steps);
  const double step = (hi - lo) / m;
  const double bulge = 1.0 / std::cos(0.5 * step);  // tangents of a corner's arc meet this far out
  const Vec2 corners[4] = {{car.half_length, car.half_width}, {-car.half_length, car.half_width},
                           {-car.half_length, -car.half_width}, {car.half_length, -car.half_width}};
  std::vector<Vec2> points;
  points.reserve(static_cast<std::size_t>(4 * (2 * m + 1)));
  for (const Vec2 c : corners) {
    for (int j = 0; j <= m; ++j) points.push_back(rotate(c, lo + j * step));
    if (step > 0.0)
      for (int j = 0; j < m; ++j) points.push_back(rotate(c, lo + (j + 0.5) * step) * bulge);
  }
  return convex_hull(std::move(points));
}

CSpace::CSpace(const Scene& scene, CarRect car, CSpaceOptions options) : car_(car), options_(options) {
  for (const Polygon& p : scene.polygons)
    for (Polygon& piece : convex_pieces(p)) pieces_.push_back(std::move(piece));
  for (const Polygon& p : pieces_) piece_boxes_.push_back(bounds(p));
  discs_ = scene.discs;

  const int n = std::max(1, options_.slices);
  const double w = 2.0 * std::numbers::pi / n;
  std::vector<Polygon> disc_polygons;
  for (const Disc& d : discs_) disc_polygons.push_back(circumscribed_polygon(d, options_.disc_sides));
  swept_.reserve(static_cast<std::size_t>(n));
  slices_.resize(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) {
    swept_.push_back(swept_rect(car_, k * w - 0.5 * w, k * w + 0.5 * w, options_.arc_steps));
    const Polygon minus_car = reflected(swept_.back());
    std::vector<CObstacle>& slice = slices_[static_cast<std::size_t>(k)];
    slice.reserve(pieces_.size() + disc_polygons.size());
    for (const Polygon& p : pieces_) {
      Polygon sum = minkowski_sum(p, minus_car);
      const Aabb b = bounds(sum);
      slice.push_back({std::move(sum), b});
    }
    for (const Polygon& p : disc_polygons) {
      Polygon sum = minkowski_sum(p, minus_car);
      const Aabb b = bounds(sum);
      slice.push_back({std::move(sum), b});
    }
  }
}

double CSpace::slice_width() const { return 2.0 * std::numbers::pi / static_cast<double>(slices_.size()); }

int CSpace::slice_of(double heading) const {
  const double turn = 2.0 * std::numbers::pi;
  double h = std::fmod(heading, turn);
  if (h < 0.0) h += turn;
  const int n = slice_count();
  const int k = static_cast<int>(std::floor(h / slice_width() + 0.5));
  return k % n;
}

bool CSpace::pose_free(double x, double y, double heading) const {
  const Vec2 q{x, y};
  for (const CObstacle& o : slice(slice_of(heading)))
    if (o.box.contains(q) && convex_contains(o.polygon, q)) return false;
  return true;
}

bool CSpace::motion_free(Vec2 a, Vec2 b, int k) const {
  const Segment s{a, b};
  const Aabb sb = bounds(s);
  for (const CObstacle& o : slice(k))
    if (o.box.overlaps(sb) && intersects(s, o.polygon)) return false;
  return true;
}

bool CSpace::pose_free_exact(double x, double y, double heading) const {
  const Polygon rect = oriented_box({x, y}, car_.half_length, car_.half_width, heading);
  const Aabb rect_box = bounds(rect);
  for (std::size_t k = 0; k < pieces_.size(); ++k)
    if (piece_boxes_[k].overlaps(rect_box) && convex_overlap(rect, pieces_[k])) return false;
  for (const Disc& d : discs_) {
    const Aabb disc_box{d.centre - Vec2{d.radius, d.radius}, d.centre + Vec2{d.radius, d.radius}};
    if (disc_box.overlaps(rect_box) && distance(rect, d.centre) <= d.radius) return false;
  }
  return true;
}

std::vector<Polygon> CSpace::obstacles_at(double heading) const {
  const Polygon minus_car = reflected(oriented_box({0.0, 0.0}, car_.half_length, car_.half_width, heading));
  std::vector<Polygon> out;
  out.reserve(pieces_.size() + discs_.size());
  for (const Polygon& p : pieces_) out.push_back(minkowski_sum(p, minus_car));
  for (const Disc& d : discs_) out.push_back(minkowski_sum(circumscribed_polygon(d, options_.disc_sides), minus_car));
  return out;
}

}  // namespace racer
