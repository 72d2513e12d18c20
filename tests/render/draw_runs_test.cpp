// Opaque runs: the split keeps the triangles' order and covers the list exactly, long
// opaque stretches become unblended runs, short ones stay in the blended stretch round them;
// drawn (SDL's software renderer on a surface), the picture is the one of a single blended
// call, and under another blend mode (additive) nothing is split.
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

/// `n` opaque triangles, each the same quarter of a 16 x 16 target, then one translucent.
std::vector<SDL_Vertex> stacked(int n, SDL_Color colour) {
  std::vector<SDL_Vertex> v;
  for (int i = 0; i < n; ++i)
    for (const SDL_FPoint p : {SDL_FPoint{0.0f, 0.0f}, SDL_FPoint{16.0f, 0.0f}, SDL_FPoint{0.0f, 16.0f}})
      v.push_back({p, colour, {0.0f, 0.0f}});
  for (const SDL_FPoint p : {SDL_FPoint{0.0f, 0.0f}, SDL_FPoint{16.0f, 0.0f}, SDL_FPoint{0.0f, 16.0f}})
    v.push_back({p, {200, 0, 0, 128}, {0.0f, 0.0f}});
  return v;
}

/// The pixel at (2, 2) of a 16 x 16 ARGB target cleared to grey, after `draw` under `mode`.
template <typename Draw>
Uint32 pixel_after(SDL_BlendMode mode, Draw draw) {
  SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, 16, 16, 32, SDL_PIXELFORMAT_ARGB8888);
  SDL_Renderer* r = SDL_CreateSoftwareRenderer(s);
  SDL_SetRenderDrawColor(r, 40, 40, 40, 255);
  SDL_RenderClear(r);
  SDL_SetRenderDrawBlendMode(r, mode);
  draw(r);
  SDL_RenderFlush(r);
  SDL_BlendMode after = SDL_BLENDMODE_INVALID;
  SDL_GetRenderDrawBlendMode(r, &after);
  EXPECT_EQ(after, mode) << "the blend mode is restored";
  const Uint32 p = static_cast<const Uint32*>(s->pixels)[2 * (s->pitch / 4) + 2];
  SDL_DestroyRenderer(r);
  SDL_FreeSurface(s);
  return p;
}

TEST(DrawRuns, DrawnInRunsLooksAsOneBlendedCall) {
  const auto v = stacked(70, {20, 90, 160, 255});
  const auto runs = opacity_runs(v);
  ASSERT_EQ(describe(runs), "O70 B1 ");
  const Uint32 split = pixel_after(SDL_BLENDMODE_BLEND, [&](SDL_Renderer* r) { draw_in_runs(r, v); });
  const Uint32 whole = pixel_after(SDL_BLENDMODE_BLEND, [&](SDL_Renderer* r) {
    SDL_RenderGeometry(r, nullptr, v.data(), static_cast<int>(v.size()), nullptr, 0);
  });
  EXPECT_EQ(split, whole);
}

TEST(DrawRuns, AdditiveGeometryIsNotSplit) {
  // Added 70 times, the blue channel saturates; drawn unblended it would be 160 only.
  const auto v = stacked(70, {0, 0, 160, 255});
  const Uint32 p = pixel_after(SDL_BLENDMODE_ADD, [&](SDL_Renderer* r) { draw_in_runs(r, v); });
  EXPECT_EQ(p & 0xFF, 255u) << "blue added up";
}

}  // namespace
}  // namespace racer
