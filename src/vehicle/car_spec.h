#pragma once
// CarSpec: everything that defines a car, as read from assets/cars/*.json
// (documented in docs/car-format.md). SI units throughout; the file may use the
// customary units named in its keys (km/h, degrees), converted on load.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace racer {

enum class DriveLayout { FWD, RWD, AWD };
enum class TyreModel { Pacejka, Tanh };
/// The drawn body shape; drawing only, the physics never reads it.
enum class BodyStyle { Hatchback, Sedan, Racer };
/// "hatchback", "sedan", "racer".
const char* body_style_name(BodyStyle style);

struct BodySpec {
  double mass = 1200.0;            ///< kg, total
  double length = 4.3;             ///< m, bumper to bumper (also the inertia box)
  double width = 1.8;              ///< m
  double height = 1.4;             ///< m, for pitch/roll inertia
  double wheelbase = 2.6;          ///< m
  double track_width = 1.55;       ///< m, between left and right contact patches (the front axle's)
  double rear_track_width = 0.0;   ///< m, the rear axle's track; 0 = the same as track_width
  double cg_to_front_axle = 1.2;   ///< m, horizontal, CG to front axle (rear = wheelbase - this)
  double cg_height = 0.5;          ///< m above the ground
  double inertia_factor = 0.8;     ///< box inertia correction (real cars concentrate mass near the centre)
  double drag_coefficient = 0.32;  ///< Cd
  double frontal_area = 2.1;       ///< m^2
  double front_downforce_area = 0.0;  ///< m^2, -C_L A on the front axle: downforce = 1/2 rho v^2 this (< 0 = lift)
  double rear_downforce_area = 0.0;   ///< m^2, the same on the rear axle
  double restitution = 0.2;        ///< bounciness in collisions [0, 1]
  double body_friction = 0.3;      ///< body-to-wall friction
  BodyStyle style = BodyStyle::Sedan;  ///< drawn shape only (render/car_body.h); no physical effect
};

struct SuspensionSpec {
  double front_stiffness = 35000.0;  ///< N/m per wheel, at the contact patch
  double rear_stiffness = 32000.0;   ///< N/m per wheel
  double front_damping = 3500.0;     ///< N·s/m per wheel
  double rear_damping = 3200.0;      ///< N·s/m per wheel
  double front_antiroll = 20000.0;   ///< N/m between left and right (anti-roll bar), per axle
  double rear_antiroll = 10000.0;    ///< N/m
  double travel = 0.18;              ///< m, full spring travel from fully extended to bump stop
  double bump_stop_stiffness = 300000.0;  ///< N/m once travel is used up
  /// rad of steer per N of a rear wheel's own lateral force, towards that force (the
  /// outside rear wheel toes in): the rear axle's lateral-force compliance steer, which
  /// makes it answer a slip angle more stiffly. 0 = none.
  double rear_compliance_steer = 0.0;
};

/// Pacejka '89 coefficients in the Racer/VDrift form: Fz in kN, slip angle in degrees,
/// slip ratio in percent, forces in N.
struct PacejkaSpec {
  std::array<double, 14> a{};  ///< lateral a0..a13
  std::array<double, 13> b{};  ///< longitudinal b0..b12
};

/// tanh curve: F = D tanh(S x / D), D = mu(Fz) Fz, S = stiffness * Fz.
struct TanhSpec {
  double mu = 1.0;                   ///< peak friction coefficient at the reference load
  double load_sensitivity = 0.08;    ///< fractional mu loss per reference load of extra load
  double reference_load = 3500.0;    ///< N
  double lateral_stiffness = 18.0;   ///< N per N of load per radian of slip angle
  double longitudinal_stiffness = 20.0;  ///< N per N of load per unit slip ratio
};

struct TyreSpec {
  TyreModel model = TyreModel::Pacejka;
  double radius = 0.31;          ///< m, rolling radius
  double width = 0.205;          ///< m, section width (drawing; grip too when coefficients_width is set)
  double coefficients_width = 0.0;  ///< m, width the force coefficients describe; 0 = width does not change grip
  double grip_scale = 1.0;       ///< compound: the whole force curve scaled by this (1 = the coefficients as given)
  double rolling_resistance_doubling_speed = 0.0;  ///< m/s at which rolling resistance doubles (grows with v^2); 0 = constant
  double wheel_inertia = 1.1;    ///< kg·m^2 per wheel (wheel + tyre + brake disc)
  double static_friction = 0.99; ///< fraction of the velocity-stopping force used at rest (< 1 for stability)
  double dynamic_speed = 1.0;    ///< m/s, above this speed friction is fully dynamic (seed 003 blend)
  /// The rear tyres' slip angle is scaled by this before their curve: a stiffer (> 1) rear
  /// axle at the same peak force. A stand-in for the rear axle's compliance and roll steer
  /// that the shipped cars' balance still rests on (docs/car-format.md, "Handling balance").
  double rear_cornering_factor = 1.0;
  /// m, how far behind the contact patch's centre the lateral force acts at small slip
  /// angles (the aligning torque's lever); it falls linearly to 0 at the peak slip angle.
  /// 0 = no aligning torque.
  double pneumatic_trail = 0.0;
  /// m rolled for the lateral force to build up after a step in slip angle (first-order
  /// lag in distance); 0 = the force follows the slip angle at once.
  double relaxation_length = 0.0;
  PacejkaSpec pacejka;
  TanhSpec tanh;
};

/// One point of a tabulated full-throttle torque curve.
struct TorquePoint {
  double rpm = 0.0;     ///< rev/min
  double torque = 0.0;  ///< N·m
  bool operator==(const TorquePoint&) const = default;
};

/// rpm below max_rpm over which the rev limiter fades the torque out (drivetrain.cpp);
/// an automatic's up-shift point must lie below this band.
inline constexpr double kLimiterBandRpm = 150.0;

struct EngineSpec {
  double idle_rpm = 800.0;
  double max_rpm = 6500.0;        ///< rev limiter
  double max_torque = 200.0;      ///< N·m at peak (the table's largest value when torque_table is given)
  double peak_torque_rpm = 4000.0;
  double curve_c = 0.95;          ///< seed 003 Gaussian: curvature
  double curve_f = 3000.0;        ///< seed 003 Gaussian: width, rpm
  double curve_floor = 0.0;       ///< seed 003 Gaussian: B, torque floor, N·m
  /// Full-throttle torque by rpm, rpm strictly rising, linear between points and flat
  /// beyond the ends; replaces the Gaussian when not empty.
  std::vector<TorquePoint> torque_table;
  double inertia = 4.5;           ///< seed 003 "engine inertia": divisor of the free-rev excess
  double flywheel_inertia = 0.0;  ///< kg·m^2, engine + flywheel; felt at the driven wheels through the gearing (0 = not modelled)
  double engine_brake = 0.15;     ///< fraction of max torque that drags at max rpm with throttle closed
  int cylinders = 4;              ///< for the engine sound's firing frequency
};

struct GearboxSpec {
  std::vector<double> ratios = {3.3, 2.0, 1.4, 1.05, 0.85};  ///< forward gears 1..n
  double reverse = 3.2;           ///< ratio magnitude of reverse
  double final_drive = 3.9;
  double final_drive_2 = 0.0;     ///< dual-clutch boxes: the second final drive; 0 = none
  std::vector<int> final_drive_2_gears;  ///< gears (1..n, -1 = reverse) on final_drive_2
  /// The final drive that gear `gear` (-1 reverse, 1..n) turns through.
  double final_drive_for(int gear) const;
  double efficiency = 0.9;        ///< torque fraction reaching the wheels
  double shift_up_rpm = 6000.0;   ///< automatic: shift up at or above
  double shift_down_rpm = 2500.0; ///< automatic: shift down at or below
  double clutch_recover_s = 0.25; ///< automatic: clutch goes 0 -> 1 in this time after a shift
  double min_shift_interval_s = 0.5;
  bool automatic = true;
  /// automatic: in first gear, while the wheels turn the engine slower than this, the
  /// clutch slips and holds the engine here (a launch); 0 = no launch rpm (seed 003's blend).
  double launch_rpm = 0.0;
  /// automatic: in first gear the drive holds the driven wheels at the tyre's peak slip,
  /// with traction control on or off (a launch control).
  bool launch_control = false;
};

enum class DiffType { Open, Clutch, Torsen };

/// A differential: the open one shares torque equally; a locking one may hold up to its
/// locking torque of difference between its outputs' torques, the slower output taking more.
struct DiffSpec {
  DiffType type = DiffType::Open;
  double preload = 0.0;     ///< N·m, clutch type: locking torque with no input torque
  double power_lock = 0.0;  ///< clutch type: locking torque per N·m of input under power [0, 1]
  double coast_lock = 0.0;  ///< clutch type: the same when the input torque brakes (engine braking)
  double bias_ratio = 1.0;  ///< torque-biasing (Torsen) type: largest output torque ratio, >= 1
  /// The largest difference, N·m, between its outputs' torques the diff can hold at input
  /// torque `input` (N·m); `power`: the input drives the car (not engine braking).
  double locking_torque(double input, bool power) const;
  bool operator==(const DiffSpec&) const = default;
};

struct DriveSpec {
  DriveLayout layout = DriveLayout::FWD;
  double awd_front_share = 0.4;   ///< AWD centre split: fraction of torque to the front axle
  DiffSpec front_diff;            ///< between the front wheels (FWD, AWD)
  DiffSpec rear_diff;             ///< between the rear wheels (RWD, AWD)
  DiffSpec centre_diff;           ///< AWD: between the axles, around the awd_front_share split
};

struct BrakeSpec {
  double max_torque = 3000.0;     ///< N·m, total at full pedal over all four wheels
  double front_bias = 0.65;       ///< fraction of brake torque on the front axle
  double handbrake_torque = 2000.0;  ///< N·m per rear wheel
};

struct SteeringSpec {
  double max_angle = 0.60;        ///< rad, road-wheel angle at full lock
  /// m, the front contact patches' distance behind the steering axes' ground points
  /// (caster trail): with the pneumatic trail, the lever of the lateral force about them.
  double caster_trail = 0.0;
  /// N·m/rad at the road wheels, both front wheels together: how stiffly the steering
  /// holds its angle against the front tyres' moment about the steering axes (column,
  /// rack, tie rods, bushes). 0 = rigid.
  double stiffness = 0.0;
};

struct AssistSpec {
  bool abs = true;
  bool tcs = true;
};

struct CarSpec {
  std::string name = "car";
  BodySpec body;
  SuspensionSpec suspension;
  TyreSpec tyre;                     ///< the front tyres, and the rear ones when rear_tyre is empty
  std::optional<TyreSpec> rear_tyre; ///< staggered cars: the rear tyres
  EngineSpec engine;
  GearboxSpec gearbox;
  DriveSpec drive;
  BrakeSpec brakes;
  SteeringSpec steering;
  AssistSpec assists;

  double rear_axle_to_cg() const { return body.wheelbase - body.cg_to_front_axle; }
  /// The tyres of wheel i (0, 1 front; 2, 3 rear).
  const TyreSpec& wheel_tyre(int i) const { return i >= 2 && rear_tyre ? *rear_tyre : tyre; }
  /// Track width of wheel i's axle, m.
  double wheel_track(int i) const {
    return i >= 2 && body.rear_track_width > 0.0 ? body.rear_track_width : body.track_width;
  }
};

/// Reads a car file; every problem is reported with file:line:col.
Result<CarSpec> load_car_spec(const std::string& path);
Result<CarSpec> parse_car_spec(std::string_view json_text, const std::string& file_name);
/// Writes the spec as a car file that load_car_spec reads back to an equal spec. Keys at
/// their default that only change the drawing (the body style) are left out.
std::string save_car_spec(const CarSpec& spec);
/// The spec with every drawing-only key at its default: a hash of its saved text changes
/// only when something the physics reads changes (a ghost's car check uses it).
CarSpec physical_part(CarSpec spec);

}  // namespace racer
