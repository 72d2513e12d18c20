// Car: the raycast vehicle. Sections:
//   1. construction and placement
//   2. step phases: controls, drivetrain, wheels (tyre forces), suspension
//   3. one wheel: slip, combined tyre force, implicit spin and force update
//   4. assists (ABS, TCS), aero
//   5. state access and hashing
#include "vehicle/car.h"

#include <box2d/box2d.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>

#include "core/math.h"
#include "core/noise.h"

namespace racer {
namespace {

constexpr double kMinSlipSpeed = 0.5;    // m/s: slip denominators never go below this
constexpr double kMaxRearComplianceSteer = 0.05;  // rad: the most a rear wheel's bushes let it steer
constexpr double kMaxBodyAccel = 4.0 * kGravity;  // m/s^2: crash spikes are clipped before the springs
constexpr double kAbsMinSpeed = 2.0;     // m/s: ABS lets the wheels stop below this
constexpr double kAbsSlipShare = 0.9;    // ABS holds the slip at this share of the peak slip
constexpr double kAbsMinShare = 0.05;    // ...and never asks for less than sqrt(this) of it
constexpr double kTcsSlipShare = 1.0;    // TCS holds the drive slip at this share of the peak slip
constexpr double kShiftSlipShare = 1.5;  // the automatic reads the wheels' spin up to this share of the peak slip

b2Vec2 to_b2(Vec2 v) { return {static_cast<float>(v.x), static_cast<float>(v.y)}; }
Vec2 from_b2(b2Vec2 v) { return {v.x, v.y}; }

}  // namespace

// ---------------------------------------------------------------- 1. construction

Car::Car(const CarSpec& spec, b2World& world, Vec2 pos, double heading)
    : spec_(spec),
      tyres_{Tyre(spec.wheel_tyre(kFrontLeft)), Tyre(spec.wheel_tyre(kRearLeft))},
      suspension_(spec),
      drivetrain_(spec) {
  // AWD with rear tyres of another size: the rear axle's ratio is matched so both axles
  // roll at one ground speed; the drivetrain sees rear spin in front-wheel terms.
  if (spec.drive.layout == DriveLayout::AWD && spec.wheel_tyre(kRearLeft).radius != spec.tyre.radius)
    drive_scale_[kRearLeft] = drive_scale_[kRearRight] = spec.wheel_tyre(kRearLeft).radius / spec.tyre.radius;
  const BodySpec& b = spec.body;
  b2BodyDef def;
  def.type = b2_dynamicBody;
  def.position = to_b2(pos);
  def.angle = static_cast<float>(heading);
  def.allowSleep = false;
  def.bullet = true;  // continuous collision against other cars at any speed
  body_ = world.CreateBody(&def);

  // The body box: the wheelbase is centred between the bumpers, the CG is the body origin.
  b2PolygonShape box;
  const double centre_x = (b.cg_to_front_axle - spec.rear_axle_to_cg()) / 2.0;
  box.SetAsBox(static_cast<float>(b.length / 2), static_cast<float>(b.width / 2),
               b2Vec2(static_cast<float>(centre_x), 0.0f), 0.0f);
  b2FixtureDef fixture;
  fixture.shape = &box;
  fixture.density = 1.0f;
  fixture.friction = static_cast<float>(b.body_friction);
  fixture.restitution = static_cast<float>(b.restitution);
  body_->CreateFixture(&fixture);

  // Mass and yaw inertia from the data: box approximation times a correction factor.
  b2MassData mass;
  mass.mass = static_cast<float>(b.mass);
  mass.center = b2Vec2(0.0f, 0.0f);
  mass.I = static_cast<float>(b.inertia_factor * b.mass * (square(b.length) + square(b.width)) / 12.0);
  body_->SetMassData(&mass);
  place(pos, heading, 0.0);
}

void Car::place(Vec2 pos, double heading, double speed) {
  body_->SetTransform(to_b2(pos), static_cast<float>(heading));
  const Vec2 v = from_angle(heading) * speed;
  body_->SetLinearVelocity(to_b2(v));
  body_->SetAngularVelocity(0.0f);
  velocity_before_ = from_b2(body_->GetLinearVelocity());
  accel_local_ = {};
  for (int i = 0; i < kWheelCount; ++i) wheels_[i] = WheelState{.omega = speed / spec_.wheel_tyre(i).radius};
  suspension_.settle();
  for (int i = 0; i < kWheelCount; ++i) wheels_[i].load = suspension_.loads()[i];
  tcs_factor_ = 1.0;
  compliance_steer_ = steer_moment_ = steer_slope_ = applied_steer_ = 0.0;
  controls_ = {};
  drivetrain_.set_gear(1);
}

// ---------------------------------------------------------------- 2. step phases

void Car::read_controls(const Controls& c, double /*dt*/) {
  controls_ = sanitized(c);
  apply_switches();
  update_steering();
}

void Car::apply_switches() {
  if (controls_.abs != SwitchCommand::Keep) spec_.assists.abs = controls_.abs == SwitchCommand::On;
  if (controls_.tcs != SwitchCommand::Keep) spec_.assists.tcs = controls_.tcs == SwitchCommand::On;
  if (controls_.automatic != SwitchCommand::Keep) drivetrain_.set_automatic(controls_.automatic == SwitchCommand::On);
}

void Car::update_steering() {
  steer_front_wheels();
  steer_rear_wheels();
}

void Car::steer_rear_wheels() {
  // Lateral-force compliance: each rear wheel toes towards its own lateral force of the
  // last step (the bushes give), so the axle answers a slip angle more stiffly.
  const double compliance = spec_.suspension.rear_compliance_steer;
  if (compliance <= 0.0) return;
  for (int i : {kRearLeft, kRearRight})
    wheels_[i].steer = std::clamp(compliance * wheels_[i].fy, -kMaxRearComplianceSteer, kMaxRearComplianceSteer);
}

void Car::steer_front_wheels() {
  // Ackermann geometry: the inner front wheel turns more, both aim at one turn centre.
  double steer = controls_.steer;
  if (damage_effects_.steer_offset != 0.0) steer = std::clamp(steer + damage_effects_.steer_offset, -1.0, 1.0);  // damage
  const double max_angle = spec_.steering.max_angle;
  const double delta = std::clamp(steer * max_angle - steer_compliance(steer * max_angle), -max_angle, max_angle);
  applied_steer_ = delta;
  if (std::abs(delta) < 1e-9) {
    wheels_[kFrontLeft].steer = wheels_[kFrontRight].steer = 0.0;
    return;
  }
  const double wheelbase = spec_.body.wheelbase, half_track = spec_.body.track_width / 2.0;
  const double radius = wheelbase / std::tan(delta);  // signed: + = turning left
  wheels_[kFrontLeft].steer = std::atan(wheelbase / (radius - half_track));
  wheels_[kFrontRight].steer = std::atan(wheelbase / (radius + half_track));
}

// The angle the steering gives back to the front tyres' moment about its axes, rad, for a
// commanded road-wheel angle `commanded` (rad): c K = M(commanded - c), with the moment
// linear about the last step's (M + S (angle - last angle)), solved for c; so a soft
// steering cannot chatter at any step rate.
double Car::steer_compliance(double commanded) {
  const double k = spec_.steering.stiffness;
  if (k <= 0.0) return 0.0;
  compliance_steer_ = (steer_moment_ + steer_slope_ * (commanded - applied_steer_)) / (k + steer_slope_);
  return compliance_steer_;
}

void Car::add_steering_moment(const WheelState& w, double trail, double lag) {
  const double lever = spec_.steering.caster_trail + trail;
  steer_moment_ += lever * w.fy;
  // The force's secant slope in slip angle bounds its local slope (a concave curve); within
  // one step the tyre passes on `lag` of a change of angle.
  if (std::abs(w.tyre_slip_angle) > 1e-9) steer_slope_ += lever * lag * std::abs(w.fy / w.tyre_slip_angle);
}

void Car::step_drivetrain(double dt) {
  double omega_sum = 0.0;
  int driven = 0;
  for (int i = 0; i < kWheelCount; ++i)
    if (is_driven(i)) {
      omega_sum += wheels_[i].omega * drive_scale_[i];
      ++driven;
    }
  const double throttle = controls_.throttle;
  drive_torque_ = drivetrain_.step(controls_, throttle, omega_sum / driven, forward_speed(), dt,
                                   shift_omega(omega_sum / driven));
  if (drive_torque_ > 0.0) drive_torque_ *= damage_effects_.torque_factor;  // damage: lost power (1 = none)
  update_engine_inertia(driven);
  split_drive_torque(drive_torque_ * omega_sum >= 0.0, dt);
}

void Car::update_engine_inertia(int driven) {
  // The engine and flywheel turn with the driven wheels through the gearing while the
  // clutch holds: each of the n driven wheels carries I G^2 / n of it (G = overall ratio,
  // the clutch's engagement squared as for the torque). A slipping launch clutch holds the
  // engine at the launch rpm: it does not turn with the wheels, so they do not carry it.
  const double flywheel = spec_.engine.flywheel_inertia;
  if (flywheel <= 0.0) return;
  const DrivetrainState& d = drivetrain_.state();
  const double held = d.launch_slipping ? 0.0 : 1.0;
  const double reflected = flywheel * square(drivetrain_.overall_ratio(d.gear) * d.engagement) * held / driven;
  for (int i = 0; i < kWheelCount; ++i) extra_inertia_[i] = is_driven(i) ? reflected * square(drive_scale_[i]) : 0.0;
}

double Car::wheel_inertia(int i) const { return spec_.wheel_tyre(i).wheel_inertia + extra_inertia_[i]; }

namespace {

/// Torque a locking differential moves from output a to output b (N·m; negative = from b to
/// a), outputs spinning at omega_a, omega_b (rad/s) with moments of inertia inertia_a,
/// inertia_b (kg·m^2): what brings them to one speed in one step of dt, at most half the
/// locking torque `lock` (the outputs' torques then differ by at most `lock`).
double locked_transfer(double lock, double omega_a, double omega_b, double inertia_a, double inertia_b, double dt) {
  if (lock <= 0.0) return 0.0;
  const double equalise = (omega_a - omega_b) / (dt * (1.0 / inertia_a + 1.0 / inertia_b));
  return std::clamp(equalise, -0.5 * lock, 0.5 * lock);
}

}  // namespace

void Car::split_drive_torque(bool power, double dt) {
  const DriveSpec& d = spec_.drive;
  double axle[2] = {drive_torque_ * axle_share(kFrontLeft), drive_torque_ * axle_share(kRearLeft)};
  if (d.layout == DriveLayout::AWD && d.centre_diff.type != DiffType::Open) {
    // In front-wheel terms (drive_scale_): the rear axle's mean spin and inertia.
    const double s = drive_scale_[kRearLeft];
    const double omega_f = 0.5 * (wheels_[kFrontLeft].omega + wheels_[kFrontRight].omega);
    const double omega_r = 0.5 * (wheels_[kRearLeft].omega + wheels_[kRearRight].omega) * s;
    const double inertia_f = wheel_inertia(kFrontLeft) + wheel_inertia(kFrontRight);
    const double inertia_r = (wheel_inertia(kRearLeft) + wheel_inertia(kRearRight)) / square(s);
    const double x = locked_transfer(d.centre_diff.locking_torque(drive_torque_, power), omega_f, omega_r, inertia_f,
                                     inertia_r, dt);
    axle[0] -= x;
    axle[1] += x;
  }
  const DiffSpec* diffs[2] = {&d.front_diff, &d.rear_diff};
  for (int a = 0; a < 2; ++a) {
    const int left = 2 * a, right = left + 1;
    // Open differentials: each driven wheel of an axle gets the same torque.
    double torque_left = axle[a] / 2.0, torque_right = axle[a] / 2.0;
    if (diffs[a]->type != DiffType::Open && is_driven(left)) {
      const double x = locked_transfer(diffs[a]->locking_torque(axle[a], power), wheels_[left].omega,
                                       wheels_[right].omega, wheel_inertia(left), wheel_inertia(right), dt);
      torque_left -= x;
      torque_right += x;
    }
    wheels_[left].drive_torque = is_driven(left) ? torque_left * drive_scale_[left] : 0.0;
    wheels_[right].drive_torque = is_driven(right) ? torque_right * drive_scale_[right] : 0.0;
  }
}

double Car::shift_omega(double wheel_omega) {
  // A gearbox controller compares the driven wheels with the road speed (the undriven
  // wheels): spin beyond the tyre's peak slip is wheelspin, not speed, and is not counted.
  const double v = forward_speed();
  double kappa = 0.0;
  int driven = 0;
  for (int i = 0; i < kWheelCount; ++i)
    if (is_driven(i)) {
      kappa += wheels_[i].load >= 1.0 ? tyre_load(i).peak_kappa : wheel_tyre(i).peak_slip_ratio(wheels_[i].load);
      ++driven;
    }
  const double allowed = kShiftSlipShare * kappa / driven * std::max(std::abs(v), kMinSlipSpeed);
  return std::clamp(wheel_omega, (v - allowed) / spec_.tyre.radius, (v + allowed) / spec_.tyre.radius);
}

void Car::step_wheels(const SurfaceMap& ground, double dt) {
  velocity_before_ = velocity();
  const std::array<Vec2, kWheelCount> points = wheel_positions();  // the forces move nothing before the step
  tcs_factor_ = 1.0;
  steer_moment_ = steer_slope_ = 0.0;
  for (int i = 0; i < kWheelCount; ++i) {
    const double asked = wheels_[i].drive_torque;
    step_wheel(i, points[static_cast<std::size_t>(i)], ground, dt);
    if (asked != 0.0) tcs_factor_ = std::min(tcs_factor_, wheels_[i].drive_torque / asked);  // traction control's cut
  }
  apply_aero();
}

void Car::step_suspension(double dt) {
  // The body's acceleration over the Box2D step, in the body frame, drives pitch and roll.
  Vec2 a = (velocity() - velocity_before_) / dt;
  const double magnitude = length(a);
  if (magnitude > kMaxBodyAccel) a *= kMaxBodyAccel / magnitude;
  accel_local_ = rotate(a, -heading());
  std::array<double, kWheelCount> road{};
  for (int i = 0; i < kWheelCount; ++i) road[i] = wheels_[i].road_height;
  suspension_.step(accel_local_.x, accel_local_.y, road, dt, downforce_);
  for (int i = 0; i < kWheelCount; ++i) wheels_[i].load = suspension_.loads()[i];
}

// ---------------------------------------------------------------- 3. one wheel

namespace {

// One wheel's longitudinal problem over a step: the tyre force F sets both the wheel's new
// spin and the contact's new speed, and those set the slip that gives F. Solved implicitly
// (backward Euler) for F, so stiff tyres stay stable at any step rate and at walking pace.
struct LongitudinalProblem {
  const Tyre* tyre;
  const TyreLoad* load;
  double omega;       // rad/s, spin at the start of the step
  double vx;          // m/s, contact speed along the wheel
  double v_den;       // m/s, slip denominator
  double alpha;       // rad, slip angle (for combined slip)
  double grip;        // surface grip factor
  double drive;       // N·m from the drivetrain
  double resist;      // N·m of brakes and rolling resistance: opposes spin, never reverses it
  double mass_share;  // kg of car this contact moves
  double radius, inertia, dt;

  double omega_after(double f) const {
    const double free = omega + dt * (drive - radius * f) / inertia;
    const double drop = dt * resist / inertia;
    return std::abs(free) <= drop ? 0.0 : free - sign(free) * drop;
  }
  double slip_after(double f) const { return (omega_after(f) * radius - (vx + dt * f / mass_share)) / v_den; }
  /// F minus the tyre's force at the slip F leads to: increasing in F, zero at the answer.
  double residual(double f) const { return f - tyre->combined_fx(*load, slip_after(f), alpha, grip); }
};

/// A bracket [lo, hi] of the residual's root: r_lo < 0 < r_hi.
struct Bracket {
  double lo, r_lo, hi, r_hi;
};

/// Grows a bracket from (f, r) away from the root's side, widening by 4x from `step` until
/// the residual changes sign or the bound is reached (the residual is increasing in F).
Bracket grow_bracket(const LongitudinalProblem& p, double f, double r, double step, double bound) {
  Bracket b{f, r, f, r};
  if (r > 0.0) {
    while (b.r_lo > 0.0 && b.lo > -bound) {
      b.hi = b.lo;
      b.r_hi = b.r_lo;
      b.lo = std::max(-bound, b.lo - step);
      b.r_lo = p.residual(b.lo);
      step *= 4.0;
    }
  } else {
    while (b.r_hi < 0.0 && b.hi < bound) {
      b.lo = b.hi;
      b.r_lo = b.r_hi;
      b.hi = std::min(bound, b.hi + step);
      b.r_hi = p.residual(b.hi);
      step *= 4.0;
    }
  }
  return b;
}

/// Illinois (false position) inside a bracket.
double refine_illinois(const LongitudinalProblem& p, Bracket b, double tolerance) {
  double f = 0.5 * (b.lo + b.hi);
  int side = 0;
  for (int i = 0; i < 60 && b.hi - b.lo > tolerance; ++i) {
    f = (b.r_hi - b.r_lo) != 0.0 ? b.hi - b.r_hi * (b.hi - b.lo) / (b.r_hi - b.r_lo) : 0.5 * (b.lo + b.hi);
    const double r = p.residual(f);
    if (std::abs(r) < tolerance) break;
    if (r > 0.0) {
      b.hi = f;
      b.r_hi = r;
      if (side == 1) b.r_lo *= 0.5;
      side = 1;
    } else {
      b.lo = f;
      b.r_lo = r;
      if (side == -1) b.r_hi *= 0.5;
      side = -1;
    }
  }
  return f;
}

/// The residual's root within [-D, D], to 1e-4 D. From a guess (the last two steps' trend),
/// one Newton step on the residual's slope as the last solve measured it (`slope`, at least
/// 1, updated here to the secant through the first two points): the tyre's stiffness
/// changes little from one step to the next, so that step usually lands within tolerance.
/// Otherwise those two points, or a bracket grown from the second, go to Illinois. About two
/// residuals a solve, where growing a bracket from the guess every time took almost three.
double solve_longitudinal(const LongitudinalProblem& p, double guess, double& slope) {
  const double bound = p.load->peak_fx * p.grip + 1.0;
  const double tolerance = 1e-4 * bound;
  const double f0 = std::clamp(guess, -bound, bound);
  const double r0 = p.residual(f0);
  if (std::abs(r0) < tolerance) return f0;
  const double f1 = std::clamp(f0 - r0 / slope, -bound, bound);
  const double r1 = p.residual(f1);
  if (f1 != f0) slope = std::max(1.0, (r1 - r0) / (f1 - f0));
  if (std::abs(r1) < tolerance) return f1;
  if ((r0 > 0.0) != (r1 > 0.0)) {
    const Bracket b = r1 > 0.0 ? Bracket{f0, r0, f1, r1} : Bracket{f1, r1, f0, r0};
    return refine_illinois(p, b, tolerance);
  }
  // The slope was too steep: grow a bracket from the second point. Below the tyre's peak the
  // residual's slope is at least 1 (F minus a force falling as F grows), so a first step of
  // |r| and a little already brackets the root there.
  const double step = std::min(1.05 * std::abs(r1) + tolerance, 0.02 * bound);
  return refine_illinois(p, grow_bracket(p, f1, r1, step, bound), tolerance);
}

/// Traction control: when the drive torque would spin the wheel past the target slip (the
/// tyre's peak, less while it also corners), the drive torque that lands the wheel on the
/// target this step (deadbeat, as ABS trims the brake: no controller gain, so no step-size
/// dependence). Only ever cuts the torque, in the direction the engine drives; an engine-
/// braking lock is not wheelspin. Updates p.drive; returns the new force.
double traction_control(LongitudinalProblem& p, double fx, double& slope) {
  const double s = sign(p.drive);
  if (p.drive == 0.0 || p.drive * p.vx < 0.0) return fx;
  const double lateral_share = std::min(1.0, square(p.alpha / p.load->peak_alpha));
  const double target =
      s * kTcsSlipShare * p.load->peak_kappa * std::sqrt(std::max(kAbsMinShare, 1.0 - lateral_share));
  if (s * p.slip_after(fx) <= s * target) return fx;
  const double f_target = p.tyre->combined_fx(*p.load, target, p.alpha, p.grip);
  const double omega_target = (p.vx + p.dt * f_target / p.mass_share + target * p.v_den) / p.radius;
  const double needed = p.inertia * (omega_target - p.omega) / p.dt + p.radius * f_target + s * p.resist;
  p.drive = s * std::clamp(s * needed, 0.0, s * p.drive);
  return solve_longitudinal(p, f_target, slope);
}

}  // namespace

// What one wheel finds this step: the ground under it and how the contact moves.
struct Car::WheelContact {
  Vec2 point;           // world, m
  Vec2 forward, side;   // wheel axes (side = left)
  Vec2 velocity;        // of the contact point, m/s
  double vx = 0.0, vy = 0.0;  // along the wheel's axes, m/s
  double grip = 1.0, rolling_resistance = 0.0;
  double alpha = 0.0;         // rad, the contact's slip angle
  double tyre_alpha = 0.0;    // rad, what the tyre's curve sees: alpha (rear: times rear_cornering_factor), lagged by the relaxation
  double lag = 1.0;           // the share of a change of slip angle the tyre passes on within this step
  int index = 0;              // which wheel
};

Car::WheelContact Car::sense_contact(int i, Vec2 point, const SurfaceMap& ground, double dt) {
  WheelState& w = wheels_[i];
  WheelContact c;
  c.index = i;
  c.point = point;
  w.surface = ground.surface_at(c.point);
  const SurfaceProps& surface = surface_props(w.surface);
  w.road_height = surface.roughness *
                  value_noise(c.point.x / surface.bump_wavelength, c.point.y / surface.bump_wavelength);
  c.grip = surface.grip * damage_effects_.grip_factor[static_cast<std::size_t>(i)];  // damage: worn tyre (1 = none)
  c.rolling_resistance = surface.rolling_resistance;
  const double body = heading(), angle = body + w.steer;
  // An unsteered wheel (no Ackermann angle: the rear ones) points along the body, bit for bit.
  c.forward = std::bit_cast<std::uint64_t>(angle) == std::bit_cast<std::uint64_t>(body) ? body_axes() : from_angle(angle);
  c.side = perp(c.forward);
  c.velocity = from_b2(body_->GetLinearVelocityFromWorldPoint(to_b2(c.point)));
  c.vx = dot(c.velocity, c.forward);
  c.vy = dot(c.velocity, c.side);
  c.alpha = std::atan2(c.vy, std::max(std::abs(c.vx), kMinSlipSpeed));
  c.tyre_alpha = c.alpha * (i < 2 ? 1.0 : spec_.tyre.rear_cornering_factor);
  // The tyre's side deflection builds up over its relaxation length of rolling: a
  // first-order lag in distance, integrated exactly over the step.
  const double relaxation = spec_.wheel_tyre(i).relaxation_length;
  if (relaxation > 0.0) {
    c.lag = 1.0 - std::exp(-std::max(length(c.velocity), kMinSlipSpeed) * dt / relaxation);
    c.tyre_alpha = w.tyre_slip_angle + c.lag * (c.tyre_alpha - w.tyre_slip_angle);
  }
  w.tyre_slip_angle = c.tyre_alpha;
  return c;
}

double Car::brake_torque(int i) const {
  const bool front = i < 2;
  const double share = front ? spec_.brakes.front_bias : 1.0 - spec_.brakes.front_bias;
  double torque = controls_.brake * spec_.brakes.max_torque * share / 2.0;
  if (!front && controls_.handbrake) torque += spec_.brakes.handbrake_torque;
  return torque;
}

void Car::step_wheel(int i, Vec2 point, const SurfaceMap& ground, double dt) {
  WheelState& w = wheels_[i];
  const WheelContact c = sense_contact(i, point, ground, dt);
  const double brake = brake_torque(i);
  // Rolling resistance is a moment at the wheel, like a light brake; it may grow with speed.
  const TyreSpec& tyre = spec_.wheel_tyre(i);
  double crr = c.rolling_resistance;
  if (tyre.rolling_resistance_doubling_speed > 0.0) crr *= 1.0 + square(c.vx / tyre.rolling_resistance_doubling_speed);
  const double resist = brake + crr * w.load * tyre.radius;
  if (w.load <= 0.0) {
    spin_in_air(w, wheel_inertia(i), resist, dt);
  } else {
    const TyreLoad& load = tyre_load(i);
    const double fx = longitudinal_force(w, c, load, brake, resist, dt);
    const double fy = lateral_force(w, c, load, dt);
    // The lateral force acts the pneumatic trail behind the patch's centre: the aligning torque.
    const double trail = pneumatic_trail(tyre, c.tyre_alpha, load.peak_alpha);
    const Vec2 at = trail > 0.0 ? c.point - c.forward * trail : c.point;
    body_->ApplyForce(to_b2(c.forward * fx + c.side * fy), to_b2(at), true);
    if (i < 2) add_steering_moment(w, trail, c.lag);
  }
  w.spin_angle = fmod_within(w.spin_angle + w.omega * dt, 2.0 * kPi);
}

const TyreLoad& Car::tyre_load(int i) {
  TyreLoad& t = tyre_loads_[static_cast<std::size_t>(i)];
  const double fz = wheels_[static_cast<std::size_t>(i)].load;
  if (t.fz != fz) t = wheel_tyre(i).at_load(fz);  // the TCS check and the wheel step share one
  return t;
}

void Car::spin_in_air(WheelState& w, double inertia, double resist, double dt) const {
  const double free = w.omega + dt * w.drive_torque / inertia;
  const double drop = dt * resist / inertia;
  w.omega = std::abs(free) <= drop ? 0.0 : free - sign(free) * drop;
  w.fx = w.fx_before = w.fy = w.slip_ratio = w.slip_angle = w.tyre_slip_angle = 0.0;
  w.brake_torque = resist;
  w.abs_pressure = 1.0;
  w.locked = false;
}

// Longitudinal: the implicit wheel-and-contact solve, with ABS trimming the brake. Updates
// the wheel's spin, slip ratio and brake state; returns the force along the wheel, N.
double Car::longitudinal_force(WheelState& w, const WheelContact& c, const TyreLoad& load, double brake,
                               double resist, double dt) const {
  const Tyre& tyre = wheel_tyre(c.index);
  const double radius = spec_.wheel_tyre(c.index).radius, inertia = wheel_inertia(c.index);
  const double v_den = std::max(std::abs(c.vx), kMinSlipSpeed);
  const double tyre_alpha = c.tyre_alpha;  // what the tyre's curve sees
  const double mass_share = load.fz / kGravity;  // this wheel's share of the car, kg
  LongitudinalProblem lp{&tyre, &load, w.omega, c.vx, v_den, tyre_alpha, c.grip, w.drive_torque,
                         resist, mass_share, radius, inertia, dt};
  // From the force the last two steps' trend leads to.
  double fx = solve_longitudinal(lp, 2.0 * w.fx - w.fx_before, w.solve_slope);
  w.fx_before = w.fx;
  const bool launch_control = spec_.gearbox.launch_control && drivetrain_.automatic() && drivetrain_.state().gear == 1;
  if (spec_.assists.tcs || launch_control) {
    fx = traction_control(lp, fx, w.solve_slope);
    w.drive_torque = lp.drive;
  }
  w.abs_pressure = 1.0;
  if (spec_.assists.abs && brake > 0.0 && c.vx > kAbsMinSpeed) {
    // Hold the wheel inside the combined-slip peak: the more it slides sideways, the less
    // braking slip it may take before the tyre lets go of both.
    const double lateral_share = std::min(1.0, square(tyre_alpha / load.peak_alpha));
    const double target = -kAbsSlipShare * load.peak_kappa * std::sqrt(std::max(kAbsMinShare, 1.0 - lateral_share));
    if (lp.slip_after(fx) < target) {
      // Deadbeat: the brake torque that lands the wheel on the target slip this step.
      const double f_target = tyre.combined_fx(load, target, tyre_alpha, c.grip);
      const double omega_target = (c.vx + dt * f_target / mass_share + target * v_den) / radius;
      const double t_net = inertia * (omega_target - w.omega) / dt + radius * f_target;
      const double rolling = resist - brake;
      const double trimmed = std::clamp(w.drive_torque - t_net - rolling, 0.0, brake);
      lp.resist = trimmed + rolling;
      fx = solve_longitudinal(lp, f_target, w.solve_slope);
      w.abs_pressure = trimmed / brake;
    }
  }
  w.omega = lp.omega_after(fx);
  w.brake_torque = brake * w.abs_pressure;
  w.locked = w.omega == 0.0 && std::abs(c.vx) > kMinSlipSpeed;
  w.slip_ratio = lp.slip_after(fx);
  w.slip_angle = c.alpha;
  w.fx = fx;
  return fx;
}

// Lateral: the combined force at the new slip ratio, made implicit in vy by its slope
// and never more than what stops the sideways slide in one step; blended at walking pace
// with seed 003's static friction so a parked car does not creep. Returns N to the left.
double Car::lateral_force(WheelState& w, const WheelContact& c, const TyreLoad& load, double dt) const {
  const double mass_share = load.fz / kGravity;
  const double fy0 = wheel_tyre(c.index).combined(load, w.slip_ratio, c.tyre_alpha, c.grip).fy;
  // The secant slope through the origin bounds the local slope of a concave curve.
  const double slope = std::abs(c.vy) > 1e-9 ? std::abs(fy0 / c.vy) : 0.0;
  const double stop_force = std::abs(c.vy) * mass_share / dt;
  const double dynamic = std::clamp(fy0 / (1.0 + slope * dt / mass_share), -stop_force, stop_force);
  const double coulomb = load.peak_fy * c.grip;
  const double stiction = std::clamp(-c.vy * mass_share / dt * spec_.tyre.static_friction, -coulomb, coulomb);
  w.fy = lerp(stiction, dynamic, clamp01(length(c.velocity) / spec_.tyre.dynamic_speed));
  return w.fy;
}

// ---------------------------------------------------------------- 4. assists and aero

void Car::apply_aero() {
  const Vec2 v = velocity();
  const double k = 0.5 * kAirDensity * spec_.body.drag_coefficient * spec_.body.frontal_area;
  body_->ApplyForceToCenter(to_b2(v * (-k * length(v))), true);
  // Lift or downforce on each axle: q = 1/2 rho v^2 times -C_L A; the suspension carries it.
  const double q = 0.5 * kAirDensity * dot(v, v);
  downforce_ = {q * spec_.body.front_downforce_area, q * spec_.body.rear_downforce_area};
}

bool Car::is_driven(int i) const {
  switch (spec_.drive.layout) {
    case DriveLayout::FWD: return i < 2;
    case DriveLayout::RWD: return i >= 2;
    case DriveLayout::AWD: return true;
  }
  return false;
}

double Car::axle_share(int i) const {
  if (spec_.drive.layout != DriveLayout::AWD) return 1.0;
  return i < 2 ? spec_.drive.awd_front_share : 1.0 - spec_.drive.awd_front_share;
}

// ---------------------------------------------------------------- 5. state access

Vec2 Car::position() const { return from_b2(body_->GetPosition()); }
double Car::heading() const { return body_->GetAngle(); }
Vec2 Car::velocity() const { return from_b2(body_->GetLinearVelocity()); }
double Car::yaw_rate() const { return body_->GetAngularVelocity(); }
double Car::forward_speed() const { return dot(velocity(), body_axes()); }
double Car::speed() const { return length(velocity()); }

// rotate(local, heading()) with the heading's cosine and sine given: the same numbers.
Vec2 Car::corner_at(int i, Vec2 position, Vec2 axes) const {
  return position + rotate(Vec2{suspension_.corner_x(i), suspension_.corner_y(i)}, axes);
}

Vec2 Car::wheel_position(int i) const { return corner_at(i, position(), body_axes()); }

Vec2 Car::body_axes() const {
  const double h = heading();
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(h);
  if (!axes_known_ || bits != axes_heading_) {
    axes_known_ = true;
    axes_heading_ = bits;
    axes_ = from_angle(h);
  }
  return axes_;
}

std::array<Vec2, kWheelCount> Car::wheel_positions() const {
  const Vec2 p = position(), axes = body_axes();
  std::array<Vec2, kWheelCount> out;
  for (int i = 0; i < kWheelCount; ++i) out[static_cast<std::size_t>(i)] = corner_at(i, p, axes);
  return out;
}

double Car::mu_peak() const { return tyres_[0].mu_peak(spec_.body.mass * kGravity / 4.0); }

void Car::hash_into(Hash64& h) const {
  const b2Vec2 p = body_->GetPosition(), v = body_->GetLinearVelocity();
  h.add(p.x);
  h.add(p.y);
  h.add(body_->GetAngle());
  h.add(v.x);
  h.add(v.y);
  h.add(body_->GetAngularVelocity());
  for (const WheelState& w : wheels_) {
    h.add(w.omega);
    h.add(w.steer);
    h.add(w.load);
    h.add(w.abs_pressure);
    // The lagged slip angle is state of its own only with a relaxation length (without one
    // it is the contact's, already hashed through the body's motion).
    if (spec_.tyre.relaxation_length > 0.0 || (spec_.rear_tyre && spec_.rear_tyre->relaxation_length > 0.0))
      h.add(w.tyre_slip_angle);
  }
  if (spec_.steering.stiffness > 0.0) h.add(compliance_steer_);  // 0 with a rigid steering
  const SuspensionState& s = suspension_.state();
  for (double x : {s.heave, s.pitch, s.roll, s.heave_rate, s.pitch_rate, s.roll_rate}) h.add(x);
  const DrivetrainState& d = drivetrain_.state();
  h.add(d.gear);
  h.add(d.clutch);
  h.add(d.rpm);
  h.add(d.since_shift);
  h.add(drivetrain_.automatic());
  h.add(spec_.assists.abs);
  h.add(spec_.assists.tcs);
  h.add(tcs_factor_);
  h.add(velocity_before_.x);
  h.add(velocity_before_.y);
}

}  // namespace racer
