// Visibility graph: shortest paths on scenes with hand-computed answers, clearance of every
// path, the disc robot's rounded detour, and one graph answering many queries.
//
// Tolerances: corners are pushed 1e-7 off the obstacles (VisibilityOptions::push), which
// lengthens a path by a few times 1e-7 per corner; 1e-5 covers that with room.
#include "plan/visibility_graph.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <ctime>
#include <limits>
#include <numbers>
#include <random>

namespace racer {
namespace {

constexpr double kTol = 1e-5;
constexpr double kInf = std::numeric_limits<double>::infinity();

// Exact distance from a segment to a polygon (0 when they meet).
double segment_distance(const Segment& s, const Polygon& p) {
  if (intersects(s, p)) return 0.0;
  double best = std::min(boundary_distance(p, s.a), boundary_distance(p, s.b));
  for (int k = 0; k < p.size(); ++k) {
    const Segment e = p.edge(k);
    best = std::min({best, length(e.a - closest_point(s, e.a)), length(e.b - closest_point(s, e.b))});
  }
  return best;
}

double path_length(const std::vector<Vec2>& pts) {
  double sum = 0.0;
  for (std::size_t k = 1; k < pts.size(); ++k) sum += length(pts[k] - pts[k - 1]);
  return sum;
}

// Every segment keeps more than r from every obstacle of the scene (r = 0: never touches).
void expect_clear(const Scene& s, const VisibilityPath& path, double r) {
  for (std::size_t k = 1; k < path.points.size(); ++k) {
    const Segment seg{path.points[k - 1], path.points[k]};
    for (const Polygon& p : s.polygons) {
      EXPECT_FALSE(intersects(seg, p)) << "segment " << k;
      EXPECT_GT(segment_distance(seg, p), r) << "segment " << k;
    }
    for (const Disc& d : s.discs) EXPECT_GT(length(closest_point(seg, d.centre) - d.centre), d.radius + r) << "segment " << k;
  }
}

TEST(VisibilityGraph, WrapsTwoCornersOfASquare) {
  // [-1,1]^2 between (-3,0) and (3,0): over (or under) it, (-3,0) (-1,1) (1,1) (3,0):
  // sqrt(5) + 2 + sqrt(5).
  Scene s;
  s.polygons.push_back(box({-1, -1}, {1, 1}));
  VisibilityGraph vg(s);
  EXPECT_EQ(vg.nodes().size(), 4u);
  EXPECT_EQ(vg.edges().size(), 4u);  // the square's sides; the diagonals cross it
  const VisibilityPath p = vg.query({-3, 0}, {3, 0});
  ASSERT_TRUE(p.found);
  EXPECT_NEAR(p.length, 2 * std::sqrt(5.0) + 2, kTol);
  EXPECT_NEAR(path_length(p.points), p.length, 1e-12);
  ASSERT_EQ(p.points.size(), 4u);
  EXPECT_NEAR(std::abs(p.points[1].y), 1.0, kTol);
  EXPECT_NEAR(p.points[1].x, -1.0, kTol);
  EXPECT_NEAR(p.points[2].x, 1.0, kTol);
  expect_clear(s, p, 0.0);
}

TEST(VisibilityGraph, TwoBoxesTakeTheShorterSide) {
  // [2,4] x [-1,1] and [6,8] x [-3,1] between (0,0) and (10,0). Over both tops (y = 1):
  // sqrt(5) + 6 + sqrt(5) = 10.47; under both: sqrt(5) + sqrt(20) + 2 + sqrt(13) = 12.31;
  // mixed sides cost more than either (each crossing adds a climb).
  Scene s;
  s.polygons.push_back(box({2, -1}, {4, 1}));
  s.polygons.push_back(box({6, -3}, {8, 1}));
  VisibilityGraph vg(s);
  const VisibilityPath p = vg.query({0, 0}, {10, 0});
  ASSERT_TRUE(p.found);
  EXPECT_NEAR(p.length, 2 * std::sqrt(5.0) + 6, kTol);
  ASSERT_EQ(p.points.size(), 4u);  // the tops' far corners are on the straight line y = 1
  EXPECT_NEAR(p.points[1].y, 1.0, kTol);
  EXPECT_NEAR(p.points[2].y, 1.0, kTol);
  expect_clear(s, p, 0.0);
}

TEST(VisibilityGraph, SeesTheGoalDirectly) {
  Scene s;
  s.polygons.push_back(box({-1, -1}, {1, 1}));
  VisibilityGraph vg(s);
  const VisibilityPath p = vg.query({-3, 5}, {4, 1.5});
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.points.size(), 2u);
  EXPECT_DOUBLE_EQ(p.length, std::hypot(7.0, 3.5));
  EXPECT_EQ(p.expanded, 2);  // the start, then the goal: the heuristic is exact
  // Paths keep a distance > 0 (push / 2) from the obstacles: passing 1e-6 above the top
  // edge is seen directly, running along it (touching) is not.
  EXPECT_EQ(vg.query({-3, 1 + 1e-6}, {3, 1 + 1e-6}).points.size(), 2u);
  EXPECT_EQ(vg.query({-3, 1}, {3, 1}).points.size(), 4u);
}

TEST(VisibilityGraph, EnclosedOrBlockedGoalIsUnreachable) {
  Scene s;  // four walls around (0,0), overlapping at the corners
  s.polygons.push_back(box({-5, -5}, {5, -4}));
  s.polygons.push_back(box({-5, 4}, {5, 5}));
  s.polygons.push_back(box({-5, -5}, {-4, 5}));
  s.polygons.push_back(box({4, -5}, {5, 5}));
  VisibilityGraph vg(s);
  const VisibilityPath out = vg.query({10, 0}, {0, 0});
  EXPECT_FALSE(out.found);
  EXPECT_TRUE(out.points.empty());
  EXPECT_GT(out.expanded, 4);  // the whole outside was searched
  EXPECT_FALSE(vg.query({10, 0}, {4.5, 0}).found);  // inside a wall
  EXPECT_FALSE(vg.query({4.5, 0}, {10, 0}).found);
  EXPECT_TRUE(vg.query({1, 1}, {-2, -3}).found);  // inside, both ends
  EXPECT_TRUE(vg.query({10, 0}, {-10, 0}).found);
}

TEST(VisibilityGraph, IntoTheCupOfANonConvexObstacle) {
  // A cup open upwards, walls 1 thick; from (0,-5) below to (0,0) inside it: round the
  // outer corner (-3,-3), up the wall to (-3,3), along the rim to (-2,3), down in:
  // sqrt(13) + 6 + 1 + sqrt(13).
  Scene s;
  s.polygons.push_back(Polygon{{{-3, -3}, {3, -3}, {3, 3}, {2, 3}, {2, -2}, {-2, -2}, {-2, 3}, {-3, 3}}});
  VisibilityGraph vg(s);
  const VisibilityPath p = vg.query({0, -5}, {0, 0});
  ASSERT_TRUE(p.found);
  EXPECT_NEAR(p.length, 2 * std::sqrt(13.0) + 7, kTol);
  expect_clear(s, p, 0.0);
  // The cup's inner corners (-2,-2) and (2,-2) are reflex: no node there.
  for (Vec2 v : vg.nodes()) EXPECT_GT(length(v - Vec2{-2, -2}) * length(v - Vec2{2, -2}), 1e-3);
}

TEST(VisibilityGraph, DiscRobotRoundsTheCorners) {
  // A disc robot of radius r = 0.5 past [-1,1]^2 from (-5,0) to (5,0). The exact answer
  // follows the rounded square: tangent from (-5,0) to the circle of radius r about
  // (-1,1), the arc to its top (-1, 1 + r), along y = 1 + r, then mirrored.
  const double r = 0.5;
  const Vec2 p0{-5, 0}, c{-1, 1};
  const double d = length(c - p0);
  const double tangent = std::sqrt(d * d - r * r);
  const double to_p0 = std::atan2(p0.y - c.y, p0.x - c.x) + 2 * std::numbers::pi;  // 194 deg
  const double touch = to_p0 - std::acos(r / d);  // the tangent point's normal, 111 deg
  const double exact = 2 * (tangent + r * (touch - std::numbers::pi / 2)) + 2;

  Scene s;
  s.polygons.push_back(box({-1, -1}, {1, 1}));
  for (int arcs : {2, 4, 8, 16}) {
    VisibilityGraph vg(s, {.robot_radius = r, .arc_segments = arcs});
    const VisibilityPath p = vg.query(p0, {5, 0});
    ASSERT_TRUE(p.found);
    // The outer polygon's path is never shorter than the exact one; its corners sit at
    // most r (1 / cos(step / 2) - 1) out, step <= pi / 2 / arcs: the excess is about that
    // offset times the turn (~1 rad) per corner.
    const double offset = r * (1 / std::cos(std::numbers::pi / 4 / arcs) - 1);
    std::printf("[ measure  ] disc robot, %2d segments per corner arc: %.6f (exact %.6f, +%.2e)\n", arcs, p.length,
                exact, p.length - exact);
    EXPECT_GE(p.length, exact - kTol);
    EXPECT_LE(p.length, exact + 4 * offset + kTol);
    expect_clear(s, p, r);
  }
}

TEST(VisibilityGraph, GapWiderThanTheRobotOnly) {
  // A wall with a gap 1 wide at x in [-0.5, 0.5]: a disc of radius 0.4 goes straight
  // through (length 10), one of radius 0.6 (diameter 1.2) must go round an end of the
  // wall: at least 2 sqrt(5^2 + 4^2) = 12.8 even for a point.
  Scene s;
  s.polygons.push_back(box({-5, -1}, {-0.5, 1}));
  s.polygons.push_back(box({0.5, -1}, {5, 1}));
  VisibilityGraph thin(s, {.robot_radius = 0.4});
  const VisibilityPath through = thin.query({0, -5}, {0, 5});
  ASSERT_TRUE(through.found);
  EXPECT_DOUBLE_EQ(through.length, 10.0);
  VisibilityGraph wide(s, {.robot_radius = 0.6});
  const VisibilityPath round = wide.query({0, -5}, {0, 5});
  ASSERT_TRUE(round.found);
  EXPECT_GT(round.length, 2 * std::sqrt(41.0));
  for (Vec2 v : round.points) EXPECT_TRUE(std::abs(v.x) > 5.0 || std::abs(v.y) > 1.0);
  expect_clear(s, round, 0.6);
}

// Random boxes and random free ends.
Scene random_boxes(std::mt19937& rng, int n) {
  std::uniform_real_distribution<double> at(-20.0, 20.0), side(0.5, 4.0);
  Scene s;
  for (int k = 0; k < n; ++k) {
    const Vec2 c{at(rng), at(rng)};
    s.polygons.push_back(k % 3 == 2 ? oriented_box(c, side(rng), side(rng) * 0.5, at(rng)) : box(c, c + Vec2{side(rng), side(rng)}));
  }
  s.discs.push_back({{at(rng), at(rng)}, side(rng) * 0.5});
  return s;
}

TEST(VisibilityGraph, PathsKeepClearOnRandomScenes) {
  std::mt19937 rng(99);
  std::uniform_real_distribution<double> at(-22.0, 22.0);
  int found = 0;
  for (int scene = 0; scene < 12; ++scene) {
    const Scene s = random_boxes(rng, 8);
    const double r = scene % 2 == 0 ? 0.0 : 0.4;
    VisibilityGraph vg(s, {.robot_radius = r, .arc_segments = 3});
    for (int q = 0; q < 10; ++q) {
      const Vec2 a{at(rng), at(rng)}, b{at(rng), at(rng)};
      const VisibilityPath p = vg.query(a, b);
      if (!p.found) continue;
      ++found;
      EXPECT_GE(p.length, length(b - a) - 1e-12);
      EXPECT_NEAR(path_length(p.points), p.length, 1e-9);
      expect_clear(s, p, r);
    }
  }
  EXPECT_GT(found, 60);
}

// Independent brute force for axis-aligned boxes: Dijkstra over the complete graph of the
// boxes' corners (not strictly inside another box) and the two ends, an edge allowed when
// it enters no box's open interior (Liang-Barsky clipping). O(V^2) per query, no pushes.
bool enters_open_box(Vec2 a, Vec2 b, const Polygon& bx) {
  const Aabb r = bounds(bx);
  double t0 = 0.0, t1 = 1.0;
  const Vec2 d = b - a;
  const double p[4] = {-d.x, d.x, -d.y, d.y};
  const double q[4] = {a.x - r.lo.x, r.hi.x - a.x, a.y - r.lo.y, r.hi.y - a.y};
  for (int k = 0; k < 4; ++k) {
    if (p[k] == 0.0) {
      if (q[k] <= 0.0) return false;  // parallel, on or outside this side's line
      continue;
    }
    const double t = q[k] / p[k];
    if (p[k] < 0.0)
      t0 = std::max(t0, t);
    else
      t1 = std::min(t1, t);
  }
  return t1 - t0 > 1e-12;
}

double brute_shortest(const std::vector<Polygon>& boxes, Vec2 a, Vec2 b) {
  std::vector<Vec2> pts{a, b};
  for (const Polygon& bx : boxes)
    for (Vec2 v : bx.vertices) {
      bool inside = false;
      for (const Polygon& o : boxes) {
        const Aabb r = bounds(o);
        inside = inside || (r.lo.x < v.x && v.x < r.hi.x && r.lo.y < v.y && v.y < r.hi.y);
      }
      if (!inside) pts.push_back(v);
    }
  const std::size_t n = pts.size();
  std::vector<double> dist(n, kInf);
  std::vector<bool> done(n, false);
  dist[0] = 0.0;
  for (std::size_t round = 0; round < n; ++round) {
    std::size_t u = n;
    for (std::size_t i = 0; i < n; ++i)
      if (!done[i] && (u == n || dist[i] < dist[u])) u = i;
    if (u == n || dist[u] == kInf) break;
    done[u] = true;
    for (std::size_t v = 0; v < n; ++v) {
      if (done[v]) continue;
      bool clear = true;
      for (const Polygon& bx : boxes) clear = clear && !enters_open_box(pts[u], pts[v], bx);
      if (clear) dist[v] = std::min(dist[v], dist[u] + length(pts[v] - pts[u]));
    }
  }
  return dist[1];
}

TEST(VisibilityGraph, LengthsEqualABruteForceOnRandomBoxes) {
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> at(-12.0, 12.0), side(0.5, 5.0);
  int compared = 0, unreachable = 0;
  for (int scene = 0; scene < 30; ++scene) {
    Scene s;
    for (int k = 0; k < 7; ++k) {
      const Vec2 c{at(rng), at(rng)};
      s.polygons.push_back(box(c, c + Vec2{side(rng), side(rng)}));
    }
    VisibilityGraph vg(s);
    for (int q = 0; q < 10; ++q) {
      const Vec2 a{at(rng), at(rng)}, b{at(rng), at(rng)};
      if (blocked(s, a) || blocked(s, b)) continue;
      const double brute = brute_shortest(s.polygons, a, b);
      const VisibilityPath p = vg.query(a, b);
      ASSERT_EQ(p.found, brute < kInf) << "scene " << scene << " query " << q;
      if (p.found) {
        EXPECT_NEAR(p.length, brute, kTol) << "scene " << scene << " query " << q;
      }
      ++compared;
      unreachable += !p.found;
    }
  }
  EXPECT_GT(compared, 150);
  std::printf("[ measure  ] %d queries equal to the brute force, %d of them unreachable\n", compared, unreachable);
}

TEST(VisibilityGraph, OneGraphAnswersManyQueriesAsFreshOnes) {
  std::mt19937 rng(123);
  const Scene s = random_boxes(rng, 10);
  VisibilityGraph shared(s, {.robot_radius = 0.3, .arc_segments = 2});
  std::uniform_real_distribution<double> at(-22.0, 22.0);
  for (int q = 0; q < 100; ++q) {
    const Vec2 a{at(rng), at(rng)}, b{at(rng), at(rng)};
    const VisibilityPath reused = shared.query(a, b);
    VisibilityGraph fresh_graph(s, {.robot_radius = 0.3, .arc_segments = 2});
    const VisibilityPath fresh = fresh_graph.query(a, b);
    ASSERT_EQ(reused.found, fresh.found) << q;
    EXPECT_EQ(reused.length, fresh.length) << q;
    EXPECT_EQ(reused.points, fresh.points) << q;
    EXPECT_EQ(reused.expanded, fresh.expanded) << q;
  }
  EXPECT_EQ(shared.edges().size(), VisibilityGraph(s, {.robot_radius = 0.3, .arc_segments = 2}).edges().size());
}

// Measurement, not a check (disabled; docs/planners/motion_cspace_visibility.md quotes it):
// build time, nodes and edges for N random boxes, and the mean query time. Run with
//   ./build/tests/racer_plan_tests --gtest_also_run_disabled_tests --gtest_filter='*VisibilityMeasure*'
double cpu_micros() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) * 1e-3;
}

TEST(VisibilityGraph, DISABLED_VisibilityMeasure) {
  for (double r : {0.0, 0.5}) {
    for (int n : {5, 10, 20, 40, 80}) {
      std::mt19937 rng(static_cast<unsigned>(1000 + n));
      const Scene s = random_boxes(rng, n);
      const double t0 = cpu_micros();
      VisibilityGraph vg(s, {.robot_radius = r, .arc_segments = 3});
      const double build = cpu_micros() - t0;
      std::uniform_real_distribution<double> at(-22.0, 22.0);
      double query = 0.0;
      long expanded = 0;
      int queries = 0, found = 0;
      while (queries < 100) {  // ends drawn until both are free
        const Vec2 a{at(rng), at(rng)}, b{at(rng), at(rng)};
        if (vg.blocked(a) || vg.blocked(b)) continue;
        ++queries;
        const double q0 = cpu_micros();
        const VisibilityPath p = vg.query(a, b);
        query += cpu_micros() - q0;
        expanded += p.expanded;
        found += p.found;
      }
      std::printf("r %.1f  boxes %3d  pieces %4zu  nodes %5zu  edges %7zu  build %9.0f us  query %7.1f us  expanded %5.1f  found %3d%%\n",
                  r, n + 1, vg.obstacles().size(), vg.nodes().size(), vg.edges().size(), build, query / queries,
                  static_cast<double>(expanded) / queries, found * 100 / queries);
    }
  }
}

}  // namespace
}  // namespace racer
