// Tyre curves: the analytic peak and slope of each model, and the friction ellipse.
#include "vehicle/tyre.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/math.h"

namespace racer {
namespace {

TyreSpec pacejka_spec() {
  TyreSpec t;
  t.model = TyreModel::Pacejka;
  t.pacejka.a = {1.5, -15, 1080, 3420, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  t.pacejka.b = {1.6, -15, 1100, 0, 230, 0, 0, 0, 0, 0, 0, 0, 0};
  return t;
}

TEST(MagicFormula, PeaksAtDWhereCAtanReachesHalfPi) {
  // With E = 0 the peak is D at B x = tan(pi / 2C) and the slope at the origin is B C D.
  const double b = 0.2, c = 1.5, d = 4000.0;
  const double x_peak = std::tan(kPi / (2.0 * c)) / b;
  EXPECT_NEAR(magic_formula(x_peak, b, c, d, 0.0), d, 1e-9 * d);
  EXPECT_NEAR(magic_formula_peak_x(b, c, 0.0, -1.0), x_peak, 1e-9);
  const double h = 1e-6;
  EXPECT_NEAR((magic_formula(h, b, c, d, 0.0) - magic_formula(-h, b, c, d, 0.0)) / (2 * h), b * c * d, 1e-6 * b * c * d);
}

TEST(MagicFormula, PeakSolverMatchesASampledMaximumWithCurvature) {
  // E != 0 moves the peak; the Newton solve must land on the sampled argmax.
  for (double e : {-1.0, -0.3, 0.4, 0.8}) {
    const double b = 0.15, c = 1.65, d = 1.0;
    double best_x = 0.0, best = -1.0;
    for (double x = 0.0; x < 60.0; x += 1e-4) {
      const double y = magic_formula(x, b, c, d, e);
      if (y > best) {
        best = y;
        best_x = x;
      }
    }
    EXPECT_NEAR(magic_formula_peak_x(b, c, e, -1.0), best_x, 2e-4) << "E = " << e;
    EXPECT_NEAR(best, d, 1e-9) << "E = " << e;  // the peak value is D whatever E is
  }
}

TEST(Tyre, PacejkaPureCurvesHitPeakAndSlopeInSiUnits) {
  const Tyre tyre(pacejka_spec());
  const double fz = 3700.0, fz_kn = 3.7;
  // Lateral: D = Fz (a1 Fz + a2) N; slope BCD = a3 sin(2 atan(Fz/a4)) N/deg -> N/rad.
  const double d = fz_kn * (-15 * fz_kn + 1080);
  const double bcd_per_rad = 3420 * std::sin(2 * std::atan(fz_kn / 20)) * 180.0 / kPi;
  EXPECT_NEAR(tyre.peak_fy(fz), d, 1e-9 * d);
  EXPECT_NEAR(tyre.pure_fy(fz, tyre.peak_slip_angle(fz)), d, 1e-6 * d);
  const double h = 1e-7;
  EXPECT_NEAR((tyre.pure_fy(fz, h) - tyre.pure_fy(fz, -h)) / (2 * h), bcd_per_rad, 1e-5 * bcd_per_rad);
  // Longitudinal: slope BCD = b4 Fz N per percent -> N per unit slip ratio.
  const double dx = fz_kn * (-15 * fz_kn + 1100);
  EXPECT_NEAR(tyre.pure_fx(fz, tyre.peak_slip_ratio(fz)), dx, 1e-6 * dx);
  EXPECT_NEAR((tyre.pure_fx(fz, h) - tyre.pure_fx(fz, -h)) / (2 * h), 230 * fz_kn * 100.0, 1e-5 * 230 * fz_kn * 100.0);
  EXPECT_NEAR(tyre.mu_peak(fz), d / fz, 1e-12);
}

TEST(Tyre, TanhCurveHasSlopeSFzAndAsymptoteD) {
  TyreSpec spec;
  spec.model = TyreModel::Tanh;
  spec.tanh = {1.1, 0.1, 3000.0, 16.0, 18.0};
  const Tyre tyre(spec);
  const double fz = 4500.0;
  const double mu = 1.1 * (1.0 - 0.1 * (4500.0 - 3000.0) / 3000.0);  // linear load sensitivity
  EXPECT_NEAR(tyre.peak_fy(fz), mu * fz, 1e-9);
  EXPECT_NEAR(tyre.pure_fy(fz, 1.5), mu * fz, 1e-6 * mu * fz);  // deep slide: the asymptote
  const double h = 1e-7;
  EXPECT_NEAR((tyre.pure_fy(fz, h) - tyre.pure_fy(fz, -h)) / (2 * h), 16.0 * fz, 1e-5 * 16.0 * fz);
  EXPECT_NEAR((tyre.pure_fx(fz, h) - tyre.pure_fx(fz, -h)) / (2 * h), 18.0 * fz, 1e-5 * 18.0 * fz);
}

TEST(Tyre, CombinedSlipNeverLeavesTheFrictionEllipse) {
  for (TyreModel model : {TyreModel::Pacejka, TyreModel::Tanh}) {
    TyreSpec spec = pacejka_spec();
    spec.model = model;
    const Tyre tyre(spec);
    std::mt19937 rng(12345);
    std::uniform_real_distribution<double> load(50.0, 9000.0), kappa(-1.5, 1.5), alpha(-1.2, 1.2);
    for (int i = 0; i < 20000; ++i) {
      const double fz = load(rng), k = kappa(rng), a = alpha(rng);
      const TyreForce f = tyre.combined(fz, k, a, 1.0);
      const double e = square(f.fx / tyre.peak_fx(fz)) + square(f.fy / tyre.peak_fy(fz));
      ASSERT_LE(e, 1.0 + 1e-9) << "fz=" << fz << " kappa=" << k << " alpha=" << a;
      // Forces oppose the slip: drive with positive kappa, push right when sliding left.
      if (std::abs(k) > 1e-6) {
        ASSERT_EQ(f.fx > 0, k > 0);
      }
      if (std::abs(a) > 1e-6) {
        ASSERT_EQ(f.fy < 0, a > 0);
      }
    }
  }
}

TEST(Tyre, CombinedEqualsPureAlongEachAxis) {
  const Tyre tyre(pacejka_spec());
  EXPECT_NEAR(tyre.combined(3000, 0.05, 0.0, 1.0).fx, tyre.pure_fx(3000, 0.05), 1e-9);
  EXPECT_NEAR(tyre.combined(3000, 0.0, 0.05, 1.0).fy, -tyre.pure_fy(3000, 0.05), 1e-9);
  EXPECT_NEAR(tyre.combined(3000, 0.0, 0.05, 0.5).fy, -0.5 * tyre.pure_fy(3000, 0.05), 1e-9);  // surface grip scales
}

TEST(Tyre, NoLoadNoForce) {
  const Tyre tyre(pacejka_spec());
  const TyreForce f = tyre.combined(0.0, 0.3, 0.3, 1.0);
  EXPECT_EQ(f.fx, 0.0);
  EXPECT_EQ(f.fy, 0.0);
}

}  // namespace
}  // namespace racer
