#pragma once
// DwaRoad: the road's edges along a stretch of line, for DWA's road check (dwa.h,
// DwaInput::road): stations in the direction of travel, each a point, the unit normal to
// its left and the room to the left and right edges. A point's place beyond the road is
// read at the station nearest to it, found by walking forward from a hint, so the points
// of one arc (which move forward along the road) cost a step or two each.
//
// Pure and deterministic; metres, world frame of core/vec2.h.
#include <cstddef>
#include <vector>

#include "core/vec2.h"

namespace racer {

class DwaRoad {
 public:
  /// Forgets every station (the capacity is kept).
  void clear() { stations_.clear(); }
  /// Adds the next station: `p` on the line, `normal` unit to its left, `left` and `right`
  /// m of road from p to each edge (>= 0).
  void add(Vec2 p, Vec2 normal, double left, double right) { stations_.push_back({p, normal, left, right}); }
  bool empty() const { return stations_.empty(); }
  std::size_t size() const { return stations_.size(); }

  /// m that `p` lies beyond the nearer edge (<= 0: on the road, by minus that much), at
  /// the station nearest to p found walking forward from `hint` (updated; start at 0).
  /// Must not be called on an empty road.
  double outside(Vec2 p, std::size_t& hint) const;

 private:
  struct Station {
    Vec2 p;
    Vec2 normal;
    double left = 0.0, right = 0.0;
  };
  std::vector<Station> stations_;
};

}  // namespace racer
