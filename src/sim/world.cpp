#include "sim/world.h"

#include <box2d/box2d.h>

#include <algorithm>
#include <cassert>

#include "core/fixed_step.h"
#include "core/hash.h"
#include "core/math.h"
#include "track/test_ground.h"

namespace racer {

World::World(const SurfaceMap& ground, WorldConfig config)
    : ground_(ground), dt_(1.0 / config.rate_hz), config_(config),
      physics_(std::make_unique<b2World>(b2Vec2(0.0f, 0.0f))) {
  assert(config.rate_hz >= FixedStep::kMinRate && config.rate_hz <= FixedStep::kMaxRate);
  physics_->SetAllowSleeping(false);
  physics_->SetContinuousPhysics(true);
}

World::~World() {
  cars_.clear();  // cars hold body pointers into physics_; drop them first
}

int World::add_car(const CarSpec& spec, Vec2 pos, double heading) {
  cars_.push_back(std::make_unique<Car>(spec, *physics_, pos, heading));
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
  b2BodyDef def;  // static
  b2Body* body = physics_->CreateBody(&def);
  std::vector<b2Vec2> vertices;
  vertices.reserve(points.size());
  for (Vec2 p : ordered) vertices.emplace_back(static_cast<float>(p.x), static_cast<float>(p.y));
  b2ChainShape chain;
  chain.CreateLoop(vertices.data(), static_cast<int32>(vertices.size()));
  b2FixtureDef fixture;
  fixture.shape = &chain;
  fixture.friction = 0.3f;
  fixture.restitution = 0.1f;
  body->CreateFixture(&fixture);
}

void World::step(std::span<const Controls> controls) {
  for (std::size_t i = 0; i < cars_.size(); ++i)
    cars_[i]->read_controls(i < controls.size() ? controls[i] : Controls{}, dt_);
  for (auto& car : cars_) car->step_drivetrain(dt_);
  for (auto& car : cars_) car->step_wheels(ground_, dt_);
  physics_->Step(static_cast<float>(dt_), config_.velocity_iterations, config_.position_iterations);
  for (auto& car : cars_) car->step_suspension(dt_);
  ++steps_;
}

std::uint64_t World::state_hash() const {
  Hash64 h;
  h.add(steps_);
  for (const auto& car : cars_) car->hash_into(h);
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
  return s;
}

void add_test_ground_walls(World& world, const TestGround& ground) {
  const double h = ground.half_size();
  world.add_wall_loop({{-h, -h}, {h, -h}, {h, h}, {-h, h}}, World::KeepCars::Inside);
}

}  // namespace racer
