// The lab's grid as a scene for the motion planners: the rectangles cover exactly the blocked
// cells of the window, the drawn polygons join them, and a frame walls the window in.
#include "game/lab_scene.h"

#include <gtest/gtest.h>

#include <random>

namespace racer {
namespace {

// A random map: about a third of the cells blocked, in blobs and single cells.
LabMap random_map(int w, int h, unsigned seed) {
  LabMap m;
  m.grid = SearchGrid(w, h);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> coin(0, 2);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (coin(rng) == 0) m.grid.set_passable(x, y, false);
  return m;
}

// Points well inside cells (never on a cell's edge, where the closed rectangles of two
// neighbouring blocked and free cells both claim the point).
TEST(LabScene, RectanglesCoverExactlyTheBlockedCellsOfTheWindow) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> inside(0.02, 0.98);
  for (unsigned seed = 1; seed <= 20; ++seed) {
    const LabMap m = random_map(31, 17, seed);
    const LabWindow windows[] = {whole_map(m.grid), lab_window(m.grid, {5, 4}, {12, 9}, 3)};
    for (const LabWindow& w : windows) {
      const LabScene sc = lab_scene(m, w);
      Scene cells;  // the cell rectangles alone
      cells.polygons.assign(sc.scene.polygons.begin(), sc.scene.polygons.begin() + sc.cell_rectangles);
      double area = 0.0;
      for (const Polygon& p : cells.polygons) area += signed_area(p);
      int blocked_cells = 0;
      for (int y = w.y0; y < w.y1; ++y)
        for (int x = w.x0; x < w.x1; ++x) {
          blocked_cells += m.grid.passable(x, y) ? 0 : 1;
          for (int k = 0; k < 4; ++k) {
            const Vec2 q{x + inside(rng), y + inside(rng)};
            EXPECT_EQ(blocked(cells, q), !m.grid.passable(x, y)) << "seed " << seed << " cell " << x << "," << y;
            EXPECT_EQ(blocked(sc.scene, q), !m.grid.passable(x, y));
          }
        }
      // Disjoint rectangles: their areas add up to the blocked cells (exact: whole numbers).
      EXPECT_EQ(area, static_cast<double>(blocked_cells));
      EXPECT_LT(sc.cell_rectangles, blocked_cells + 1);
      // The frame: just outside the window, every side.
      EXPECT_TRUE(blocked(sc.scene, {w.x0 - 0.5, (w.y0 + w.y1) * 0.5}));
      EXPECT_TRUE(blocked(sc.scene, {w.x1 + 0.5, (w.y0 + w.y1) * 0.5}));
      EXPECT_TRUE(blocked(sc.scene, {(w.x0 + w.x1) * 0.5, w.y0 - 0.5}));
      EXPECT_TRUE(blocked(sc.scene, {(w.x0 + w.x1) * 0.5, w.y1 + 0.5}));
    }
  }
}

TEST(LabScene, RunsMergeIntoFewRectangles) {
  LabMap m;
  m.grid = SearchGrid(40, 30);
  for (int y = 5; y < 25; ++y)
    for (int x = 10; x < 14; ++x) m.grid.set_passable(x, y, false);  // one 4 x 20 wall
  for (int x = 0; x < 40; ++x) m.grid.set_passable(x, 0, false);    // one row
  const LabScene sc = lab_scene(m, whole_map(m.grid));
  EXPECT_EQ(sc.cell_rectangles, 2);
  EXPECT_EQ(sc.scene.polygons.size(), 2u + 4u);  // and the frame
}

TEST(LabScene, DrawnPolygonsJoinTheSceneUnlessTheyCrossThemselves) {
  LabMap m;
  m.grid = SearchGrid(20, 20);
  Polygon tri;
  tri.vertices = {{2.0, 2.0}, {8.0, 2.2}, {4.0, 7.0}};
  Polygon bow;  // a bow tie: its edges cross
  bow.vertices = {{10.0, 10.0}, {14.0, 14.0}, {14.0, 10.0}, {10.0, 14.0}};
  m.obstacles = {tri, bow};
  EXPECT_TRUE(simple_polygon(tri));
  EXPECT_FALSE(simple_polygon(bow));
  const LabScene sc = lab_scene(m, whole_map(m.grid));
  EXPECT_EQ(sc.cell_rectangles, 0);
  EXPECT_EQ(sc.scene.polygons.size(), 1u + 4u);
  EXPECT_TRUE(blocked(sc.scene, {4.0, 3.0}));
  EXPECT_FALSE(blocked(sc.scene, {12.0, 11.0}));
}

}  // namespace
}  // namespace racer
