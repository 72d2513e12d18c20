#include "vehicle/drivetrain.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/math.h"

namespace racer {
namespace {

constexpr double kReverseSpeed = 1.5;    // m/s: below this a down-shift from 1st selects reverse
constexpr double kKickdownThrottle = 0.9;  // throttle at which the automatic kicks down
constexpr double kKickdownGain = 1.1;      // the lower gear must pull this much harder
constexpr double kDownshiftMargin = 0.92;  // next gear must land below this share of the up-shift rpm

}  // namespace

double torque_table_at(const std::vector<TorquePoint>& table, double rpm) {
  assert(!table.empty());
  if (rpm <= table.front().rpm) return table.front().torque;
  if (rpm >= table.back().rpm) return table.back().torque;
  const auto above = std::upper_bound(table.begin(), table.end(), rpm,
                                      [](double x, const TorquePoint& p) { return x < p.rpm; });
  const TorquePoint& a = *(above - 1);
  const TorquePoint& b = *above;
  return lerp(a.torque, b.torque, (rpm - a.rpm) / (b.rpm - a.rpm));
}

double engine_torque_curve(const EngineSpec& e, double rpm) {
  if (!e.torque_table.empty()) return torque_table_at(e.torque_table, rpm);
  const double u = (rpm - e.peak_torque_rpm) * e.curve_c;
  return (e.max_torque - e.curve_floor) * std::exp(-(u * u) / (e.curve_f * e.curve_f)) + e.curve_floor;
}

Drivetrain::Drivetrain(const CarSpec& spec) : engine_(spec.engine), spec_(spec.gearbox) {
  state_.rpm = engine_.idle_rpm;
}

double Drivetrain::overall_ratio(int gear) const {
  if (gear == 0) return 0.0;
  if (gear < 0) return -spec_.reverse * spec_.final_drive_for(-1);
  assert(gear <= forward_gears());
  return spec_.ratios[static_cast<std::size_t>(gear - 1)] * spec_.final_drive_for(gear);
}

double Drivetrain::drivetrain_rpm(int gear, double wheel_omega) const {
  return std::max(0.0, rads_to_rpm(wheel_omega * overall_ratio(gear)));
}

void Drivetrain::set_gear(int gear) {
  assert(gear >= -1 && gear <= forward_gears());
  state_.gear = gear;
  state_.clutch = 1.0;
  state_.since_shift = 1e9;
}

void Drivetrain::change_gear(int to) {
  state_.last_shift_from = state_.gear;
  state_.last_shift_to = to;
  state_.gear = to;
  state_.clutch = 0.0;  // seed 003: the clutch drops out and comes back in
  state_.since_shift = 0.0;
  state_.shifted_this_step = true;
}

bool Drivetrain::launching() const {
  return spec_.automatic && spec_.launch_rpm > 0.0 && state_.gear == 1;
}

int Drivetrain::gear_for(double wheel_omega) const {
  // The lowest forward gear that keeps the engine below the up-shift point.
  for (int g = 1; g < forward_gears(); ++g)
    if (drivetrain_rpm(g, wheel_omega) < kDownshiftMargin * spec_.shift_up_rpm) return g;
  return forward_gears();
}

void Drivetrain::auto_shift(const Controls& c, double throttle, double wheel_omega, double ground_speed) {
  DrivetrainState& s = state_;
  const bool slow = std::abs(ground_speed) < kReverseSpeed;
  // Driver requests still select reverse / first / neutral.
  if (c.shift == ShiftRequest::Down && slow && s.gear >= 0) return change_gear(-1);
  if (c.shift == ShiftRequest::Up && slow && s.gear <= 0) return change_gear(1);
  // Left in neutral (a manual box switched to automatic): the throttle picks a gear.
  if (s.gear == 0 && throttle > 0.0 && ground_speed > -kReverseSpeed) return change_gear(gear_for(wheel_omega));
  if (s.gear < 1 || s.since_shift < spec_.min_shift_interval_s || s.clutch < 1.0) return;
  const double rpm_now = drivetrain_rpm(s.gear, wheel_omega);
  if (rpm_now >= spec_.shift_up_rpm && s.gear < forward_gears()) return change_gear(s.gear + 1);
  if (s.gear <= 1) return;
  const double rpm_next = drivetrain_rpm(s.gear - 1, wheel_omega);
  if (rpm_next >= kDownshiftMargin * spec_.shift_up_rpm) return;  // it would rev out: never hunt
  if (rpm_now <= spec_.shift_down_rpm) return change_gear(s.gear - 1);
  // Kick-down: a driver flat on the throttle gets the lower gear when it pulls harder at
  // the wheels (torque x ratio), as an automatic box does.
  const auto pull = [&](int g, double rpm) { return engine_torque_curve(engine_, rpm) * overall_ratio(g); };
  if (throttle >= kKickdownThrottle && pull(s.gear - 1, rpm_next) > kKickdownGain * pull(s.gear, rpm_now))
    change_gear(s.gear - 1);
}

void Drivetrain::manual_shift(const Controls& c, double wheel_omega, double ground_speed) {
  const int g = state_.gear;
  if (c.shift == ShiftRequest::Up && g < forward_gears()) {
    // Out of reverse only when (nearly) stopped.
    if (g == -1 && ground_speed < -kReverseSpeed) return;
    change_gear(g + 1);
  }
  if (c.shift == ShiftRequest::Down && g > -1) {
    // Into reverse only when (nearly) stopped; never a down-shift that over-revs the engine.
    if (g == 0 && ground_speed > kReverseSpeed) return;
    if (g > 1 && drivetrain_rpm(g - 1, wheel_omega) > engine_.max_rpm) return;
    change_gear(g - 1);
  }
}

void Drivetrain::update_engine(double throttle, double wheel_omega, double pedal, double engaged_before) {
  DrivetrainState& s = state_;
  const EngineSpec& e = engine_;
  s.engagement = (s.gear == 0) ? 0.0 : std::min(s.clutch, 1.0 - pedal);
  // Seed: engagement is felt late, then strongly (its square). The clutch moves linearly
  // over the step, so the step's mean of the square, exact at any step size: a shift costs
  // the same time at 60 Hz as at 240 Hz.
  const double before = (s.gear == 0) ? 0.0 : std::min(engaged_before, 1.0 - pedal);
  effective_ = (square(before) + before * s.engagement + square(s.engagement)) / 3.0;
  const double effective = effective_;
  const double rpm_free = lerp(e.idle_rpm, e.max_rpm, throttle);
  const double rpm_drive = drivetrain_rpm(s.gear, wheel_omega);
  const double loaded = std::max({e.idle_rpm, (rpm_free - rpm_drive) / e.inertia, rpm_drive});
  // Open clutch: the engine revs freely (seed's text); closed: it turns with the wheels.
  s.rpm = lerp(rpm_free, loaded, effective);
  // A launch: the clutch slips and holds the engine at the launch rpm (or the free revs, if
  // lower) until the wheels turn it faster.
  const double hold = std::min(rpm_free, spec_.launch_rpm);
  s.launch_slipping = launching() && rpm_drive < hold;
  if (s.launch_slipping) s.rpm = std::max(s.rpm, hold);
  const double limiter = clamp01((e.max_rpm - s.rpm) / kLimiterBandRpm);
  const double over_idle = clamp01((s.rpm - e.idle_rpm) / (e.max_rpm - e.idle_rpm));
  const double drag = e.engine_brake * e.max_torque * over_idle * (1.0 - throttle);
  s.engine_torque = engine_torque_curve(e, s.rpm) * throttle * limiter - drag;
}

double Drivetrain::step(const Controls& c, double throttle, double wheel_omega, double ground_speed,
                        double dt, std::optional<double> shift_omega) {
  DrivetrainState& s = state_;
  s.shifted_this_step = false;
  s.since_shift += dt;
  if (spec_.automatic)
    auto_shift(c, throttle, shift_omega.value_or(wheel_omega), ground_speed);
  else
    manual_shift(c, wheel_omega, ground_speed);
  const double engaged_before = s.clutch;
  s.clutch = std::min(1.0, s.clutch + dt / spec_.clutch_recover_s);
  update_engine(throttle, wheel_omega, spec_.automatic ? 0.0 : c.clutch, engaged_before);
  return s.engine_torque * effective_ * overall_ratio(s.gear) * spec_.efficiency;
}

}  // namespace racer
