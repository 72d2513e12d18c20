#include "core/fixed_step.h"

#include <gtest/gtest.h>

namespace racer {
namespace {

TEST(FixedStep, CountsWholeStepsAndKeepsTheRemainder) {
  FixedStep fs(240.0);
  EXPECT_EQ(fs.advance(1.0 / 60.0), 4);  // 16.7 ms at 240 Hz: 4 steps of 4.17 ms
  EXPECT_NEAR(fs.alpha(), 0.0, 1e-9);
  EXPECT_EQ(fs.advance(0.5 / 240.0), 0);  // half a step: nothing yet, alpha = 0.5
  EXPECT_NEAR(fs.alpha(), 0.5, 1e-9);
  EXPECT_EQ(fs.advance(0.5 / 240.0), 1);
}

TEST(FixedStep, ClampsALongFrameAndCapsTheSteps) {
  FixedStep fs(240.0, 0.25, 16);
  // A 3 s hitch counts as 0.25 s (60 steps) and at most 16 run; the rest is dropped, so
  // the next normal frame runs normally instead of spiralling.
  EXPECT_EQ(fs.advance(3.0), 16);
  EXPECT_LT(fs.alpha(), 1.0);
  EXPECT_EQ(fs.advance(1.0 / 240.0), 1);
}

TEST(FixedStep, NegativeTimeIsIgnored) {
  FixedStep fs(60.0);
  EXPECT_EQ(fs.advance(-1.0), 0);
  EXPECT_EQ(fs.advance(1.0 / 60.0), 1);
}

}  // namespace
}  // namespace racer
