#include "core/fast_math.h"

#include <gtest/gtest.h>

#include <cmath>

namespace racer {
namespace {

// The tyre's Magic Formula runs on these: they must agree with libm to rounding level, so
// the physics does not depend on which one computed it.
TEST(FastMath, AtanMatchesLibmToRounding) {
  double worst = 0.0;
  for (int i = -200000; i <= 200000; ++i) {
    const double x = std::sinh(i * 1e-4) * 3.0;  // dense near 0, reaching +-1e9
    worst = std::max(worst, std::abs(fast_atan(x) - std::atan(x)));
  }
  EXPECT_LT(worst, 4e-16);
  EXPECT_EQ(fast_atan(0.0), 0.0);
  EXPECT_NEAR(fast_atan(1e300), std::atan(1e300), 1e-16);
  EXPECT_NEAR(fast_atan(-1e300), std::atan(-1e300), 1e-16);
}

TEST(FastMath, SinMatchesLibmOnMinusPiToPi) {
  double worst = 0.0;
  for (int i = -100000; i <= 100000; ++i) {
    const double x = i * (3.14159265358979 / 100000.0);
    worst = std::max(worst, std::abs(fast_sin(x) - std::sin(x)));
  }
  EXPECT_LT(worst, 1e-13);
  EXPECT_EQ(fast_sin(10.0), std::sin(10.0));  // outside [-pi, pi]: libm itself
}

}  // namespace
}  // namespace racer
