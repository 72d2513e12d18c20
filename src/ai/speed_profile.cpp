// Speed profile: car envelope, surface under the line, limits, forward and backward passes.
//   1. the car's envelope
//   2. surface under the line
//   3. the passes
//   4. queries
#include "ai/speed_profile.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <limits>

#include "ai/grip_ahead.h"
#include "core/math.h"
#include "track/surface_map.h"
#include "vehicle/drivetrain.h"
#include "vehicle/tyre.h"

namespace racer {

// ---- 1. the car's envelope ---------------------------------------------------------------

double CarEnvelope::engine_force(double v) const {
  if (drive_force.empty() || v < 0.0) return drive_force.empty() ? 0.0 : drive_force.front();
  const double x = v / force_step;
  const auto i = static_cast<std::size_t>(x);
  if (i + 1 >= drive_force.size()) return 0.0;
  return lerp(drive_force[i], drive_force[i + 1], x - static_cast<double>(i));
}

double CarEnvelope::traction_force(double mu) const {
  // Axle loads under a drive force F: Nf = Wf - F h/L, Nr = Wr + F h/L (aero ignored).
  // Front: share F <= mu Nf; rear: (1 - share) F <= mu Nr.
  const double w = mass * kGravity, wf = w * front_static_share, wr = w - wf;
  const double phi = front_drive_share, hl = cg_height_over_wheelbase;
  double f = 1e300;
  if (phi > 0.0) f = std::min(f, mu * wf / (phi + mu * hl));
  const double rear = 1.0 - phi - mu * hl;
  if (rear > 0.0) f = std::min(f, mu * wr / rear);
  return std::min(f, mu * w);
}

namespace {

// The slip angle (rad) at which `tyre` carrying `fz` gives `fy` sideways, on the rising side
// of its curve (the peak's angle when fy is more than it gives).
double slip_angle_for(const Tyre& tyre, double fz, double fy) {
  double lo = 0.0, hi = tyre.peak_slip_angle(fz);
  if (tyre.pure_fy(fz, hi) <= fy) return hi;
  for (int it = 0; it < 40; ++it) {
    const double mid = 0.5 * (lo + hi);
    (tyre.pure_fy(fz, mid) < fy ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

// Cornering drag per unit of lateral acceleration at lateral use 0, 0.05, ..., 1: each axle
// carries its static share of the cornering force on its static load; the rear's tyre curve
// sees its slip angle scaled by rear_cornering_factor.
std::vector<double> cornering_drag_table(const CarSpec& spec, const CarEnvelope& e) {
  const Tyre front(spec.tyre), rear(spec.wheel_tyre(2));
  const double w = spec.body.mass * kGravity;
  const double fz_f = 0.5 * w * e.front_static_share, fz_r = 0.5 * w * (1.0 - e.front_static_share);
  const double a_max = e.mu_peak * e.lateral_share * kGravity;
  std::vector<double> table;
  for (int i = 0; i <= 20; ++i) {
    const double a_y = a_max * i / 20.0;
    const double alpha_f = slip_angle_for(front, fz_f, fz_f * a_y / kGravity);
    const double alpha_r = slip_angle_for(rear, fz_r, fz_r * a_y / kGravity) / spec.tyre.rear_cornering_factor;
    table.push_back(e.front_static_share * std::sin(alpha_f) + (1.0 - e.front_static_share) * std::sin(alpha_r));
  }
  return table;
}

}  // namespace

double CarEnvelope::cornering_drag_at(double a_y, double mu_y) const {
  if (cornering_drag.size() < 2) return 0.0;
  const double ay = std::abs(a_y);
  const double u = std::clamp(ay / std::max(mu_y * kGravity, 1e-6), 0.0, 1.0) * static_cast<double>(cornering_drag.size() - 1);
  const auto i = std::min(static_cast<std::size_t>(u), cornering_drag.size() - 2);
  return ay * lerp(cornering_drag[i], cornering_drag[i + 1], u - static_cast<double>(i));
}

double lateral_grip_share(const CarSpec& spec) {
  const Tyre front(spec.tyre), rear(spec.wheel_tyre(2));  // each axle its own tyres
  const BodySpec& b = spec.body;
  const SuspensionSpec& k = spec.suspension;
  const double w = b.mass * kGravity;
  const double mu = front.mu_peak(0.25 * w);
  const double front_share = spec.rear_axle_to_cg() / b.wheelbase;
  const double roll_f = k.front_stiffness + 2.0 * k.front_antiroll, roll_r = k.rear_stiffness + 2.0 * k.rear_antiroll;
  const double transfer_f = roll_f / (roll_f + roll_r);
  // Can the axle carrying `weight` N with `transfer` N moved outwards give `need` N sideways?
  const auto carries = [](const Tyre& tyre, double weight, double transfer, double need) {
    const double outer = std::min(weight, 0.5 * weight + transfer), inner = weight - outer;
    return tyre.peak_fy(outer) + (inner > 0.0 ? tyre.peak_fy(inner) : 0.0) >= need;
  };
  double lo = 0.0, hi = 2.0 * mu * kGravity;  // m/s^2
  for (int it = 0; it < 60; ++it) {
    const double a = 0.5 * (lo + hi);
    const double transfer = b.mass * a * b.cg_height / b.track_width;
    const bool ok = carries(front, w * front_share, transfer * transfer_f, b.mass * a * front_share) &&
                    carries(rear, w * (1.0 - front_share), transfer * (1.0 - transfer_f), b.mass * a * (1.0 - front_share));
    (ok ? lo : hi) = a;
  }
  return std::clamp(lo / (mu * kGravity), 0.05, 1.0);
}

CarEnvelope car_envelope(const CarSpec& spec) {
  CarEnvelope e;
  const BodySpec& b = spec.body;
  e.mass = b.mass;
  e.mu_peak = Tyre(spec.tyre).mu_peak(b.mass * kGravity / 4.0);
  e.lateral_share = lateral_grip_share(spec);
  e.drag_k = 0.5 * kAirDensity * b.drag_coefficient * b.frontal_area;
  e.front_static_share = spec.rear_axle_to_cg() / b.wheelbase;
  e.cg_height_over_wheelbase = b.cg_height / b.wheelbase;
  e.cg_height_over_track = b.track_width > 0.0 ? b.cg_height / b.track_width : 0.0;
  const SuspensionSpec& k = spec.suspension;
  const double roll_f = k.front_stiffness + 2.0 * k.front_antiroll, roll_r = k.rear_stiffness + 2.0 * k.rear_antiroll;
  e.front_roll_share = roll_f + roll_r > 0.0 ? roll_f / (roll_f + roll_r) : 0.5;
  e.front_drive_share = spec.drive.layout == DriveLayout::FWD   ? 1.0
                        : spec.drive.layout == DriveLayout::RWD ? 0.0
                                                                : spec.drive.awd_front_share;
  const double r = spec.wheel_tyre(spec.drive.layout == DriveLayout::RWD ? 2 : 0).radius;  // a driven wheel's
  e.max_brake_force = spec.brakes.max_torque / r;
  e.rear_brake_share = 1.0 - spec.brakes.front_bias;
  e.cg_to_front_axle = b.cg_to_front_axle;
  e.cg_to_rear_axle = spec.rear_axle_to_cg();
  e.half_track = 0.5 * b.track_width;
  // Drive force through the best gear at every speed; the table ends where the top gear
  // hits the rev limiter.
  const GearboxSpec& g = spec.gearbox;
  const EngineSpec& en = spec.engine;
  double top_ratio = 1e300;
  for (std::size_t i = 0; i < g.ratios.size(); ++i)
    top_ratio = std::min(top_ratio, g.ratios[i] * g.final_drive_for(static_cast<int>(i) + 1));
  const double v_end = g.ratios.empty() ? 0.0 : rpm_to_rads(en.max_rpm) * r / top_ratio;
  for (double v = 0.0; v <= v_end + e.force_step; v += e.force_step) {
    double best = 0.0;
    for (std::size_t i = 0; i < g.ratios.size(); ++i) {
      const double overall = g.ratios[i] * g.final_drive_for(static_cast<int>(i) + 1);
      const double rpm = rads_to_rpm(v / r * overall);
      if (rpm > en.max_rpm) continue;
      best = std::max(best, engine_torque_curve(en, std::max(rpm, en.idle_rpm)) * overall * g.efficiency / r);
    }
    e.drive_force.push_back(best);
  }
  e.drive_force.push_back(0.0);
  e.cornering_drag = cornering_drag_table(spec, e);
  return e;
}

CarEnvelope simple_envelope(double mass, double mu_peak, double drive_force, double top_speed) {
  CarEnvelope e;
  e.mass = mass;
  e.mu_peak = mu_peak;
  e.rolling_scale = 0.0;
  e.front_drive_share = 0.5;
  e.rear_brake_share = 0.5;
  e.force_step = 0.5;
  for (double v = 0.0; v <= top_speed; v += e.force_step) e.drive_force.push_back(drive_force);
  e.drive_force.push_back(0.0);
  return e;
}

// ---- 2. surface under the line -----------------------------------------------------------

LineSurface line_surface(const RacingLine& line, const SurfaceMap& map, const CarEnvelope& car) {
  const std::size_t n = line.size();
  LineSurface out;
  out.grip.resize(n);
  out.rolling.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 p = line.points[i];
    const Vec2 d = line.points[(i + 1) % n] - line.points[(i + n - 1) % n];
    const double dl = length(d);
    const Vec2 t = dl > 0.0 ? d / dl : Vec2{1.0, 0.0};
    const Vec2 nrm = perp(t);
    const Vec2 wheels[4] = {p + t * car.cg_to_front_axle + nrm * car.half_track,
                            p + t * car.cg_to_front_axle - nrm * car.half_track,
                            p - t * car.cg_to_rear_axle + nrm * car.half_track,
                            p - t * car.cg_to_rear_axle - nrm * car.half_track};
    double grip = 0.0, rolling = 0.0;
    for (Vec2 w : wheels) {
      const SurfaceProps& props = surface_props(map.surface_at(w));
      grip += props.grip;
      rolling += props.rolling_resistance;
    }
    out.grip[i] = 0.25 * grip;
    out.rolling[i] = 0.25 * rolling;
  }
  return out;
}

LineSurface uniform_surface(const RacingLine& line, double grip, double rolling) {
  return {std::vector<double>(line.size(), grip), std::vector<double>(line.size(), rolling)};
}

// ---- 3. the passes -----------------------------------------------------------------------

namespace {

// The friction ellipses of both axles at lateral acceleration a_y (see axle_accel_limit), all
// per unit mass (m/s^2): holds(a) says whether they carry longitudinal acceleration a (dir
// +1 driving, -1 braking). Driving, drive_margin(a) says by how much the driven wheels do
// (> 0 inside, < 0 outside, continuous): the open differentials are what binds below the
// axle ellipses, so the root search below them looks at nothing else.
class AxleLimit {
 public:
  AxleLimit(const CarEnvelope& car, double a_y, double mu, double mu_y, int dir)
      : car_(car), mu_(std::max(mu, 1e-6)), mu_y_(std::max(mu_y, 1e-6)), ay_(std::abs(a_y)), dir_(dir),
        hl_(car.cg_height_over_wheelbase), wf_(car.front_static_share), wr_(1.0 - wf_),
        phi_f_(dir > 0 ? car.front_drive_share : 1.0 - car.rear_brake_share),
        transfer_(ay_ * car.cg_height_over_track) {}

  double mu() const { return mu_; }
  /// Driving with lateral load transfer: the open differentials may bind below the ellipses.
  bool open_differentials_bind() const { return dir_ > 0 && transfer_ > 0.0; }

  bool holds(double ax) const {
    const double nf = wf_ * kGravity - dir_ * ax * hl_, nr = wr_ * kGravity + dir_ * ax * hl_;
    if (nf <= 0.0 || nr <= 0.0) return false;
    return axle_holds(nf, wf_ * ay_, phi_f_ * ax, car_.front_roll_share) &&
           axle_holds(nr, wr_ * ay_, (1.0 - phi_f_) * ax, 1.0 - car_.front_roll_share);
  }
  double drive_margin(double ax) const {
    double m = std::numeric_limits<double>::infinity();
    if (phi_f_ > 0.0) m = wheels_margin(wf_ * kGravity - ax * hl_, wf_ * ay_, phi_f_ * ax, car_.front_roll_share);
    if (phi_f_ < 1.0)
      m = std::min(m, wheels_margin(wr_ * kGravity + ax * hl_, wr_ * ay_, (1.0 - phi_f_) * ax, 1.0 - car_.front_roll_share));
    return m;
  }

  /// The largest acceleration in [0, mu g] both axle ellipses carry (open differentials aside).
  double ellipses() const {
    const double front = root(wf_ * kGravity, -dir_ * hl_, square(wf_ * ay_ / mu_y_), phi_f_ / mu_);
    const double rear = root(wr_ * kGravity, dir_ * hl_, square(wr_ * ay_ / mu_y_), (1.0 - phi_f_) / mu_);
    return std::clamp(std::min(front, rear), 0.0, mu_ * kGravity);
  }

 private:
  // Driving through open differentials each wheel of an axle gets half its drive; the
  // lateral transfer (per unit mass, split by roll stiffness) unloads the inner wheel, and
  // each wheel carries what cornering force its friction ellipse has left. With no transfer
  // this is the axle's ellipse.
  bool axle_holds(double n_axle, double fy_axle, double fx_axle, double roll_share) const {
    if (dir_ < 0 || fx_axle <= 0.0) return square(fy_axle / mu_y_) + square(fx_axle / mu_) <= square(n_axle);
    const double n_in = std::max(0.0, 0.5 * n_axle - transfer_ * roll_share), n_out = n_axle - n_in;
    const double fx_wheel = 0.5 * fx_axle / mu_;
    if (fx_wheel > n_in) return false;
    return mu_y_ * (std::sqrt(square(n_in) - square(fx_wheel)) + std::sqrt(square(n_out) - square(fx_wheel))) >= fy_axle;
  }
  // A driven axle through its open differential: the inner wheel's grip left after its
  // drive, and the cornering force both wheels have left against what the axle must carry.
  double wheels_margin(double n_axle, double fy_axle, double fx_axle, double roll_share) const {
    const double n_in = std::max(0.0, 0.5 * n_axle - transfer_ * roll_share), n_out = n_axle - n_in;
    const double fx_wheel = 0.5 * fx_axle / mu_;
    const double spare = n_in - fx_wheel;
    if (spare < 0.0) return spare;
    const double cornering = mu_y_ * (std::sqrt(square(n_in) - square(fx_wheel)) + std::sqrt(square(n_out) - square(fx_wheel)));
    return std::min(spare, cornering - fy_axle);
  }
  // Each axle's ellipse holds while n(a) - sqrt(A + (c a)^2) >= 0, n(a) = n0 + s a its load:
  // linear minus convex, so concave, and true at 0: it holds on [0, root]. The root solves
  // (s^2 - c^2) a^2 + 2 n0 s a + n0^2 - A = 0 (squared), the smallest positive one with
  // n >= 0. (A bisection of 24 halvings found the same to 6e-8 of mu g, at 4x the cost.)
  static double root(double n0, double s, double A, double c) {
    const double qa = s * s - c * c, qb = 2.0 * n0 * s, qc = n0 * n0 - A;
    double best = std::numeric_limits<double>::infinity();
    const auto consider = [&](double a) {
      if (a >= 0.0 && n0 + s * a >= -1e-9 * std::abs(n0)) best = std::min(best, a);
    };
    if (std::abs(qa) < 1e-12 * (s * s + c * c)) {
      if (qb < 0.0) consider(-qc / qb);
      return best;
    }
    const double disc = qb * qb - 4.0 * qa * qc;
    if (disc < 0.0) return best;
    const double q = -0.5 * (qb + std::copysign(std::sqrt(disc), qb));
    if (q != 0.0) consider(qc / q);
    consider(q / qa);
    return best;
  }

  const CarEnvelope& car_;
  double mu_, mu_y_, ay_;
  int dir_;
  double hl_, wf_, wr_, phi_f_, transfer_;
};

constexpr int kHalvings = 24;  // the bisection below the ellipses: 6e-8 of its start

// The bisection of [0, up] for the last a where holds(a), 24 halvings (holds(0) is true).
double bisect_holds(const AxleLimit& limit, double up) {
  double lo = 0.0;
  for (int it = 0; it < kHalvings; ++it) {
    const double mid = 0.5 * (lo + up);
    (limit.holds(mid) ? lo : up) = mid;
  }
  return lo;
}

// A root of limit.drive_margin in [0, up] (m_lo = margin(0) > 0 > m_up = margin(up)), by
// false position with the Illinois halving, to 1e-10 of up.
double margin_root(const AxleLimit& limit, double up, double m_lo, double m_up) {
  double lo = 0.0, a = up;
  int side = 0;
  for (int it = 0; it < 40 && up - lo > 1e-10 * a; ++it) {
    a = up - m_up * (up - lo) / (m_up - m_lo);
    const double m = limit.drive_margin(a);
    if (m == 0.0) return a;
    if (m > 0.0) {
      lo = a;
      m_lo = m;
      if (side == 1) m_up *= 0.5;
      side = 1;
    } else {
      up = a;
      m_up = m;
      if (side == -1) m_lo *= 0.5;
      side = -1;
    }
  }
  return a;
}

// The bisection's answer, bit for bit, at a fraction of its cost: its halvings replayed
// against the margin's root, then holds checked at the two ends it reaches. If holds is true
// up to some point and false beyond (what the bisection assumes), every halving it would
// have made agrees with the replay whenever both checks pass; else the bisection runs.
double bisect_holds_from_root(const AxleLimit& limit, double up) {
  const double m_lo = limit.drive_margin(0.0), m_up = limit.drive_margin(up);
  if (!(m_lo > 0.0 && m_up < 0.0)) return bisect_holds(limit, up);
  const double r = margin_root(limit, up, m_lo, m_up);
  double lo = 0.0, hi = up;
  for (int it = 0; it < kHalvings; ++it) {
    const double mid = 0.5 * (lo + hi);
    (mid <= r ? lo : hi) = mid;
  }
  const bool agrees = (lo == 0.0 || limit.holds(lo)) && (hi == up || !limit.holds(hi));
  return agrees ? lo : bisect_holds(limit, up);
}

// The limit both axles allow (see axle_accel_limit), below the ellipses by the bisection
// itself or by its replay.
double accel_limit(const AxleLimit& limit, bool replay) {
  if (!limit.holds(0.0)) return 0.0;
  const double hi = limit.mu() * kGravity;
  if (limit.holds(hi)) return hi;
  const double ellipses = limit.ellipses();
  // The axle ellipses bound the drive through open differentials from above; in a corner the
  // inner wheels may bind first (holds() checks them): bisect below the ellipses' answer.
  if (!limit.open_differentials_bind() || limit.holds(ellipses)) return ellipses;
  return replay ? bisect_holds_from_root(limit, ellipses) : bisect_holds(limit, ellipses);
}

}  // namespace

double axle_accel_limit(const CarEnvelope& car, double a_y, double mu, double mu_y, int dir) {
  return accel_limit(AxleLimit(car, a_y, mu, mu_y, dir), true);
}

double axle_accel_limit_bisected(const CarEnvelope& car, double a_y, double mu, double mu_y, int dir) {
  return accel_limit(AxleLimit(car, a_y, mu, mu_y, dir), false);
}

namespace {

/// Per-sample constants of the passes.
struct Point {
  double kappa = 0.0;   // |curvature|, 1/m
  double mu = 1.0;      // effective friction
  double mu_y = 1.0;    // effective friction sideways (mu x the car's lateral share)
  double crr = 0.0;     // rolling resistance coefficient (scaled)
};

class Passes {
 public:
  explicit Passes(const CarEnvelope& car) : car_(car) {}

  double resistance(const Point& p, double v) const {
    return car_.drag_k * v * v + p.crr * car_.mass * kGravity;
  }
  /// Longitudinal acceleration at full throttle (may be negative).
  double accel(const Point& p, double v) const {
    const double drive = std::min(car_.engine_force(v), car_.mass * axle_limit(p, v, +1));
    return (drive - resistance(p, v)) / car_.mass - car_.cornering_drag_at(v * v * p.kappa, p.mu_y);
  }
  /// Deceleration at full braking (positive).
  double decel(const Point& p, double v) const {
    const double tyres = std::min(car_.max_brake_force / car_.mass, axle_limit(p, v, -1));
    return tyres + resistance(p, v) / car_.mass;
  }
  double axle_limit(const Point& p, double v, int dir) const {
    return axle_accel_limit(car_, v * v * p.kappa, p.mu, p.mu_y, dir);
  }
  /// v after ds with acceleration a(v) (midpoint step in v^2), never below 0.
  template <class A>
  static double step(double v, double ds, A a) {
    const double mid = std::sqrt(std::max(v * v + a(v) * ds, 0.0));
    return std::sqrt(std::max(v * v + 2.0 * a(mid) * ds, 0.0));
  }

  const CarEnvelope& car_;
};

}  // namespace

SpeedProfile compute_speed_profile(const RacingLine& line, const CarEnvelope& car, const LineSurface& surface,
                                   const SpeedProfileParams& params) {
  const std::size_t n = line.size();
  assert(n >= 4 && surface.grip.size() == n && surface.rolling.size() == n);
  SpeedProfile out;
  out.s = line.s;
  out.length = line.length;
  out.v_max.resize(n);
  out.mu.resize(n);
  std::vector<Point> pts(n);
  const double grip_factor = std::clamp(params.grip_factor, 1e-3, 1.0);
  for (std::size_t i = 0; i < n; ++i) {
    Point& p = pts[i];
    p.kappa = std::abs(line.curvature[i]);
    p.mu = std::max(grip_factor * car.mu_peak * surface.grip[i], 1e-3);
    p.mu_y = p.mu * std::clamp(car.lateral_share, 0.05, 1.0);
    p.crr = car.rolling_scale * surface.rolling[i];
    out.mu[i] = p.mu;
    const double corner = p.kappa > 1e-9 ? std::sqrt(p.mu_y * kGravity / p.kappa) : 1e300;
    out.v_max[i] = std::min(corner, params.max_speed);
  }
  const Passes passes(car);
  const double ds = line.spacing();
  const std::size_t start =
      static_cast<std::size_t>(std::min_element(out.v_max.begin(), out.v_max.end()) - out.v_max.begin());
  // Forward: accelerate from the slowest point, twice around so the lap closes on itself.
  std::vector<double> fwd(n);
  double v = out.v_max[start];
  fwd[start] = v;
  for (std::size_t k = 1; k <= 2 * n; ++k) {
    const std::size_t i = (start + k - 1) % n, j = (start + k) % n;
    v = std::min(out.v_max[j], Passes::step(v, ds, [&](double u) { return passes.accel(pts[i], u); }));
    fwd[j] = v;
  }
  // Backward: brake into every point from the one after it, never over `cap` there.
  const auto brake_into = [&](const std::vector<double>& cap) {
    std::vector<double> out_v = cap;
    double u = cap[start];
    for (std::size_t k = 1; k <= 2 * n; ++k) {
      const std::size_t j = (start + 2 * n - k + 1) % n, i = (start + 2 * n - k) % n;
      u = std::min(cap[i], Passes::step(u, ds, [&](double w) { return passes.decel(pts[j], w); }));
      out_v[i] = u;
    }
    return out_v;
  };
  out.speed = brake_into(fwd);
  out.envelope = brake_into(out.v_max);  // the same from the cornering limits alone
  // Lap time, accelerations, braking zones.
  out.accel.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double a = out.speed[i], b = out.speed[(i + 1) % n];
    out.lap_time += 2.0 * ds / std::max(a + b, 1e-3);
    out.accel[i] = (b * b - a * a) / (2.0 * ds);
  }
  const auto braking = [&](std::size_t i) { return out.speed[i] < fwd[i] * (1.0 - 1e-9); };
  std::size_t first = 0;  // a sample that is not braking, so no zone straddles the scan start
  while (first < n && braking(first)) ++first;
  if (first < n) {
    for (std::size_t k = 1; k <= n; ++k) {
      const std::size_t i = (first + k) % n;
      if (!braking(i) || braking((i + n - 1) % n)) continue;
      // A zone begins at i - 1 (the last sample on the acceleration curve).
      std::size_t e = i;
      while (braking((e + 1) % n)) e = (e + 1) % n;
      const std::size_t b = (i + n - 1) % n, end = (e + 1) % n;
      out.braking.push_back({out.s[b], out.s[end], out.speed[b], out.speed[end]});
    }
    std::sort(out.braking.begin(), out.braking.end(),
              [](const BrakingZone& x, const BrakingZone& y) { return x.s_start < y.s_start; });
  }
  return out;
}

SpeedProfile compute_speed_profile(const RacingLine& line, const CarEnvelope& car, const SurfaceMap& map,
                                   const SpeedProfileParams& params) {
  return compute_speed_profile(line, car, grip_ahead(line_surface(line, map, car), line.spacing()), params);
}

// ---- 4. queries --------------------------------------------------------------------------

namespace {
// values (one per sample of `p`) at s (wraps), linear between samples.
double sample_at(const SpeedProfile& p, const std::vector<double>& values, double at_s) {
  const std::size_t n = values.size();
  if (n == 0) return 0.0;
  const double ds = p.length / static_cast<double>(n);
  const double w = at_s - p.length * std::floor(at_s / p.length);
  const auto i = std::min(static_cast<std::size_t>(w / ds), n - 1);
  return lerp(values[i], values[(i + 1) % n], clamp01((w - p.s[i]) / ds));
}
}  // namespace

double SpeedProfile::target_speed(double at_s) const { return sample_at(*this, speed, at_s); }

double SpeedProfile::envelope_speed(double at_s) const { return sample_at(*this, envelope, at_s); }

double SpeedProfile::accel_at(double at_s) const {
  const std::size_t n = accel.size();
  if (n == 0) return 0.0;
  const double ds = length / static_cast<double>(n);
  const double w = at_s - length * std::floor(at_s / length);
  return accel[std::min(static_cast<std::size_t>(w / ds), n - 1)];
}

const BrakingZone* SpeedProfile::next_braking(double at_s) const {
  if (braking.empty()) return nullptr;
  const double w = at_s - length * std::floor(at_s / length);
  for (const BrakingZone& z : braking)
    if (z.s_start >= w) return &z;
  return &braking.front();
}

}  // namespace racer
