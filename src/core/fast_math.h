#pragma once
// Cheaper atan and sin for the tyre's inner loop (the Magic Formula calls atan once or twice
// and sin once per force evaluation, a few per wheel per step, all in one chain of dependent
// operations). Both are polynomial or rational approximations with no table and no branch
// on the rounding mode, so they are deterministic across runs like the rest of the
// simulation. Their polynomials are evaluated by Estrin's scheme (pairs of terms in
// parallel, then powers z^2, z^4 joining them) rather than Horner's, which halves the chain
// of dependent multiplications the processor must wait through.
//  - fast_atan: Cephes' atan (range reduction at tan(3 pi / 8) and 0.66, then a 4/5 rational
//    in x^2): within 4e-16 of std::atan (tests/core/fast_math_test.cpp).
//  - fast_sin: odd Taylor polynomial to x^17 on [-pi/2, pi/2], folded by sin(pi - x) = sin x
//    for |x| <= pi: within 1e-13 of std::sin there; larger |x| falls back to std::sin.
#include <cmath>

namespace racer {

inline double fast_atan(double x) {
  constexpr double kT3P8 = 2.41421356237309504880;  // tan(3 pi / 8)
  constexpr double kPiO2 = 1.57079632679489661923;
  constexpr double kPiO4 = 0.78539816339744830962;
  constexpr double kMoreBits = 6.123233995736765886130e-17;  // pi/2 - kPiO2
  const bool negative = x < 0.0;
  double a = negative ? -x : x;
  // The range reduction as selects and one division (a / 1 is exact), not branches: the
  // slip the tyre sees crosses these bounds unpredictably.
  const bool big = a > kT3P8, middle = !big && a > 0.66;
  const double y = big ? kPiO2 : (middle ? kPiO4 : 0.0);
  const double extra = big ? kMoreBits : (middle ? 0.5 * kMoreBits : 0.0);
  a = (big ? -1.0 : (middle ? a - 1.0 : a)) / (big ? a : (middle ? a + 1.0 : 1.0));
  const double z = a * a, z2 = z * z, z4 = z2 * z2;
  // p(z) = p4 z^4 + ... + p0, q(z) = z^5 + q4 z^4 + ... + q0 (Cephes' P and Q).
  const double p = (-6.485021904942025371773e1 - 1.228866684490136173410e2 * z) +
                   (-7.500855792314704667340e1 - 1.615753718733365076637e1 * z) * z2 +
                   -8.750608600031904122785e-1 * z4;
  const double q = (1.945506571482613964425e2 + 4.853903996359136964868e2 * z) +
                   (4.328810604912902668951e2 + 1.650270098316988542046e2 * z) * z2 +
                   (2.485846490142306297962e1 + z) * z4;
  const double r = y + ((a * (z * p / q) + a) + extra);
  return negative ? -r : r;
}

inline double fast_sin(double x) {
  constexpr double kPi = 3.14159265358979323846;
  constexpr double kPiO2 = 1.57079632679489661923;
  if (!(std::abs(x) <= kPi)) return std::sin(x);
  if (x > kPiO2) x = kPi - x;
  else if (x < -kPiO2) x = -kPi - x;
  const double z = x * x, z2 = z * z, z4 = z2 * z2;
  // sin x = x + x z p(z), p(z) = -1/3! + z/5! - z^2/7! + ... + z^7/17!.
  const double p = ((-1.6666666666666666667e-1 + 8.3333333333333333333e-3 * z) +    // 1/3!, 1/5!
                    (-1.9841269841269841270e-4 + 2.7557319223985890653e-6 * z) * z2) +  // 1/7!, 1/9!
                   ((-2.5052108385441718775e-8 + 1.6059043836821614599e-10 * z) +    // 1/11!, 1/13!
                    (-7.6471637318198164759e-13 + 2.8114572543455207632e-15 * z) * z2) * z4;  // 1/15!, 1/17!
  return x + x * z * p;
}

}  // namespace racer
