#pragma once
// Camera: follows one car from above. World y is up (north), screen y is down.
// The car stays put on screen apart from a smoothed look-ahead in its direction of motion,
// and the zoom (pixels per metre) eases out a little with speed. Pure: no SDL.
#include "core/vec2.h"
#include "sim/snapshot.h"

namespace racer {

struct CameraConfig {
  double view_height_m = 27.0;     ///< m of world visible top to bottom at rest
  double zoom_out_speed = 50.0;    ///< m/s at which the zoom reaches zoom_out_factor
  double zoom_out_factor = 0.7;    ///< pixels-per-metre multiplier at zoom_out_speed
  double zoom_rate = 1.2;          ///< 1/s, how fast the zoom eases toward its target
  double look_ahead_s = 0.3;       ///< s of travel the view leads the car by
  double max_look_ahead_m = 9.0;   ///< m, cap on the lead
  double look_ahead_rate = 2.5;    ///< 1/s, how fast the lead follows velocity changes
};

class Camera {
 public:
  explicit Camera(CameraConfig config = {}) : config_(config) {}

  /// Viewport in pixels; call when the window size changes (every frame is fine).
  void set_viewport(int width_px, int height_px);
  /// Eases toward the car; dt is the frame's length, s.
  void follow(const CarSnapshot& car, double dt);
  /// Jumps to the car with no easing (first frame, after a reset if wanted).
  void snap_to(const CarSnapshot& car);

  /// World point (m) to screen pixel (x right, y down).
  Vec2 to_screen(Vec2 world) const;
  /// Screen pixel to world point (m).
  Vec2 to_world(Vec2 screen) const;
  double pixels_per_metre() const;
  /// World-space bounds of the visible area (m), for culling.
  Vec2 visible_min() const;
  Vec2 visible_max() const;
  Vec2 centre() const { return centre_; }

 private:
  double target_zoom(double speed) const;
  Vec2 target_lead(const CarSnapshot& car) const;

  CameraConfig config_;
  double width_ = 1280.0, height_ = 720.0;  ///< px
  Vec2 centre_;                            ///< m, world point at the screen centre
  Vec2 lead_;                              ///< m, look-ahead offset from the car
  double zoom_ = 1.0;                      ///< multiplier on the rest zoom
};

}  // namespace racer
