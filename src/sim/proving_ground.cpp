// Proving-ground manoeuvres. Sections: 1. helpers  2. rest  3. accel  4. brake
// 5. skidpad  6. yaw  7. brake load transfer
#include "sim/proving_ground.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "sim/world.h"

namespace racer {
namespace {

// ---------------------------------------------------------------- 1. helpers

const UniformSurface& asphalt() {
  static const UniformSurface ground(Surface::Asphalt);
  return ground;
}

void step(World& world, const Controls& c) { world.step(std::span<const Controls>(&c, 1)); }

double driven_omega(const Car& car) {
  double sum = 0.0;
  int n = 0;
  for (int i = 0; i < kWheelCount; ++i) {
    const bool front = i < 2;
    const DriveLayout l = car.spec().drive.layout;
    if (l == DriveLayout::AWD || (l == DriveLayout::FWD) == front) {
      sum += car.wheel(i).omega;
      ++n;
    }
  }
  return sum / n;
}

/// Throttle/brake from a speed error: a proportional controller with a feed-forward bias.
Controls hold_speed(const Car& car, double target_mps, double bias) {
  Controls c;
  const double error = target_mps - car.forward_speed();
  const double u = bias + 0.5 * error;
  c.throttle = clamp01(u);
  c.brake = clamp01(-u - 0.1);
  return c;
}

double mean_front_steer(const Car& car) {
  return 0.5 * (car.wheel(kFrontLeft).steer + car.wheel(kFrontRight).steer);
}

// A car at rest on the asphalt proving ground, in first gear of the automatic box.
void launch_set_up(World& world, const CarSpec& spec) {
  world.add_car(spec, {0.0, 0.0}, 0.0);
  world.car(0).drivetrain().set_automatic(true);
  world.car(0).drivetrain().set_gear(1);
}

}  // namespace

std::vector<double> measured_drive_force(const CarSpec& spec, double mass, double drag_k, double rate_hz,
                                         double force_step) {
  World world(asphalt(), {rate_hz});
  launch_set_up(world, spec);
  Car& car = world.car(0);
  Controls c;
  c.throttle = 1.0;
  const double crr = surface_props(Surface::Asphalt).rolling_resistance;
  std::vector<double> force;
  double bin_start = 0.0;  // s when the car first reached the current bin's lower speed
  while (world.time() < 120.0) {
    step(world, c);
    const double v = car.forward_speed();
    const double next = force_step * static_cast<double>(force.size() + 1);
    if (v >= next) {
      const double dt = world.time() - bin_start;
      const double mid = next - 0.5 * force_step;
      force.push_back(mass * force_step / dt + drag_k * mid * mid + crr * mass * kGravity);
      bin_start = world.time();
    } else if (world.time() - bin_start > 10.0) {
      break;  // no longer gaining: top speed
    }
  }
  if (!force.empty()) force.front() = std::max(force.front(), force.size() > 1 ? force[1] : 0.0);  // launch
  force.push_back(0.0);
  return force;
}

// ---------------------------------------------------------------- 2. rest

RestResult run_rest(const CarSpec& spec, double rate_hz) {
  World world(asphalt(), {rate_hz});
  const Vec2 start{10.0, -5.0};
  const double heading = 0.3;
  world.add_car(spec, start, heading);
  Car& car = world.car(0);
  car.drivetrain().set_gear(0);
  RestResult r;
  const int steps = static_cast<int>(std::lround(10.0 * rate_hz));
  for (int i = 0; i < steps; ++i) {
    step(world, Controls{});
    r.max_speed_mps = std::max(r.max_speed_mps, car.speed());
  }
  r.drift_m = length(car.position() - start);
  r.yaw_deg = rad_to_deg(std::abs(wrap_angle(car.heading() - heading)));
  for (int i = 0; i < kWheelCount; ++i) r.load_sum_n += car.wheel(i).load;
  r.front_axle_n = car.wheel(kFrontLeft).load + car.wheel(kFrontRight).load;
  return r;
}

// ---------------------------------------------------------------- 3. accel

AccelResult run_accel(const CarSpec& spec, double rate_hz, double max_time_s) {
  World world(asphalt(), {rate_hz});
  launch_set_up(world, spec);
  Car& car = world.car(0);
  Controls c;
  c.throttle = 1.0;
  AccelResult r;
  double rpm_prev = car.drivetrain().state().rpm, omega_prev = 0.0;
  bool waiting_clutch = false;
  // Speed once a second: the top speed is settled when the last window's gain is tiny.
  std::vector<double> per_second{0.0};
  const long steps_per_second = std::lround(rate_hz);
  long steps = 0;
  double kmh_before = 0.0, x_before = 0.0;
  // The time a figure crossed `mark` within the last step (linear between its two ends), so
  // the times do not move by a step's length with the step rate.
  const auto crossing = [&](std::optional<double>& t, double before, double now, double mark) {
    if (!t && now >= mark) t = world.time() - world.dt() * (now - mark) / (now - before);
  };
  while (world.time() < max_time_s) {
    step(world, c);
    ++steps;
    const DrivetrainState& d = car.drivetrain().state();
    const double kmh = mps_to_kmh(car.forward_speed()), x = car.position().x;
    crossing(r.t_0_60mph_s, kmh_before, kmh, k60MphKmh);
    crossing(r.t_0_100_s, kmh_before, kmh, 100.0);
    crossing(r.t_0_200_s, kmh_before, kmh, 200.0);
    if (!r.quarter_mile_s && x >= kQuarterMileM) r.quarter_mile_trap_kmh = lerp(kmh_before, kmh, (kQuarterMileM - x_before) / (x - x_before));
    crossing(r.quarter_mile_s, x_before, x, kQuarterMileM);
    kmh_before = kmh;
    x_before = x;
    if (d.shifted_this_step) {
      r.shifts.push_back(
          {world.time(), d.last_shift_from, d.last_shift_to, rpm_prev, 0.0, omega_prev, 0.0, car.forward_speed()});
      waiting_clutch = true;
    } else if (waiting_clutch && d.engagement >= 1.0) {
      r.shifts.back().rpm_after = d.rpm;
      r.shifts.back().wheel_omega_after = driven_omega(car);
      waiting_clutch = false;
    }
    rpm_prev = d.rpm;
    omega_prev = driven_omega(car);
    r.top_speed_kmh = std::max(r.top_speed_kmh, kmh);
    if (steps % steps_per_second != 0) continue;
    per_second.push_back(car.forward_speed());
    const auto window = static_cast<std::size_t>(kSettleWindowS);
    if (per_second.size() > window &&
        per_second.back() - per_second[per_second.size() - 1 - window] < kSettledAccel * kSettleWindowS)
      break;  // no longer gaining: settled at the top speed
  }
  return r;
}

// ---------------------------------------------------------------- 4. brake

BrakeResult run_brake(const CarSpec& spec_in, double rate_hz, bool abs, double from_kmh) {
  CarSpec spec = spec_in;
  spec.assists.abs = abs;
  World world(asphalt(), {rate_hz});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& car = world.car(0);
  const double v0 = kmh_to_mps(from_kmh);
  car.place({0.0, 0.0}, 0.0, v0);
  car.drivetrain().set_gear(0);  // clutch out: brakes alone, as a braking test is run
  Controls c;
  c.brake = 1.0;
  while (car.forward_speed() > 0.01 && world.time() < 60.0) step(world, c);
  BrakeResult r;
  r.distance_m = car.position().x;
  r.time_s = world.time();
  r.mean_decel_mps2 = v0 / r.time_s;
  return r;
}

// ---------------------------------------------------------------- 5. skidpad

SkidpadResult run_skidpad(const CarSpec& spec, double rate_hz, double radius_m) {
  World world(asphalt(), {rate_hz});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& car = world.car(0);
  const Vec2 centre{0.0, radius_m};  // counter-clockwise circle through the origin
  double target = std::min(8.0, std::sqrt(0.3 * kGravity * radius_m));
  car.place({0.0, 0.0}, 0.0, target);
  const double ramp = 0.08;  // m/s per s: slow enough to count as steady state
  const double window_s = 2.0;
  const int window = static_cast<int>(window_s * rate_hz);
  std::vector<double> ay_history, v_history;
  SkidpadResult best;
  double lost_for = 0.0;
  double steer_integral = 0.0;
  while (world.time() < 400.0) {
    const Vec2 rel = car.position() - centre;
    const double r = length(rel);
    const double error = r - radius_m;  // + = outside the circle
    // Pure pursuit on the circle plus an integral on the radial error (steady tracking).
    const double lookahead = std::max(6.0, 0.7 * car.speed());
    const double angle = std::atan2(rel.y, rel.x) + lookahead / radius_m;
    const Vec2 aim = centre + Vec2{std::cos(angle), std::sin(angle)} * radius_m;
    const Vec2 to_aim = rotate(aim - car.position(), -car.heading());
    steer_integral += error * world.dt() * 0.02;
    steer_integral = std::clamp(steer_integral, -0.3, 0.3);
    const double delta = std::atan2(2.0 * spec.body.wheelbase * to_aim.y, square(length(to_aim)) / 1.0);
    Controls c = hold_speed(car, target, 0.2);
    c.steer = std::clamp(delta / spec.steering.max_angle + steer_integral, -1.0, 1.0);
    step(world, c);

    const bool holding = std::abs(error) < 1.0 && std::abs(c.steer) < 0.999;
    ay_history.push_back(car.local_acceleration().y);
    v_history.push_back(car.speed());
    if (holding) {
      lost_for = 0.0;
      target += ramp * world.dt();
      if (static_cast<int>(ay_history.size()) >= window) {
        double ay = 0.0, v = 0.0;
        for (int i = 0; i < window; ++i) {
          ay += ay_history[ay_history.size() - 1 - i];
          v += v_history[v_history.size() - 1 - i];
        }
        ay /= window;
        v /= window;
        if (ay / kGravity > best.lateral_g) best = {ay / kGravity, v};
      }
    } else {
      lost_for += world.dt();
      ay_history.clear();
      v_history.clear();
      target -= 2.0 * ramp * world.dt();  // back off and try to recover the line
      if (lost_for > 3.0 || std::abs(error) > 10.0) break;  // no longer holds the circle
    }
  }
  return best;
}

// ---------------------------------------------------------------- 6. yaw

YawResult run_yaw(const CarSpec& spec, double rate_hz, double speed_mps, double steer) {
  World world(asphalt(), {rate_hz});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& car = world.car(0);
  car.place({0.0, 0.0}, 0.0, speed_mps);
  const double settle_s = 8.0, measure_s = 2.0;
  double yaw = 0.0, ay = 0.0, delta = 0.0;
  int n = 0;
  while (world.time() < settle_s + measure_s) {
    Controls c = hold_speed(car, speed_mps, 0.15);
    c.steer = steer;
    step(world, c);
    if (world.time() > settle_s) {
      yaw += car.yaw_rate();
      ay += car.local_acceleration().y;
      delta += mean_front_steer(car) + car.compliance_steer();  // the angle commanded
      ++n;
    }
  }
  YawResult r;
  r.yaw_rate_rps = yaw / n;
  r.lateral_g = ay / n / kGravity;
  r.steer_deg = rad_to_deg(delta / n);
  // Understeer gradient K: road-wheel angle beyond the kinematic (Ackermann) angle L r / V,
  // per g of lateral acceleration.
  const double kinematic = spec.body.wheelbase * r.yaw_rate_rps / car.forward_speed();
  r.understeer_gradient_deg_per_g = (r.steer_deg - rad_to_deg(kinematic)) / r.lateral_g;
  return r;
}

// ---------------------------------------------------------------- 7. brake transfer

BrakeTransferResult run_brake_transfer(const CarSpec& spec_in, double rate_hz, double pedal) {
  CarSpec spec = spec_in;
  spec.assists.abs = false;
  World world(asphalt(), {rate_hz});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& car = world.car(0);
  car.place({0.0, 0.0}, 0.0, kmh_to_mps(100.0));
  car.drivetrain().set_gear(0);
  const double static_front = car.suspension().static_load(kFrontLeft) + car.suspension().static_load(kFrontRight);
  Controls c;
  c.brake = pedal;
  // Let pitch settle (about 1 s), then average over the next half second.
  double decel = 0.0, front = 0.0;
  int n = 0;
  while (world.time() < 1.5 && car.forward_speed() > 5.0) {
    step(world, c);
    if (world.time() > 1.0) {
      decel += -car.local_acceleration().x;
      front += car.wheel(kFrontLeft).load + car.wheel(kFrontRight).load;
      ++n;
    }
  }
  BrakeTransferResult r;
  if (n == 0) return r;
  r.decel_mps2 = decel / n;
  r.front_transfer_n = front / n - static_front;
  r.expected_transfer_n = spec.body.mass * r.decel_mps2 * spec.body.cg_height / spec.body.wheelbase;
  return r;
}

}  // namespace racer
