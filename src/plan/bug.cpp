// Bug2 and Bug1: straight walks toward the goal, clockwise boundary walks with a feeler,
// the leave rules and the loop-closure test.
//
// Sections: the boundary step (feeler) | Bug2 | Bug1.
#include "plan/bug.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "plan/obstacle_distance.h"

namespace racer {
namespace {

// ---- The boundary step -----------------------------------------------------------------

// Angles tried round the circle before bisecting: 16 leave gaps of 2 pi / 16 step < 0.4 step
// of arc, narrower than any grown obstacle (at least twice the followed clearance, >= step).
constexpr int kFeelerSamples = 16;
constexpr int kFeelerBisections = 20; // angle within 2 pi / 16 / 2^20: 4e-7 step of arc
constexpr int kStepHalvings = 6;      // a pocket narrower than the step: try shorter steps

// The obstacles that can be within `level` of some point within `s` of q: those nearer to q
// than level + s. The feeler asks only these (a step near a few obstacles of many).
Scene nearby(const Scene& scene, Vec2 q, double reach) {
  Scene out;
  for (const Polygon& p : scene.polygons)
    if (distance(p, q) < reach) out.polygons.push_back(p);
  for (const Disc& d : scene.discs)
    if (distance(d, q) < reach) out.discs.push_back(d);
  return out;
}

// One clockwise step round the obstacle nearest to q (the obstacle on the right), to a point
// at clearance `level` and distance `s` from q. False when no such point lies on the circle.
bool feeler_point(const Scene& scene, double level, Vec2 q, double s, Vec2& out) {
  const NearestObstacle near = nearest_obstacle(scene, q);
  const Vec2 away = q - near.point;
  const double d = length(away);
  if (d <= 0.0) return false;
  const double a0 = std::atan2(-away.y, -away.x);  // toward the obstacle: inside the level set
  const auto clear_at = [&](double a) { return distance(scene, q + from_angle(a) * s) >= level; };
  const double da = 2.0 * std::numbers::pi / kFeelerSamples;
  double lo = a0;  // not clear
  for (int k = 1; k <= kFeelerSamples; ++k) {
    const double hi = a0 + da * k;
    if (!clear_at(hi)) {
      lo = hi;
      continue;
    }
    double l = lo, h = hi;
    for (int b = 0; b < kFeelerBisections; ++b) {
      const double mid = 0.5 * (l + h);
      (clear_at(mid) ? h : l) = mid;
    }
    out = q + from_angle(h) * s;
    return true;
  }
  return false;
}

// A boundary step whose chord is free for the robot (checked against the whole scene);
// shorter steps when the full one fails.
bool boundary_step(const Scene& scene, double radius, double level, Vec2 q, double step, Vec2& out) {
  const Scene local = nearby(scene, q, level + step);
  double s = step;
  for (int k = 0; k <= kStepHalvings; ++k, s *= 0.5) {
    Vec2 p;
    if (feeler_point(local, level, q, s, p) && clearance(scene, {q, p}) > radius) {
      out = p;
      return true;
    }
  }
  return false;
}

// Largest s in [0, step] with the segment q -> q + s dir at clearance above `level`
// (given that s = 0 is).
Vec2 hit_point(const Scene& scene, double level, Vec2 q, Vec2 dir, double step) {
  double lo = 0.0, hi = step;
  for (int b = 0; b < 40; ++b) {
    const double mid = 0.5 * (lo + hi);
    (clearance(scene, {q, q + dir * mid}) > level ? lo : hi) = mid;
  }
  return q + dir * lo;
}

struct Walk {
  BugResult& result;
  void add(Vec2 p) {
    result.length += length(p - result.path.back());
    result.path.push_back(p);
    ++result.steps;
  }
};

// One step of the motion to the goal, the same in both Bugs: the goal reached (added to the
// walk), a free step of h taken, or the hit point where the step would come nearer than
// hit_level (q moves there).
enum class GoalStep { reached, stepped, hit };
GoalStep step_to_goal(const Scene& scene, double radius, double hit_level, double h, Vec2 goal, Vec2& q, Walk& walk) {
  const Vec2 to_goal = goal - q;
  const double dist_goal = length(to_goal);
  if (dist_goal <= h && clearance(scene, {q, goal}) > radius) {
    if (dist_goal > 0.0) walk.add(goal);
    return GoalStep::reached;
  }
  const Vec2 dir = to_goal / dist_goal;
  if (clearance(scene, {q, q + dir * h}) > hit_level) {
    q = q + dir * h;
    walk.add(q);
    return GoalStep::stepped;
  }
  const Vec2 hit = hit_point(scene, hit_level, q, dir, h);
  if (hit != q) walk.add(hit);
  q = hit;
  return GoalStep::hit;
}

// Back round at the first boundary point `first` (reached in direction first_dir) on the
// step q -> p, after following more than three steps: the chord passes within half a step
// of it, going the same way (the other side of a narrow channel goes the opposite way).
bool back_at_first(Vec2 first, Vec2 first_dir, Vec2 q, Vec2 p, double followed, double h) {
  return followed > 3.0 * h && length(first - closest_point(Segment{q, p}, first)) <= 0.5 * h && dot(p - q, first_dir) > 0.0;
}

}  // namespace

// ---- Bug2 ----------------------------------------------------------------------------------

BugResult bug2(const Scene& scene, double radius, Vec2 start, Vec2 goal, const BugOptions& options) {
  BugResult result;
  result.path.push_back(start);
  Walk walk{result};
  if (distance(scene, start) <= radius) {
    result.status = BugStatus::start_blocked;
    return result;
  }
  if (distance(scene, goal) <= radius) {
    result.status = BugStatus::unreachable;
    return result;
  }
  const double h = options.step;
  const double margin = options.margin < 0.0 ? h : options.margin;
  const double follow_level = radius + margin;    // clearance kept round obstacles
  const double hit_level = radius + 0.5 * margin; // an M-line step nearer than this hits
  const Vec2 mline = goal - start;
  const double mline_length = length(mline);
  const double max_length = mline_length + options.length_factor * grown_perimeter(scene, follow_level);

  Vec2 q = start;
  while (result.length <= max_length) {
    // M-line mode: step toward the goal until there or until the step would come too near.
    const GoalStep step = step_to_goal(scene, radius, hit_level, h, goal, q, walk);
    if (step == GoalStep::reached) {
      result.status = BugStatus::reached;
      return result;
    }
    if (step == GoalStep::stepped) continue;
    const Vec2 hit = q;
    result.hit_points.push_back(hit);
    const double hit_to_goal = length(goal - hit);

    // Boundary mode: clockwise round the obstacle until a leave point or back at the hit.
    Vec2 first{}, first_dir{};  // the first boundary point and the direction it was reached in
    double followed = 0.0;
    bool left = false;
    while (!left) {
      if (result.length > max_length) {
        result.status = BugStatus::step_limit;
        return result;
      }
      Vec2 p;
      if (!boundary_step(scene, radius, follow_level, q, h, p)) {
        result.status = BugStatus::unreachable;  // boxed into a pocket smaller than a step
        return result;
      }
      if (followed == 0.0) {
        first = p;
        first_dir = p - q;
      }
      followed += length(p - q);
      if (length(goal - p) <= h && clearance(scene, {p, goal}) > radius) {
        walk.add(p);
        q = p;
        break;  // the M-line mode walks the last bit
      }
      // Crossing the M-line between q and p (p on it counts; q on it was counted before).
      const double side_q = cross(mline, q - start), side_p = cross(mline, p - start);
      if (side_q != 0.0 && (side_p == 0.0 || (side_q > 0.0) != (side_p > 0.0))) {
        const Vec2 m = q + (p - q) * (side_q / (side_q - side_p));
        const double along = dot(m - start, mline) / (mline_length * mline_length);
        if (along >= 0.0 && along <= 1.0 && length(goal - m) < hit_to_goal - h) {
          const Vec2 toward = goal - m;
          const double reach = std::min(h, length(toward));
          if (clearance(scene, {m, m + toward * (reach / length(toward))}) > hit_level) {
            walk.add(m);
            result.leave_points.push_back(m);
            q = m;
            left = true;
            continue;
          }
        }
      }
      // Back round at the first boundary point, going the same way: the goal is cut off.
      if (back_at_first(first, first_dir, q, p, followed, h)) {
        walk.add(p);
        result.status = BugStatus::unreachable;
        return result;
      }
      walk.add(p);
      q = p;
    }
  }
  result.status = BugStatus::step_limit;
  return result;
}

// ---- Bug1 ----------------------------------------------------------------------------------

BugResult bug1(const Scene& scene, double radius, Vec2 start, Vec2 goal, const BugOptions& options) {
  BugResult result;
  result.path.push_back(start);
  Walk walk{result};
  if (distance(scene, start) <= radius) {
    result.status = BugStatus::start_blocked;
    return result;
  }
  if (distance(scene, goal) <= radius) {
    result.status = BugStatus::unreachable;
    return result;
  }
  const double h = options.step;
  const double margin = options.margin < 0.0 ? h : options.margin;
  const double follow_level = radius + margin;
  const double hit_level = radius + 0.5 * margin;
  const double max_length = length(goal - start) + options.length_factor * grown_perimeter(scene, follow_level);

  Vec2 q = start;
  while (result.length <= max_length) {
    // Straight toward the goal until there or until the step would come too near.
    const GoalStep step = step_to_goal(scene, radius, hit_level, h, goal, q, walk);
    if (step == GoalStep::reached) {
      result.status = BugStatus::reached;
      return result;
    }
    if (step == GoalStep::stepped) continue;
    const Vec2 hit = q;
    result.hit_points.push_back(hit);

    // Once round, recording the loop; the goal within a step ends it early.
    std::vector<Vec2> loop{hit};
    Vec2 first{}, first_dir{};
    double followed = 0.0;
    for (;;) {
      if (result.length > max_length) {
        result.status = BugStatus::step_limit;
        return result;
      }
      Vec2 p;
      if (!boundary_step(scene, radius, follow_level, q, h, p)) {
        result.status = BugStatus::unreachable;
        return result;
      }
      if (followed == 0.0) {
        first = p;
        first_dir = p - q;
      }
      followed += length(p - q);
      walk.add(p);
      if (length(goal - p) <= h && clearance(scene, {p, goal}) > radius) {
        q = p;
        break;
      }
      const bool closed = back_at_first(first, first_dir, q, p, followed, h);
      q = p;
      if (closed) {
        // Back along the loop, the shorter way, to its point nearest the goal.
        std::size_t best = 0;
        for (std::size_t k = 1; k < loop.size(); ++k)
          if (length(goal - loop[k]) < length(goal - loop[best])) best = k;
        double ahead = 0.0;  // from loop[0] forward to loop[best]
        for (std::size_t k = 1; k <= best; ++k) ahead += length(loop[k] - loop[k - 1]);
        if (ahead <= followed - ahead) {
          for (std::size_t k = 1; k <= best; ++k) walk.add(loop[k]);
        } else {
          for (std::size_t k = loop.size(); k-- > best;) walk.add(loop[k]);
        }
        q = loop[best];
        const Vec2 toward = goal - q;
        const double reach = std::min(h, length(toward));
        if (clearance(scene, {q, q + toward * (reach / length(toward))}) <= hit_level) {
          result.status = BugStatus::unreachable;  // the nearest point of the loop faces the obstacle
          return result;
        }
        result.leave_points.push_back(q);
        break;
      }
      loop.push_back(p);
    }
  }
  result.status = BugStatus::step_limit;
  return result;
}

}  // namespace racer
