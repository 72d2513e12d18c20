#pragma once
// Particles: tyre smoke and dust, a visual effect only (it never feeds back into the sim).
// Fed once per fixed step from the snapshots, with its own seeded generator, so a scripted
// run makes the same puffs every time. A tyre sliding on asphalt or a kerb (slip angle or
// slip ratio past its grip, or locked) gives grey smoke; a tyre rolling fast enough over
// grass, gravel, sand or dirt throws dust in the surface's colour (thicker when it slides).
// Ice and airborne wheels give nothing. Each puff drifts with a share of the car's
// velocity, slows, grows and fades out; the count is capped (the oldest go first).
//
// Sections: config | ParticleSystem.
#include <cstdint>
#include <span>
#include <vector>

#include <SDL.h>

#include "core/vec2.h"
#include "render/camera.h"
#include "render/mesh.h"
#include "sim/snapshot.h"

namespace racer {

// ---- config ----------------------------------------------------------------------------

struct ParticleConfig {
  std::size_t capacity = 900;       ///< puffs alive at most; the oldest are dropped first
  double slip_angle_start = 0.16;   ///< rad, |slip angle| where smoke starts on asphalt
  double slip_angle_full = 0.40;    ///< rad, full smoke
  double slip_ratio_start = 0.18;   ///< |slip ratio| where smoke starts
  double slip_ratio_full = 0.55;
  double smoke_rate = 34.0;         ///< puffs per second per wheel at full smoke
  double dust_rate = 26.0;          ///< puffs per second per wheel at dust_full_speed
  double dust_min_speed = 2.0;      ///< m/s, slower wheels throw no dust
  double dust_full_speed = 22.0;    ///< m/s, full dust
  double min_slide_speed = 1.0;     ///< m/s of car speed below which nothing smokes
  double smoke_life_s = 1.7;        ///< s, a smoke puff's life
  double dust_life_s = 1.2;         ///< s, a dust puff's life
  double drag = 2.2;                ///< 1/s, how fast a puff loses its speed
  double carry = 0.25;              ///< share of the car's velocity a puff starts with
};

struct Particle {
  Vec2 position;       ///< m, world
  Vec2 velocity;       ///< m/s
  double age = 0.0;    ///< s
  double life = 1.0;   ///< s, dies at age >= life
  double size0 = 0.4;  ///< m, radius at birth
  double size1 = 2.0;  ///< m, radius at death
  Rgba colour;         ///< alpha = peak opacity
  bool dust = false;   ///< dust (off-road) rather than smoke
};

// ---- ParticleSystem ----------------------------------------------------------------------

class ParticleSystem {
 public:
  explicit ParticleSystem(ParticleConfig config = {}, std::uint64_t seed = 0x5eed);

  /// One fixed step: ages and moves every puff by dt (s), drops the dead, then spawns
  /// from every wheel of every car (cars in a fixed order: the World's index).
  void step(std::span<const CarSnapshot> cars, double dt);
  void clear();

  const std::vector<Particle>& particles() const { return particles_; }
  std::size_t count() const { return particles_.size(); }
  const ParticleConfig& config() const { return config_; }

  /// Radius (m) and opacity [0, 1] of a puff now: it grows, fades in fast and out slowly.
  static double radius(const Particle& p);
  static double opacity(const Particle& p);

  /// Soft discs, one SDL_RenderGeometry call; only the visible ones.
  void draw(SDL_Renderer* renderer, const Camera& camera) const;

 private:
  void spawn(const CarSnapshot& car, std::size_t wheel, double dt, double& carry_over);
  void add(const Particle& p);
  double uniform();  ///< [0, 1)

  ParticleConfig config_;
  std::uint64_t seed_, state_;
  std::vector<Particle> particles_;   ///< oldest first
  std::vector<double> accumulators_;  ///< fractional puffs owed, per car and wheel
};

}  // namespace racer
