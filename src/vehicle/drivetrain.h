#pragma once
// Drivetrain: engine, clutch and gearbox after seed 003.
//  - Engine speed is not integrated; it follows the seed's model: free revs from the throttle,
//    revs demanded by the wheels through gear and final drive, blended by the clutch
//    engagement squared, with the seed's "engine inertia" softening the free-rev excess.
//  - Torque from the seed's Gaussian curve times throttle, soft rev limiter, engine braking.
//  - Gearbox with reverse (-1), neutral (0) and gears 1..n; automatic shifting (with a
//    kick-down at full throttle when the lower gear pulls harder) as in the
//    seed (the clutch drops to 0 and recovers) with at most one shift per
//    min_shift_interval_s and a down-shift only when the next gear lands below the up-shift
//    point (no hunting), decided on the wheel spin the car says the road supports (no
//    shifting on wheelspin); manual shifting through Controls::shift.
//  - The clutch's torque over a step is the step's mean of its engagement squared (it
//    moves linearly), so shifts cost the same at any step rate; an optional launch rpm at
//    which the clutch slips in first gear.
#include <optional>
#include <vector>

#include "vehicle/car_spec.h"
#include "vehicle/controls.h"

namespace racer {

/// Full-throttle torque, N·m at `rpm`: the engine's table when it has one, else the seed's
/// Gaussian.
double engine_torque_curve(const EngineSpec& e, double rpm);
/// A torque table (not empty, rpm rising) at `rpm`: linear between points, flat beyond the ends.
double torque_table_at(const std::vector<TorquePoint>& table, double rpm);

struct DrivetrainState {
  int gear = 1;                 ///< -1 reverse, 0 neutral, 1..n forward
  double clutch = 1.0;          ///< engagement [0, 1], 1 = locked (automatic clutch, before the pedal)
  double engagement = 1.0;      ///< effective engagement after the pedal, [0, 1]
  double rpm = 800.0;           ///< engine speed, rev/min
  double engine_torque = 0.0;   ///< N·m at the crank (negative = engine braking)
  double since_shift = 1e9;     ///< s since the last gear change
  int last_shift_from = 0, last_shift_to = 0;
  bool shifted_this_step = false;
  bool launch_slipping = false;  ///< a launch: the clutch slips, the engine is held above the wheels' revs
};

class Drivetrain {
 public:
  explicit Drivetrain(const CarSpec& spec);

  /// Advances shifting, clutch and engine speed. wheel_omega: mean spin of the driven
  /// wheels, rad/s (+ = forward); ground_speed: car speed along its heading, m/s;
  /// throttle: after traction control, [0, 1]. shift_omega: the driven wheels' spin the
  /// automatic box decides its shifts on, rad/s (the car gives the spin the road speed
  /// supports, so wheelspin neither shifts up nor makes the box hunt); wheel_omega if absent.
  /// Returns the total drive torque at the driven wheels, N·m (+ = forward).
  double step(const Controls& c, double throttle, double wheel_omega, double ground_speed, double dt,
              std::optional<double> shift_omega = std::nullopt);

  /// Signed overall ratio engine/wheel for a gear (0 in neutral, negative in reverse).
  double overall_ratio(int gear) const;
  int forward_gears() const { return static_cast<int>(spec_.ratios.size()); }
  /// Engine speed the wheels demand in a gear, rev/min (>= 0).
  double drivetrain_rpm(int gear, double wheel_omega) const;
  /// Puts the box in a gear with the clutch locked (placing a car, tests).
  void set_gear(int gear);
  /// Switches between the automatic and the manual box (the live setting; the car's
  /// CarSpec keeps what the file said).
  void set_automatic(bool on) { spec_.automatic = on; }
  bool automatic() const { return spec_.automatic; }
  /// In first gear of an automatic with a launch rpm (the clutch may slip at launch).
  bool launching() const;
  const DrivetrainState& state() const { return state_; }
  const GearboxSpec& gearbox() const { return spec_; }

 private:
  void auto_shift(const Controls& c, double throttle, double wheel_omega, double ground_speed);
  void manual_shift(const Controls& c, double wheel_omega, double ground_speed);
  int gear_for(double wheel_omega) const;
  void change_gear(int to);
  void update_engine(double throttle, double wheel_omega, double pedal, double engaged_before);

  EngineSpec engine_;
  GearboxSpec spec_;
  DrivetrainState state_;
  double effective_ = 1.0;  // the step's mean of the engagement squared (update_engine)
};

}  // namespace racer
