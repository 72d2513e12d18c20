// Sections: looks | spawning | stepping | drawing.
#include "render/particles.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"

namespace racer {
namespace {

// ---- looks -------------------------------------------------------------------------------

/// The dust a surface throws; alpha 0 = none (asphalt and kerbs smoke instead, ice nothing).
Rgba dust_colour(Surface s) {
  switch (s) {
    case Surface::Grass: return {118, 104, 66, 120};
    case Surface::Gravel: return {178, 168, 148, 150};
    case Surface::Sand: return {224, 202, 152, 155};
    case Surface::Dirt: return {150, 112, 76, 160};
    case Surface::Asphalt:
    case Surface::Kerb:
    case Surface::Ice:
    case Surface::Count: break;
  }
  return {0, 0, 0, 0};
}

bool smokes_on(Surface s) { return s == Surface::Asphalt || s == Surface::Kerb; }

constexpr Rgba kSmoke{214, 214, 218, 120};

double ramp(double v, double start, double full) { return clamp01((v - start) / (full - start)); }

}  // namespace

ParticleSystem::ParticleSystem(ParticleConfig config, std::uint64_t seed)
    : config_(config), seed_(seed), state_(seed) {
  particles_.reserve(config_.capacity);
}

void ParticleSystem::clear() {
  particles_.clear();
  accumulators_.clear();
  state_ = seed_;
}

double ParticleSystem::uniform() {
  // SplitMix64: small, fast, and the same sequence on every platform.
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53;
}

void ParticleSystem::add(const Particle& p) {
  if (config_.capacity == 0) return;
  if (particles_.size() >= config_.capacity) particles_.erase(particles_.begin());  // the oldest
  particles_.push_back(p);
}

// ---- spawning ----------------------------------------------------------------------------

void ParticleSystem::spawn(const CarSnapshot& car, std::size_t wheel, double dt, double& owed) {
  const WheelSnapshot& w = car.wheels[wheel];
  const double speed = car.speed;
  if (w.load <= 0.0 || speed < config_.min_slide_speed) {
    owed = 0.0;
    return;
  }
  const double slide = std::max({ramp(std::abs(w.slip_angle), config_.slip_angle_start, config_.slip_angle_full),
                                 ramp(std::abs(w.slip_ratio), config_.slip_ratio_start, config_.slip_ratio_full),
                                 w.locked ? 1.0 : 0.0});
  double rate = 0.0;
  Rgba colour{};
  bool dust = false;
  if (smokes_on(w.surface)) {
    rate = config_.smoke_rate * slide;
    colour = kSmoke;
  } else if (const Rgba c = dust_colour(w.surface); c.a > 0 && speed >= config_.dust_min_speed) {
    const double pace = ramp(speed, config_.dust_min_speed, config_.dust_full_speed);
    rate = config_.dust_rate * std::max(pace, 0.35) * (0.5 + 0.5 * std::max(pace, slide));
    colour = c;
    dust = true;
  }
  if (rate <= 0.0) {
    owed = 0.0;
    return;
  }
  owed += rate * dt;
  const double strength = dust ? 1.0 : 0.45 + 0.55 * slide;
  while (owed >= 1.0) {
    owed -= 1.0;
    Particle p;
    const double jitter_r = 0.25 * std::sqrt(uniform()), jitter_a = 2.0 * kPi * uniform();
    p.position = w.position + from_angle(jitter_a) * jitter_r;
    const double spread = dust ? 2.5 : 1.2;
    p.velocity = car.velocity * config_.carry + from_angle(2.0 * kPi * uniform()) * (spread * uniform());
    p.life = (dust ? config_.dust_life_s : config_.smoke_life_s) * (0.75 + 0.5 * uniform());
    p.size0 = dust ? 0.30 : 0.35;
    p.size1 = (dust ? 1.6 : 2.4) * (0.8 + 0.4 * uniform());
    const double shade_f = 0.92 + 0.16 * uniform();
    p.colour = with_alpha(shade(colour, shade_f), static_cast<double>(colour.a) / 255.0 * strength);
    p.dust = dust;
    add(p);
  }
}

// ---- stepping ----------------------------------------------------------------------------

void ParticleSystem::step(std::span<const CarSnapshot> cars, double dt) {
  const double slow = std::exp(-config_.drag * dt);
  for (Particle& p : particles_) {
    p.age += dt;
    p.position += p.velocity * dt;
    p.velocity *= slow;
  }
  std::erase_if(particles_, [](const Particle& p) { return p.age >= p.life; });
  accumulators_.resize(cars.size() * 4, 0.0);
  for (std::size_t c = 0; c < cars.size(); ++c)
    for (std::size_t i = 0; i < cars[c].wheels.size(); ++i) spawn(cars[c], i, dt, accumulators_[c * 4 + i]);
}

double ParticleSystem::radius(const Particle& p) {
  const double t = clamp01(p.age / p.life);
  return lerp(p.size0, p.size1, 1.0 - (1.0 - t) * (1.0 - t));  // grows fast, then settles
}

double ParticleSystem::opacity(const Particle& p) {
  const double t = clamp01(p.age / p.life);
  const double in = clamp01(t / 0.08);
  return in * (1.0 - t) * (1.0 - t) * static_cast<double>(p.colour.a) / 255.0;
}

// ---- drawing -----------------------------------------------------------------------------

void ParticleSystem::draw(SDL_Renderer* renderer, const Camera& camera) const {
  if (particles_.empty()) return;
  const Vec2 lo = camera.visible_min(), hi = camera.visible_max();
  const double ppm = camera.pixels_per_metre();
  Mesh m(0.0);  // the discs fade to nothing at the rim already
  constexpr int kSides = 12;
  std::vector<Vec2> rim(kSides);
  for (const Particle& p : particles_) {
    const double r = radius(p);
    if (p.position.x + r < lo.x || p.position.x - r > hi.x || p.position.y + r < lo.y || p.position.y - r > hi.y)
      continue;
    const double a = opacity(p);
    if (a <= 0.004) continue;
    const Vec2 c = camera.to_screen(p.position);
    const double rp = r * ppm;
    for (int k = 0; k < kSides; ++k) rim[static_cast<std::size_t>(k)] = c + from_angle(2.0 * kPi * k / kSides) * rp;
    m.convex(rim, with_alpha(p.colour, 0.0), with_alpha(p.colour, a));
  }
  m.draw(renderer);
}

}  // namespace racer
