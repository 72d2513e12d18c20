#include "core/polyline.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace racer {
namespace {

// The block bounds only skip work: the nearest segment, its u and its distance must be
// exactly the full scan's, ties included.
TEST(Polyline, BlocksGiveTheFullScansAnswerExactly) {
  std::vector<Vec2> pts;
  for (int k = 0; k < 500; ++k) {  // a wiggly closed loop with a lobe that comes back near itself
    const double a = 2.0 * 3.14159265358979 * k / 500.0;
    const double r = 100.0 + 40.0 * std::sin(3.0 * a);
    pts.push_back({r * std::cos(a), r * std::sin(a)});
  }
  pts.push_back(pts[7]);  // an exact duplicate vertex: a tie between segments
  const int n = static_cast<int>(pts.size());
  const auto vertex = [&](int k) { return pts[static_cast<std::size_t>(k)]; };
  const auto far = [](int) { return 0.0; };  // always fall back to the search over everything
  for (bool closed : {true, false}) {
    const SegmentBlocks blocks(n, closed, vertex);
    for (int i = 0; i < 4000; ++i) {
      const Vec2 p{-170.0 + (i % 63) * 5.4, -170.0 + (i / 63) * 5.4};
      const int hint = i % 3 == 0 ? -1 : (i * 37) % n;
      const NearestSegment a = nearest_segment(p, n, closed, hint, 50, vertex, far);
      const NearestSegment b = nearest_segment(p, n, closed, hint, 50, vertex, far, &blocks);
      ASSERT_EQ(a.segment, b.segment) << p.x << ", " << p.y;
      ASSERT_EQ(a.u, b.u);
      ASSERT_EQ(a.d2, b.d2);
    }
  }
}

}  // namespace
}  // namespace racer
