#include "vehicle/tyre.h"

#include <algorithm>
#include <cmath>

#include "core/fast_math.h"
#include "core/math.h"

namespace racer {
namespace {

constexpr double kMinLoadKn = 1e-3;  // the formula's B = BCD / (C D) needs D > 0
// For the tanh model "peak" is where the curve reaches tanh(2) = 96% of D.
constexpr double kTanhPeakArgument = 2.0;
constexpr double kPercent = 100.0;           // slip ratio -> percent
constexpr double kDegrees = 180.0 / kPi;     // rad -> degrees

double peak_phi(double c) { return c > 1.0 ? std::tan(kPi / (2.0 * c)) : 0.0; }

}  // namespace

double magic_formula(double x, double b, double c, double d, double e) {
  const double bx = b * x;
  // With no curvature factor (E = 0, every shipped tyre) the inner atan drops out exactly.
  const double phi = e == 0.0 ? bx : bx - e * (bx - fast_atan(bx));
  return d * fast_sin(c * fast_atan(phi));
}

double magic_formula_peak_x(double b, double c, double e, double fallback) {
  return c > 1.0 ? magic_formula_peak_x_at(b, e, peak_phi(c), fallback) : fallback;
}

double magic_formula_peak_x_at(double b, double e, double target, double fallback) {
  if (target <= 0.0 || b <= 0.0) return fallback;
  // Peak where C atan(phi) = pi/2, phi(x) = Bx - E(Bx - atan Bx): solve phi(x) = tan(pi/2C).
  double x = target / b;
  if (e == 0.0) return x;
  for (int i = 0; i < 20; ++i) {
    const double bx = b * x;
    const double phi = bx - e * (bx - fast_atan(bx)) - target;
    const double dphi = b - e * (b - b / (1.0 + bx * bx));
    if (dphi <= 1e-12) break;
    const double step = phi / dphi;
    x -= step;
    if (std::abs(step) < 1e-12 * std::max(1.0, std::abs(x))) break;
  }
  return x > 0.0 ? x : fallback;
}

double CurveShape::eval(double slip_si) const {
  if (c == 0.0) return d * std::tanh(s * slip_si / d);
  return magic_formula(slip_si * scale + h, b, c, d, e) + v;
}

Tyre::Tyre(const TyreSpec& spec)
    : spec_(spec),
      width_ratio_(spec.coefficients_width > 0.0 ? spec.width / spec.coefficients_width : 1.0),
      lon_peak_phi_(peak_phi(spec.pacejka.b[0])),
      lat_peak_phi_(peak_phi(spec.pacejka.a[0])) {}

// A tyre w times as wide as the one its coefficients describe carries its load like w of
// those side by side, each at 1/w of the load: the curves are read at fz / w and the forces
// (and slip stiffnesses) summed, times the compound's grip scale. With a falling friction
// coefficient (load sensitivity) the wider tyre grips more at the same load.
void Tyre::scale_shape(CurveShape& s) const {
  const double k = width_ratio_ * spec_.grip_scale;
  if (s.c == 0.0) s.s *= k;  // tanh: the slope scales with the height
  s.d *= k;
  s.v *= k;
}

double Tyre::curve_load(double fz) const { return width_ratio_ == 1.0 ? fz : fz / width_ratio_; }

double Tyre::tanh_mu(double fz) const {
  const TanhSpec& t = spec_.tanh;
  const double extra = (fz - t.reference_load) / t.reference_load;
  return std::max(0.05, t.mu * (1.0 - t.load_sensitivity * extra));
}

CurveShape Tyre::lon_shape(double fz_tyre) const {
  CurveShape s = lon_shape_at(curve_load(fz_tyre));
  if (scaled()) scale_shape(s);
  return s;
}

CurveShape Tyre::lat_shape(double fz_tyre) const {
  CurveShape s = lat_shape_at(curve_load(fz_tyre));
  if (scaled()) scale_shape(s);
  return s;
}

CurveShape Tyre::lon_shape_at(double fz) const {
  CurveShape s;
  if (spec_.model == TyreModel::Tanh) {
    s.d = tanh_mu(fz) * fz;
    s.s = spec_.tanh.longitudinal_stiffness * fz;
    return s;
  }
  const auto& p = spec_.pacejka.b;
  const double f = std::max(fz / 1000.0, kMinLoadKn);  // kN inside the formula
  s.c = p[0];
  s.d = f * (p[1] * f + p[2]);
  const double bcd = (p[3] * f * f + p[4] * f) * std::exp(-p[5] * f);
  s.b = (s.c * s.d != 0.0) ? bcd / (s.c * s.d) : 0.0;
  s.e = p[6] * f * f + p[7] * f + p[8];
  s.h = p[9] * f + p[10];
  s.v = p[11] * f + p[12];
  s.scale = kPercent;
  return s;
}

CurveShape Tyre::lat_shape_at(double fz) const {
  CurveShape s;
  if (spec_.model == TyreModel::Tanh) {
    s.d = tanh_mu(fz) * fz;
    s.s = spec_.tanh.lateral_stiffness * fz;
    return s;
  }
  const auto& a = spec_.pacejka.a;
  const double f = std::max(fz / 1000.0, kMinLoadKn);
  const double camber = 0.0;  // top-down game: no camber (kept in the formula for fidelity)
  s.c = a[0];
  s.d = f * (a[1] * f + a[2]);
  const double t = f / a[4];  // sin(2 atan t) = 2t / (1 + t^2)
  const double bcd = a[3] * (2.0 * t / (1.0 + t * t)) * (1.0 - a[5] * std::abs(camber));
  s.b = (s.c * s.d != 0.0) ? bcd / (s.c * s.d) : 0.0;
  s.e = a[6] * f + a[7];
  s.h = a[8] * f + a[9] + a[10] * camber;
  s.v = a[11] * f * camber + a[12] * f + a[13];
  s.scale = kDegrees;
  return s;
}

TyreLoad Tyre::at_load(double fz) const {
  if (fz <= 0.0) return {};
  TyreLoad t;
  t.fz = fz;
  t.lon = lon_shape(fz);
  t.lat = lat_shape(fz);
  t.peak_fx = std::abs(t.lon.d) + std::abs(t.lon.v);
  t.peak_fy = std::abs(t.lat.d) + std::abs(t.lat.v);
  if (spec_.model == TyreModel::Tanh) {
    t.peak_kappa = kTanhPeakArgument * t.lon.d / t.lon.s;
    t.peak_alpha = kTanhPeakArgument * t.lat.d / t.lat.s;
  } else {
    const double x_lon = magic_formula_peak_x_at(t.lon.b, t.lon.e, lon_peak_phi_, 15.0) - t.lon.h;
    const double x_lat = magic_formula_peak_x_at(t.lat.b, t.lat.e, lat_peak_phi_, 10.0) - t.lat.h;
    t.peak_kappa = std::max(x_lon, 0.5) / kPercent;
    t.peak_alpha = std::max(x_lat, 0.5) / kDegrees;
  }
  return t;
}

double Tyre::pure_fx(double fz, double kappa) const { return fz > 0.0 ? lon_shape(fz).eval(kappa) : 0.0; }
double Tyre::pure_fy(double fz, double alpha) const { return fz > 0.0 ? lat_shape(fz).eval(alpha) : 0.0; }
double Tyre::peak_fx(double fz) const { return at_load(fz).peak_fx; }
double Tyre::peak_fy(double fz) const { return at_load(fz).peak_fy; }
double Tyre::peak_slip_ratio(double fz) const { return at_load(std::max(fz, 1.0)).peak_kappa; }
double Tyre::peak_slip_angle(double fz) const { return at_load(std::max(fz, 1.0)).peak_alpha; }

double Tyre::lon_magnitude(const TyreLoad& load, double x) const {
  // The curve at a load is a function of fz alone (the spec does not change), so fz and x
  // are the whole key.
  if (load.fz == memo_fz_ && x == memo_x_) return memo_y_;
  memo_fz_ = load.fz;
  memo_x_ = x;
  memo_y_ = std::abs(load.lon.eval(x));
  return memo_y_;
}

TyreForce Tyre::combined(double fz, double kappa, double alpha, double grip) const {
  return combined(at_load(fz), kappa, alpha, grip);
}

double Tyre::combined_fx(const TyreLoad& load, double kappa, double alpha, double grip) const {
  if (load.fz <= 0.0 || grip <= 0.0) return 0.0;
  const double sx = kappa / load.peak_kappa, sy = alpha / load.peak_alpha;
  const double rho = std::sqrt(sx * sx + sy * sy);  // normalised slips: no overflow care needed
  if (rho < 1e-12) return 0.0;
  const double fx = (sx / rho) * lon_magnitude(load, rho * load.peak_kappa);
  return std::clamp(fx, -load.peak_fx, load.peak_fx) * grip;
}

TyreForce Tyre::combined(const TyreLoad& load, double kappa, double alpha, double grip) const {
  if (load.fz <= 0.0 || grip <= 0.0) return {};
  const double sx = kappa / load.peak_kappa, sy = alpha / load.peak_alpha;
  const double rho = std::sqrt(sx * sx + sy * sy);  // normalised slips: no overflow care needed
  if (rho < 1e-12) return {};
  // A point on each pure curve at the resultant normalised slip, shared by direction.
  double fx = (sx / rho) * lon_magnitude(load, rho * load.peak_kappa);
  double fy = -(sy / rho) * std::abs(load.lat.eval(rho * load.peak_alpha));
  // Guard the ellipse even when curve shifts (H, V) push a pure force past D.
  const double e = square(fx / load.peak_fx) + square(fy / load.peak_fy);
  if (e > 1.0) {
    const double k = 1.0 / std::sqrt(e);
    fx *= k;
    fy *= k;
  }
  return {fx * grip, fy * grip};
}

double pneumatic_trail(const TyreSpec& spec, double alpha, double peak_alpha) {
  if (spec.pneumatic_trail <= 0.0 || peak_alpha <= 0.0) return 0.0;
  return spec.pneumatic_trail * std::max(0.0, 1.0 - std::abs(alpha) / peak_alpha);
}

}  // namespace racer
