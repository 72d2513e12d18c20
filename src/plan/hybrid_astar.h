#pragma once
// Hybrid A* (Dolgov, Thrun, Montemerlo, Diebel 2008, "Practical search techniques in path
// planning for autonomous driving"): a search over continuous poses (x, y, heading) whose
// moves are arcs a car can drive, forwards and in reverse, never tighter than its minimum
// turning radius. The closed set is discretised (cells x heading bins); each node keeps its
// exact continuous pose, so the path is drivable as it stands.
//
// Sections: poses and paths | parameters | the planner
//
// It knows no cars or tracks: the caller says which poses are free (`PoseFree`), so a car's
// rectangle against a track's walls and other cars is the caller's business. The pose's
// point is the one that moves on arcs of radius >= min_turn_radius when the car drives at a
// steady lock (for a bicycle model: the centre of the rear axle).
//
// - Moves: arcs of length `step` at curvature {-1, -1/2, 0, +1/2, +1} / min_turn_radius
//   (the halves optional), forwards and in reverse; each checked at `collision_step`.
// - Cost: length, times reverse_factor in reverse, plus steer_penalty x length x |lock|,
//   plus switch_penalty at every change of direction (a cusp: stop, change gear), plus the
//   caller's optional extra cost per metre of the ground (`PoseCost`).
// - Heuristic: max(Euclidean distance, a Dijkstra distance from the goal over the free cells
//   of an 8-connected grid of `cell` metres (holonomic with obstacles), R x the heading still
//   to turn beyond the goal's tolerance), times heuristic_weight. The grid distance
//   may overestimate by up to 8 % (octile moves) and a node is judged by its cell: the
//   search is not optimal, as in the paper, but it is complete on the discretised set up to
//   the expansion limit. No Reeds-Shepp analytic expansion: the goal is a region
//   (position and heading tolerance) the arcs reach by themselves.
// - Deterministic: ties in f go to the lower node number (the order of creation).
// - Memory is reused between plans: the closed set is a generation-stamped array over the
//   bounds' cells x heading bins.
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "core/vec2.h"

namespace racer {

// ---------------------------------------------------------------- poses and paths

/// A pose of the plan: the reference point (m) and heading (rad, counter-clockwise from +x).
struct HybridPose {
  Vec2 position;
  double heading = 0.0;
  /// true when the motion that arrives at this pose is in reverse (for the first pose: the
  /// direction of the first move).
  bool reverse = false;
};

/// Whether the car may stand at (x, y) (m) with `heading` (rad). Called many times per plan.
using PoseFree = std::function<bool(double x, double y, double heading)>;
/// Extra cost (>= 0) per metre driven with the car at (x, y) (m) and `heading` (rad): ground
/// that is slow to cross (grass, where a car's driven wheels spin). Optional; evaluated at
/// the end of each move.
using PoseCost = std::function<double(double x, double y, double heading)>;
/// Whether the reference point may be at (x, y) for some heading: the free cells of the
/// heuristic's grid. Optional; without it a cell is free when the pose is free at its centre
/// at one of 16 headings.
using PointFree = std::function<bool(double x, double y)>;

enum class HybridStatus {
  found,          ///< `poses` goes from the start to a pose inside the goal region
  not_found,      ///< every reachable node expanded: no drivable way to the goal
  limit_reached,  ///< max_expansions used up before the goal was reached
  start_blocked,  ///< the start pose is not free (nothing searched)
};

struct HybridPath {
  HybridStatus status = HybridStatus::start_blocked;
  /// Start ... end, at most collision_step (m) apart along the arcs, headings in (-pi, pi];
  /// a cusp (change of direction) appears once, as the last pose of one direction.
  std::vector<HybridPose> poses;
  double length = 0.0;   ///< m driven, forwards plus reverse
  double cost = 0.0;     ///< the search's cost of the path
  int switches = 0;      ///< changes of direction (cusps)
  int expansions = 0;    ///< nodes expanded
  bool found() const { return status == HybridStatus::found; }
};

// ---------------------------------------------------------------- parameters

struct HybridAStarParams {
  double min_turn_radius = 5.0;  ///< m, > 0: the tightest arc of the reference point
  double step = 1.0;             ///< m, > cell * sqrt(2): arc length of one move
  double collision_step = 0.2;   ///< m, > 0: poses checked (and output) along a move
  double cell = 0.5;             ///< m, > 0: closed-set and heuristic grid cell
  int heading_bins = 72;         ///< >= 4: closed-set heading bins (72: 5 degrees)
  bool half_lock = true;         ///< also arcs at half the tightest curvature
  bool allow_reverse = true;
  double reverse_factor = 2.0;   ///< >= 1: cost per m in reverse
  double switch_penalty = 4.0;   ///< m of cost per change of direction
  double steer_penalty = 0.05;   ///< >= 0: extra cost per m per unit of lock (|curvature| x R)
  double goal_tolerance = 0.5;   ///< m: the goal region's radius
  double goal_heading_tolerance = 0.2;  ///< rad: the goal region's heading half-width
  int max_expansions = 20000;    ///< > 0
  double heuristic_weight = 1.0; ///< >= 1: weighted A* (faster, paths up to this factor dearer)
  Vec2 lo, hi;                   ///< m: the search area (poses outside are not free); hi > lo
};

// ---------------------------------------------------------------- the planner

class HybridAStar {
 public:
  /// Plans from `start` to the goal region round `goal`. The start must be free. `point_free`
  /// and `pose_cost` may be empty (see PointFree, PoseCost). The same as begin(), advance()
  /// until it is over, result().
  HybridPath plan(const HybridAStarParams& params, const HybridPose& start, const HybridPose& goal,
                  const PoseFree& pose_free, const PointFree& point_free = {}, const PoseCost& pose_cost = {});

  /// The same search spread over calls (a game step each, none of them long): begin() sets
  /// it up (the heuristic's grid: one point_free call per cell, no node expanded), each
  /// advance() expands at most `budget` (> 0) nodes and returns true once the search is over
  /// (found, or not), then result() gives the path. The callbacks are passed again to each
  /// advance() (they need not outlive a call) and must answer as they did at begin().
  /// `params` is copied; the order of expansions, and so the path, is plan()'s.
  void begin(const HybridAStarParams& params, const HybridPose& start, const HybridPose& goal,
             const PoseFree& pose_free, const PointFree& point_free = {});
  bool advance(int budget, const PoseFree& pose_free, const PoseCost& pose_cost = {});
  bool searching() const { return searching_; }  ///< begun and not over
  int expansions() const { return expansions_; }  ///< nodes expanded so far by the last search
  /// The path of the last search (its status start_blocked before any begin()).
  HybridPath result() const;

 private:
  struct Node {
    HybridPose pose;
    double g = 0.0;
    int parent = -1;
    int lock = 0;  // index into the curvatures of the move that made this node
  };
  using Entry = std::pair<double, int>;  // (f, node): smallest f first, then the older node
  void heuristic_grid(const HybridAStarParams& p, Vec2 goal, const PoseFree& pose_free, const PointFree& point_free);
  double heuristic(const HybridAStarParams& p, const HybridPose& q, const HybridPose& goal) const;
  std::size_t state_of(const HybridPose& q) const;
  void expand(int id, const PoseFree& pose_free, const PoseCost& pose_cost);

  std::vector<Node> nodes_;
  std::vector<std::uint32_t> closed_;  // generation stamp per cell x heading bin
  std::uint32_t generation_ = 0;
  std::vector<double> h_;              // Dijkstra distance from the goal per heuristic cell (m)
  int w_ = 0, h_rows_ = 0;             // heuristic / closed-set grid size in cells
  // The search under way (begin() .. advance() returning true).
  HybridAStarParams p_;
  HybridPose start_, goal_;
  std::vector<Entry> open_;            // a binary heap (std::greater: the smallest f on top)
  std::vector<double> locks_;          // locks (curvature x R) of the moves, straight first
  int substeps_ = 1;
  double sub_ = 0.0;                   // m between the poses checked along a move
  int reached_ = -1;                   // the node inside the goal region (-1: none yet)
  HybridStatus status_ = HybridStatus::start_blocked;
  int expansions_ = 0;
  bool searching_ = false;
};

}  // namespace racer
