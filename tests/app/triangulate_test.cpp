// Ear clipping: a concave polygon is covered exactly (areas add up), either winding, and
// broken input never hangs or crashes.
#include "render/triangulate.h"

#include <gtest/gtest.h>

#include <cmath>

namespace racer {
namespace {

double covered(const std::vector<Vec2>& poly) {
  double area = 0.0;
  for (const auto& t : triangulate(poly)) {
    const Vec2 a = poly[static_cast<std::size_t>(t[0])], b = poly[static_cast<std::size_t>(t[1])],
               c = poly[static_cast<std::size_t>(t[2])];
    area += 0.5 * std::abs(cross(b - a, c - a));
  }
  return area;
}

TEST(Triangulate, ConcaveLShapeBothWindings) {
  std::vector<Vec2> l{{0, 0}, {4, 0}, {4, 1}, {1, 1}, {1, 3}, {0, 3}};
  EXPECT_EQ(triangulate(l).size(), 4u);
  EXPECT_NEAR(covered(l), 6.0, 1e-9);
  std::vector<Vec2> r(l.rbegin(), l.rend());
  EXPECT_NEAR(covered(r), 6.0, 1e-9);
  // Triangles keep the polygon's winding.
  for (const auto& t : triangulate(r))
    EXPECT_LT(cross(r[static_cast<std::size_t>(t[1])] - r[static_cast<std::size_t>(t[0])],
                    r[static_cast<std::size_t>(t[2])] - r[static_cast<std::size_t>(t[0])]), 0.0);
}

TEST(Triangulate, CombWithManyReflexCorners) {
  std::vector<Vec2> comb{{0, 0}};
  for (int i = 0; i < 20; ++i) {
    comb.push_back({2.0 * i + 1.0, 0.0});
    comb.push_back({2.0 * i + 1.0, i % 2 ? 3.0 : 5.0});
    comb.push_back({2.0 * i + 2.0, i % 2 ? 3.0 : 5.0});
  }
  comb.push_back({41, 0});
  comb.push_back({41, -2});
  comb.push_back({0, -2});
  EXPECT_NEAR(covered(comb), std::abs(0.5 * signed_area2(comb)), 1e-6);
}

TEST(Triangulate, DegenerateInputIsHandled) {
  EXPECT_TRUE(triangulate({}).empty());
  EXPECT_TRUE(triangulate({{0, 0}, {1, 1}}).empty());
  EXPECT_TRUE(triangulate({{0, 0}, {1, 0}, {2, 0}, {3, 0}}).size() <= 2u);  // collinear
  const std::vector<Vec2> bow{{0, 0}, {2, 2}, {2, 0}, {0, 2}};  // self-intersecting
  EXPECT_LE(triangulate(bow).size(), 2u);
  EXPECT_TRUE(triangulate({{0, 0}, {NAN, 1}, {1, 1}}).empty());
  // A closing point equal to the first is ignored.
  EXPECT_NEAR(covered({{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}), 1.0, 1e-12);
}

}  // namespace
}  // namespace racer
