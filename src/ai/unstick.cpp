#include "ai/unstick.h"

// Sections: the footprint and the collision test | planning | following

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
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
constexpr double kFarBy = 0.05;           // m: a pose clear of a wall or a car by this much more than its margin takes a bound, not its samples
constexpr double kFloatSlack = 1e-3;      // m: the clearance field's float rounding, and more
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kCarsNear = 25.0;        // m: other cars this close to the start are obstacles
constexpr double kObstacleSpeed = 3.0;    // m/s: ... when slower than this (faster ones are on their way)
constexpr double kRadiusMargin = 1.2;     // planned radius / geometric radius
constexpr double kReversePace = 4.0;      // m/s at most backing up
constexpr double kForwardPace = 8.0;      // m/s at most forwards on a segment that ends at a cusp
constexpr double kOutPace = 20.0;         // m/s at most on the last segment forwards (the driver takes over on it)
constexpr double kTurnAccel = 6.0;        // m/s^2 of lateral acceleration on the arcs: v <= sqrt(a / curvature)
constexpr double kStopDecel = 4.0;        // m/s^2 planned for the stop at a cusp: v = sqrt(2 a d)
constexpr double kFullBrake = 8.0;        // m/s^2 the brake input is scaled to (full pedal)
constexpr double kPedalLag = 0.1;         // s: the driver's pedal delay and the brakes' build-up, looked ahead by
constexpr double kCuspShort = 0.1;        // m short of a cusp where the stop is aimed
constexpr double kCuspReached = 0.25;     // m from a cusp that counts as there
constexpr double kCuspNear = 0.4;         // m from a cusp that counts as there at under kShiftSpeed (the full stop rolls ~0.1 m)
constexpr double kCreepPace = 0.6;        // m/s: slower than this short of a cusp, the stop is not braked but crept on to
constexpr double kShiftSpeed = 1.0;       // m/s: the gear change is asked for below this (the box takes it below 1.5)
constexpr double kHandOverHeading = 0.35; // rad: driving forwards this close to the goal's heading ...
constexpr double kHandOverOnRoad = 0.6;   // rad: ... or this close with the whole car on the road, under way ...
constexpr double kHandOverSpeed = 2.0;    // m/s: ... faster than this ...
constexpr double kHandOverAfter = 2.0;    // m ... and this far along the segment, the driver takes over
constexpr double kShortLastReverse = 2.0; // m: a last segment backing up shorter than this is not driven
constexpr double kSlowPace = 3.0;         // m/s: the pace a segment's time allowance is reckoned at
constexpr double kOffPath = 1.5;          // m off the segment: replan
constexpr double kSegmentSlack = 3.0;     // s on one segment beyond 1.5 x its length at kSlowPace: replan
constexpr int kMaxReplans = 2;
constexpr double kBlockedFor = 1.0;       // s in gear and under 0.2 m/s (but not stopping): replan
constexpr double kGoalAhead[] = {15.0, 20.0, 25.0, 30.0, 40.0};  // m along the line: goal candidates
constexpr double kGoalStep = 0.5;         // m between a goal's lateral candidates, from the car's side to the line
constexpr double kGoalRoadMargin = 0.3;   // m each side of the car's rectangle that must be road at a goal off the line
constexpr double kOffRoadCost = 2.0;      // plan's extra cost per m with both axles off the road (half for one)
constexpr double kBoxedReach = 1.0;       // m forwards every arc must be blocked within for the car to be boxed in
constexpr double kBoxedStep = 0.25;       // m between the poses checked on them
constexpr double kBoxedCarSpeed = 0.3;    // m/s: only cars slower than this box a car in
constexpr double kClearAhead = 8.0;       // m ahead (turning onto the goal's heading) that must be free for the hand-over
constexpr double kClearStep = 0.5;        // m between the poses checked on it
constexpr int kPlanBudget = 40;           // nodes the search expands a step (a step's planning well under 4 ms)

// Whether the car's rectangle, `widen` m wider each side, with its CG at `cg` and `heading`
// (rad), stands on the road (its four corners on road cells).
bool on_road(const Track& t, Vec2 cg, double heading, CarSize us, double widen) {
  const Vec2 f = from_angle(heading), l{-f.y, f.x};
  for (double a : {-1.0, 1.0})
    for (double b : {-1.0, 1.0})
      if (!t.on_road(cg + f * (a * us.half_length) + l * (b * (us.half_width + widen)))) return false;
  return true;
}

// The pose after `d` m forwards from `p` on an arc of curvature `kappa` (1/m, + = left).
HybridPose arc_pose(const HybridPose& p, double kappa, double d) {
  HybridPose q = p;
  if (std::abs(kappa) < 1e-12) {
    q.position = p.position + from_angle(p.heading) * d;
    return q;
  }
  q.heading = p.heading + d * kappa;
  const Vec2 chord{std::sin(q.heading) - std::sin(p.heading), std::cos(p.heading) - std::cos(q.heading)};
  q.position = p.position + chord * (1.0 / kappa);
  return q;
}

}  // namespace

// ---------------------------------------------------------------- the footprint and the collision test

void UnstickFootprint::build(const CostGrid& g, double cg_ahead_of_rear, CarSize car, const DriverView& v,
                             double obstacle_speed) {
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
  reach = std::hypot(hl, hw);
  cars.clear();
  corners.clear();
  car_centres.clear();
  car_reach.clear();
  for (const OtherCarView& o : v.others) {
    if (length(o.velocity) > obstacle_speed || length(o.position - v.self.position) > kCarsNear) continue;
    Polygon box = oriented_box(o.position, o.half_length, o.half_width, o.heading);
    std::array<Vec2, 4> cs{};
    for (std::size_t k = 0; k < 4; ++k) cs[k] = box.vertices[k];
    cars.push_back(std::move(box));
    corners.push_back(cs);
    car_centres.push_back(o.position);
    car_reach.push_back(std::hypot(o.half_length, o.half_width));
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

// A bound of the walls' deficit for a car whose CG is far from every wall (its whole disc
// of radius `reach` inside the grid): every sample's wall_distance is at least the CG's less
// the sample's distance from the CG and two half cell diagonals (the clearance field is an
// exact distance between cell centres, and each end is measured from a point of its cell).
// +infinity when not that far: the samples must be looked at.
double UnstickFootprint::far_from_walls(Vec2 cg) const {
  const double half_diagonal = 0.5 * std::numbers::sqrt2 * grid->cell_size();
  const double bound = kWallMargin - (wall_distance(cg) - reach - 2.0 * half_diagonal - kFloatSlack);
  if (bound > -kFarBy) return kInf;
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  grid->cell_of(cg - Vec2{reach, reach}, x0, y0);
  grid->cell_of(cg + Vec2{reach, reach}, x1, y1);
  return grid->in_bounds(x0, y0) && grid->in_bounds(x1, y1) ? bound : kInf;
}

UnstickDeficit UnstickFootprint::deficit(double x, double y, double heading) const {
  const Vec2 f = from_angle(heading), l{-f.y, f.x};
  const Vec2 cg = Vec2{x, y} + f * cg_from_rear;
  UnstickDeficit worst{-1e9, -1e9};
  worst.walls = far_from_walls(cg);
  if (worst.walls == kInf) {
    worst.walls = -1e9;
    for (const Vec2& s : samples) worst.walls = std::max(worst.walls, kWallMargin - wall_distance(cg + f * s.x + l * s.y));
  }
  for (std::size_t k = 0; k < cars.size(); ++k) {
    // A car whose disc is further than the margin (and kFarBy) from ours: a bound will do.
    const double gap = length(car_centres[k] - cg) - reach - car_reach[k];
    if (kCarMargin - gap <= -kFarBy) {
      worst.cars = std::max(worst.cars, kCarMargin - gap);
      continue;
    }
    for (const Vec2& s : samples) {
      const Vec2 p = cg + f * s.x + l * s.y;
      const double sd = contains(cars[k], p) ? -boundary_distance(cars[k], p) : distance(cars[k], p);
      worst.cars = std::max(worst.cars, kCarMargin - sd);
    }
    for (const Vec2& q : corners[k]) {  // its corners inside our rectangle (between our samples)
      const Vec2 d = q - cg;
      const double depth = std::min(us.half_length - std::abs(dot(d, f)), us.half_width - std::abs(dot(d, l)));
      if (depth > 0.0) worst.cars = std::max(worst.cars, kCarMargin + depth);
    }
  }
  return worst;
}

bool Unstick::boxed_in(const DriverView& v) {
  if (v.track == nullptr) return false;
  UnstickFootprint& fp = probe_;
  fp.build(v.track->cost_grid(), geometry_.cg_to_rear_axle(), us_, v, kBoxedCarSpeed);
  const Vec2 f = from_angle(v.self.heading);
  const HybridPose at{v.self.position - f * fp.cg_from_rear, v.self.heading};
  const double radius = geometry_.wheelbase / std::tan(geometry_.max_angle);
  for (double lock : {0.0, 1.0, -1.0}) {
    bool blocked = false;
    for (double d = kBoxedStep; d <= kBoxedReach + 1e-9 && !blocked; d += kBoxedStep) {
      const HybridPose q = arc_pose(at, lock / radius, d);
      const UnstickDeficit miss = fp.deficit(q.position.x, q.position.y, q.heading);
      blocked = miss.walls > kWallMargin || miss.cars > kCarMargin;  // overlapping, not merely close
    }
    if (!blocked) return false;
  }
  return true;
}

double Unstick::planning_radius() const {
  return kRadiusMargin * geometry_.wheelbase / std::tan(geometry_.max_angle);
}

// ---------------------------------------------------------------- planning

bool Unstick::plan(const DriverView& v, const Path& line, double s) {
  active_ = failed_ = false;
  stopping_ = false;
  replans_ = 0;
  expanded_step_ = 0;
  if (v.track == nullptr || line.empty()) return false;
  plans_ += 1;
  track_ = v.track;
  footprint_.build(v.track->cost_grid(), geometry_.cg_to_rear_axle(), us_, v, kObstacleSpeed);
  plan_start_ = {v.self.position - from_angle(v.self.heading) * footprint_.cg_from_rear, v.self.heading};
  // Where we stand may already overlap (pushed into a barrier, touching a car): that much
  // overlap is allowed at the start and fades out (pose_free), so the plan may leave but
  // never press further in. (Walls and cars each: an overlap with the wall at the start
  // allows none with a car.)
  const UnstickDeficit at_start = footprint_.deficit(plan_start_.position.x, plan_start_.position.y, plan_start_.heading);
  allowance_ = {std::max(0.0, at_start.walls + 0.02), std::max(0.0, at_start.cars + 0.02)};
  HybridPose goal;
  if (!choose_goal(v, line, s, goal)) return false;
  // The heuristic's free points: the rear axle's cell drivable (the axle sits inside the car).
  const CostGrid& grid = *footprint_.grid;
  auto point_free = [&grid](double x, double y) {
    int cx = 0, cy = 0;
    grid.cell_of({x, y}, cx, cy);
    return grid.drivable(cx, cy);
  };
  planner_.begin(search_params(plan_start_, goal), plan_start_, goal,
                 [this](double x, double y, double h) { return pose_free(x, y, h); }, point_free);
  active_ = true;
  search_step();
  return !failed_;  // a search over at once with nothing found: the caller falls back now
}

// The goal: the first free pose ahead (kGoalAhead m along the line), heading along the
// line, its CG on the line or, for a car off to one side, as near the car's side as keeps
// its rectangle (kGoalRoadMargin wider) on the road: a car off the road plans to the road's
// edge nearest it, not across the road to the line (the driver's own layers bring it back
// to its line at speed).
bool Unstick::choose_goal(const DriverView& v, const Path& line, double s, HybridPose& goal) const {
  const PathSample here = line.at(s);
  const double lateral = dot(v.self.position - here.position, Vec2{-here.tangent.y, here.tangent.x});
  for (double ahead : kGoalAhead) {
    const PathSample at = line.at(s + ahead);
    const double h = std::atan2(at.tangent.y, at.tangent.x);
    const Vec2 left{-at.tangent.y, at.tangent.x};
    for (int k = static_cast<int>(std::abs(lateral) / kGoalStep); k >= 0; --k) {
      const Vec2 cg = at.position + left * std::copysign(kGoalStep * k, lateral);
      goal = {cg - from_angle(h) * footprint_.cg_from_rear, h};
      if ((k == 0 || on_road(*v.track, cg, h, us_, kGoalRoadMargin)) &&
          footprint_.deficit(goal.position.x, goal.position.y, goal.heading).free())
        return true;
    }
  }
  return false;
}

HybridAStarParams Unstick::search_params(const HybridPose& start, const HybridPose& goal) const {
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
  return p;
}

// The rear axle at (x, y) with `heading` clear of the walls and the cars, less the start's
// overlap, allowed to fade out over kRelaxFade m (walls) and kCarRelaxFade m (cars).
bool Unstick::pose_free(double x, double y, double heading) const {
  const double away = length(Vec2{x, y} - plan_start_.position);
  const UnstickDeficit d = footprint_.deficit(x, y, heading);
  return d.walls <= allowance_.walls * std::max(0.0, 1.0 - away / kRelaxFade) &&
         d.cars <= allowance_.cars * std::max(0.0, 1.0 - away / kCarRelaxFade);
}

// Grass is slow to cross (the driven wheels spin: about 2 m/s^2 from a standstill), so a
// metre with an axle (the rear one, the reference point, or the front one) off the road
// costs kOffRoadCost / 2 more: the plan gets the car onto the road soon and keeps it there.
double Unstick::pose_cost(double x, double y, double heading) const {
  const Vec2 rear{x, y};
  const Vec2 front = rear + from_angle(heading) * geometry_.wheelbase;
  return 0.5 * kOffRoadCost * ((track_->on_road(rear) ? 0.0 : 1.0) + (track_->on_road(front) ? 0.0 : 1.0));
}

void Unstick::search_step() {
  const int before = planner_.expansions();
  const bool over = planner_.advance(
      kPlanBudget, [this](double x, double y, double h) { return pose_free(x, y, h); },
      [this](double x, double y, double h) { return pose_cost(x, y, h); });
  expanded_step_ = planner_.expansions() - before;
  if (!over) return;
  path_ = planner_.result();
  follow_plan();
}

// The search is over: its path is driven (less a short last reverse), or the manoeuvre fails.
void Unstick::follow_plan() {
  // A short last segment backing up only squares the pose up inside the goal's tolerance
  // (the weighted search's last move): the path ends at its cusp, driving forwards.
  if (path_.found() && path_.switches > 0 && path_.poses.back().reverse) {
    std::size_t cusp = path_.poses.size() - 1;
    while (cusp > 0 && path_.poses[cusp].reverse) --cusp;
    double back = 0.0;  // m, along the chords
    for (std::size_t k = cusp; k + 1 < path_.poses.size(); ++k)
      back += length(path_.poses[k + 1].position - path_.poses[k].position);
    if (back < kShortLastReverse) {
      path_.poses.resize(cusp + 1);
      path_.switches -= 1;
      path_.length -= back;
    }
  }
  last_ = {path_.status, path_.expansions, path_.switches, path_.length};
  if (!path_.found() || path_.poses.size() < 2) {
    active_ = false;
    failed_ = true;
    return;
  }
  blocked_time_ = 0.0;
  start_segment(0);
}

// ---------------------------------------------------------------- following

// The footprint free (no overlap allowed) for kClearAhead m from the rear axle at `rear`
// with `heading`, turning onto `aim` (rad) no tighter than the planned radius and then
// straight on: the way the driver's own layers take onto the road's direction once handed
// the car (a car still turning along a wall it backed off is not asked for room straight
// ahead into it).
bool Unstick::clear_ahead(Vec2 rear, double heading, double aim) const {
  const double most = 1.0 / planning_radius();  // 1/m
  HybridPose p{rear, heading};
  for (double d = kClearStep; d <= kClearAhead + 1e-9; d += kClearStep) {
    p = arc_pose(p, std::clamp(wrap_angle(aim - p.heading) / kClearStep, -most, most), kClearStep);
    if (!footprint_.deficit(p.position.x, p.position.y, p.heading).free()) return false;
  }
  return true;
}

// The segment from pose `from` (a cusp, or the start) to the next cusp or the end, and its
// speed limits: the top speed of its direction, sqrt(kTurnAccel / curvature) on its arcs,
// and from each limit backwards the speed that brakes into it at kStopDecel.
void Unstick::start_segment(std::size_t from) {
  const std::vector<HybridPose>& q = path_.poses;
  segment_reverse_ = q[from + 1].reverse;
  std::size_t end = from + 1;
  while (end + 1 < q.size() && q[end + 1].reverse == segment_reverse_) ++end;
  std::vector<Vec2> points;
  for (std::size_t k = from; k <= end; ++k) points.push_back(q[k].position);
  segment_ = Path(std::move(points), false);
  segment_end_ = end;
  const bool out = !segment_reverse_ && end + 1 == q.size();
  const double top = segment_reverse_ ? kReversePace : out ? kOutPace : kForwardPace;
  const std::vector<double>& kappa = segment_.curvatures();
  const std::vector<double>& vs = segment_.vertex_s();
  segment_pace_.assign(kappa.size(), top);
  for (std::size_t k = 0; k < kappa.size(); ++k)
    if (std::abs(kappa[k]) > 1e-9) segment_pace_[k] = std::min(top, std::sqrt(kTurnAccel / std::abs(kappa[k])));
  for (std::size_t k = kappa.size() - 1; k-- > 0;)
    segment_pace_[k] =
        std::min(segment_pace_[k], std::sqrt(square(segment_pace_[k + 1]) + 2.0 * kStopDecel * (vs[k + 1] - vs[k])));
  hint_ = -1;
  segment_time_ = 0.0;
  stopping_ = false;
}

double Unstick::pace_at(double s) const {
  const std::vector<double>& vs = segment_.vertex_s();
  const auto it = std::upper_bound(vs.begin(), vs.end(), s);
  if (it == vs.begin()) return segment_pace_.front();
  if (it == vs.end()) return segment_pace_.back();
  const std::size_t k = static_cast<std::size_t>(it - vs.begin());
  const double f = (s - vs[k - 1]) / std::max(1e-9, vs[k] - vs[k - 1]);
  return segment_pace_[k - 1] + (segment_pace_[k] - segment_pace_[k - 1]) * f;
}

Controls Unstick::drive(const DriverView& v, const Path& line, double s) {
  Controls c;
  expanded_step_ = 0;
  if (planner_.searching() || !active_) {  // held on the brakes while the search runs
    if (planner_.searching()) search_step();
    c.brake = 1.0;
    return c;
  }
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
  const double allowed = kSegmentSlack + 1.5 * segment_.length() / kSlowPace;
  if (std::abs(pr.offset) > kOffPath || blocked_time_ > kBlockedFor || segment_time_ > allowed) {
    if (replans_ < kMaxReplans) {
      const int kept = replans_ + 1;
      if (plan(v, line, s)) {
        replans_ = kept;
        c.brake = 1.0;
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
  // driving at the plan's pace). On the road and under way, a car still turning onto the
  // line is handed over sooner (on the grass the driver's layers brake and run wide).
  const double off_goal = std::abs(wrap_angle(path_.poses.back().heading - v.self.heading));
  const bool aimed = pr.s > kHandOverAfter &&
                     (off_goal < kHandOverHeading ||
                      (off_goal < kHandOverOnRoad && u > kHandOverSpeed &&
                       on_road(*v.track, v.self.position, v.self.heading, us_, 0.0))) &&
                     clear_ahead(rear, v.self.heading, path_.poses.back().heading);
  if (!segment_reverse_ && gear_ok && ((last && remaining < 1.0) || aimed)) {
    active_ = false;
    c.throttle = 0.5;
    return c;
  }
  if (!gear_ok) {  // brake, and the gear this segment needs as the car comes to rest
    c.brake = 1.0;
    if (std::abs(v.self.forward_speed) < kShiftSpeed) c.shift = segment_reverse_ ? ShiftRequest::Down : ShiftRequest::Up;
    return c;
  }
  // A segment that ends at a cusp (or backing up at the path's end): brake at the rate that
  // stops kCuspShort short of it (v = sqrt(2 a d), d less what the pedal delay drives),
  // once that rate reaches kStopDecel, the rate worked out again each step and no pedal
  // floor (the brakes bite harder than the pedal's scale at low speed: a stop held on one
  // pedal comes to rest short of the cusp, and the next arc starts that much nearer what it
  // turns round). There (or at a crawl within kCuspNear of it), the next segment; short of
  // it at a crawl, it drives on at the pace that still stops there.
  const bool stops = !last || segment_reverse_;
  double cusp_pace = kInf;  // m/s: the speed that still stops at the cusp at kStopDecel
  if (stops) {
    const double d = remaining - kCuspShort - std::max(0.0, u) * kPedalLag;
    const double need = u > 0.0 ? square(u) / (2.0 * std::max(0.05, d)) : 0.0;  // m/s^2
    cusp_pace = std::sqrt(2.0 * kStopDecel * std::max(0.0, d));
    if (d <= 0.0 || need >= kStopDecel) stopping_ = true;
    const bool there = remaining < kCuspReached || (std::abs(u) < kShiftSpeed && remaining < kCuspNear);
    if (stopping_ && there) {
      c.brake = 1.0;
      if (!last) {
        start_segment(segment_end_);  // the next segment's gear, asked for as the car comes to rest
      } else if (std::abs(v.self.forward_speed) < kShiftSpeed) {  // ended backing up: first gear, then the driver
        if (v.self.gear >= 1) active_ = false;
        else c.shift = ShiftRequest::Up;
      }
      return c;
    }
    if (stopping_ && u > kCreepPace) {
      c.brake = std::clamp(need / kFullBrake, 0.0, 1.0);
      return c;
    }
    stopping_ = false;  // short of the cusp at a crawl: on to it
  }
  if (u < -0.3) {  // still rolling the other way from the last segment: stop first
    c.brake = 1.0;
    return c;
  }
  const double pace = std::min(pace_at(pr.s + std::max(0.0, u) * kPedalLag), std::max(kCreepPace, cusp_pace));
  if (u < pace) c.throttle = std::clamp(0.3 + 0.4 * (pace - u), 0.0, 1.0);
  if (u > pace + 0.3) c.brake = std::clamp(0.3 * (u - pace), 0.0, 1.0);
  return c;
}

}  // namespace racer
