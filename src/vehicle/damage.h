#pragma once
// Damage: what collisions do to one car. Pure and deterministic (no Box2D, no clock):
// sim::World turns each step's contact impulses into `Impact`s in the car's body frame and
// hands them here. Damage accumulates them into
//   - a level per body zone (front, rear, left, right) and per tyre, each in [0, 1],
//   - marks on the body outline (dents, scuffs) and scrape lengths per side, for drawing,
//   - the mechanical effects DamageMode::Full applies to the car: a steering pull towards
//     the damaged side, lost engine torque, one worn tyre; each capped so the car drives.
// A level is 1 - exp(-E / E0) of the zone's summed impact energy E (E = J^2 / 2m for a
// contact impulse J on a car of mass m): it grows with every hit and saturates at 1.
//
// Sections: mode and zones | tuning | impacts | marks and effects | Damage
#include <array>
#include <cstdint>

#include "core/hash.h"
#include "core/vec2.h"

namespace racer {

struct CarSpec;

// ---------------------------------------------------------------- mode and zones

/// Off: nothing is recorded and the simulation is as without damage. Visual: recorded for
/// drawing and the HUD only. Full: recorded, and the car pays a mechanical cost.
enum class DamageMode { Off, Visual, Full };

enum class DamageZone : int { Front = 0, Rear = 1, Left = 2, Right = 3 };
inline constexpr int kDamageZoneCount = 4;
/// "front", "rear", "left", "right".
const char* damage_zone_name(DamageZone zone);

// ---------------------------------------------------------------- tuning

struct DamageTuning {
  double threshold_j = 5000.0;        ///< J; lighter impacts (a 2 m/s nudge) leave no dent
  double zone_energy_j = 500000.0;    ///< J; E0 of a body zone (72 km/h into a wall ~ 0.6)
  double tyre_energy_j = 400000.0;    ///< J; E0 of the tyre nearest the hits
  double max_steer_pull = 0.04;       ///< fraction of full lock towards a wrecked side, [0, 0.2]
  double max_power_loss = 0.35;       ///< share of engine torque lost with a wrecked front, [0, 0.8]
  double max_grip_loss = 0.25;        ///< share of one tyre's grip lost when it is wrecked, [0, 0.8]
  double mark_merge_m = 0.5;          ///< m; a hit this close to a mark deepens it
};

// ---------------------------------------------------------------- impacts

/// One car's collision with one other body over one step, in the car's body frame
/// (x forward, y left, origin at the CG).
struct Impact {
  double impulse_ns = 0.0;  ///< summed normal impulse, N·s (>= 0)
  Vec2 point;               ///< contact point (impulse-weighted mean), body frame, m
  Vec2 normal;              ///< unit, from the car towards what it hit, body frame
  double slide_mps = 0.0;   ///< tangential speed of the contact after the solve, m/s
  double slide_m = 0.0;     ///< how far the contact slid over the step, m (scrapes)
};

/// Impact energy of an impulse on a mass: J^2 / (2 m), J.
constexpr double impact_energy(double impulse_ns, double mass_kg) { return impulse_ns * impulse_ns / (2.0 * mass_kg); }

// ---------------------------------------------------------------- marks and effects

/// A dent or scuff where the body was hit, for drawing.
struct DamageMark {
  Vec2 point;                       ///< on the body outline, body frame, m
  DamageZone zone = DamageZone::Front;
  double energy_j = 0.0;            ///< summed energy of the hits that made it
  double severity = 0.0;            ///< [0, 1]: 1 - exp(-energy / zone_energy_j)
  bool scuff = false;               ///< a glancing, sliding hit (a scratch line), not a dent
};
inline constexpr int kMaxDamageMarks = 8;

/// What DamageMode::Full does to the car; the neutral value changes nothing.
struct DamageEffects {
  double steer_offset = 0.0;   ///< added to the steer input, fraction of lock (+ = left), |.| <= max_steer_pull
  double torque_factor = 1.0;  ///< engine drive torque multiplier, [1 - max_power_loss, 1]
  std::array<double, 4> grip_factor{1.0, 1.0, 1.0, 1.0};  ///< per wheel (FL, FR, RL, RR), [1 - max_grip_loss, 1]
  bool neutral() const;
};

/// Everything rendering and the HUD need, copied into each CarSnapshot.
struct DamageSummary {
  std::array<double, kDamageZoneCount> zones{};   ///< level per zone [0, 1], by DamageZone
  std::array<double, 4> tyres{};                  ///< tyre wear level per wheel [0, 1]
  std::array<double, kDamageZoneCount> scrape_m{};///< m slid along walls/cars per zone (scuff lines)
  std::array<DamageMark, kMaxDamageMarks> marks{};
  int mark_count = 0;
  int impacts = 0;                                ///< impacts over the threshold so far
  double worst = 0.0;                             ///< highest zone level [0, 1]: the HUD's "damage %"
  double last_impact_j = 0.0;                     ///< energy of the latest impact, J
  DamageEffects effects;                          ///< applied only in DamageMode::Full
};

// ---------------------------------------------------------------- Damage

class Damage {
 public:
  /// Geometry (body box, wheel positions, mass) from the spec.
  explicit Damage(const CarSpec& spec, const DamageTuning& tuning = {});

  /// Records one impact: below the threshold only its scrape counts.
  void add_impact(const Impact& hit);
  /// Back to an undamaged car (a repair).
  void repair();

  double level(DamageZone zone) const { return zone_level_[static_cast<std::size_t>(zone)]; }
  double tyre_level(int wheel) const { return tyre_level_[static_cast<std::size_t>(wheel)]; }
  double zone_energy(DamageZone zone) const { return zone_energy_[static_cast<std::size_t>(zone)]; }
  int impacts() const { return impacts_; }
  int mark_count() const { return mark_count_; }
  const DamageMark& mark(int i) const { return marks_[static_cast<std::size_t>(i)]; }
  /// The mechanical cost of the damage so far (what Full mode applies).
  DamageEffects effects() const;
  DamageSummary summary() const;
  const DamageTuning& tuning() const { return tuning_; }

  /// Which zone a hit with this body-frame normal (car -> obstacle) lands on.
  static DamageZone zone_of(Vec2 normal);
  void hash_into(Hash64& h) const;

 private:
  void add_mark(Vec2 point, DamageZone zone, double energy, bool scuff);
  Vec2 on_outline(Vec2 point, DamageZone zone) const;
  int nearest_wheel(Vec2 point) const;
  double level_of(double energy, double e0) const;

  DamageTuning tuning_;
  double mass_;
  double rear_, front_, half_width_;          // body box, body frame, m
  std::array<Vec2, 4> wheels_{};              // contact points, body frame, m
  std::array<double, kDamageZoneCount> zone_energy_{}, zone_level_{}, scrape_m_{};
  std::array<double, 4> tyre_energy_{}, tyre_level_{};
  std::array<DamageMark, kMaxDamageMarks> marks_{};
  int mark_count_ = 0;
  int impacts_ = 0;
  double last_impact_j_ = 0.0;
};

}  // namespace racer
