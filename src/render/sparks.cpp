// Sections: colour | stepping | spawning | drawing.
#include "render/sparks.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/math.h"

namespace racer {
namespace {

double ramp(double v, double start, double full) { return clamp01((v - start) / (full - start)); }

constexpr double kFlashLife = 0.09;  // s
constexpr double kMaxSparkSpeed = 32.0;  // m/s

/// Velocity of the rigid body `car` at world point `p`.
Vec2 point_velocity(const CarSnapshot& car, Vec2 p) { return car.velocity + cross(car.yaw_rate, p - car.position); }

}  // namespace

Sparks::Sparks(SparkConfig config, std::uint64_t seed) : config_(config), random_(seed) {
  sparks_.reserve(config_.capacity + config_.max_burst);
}

void Sparks::clear() {
  sparks_.clear();
  last_position_.clear();
  last_velocity_.clear();
  seen_.clear();
  random_.reset();
}

// ---- colour ------------------------------------------------------------------------------

double Sparks::heat(const Spark& s) { return 1.0 - clamp01(s.age / s.life); }

Rgba Sparks::colour(double h) {
  // White-yellow when born, through orange to a dull red as it cools.
  constexpr Rgba kHot{255, 248, 214, 255}, kOrange{255, 178, 64, 255}, kRed{210, 64, 18, 255};
  const double t = clamp01(h);
  const Rgba c = t > 0.5 ? mix(kOrange, kHot, (t - 0.5) / 0.5) : mix(kRed, kOrange, t / 0.5);
  return with_alpha(c, std::min(1.0, 1.6 * t));
}

// ---- stepping ----------------------------------------------------------------------------

double Sparks::knock(std::size_t car, const CarSnapshot& now, double dt) const {
  if (!seen_[car] || !(dt > 0.0)) return 0.0;
  const double moved = length(now.position - last_position_[car]);
  const double expected = std::max(length(now.velocity), length(last_velocity_[car])) * dt;
  if (!(moved <= expected + config_.teleport_margin_m)) return 0.0;  // placed (reset, respawn), not hit
  return std::max(0.0, length(now.velocity - last_velocity_[car]) - config_.max_tyre_accel * dt);
}

void Sparks::step(std::span<const CarSnapshot> cars, std::span<const ContactPoint> contacts, double dt) {
  const double slow = std::exp(-config_.drag * dt);
  for (Spark& s : sparks_) {
    s.age += dt;
    s.position += s.velocity * dt;
    s.velocity *= slow;
  }
  std::erase_if(sparks_, [](const Spark& s) { return s.age >= s.life; });

  const std::size_t n = cars.size();
  if (seen_.size() != n) {  // a new field: nothing to compare with yet
    last_position_.assign(n, Vec2{});
    last_velocity_.assign(n, Vec2{});
    seen_.assign(n, false);
  }
  burst_.assign(n, false);
  touches_.assign(n, 0);
  const auto valid = [n](int i) { return i >= 0 && static_cast<std::size_t>(i) < n; };
  for (const ContactPoint& c : contacts) {
    if (valid(c.car)) ++touches_[static_cast<std::size_t>(c.car)];
    if (valid(c.other)) ++touches_[static_cast<std::size_t>(c.other)];
  }

  // ---- spawning: a stream per scrape, a burst per knocked car ----
  for (const ContactPoint& c : contacts) {
    if (!valid(c.car) || (c.other >= 0 && !valid(c.other))) continue;
    const auto a = static_cast<std::size_t>(c.car);
    const CarSnapshot& car = cars[a];
    const CarSnapshot* other = c.other >= 0 ? &cars[static_cast<std::size_t>(c.other)] : nullptr;
    const Vec2 va = point_velocity(car, c.point);
    const Vec2 vb = other != nullptr ? point_velocity(*other, c.point) : Vec2{};
    const Vec2 rel = va - vb;
    const Vec2 tangential = rel - c.normal * dot(rel, c.normal);
    const double t_len = length(tangential);
    const Vec2 along = t_len > 1e-6 ? tangential / t_len : perp(c.normal);

    const double share = 1.0 / std::max(1, touches_[a]);
    double count = config_.scrape_rate * ramp(c.slide_mps, config_.scrape_start_mps, config_.scrape_full_mps) * dt * share;
    // A knock bursts once per car and step, at its first contact point.
    double hit = 0.0;
    if (!burst_[a]) hit = knock(a, car, dt);
    if (other != nullptr && !burst_[static_cast<std::size_t>(c.other)])
      hit = std::max(hit, knock(static_cast<std::size_t>(c.other), *other, dt));
    const bool bursts = hit > config_.knock_start_mps;
    if (bursts) {
      burst_[a] = true;
      if (other != nullptr) burst_[static_cast<std::size_t>(c.other)] = true;
      count += std::min(static_cast<double>(config_.max_burst), config_.burst_per_mps * hit);
    }
    const auto whole = static_cast<std::size_t>(std::floor(count + random_.uniform()));  // unbiased rounding
    if (whole == 0 && !bursts) continue;
    // Against a wall the sparks leave with the car's motion at the point and bounce out
    // from the wall; between two cars they squirt out along the slide, from the pair's
    // mean motion, to either side.
    // (Never into the wall: the part of the car's motion pressing into it is dropped.)
    const Vec2 base = other != nullptr ? (va + vb) * 0.5 : va - c.normal * std::max(0.0, dot(va, c.normal));
    const double slide = std::max(c.slide_mps, 2.0 + 2.0 * hit);
    emit(c.point, base, along, slide, other != nullptr ? Vec2{} : -c.normal, whole);
    if (bursts) {
      Spark f;
      f.position = c.point;
      f.velocity = base * 0.5;
      f.life = kFlashLife;
      f.size = std::min(1.6, 0.45 + 0.12 * hit);
      f.flash = true;
      sparks_.push_back(f);
    }
  }

  for (std::size_t i = 0; i < n; ++i) {
    last_position_[i] = cars[i].position;
    last_velocity_[i] = cars[i].velocity;
    seen_[i] = true;
  }
  if (sparks_.size() > config_.capacity)  // the oldest go first
    sparks_.erase(sparks_.begin(), sparks_.begin() + static_cast<std::ptrdiff_t>(sparks_.size() - config_.capacity));
}

// ---- spawning ----------------------------------------------------------------------------

void Sparks::emit(Vec2 point, Vec2 base, Vec2 along, double slide, Vec2 away, std::size_t count) {
  const bool wall = length_squared(away) > 0.0;
  for (std::size_t k = 0; k < count; ++k) {
    Spark s;
    s.position = point + Vec2{random_.uniform(-0.1, 0.1), random_.uniform(-0.1, 0.1)};
    // Speed of the surfaces past each other, most of it kept; a fan out of the contact.
    const double sideways = wall ? random_.uniform(0.15, 0.7) : random_.uniform(-0.5, 0.5);
    Vec2 dir = wall ? along * random_.uniform(0.4, 1.0) + away * sideways
                    : along * (random_.uniform() < 0.5 ? -1.0 : 1.0) + perp(along) * sideways;
    dir = dir / std::max(1e-9, length(dir));
    const Vec2 kick = dir * (random_.uniform(0.35, 0.8) * slide + random_.uniform(1.0, 4.0));
    Vec2 v = (wall ? base * random_.uniform(0.25, 0.6) : base * 0.8) + kick;
    if (const double sp = length(v); sp > kMaxSparkSpeed) v = v * (kMaxSparkSpeed / sp);
    s.velocity = v;
    s.life = config_.life_s * random_.uniform(0.55, 1.45);
    sparks_.push_back(s);
  }
}

// ---- drawing -----------------------------------------------------------------------------

void Sparks::draw(SDL_Renderer* renderer, const Camera& camera) const {
  if (sparks_.empty()) return;
  const Vec2 lo = camera.visible_min() - Vec2{3.0, 3.0}, hi = camera.visible_max() + Vec2{3.0, 3.0};
  const double ppm = camera.pixels_per_metre();
  const double width = std::max(2.0, 0.12 * ppm);
  Mesh m(0.0);
  std::array<Vec2, 10> rim;
  for (const Spark& s : sparks_) {
    if (s.position.x < lo.x || s.position.x > hi.x || s.position.y < lo.y || s.position.y > hi.y) continue;
    const double h = heat(s);
    const Rgba c = colour(h);
    if (c.a == 0) continue;
    const Vec2 head = camera.to_screen(s.position);
    if (s.flash) {  // a soft glow, bright in the middle
      const double r = s.size * ppm * (0.6 + 0.4 * h);
      for (std::size_t k = 0; k < rim.size(); ++k)
        rim[k] = head + from_angle(2.0 * kPi * static_cast<double>(k) / static_cast<double>(rim.size())) * r;
      m.convex(rim, with_alpha(c, 0.0), c);
      continue;
    }
    // A streak from the head back along its motion, bright at the head and fading to the tail.
    Vec2 tail = camera.to_screen(s.position - s.velocity * config_.streak_s);
    Vec2 d = head - tail;
    double len = length(d);
    if (len < 2.0) {  // slow: at least a short dash
      d = len > 1e-9 ? d * (2.0 / len) : Vec2{2.0, 0.0};
      tail = head - d;
      len = 2.0;
    }
    const Vec2 n = perp(d) * (0.5 * width / len);
    const Rgba faded = with_alpha(c, 0.0);
    m.triangle(head + n, c, head - n, c, tail - n, faded);
    m.triangle(head + n, c, tail - n, faded, tail + n, faded);
  }
  if (m.vertex_count() == 0) return;
  SDL_BlendMode before = SDL_BLENDMODE_BLEND;
  SDL_GetRenderDrawBlendMode(renderer, &before);
  SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_ADD);  // untextured geometry blends by the draw mode
  m.draw(renderer);
  SDL_SetRenderDrawBlendMode(renderer, before);
}

}  // namespace racer
