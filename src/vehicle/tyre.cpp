#include "vehicle/tyre.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"

namespace racer {
namespace {

constexpr double kMinLoadKn = 1e-3;  // the formula's B = BCD / (C D) needs D > 0
// For the tanh model "peak" is where the curve reaches tanh(2) = 96% of D.
constexpr double kTanhPeakArgument = 2.0;

struct Shape {
  double b, c, d, e, h, v;
};

Shape lateral_shape(const std::array<double, 14>& a, double fz) {
  const double camber = 0.0;  // top-down game: no camber (kept in the formula for fidelity)
  const double c = a[0];
  const double d = fz * (a[1] * fz + a[2]);
  const double bcd = a[3] * std::sin(2.0 * std::atan(fz / a[4])) * (1.0 - a[5] * std::abs(camber));
  const double b = (c * d != 0.0) ? bcd / (c * d) : 0.0;
  const double e = a[6] * fz + a[7];
  const double h = a[8] * fz + a[9] + a[10] * camber;
  const double v = a[11] * fz * camber + a[12] * fz + a[13];
  return {b, c, d, e, h, v};
}

Shape longitudinal_shape(const std::array<double, 13>& p, double fz) {
  const double c = p[0];
  const double d = fz * (p[1] * fz + p[2]);
  const double bcd = (p[3] * fz * fz + p[4] * fz) * std::exp(-p[5] * fz);
  const double b = (c * d != 0.0) ? bcd / (c * d) : 0.0;
  const double e = p[6] * fz * fz + p[7] * fz + p[8];
  const double h = p[9] * fz + p[10];
  const double v = p[11] * fz + p[12];
  return {b, c, d, e, h, v};
}

double shape_peak_x(const Shape& s, double fallback) {
  return magic_formula_peak_x(s.b, s.c, s.e, fallback) - s.h;
}

}  // namespace

double magic_formula(double x, double b, double c, double d, double e) {
  const double bx = b * x;
  return d * std::sin(c * std::atan(bx - e * (bx - std::atan(bx))));
}

double magic_formula_peak_x(double b, double c, double e, double fallback) {
  if (c <= 1.0 || b <= 0.0) return fallback;
  // Peak where C atan(phi) = pi/2, phi(x) = Bx - E(Bx - atan Bx): solve phi(x) = tan(pi/2C).
  const double target = std::tan(kPi / (2.0 * c));
  double x = target / b;
  for (int i = 0; i < 20; ++i) {
    const double bx = b * x;
    const double phi = bx - e * (bx - std::atan(bx)) - target;
    const double dphi = b - e * (b - b / (1.0 + bx * bx));
    if (dphi <= 1e-12) break;
    const double step = phi / dphi;
    x -= step;
    if (std::abs(step) < 1e-12 * std::max(1.0, std::abs(x))) break;
  }
  return x > 0.0 ? x : fallback;
}

Tyre::Tyre(const TyreSpec& spec) : spec_(spec) {}

double Tyre::pacejka_fx(double fz_kn, double percent) const {
  const Shape s = longitudinal_shape(spec_.pacejka.b, std::max(fz_kn, kMinLoadKn));
  return magic_formula(percent + s.h, s.b, s.c, s.d, s.e) + s.v;
}

double Tyre::pacejka_fy(double fz_kn, double degrees) const {
  const Shape s = lateral_shape(spec_.pacejka.a, std::max(fz_kn, kMinLoadKn));
  return magic_formula(degrees + s.h, s.b, s.c, s.d, s.e) + s.v;
}

double Tyre::tanh_mu(double fz) const {
  const TanhSpec& t = spec_.tanh;
  const double extra = (fz - t.reference_load) / t.reference_load;
  return std::max(0.05, t.mu * (1.0 - t.load_sensitivity * extra));
}

double Tyre::pure_fx(double fz, double kappa) const {
  if (fz <= 0.0) return 0.0;
  if (spec_.model == TyreModel::Pacejka) return pacejka_fx(fz / 1000.0, kappa * 100.0);
  const double d = tanh_mu(fz) * fz;
  return d * std::tanh(spec_.tanh.longitudinal_stiffness * fz * kappa / d);
}

double Tyre::pure_fy(double fz, double alpha) const {
  if (fz <= 0.0) return 0.0;
  if (spec_.model == TyreModel::Pacejka) return pacejka_fy(fz / 1000.0, rad_to_deg(alpha));
  const double d = tanh_mu(fz) * fz;
  return d * std::tanh(spec_.tanh.lateral_stiffness * fz * alpha / d);
}

double Tyre::peak_fx(double fz) const {
  if (fz <= 0.0) return 0.0;
  if (spec_.model == TyreModel::Tanh) return tanh_mu(fz) * fz;
  const Shape s = longitudinal_shape(spec_.pacejka.b, std::max(fz / 1000.0, kMinLoadKn));
  return std::abs(s.d) + std::abs(s.v);
}

double Tyre::peak_fy(double fz) const {
  if (fz <= 0.0) return 0.0;
  if (spec_.model == TyreModel::Tanh) return tanh_mu(fz) * fz;
  const Shape s = lateral_shape(spec_.pacejka.a, std::max(fz / 1000.0, kMinLoadKn));
  return std::abs(s.d) + std::abs(s.v);
}

double Tyre::peak_slip_ratio(double fz) const {
  const double load = std::max(fz, 1.0);
  if (spec_.model == TyreModel::Tanh) {
    const double d = tanh_mu(load) * load;
    return kTanhPeakArgument * d / (spec_.tanh.longitudinal_stiffness * load);
  }
  const Shape s = longitudinal_shape(spec_.pacejka.b, load / 1000.0);
  return std::max(shape_peak_x(s, 15.0), 0.5) / 100.0;  // percent -> ratio
}

double Tyre::peak_slip_angle(double fz) const {
  const double load = std::max(fz, 1.0);
  if (spec_.model == TyreModel::Tanh) {
    const double d = tanh_mu(load) * load;
    return kTanhPeakArgument * d / (spec_.tanh.lateral_stiffness * load);
  }
  const Shape s = lateral_shape(spec_.pacejka.a, load / 1000.0);
  return deg_to_rad(std::max(shape_peak_x(s, 10.0), 0.5));
}

TyreLoad Tyre::at_load(double fz) const {
  if (fz <= 0.0) return {};
  return {fz, peak_fx(fz), peak_fy(fz), peak_slip_ratio(fz), peak_slip_angle(fz)};
}

TyreForce Tyre::combined(double fz, double kappa, double alpha, double grip) const {
  return combined(at_load(fz), kappa, alpha, grip);
}

double Tyre::combined_fx(const TyreLoad& load, double kappa, double alpha, double grip) const {
  if (load.fz <= 0.0 || grip <= 0.0) return 0.0;
  const double sx = kappa / load.peak_kappa, sy = alpha / load.peak_alpha;
  const double rho = std::hypot(sx, sy);
  if (rho < 1e-12) return 0.0;
  const double fx = (sx / rho) * std::abs(pure_fx(load.fz, rho * load.peak_kappa));
  return std::clamp(fx, -load.peak_fx, load.peak_fx) * grip;
}

TyreForce Tyre::combined(const TyreLoad& load, double kappa, double alpha, double grip) const {
  if (load.fz <= 0.0 || grip <= 0.0) return {};
  const double fz = load.fz, kp = load.peak_kappa, ap = load.peak_alpha;
  const double sx = kappa / kp;
  const double sy = alpha / ap;
  const double rho = std::hypot(sx, sy);
  if (rho < 1e-12) return {};
  // A point on each pure curve at the resultant normalised slip, shared by direction.
  double fx = (sx / rho) * std::abs(pure_fx(fz, rho * kp));
  double fy = -(sy / rho) * std::abs(pure_fy(fz, rho * ap));
  // Guard the ellipse even when curve shifts (H, V) push a pure force past D.
  const double e = square(fx / load.peak_fx) + square(fy / load.peak_fy);
  if (e > 1.0) {
    const double k = 1.0 / std::sqrt(e);
    fx *= k;
    fy *= k;
  }
  return {fx * grip, fy * grip};
}

}  // namespace racer
