#include "ai/unstick.h"

// Sections: the footprint and the collision test | planning | following

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include "core/math.h"
#include "plan/shapes.h"
#include "track/track.h"

namespace racer {

namespace {

constexpr double kWallMargin = 0.15;      // m kept from the walls (beyond the cost grid's own rounding)
constexpr double kCarMargin = 0.4;        // m kept from the other cars (tracking errors of 0.2 m seen at walking pace)
constexpr double kRelaxFade = 3.0;        // m over which a start's overlap with the walls is no longer allowed
constexpr double kCarRelaxFade = 1.0;     // m ... with a car (a car is passed close by, a wall is left behind)
constexpr double kSampleSpacing = 0.4;    // m between the footprint's perimeter samples
constexpr double kCarsNear = 25.0;        // m: other cars this close to the start are obstacles
constexpr double kObstacleSpeed = 3.0;    // m/s: ... when slower than this (faster ones are on their way)
constexpr double kRadiusMargin = 1.2;     // planned radius / geometric radius
constexpr double kPace = 3.0;             // m/s at most backing up
constexpr double kForwardPace = 6.0;      // m/s at most forwards
constexpr double kHandOverHeading = 0.35; // rad: on the last segment this close to the goal's heading ...
constexpr double kHandOverAfter = 2.0;    // m ... and this far along it, the driver takes over
constexpr double kStopDecel = 2.5;        // m/s^2 planned for the stop at a cusp
constexpr double kOffPath = 1.5;          // m off the segment: replan
constexpr double kSegmentSlack = 3.0;     // s on one segment beyond its length at the pace: replan
constexpr int kMaxReplans = 2;
constexpr double kBlockedFor = 1.0;       // s in gear and under 0.2 m/s (but not stopping): replan
constexpr double kGoalAhead[] = {15.0, 20.0, 25.0, 30.0, 40.0};  // m along the line: goal candidates
constexpr double kClearAhead = 8.0;       // m straight ahead that must be free for the hand-over

}  // namespace

// ---------------------------------------------------------------- the footprint and the collision test

void UnstickFootprint::build(const CostGrid& g, double cg_ahead_of_rear, CarSize car, const DriverView& v) {
  grid = &g;
  cg_from_rear = cg_ahead_of_rear;
  us = car;
  samples.clear();
  const double hl = us.half_length, hw = us.half_width;
  const Vec2 c[4] = {{hl, hw}, {-hl, hw}, {-hl, -hw}, {hl, -hw}};
  for (int e = 0; e < 4; ++e) {
    const Vec2 a = c[e], b = c[(e + 1) % 4];
    const int n = std::max(1, static_cast<int>(std::ceil(length(b - a) / kSampleSpacing)));
    for (int k = 0; k < n; ++k) samples.push_back(a + (b - a) * (static_cast<double>(k) / n));
  }
  cars.clear();
  corners.clear();
  for (const OtherCarView& o : v.others) {
    if (length(o.velocity) > kObstacleSpeed || length(o.position - v.self.position) > kCarsNear) continue;
    Polygon box = oriented_box(o.position, o.half_length, o.half_width, o.heading);
    std::array<Vec2, 4> cs{};
    for (std::size_t k = 0; k < 4; ++k) cs[k] = box.vertices[k];
    cars.push_back(std::move(box));
    corners.push_back(cs);
  }
}

// A lower bound of the distance from p to the nearest blocked cell: the clearance of p's
// cell is measured between cell centres, and a blocked cell reaches half a diagonal from
// its centre.
double UnstickFootprint::wall_distance(Vec2 p) const {
  int x = 0, y = 0;
  grid->cell_of(p, x, y);
  if (!grid->in_bounds(x, y)) return -1.0;
  const double half_diagonal = 0.5 * std::numbers::sqrt2 * grid->cell_size();
  return static_cast<double>(grid->clearance(x, y)) - length(p - grid->cell_centre(x, y)) - half_diagonal;
}

UnstickDeficit UnstickFootprint::deficit(double x, double y, double heading) const {
  const Vec2 f = from_angle(heading), l{-f.y, f.x};
  const Vec2 cg = Vec2{x, y} + f * cg_from_rear;
  UnstickDeficit worst{-1e9, -1e9};
  for (const Vec2& s : samples) {
    const Vec2 p = cg + f * s.x + l * s.y;
    worst.walls = std::max(worst.walls, kWallMargin - wall_distance(p));
    for (const Polygon& car : cars) {
      const double sd = contains(car, p) ? -boundary_distance(car, p) : distance(car, p);
      worst.cars = std::max(worst.cars, kCarMargin - sd);
    }
  }
  for (const auto& cs : corners)  // their corners inside our rectangle (between our samples)
    for (const Vec2& q : cs) {
      const Vec2 d = q - cg;
      const double depth = std::min(us.half_length - std::abs(dot(d, f)), us.half_width - std::abs(dot(d, l)));
      if (depth > 0.0) worst.cars = std::max(worst.cars, kCarMargin + depth);
    }
  return worst;
}

double Unstick::planning_radius() const {
  return kRadiusMargin * geometry_.wheelbase / std::tan(geometry_.max_angle);
}

// ---------------------------------------------------------------- planning

bool Unstick::plan(const DriverView& v, const Path& line, double s) {
  active_ = failed_ = false;
  stopping_ = false;
  replans_ = 0;
  if (v.track == nullptr || line.empty()) return false;
  plans_ += 1;
  UnstickFootprint& fp = footprint_;
  fp.build(v.track->cost_grid(), geometry_.cg_to_rear_axle(), us_, v);
  const Vec2 fwd = from_angle(v.self.heading);
  HybridPose start{v.self.position - fwd * fp.cg_from_rear, v.self.heading};
  // Where we stand may already overlap (pushed into a barrier, touching a car): that much
  // overlap is allowed at the start and fades out over kRelaxFade m, so the plan may leave
  // but never press further in.
  // (Walls and cars each: an overlap with the wall at the start allows none with a car.)
  const UnstickDeficit at_start = fp.deficit(start.position.x, start.position.y, start.heading);
  const double wall_allowance = std::max(0.0, at_start.walls + 0.02);
  const double car_allowance = std::max(0.0, at_start.cars + 0.02);
  auto pose_free = [&fp, start, wall_allowance, car_allowance](double x, double y, double heading) {
    const double away = length(Vec2{x, y} - start.position);
    const UnstickDeficit d = fp.deficit(x, y, heading);
    return d.walls <= wall_allowance * std::max(0.0, 1.0 - away / kRelaxFade) &&
           d.cars <= car_allowance * std::max(0.0, 1.0 - away / kCarRelaxFade);
  };
  // The heuristic's free points: the rear axle's cell drivable (the axle sits inside the car).
  const CostGrid& grid = *fp.grid;
  auto point_free = [&grid](double x, double y) {
    int cx = 0, cy = 0;
    grid.cell_of({x, y}, cx, cy);
    return grid.drivable(cx, cy);
  };
  // The goal: the first free pose on the line ahead (the CG on the line, heading along it).
  HybridPose goal;
  bool have_goal = false;
  for (double ahead : kGoalAhead) {
    const PathSample at = line.at(s + ahead);
    const double h = std::atan2(at.tangent.y, at.tangent.x);
    goal = {at.position - from_angle(h) * fp.cg_from_rear, h};
    if (fp.deficit(goal.position.x, goal.position.y, goal.heading).free()) {
      have_goal = true;
      break;
    }
  }
  if (!have_goal) return false;
  HybridAStarParams p;
  p.min_turn_radius = planning_radius();
  p.step = 1.0;
  p.collision_step = 0.25;
  p.cell = 0.5;
  p.heading_bins = 72;
  p.reverse_factor = 3.0;
  p.switch_penalty = 3.0;
  p.goal_tolerance = 1.5;
  p.goal_heading_tolerance = 0.3;
  p.max_expansions = 20000;
  p.heuristic_weight = 1.5;
  p.lo = {std::min(start.position.x, goal.position.x) - 10.0, std::min(start.position.y, goal.position.y) - 10.0};
  p.hi = {std::max(start.position.x, goal.position.x) + 10.0, std::max(start.position.y, goal.position.y) + 10.0};
  path_ = planner_.plan(p, start, goal, pose_free, point_free);
  last_ = {path_.status, path_.expansions, path_.switches, path_.length};
  if (!path_.found() || path_.poses.size() < 2) return false;
  active_ = true;
  blocked_time_ = 0.0;
  start_segment(0);
  return true;
}

// ---------------------------------------------------------------- following

// The footprint free (no overlap allowed) driving straight on for kClearAhead m.
bool Unstick::clear_ahead(Vec2 rear, double heading) const {
  const Vec2 f = from_angle(heading);
  for (double d = 1.0; d <= kClearAhead; d += 1.0) {
    const Vec2 q = rear + f * d;
    if (!footprint_.deficit(q.x, q.y, heading).free()) return false;
  }
  return true;
}

// The segment from pose `from` (a cusp, or the start) to the next cusp or the end.
void Unstick::start_segment(std::size_t from) {
  const std::vector<HybridPose>& q = path_.poses;
  segment_reverse_ = q[from + 1].reverse;
  std::size_t end = from + 1;
  while (end + 1 < q.size() && q[end + 1].reverse == segment_reverse_) ++end;
  std::vector<Vec2> points;
  for (std::size_t k = from; k <= end; ++k) points.push_back(q[k].position);
  segment_ = Path(std::move(points), false);
  segment_end_ = end;
  hint_ = -1;
  segment_time_ = 0.0;
  stopping_ = false;
}

Controls Unstick::drive(const DriverView& v, const Path& line, double s) {
  Controls c;
  const Vec2 fwd = from_angle(v.self.heading);
  const Vec2 rear = v.self.position - fwd * geometry_.cg_to_rear_axle();
  const double dir = segment_reverse_ ? -1.0 : 1.0;
  const double u = v.self.forward_speed * dir;  // m/s along the way we are going
  const bool last = segment_end_ + 1 == path_.poses.size();
  const PathProjection pr = segment_.project(rear, hint_);
  hint_ = pr.index;
  const double remaining = segment_.length() - pr.s;
  segment_time_ += v.dt;
  // Not moving while asked to (pressed against a wall or a car the plan did not expect).
  const bool gear_ok = segment_reverse_ ? v.self.gear == -1 : v.self.gear >= 1;
  blocked_time_ = (gear_ok && !stopping_ && std::abs(u) < 0.2) ? blocked_time_ + v.dt : 0.0;

  // Off the plan, pressed against something, or too long on one segment: plan again from
  // here (a few times), else give up and let the caller fall back.
  const double allowed = kSegmentSlack + 1.5 * segment_.length() / kPace;
  if (std::abs(pr.offset) > kOffPath || blocked_time_ > kBlockedFor || segment_time_ > allowed) {
    if (replans_ < kMaxReplans) {
      const int kept = replans_ + 1;
      if (plan(v, line, s)) {
        replans_ = kept;
        return c;
      }
    }
    active_ = false;
    failed_ = true;
    c.brake = 1.0;
    return c;
  }
  // Pure Pursuit on the segment from the rear axle, the target 1.5 m (and more with speed)
  // further along (past the end: along its end tangent); the same arc law steers backing up.
  const Vec2 target = segment_.at(pr.s + 1.5 + 0.3 * std::abs(u)).position - rear;
  const Vec2 local{dot(target, fwd), cross(fwd, target)};
  const double kappa = 2.0 * local.y / std::max(1e-6, length_squared(local));
  c.steer = steer_input(std::atan(geometry_.wheelbase * kappa), geometry_);

  // Out and driving forwards aimed along the line (or at the end): the driver's own layers
  // take over (a plan's last metres to the goal pose, a cusp to square up, are not worth
  // driving at a walking pace).
  const double goal_heading = path_.poses.back().heading;
  const bool aimed = pr.s > kHandOverAfter && std::abs(wrap_angle(goal_heading - v.self.heading)) < kHandOverHeading &&
                     clear_ahead(rear, v.self.heading);
  if (!segment_reverse_ && gear_ok && ((last && remaining < 1.0) || aimed)) {
    active_ = false;
    c.throttle = 0.5;
    return c;
  }
  if (stopping_ || (remaining < 0.25 && (!last || segment_reverse_))) {  // a cusp: stop, then the next segment
    stopping_ = true;
    c.brake = 1.0;
    if (std::abs(v.self.forward_speed) < 0.3) {
      if (last) {  // ended backing up: forward gear, then the driver takes over
        if (v.self.gear >= 1) active_ = false;
        else c.shift = ShiftRequest::Up;
      } else {
        start_segment(segment_end_);
      }
    }
    return c;
  }
  if (!gear_ok) {  // stop, then the gear this segment needs
    c.brake = 1.0;
    if (std::abs(v.self.forward_speed) < 0.3) c.shift = segment_reverse_ ? ShiftRequest::Down : ShiftRequest::Up;
    return c;
  }
  const double top = segment_reverse_ ? kPace : kForwardPace;
  const double pace = last && !segment_reverse_ ? top : std::min(top, std::sqrt(2.0 * kStopDecel * std::max(0.0, remaining - 0.2)));
  if (u < pace) c.throttle = std::clamp(0.25 + 0.3 * (pace - u), 0.0, 0.7);
  if (u > pace + 0.3) c.brake = std::clamp(0.4 * (u - pace), 0.0, 1.0);
  return c;
}

}  // namespace racer
