#pragma once
// Test scenes for the continuous motion planners (walk-to, Bug, potential fields): an open
// field, a box, U shapes, a serpentine maze, a two-layer spiral, rings that enclose the goal
// or the start, discs. Each names a start and a goal and whether a robot of `radius` can get
// from one to the other (worked out by hand from the gaps).
#include <string>
#include <vector>

#include "core/vec2.h"
#include "plan/shapes.h"

namespace racer::test {

struct MotionScene {
  std::string name;
  Scene scene;
  Vec2 start, goal;
  double radius = 0.0;
  bool reachable = true;
};

// A U of wall thickness 0.5: the cup spans x in [x0, x0 + 3.5], y in [-3, 3], the base at
// the far end in x (opening toward -x when open_left, toward +x otherwise).
inline Polygon u_shape(double x0, bool open_left) {
  Polygon p{{{x0, -3}, {x0 + 3.5, -3}, {x0 + 3.5, 3}, {x0, 3}, {x0, 2.5}, {x0 + 3, 2.5}, {x0 + 3, -2.5}, {x0, -2.5}}};
  if (!open_left)
    for (Vec2& v : p.vertices) v.x = 2.0 * x0 + 3.5 - v.x;  // mirror about the U's middle
  return counter_clockwise(p);
}

// A closed square ring of walls 0.4 thick round the origin, outer half size `half`, with an
// optional gap of width `gap` in its right wall centred on y = 0.
inline std::vector<Polygon> ring(double half, double gap = 0.0) {
  const double t = 0.4;
  std::vector<Polygon> walls{box({-half, -half}, {half, -half + t}), box({-half, half - t}, {half, half}),
                             box({-half, -half}, {-half + t, half})};
  if (gap > 0.0) {
    walls.push_back(box({half - t, -half}, {half, -0.5 * gap}));
    walls.push_back(box({half - t, 0.5 * gap}, {half, half}));
  } else {
    walls.push_back(box({half - t, -half}, {half, half}));
  }
  return walls;
}

inline std::vector<MotionScene> motion_scenes() {
  std::vector<MotionScene> out;
  const auto add = [&](std::string name, Scene scene, Vec2 start, Vec2 goal, double radius, bool reachable) {
    out.push_back({std::move(name), std::move(scene), start, goal, radius, reachable});
  };
  add("open", {}, {0, 0}, {10, 3}, 0.5, true);
  add("box", {{box({4, -2}, {6, 2})}, {}}, {0, 0}, {10, 0}, 0.3, true);
  add("box_point", {{box({4, -2}, {6, 2})}, {}}, {0, 0.5}, {10, -0.5}, 0.0, true);
  add("u_open_toward_start", {{u_shape(3, true)}, {}}, {0, 0}, {10, 0}, 0.2, true);
  add("u_open_toward_goal", {{u_shape(3, false)}, {}}, {0, 0}, {10, 0}, 0.2, true);
  add("start_in_u", {{u_shape(3, true)}, {}}, {5, 0}, {10, 0}, 0.2, true);
  add("goal_in_u", {{u_shape(3, false)}, {}}, {0, 0}, {5, 0}, 0.2, true);
  add("serpentine", {{box({2, -5}, {2.5, 3}), box({5, -3}, {5.5, 5}), box({8, -5}, {8.5, 3})}, {Disc{{10, 1}, 0.6}}},
      {0, 0}, {12, 0}, 0.25, true);
  // Two nested C shapes: the inner one opens to -x, the outer one to +x.
  add("spiral",
      {{box({-2, -2}, {2, -1.6}), box({1.6, -2}, {2, 2}), box({-2, 1.6}, {2, 2}), box({-4, -4}, {4, -3.6}),
        box({-4, -4}, {-3.6, 4}), box({-4, 3.6}, {4, 4})},
       {}},
      {8, 0.3}, {0, 0}, 0.3, true);
  add("discs", {{}, {Disc{{3, 0.2}, 1.0}, Disc{{6, -0.5}, 1.2}, Disc{{6, 2.2}, 0.8}, Disc{{9, 0}, 0.5}}}, {0, 0},
      {12, 0.5}, 0.2, true);
  // Long clockwise detour: a wall short below the M-line, long above; Bug goes round the top.
  add("long_way_round", {{box({4, -1}, {4.5, 12})}, {}}, {0, 0}, {8, 0}, 0.2, true);
  add("goal_enclosed", {ring(3.0), {}}, {8, 0.5}, {0, 0}, 0.2, false);
  add("start_enclosed", {ring(3.0), {}}, {0, 0}, {8, 0.5}, 0.2, false);
  add("ring_gap_fits", {ring(3.0, 0.8), {}}, {8, 1.5}, {0, 0}, 0.2, true);
  add("ring_gap_too_narrow", {ring(3.0, 0.8), {}}, {8, 1.5}, {0, 0}, 0.45, false);
  add("goal_in_obstacle", {{box({4, -1}, {6, 1})}, {}}, {0, 0}, {5, 0}, 0.0, false);
  return out;
}

}  // namespace racer::test
