// Opaque runs: the split keeps the triangles' order and covers the list exactly, long
// opaque stretches become unblended runs, short ones stay in the blended stretch round them.
#include "render/draw_runs.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace racer {
namespace {

/// A triangle list from a pattern: 'o' an opaque triangle, 't' one with a translucent vertex.
std::vector<SDL_Vertex> triangles(const std::string& pattern) {
  std::vector<SDL_Vertex> v;
  for (const char c : pattern)
    for (int k = 0; k < 3; ++k) {
      SDL_Vertex x{};
      x.color = {10, 20, 30, static_cast<Uint8>(c == 't' && k == 1 ? 0 : 255)};
      v.push_back(x);
    }
  return v;
}

/// The runs as a string: per run its opacity ('O' or 'B') and its triangle count.
std::string describe(const std::vector<DrawRun>& runs) {
  std::string s;
  for (const DrawRun& r : runs) s += (r.opaque ? "O" : "B") + std::to_string(r.count / 3) + " ";
  return s;
}

void expect_contiguous(const std::vector<DrawRun>& runs, std::size_t vertices) {
  std::size_t next = 0;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    EXPECT_EQ(runs[i].first, next) << "run " << i << " starts where the last ended";
    EXPECT_EQ(runs[i].count % 3, 0u);
    if (i > 0) {
      EXPECT_NE(runs[i].opaque, runs[i - 1].opaque) << "neighbours differ";
    }
    next += runs[i].count;
  }
  EXPECT_EQ(next, vertices - vertices % 3);
}

TEST(DrawRuns, LongOpaqueStretchesAreUnblended) {
  const auto v = triangles("oooootttoooootoo");
  const auto runs = opacity_runs(v, 4);
  EXPECT_EQ(describe(runs), "O5 B3 O5 B3 ");  // the last two opaque triangles are too few
  expect_contiguous(runs, v.size());
}

TEST(DrawRuns, ShortOpaqueStretchesMergeIntoTheBlendedRun) {
  const auto v = triangles("tootootoot");
  const auto runs = opacity_runs(v, 3);
  EXPECT_EQ(describe(runs), "B10 ");
  expect_contiguous(runs, v.size());
}

TEST(DrawRuns, AllOpaqueOrNoneAndEmpty) {
  EXPECT_EQ(describe(opacity_runs(triangles("oooooooo"), 8)), "O8 ");
  EXPECT_EQ(describe(opacity_runs(triangles("oooooooo"), 9)), "B8 ");
  EXPECT_EQ(describe(opacity_runs(triangles("oooooooo"), 0)), "B8 ") << "0 turns the split off";
  EXPECT_EQ(describe(opacity_runs(triangles("tttt"), 1)), "B4 ");
  EXPECT_TRUE(opacity_runs(triangles(""), 1).empty());
}

TEST(DrawRuns, APartialLastTriangleIsLeftOut) {
  auto v = triangles("oo");
  v.push_back(v.front());
  const auto runs = opacity_runs(v, 1);
  EXPECT_EQ(describe(runs), "O2 ");
  expect_contiguous(runs, v.size());
}

}  // namespace
}  // namespace racer
