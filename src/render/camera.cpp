#include "render/camera.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"

namespace racer {
namespace {

/// Fraction of the way to the target after dt with an exponential ease at `rate` (1/s).
double ease(double rate, double dt) { return 1.0 - std::exp(-rate * dt); }

constexpr double kNorthUp = kPi / 2.0;

}  // namespace

void Camera::set_viewport(int width_px, int height_px) {
  width_ = std::max(1.0, static_cast<double>(width_px));
  height_ = std::max(1.0, static_cast<double>(height_px));
}

double Camera::target_zoom(double speed) const {
  if (!config_.zoom_with_speed) return 1.0;
  const double t = clamp01(std::abs(speed) / config_.zoom_out_speed);
  return lerp(1.0, config_.zoom_out_factor, t * (2.0 - t));
}

Vec2 Camera::target_lead(const CarSnapshot& car) const {
  Vec2 lead = car.velocity * config_.look_ahead_s;
  const double len = length(lead);
  if (len > config_.max_look_ahead_m) lead = lead * (config_.max_look_ahead_m / len);
  return lead;
}

double Camera::target_up(const CarSnapshot& car) const { return config_.rotate_with_car ? car.heading : kNorthUp; }

void Camera::follow(const CarSnapshot& car, double dt) {
  lead_ += (target_lead(car) - lead_) * ease(config_.look_ahead_rate, dt);
  zoom_ += (target_zoom(car.speed) - zoom_) * ease(config_.zoom_rate, dt);
  // Turn the short way round; wrap so the angle never grows without bound.
  const double turn = wrap_angle(target_up(car) - up_);
  up_ = std::abs(turn) < 1e-6 ? target_up(car) : wrap_angle(up_ + turn * ease(config_.rotate_rate, dt));
  centre_ = car.position + lead_;
}

void Camera::snap_to(const CarSnapshot& car) {
  lead_ = target_lead(car);
  zoom_ = target_zoom(car.speed);
  up_ = target_up(car);
  centre_ = car.position + lead_;
}

double Camera::pixels_per_metre() const { return height_ / config_.view_height_m * zoom_; }

ScreenTransform Camera::transform() const {
  const double ppm = pixels_per_metre();
  // Screen-up is the world direction u = (cos up, sin up), screen-right r = u turned -90
  // degrees; screen y grows downward: screen = centre_px + ppm (dot(w, r), -dot(w, u)).
  const double c = std::cos(up_), s = std::sin(up_);
  const Vec2 ex{s * ppm, -c * ppm};   // d(screen)/d(world x)
  const Vec2 ey{-c * ppm, -s * ppm};  // d(screen)/d(world y)
  const Vec2 centre_px{width_ / 2.0, height_ / 2.0};
  return {centre_px - ex * centre_.x - ey * centre_.y, ex, ey};
}

Vec2 Camera::to_screen(Vec2 world) const { return transform().apply(world); }

Vec2 Camera::to_world(Vec2 screen) const {
  const ScreenTransform t = transform();
  // Invert the 2x2 [ex ey]: both columns have length ppm and are orthogonal.
  const Vec2 d = screen - t.origin;
  const double ppm2 = length_squared(t.x_axis);
  return {dot(d, t.x_axis) / ppm2, dot(d, t.y_axis) / ppm2};
}

Vec2 Camera::visible_min() const {
  Vec2 lo{1e300, 1e300};
  for (Vec2 corner : {Vec2{0.0, 0.0}, Vec2{width_, 0.0}, Vec2{0.0, height_}, Vec2{width_, height_}}) {
    const Vec2 w = to_world(corner);
    lo = {std::min(lo.x, w.x), std::min(lo.y, w.y)};
  }
  return lo;
}

Vec2 Camera::visible_max() const {
  Vec2 hi{-1e300, -1e300};
  for (Vec2 corner : {Vec2{0.0, 0.0}, Vec2{width_, 0.0}, Vec2{0.0, height_}, Vec2{width_, height_}}) {
    const Vec2 w = to_world(corner);
    hi = {std::max(hi.x, w.x), std::max(hi.y, w.y)};
  }
  return hi;
}

}  // namespace racer
