#pragma once
// Camera: follows one car from above. World y is up (north), screen y is down. Pure: no SDL.
//
// What it shows: the view looks ahead along the car's velocity and zooms out with speed so
// that, once settled, look_ahead_s of travel is in view ahead of the car even in the worst
// direction (along the screen's shorter side): the distance from the car to the screen's
// edge ahead is at least hypot(view_height_m / 2, speed x look_ahead_s). At low speed the
// lead alone gives it (the zoom stays at rest); faster, the zoom eases out and the lead
// moves the car back from the centre, at most lead_share of the shorter side, so the car
// stays at least (0.5 - lead_share) of it from the edge behind (a quarter of the screen
// with the defaults). With the race's 40 m rest view: 110 m ahead at 150 km/h (2.6 s), the
// shorter side spanning 147 m. The zoom never shows more than max_view_m.
//
// How it moves: the zoom (in log space), the lead and the rotation ease toward their
// targets and each is capped in rate, so nothing lurches. When the car jumps further than
// its speed explains (a respawn, a reset, following another car) the view glides to it
// in pan_min_s..pan_max_s with a smooth start and stop (a jump beyond max_pan_m cuts).
// By default north stays up; with rotate_with_car the view turns so the car's (smoothed)
// heading points up the screen.
#include "core/vec2.h"
#include "sim/snapshot.h"

namespace racer {

struct CameraConfig {
  double view_height_m = 27.0;     ///< m of world across the screen's shorter side at rest
  double look_ahead_s = 2.6;       ///< s of travel kept in view ahead of the car (zoom on, settled)
  double lead_share = 0.25;        ///< the lead's limit, a share of the shorter side, [0, 0.5)
  double full_lead_speed = 25.0;   ///< m/s from which the full lead_share may be used
  double max_view_m = 170.0;       ///< m, the zoom never shows more across the shorter side
  double max_look_ahead_m = 1e9;   ///< m, a hard cap on the lead (0: the view stays centred)
  double zoom_rate = 1.2;          ///< 1/s, how fast the zoom eases toward its target
  double max_zoom_rate = 0.8;      ///< 1/s, cap on |d ln(zoom) / dt|
  double look_ahead_rate = 2.5;    ///< 1/s, how fast the lead follows velocity changes
  double max_lead_rate = 40.0;     ///< m/s, cap on how fast the lead moves relative to the car
  bool zoom_with_speed = true;     ///< false: the zoom stays at the rest value (less in view)
  bool rotate_with_car = false;    ///< true: the car's heading points up the screen
  double rotate_rate = 4.0;        ///< 1/s, how fast the view turns after the heading
  double max_turn_rate = 3.0;      ///< rad/s, cap on the view's turning
  double teleport_margin_m = 5.0;  ///< m beyond |v| max(dt, 0.25 s) a car may move in a frame and not have jumped
  double pan_min_s = 0.4;          ///< s, the glide to a car that jumped...
  double pan_s_per_m = 0.006;      ///< ...plus this per metre of the jump...
  double pan_max_s = 1.0;          ///< ...at most
  double max_pan_m = 250.0;        ///< m, a longer jump cuts to the car instead of gliding
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
  /// Eases toward the car; dt is the frame's length, s. A jump of the car glides (see above).
  void follow(const CarSnapshot& car, double dt);
  /// Jumps to the car with no easing (the first frame): settled lead, zoom and rotation.
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
  /// World offset (m) of the view centre from the car: the look-ahead (without a glide).
  Vec2 lead() const { return lead_; }
  /// Multiplier on the rest zoom, (0, 1].
  double zoom() const { return zoom_; }
  /// rad, the world direction that points up the screen (pi/2 = north up).
  double up_angle() const { return up_; }
  /// Gliding to a car that jumped.
  bool panning() const { return pan_time_ < pan_length_; }
  const CameraConfig& config() const { return config_; }
  /// Changes the settings (mode, zoom, lead), keeping the current position; the view
  /// eases to the new mode.
  void set_config(const CameraConfig& config) { config_ = config; }

  /// The zoom multiplier the camera settles at, at `speed` (m/s): 1 up to the speed where
  /// the lead alone shows look_ahead_s, then falling smoothly (never rising with speed),
  /// down to view_height_m / max_view_m. 1 with zoom_with_speed off.
  double target_zoom(double speed) const;
  /// m, the distance from the car to the screen's edge ahead that the camera settles at,
  /// at `speed` (m/s), travelling along the screen's shorter side (the worst direction).
  double settled_view_ahead(double speed) const;

 private:
  double wanted_ahead(double speed) const;  ///< m, hypot(rest half view, speed x look_ahead_s)
  double lead_share(double speed) const;    ///< the share of the shorter side the lead may use
  Vec2 target_lead(const CarSnapshot& car) const;
  double target_up(const CarSnapshot& car) const;
  double short_side_m() const;              ///< m across the shorter side now

  CameraConfig config_;
  double width_ = 1280.0, height_ = 720.0;  ///< px
  Vec2 centre_;                            ///< m, world point at the screen centre
  Vec2 lead_;                              ///< m, look-ahead offset from the car
  double zoom_ = 1.0;                      ///< multiplier on the rest zoom
  double up_ = 1.5707963267948966;         ///< rad, world direction of screen-up
  // The followed car's last position and velocity, to tell a jump from driving.
  bool has_car_ = false;
  Vec2 car_position_, car_velocity_;
  // A glide: the view's offset from where it should be at the jump, shrinking to nothing.
  Vec2 pan_offset_;
  double pan_time_ = 0.0, pan_length_ = 0.0;  ///< s
};

}  // namespace racer
