#include "ai/recovery.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"

namespace racer {

namespace {

constexpr double kLaunchAccel = 0.15;     // m/s^2 forwards: a car gaining speed this fast is pulling away, not stuck
constexpr double kLaunchSmoothing = 0.3;  // s over which that acceleration is averaged
constexpr double kBoxedHold = 0.1;        // s at a standstill without progress before a boxed-in car plans its way out
constexpr double kStandstill = 0.3;       // m/s: under this a car is at a standstill

// rad from our heading to a point on the line ahead (further ahead the further off it we are).
double heading_error_to_line(const DriverView& v, const Path& line, LinePosition me) {
  const Vec2 aim = line.at(me.s + std::max(8.0, 1.5 * std::abs(me.lateral))).position - v.self.position;
  return wrap_angle(std::atan2(aim.y, aim.x) - v.self.heading);
}

}  // namespace

void StuckRecovery::respawned() {
  mode_ = Recovery::None;
  unstick_.reset();
  stall_s_ = 0.0;
  stall_mark_ = -std::numeric_limits<double>::infinity();  // marked again on the next tick
  last_forward_speed_ = -1e9;
  launch_accel_ = 0.0;
  wall_time_ = 0.0;
}

void StuckRecovery::watch(const DriverView& v, const DriverConfig& config, bool queued, const Path& line,
                          LinePosition me) {
  // The clock counts the race's own distance, as the race's stall clock does: two measures of
  // 3 m (along our line, along the centreline) part ways for a car turning or creeping off the
  // line, and one car crept past this mark on its line while the race counted 12 s stuck.
  if (v.race_distance > stall_mark_ + config.progress_step_m || v.race_distance < stall_mark_ - 50.0) {
    stall_mark_ = v.race_distance;
    stall_s_ = 0.0;
  } else {
    stall_s_ += v.dt;
  }
  wall_time_ = (v.self.against_wall && std::abs(v.self.forward_speed) < 1.0) ? wall_time_ + v.dt : 0.0;
  // The forward acceleration, smoothed over kLaunchSmoothing: a car pulling away on ice is
  // slow but not stuck.
  const double accel = last_forward_speed_ > -1e8 ? (v.self.forward_speed - last_forward_speed_) / v.dt : 0.0;
  last_forward_speed_ = v.self.forward_speed;
  launch_accel_ += (accel - launch_accel_) * std::min(1.0, v.dt / kLaunchSmoothing);
  if (mode_ != Recovery::None) return;
  since_recovery_ += v.dt;
  const bool stalled = stall_s_ > config.stall_trigger_s && std::abs(v.self.forward_speed) < 1.0 &&
                       launch_accel_ < kLaunchAccel &&    // not pulling away
                       since_recovery_ > 2.0 && !queued;  // waiting behind a car: never reverse into the queue
  const bool pinned = wall_time_ > 0.5;
  // (The heading error last: a point on the line and an atan2, only for a slow car.)
  const bool facing_back = std::abs(v.self.forward_speed) < 2.0 && since_recovery_ > 2.0 &&
                           std::abs(heading_error_to_line(v, line, me)) > 2.0;
  // Boxed in (every forward arc runs into a wall or a standing car within 1 m): waiting,
  // even queued, cannot help, so no stall time is waited out. (Last: the footprint test,
  // only for a car at a standstill.)
  const bool boxed = !stalled && !pinned && !facing_back && planning_ && stall_s_ > kBoxedHold &&
                     std::abs(v.self.forward_speed) < kStandstill && since_recovery_ > 2.0 && unstick_.boxed_in(v);
  if (stalled || pinned || facing_back || boxed) {
    since_recovery_ = 0.0;
    count_ += 1;
    if (planning_ && unstick_.plan(v, line, me.s)) {
      mode_ = Recovery::Unstick;
    } else {
      start_reverse(v);
    }
  }
}

void StuckRecovery::start_reverse(const DriverView& v) {
  mode_ = Recovery::Reverse;
  recovery_time_ = 0.0;
  recovery_start_ = v.self.position;
}

Controls StuckRecovery::drive(const DriverView& v, const Path& line, LinePosition me) {
  if (mode_ == Recovery::Unstick) {
    const Controls out = unstick_.drive(v, line, me.s);
    if (unstick_.failed()) {
      start_reverse(v);  // this step's controls still the plan's (a full stop)
    } else if (!unstick_.active()) {
      mode_ = Recovery::None;
      wall_time_ = 0.0;
    }
    return out;
  }
  Controls c;
  recovery_time_ += v.dt;
  const double err = heading_error_to_line(v, line, me);
  const double backed = length(v.self.position - recovery_start_);
  if (mode_ == Recovery::Reverse) {
    if (v.self.gear != -1) {
      c.brake = 1.0;  // stop, then ask for reverse
      if (std::abs(v.self.forward_speed) < 0.3) c.shift = ShiftRequest::Down;
    } else {
      c.throttle = 1.0;
      c.steer = -sign(err);  // opposite lock: backing up turns the nose towards the line
    }
    const bool aimed = std::abs(err) < 0.6 && backed > 1.5;
    const bool hit_behind = recovery_time_ > 1.0 && v.self.against_wall;
    if (aimed || backed > 4.0 || recovery_time_ > 2.5 || hit_behind) {
      mode_ = Recovery::Resume;
      recovery_time_ = 0.0;
    }
  } else {  // Resume: stop, first gear, then drive on
    c.brake = 1.0;
    c.steer = sign(err);
    if (std::abs(v.self.forward_speed) < 0.5) c.shift = ShiftRequest::Up;
    if (v.self.gear >= 1) {
      mode_ = Recovery::None;
      wall_time_ = 0.0;
      c.brake = 0.0;
      c.throttle = 0.5;
    }
  }
  return c;
}

}  // namespace racer
