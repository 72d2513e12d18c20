#pragma once
// Unstick: the stuck recovery's planned way out. When the stall watch (recovery.h) finds the
// car stuck (nose into a wall, pushed into a barrier, wedged among cars, facing back), a
// hybrid A* (plan/hybrid_astar.h) plans a drivable path from the car's pose to a pose a
// little ahead on the racing line (or, for a car off the road, at the road's edge nearest
// it), forwards and in reverse (a three-point turn when the room asks for one), never tighter
// than the car's turning circle, clear of the track's walls (its cost grid) and the other
// cars, and dearer off the road (grass is slow to cross). The path is then driven segment by segment: Pure
// Pursuit on the segment from the rear axle (it works backing up too), a speed profile along
// the segment (the arcs' lateral acceleration, braking at a steady rate into each cusp),
// the gear change at each cusp as the car comes to rest. Once out and aimed along the line
// (or at the end of the last segment) the driver's own layers take over again.
//
// Sections: the footprint | the way out
//
// Deterministic; SI units. Owns the planner (memory reused between plans) and the plan.
#include <array>
#include <vector>

#include "ai/driver_road.h"
#include "ai/driver_view.h"
#include "ai/path.h"
#include "ai/tracking.h"
#include "plan/hybrid_astar.h"
#include "plan/shapes.h"
#include "vehicle/controls.h"

namespace racer {

class CostGrid;
class Track;

/// The margin a pose still misses (m; <= 0: none) against the walls and against the cars.
struct UnstickDeficit {
  double walls = 0.0;
  double cars = 0.0;
  bool free() const { return walls <= 0.0 && cars <= 0.0; }
};

/// Our car's footprint (a rectangle, sampled along its edges) against the track's walls (the
/// cost grid's clearance field) and the other cars standing near (slower than 3 m/s, within
/// 25 m when the plan is made): how much margin a pose still misses.
struct UnstickFootprint {
  const CostGrid* grid = nullptr;
  double cg_from_rear = 0.0;          ///< m, the CG ahead of the rear axle (the plan's reference point)
  CarSize us;
  std::vector<Vec2> samples;          ///< car frame from the CG, m, at most 0.4 m apart
  std::vector<Polygon> cars;          ///< the other cars' rectangles
  std::vector<std::array<Vec2, 4>> corners;  ///< and their corners
  std::vector<Vec2> car_centres;      ///< m, and their centres
  std::vector<double> car_reach;      ///< m, and the radii of the discs round them
  double reach = 0.0;                 ///< m, the radius of the disc round our rectangle (from the CG)

  /// `obstacle_speed` (m/s): the other cars slower than this (and within 25 m) are obstacles.
  void build(const CostGrid& g, double cg_ahead_of_rear, CarSize car, const DriverView& v, double obstacle_speed);
  /// m: a lower bound of the distance from p to the nearest blocked cell (< 0 inside one).
  double wall_distance(Vec2 p) const;
  /// The largest margin still missing over the samples, against the walls (0.15 m kept)
  /// and the cars (0.4 m kept), for the rear axle at (x, y) (m) with `heading` (rad). A pose
  /// clear of the walls, or of a car, by far (by 0.05 m more than the margin, judged on
  /// discs round the rectangles) gets a bound of that part instead (below -0.05 m as well):
  /// the same answer to every test against a margin, without looking at each sample.
  UnstickDeficit deficit(double x, double y, double heading) const;
  /// The bound of the walls' part for a CG far from every wall (+infinity when not far).
  double far_from_walls(Vec2 cg) const;
};

/// The figures of the last plan (debug panels, tests, the planner lab).
struct UnstickPlan {
  HybridStatus status = HybridStatus::start_blocked;
  int expansions = 0;
  int switches = 0;     ///< changes of direction on the path
  double length = 0.0;  ///< m
};

class Unstick {
 public:
  Unstick() = default;
  /// `g`: the car's steering geometry (its turning circle); `us`: its footprint.
  Unstick(const SteeringGeometry& g, CarSize us) : geometry_(g), us_(us) {}

  /// Starts planning a way from the car's pose to our racing line ahead (or the road's edge on
  /// the car's side of it); true when the search began (the manoeuvre starts: drive() holds
  /// the car on the brakes while the search runs, kPlanBudget nodes a step, then follows the
  /// plan), false when not (no track in the view, no free goal: the caller falls back to
  /// reversing out). A search that finds nothing ends the manoeuvre as failed().
  bool plan(const DriverView& v, const Path& line, double s);
  /// Whether the car cannot drive forwards out of where it stands: 1 m forwards straight or at
  /// either full lock (the geometric turning circle) runs its rectangle into a wall or into a
  /// car at a standstill near (under 0.3 m/s; a car moving, even backing out of its own
  /// trouble, is waited for). No margin kept. No track in the view: false.
  bool boxed_in(const DriverView& v);
  /// The controls that follow the plan this step (only while active()).
  Controls drive(const DriverView& v, const Path& line, double s);
  bool active() const { return active_; }
  bool planning() const { return planner_.searching(); }  ///< the search still running
  /// The plan could not be followed (off it, blocked, too long): the caller falls back.
  bool failed() const { return failed_; }
  int plans() const { return plans_; }  ///< searches begun (found or not)
  /// Nodes expanded in the last step (the planning cost a step: at most kPlanBudget).
  int expanded_this_step() const { return expanded_step_; }
  const UnstickPlan& last() const { return last_; }
  /// The plan being driven: the planner's path, less a last segment backing up shorter
  /// than 2 m (it only squares the pose up inside the goal's tolerance).
  const HybridPath& path() const { return path_; }
  /// Forgets the manoeuvre (a respawn).
  void reset() { active_ = failed_ = false; }

  /// The tightest turning radius planned (m, of the rear axle): the geometric one
  /// (wheelbase / tan(max lock)) with a margin for tyre slip and the steering's rate.
  double planning_radius() const;

 private:
  bool choose_goal(const DriverView& v, const Path& line, double s, HybridPose& goal) const;
  HybridAStarParams search_params(const HybridPose& start, const HybridPose& goal) const;
  bool pose_free(double x, double y, double heading) const;
  double pose_cost(double x, double y, double heading) const;
  /// Runs the search for one step's budget; when it is over, the plan is driven or failed.
  void search_step();
  void follow_plan();
  void start_segment(std::size_t from);
  bool clear_ahead(Vec2 rear, double heading, double aim) const;
  /// m/s: the segment's speed limit at s (m along it) from its arcs and its top speed (not
  /// the stop at its end: drive() brakes for that).
  double pace_at(double s) const;

  SteeringGeometry geometry_;
  CarSize us_;
  HybridAStar planner_;
  UnstickFootprint footprint_;  // the scene of the last plan
  const Track* track_ = nullptr;  // the track of the last plan
  HybridPose plan_start_;         // where the last plan starts (rear axle)
  UnstickDeficit allowance_;      // m of overlap allowed at the start (fading out, pose_free)
  UnstickFootprint probe_;      // the scene of the last boxed_in() check
  HybridPath path_;
  UnstickPlan last_;
  Path segment_;                  // the segment being driven (rear-axle positions)
  std::vector<double> segment_pace_;  // m/s per vertex of segment_: the arcs' limit, braked into by kStopDecel
  bool segment_reverse_ = false;
  std::size_t segment_end_ = 0;   // index into path_.poses of the segment's last pose
  int hint_ = -1;
  double segment_time_ = 0.0;     // s on this segment
  double blocked_time_ = 0.0;     // s in gear but not moving while following
  int replans_ = 0;
  int plans_ = 0;
  int expanded_step_ = 0;
  bool stopping_ = false;         // at a cusp: stopping before the gear change
  bool active_ = false;
  bool failed_ = false;
};

}  // namespace racer
