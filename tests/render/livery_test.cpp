// Liveries: assignment is a pure function of the grid (same field, same looks), the
// player's is unlike every AI car's, the numbers of a full field are distinct, and the
// seven-segment digits exist and stay inside their cell for every number 0..99.
#include "render/livery.h"

#include <gtest/gtest.h>

#include <bitset>
#include <cmath>
#include <set>

namespace racer {
namespace {

bool same(Rgba a, Rgba b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

TEST(Livery, FieldOfTwelveHasDistinctNumbersAndOnePlayerLook) {
  constexpr std::size_t kField = 12;  // the player and kMaxOpponents (11) AI cars
  for (std::size_t player = 0; player < kField; ++player) {
    std::set<int> numbers;
    for (std::size_t car = 0; car < kField; ++car) {
      const Livery l = driver_livery(car, player);
      numbers.insert(l.number);
      EXPECT_GE(l.number, 0);
      EXPECT_LE(l.number, 99);
      if (car == player) continue;
      EXPECT_NE(l.number, kPlayerNumber);
      EXPECT_FALSE(same(l.paint.body, player_livery().paint.body));
      EXPECT_NE(l.pattern, LiveryPattern::Plain);
    }
    EXPECT_EQ(numbers.size(), kField) << "player at " << player;
    EXPECT_EQ(driver_livery(player, player).number, kPlayerNumber);
  }
}

TEST(Livery, AssignmentIsDeterministicAndRepeatedColoursWearAnotherPattern) {
  for (std::size_t i = 0; i < 30; ++i) {
    const Livery a = ai_livery(i), b = ai_livery(i);
    EXPECT_TRUE(same(a.paint.body, b.paint.body) && same(a.accent, b.accent));
    EXPECT_EQ(a.pattern, b.pattern);
    EXPECT_EQ(a.number, b.number);
  }
  for (std::size_t i = 0; i < kAiPaintCount; ++i) {  // the palette's second lap differs in its pattern
    EXPECT_TRUE(same(ai_livery(i).paint.body, ai_livery(i + kAiPaintCount).paint.body));
    EXPECT_NE(ai_livery(i).pattern, ai_livery(i + kAiPaintCount).pattern);
  }
  // driver_paint (minimap dots, skid marks) agrees with the livery the car wears.
  for (std::size_t car = 0; car < 12; ++car) EXPECT_TRUE(same(driver_paint(car, 4).body, driver_livery(car, 4).paint.body));
}

TEST(Livery, PatternsCoverPartOfTheBodyAndDiffer) {
  const Extent e{-2.3, 1.7, 0.865, 4.0};  // the shipped hatchback's box
  const std::vector<Vec2> body{{e.rear, -e.half_width}, {e.front, -e.half_width}, {e.front, e.half_width}, {e.rear, e.half_width}};
  const double box = polygon_area(body);
  std::set<long> covered;
  EXPECT_TRUE(pattern_shapes(LiveryPattern::Plain, e).empty());
  for (int p = 1; p < kLiveryPatternCount; ++p) {
    double area = 0.0, moment = 0.0;
    for (const std::vector<Vec2>& shape : pattern_shapes(static_cast<LiveryPattern>(p), e)) {
      EXPECT_GT(polygon_area(shape), 0.0);  // counter-clockwise
      const std::vector<Vec2> in = clip_convex(shape, body);
      area += polygon_area(in);
      for (Vec2 v : in) moment += v.x + 3.0 * std::abs(v.y);
    }
    // Visible at a glance but leaving the body colour the car's colour: 8% to 45% of the top.
    EXPECT_GT(area, 0.08 * box) << p;
    EXPECT_LT(area, 0.45 * box) << p;
    covered.insert(std::lround(area * 100.0 + moment * 1000.0));
  }
  EXPECT_EQ(covered.size(), static_cast<std::size_t>(kLiveryPatternCount - 1));
}

TEST(Livery, SevenSegmentDigitsAreDistinct) {
  std::set<int> masks;
  for (int d = 0; d <= 9; ++d) {
    EXPECT_NE(digit_segments(d), 0);
    masks.insert(digit_segments(d));
  }
  EXPECT_EQ(masks.size(), 10u);
  EXPECT_EQ(digit_segments(10), 0);
  EXPECT_EQ(std::bitset<8>(digit_segments(8)).count(), 7u);
  EXPECT_EQ(std::bitset<8>(digit_segments(1)).count(), 2u);
}

TEST(Livery, EveryNumberFrom0To99HasStrokesInsideItsCell) {
  for (int n = 0; n <= 99; ++n) {
    const std::vector<GlyphStroke> strokes = number_strokes(n);
    std::size_t segments = std::bitset<8>(digit_segments(n % 10)).count();
    if (n >= 10) segments += std::bitset<8>(digit_segments(n / 10)).count();
    EXPECT_EQ(strokes.size(), segments) << n;
    const double half_w = number_width(n) / 2.0;
    for (const GlyphStroke& s : strokes)
      for (Vec2 p : {s.a, s.b}) {  // centre lines, ends: the strokes' outer edges reach the cell's edges
        EXPECT_LE(std::abs(p.x), half_w + 1e-12) << n;
        EXPECT_LE(std::abs(p.y), 0.5 + 1e-12) << n;
      }
  }
  for (int n : {0, 7, 10, 99}) {  // the plate fits the room every body leaves for it
    EXPECT_LE(number_plate_size(n).x, kPlateLength + 1e-12);
    EXPECT_GT(number_plate_size(n).x, number_width(n));
  }
  EXPECT_TRUE(number_strokes(-1).empty());
  EXPECT_TRUE(number_strokes(100).empty());
  EXPECT_GT(number_width(42), number_width(7));
}

}  // namespace
}  // namespace racer
