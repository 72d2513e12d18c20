// Camera: the view leads the car along its velocity, zooms out (never in) as speed rises,
// eases smoothly, and in the car-up mode turns so the heading points up the screen.
#include "render/camera.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/math.h"

namespace racer {
namespace {

CarSnapshot moving(Vec2 pos, Vec2 vel, double heading = 0.0) {
  CarSnapshot c;
  c.position = pos;
  c.velocity = vel;
  c.speed = length(vel);
  c.heading = heading;
  return c;
}

Camera settled(const CarSnapshot& car, CameraConfig cfg = {}) {
  Camera cam(cfg);
  cam.set_viewport(1280, 720);
  cam.snap_to(car);
  for (int i = 0; i < 600; ++i) cam.follow(car, 1.0 / 60.0);  // 10 s: fully eased
  return cam;
}

TEST(Camera, AtRestTheCarIsCentredNorthUp) {
  const CarSnapshot car = moving({10.0, -4.0}, {0.0, 0.0});
  const Camera cam = settled(car);
  const Vec2 s = cam.to_screen(car.position);
  EXPECT_NEAR(s.x, 640.0, 1e-9);
  EXPECT_NEAR(s.y, 360.0, 1e-9);
  // North up, east right, unchanged default behaviour.
  EXPECT_NEAR(cam.to_screen(car.position + Vec2{0.0, 1.0}).y, 360.0 - cam.pixels_per_metre(), 1e-9);
  EXPECT_NEAR(cam.to_screen(car.position + Vec2{1.0, 0.0}).x, 640.0 + cam.pixels_per_metre(), 1e-9);
  EXPECT_NEAR(cam.pixels_per_metre(), 720.0 / CameraConfig{}.view_height_m, 1e-9);
}

TEST(Camera, LooksAheadInTheDirectionOfMotion) {
  for (const Vec2 v : {Vec2{30.0, 0.0}, Vec2{0.0, -25.0}, Vec2{-14.0, 14.0}}) {
    const CarSnapshot car = moving({5.0, 5.0}, v);
    const Camera cam = settled(car);
    const Vec2 lead = cam.centre() - car.position;
    EXPECT_GT(dot(lead, v) / length(v), 1.0) << "the view centre is ahead of the car";
    EXPECT_NEAR(cross(lead, v) / length(v), 0.0, 1e-6) << "and along the velocity";
    EXPECT_LE(length(lead), CameraConfig{}.max_look_ahead_m + 1e-9) << "capped";
    // On screen the car sits behind the centre, opposite to its motion.
    const Vec2 s = cam.to_screen(car.position) - Vec2{640.0, 360.0};
    EXPECT_LT(s.x * v.x - s.y * v.y, 0.0);
  }
}

TEST(Camera, LeadEasesInSmoothly) {
  const CarSnapshot still = moving({0.0, 0.0}, {0.0, 0.0});
  Camera cam;
  cam.snap_to(still);
  const CarSnapshot fast = moving({0.0, 0.0}, {30.0, 0.0});
  double last = 0.0;
  for (int i = 0; i < 120; ++i) {
    cam.follow(fast, 1.0 / 60.0);
    const double lead = cam.lead().x;
    EXPECT_GT(lead, last) << "grows every frame";
    EXPECT_LT(lead - last, 0.5) << "m per frame: no jumps";
    last = lead;
  }
}

TEST(Camera, ZoomFallsMonotonicallyWithSpeed) {
  const Camera cam;
  double last = cam.target_zoom(0.0);
  EXPECT_DOUBLE_EQ(last, 1.0);
  for (double v = 1.0; v <= 80.0; v += 1.0) {
    const double z = cam.target_zoom(v);
    EXPECT_LE(z, last + 1e-12) << v << " m/s";
    if (v <= CameraConfig{}.zoom_out_speed) {
      EXPECT_LT(z, last) << v << " m/s: strictly, up to zoom_out_speed";
    }
    last = z;
  }
  EXPECT_NEAR(last, CameraConfig{}.zoom_out_factor, 1e-12);
  // And the camera's actual pixels per metre after settling at each speed.
  double ppm_last = 1e300;
  for (double v : {0.0, 10.0, 20.0, 35.0, 50.0}) {
    const double ppm = settled(moving({0.0, 0.0}, {v, 0.0})).pixels_per_metre();
    EXPECT_LT(ppm, ppm_last) << v << " m/s";
    ppm_last = ppm;
  }
  CameraConfig fixed;
  fixed.zoom_with_speed = false;
  EXPECT_DOUBLE_EQ(Camera(fixed).target_zoom(40.0), 1.0);
}

TEST(Camera, ToWorldInvertsToScreen) {
  for (bool rotate : {false, true}) {
    CameraConfig cfg;
    cfg.rotate_with_car = rotate;
    const Camera cam = settled(moving({3.0, 7.0}, {12.0, 9.0}, 0.6), cfg);
    for (const Vec2 p : {Vec2{0.0, 0.0}, Vec2{13.0, -2.0}, Vec2{-40.0, 25.0}}) {
      const Vec2 back = cam.to_world(cam.to_screen(p));
      EXPECT_NEAR(back.x, p.x, 1e-9);
      EXPECT_NEAR(back.y, p.y, 1e-9);
      const Vec2 t = cam.transform().apply(p), s = cam.to_screen(p);
      EXPECT_NEAR(t.x, s.x, 1e-9);
      EXPECT_NEAR(t.y, s.y, 1e-9);
    }
  }
}

TEST(Camera, RotateModePointsTheHeadingUpTheScreen) {
  CameraConfig cfg;
  cfg.rotate_with_car = true;
  for (double heading : {0.0, 0.8, kPi, -2.0}) {
    const CarSnapshot car = moving({-8.0, 4.0}, from_angle(heading) * 20.0, heading);
    const Camera cam = settled(car, cfg);
    EXPECT_NEAR(wrap_angle(cam.up_angle() - heading), 0.0, 1e-6);
    // A point ahead of the car is straight up the screen from it.
    const Vec2 a = cam.to_screen(car.position), b = cam.to_screen(car.position + from_angle(heading) * 5.0);
    EXPECT_NEAR(b.x, a.x, 1e-6) << heading;
    EXPECT_LT(b.y, a.y - 1.0) << heading;
    // The car's left is the screen's left.
    const Vec2 l = cam.to_screen(car.position + from_angle(heading + kPi / 2.0) * 5.0);
    EXPECT_LT(l.x, a.x - 1.0) << heading;
    // Culling bounds cover every screen corner.
    const Vec2 lo = cam.visible_min(), hi = cam.visible_max();
    for (const Vec2 corner : {Vec2{0.0, 0.0}, Vec2{1280.0, 0.0}, Vec2{0.0, 720.0}, Vec2{1280.0, 720.0}}) {
      const Vec2 w = cam.to_world(corner);
      EXPECT_GE(w.x, lo.x - 1e-9);
      EXPECT_LE(w.x, hi.x + 1e-9);
      EXPECT_GE(w.y, lo.y - 1e-9);
      EXPECT_LE(w.y, hi.y + 1e-9);
    }
  }
}

TEST(Camera, RotateModeTurnsSmoothlyTheShortWayRound) {
  CameraConfig cfg;
  cfg.rotate_with_car = true;
  Camera cam(cfg);
  cam.snap_to(moving({0.0, 0.0}, {0.0, 0.0}, 3.0));
  const CarSnapshot car = moving({0.0, 0.0}, {0.0, 0.0}, -3.0);  // 0.28 rad away across +-pi
  double prev = cam.up_angle();
  for (int i = 0; i < 60; ++i) {
    cam.follow(car, 1.0 / 60.0);
    EXPECT_LT(std::abs(wrap_angle(cam.up_angle() - prev)), 0.05) << "no jumps";
    prev = cam.up_angle();
  }
  EXPECT_NEAR(wrap_angle(cam.up_angle() - (-3.0)), 0.0, 0.01);
  // North-up mode ignores the heading.
  const Camera north = settled(moving({0.0, 0.0}, {5.0, 5.0}, 1.0));
  EXPECT_DOUBLE_EQ(north.up_angle(), kPi / 2.0);
}

}  // namespace
}  // namespace racer
