#pragma once
// Car: one raycast-vehicle. The chassis is a Box2D dynamic body (top-down, no gravity);
// wheels are not bodies but contact points where tyre forces are applied with their moment.
// The world calls the phases in order each fixed step:
//   read_controls -> step_drivetrain -> step_wheels -> (Box2D step) -> step_suspension
#include <array>
#include <cstdint>

#include "core/hash.h"
#include "core/vec2.h"
#include "track/surface_map.h"
#include "vehicle/car_spec.h"
#include "vehicle/controls.h"
#include "vehicle/damage.h"
#include "vehicle/drivetrain.h"
#include "vehicle/suspension.h"
#include "vehicle/tyre.h"

class b2Body;
class b2World;

namespace racer {

struct WheelState {
  double omega = 0.0;         ///< spin, rad/s (+ = rolling forward)
  double spin_angle = 0.0;    ///< rad, for drawing
  double steer = 0.0;         ///< road-wheel angle, rad (+ = left)
  double load = 0.0;          ///< vertical load Fz, N
  double slip_ratio = 0.0;    ///< (omega R - vx) / max(|vx|, v_min)
  double slip_angle = 0.0;    ///< rad, + = contact sliding to the left
  double tyre_slip_angle = 0.0;  ///< rad, what the tyre's curve sees: slip_angle (rear: times rear_cornering_factor) lagged over the relaxation length
  double fx = 0.0, fy = 0.0;  ///< tyre force in the wheel frame last step, N
  double drive_torque = 0.0;  ///< N·m from the drivetrain
  double brake_torque = 0.0;  ///< N·m applied by brakes (after ABS)
  double abs_pressure = 1.0;  ///< share of the brake pedal's torque ABS let through [0, 1]
  double road_height = 0.0;   ///< m, bump under the wheel
  Surface surface = Surface::Asphalt;
  bool locked = false;
  // The longitudinal solve's memory (see car.cpp): the force the step before last, N,
  // and the slope of its residual the last solve measured, dimensionless (>= 1).
  double fx_before = 0.0;
  double solve_slope = 1.0;
};

class Car {
 public:
  /// Creates the chassis body in `world` at pos (m) facing heading (rad), at rest.
  Car(const CarSpec& spec, b2World& world, Vec2 pos, double heading);
  Car(const Car&) = delete;
  Car& operator=(const Car&) = delete;

  /// Resets to pos/heading rolling straight ahead at `speed` (m/s): suspension settled,
  /// first gear with the clutch in, assists reset.
  void place(Vec2 pos, double heading, double speed);

  // --- the phases of one fixed step (called by sim::World) ---
  void read_controls(const Controls& c, double dt);
  void step_drivetrain(double dt);
  void step_wheels(const SurfaceMap& ground, double dt);
  void step_suspension(double dt);

  void hash_into(Hash64& h) const;

  // --- state ---
  Vec2 position() const;            ///< CG, m
  double heading() const;           ///< rad
  Vec2 velocity() const;            ///< CG velocity, m/s, world frame
  double yaw_rate() const;          ///< rad/s
  double forward_speed() const;     ///< m/s along the heading
  double speed() const;             ///< m/s, magnitude
  Vec2 local_acceleration() const { return accel_local_; }  ///< body frame (x fwd, y left), m/s^2
  Vec2 wheel_position(int i) const; ///< contact point, world, m
  std::array<Vec2, kWheelCount> wheel_positions() const;  ///< all four (one rotation), world, m
  const WheelState& wheel(int i) const { return wheels_[i]; }
  const Controls& controls() const { return controls_; }
  const Suspension& suspension() const { return suspension_; }
  const Drivetrain& drivetrain() const { return drivetrain_; }
  Drivetrain& drivetrain() { return drivetrain_; }
  const Tyre& tyre() const { return tyres_[0]; }  ///< the front tyres
  const Tyre& wheel_tyre(int i) const { return tyres_[i < 2 ? 0 : 1]; }  ///< wheel i's tyres
  /// Aerodynamic downforce on the front and rear axle last step, N (< 0 = lift).
  const std::array<double, 2>& downforce() const { return downforce_; }
  const CarSpec& spec() const { return spec_; }
  b2Body* body() const { return body_; }
  double tcs_factor() const { return tcs_factor_; }
  /// rad the front wheels are turned back from the commanded angle by the tyres' moment
  /// about the steering axes (+ = towards the right; 0 with a rigid steering).
  double compliance_steer() const { return compliance_steer_; }

  /// Damage's mechanical cost (DamageMode::Full; set by sim::World after each step):
  /// steering pull, engine torque factor, per-wheel grip. Neutral by default.
  void set_damage_effects(const DamageEffects& e) { damage_effects_ = e; }
  const DamageEffects& damage_effects() const { return damage_effects_; }

  void set_abs(bool on) { spec_.assists.abs = on; }
  void set_tcs(bool on) { spec_.assists.tcs = on; }
  /// Peak friction coefficient on asphalt at the mean static wheel load (m g / 4).
  double mu_peak() const;

 private:
  bool is_driven(int i) const;
  double axle_share(int i) const;
  void apply_switches();  // the ABS, traction control and gearbox commands in controls_
  void update_steering();
  void steer_front_wheels();  // the driver's angle, less the steering's compliance, by Ackermann geometry
  void steer_rear_wheels();   // the rear axle's compliance steer
  /// rad the steering gives back to the front tyres' moment at a commanded road-wheel angle (rad).
  double steer_compliance(double commanded);
  /// Adds a front wheel's moment about its steering axis after its step (`trail`: its
  /// pneumatic trail now, m), and how it answers a change of the wheel's angle within one
  /// step (`lag`: the share its tyre passes on).
  void add_steering_moment(const WheelState& w, double trail, double lag);
  double shift_omega(double wheel_omega);  // the driven wheels' spin the automatic box reads
  struct WheelContact;
  void step_wheel(int i, Vec2 point, const SurfaceMap& ground, double dt);
  WheelContact sense_contact(int i, Vec2 point, const SurfaceMap& ground, double dt);
  Vec2 corner_at(int i, Vec2 position, Vec2 axes) const;  // wheel i's contact, axes = from_angle(heading)
  /// from_angle(heading()), remembered for the last heading: a step's phases, the race's
  /// checks between steps and the unsteered wheels all ask for it with the body unmoved.
  Vec2 body_axes() const;
  double brake_torque(int i) const;
  void spin_in_air(WheelState& w, double inertia, double resist, double dt) const;
  void update_engine_inertia(int driven);
  /// Shares drive_torque_ between the driven wheels through the differentials; `power`:
  /// the engine drives the car (not engine braking).
  void split_drive_torque(bool power, double dt);
  /// Wheel i's moment of inertia about its axle with the engine's share, kg·m^2.
  double wheel_inertia(int i) const;
  double longitudinal_force(WheelState& w, const WheelContact& c, const TyreLoad& load, double brake,
                            double resist, double dt) const;
  double lateral_force(WheelState& w, const WheelContact& c, const TyreLoad& load, double dt) const;
  void apply_aero();
  /// The tyre's curves at wheel i's current load (w.load > 0), computed once per load.
  const TyreLoad& tyre_load(int i);

  CarSpec spec_;
  b2Body* body_ = nullptr;
  std::array<Tyre, 2> tyres_;  // front, rear
  Suspension suspension_;
  Drivetrain drivetrain_;
  std::array<WheelState, kWheelCount> wheels_{};
  std::array<TyreLoad, kWheelCount> tyre_loads_{};  // wheel_tyre(i).at_load(tyre_loads_[i].fz), a cache
  std::array<double, kWheelCount> drive_scale_{1.0, 1.0, 1.0, 1.0};  // spin -> the drivetrain's front-wheel terms
  std::array<double, kWheelCount> extra_inertia_{};  // kg·m^2 of engine and flywheel per wheel
  std::array<double, 2> downforce_{};  // N, front and rear axle
  Controls controls_{};
  // Steering compliance: the front wheels' angle given back to the tyres' moment, rad
  // (+ = towards the right), and that moment over the last wheel step with its slope.
  double compliance_steer_ = 0.0;
  double steer_moment_ = 0.0;  // N·m, + = turns the wheels right (a force to the left behind the axes)
  double steer_slope_ = 0.0;   // N·m/rad: d(steer_moment_)/d(road-wheel angle) within one step
  double applied_steer_ = 0.0; // rad, the mean front wheel angle the last step drove with
  double tcs_factor_ = 1.0;
  double drive_torque_ = 0.0;
  Vec2 velocity_before_{};
  Vec2 accel_local_{};
  DamageEffects damage_effects_{};
  mutable bool axes_known_ = false;     // body_axes' last call: the heading's bits and its answer
  mutable std::uint64_t axes_heading_ = 0;
  mutable Vec2 axes_{};
};

}  // namespace racer
