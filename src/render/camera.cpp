#include "render/camera.h"

#include <cmath>

#include "core/math.h"

namespace racer {
namespace {

/// Fraction of the way to the target after dt with an exponential ease at `rate` (1/s).
double ease(double rate, double dt) { return 1.0 - std::exp(-rate * dt); }

}  // namespace

void Camera::set_viewport(int width_px, int height_px) {
  width_ = std::max(1.0, static_cast<double>(width_px));
  height_ = std::max(1.0, static_cast<double>(height_px));
}

double Camera::target_zoom(double speed) const {
  const double t = clamp01(speed / config_.zoom_out_speed);
  return lerp(1.0, config_.zoom_out_factor, t * (2.0 - t));
}

Vec2 Camera::target_lead(const CarSnapshot& car) const {
  Vec2 lead = car.velocity * config_.look_ahead_s;
  const double len = length(lead);
  if (len > config_.max_look_ahead_m) lead = lead * (config_.max_look_ahead_m / len);
  return lead;
}

void Camera::follow(const CarSnapshot& car, double dt) {
  lead_ += (target_lead(car) - lead_) * ease(config_.look_ahead_rate, dt);
  zoom_ += (target_zoom(car.speed) - zoom_) * ease(config_.zoom_rate, dt);
  centre_ = car.position + lead_;
}

void Camera::snap_to(const CarSnapshot& car) {
  lead_ = target_lead(car);
  zoom_ = target_zoom(car.speed);
  centre_ = car.position + lead_;
}

double Camera::pixels_per_metre() const { return height_ / config_.view_height_m * zoom_; }

Vec2 Camera::to_screen(Vec2 world) const {
  const double ppm = pixels_per_metre();
  return {width_ / 2.0 + (world.x - centre_.x) * ppm, height_ / 2.0 - (world.y - centre_.y) * ppm};
}

Vec2 Camera::to_world(Vec2 screen) const {
  const double ppm = pixels_per_metre();
  return {centre_.x + (screen.x - width_ / 2.0) / ppm, centre_.y - (screen.y - height_ / 2.0) / ppm};
}

Vec2 Camera::visible_min() const { return to_world({0.0, height_}); }
Vec2 Camera::visible_max() const { return to_world({width_, 0.0}); }

}  // namespace racer
