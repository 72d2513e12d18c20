// Camera: the view leads the car along its velocity and zooms out (never in) as speed
// rises, so that at 150 km/h at least 2.5 s of travel is in view ahead of the car in every
// direction and in both modes; zoom, lead and rotation change at bounded rates; a respawn
// glides instead of lurching; in the car-up mode the heading points up the screen.
#include "render/camera.h"

#include <gtest/gtest.h>

#include <algorithm>
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
    // The car stays at least a quarter of the shorter side from the edge behind it.
    EXPECT_LE(length(lead) * cam.pixels_per_metre(), CameraConfig{}.lead_share * 720.0 + 1e-6);
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
    EXPECT_LE(lead - last, CameraConfig{}.max_lead_rate / 60.0 + 1e-9) << "m per frame: no jumps";
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
    if (v >= 10.0 && cam.config().view_height_m / z < cam.config().max_view_m - 1e-9) {
      EXPECT_LT(z, last) << v << " m/s: strictly, once the lead alone is not enough, up to max_view_m";
    }
    last = z;
  }
  EXPECT_NEAR(last, CameraConfig{}.view_height_m / CameraConfig{}.max_view_m, 1e-12) << "never beyond max_view_m";
  // And the camera's actual pixels per metre after settling at each speed.
  double ppm_last = 1e300;
  for (double v : {10.0, 20.0, 35.0, 50.0}) {
    const double ppm = settled(moving({0.0, 0.0}, {v, 0.0})).pixels_per_metre();
    EXPECT_LT(ppm, ppm_last) << v << " m/s";
    ppm_last = ppm;
  }
}

TEST(Camera, WithZoomOffTheScaleStaysAndTheLeadKeepsTheCarOnScreen) {
  CameraConfig fixed;
  fixed.view_height_m = 40.0;
  fixed.zoom_with_speed = false;
  EXPECT_DOUBLE_EQ(Camera(fixed).target_zoom(40.0), 1.0);
  for (double v : {0.0, 15.0, 41.7, 70.0}) {
    const Camera cam = settled(moving({0.0, 0.0}, {0.0, v}), fixed);
    EXPECT_NEAR(cam.pixels_per_metre(), 720.0 / 40.0, 1e-9) << v;
    const Vec2 s = cam.to_screen({0.0, 0.0});
    EXPECT_LE(s.y, 720.0 * (1.0 - (0.5 - fixed.lead_share)) + 1e-6) << "a quarter of the screen behind the car";
  }
}

// Distance (m) from the car to the screen's edge, straight ahead along its velocity.
double view_ahead(const Camera& cam, const CarSnapshot& car, double width, double height) {
  const Vec2 s = cam.to_screen(car.position);
  Vec2 d = cam.to_screen(car.position + car.velocity / length(car.velocity)) - s;
  d = d / length(d);
  double t = 1e300;
  if (d.x > 1e-12) t = std::min(t, (width - s.x) / d.x);
  if (d.x < -1e-12) t = std::min(t, -s.x / d.x);
  if (d.y > 1e-12) t = std::min(t, (height - s.y) / d.y);
  if (d.y < -1e-12) t = std::min(t, -s.y / d.y);
  return t / cam.pixels_per_metre();
}

// The figure: at 150 km/h the player sees at least 2.5 s of road ahead of the car,
// at 1280x720, in all eight directions, north-up and turning with the car, with the race's
// view (40 m at rest) and the free drive's test-ground view (27 m). Measured after driving
// 8 s at that speed from rest (so the easing is part of it, not a snap).
TEST(Camera, ShowsTwoAndAHalfSecondsAheadAt150KmH) {
  const double v = kmh_to_mps(150.0), needed = 2.5 * v;  // 104.2 m
  for (double rest : {40.0, 27.0})
    for (bool rotate : {false, true})
      for (int k = 0; k < 8; ++k) {
        CameraConfig cfg;
        cfg.view_height_m = rest;
        cfg.rotate_with_car = rotate;
        Camera cam(cfg);
        cam.set_viewport(1280, 720);
        const double heading = k * kPi / 4.0;
        CarSnapshot car = moving({100.0, -50.0}, {0.0, 0.0}, heading);
        cam.snap_to(car);
        car.velocity = from_angle(heading) * v;
        car.speed = v;
        for (int i = 0; i < 8 * 60; ++i) {
          car.position += car.velocity / 60.0;
          cam.follow(car, 1.0 / 60.0);
        }
        const double ahead = view_ahead(cam, car, 1280.0, 720.0);
        EXPECT_GE(ahead, needed) << "rest " << rest << (rotate ? " rotating" : " north-up") << ", heading " << k * 45
                                 << " deg";
        // Worst direction (along the screen's height) settles at hypot(rest / 2, 2.6 v):
        // 110.2 m, the figure the docs quote.
        if (k % 4 == 2 || rotate) {
          EXPECT_NEAR(ahead, cam.settled_view_ahead(v), 0.5);
        }
        // Still readable: a car of 4.5 m at least 20 px long, and a quarter of the screen's
        // height from the edge behind it.
        EXPECT_GE(4.5 * cam.pixels_per_metre(), 20.0);
        const Vec2 s = cam.to_screen(car.position);
        EXPECT_GT(std::min({s.x, 1280.0 - s.x, s.y, 720.0 - s.y}), 0.25 * 720.0 - 1.0);
      }
  CameraConfig race;
  race.view_height_m = 40.0;
  EXPECT_NEAR(Camera(race).settled_view_ahead(kmh_to_mps(150.0)), 110.2, 0.1);
}

// Driving: speeding up to 60 m/s, a 90 degree bend at speed, a stop, in both modes. Every
// frame the zoom, the lead and the rotation move no faster than their caps.
TEST(Camera, ZoomLeadAndTurnChangeAtBoundedRates) {
  for (bool rotate : {false, true}) {
    CameraConfig cfg;
    cfg.view_height_m = 40.0;
    cfg.rotate_with_car = rotate;
    Camera cam(cfg);
    cam.set_viewport(1280, 720);
    CarSnapshot car = moving({0.0, 0.0}, {0.0, 0.0}, 0.0);
    cam.snap_to(car);
    const double dt = 1.0 / 60.0;
    double ppm = cam.pixels_per_metre(), up = cam.up_angle();
    Vec2 lead = cam.lead();
    for (int i = 0; i < 16 * 60; ++i) {
      const double t = i * dt;
      const double speed = t < 6.0 ? 10.0 * t : (t < 10.0 ? 60.0 : std::max(0.0, 60.0 - 12.0 * (t - 10.0)));
      const double heading = t < 7.0 ? 0.0 : (t < 8.0 ? (t - 7.0) * kPi / 2.0 : kPi / 2.0);
      car.heading = heading;
      car.velocity = from_angle(heading) * speed;
      car.speed = speed;
      car.position += car.velocity * dt;
      cam.follow(car, dt);
      EXPECT_LE(std::abs(std::log(cam.pixels_per_metre() / ppm)), cfg.max_zoom_rate * dt + 1e-12) << t;
      EXPECT_LE(length(cam.lead() - lead), cfg.max_lead_rate * dt + 1e-9) << t;
      EXPECT_LE(std::abs(wrap_angle(cam.up_angle() - up)), cfg.max_turn_rate * dt + 1e-12) << t;
      EXPECT_FALSE(cam.panning()) << t << ": driving is never taken for a jump";
      ppm = cam.pixels_per_metre();
      lead = cam.lead();
      up = cam.up_angle();
    }
  }
}

// A respawn puts the car back on the road some way off, at rest and facing along it. The
// view glides there with a smooth start and stop in well under a second, rather than
// cutting (or lurching a whole screen in one frame); a jump across the map cuts.
TEST(Camera, ARespawnGlidesThereWithoutALurch) {
  for (bool rotate : {false, true}) {
    CameraConfig cfg;
    cfg.view_height_m = 40.0;
    cfg.rotate_with_car = rotate;
    Camera cam(cfg);
    cam.set_viewport(1280, 720);
    const double dt = 1.0 / 60.0;
    CarSnapshot car = moving({0.0, 0.0}, {0.0, 3.0}, kPi / 2.0);  // creeping along a wall, stuck
    cam.snap_to(car);
    for (int i = 0; i < 120; ++i) {
      car.position += car.velocity * dt;
      cam.follow(car, dt);
    }
    const Vec2 before = cam.centre();
    car = moving(car.position + Vec2{35.0, 20.0}, {0.0, 0.0}, 0.0);  // 40 m away, facing east
    double biggest_step = 0.0, last_step = 0.0;
    Vec2 prev = before;
    int frames = 0;
    for (; frames < 120; ++frames) {
      cam.follow(car, dt);
      const double step = length(cam.centre() - prev);
      if (frames == 0) {
        EXPECT_LT(step, 0.05 * length(car.position - before)) << "starts gently, no cut";
      }
      biggest_step = std::max(biggest_step, step);
      last_step = step;
      prev = cam.centre();
      if (!cam.panning()) break;
    }
    const double jump = length(car.position - before);
    const double glide = std::min(cfg.pan_max_s, cfg.pan_min_s + cfg.pan_s_per_m * jump);
    EXPECT_NEAR(frames * dt, glide, 2.0 * dt) << "s to get there";
    // Smoothstep's top speed is 1.5 x the mean: at most that per frame (and not one lurch).
    EXPECT_LE(biggest_step, 1.5 * jump / glide * dt * 1.05 + 0.1) << "m per frame (plus the lead settling)";
    EXPECT_LT(last_step, 0.1) << "m: it comes to rest on the car, no overshoot";
    EXPECT_LT(length(cam.centre() - car.position), 0.5);
    // In the car-up mode the view turns round to the new heading within its rate.
    if (rotate) {
      EXPECT_LT(std::abs(wrap_angle(cam.up_angle() - 0.0)), kPi / 2.0 - 0.5);
    }
  }
  Camera far;
  far.snap_to(moving({0.0, 0.0}, {0.0, 0.0}));
  far.follow(moving({900.0, 0.0}, {0.0, 0.0}), 1.0 / 60.0);
  EXPECT_NEAR(far.centre().x, 900.0, 1e-9) << "across the map: a cut";
  EXPECT_FALSE(far.panning());
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
