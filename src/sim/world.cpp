#include "sim/world.h"

#include <box2d/box2d.h>

#include <algorithm>
#include <cassert>

#include "core/fixed_step.h"
#include "core/hash.h"
#include "core/math.h"
#include "track/test_ground.h"
#include "track/track.h"

namespace racer {

World::World(const SurfaceMap& ground, WorldConfig config)
    : ground_(ground), dt_(1.0 / config.rate_hz), config_(config),
      physics_(std::make_unique<b2World>(b2Vec2(0.0f, 0.0f))) {
  assert(config.rate_hz >= FixedStep::kMinRate && config.rate_hz <= FixedStep::kMaxRate);
  physics_->SetAllowSleeping(false);
  contact_counter_ = std::make_unique<ContactCounter>(contacts_);
  physics_->SetContactListener(contact_counter_.get());
  physics_->SetContinuousPhysics(true);
  if (config_.damage != DamageMode::Off) contact_counter_->collect_impulses(&impulses_);
}

void World::keep_impulses(bool on) {
  keep_impulses_ = on;
  if (!on) last_impulses_.clear();
  const bool collect = on || config_.damage != DamageMode::Off;
  contact_counter_->collect_impulses(collect ? &impulses_ : nullptr);
}

World::~World() {
  physics_->SetContactListener(nullptr);
  cars_.clear();  // cars hold body pointers into physics_; drop them first
}

int World::add_car(const CarSpec& spec, Vec2 pos, double heading) {
  cars_.push_back(std::make_unique<Car>(spec, *physics_, pos, heading));
  contacts_.emplace_back();
  damage_.emplace_back(spec, config_.damage_tuning);
  cars_.back()->body()->GetUserData().pointer = cars_.size();  // car index + 1 (0 = static)
  return static_cast<int>(cars_.size()) - 1;
}

void World::add_wall_loop(const std::vector<Vec2>& points, KeepCars side) {
  assert(points.size() >= 3);
  // Chain normals point to the right of the winding: counter-clockwise faces outward.
  double area2 = 0.0;
  for (std::size_t i = 0; i < points.size(); ++i) area2 += cross(points[i], points[(i + 1) % points.size()]);
  const bool ccw = area2 > 0.0;
  std::vector<Vec2> ordered = points;
  if (ccw == (side == KeepCars::Inside)) std::reverse(ordered.begin(), ordered.end());
  std::vector<b2Vec2> vertices;
  vertices.reserve(points.size());
  for (Vec2 p : ordered) vertices.emplace_back(static_cast<float>(p.x), static_cast<float>(p.y));
  b2ChainShape chain;
  chain.CreateLoop(vertices.data(), static_cast<int32>(vertices.size()));
  b2FixtureDef fixture;
  fixture.shape = &chain;
  fixture.friction = 0.3f;
  fixture.restitution = 0.1f;
  statics()->CreateFixture(&fixture);
}

namespace {

b2Vec2 to_b2(Vec2 v) { return {static_cast<float>(v.x), static_cast<float>(v.y)}; }

void add_fixture(b2Body* body, const b2Shape& shape) {
  b2FixtureDef fixture;
  fixture.shape = &shape;
  fixture.friction = 0.4f;
  fixture.restitution = 0.15f;
  body->CreateFixture(&fixture);
}

}  // namespace

b2Body* World::statics() {
  if (static_body_ == nullptr) {
    b2BodyDef def;
    static_body_ = physics_->CreateBody(&def);
  }
  return static_body_;
}

void World::add_barrier(const std::vector<Vec2>& points) {
  for (std::size_t i = 1; i < points.size(); ++i) {
    if (length_squared(points[i] - points[i - 1]) < 1e-6) continue;  // Box2D rejects degenerate edges
    b2EdgeShape edge;
    edge.SetTwoSided(to_b2(points[i - 1]), to_b2(points[i]));
    add_fixture(statics(), edge);
  }
}

void World::add_static_circle(Vec2 centre, double radius) {
  b2CircleShape circle;
  circle.m_p = to_b2(centre);
  circle.m_radius = static_cast<float>(radius);
  add_fixture(statics(), circle);
}

void World::add_static_box(Vec2 centre, double half_length, double half_width, double angle) {
  b2PolygonShape box;
  box.SetAsBox(static_cast<float>(half_length), static_cast<float>(half_width), to_b2(centre), static_cast<float>(angle));
  add_fixture(statics(), box);
}

void World::step(std::span<const Controls> controls) {
  for (std::size_t i = 0; i < cars_.size(); ++i)
    cars_[i]->read_controls(i < controls.size() ? controls[i] : Controls{}, dt_);
  for (auto& car : cars_) car->step_drivetrain(dt_);
  for (auto& car : cars_) car->step_wheels(ground_, dt_);
  physics_->Step(static_cast<float>(dt_), config_.velocity_iterations, config_.position_iterations);
  if (keep_impulses_) last_impulses_ = impulses_;
  apply_impacts();
  if (config_.damage == DamageMode::Off) impulses_.clear();
  for (auto& car : cars_) car->step_suspension(dt_);
  ++steps_;
}

// ---- damage: this step's contact impulses -> one Impact per car and other body ----

void World::apply_impacts() {
  if (config_.damage == DamageMode::Off) return;
  // Merge each car's records with the same other body and a normal on the same side (a TOI
  // sub-step and the regular solve of one contact, two chain edges of one wall) into one
  // impact, in record order; a car squeezed between two walls takes two.
  std::vector<bool> used(impulses_.size(), false);
  for (std::size_t i = 0; i < impulses_.size(); ++i) {
    if (used[i]) continue;
    const ContactImpulse& first = impulses_[i];
    double j = 0.0, slide = 0.0;
    Vec2 point, normal;
    for (std::size_t k = i; k < impulses_.size(); ++k) {
      const ContactImpulse& r = impulses_[k];
      if (used[k] || r.car != first.car || r.other != first.other || dot(r.normal, first.normal) <= 0.0) continue;
      used[k] = true;
      j += r.impulse_ns;
      point += r.point * r.impulse_ns;
      normal += r.normal * r.impulse_ns;
      slide += r.slide_mps * r.impulse_ns;
    }
    const double n = length(normal);
    if (!(j > 0.0) || !(n > 0.0)) continue;
    const Impact hit{j, point / j, normal / n, slide / j, slide / j * dt_};
    damage_[static_cast<std::size_t>(first.car)].add_impact(hit);
  }
  impulses_.clear();
  if (config_.damage == DamageMode::Full)
    for (std::size_t i = 0; i < cars_.size(); ++i) cars_[i]->set_damage_effects(damage_[i].effects());
}

void World::repair(std::size_t i) {
  damage_[i].repair();
  cars_[i]->set_damage_effects({});
}

void World::respec_car(std::size_t i, const CarSpec& spec) {
  const Car& old = *cars_[i];
  const Vec2 position = old.position();
  const double heading = old.heading(), speed = old.forward_speed();
  const bool automatic = old.drivetrain().gearbox().automatic;
  const DamageEffects effects = old.damage_effects();
  physics_->DestroyBody(old.body());
  cars_[i] = std::make_unique<Car>(spec, *physics_, position, heading);
  Car& car = *cars_[i];
  car.body()->GetUserData().pointer = i + 1;  // car index + 1, as add_car
  car.place(position, heading, speed);
  car.drivetrain().set_automatic(automatic);
  car.set_damage_effects(effects);
}

std::uint64_t World::state_hash() const {
  Hash64 h;
  h.add(steps_);
  for (const auto& car : cars_) car->hash_into(h);
  for (const ContactCounts& c : contacts_) {
    h.add(c.walls);
    h.add(c.cars);
  }
  if (config_.damage != DamageMode::Off)  // Off must hash exactly as before damage existed
    for (const Damage& d : damage_) d.hash_into(h);
  return h.value();
}

CarSnapshot snapshot_car(const Car& car) {
  CarSnapshot s;
  s.position = car.position();
  s.heading = car.heading();
  s.velocity = car.velocity();
  s.yaw_rate = car.yaw_rate();
  s.speed = car.speed();
  const DrivetrainState& d = car.drivetrain().state();
  s.rpm = d.rpm;
  s.gear = d.gear;
  s.clutch = d.engagement;
  const Controls& c = car.controls();
  s.throttle = c.throttle;
  s.brake = c.brake;
  s.steer = c.steer;
  s.handbrake = c.handbrake;
  s.pitch = car.suspension().state().pitch;
  s.roll = car.suspension().state().roll;
  s.tcs = car.tcs_factor();
  s.accel_local = car.local_acceleration();
  for (int i = 0; i < kWheelCount; ++i) {
    const WheelState& w = car.wheel(i);
    s.abs_active = s.abs_active || w.abs_pressure < 0.999;
    s.wheels[static_cast<std::size_t>(i)] = {car.wheel_position(i), w.steer, w.spin_angle, w.load, w.slip_ratio,
                                             w.slip_angle, w.omega, w.surface, w.locked};
  }
  return s;
}

WorldSnapshot World::snapshot() const {
  WorldSnapshot s;
  s.time = time();
  s.step = steps_;
  s.cars.reserve(cars_.size());
  for (const auto& car : cars_) s.cars.push_back(snapshot_car(*car));
  if (config_.damage != DamageMode::Off)
    for (std::size_t i = 0; i < cars_.size(); ++i) s.cars[i].damage = damage_[i].summary();
  return s;
}

void add_track_bodies(World& world, const Track& track) {
  for (const WallLoop& loop : track.wall_loops())
    if (loop.points.size() >= 3)
      world.add_wall_loop(loop.points, loop.keep_inside ? World::KeepCars::Inside : World::KeepCars::Outside);
  for (const std::vector<Vec2>& barrier : track.barriers()) world.add_barrier(barrier);
  for (const ObstacleSpec& o : track.obstacles()) {
    if (o.shape == ObstacleShape::Circle)
      world.add_static_circle(o.position, o.radius);
    else
      world.add_static_box(o.position, o.half_length, o.half_width, o.angle);
  }
}

void add_test_ground_walls(World& world, const TestGround& ground) {
  const double h = ground.half_size();
  world.add_wall_loop({{-h, -h}, {h, -h}, {h, h}, {-h, h}}, World::KeepCars::Inside);
}

}  // namespace racer

// Box2D 2.4 times every step and every island with gettimeofday, for a profile
// (b2World::GetProfile) that nothing here reads: a few percent of a 20-car race, and the
// only wall-clock reads inside the simulation. These definitions take the place of the
// shared library's (an executable's symbols come first for the library's calls through its
// procedure linkage table), so the profile reads zero.
b2Timer::b2Timer() : m_start_sec(0), m_start_usec(0) {}
void b2Timer::Reset() {}
float b2Timer::GetMilliseconds() const { return 0.0f; }
