#pragma once
// SurfaceMap: answers "what is under this point?" for the wheels, every step.
#include "core/vec2.h"
#include "track/surface.h"

namespace racer {

class SurfaceMap {
 public:
  virtual ~SurfaceMap() = default;
  /// Surface at a world point (m). Must be cheap: called for every wheel every step.
  virtual Surface surface_at(Vec2 p) const = 0;
};

/// Everything is one surface (tests, vehicle-lab).
class UniformSurface final : public SurfaceMap {
 public:
  explicit UniformSurface(Surface s) : s_(s) {}
  Surface surface_at(Vec2) const override { return s_; }

 private:
  Surface s_;
};

}  // namespace racer
