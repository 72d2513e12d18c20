#pragma once
// TestGround: the flat proving ground of the first slice: a large asphalt pad with a patch
// of every surface, inside a square wall. World origin at the pad's centre.
#include <vector>

#include "core/vec2.h"
#include "track/surface_map.h"

namespace racer {

struct SurfacePatch {
  Surface surface;
  Vec2 min;  ///< lower-left corner, m
  Vec2 max;  ///< upper-right corner, m
};

class TestGround final : public SurfaceMap {
 public:
  TestGround();
  Surface surface_at(Vec2 p) const override;

  const std::vector<SurfacePatch>& patches() const { return patches_; }
  /// Half the side of the square inside the walls, m.
  double half_size() const { return half_size_; }

 private:
  std::vector<SurfacePatch> patches_;
  double half_size_;
};

}  // namespace racer
