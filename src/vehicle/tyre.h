#pragma once
// Tyre: steady-state force from load and slip, in two selectable models.
//  - Pacejka Magic Formula '89 (Racer/VDrift a/b coefficients). Inside the formula the load
//    is in kN, the slip angle in degrees and the slip ratio in percent; this interface is SI.
//  - tanh: F = D tanh(S x / D), with D = mu(Fz) Fz (linear load sensitivity), S = k Fz.
// Width and compound (TyreSpec::coefficients_width, grip_scale): a tyre w times as wide as
// its coefficients' carries fz as w of those at fz / w would; the compound scales the curve.
// Combined slip uses normalised slips (each slip divided by its peak slip): the resultant
// normalised slip rho picks a point on each pure curve and the force is shared in the
// direction of the slip, so (Fx/Dx)^2 + (Fy/Dy)^2 <= 1 (the friction ellipse) always.
#include "vehicle/car_spec.h"

namespace racer {

struct TyreForce {
  double fx = 0.0;  ///< N, along the wheel's heading (+ = drives the car forward)
  double fy = 0.0;  ///< N, to the wheel's left (opposes the slip angle)
};

/// One pure curve at one load, in the tyre's own units (Pacejka: x in percent or degrees;
/// tanh: x in SI): y = D sin(C atan(B x' - E (B x' - atan(B x')))) + V with x' = x + H,
/// or y = D tanh(S x / D) for the tanh model (C = 0 marks it).
struct CurveShape {
  double b = 0.0, c = 0.0, d = 0.0, e = 0.0, h = 0.0, v = 0.0;
  double s = 0.0;      ///< tanh slope
  double scale = 1.0;  ///< SI slip -> the curve's x (100 for percent, 180/pi for degrees)
  double eval(double slip_si) const;
};

/// What a tyre's curves look like at one vertical load: computed once per wheel per step,
/// then many force evaluations at that load are cheap.
struct TyreLoad {
  double fz = 0.0;           ///< N
  double peak_fx = 0.0;      ///< N
  double peak_fy = 0.0;      ///< N
  double peak_kappa = 0.1;   ///< slip ratio at the longitudinal peak
  double peak_alpha = 0.1;   ///< rad, slip angle at the lateral peak
  CurveShape lon, lat;
};

class Tyre {
 public:
  explicit Tyre(const TyreSpec& spec);

  /// Pure longitudinal force, N, at load fz (N) and slip ratio kappa (dimensionless).
  double pure_fx(double fz, double kappa) const;
  /// Pure lateral force, N, at load fz (N) and slip angle alpha (rad); same sign as alpha
  /// (the caller applies it against the slip).
  double pure_fy(double fz, double alpha) const;
  /// Peak (maximum) pure forces, N.
  double peak_fx(double fz) const;
  double peak_fy(double fz) const;
  /// Slip at which the pure force peaks: ratio (dimensionless) and angle (rad).
  double peak_slip_ratio(double fz) const;
  double peak_slip_angle(double fz) const;
  /// Peak lateral friction coefficient peak_fy / fz at load fz.
  double mu_peak(double fz) const { return fz > 0.0 ? peak_fy(fz) / fz : 0.0; }

  /// Combined-slip force on a surface of relative grip `grip` (asphalt = 1).
  /// kappa: slip ratio; alpha: slip angle, rad, positive when the contact slides to the left.
  TyreForce combined(double fz, double kappa, double alpha, double grip) const;
  /// The same at a precomputed load (see at_load), for inner loops.
  TyreForce combined(const TyreLoad& load, double kappa, double alpha, double grip) const;
  /// Longitudinal part of combined() only (one curve evaluation).
  double combined_fx(const TyreLoad& load, double kappa, double alpha, double grip) const;
  /// Peaks and peak slips at load fz (N).
  TyreLoad at_load(double fz) const;

  const TyreSpec& spec() const { return spec_; }

 private:
  /// The curves at a tyre load fz (N): read at curve_load(fz), then scaled (width, compound).
  CurveShape lon_shape(double fz) const;
  CurveShape lat_shape(double fz) const;
  /// The coefficients' own curves at load fz (N).
  CurveShape lon_shape_at(double fz) const;
  CurveShape lat_shape_at(double fz) const;
  double curve_load(double fz) const;
  bool scaled() const { return width_ratio_ != 1.0 || spec_.grip_scale != 1.0; }
  void scale_shape(CurveShape& s) const;
  double tanh_mu(double fz) const;

  /// |load.lon.eval(x)|, remembering the last answer: a wheel's lateral force asks for the
  /// point its longitudinal solve ended on (same load, same x), one curve evaluation saved.
  double lon_magnitude(const TyreLoad& load, double x) const;

  TyreSpec spec_;
  double width_ratio_;  // width / coefficients_width (1 when the width does not change grip)
  double lon_peak_phi_, lat_peak_phi_;  // tan(pi / 2C), where each magic formula peaks
  mutable double memo_fz_ = -1.0, memo_x_ = 0.0, memo_y_ = 0.0;  // lon_magnitude's last call
};

/// The pneumatic trail, m, at slip angle alpha (rad) for a tyre whose lateral force peaks
/// at peak_alpha (rad): the spec's trail at small angles, falling linearly to 0 at the
/// peak (the lateral force moves forward to the contact's centre as the patch slides).
double pneumatic_trail(const TyreSpec& spec, double alpha, double peak_alpha);

/// Magic Formula shape y = D sin(C atan(B x - E (B x - atan(B x)))), exposed for tests.
double magic_formula(double x, double b, double c, double d, double e);
/// x > 0 where the magic formula peaks (C > 1); for C <= 1 it returns `fallback`.
double magic_formula_peak_x(double b, double c, double e, double fallback);
/// The same with tan(pi / 2C) precomputed.
double magic_formula_peak_x_at(double b, double e, double peak_phi, double fallback);

}  // namespace racer
