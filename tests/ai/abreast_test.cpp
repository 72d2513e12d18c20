// abreast_length (ai/abreast.h): how far our passing lane keeps room beside the car we pass.
#include "ai/abreast.h"

#include <gtest/gtest.h>

#include <vector>

namespace racer {
namespace {

// Our lane 3.5 m left of a car on its line for three samples, then 2.5 m (the road narrows
// into a corner): room for 12 m (three 4 m samples) with 3 m apart; on its right (side -1)
// the same lane has none at all.
TEST(Abreast, RoomLastsUntilTheLaneComesWithinTwoCarsOfTheOther) {
  const std::vector<double> ours{3.5, 3.5, 3.5, 2.5, 3.5};
  const std::vector<double> theirs(5, 0.0);
  const AbreastRules r{3.0, 4.0};
  EXPECT_DOUBLE_EQ(abreast_length(ours, theirs, +1, r), 12.0);
  EXPECT_DOUBLE_EQ(abreast_length(ours, theirs, -1, r), 0.0);
}

// The other car's expected offset counts as much as our lane's: a car coming back to its line
// towards our lane shortens the room; room never running out gives the span's whole length.
TEST(Abreast, TheOtherCarMovingTowardsUsShortensIt) {
  const std::vector<double> ours{-1.0, -1.0, -1.0, -1.0};
  const AbreastRules r{3.0, 4.0};
  EXPECT_DOUBLE_EQ(abreast_length(ours, std::vector<double>{2.5, 2.5, 2.5, 2.5}, -1, r), 16.0);
  EXPECT_DOUBLE_EQ(abreast_length(ours, std::vector<double>{2.5, 2.0, 1.5, 1.0}, -1, r), 8.0);  // 3.0 apart at 4 m, 2.5 at 8 m
}

}  // namespace
}  // namespace racer
