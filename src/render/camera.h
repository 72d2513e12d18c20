#pragma once
// Camera: follows one car from above. World y is up (north), screen y is down.
// The view leads the car along its velocity (smoothed, capped), and the zoom (pixels per
// metre) eases out with speed, never zooming in as the car goes faster. By default north
// stays up; with rotate_with_car the view turns so the car's (smoothed) heading points up
// the screen. Pure: no SDL.
#include "core/vec2.h"
#include "sim/snapshot.h"

namespace racer {

struct CameraConfig {
  double view_height_m = 27.0;     ///< m of world visible top to bottom at rest
  double zoom_out_speed = 50.0;    ///< m/s at which the zoom reaches zoom_out_factor
  double zoom_out_factor = 0.7;    ///< pixels-per-metre multiplier at zoom_out_speed, (0, 1]
  double zoom_rate = 1.2;          ///< 1/s, how fast the zoom eases toward its target
  double look_ahead_s = 0.3;       ///< s of travel the view leads the car by
  double max_look_ahead_m = 9.0;   ///< m, cap on the lead
  double look_ahead_rate = 2.5;    ///< 1/s, how fast the lead follows velocity changes
  bool zoom_with_speed = true;     ///< false: the zoom stays at the rest value
  bool rotate_with_car = false;    ///< true: the car's heading points up the screen
  double rotate_rate = 4.0;        ///< 1/s, how fast the view turns after the heading
};

/// World -> screen as an affine map: screen = origin + x * x_axis + y * y_axis (px).
struct ScreenTransform {
  Vec2 origin;  ///< px, where the world origin lands
  Vec2 x_axis;  ///< px per m along world +x
  Vec2 y_axis;  ///< px per m along world +y
  Vec2 apply(Vec2 w) const { return origin + x_axis * w.x + y_axis * w.y; }
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
  /// The same map as to_screen, for transforming many points.
  ScreenTransform transform() const;
  double pixels_per_metre() const;
  /// World-space bounds of the visible area (m), for culling (the bounding box of the
  /// screen's corners when the view is rotated).
  Vec2 visible_min() const;
  Vec2 visible_max() const;
  Vec2 centre() const { return centre_; }
  /// World offset (m) of the view centre from the car: the look-ahead.
  Vec2 lead() const { return lead_; }
  /// Multiplier on the rest zoom, (0, 1].
  double zoom() const { return zoom_; }
  /// rad, the world direction that points up the screen (pi/2 = north up).
  double up_angle() const { return up_; }
  const CameraConfig& config() const { return config_; }
  /// Changes the settings (mode, zoom, lead), keeping the current position; the view
  /// eases to the new mode.
  void set_config(const CameraConfig& config) { config_ = config; }

  /// The zoom multiplier the camera eases toward at `speed` (m/s): 1 at rest, falling
  /// smoothly to zoom_out_factor at zoom_out_speed, constant beyond. Never increases.
  double target_zoom(double speed) const;

 private:
  Vec2 target_lead(const CarSnapshot& car) const;
  double target_up(const CarSnapshot& car) const;

  CameraConfig config_;
  double width_ = 1280.0, height_ = 720.0;  ///< px
  Vec2 centre_;                            ///< m, world point at the screen centre
  Vec2 lead_;                              ///< m, look-ahead offset from the car
  double zoom_ = 1.0;                      ///< multiplier on the rest zoom
  double up_ = 1.5707963267948966;         ///< rad, world direction of screen-up
};

}  // namespace racer
