// Sections: targets | following | the map.
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

// ---- targets -----------------------------------------------------------------------------
// R0: the shorter side at rest (m); A: the distance wanted ahead of the car; S: the shorter
// side (m); L: the lead. Ahead of the car along the shorter side there are S / 2 + L metres,
// and the lead keeps the car at least S / 2 - L >= (0.5 - share) S from the edge behind.

double Camera::wanted_ahead(double speed) const {
  const double rest = config_.view_height_m * std::min(width_, height_) / height_;
  return std::hypot(rest / 2.0, std::abs(speed) * config_.look_ahead_s);
}

double Camera::lead_share(double speed) const {
  const double full = config_.full_lead_speed > 0.0 ? clamp01(std::abs(speed) / config_.full_lead_speed) : 1.0;
  return std::clamp(config_.lead_share, 0.0, 0.49) * full;
}

double Camera::short_side_m() const { return std::min(width_, height_) / pixels_per_metre(); }

double Camera::target_zoom(double speed) const {
  if (!config_.zoom_with_speed) return 1.0;
  const double rest = config_.view_height_m * std::min(width_, height_) / height_;
  const double wanted = wanted_ahead(speed) / (0.5 + lead_share(speed));
  const double side = std::clamp(wanted, rest, std::max(rest, config_.max_view_m * std::min(width_, height_) / height_));
  return rest / side;
}

double Camera::settled_view_ahead(double speed) const {
  const double side = config_.view_height_m * std::min(width_, height_) / height_ / target_zoom(speed);
  const double lead = std::min(std::clamp(wanted_ahead(speed) - side / 2.0, 0.0, lead_share(speed) * side),
                               std::max(0.0, config_.max_look_ahead_m));
  return side / 2.0 + lead;
}

Vec2 Camera::target_lead(const CarSnapshot& car) const {
  const double speed = length(car.velocity);
  if (!(speed > 1e-3)) return {};
  // From the zoom as it is now, so a lead that settles before the zoom never pushes the
  // car nearer the edge than the share allows.
  const double side = short_side_m();
  const double lead = std::min(std::clamp(wanted_ahead(speed) - side / 2.0, 0.0, lead_share(speed) * side),
                               std::max(0.0, config_.max_look_ahead_m));
  return car.velocity * (lead / speed);
}

double Camera::target_up(const CarSnapshot& car) const { return config_.rotate_with_car ? car.heading : kNorthUp; }

// ---- following ---------------------------------------------------------------------------

void Camera::follow(const CarSnapshot& car, double dt) {
  dt = std::max(0.0, dt);
  if (has_car_) {
    const double moved = length(car.position - car_position_);
    // The simulation may have run up to 0.25 s in a frame (FixedStep's clamp) whatever dt says.
    const double explained =
        std::max(length(car.velocity), length(car_velocity_)) * std::max(dt, 0.25) + config_.teleport_margin_m;
    if (!(moved <= explained)) {  // the car jumped (or is not a number): glide, or cut if far
      if (!(moved <= config_.max_pan_m)) {
        snap_to(car);
        return;
      }
      pan_offset_ = centre_ - (car.position + lead_);
      pan_length_ = std::min(config_.pan_max_s, config_.pan_min_s + config_.pan_s_per_m * length(pan_offset_));
      pan_time_ = 0.0;
    }
  }
  has_car_ = true;
  car_position_ = car.position;
  car_velocity_ = car.velocity;

  // Zoom in log space (zooming in and out feel alike), capped in rate.
  const double log_zoom = std::log(zoom_), log_target = std::log(target_zoom(length(car.velocity)));
  const double max_step = config_.max_zoom_rate * dt;
  zoom_ = std::exp(log_zoom + std::clamp((log_target - log_zoom) * ease(config_.zoom_rate, dt), -max_step, max_step));

  Vec2 step = (target_lead(car) - lead_) * ease(config_.look_ahead_rate, dt);
  if (const double len = length(step), cap = config_.max_lead_rate * dt; len > cap) step = step * (cap / len);
  lead_ += step;

  // Turn the short way round, capped in rate; wrap so the angle never grows without bound.
  const double turn = wrap_angle(target_up(car) - up_);
  const double max_turn = config_.max_turn_rate * dt;
  up_ = std::abs(turn) < 1e-6 ? target_up(car)
                              : wrap_angle(up_ + std::clamp(turn * ease(config_.rotate_rate, dt), -max_turn, max_turn));

  centre_ = car.position + lead_;
  if (panning()) {  // smoothstep: the glide starts and ends at rest
    pan_time_ = std::min(pan_time_ + dt, pan_length_);
    const double t = pan_length_ > 0.0 ? pan_time_ / pan_length_ : 1.0;
    centre_ += pan_offset_ * (1.0 - t * t * (3.0 - 2.0 * t));
  }
}

void Camera::snap_to(const CarSnapshot& car) {
  zoom_ = target_zoom(length(car.velocity));
  lead_ = target_lead(car);  // from the zoom just set
  up_ = target_up(car);
  centre_ = car.position + lead_;
  has_car_ = true;
  car_position_ = car.position;
  car_velocity_ = car.velocity;
  pan_time_ = pan_length_ = 0.0;
}

// ---- the map -----------------------------------------------------------------------------

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
