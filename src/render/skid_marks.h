#pragma once
// SkidMarks: tyre marks left on the ground, a visual effect only (it never feeds back into
// the sim). Fed once per fixed step from the snapshot, so a scripted run leaves the same
// marks every time. By surface:
//  - asphalt and kerbs: a sliding tyre (slip angle or slip ratio past the tyre's grip, or
//    locked) leaves a black rubber streak, darker with more slip;
//  - gravel, sand, dirt and grass: every rolling tyre cuts a rut, a dark groove in the
//    surface's own colour (torn turf on grass) between two lighter berms of the material it
//    pushed aside, deeper when it slides; ruts last longer than rubber;
//  - ice keeps nothing.
// The oldest marks are overwritten first (a fixed-size ring), and every mark fades away
// with age: rubber fully dark for fade_start_s and gone fade_s later, ruts for
// rut_fade_start_s and rut_fade_s (the clock is the add() calls' dt).
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
  double fade_start_s = 20.0;      ///< s a mark stays at full strength
  double fade_s = 25.0;            ///< s it then takes to fade out (<= 0: marks never fade)
  double rut_fade_start_s = 60.0;  ///< s a rut in loose ground stays at full strength
  double rut_fade_s = 60.0;        ///< s it then takes to fade out (<= 0: ruts never fade)
};

/// A quad from a to b; na, nb are the unit normals at its ends, shared with the
/// neighbouring segments of the same mark so the mark bends without gaps or overlaps.
struct SkidSegment {
  Vec2 a, b;      ///< m, world
  Vec2 na, nb;
  double width;   ///< m
  Rgba colour;    ///< rubber, or a rut's groove; alpha = strength
  Rgba berm;      ///< a rut's raised edges (unused for rubber)
  double birth;   ///< s on the fade clock
  bool rut;       ///< a rut in loose ground, not rubber
};

class SkidMarks {
 public:
  explicit SkidMarks(SkidMarkConfig config = {});

  /// Adds the marks `car` leaves this step (call after every fixed step, once per step);
  /// `dt` (s, the step's length) advances the clock the marks fade by.
  void add(const CarSnapshot& car, const CarSpec& spec, double dt = 1.0 / 240.0);
  void clear();
  void draw(SDL_Renderer* renderer, const Camera& camera) const;
  std::size_t segment_count() const { return segments_.size(); }
  /// s, the fade clock (the sum of add()'s dt).
  double time() const { return time_; }
  /// [0, 1], how strong a rubber mark (rut: a rut) laid at `birth` (s on the fade clock)
  /// is drawn now.
  double strength(double birth, bool rut = false) const;
  /// The stored segments (in ring order, not by age).
  const std::vector<SkidSegment>& segments() const { return segments_; }

 private:
  using Segment = SkidSegment;
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
  double time_ = 0.0;         ///< s, the fade clock
  std::array<Trail, 4> trails_{};
};

}  // namespace racer
