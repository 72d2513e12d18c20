#pragma once
// SkidMarks: tyre marks left on the ground, a visual effect only (it never feeds back into
// the sim). Fed once per fixed step from the snapshot, so a scripted run leaves the same
// marks every time. A sliding tyre (slip angle or slip ratio past the tyre's grip) leaves a
// dark rubber streak on asphalt and kerbs; on gravel, sand, dirt and grass every rolling
// tyre leaves a rut in a darker shade of the surface. Ice keeps nothing. The oldest marks
// are overwritten first (a fixed-size ring).
#include <SDL.h>

#include <array>
#include <cstdint>
#include <vector>

#include "render/camera.h"
#include "render/mesh.h"
#include "sim/snapshot.h"
#include "vehicle/car_spec.h"

namespace racer {

struct SkidMarkConfig {
  double slip_angle_start = 0.10;  ///< rad, |slip angle| where a streak starts to show
  double slip_angle_full = 0.30;   ///< rad, fully dark
  double slip_ratio_start = 0.12;  ///< |slip ratio| where a streak starts to show
  double slip_ratio_full = 0.45;
  double spacing = 0.25;           ///< m between the points of a mark
  std::size_t capacity = 8000;     ///< segments kept
};

class SkidMarks {
 public:
  explicit SkidMarks(SkidMarkConfig config = {});

  /// Adds the marks `car` leaves this step (call after every fixed step).
  void add(const CarSnapshot& car, const CarSpec& spec);
  void clear();
  void draw(SDL_Renderer* renderer, const Camera& camera) const;
  std::size_t segment_count() const { return segments_.size(); }

 private:
  /// A quad from a to b; na, nb are the unit normals at its ends, shared with the
  /// neighbouring segments of the same mark so the mark bends without gaps or overlaps.
  struct Segment {
    Vec2 a, b;      ///< m, world
    Vec2 na, nb;
    double width;   ///< m
    Rgba colour;
  };
  struct Trail {
    bool active = false;      ///< a mark is being laid
    Vec2 last;                ///< m, its last point
    std::uint64_t last_seq = 0;  ///< serial of its last segment; 0 = none yet
  };

  /// Stores a segment; returns its serial number.
  std::uint64_t push(const Segment& s);
  /// The stored segment with this serial, or nullptr once it has been overwritten.
  Segment* find(std::uint64_t seq);

  SkidMarkConfig config_;
  std::vector<Segment> segments_;
  std::size_t next_ = 0;  ///< ring index once full
  std::uint64_t pushed_ = 0;  ///< segments ever stored (serial of the newest)
  std::array<Trail, 4> trails_{};
};

}  // namespace racer
