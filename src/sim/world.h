#pragma once
// World: owns the b2World and every car; the only place simulation state advances.
// One fixed step, in a fixed order (a table of contents, as b2World::Step):
//   controls -> drivetrain -> wheels and tyres -> Box2D step -> suspension -> time
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sim/contacts.h"
#include "sim/snapshot.h"
#include "track/surface_map.h"
#include "vehicle/car.h"
#include "vehicle/damage.h"

class b2Body;
class b2World;

namespace racer {

struct WorldConfig {
  double rate_hz = 240.0;       ///< fixed steps per second, [60, 500]
  int velocity_iterations = 8;  ///< Box2D solver
  int position_iterations = 3;
  DamageMode damage = DamageMode::Off;  ///< Off: not recorded, not hashed; see vehicle/damage.h
  DamageTuning damage_tuning{};         ///< energies, thresholds and caps of the damage model
};

class World {
 public:
  /// `ground` must outlive the world.
  World(const SurfaceMap& ground, WorldConfig config = {});
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  /// Adds a car at rest; returns its index.
  int add_car(const CarSpec& spec, Vec2 pos, double heading);
  /// Which side of a closed wall loop cars are kept on. Box2D chains are one-sided, so
  /// the loop is wound to face that side whatever order the points come in.
  enum class KeepCars { Inside, Outside };
  /// Adds a static closed wall loop (a Box2D chain shape) through the points, m.
  void add_wall_loop(const std::vector<Vec2>& points, KeepCars side);

  /// Adds a static open polyline barrier (two-sided edges), m.
  void add_barrier(const std::vector<Vec2>& points);
  /// Adds a static circle (tyre stack, cone): centre and radius, m.
  void add_static_circle(Vec2 centre, double radius);
  /// Adds a static oriented box (barrier block, parked truck): centre, half sizes (m), angle (rad).
  void add_static_box(Vec2 centre, double half_length, double half_width, double angle);

  /// Advances one fixed step. controls[i] drives car i; missing entries count as zeroed.
  void step(std::span<const Controls> controls);

  double dt() const { return dt_; }
  double time() const { return static_cast<double>(steps_) * dt_; }
  std::int64_t steps() const { return steps_; }
  std::size_t car_count() const { return cars_.size(); }
  Car& car(std::size_t i) { return *cars_[i]; }
  const Car& car(std::size_t i) const { return *cars_[i]; }
  const SurfaceMap& ground() const { return ground_; }
  /// Contact begins so far for car i (walls/obstacles and other cars), each counted once.
  const ContactCounts& contacts(std::size_t i) const { return contacts_[i]; }

  // --- damage (vehicle/damage.h): recorded unless config.damage is Off ---
  DamageMode damage_mode() const { return config_.damage; }
  /// Car i's damage so far (empty with DamageMode::Off).
  const Damage& damage(std::size_t i) const { return damage_[i]; }
  /// Repairs car i: no damage, no mechanical effect.
  void repair(std::size_t i);
  /// Rebuilds car i from `spec` where it is (a car edited live in the Vehicle panel): its
  /// position, heading and forward speed kept, the rest as a new car's (Car::place: wheels
  /// rolling, suspension settled, first gear), its gearbox mode, damage and mechanical
  /// damage effects kept. Deterministic; the world's state afterwards differs from a world
  /// that started with the spec.
  void respec_car(std::size_t i, const CarSpec& spec);

  /// Keeps each step's contact impulses for display (the debug overlays) from the next step
  /// on, or stops; only reads what Box2D solved, so the state hash is the same either way.
  void keep_impulses(bool on);
  /// The last step's contact impulses (empty unless keep_impulses), in Box2D's solve order.
  const std::vector<ContactImpulse>& last_impulses() const { return last_impulses_; }

  /// Hash over every car's full state (and the step count): equal runs give equal hashes.
  std::uint64_t state_hash() const;
  WorldSnapshot snapshot() const;

 private:
  const SurfaceMap& ground_;
  double dt_;
  WorldConfig config_;
  std::unique_ptr<b2World> physics_;
  std::vector<std::unique_ptr<Car>> cars_;
  std::vector<ContactCounts> contacts_;
  std::unique_ptr<ContactCounter> contact_counter_;
  std::vector<Damage> damage_;                 // per car
  std::vector<ContactImpulse> impulses_;       // this step's, from PostSolve (damage on, or kept)
  std::vector<ContactImpulse> last_impulses_;  // the last step's, kept for display
  bool keep_impulses_ = false;
  void apply_impacts();
  b2Body* statics();

  std::int64_t steps_ = 0;
  b2Body* static_body_ = nullptr;  // one body carries every static fixture
};

/// Adds the test ground's square boundary wall.
class TestGround;
void add_test_ground_walls(World& world, const TestGround& ground);
/// Adds a track's walls, barriers and obstacles as static bodies.
class Track;
void add_track_bodies(World& world, const Track& track);
/// Fills a snapshot of one car.
CarSnapshot snapshot_car(const Car& car);

}  // namespace racer
