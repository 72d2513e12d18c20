// Sections: looks | spawning | stepping | drawing.
#include "render/particles.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/math.h"

namespace racer {
namespace {

// ---- looks -------------------------------------------------------------------------------

/// What a loose surface throws: its dust (alpha 0 = none) and its debris.
struct LooseLook {
  Rgba dust;             ///< alpha = peak opacity
  double dust_share;     ///< multiplier on dust_rate
  double dust_size;      ///< m, a dust puff's final radius (mean)
  double dust_life;      ///< multiplier on dust_life_s
  bool clippings;        ///< throws blades of grass
  bool stones;           ///< throws stones
};

LooseLook loose_look(Surface s) {
  switch (s) {
    // Dust is the dry, fine part of the ground: paler than the surface it rises from, so a
    // cloud shows over its own colour.
    case Surface::Grass: return {{150, 136, 96, 95}, 0.45, 1.2, 0.8, true, false};
    case Surface::Gravel: return {{200, 192, 174, 140}, 0.8, 1.5, 1.0, false, true};
    case Surface::Sand: return {{240, 226, 188, 165}, 1.3, 2.3, 1.4, false, false};
    case Surface::Dirt: return {{196, 166, 126, 165}, 1.2, 2.2, 1.4, false, false};
    case Surface::Asphalt:
    case Surface::Kerb:
    case Surface::Ice:
    case Surface::Count: break;
  }
  return {{0, 0, 0, 0}, 0.0, 0.0, 0.0, false, false};
}

bool smokes_on(Surface s) { return s == Surface::Asphalt || s == Surface::Kerb; }

constexpr Rgba kSmoke{214, 214, 218, 120};
constexpr Rgba kGrassDark{52, 112, 40, 255}, kGrassLight{122, 176, 70, 255}, kClod{92, 72, 46, 255};
constexpr Rgba kStoneDark{80, 77, 73, 255}, kStoneLight{138, 134, 126, 255};  // darker than gravel ground
constexpr Rgba kShadow{0, 0, 0, 70};

constexpr double kStoneGravity = 9.81;     // m/s^2
constexpr double kClippingGravity = 3.5;   // m/s^2: a blade flutters down, air holds it up
constexpr double kClippingFallSpeed = 1.4; // m/s, a blade's terminal speed
constexpr double kStoneAirDrag = 0.3;      // 1/s
constexpr double kClippingAirDrag = 2.5;   // 1/s
constexpr double kGroundDrag = 9.0;        // 1/s, a landed stone skids to a stop
constexpr double kLift = 0.8;              // screen px up per px of height: debris in the air is drawn above its shadow

double ramp(double v, double start, double full) { return clamp01((v - start) / (full - start)); }

/// s from a throw at `height` (m) upwards at `climb` (m/s) until it is back on the ground,
/// under `gravity` (m/s^2) and falling no faster than `fall_speed` (m/s): debris lives past
/// its landing, so every piece is seen to come down.
double flight_time(double height, double climb, double gravity, double fall_speed) {
  const double up = climb / gravity, peak = height + climb * climb / (2.0 * gravity);
  const double reach = fall_speed * fall_speed / (2.0 * gravity);  // m fallen before the fall speed is reached
  const double down = peak <= reach ? std::sqrt(2.0 * peak / gravity) : fall_speed / gravity + (peak - reach) / fall_speed;
  return up + down;
}

}  // namespace

ParticleSystem::ParticleSystem(ParticleConfig config, std::uint64_t seed) : config_(config), random_(seed) {
  particles_.reserve(config_.capacity + 64);
}

void ParticleSystem::clear() {
  particles_.clear();
  accumulators_.clear();
  random_.reset();
}

std::size_t ParticleSystem::count(ParticleKind kind) const {
  return static_cast<std::size_t>(
      std::count_if(particles_.begin(), particles_.end(), [kind](const Particle& p) { return p.kind == kind; }));
}

// ---- spawning ----------------------------------------------------------------------------

void ParticleSystem::spawn(const CarSnapshot& car, std::size_t wheel, double dt, double& owed_puffs,
                           double& owed_debris) {
  const WheelSnapshot& w = car.wheels[wheel];
  const double speed = std::abs(car.speed);
  if (w.load <= 0.0 || speed < config_.min_slide_speed) {
    owed_puffs = owed_debris = 0.0;
    return;
  }
  const double slide = std::max({ramp(std::abs(w.slip_angle), config_.slip_angle_start, config_.slip_angle_full),
                                 ramp(std::abs(w.slip_ratio), config_.slip_ratio_start, config_.slip_ratio_full),
                                 w.locked ? 1.0 : 0.0});
  double rate = 0.0;
  Rgba colour{};
  ParticleKind kind = ParticleKind::Smoke;
  const LooseLook loose = loose_look(w.surface);
  const bool off_road = loose.dust.a > 0 && speed >= config_.dust_min_speed;
  double pace = 0.0;
  if (smokes_on(w.surface)) {
    rate = config_.smoke_rate * slide;
    colour = kSmoke;
  } else if (off_road) {
    pace = ramp(speed, config_.dust_min_speed, config_.dust_full_speed);
    rate = config_.dust_rate * loose.dust_share * std::max(pace, 0.35) * (0.5 + 0.5 * std::max(pace, slide));
    colour = loose.dust;
    kind = ParticleKind::Dust;
  }
  if (rate <= 0.0) owed_puffs = 0.0;
  owed_puffs += rate * dt;
  const bool dust = kind == ParticleKind::Dust;
  const double strength = dust ? 1.0 : 0.45 + 0.55 * slide;
  while (owed_puffs >= 1.0) {
    owed_puffs -= 1.0;
    Particle p;
    const double jitter_r = 0.25 * std::sqrt(random_.uniform()), jitter_a = 2.0 * kPi * random_.uniform();
    p.position = w.position + from_angle(jitter_a) * jitter_r;
    const double spread = dust ? 2.5 : 1.2;
    p.velocity = car.velocity * config_.carry + from_angle(2.0 * kPi * random_.uniform()) * (spread * random_.uniform());
    p.life = (dust ? config_.dust_life_s * loose.dust_life : config_.smoke_life_s) * (0.75 + 0.5 * random_.uniform());
    p.size0 = dust ? 0.30 : 0.35;
    p.size1 = (dust ? loose.dust_size : 2.4) * (0.8 + 0.4 * random_.uniform());
    const double shade_f = 0.92 + 0.16 * random_.uniform();
    p.colour = with_alpha(shade(colour, shade_f), static_cast<double>(colour.a) / 255.0 * strength);
    p.kind = kind;
    particles_.push_back(p);
  }

  // Clippings and stones: from a wheel that slides or spins, a few from fast rolling.
  const double debris = off_road && (loose.clippings || loose.stones)
                            ? config_.debris_rate * std::max(slide, config_.debris_rolling * pace)
                            : 0.0;
  if (debris <= 0.0) owed_debris = 0.0;
  owed_debris += debris * dt;
  while (owed_debris >= 1.0) {
    owed_debris -= 1.0;
    spawn_debris(car, w, slide);
  }
}

void ParticleSystem::spawn_debris(const CarSnapshot& car, const WheelSnapshot& w, double slide) {
  const LooseLook loose = loose_look(w.surface);
  const Vec2 forward = from_angle(car.heading + w.steer), side = perp(forward);
  // A spinning tyre (slip ratio > 0) flings material backwards, a locked one pushes it
  // ahead; a sideways slide sweeps it along with the slide.
  const double kick = (2.0 + 3.0 * slide + 6.0 * clamp01(std::abs(w.slip_ratio))) * (w.slip_ratio < -0.05 ? -1.0 : 1.0);
  Particle p;
  p.position = w.position + side * (0.15 * (random_.uniform() - 0.5));
  p.velocity = car.velocity * 0.35 - forward * kick + side * (0.3 * dot(car.velocity, side)) +
               from_angle(2.0 * kPi * random_.uniform()) * (1.5 * random_.uniform());
  p.height = 0.05;
  p.angle = 2.0 * kPi * random_.uniform();
  if (loose.clippings) {
    p.kind = ParticleKind::Clipping;
    p.climb = random_.uniform(1.0, 2.6);
    p.life = flight_time(p.height, p.climb, kClippingGravity, kClippingFallSpeed) + random_.uniform(0.3, 0.8);
    p.size0 = p.size1 = random_.uniform(0.10, 0.18);
    p.spin = random_.uniform(-9.0, 9.0);
    const double u = random_.uniform();
    p.colour = u < 0.12 ? kClod : mix(kGrassDark, kGrassLight, random_.uniform());
  } else {
    p.kind = ParticleKind::Stone;
    p.climb = random_.uniform(1.5, 4.5);
    p.life = flight_time(p.height, p.climb, kStoneGravity, 1e9) + random_.uniform(0.3, 0.6);
    p.size0 = p.size1 = random_.uniform(0.05, 0.10);
    p.spin = random_.uniform(-12.0, 12.0);
    p.colour = mix(kStoneDark, kStoneLight, random_.uniform());
  }
  particles_.push_back(p);
}

// ---- stepping ----------------------------------------------------------------------------

void ParticleSystem::step(std::span<const CarSnapshot> cars, double dt) {
  const double slow = std::exp(-config_.drag * dt);
  const double stone_air = std::exp(-kStoneAirDrag * dt), blade_air = std::exp(-kClippingAirDrag * dt);
  const double ground = std::exp(-kGroundDrag * dt);
  for (Particle& p : particles_) {
    p.age += dt;
    p.position += p.velocity * dt;
    if (!p.debris()) {
      p.velocity *= slow;
      continue;
    }
    if (p.height > 0.0 || p.climb > 0.0) {  // in the air: gravity, spin, air drag
      const bool stone = p.kind == ParticleKind::Stone;
      p.climb -= (stone ? kStoneGravity : kClippingGravity) * dt;
      if (!stone) p.climb = std::max(p.climb, -kClippingFallSpeed);
      p.height += p.climb * dt;
      p.angle += p.spin * dt;
      p.velocity *= stone ? stone_air : blade_air;
      if (p.height <= 0.0) {  // landed: a stone skids on a little, a blade lies where it falls
        p.height = p.climb = 0.0;
        p.velocity *= stone ? 0.3 : 0.0;
      }
    } else {
      p.velocity *= ground;
    }
  }
  std::erase_if(particles_, [](const Particle& p) { return p.age >= p.life; });
  accumulators_.resize(cars.size() * 8, 0.0);
  for (std::size_t c = 0; c < cars.size(); ++c)
    for (std::size_t i = 0; i < cars[c].wheels.size(); ++i)
      spawn(cars[c], i, dt, accumulators_[c * 8 + i], accumulators_[c * 8 + 4 + i]);
  if (particles_.size() > config_.capacity)  // the oldest go first
    particles_.erase(particles_.begin(),
                     particles_.begin() + static_cast<std::ptrdiff_t>(particles_.size() - config_.capacity));
}

double ParticleSystem::radius(const Particle& p) {
  if (p.debris()) return p.size0;
  const double t = clamp01(p.age / p.life);
  return lerp(p.size0, p.size1, 1.0 - (1.0 - t) * (1.0 - t));  // grows fast, then settles
}

double ParticleSystem::opacity(const Particle& p) {
  const double t = clamp01(p.age / p.life);
  const double peak = static_cast<double>(p.colour.a) / 255.0;
  if (p.debris()) return peak * clamp01((1.0 - t) / 0.3);  // solid, fading over the last 30%
  const double in = clamp01(t / 0.08);
  return in * (1.0 - t) * (1.0 - t) * peak;
}

// ---- drawing -----------------------------------------------------------------------------

void ParticleSystem::draw(SDL_Renderer* renderer, const Camera& camera) const {
  if (particles_.empty()) return;
  const Vec2 lo = camera.visible_min() - Vec2{1.0, 1.0}, hi = camera.visible_max() + Vec2{1.0, 1.0};
  const auto visible = [&](const Particle& p, double r) {
    return p.position.x + r >= lo.x && p.position.x - r <= hi.x && p.position.y + r >= lo.y && p.position.y - r <= hi.y;
  };
  const double ppm = camera.pixels_per_metre();
  Mesh m(0.0);  // the discs fade to nothing at the rim already; debris is a few pixels
  constexpr int kSides = 12;
  std::array<Vec2, kSides> rim;
  for (const Particle& p : particles_) {  // smoke and dust first, under the debris
    if (p.debris()) continue;
    const double r = radius(p);
    if (!visible(p, r)) continue;
    const double a = opacity(p);
    if (a <= 0.004) continue;
    const Vec2 c = camera.to_screen(p.position);
    const double rp = r * ppm;
    for (int k = 0; k < kSides; ++k) rim[static_cast<std::size_t>(k)] = c + from_angle(2.0 * kPi * k / kSides) * rp;
    m.convex(rim, with_alpha(p.colour, 0.0), with_alpha(p.colour, a));
  }
  // A stone is an irregular hexagon; a blade a thin sliver. Both are drawn lifted above
  // their shadow by their height, so an arc reads as an arc from above.
  constexpr std::array<double, 6> kStoneShape{1.0, 0.78, 0.95, 0.72, 1.0, 0.84};
  std::array<Vec2, 6> stone;
  for (const Particle& p : particles_) {
    if (!p.debris() || !visible(p, 1.0)) continue;
    const double a = opacity(p);
    if (a <= 0.004) continue;
    const Vec2 c = camera.to_screen(p.position);
    const Vec2 lifted = c - Vec2{0.0, kLift * p.height * ppm};
    const double grow = 1.0 + 0.25 * p.height;  // nearer the eye, a little larger
    if (p.kind == ParticleKind::Stone) {
      const double rp = std::max(1.5, p.size0 * ppm * grow);
      if (p.height > 0.02) {
        for (std::size_t k = 0; k < 6; ++k) stone[k] = c + from_angle(kPi / 3.0 * static_cast<double>(k)) * rp;
        m.convex(stone, with_alpha(kShadow, static_cast<double>(kShadow.a) / 255.0 * a));
      }
      for (std::size_t k = 0; k < 6; ++k)
        stone[k] = lifted + from_angle(p.angle + kPi / 3.0 * static_cast<double>(k)) * (rp * kStoneShape[k]);
      m.convex(stone, with_alpha(shade(p.colour, 0.8), a), with_alpha(shade(p.colour, 1.12), a));
    } else {
      const double half = std::max(2.0, p.size0 * ppm * grow), width = std::max(1.2, 0.045 * ppm * grow);
      const Vec2 along = from_angle(p.angle) * half;
      if (p.height > 0.02)
        m.line(c - along, c + along, width, with_alpha(kShadow, static_cast<double>(kShadow.a) / 255.0 * a));
      m.line(lifted - along, lifted + along, width, with_alpha(p.colour, a));
    }
  }
  m.draw(renderer);
}

}  // namespace racer
