// The lab's motion-planner layers. Sections: LabCar and the car's collision test · the
// shared scene and answers · the reactive policies · the potential's heat map · the
// visibility graph · hybrid A*.
#include "game/lab_motion.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <limits>
#include <numbers>

#include "plan/bug.h"
#include "plan/obstacle_distance.h"
#include "plan/visibility_graph.h"
#include "plan/walk_to.h"

namespace racer {
namespace {

[[gnu::format(printf, 1, 2)]] std::string format(const char* fmt, ...) {
  char buf[200];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  return buf;
}

double polyline_length(const std::vector<Vec2>& path) {
  double sum = 0.0;
  for (std::size_t i = 1; i < path.size(); ++i) sum += length(path[i] - path[i - 1]);
  return sum;
}

Vec2 centre(GridCell c) { return {c.x + 0.5, c.y + 0.5}; }

// The car's rectangle (centre c, unit heading u, half extents hl along u, hw across) against
// the closed unit square of cell (x, y): separating axes x, y, u and u's normal; touching meets.
bool rect_meets_cell(Vec2 c, Vec2 u, double hl, double hw, int x, int y) {
  const double dx = x + 0.5 - c.x, dy = y + 0.5 - c.y;
  const double ax = std::abs(u.x), ay = std::abs(u.y);
  if (std::abs(dx) > 0.5 + hl * ax + hw * ay) return false;
  if (std::abs(dy) > 0.5 + hl * ay + hw * ax) return false;
  const double square = 0.5 * (ax + ay);  // the square's half extent along u and along its normal
  if (std::abs(dx * u.x + dy * u.y) > hl + square) return false;
  if (std::abs(-dx * u.y + dy * u.x) > hw + square) return false;
  return true;
}

}  // namespace

// ---- LabCar and the car's collision test ----------------------------------------------------

LabCar lab_car(const LabMap& map) {
  LabCar car;
  if (map.metres_per_cell > 0.0) {
    const double m = map.metres_per_cell;
    car.half_length = 2.2 / m;
    car.half_width = 0.9 / m;
    car.turn_radius = 5.0 / m;
    car.robot_radius = 0.9 / m;
    car.scaled = true;
  }
  return car;
}

bool lab_car_free(const LabMap& map, const LabScene& scene, const LabCar& car, double x, double y, double heading) {
  const Vec2 c{x, y}, u{std::cos(heading), std::sin(heading)};
  const double ex = car.half_length * std::abs(u.x) + car.half_width * std::abs(u.y);
  const double ey = car.half_length * std::abs(u.y) + car.half_width * std::abs(u.x);
  const LabWindow& w = scene.window;
  const int cx0 = static_cast<int>(std::floor(x - ex)) - 1, cx1 = static_cast<int>(std::floor(x + ex));
  const int cy0 = static_cast<int>(std::floor(y - ey)) - 1, cy1 = static_cast<int>(std::floor(y + ey));
  for (int cy = cy0; cy <= cy1; ++cy)
    for (int cx = cx0; cx <= cx1; ++cx) {
      const bool closed = !w.contains({cx, cy}) || !map.grid.passable(cx, cy);
      if (closed && rect_meets_cell(c, u, car.half_length, car.half_width, cx, cy)) return false;
    }
  // The drawn polygons (between the cell rectangles and the frame's four).
  const std::size_t drawn_end = scene.scene.polygons.size() - 4;
  if (drawn_end > static_cast<std::size_t>(scene.cell_rectangles)) {
    const Polygon body = oriented_box(c, car.half_length, car.half_width, heading);
    for (std::size_t i = static_cast<std::size_t>(scene.cell_rectangles); i < drawn_end; ++i)
      if (overlaps(body, scene.scene.polygons[i])) return false;
  }
  return true;
}

// ---- the shared scene and answers ------------------------------------------------------------

const LabScene& MotionLayer::cached(Cached& c, const LabMap& map, const LabWindow& w) {
  const bool same_window = c.scene && c.scene->window.x0 == w.x0 && c.scene->window.y0 == w.y0 &&
                           c.scene->window.x1 == w.x1 && c.scene->window.y1 == w.y1;
  std::vector<Vec2> corners;
  for (const Polygon& p : map.obstacles) corners.insert(corners.end(), p.vertices.begin(), p.vertices.end());
  if (!same_window || c.grid != &map.grid || c.revision != map.grid.revision() || corners != c.corners) {
    c.scene = lab_scene(map, w);
    c.grid = &map.grid;
    c.revision = map.grid.revision();
    c.corners = std::move(corners);
  }
  return *c.scene;
}

const LabScene& MotionLayer::scene_for(const LabMap& map, const LabQuery& query, int max_obstacles, long max_cells) {
  const LabWindow whole = whole_map(map.grid);
  if (static_cast<long>(whole.width()) * whole.height() <= max_cells) {
    const LabScene& sc = cached(whole_, map, whole);
    if (static_cast<int>(sc.scene.polygons.size()) <= max_obstacles) return sc;
  }
  return cached(box_, map, lab_window(map.grid, query.start, query.goal));
}

std::string MotionLayer::boxed(const LabMap& map, const LabScene& scene) {
  const LabWindow& w = scene.window;
  const bool whole = w.x0 == 0 && w.y0 == 0 && w.x1 == map.grid.width() && w.y1 == map.grid.height();
  return whole ? std::string() : std::string(" (in the box round S and G)");
}

void MotionLayer::answer(const std::vector<Vec2>& path, bool reached, long expanded, LabOutcome& out) {
  out.path = path;
  out.result.status = reached ? SearchStatus::found : SearchStatus::unreachable;
  out.result.length = polyline_length(path);
  out.result.cost = out.result.length;
  out.result.expanded = expanded;
}

void MotionLayer::refuse(const std::string& why, LabOutcome& out) {
  out.result.status = SearchStatus::unreachable;
  out.status = "too big";
  out.note = why;
}

// ---- the reactive policies --------------------------------------------------------------------

std::string_view ReactiveLayer::name() const {
  switch (policy_) {
    case ReactivePolicy::walk_to: return "walk_to";
    case ReactivePolicy::bug2: return "bug2";
    case ReactivePolicy::bug1: return "bug1";
    case ReactivePolicy::potential_field: return "potential_field";
  }
  return "?";
}

FieldParams lab_field_params() {
  FieldParams p;
  p.attraction = 1.0;
  p.quadratic_radius = 2.0;
  p.repulsion = 1.0;
  p.influence = 1.5;
  return p;
}

namespace {

// log(1 + U) at the centre of every free cell of the window (infinity elsewhere), row-major
// over the whole map. Each 8 x 8 block of cells asks only the obstacles within the field's
// reach of the block (U's push is zero beyond `influence`), so the values equal U of the
// whole scene at a fraction of the cost.
std::vector<float> potential_heat(const LabMap& map, const LabScene& sc, double radius, Vec2 goal, const FieldParams& p) {
  const SearchGrid& g = map.grid;
  std::vector<float> out(static_cast<std::size_t>(g.width()) * static_cast<std::size_t>(g.height()),
                         std::numeric_limits<float>::infinity());
  const LabWindow& w = sc.window;
  constexpr int kBlock = 8;
  const double reach = p.influence + radius + 1.0;
  std::vector<Aabb> boxes;
  for (const Polygon& poly : sc.scene.polygons) boxes.push_back(bounds(poly));
  for (int by = w.y0; by < w.y1; by += kBlock)
    for (int bx = w.x0; bx < w.x1; bx += kBlock) {
      const Aabb block{{bx - reach, by - reach}, {bx + kBlock + reach, by + kBlock + reach}};
      Scene local;
      for (std::size_t i = 0; i < boxes.size(); ++i)
        if (boxes[i].overlaps(block)) local.polygons.push_back(sc.scene.polygons[i]);
      for (int y = by; y < std::min(by + kBlock, w.y1); ++y)
        for (int x = bx; x < std::min(bx + kBlock, w.x1); ++x) {
          if (!g.passable(x, y)) continue;
          const double u = field_potential(local, radius, goal, p, {x + 0.5, y + 0.5});
          if (std::isfinite(u)) out[g.index(x, y)] = static_cast<float>(std::log1p(u));
        }
    }
  return out;
}

}  // namespace

void ReactiveLayer::run(const LabMap& map, const LabQuery& query, LabOutcome& out) {
  out = {};
  const LabScene& sc = scene_for(map, query, kLabMaxSceneObstacles, std::numeric_limits<long>::max());
  const int obstacles = static_cast<int>(sc.scene.polygons.size());
  if (obstacles > kLabMaxSceneObstacles) {
    refuse(format("%d obstacles round S and G (cap %d): move S and G closer", obstacles, kLabMaxSceneObstacles), out);
    return;
  }
  const LabCar car = lab_car(map);
  const Vec2 s = centre(query.start), g = centre(query.goal);
  const double straight = length(g - s);
  // Every step asks every obstacle (0.3 us each on a track's 1150 rectangles, 0.6 us on
  // rooms256's 3288 small blocks): at most kWork obstacle-steps (0.3 to 0.6 s), never more
  // than 20 000 steps; the field asks two or three times a step (its line search), so it
  // gets half as many.
  constexpr double kWork = 1e6;
  const double max_steps = std::min(20000.0, kWork / std::max(1, obstacles));
  switch (policy_) {
    case ReactivePolicy::walk_to: {
      WalkToOptions o;
      o.step = 0.25;
      o.max_steps = static_cast<int>(straight / o.step) + 2;
      const WalkToResult r = walk_to(sc.scene, car.robot_radius, s, g, o);
      answer(r.path, r.status == WalkToStatus::reached, 0, out);
      if (r.status == WalkToStatus::blocked) out.status = "blocked";
      if (r.status == WalkToStatus::start_blocked) out.status = "blocked end";
      out.note = "reactive, no bound: straight at G, stops at a wall";
      break;
    }
    case ReactivePolicy::bug2:
    case ReactivePolicy::bug1: {
      BugOptions o;
      // A fifth of a cell: a one-cell corridor stays open to the disc and its margin (2 (r +
      // step) < 1). On a track's wide roads, steps as long as the disc's radius.
      o.step = car.scaled ? std::max(0.2, car.robot_radius) : 0.2;
      // The length guard: |SG| + factor x the grown perimeters, capped at max_steps steps;
      // it is never below |SG|, so a budget shorter than that plans nothing.
      if (max_steps * o.step < straight) {
        refuse(format("%d obstacles: a walk of %.0f cells is over its budget; move S and G closer", obstacles, straight), out);
        return;
      }
      const double perimeters = std::max(1.0, grown_perimeter(sc.scene, car.robot_radius + o.step));
      o.length_factor = std::clamp((max_steps * o.step - straight) / perimeters, 0.0, 20.0);
      const BugResult r = policy_ == ReactivePolicy::bug2 ? bug2(sc.scene, car.robot_radius, s, g, o)
                                                          : bug1(sc.scene, car.robot_radius, s, g, o);
      answer(r.path, r.status == BugStatus::reached, 0, out);
      if (r.status == BugStatus::unreachable) out.status = "unreachable";
      if (r.status == BugStatus::start_blocked) out.status = "blocked end";
      if (r.status == BugStatus::step_limit) out.status = "gave up";
      out.note = format("reactive, no bound; %d steps, %zu hits", r.steps, r.hit_points.size());
      if (r.status == BugStatus::unreachable) out.note += ": back at a hit, G cut off";
      if (r.status == BugStatus::step_limit) out.note += ": its length guard ran out";
      break;
    }
    case ReactivePolicy::potential_field: {
      const FieldParams p = lab_field_params();
      FieldPolicyOptions o;
      o.max_step = car.scaled ? std::max(0.25, car.robot_radius) : 0.25;
      o.goal_tolerance = 0.1;
      o.max_steps = static_cast<int>(std::min(0.5 * max_steps, 4.0 * (sc.window.width() + sc.window.height()) / o.max_step));
      const FieldResult r = follow_field(sc.scene, car.robot_radius, s, g, p, o);
      answer(r.path, r.status == FieldStatus::reached, 0, out);
      if (r.status == FieldStatus::local_minimum) {
        out.status = "stuck";
        out.note = format("local minimum at (%.1f, %.1f), %.1f from G", r.path.back().x, r.path.back().y,
                          length(g - r.path.back()));
      } else {
        if (r.status == FieldStatus::start_blocked) out.status = "blocked end";
        if (r.status == FieldStatus::step_limit) out.status = "gave up";
        out.note = r.status == FieldStatus::step_limit ? "reactive, no bound: its step budget ran out"
                                                       : "reactive, no bound: down the potential";
      }
      out.field = potential_heat(map, sc, car.robot_radius, g, p);
      break;
    }
  }
  out.note += boxed(map, sc);
}

// ---- the visibility graph ----------------------------------------------------------------------

void VisibilityGraphLayer::run(const LabMap& map, const LabQuery& query, LabOutcome& out) {
  out = {};
  const LabScene& sc = scene_for(map, query, kLabMaxVisibilityObstacles, std::numeric_limits<long>::max());
  const int obstacles = static_cast<int>(sc.scene.polygons.size());
  if (obstacles > kLabMaxVisibilityObstacles) {
    refuse(format("%d obstacles round S and G (cap %d): move S and G closer", obstacles, kLabMaxVisibilityObstacles), out);
    return;
  }
  VisibilityOptions o;
  o.robot_radius = lab_car(map).robot_radius;
  o.arc_segments = 2;
  VisibilityGraph graph(sc.scene, o);
  const VisibilityPath p = graph.query(centre(query.start), centre(query.goal));
  answer(p.points, p.found, p.expanded, out);
  for (const auto& [i, j] : graph.edges()) out.segments.push_back({graph.nodes()[i], graph.nodes()[j]});
  out.note = format("any-angle: can beat the grid; %zu corners", graph.nodes().size());
  if (!p.found) out.note += "; S/G blocked or cut off";
  out.note += boxed(map, sc);
}

// ---- hybrid A* --------------------------------------------------------------------------------

void HybridAStarLayer::run(const LabMap& map, const LabQuery& query, LabOutcome& out) {
  out = {};
  path_ = {};
  const LabScene& sc = scene_for(map, query, std::numeric_limits<int>::max(), kLabMaxHybridCells);
  const LabWindow& w = sc.window;
  if (static_cast<long>(w.width()) * w.height() > kLabMaxHybridCells) {
    refuse(format("%d x %d cells round S and G (cap %d): move S and G closer", w.width(), w.height(), kLabMaxHybridCells), out);
    return;
  }
  const LabCar car = lab_car(map);
  HybridAStarParams p;
  p.min_turn_radius = car.turn_radius;
  p.cell = 1.0;
  p.step = 1.5;  // > cell x sqrt(2): every move leaves its cell
  p.collision_step = 0.25;
  p.switch_penalty = 3.0;
  p.goal_tolerance = 1.0;
  p.goal_heading_tolerance = 15.0 * std::numbers::pi / 180.0;
  p.max_expansions = kLabHybridExpansions;
  p.heuristic_weight = 1.2;
  p.lo = {static_cast<double>(w.x0), static_cast<double>(w.y0)};
  p.hi = {static_cast<double>(w.x1), static_cast<double>(w.y1)};
  const PoseFree pose_free = [&](double x, double y, double h) { return lab_car_free(map, sc, car, x, y, h); };
  const PointFree point_free = [&](double x, double y) {
    const GridCell c{static_cast<int>(std::floor(x)), static_cast<int>(std::floor(y))};
    return w.contains(c) && map.grid.passable(c.x, c.y);
  };
  // The lab's headings turn counter-clockwise on screen; in cell units (y down) that is -heading.
  const HybridPose start{centre(query.start), -query.heading, false};
  const HybridPose goal{centre(query.goal), -query.goal_heading, false};
  path_ = planner_.plan(p, start, goal, pose_free, point_free);
  std::vector<Vec2> points;
  for (const HybridPose& q : path_.poses) points.push_back(q.position);
  answer(points, path_.found(), path_.expansions, out);
  out.result.length = path_.length;
  out.result.cost = path_.length;
  switch (path_.status) {
    case HybridStatus::found: break;
    case HybridStatus::not_found: out.status = "unreachable"; break;
    case HybridStatus::limit_reached: out.status = "gave up"; break;
    case HybridStatus::start_blocked:
      out.status = "blocked end";
      out.result.status = SearchStatus::blocked_endpoint;
      break;
  }
  out.note = path_.status == HybridStatus::start_blocked ? "the car at S (at this heading) meets a wall" : "no bound";
  if (path_.found()) out.note += format("; changes of direction: %d", path_.switches);
  if (path_.status == HybridStatus::limit_reached) out.note += format(": stopped after %d expansions", path_.expansions);
  out.note += boxed(map, sc);
  // The car every ~1.5 car lengths along the path, and at its end.
  const std::size_t every = static_cast<std::size_t>(std::max(1.0, std::ceil(3.0 * car.half_length / p.collision_step)));
  for (std::size_t i = 0; i < path_.poses.size(); i += every) {
    const HybridPose& q = path_.poses[i];
    out.footprints.push_back(oriented_box(q.position, car.half_length, car.half_width, q.heading));
  }
  if (!path_.poses.empty()) {
    const HybridPose& q = path_.poses.back();
    out.footprints.push_back(oriented_box(q.position, car.half_length, car.half_width, q.heading));
  }
  // The C-space slice at the start heading: the window's free cells whose centre the car
  // may not take (the walls themselves are drawn already).
  const SearchGrid& g = map.grid;
  out.overlay.assign(static_cast<std::size_t>(g.width()) * static_cast<std::size_t>(g.height()), 0);
  for (int y = w.y0; y < w.y1; ++y)
    for (int x = w.x0; x < w.x1; ++x)
      if (g.passable(x, y) && !lab_car_free(map, sc, car, x + 0.5, y + 0.5, start.heading)) out.overlay[g.index(x, y)] = 1;
}

}  // namespace racer
