#pragma once
// Particles: what the tyres throw up, a visual effect only (it never feeds back into the
// sim). Fed once per fixed step from the snapshots, with its own seeded generator, so a
// scripted run makes the same particles every time. By the surface under each wheel:
//  - asphalt, kerb: grey smoke from a tyre sliding or spinning (slip angle or slip ratio
//    past its grip, or locked), thicker with more slip;
//  - grass: a little earthy dust and green clippings (thin blades that flutter up and fall);
//  - gravel: grey dust and small stones that arc up, fall under gravity and settle;
//  - sand, dirt: thick dust clouds in the surface's colour;
//  - ice and airborne wheels: nothing.
// Dust rolls off any wheel moving over loose ground; clippings and stones come mainly from
// wheels that slide or spin, a few from fast rolling. Each particle moves with a share of
// the car's velocity, slows, and fades out; the count is capped (the oldest go first).
//
// Sections: config | Particle | ParticleSystem.
#include <cstdint>
#include <span>
#include <vector>

#include <SDL.h>

#include "core/vec2.h"
#include "render/camera.h"
#include "render/fx_random.h"
#include "render/mesh.h"
#include "sim/snapshot.h"

namespace racer {

// ---- config ----------------------------------------------------------------------------

struct ParticleConfig {
  std::size_t capacity = 900;       ///< particles alive at most; the oldest are dropped first
  double slip_angle_start = 0.16;   ///< rad, |slip angle| where smoke starts on asphalt
  double slip_angle_full = 0.40;    ///< rad, full smoke
  double slip_ratio_start = 0.18;   ///< |slip ratio| where smoke starts
  double slip_ratio_full = 0.55;
  double smoke_rate = 34.0;         ///< puffs per second per wheel at full smoke
  double dust_rate = 26.0;          ///< puffs per second per wheel at dust_full_speed (sand, dirt)
  double dust_min_speed = 2.0;      ///< m/s, slower wheels throw nothing
  double dust_full_speed = 22.0;    ///< m/s, full dust
  double debris_rate = 60.0;        ///< clippings or stones per second per wheel, fully sliding
  double debris_rolling = 0.2;      ///< share of debris_rate a fast wheel throws with no slip, [0, 1]
  double min_slide_speed = 1.0;     ///< m/s of car speed below which nothing smokes
  double smoke_life_s = 1.7;        ///< s, a smoke puff's life
  double dust_life_s = 1.2;         ///< s, a dust puff's life (sand and dirt live 40% longer)
  double drag = 2.2;                ///< 1/s, how fast a puff loses its speed
  double carry = 0.25;              ///< share of the car's velocity a puff starts with
};

// ---- Particle ----------------------------------------------------------------------------

enum class ParticleKind : std::uint8_t {
  Smoke,     ///< soft grey disc (asphalt, kerb)
  Dust,      ///< soft disc in the surface's colour (loose ground)
  Clipping,  ///< a green blade of grass, thrown up and fluttering down
  Stone,     ///< a small grey stone that arcs and falls (gravel)
};

struct Particle {
  Vec2 position;        ///< m, world (on the ground)
  Vec2 velocity;        ///< m/s, along the ground
  double height = 0.0;  ///< m above the ground (clippings and stones)
  double climb = 0.0;   ///< m/s, vertical speed (clippings and stones)
  double age = 0.0;     ///< s
  double life = 1.0;    ///< s, dies at age >= life
  double size0 = 0.4;   ///< m, radius at birth (a blade's half length, a stone's radius)
  double size1 = 2.0;   ///< m, radius at death (smoke and dust grow; debris keeps size0)
  double angle = 0.0;   ///< rad, a blade's or a stone's orientation
  double spin = 0.0;    ///< rad/s while in the air
  Rgba colour;          ///< alpha = peak opacity
  ParticleKind kind = ParticleKind::Smoke;

  bool debris() const { return kind == ParticleKind::Clipping || kind == ParticleKind::Stone; }
};

// ---- ParticleSystem ----------------------------------------------------------------------

class ParticleSystem {
 public:
  explicit ParticleSystem(ParticleConfig config = {}, std::uint64_t seed = 0x5eed);

  /// One fixed step: ages and moves every particle by dt (s), drops the dead, then spawns
  /// from every wheel of every car (cars in a fixed order: the World's index), then drops
  /// the oldest beyond the capacity.
  void step(std::span<const CarSnapshot> cars, double dt);
  void clear();

  const std::vector<Particle>& particles() const { return particles_; }
  std::size_t count() const { return particles_.size(); }
  std::size_t count(ParticleKind kind) const;
  const ParticleConfig& config() const { return config_; }

  /// Radius (m) and opacity [0, 1] of a particle now: smoke and dust grow, fade in fast and
  /// out slowly; debris keeps its size, stays solid and fades only at the end of its life.
  static double radius(const Particle& p);
  static double opacity(const Particle& p);

  /// Soft discs, then debris (each with its shadow) on top, in one SDL_RenderGeometry
  /// call; only the visible ones.
  void draw(SDL_Renderer* renderer, const Camera& camera) const;

 private:
  void spawn(const CarSnapshot& car, std::size_t wheel, double dt, double& owed_puffs, double& owed_debris);
  void spawn_debris(const CarSnapshot& car, const WheelSnapshot& w, double slide);

  ParticleConfig config_;
  FxRandom random_;
  std::vector<Particle> particles_;   ///< oldest first
  std::vector<double> accumulators_;  ///< fractional particles owed, per car and wheel (puffs, debris)
};

}  // namespace racer
