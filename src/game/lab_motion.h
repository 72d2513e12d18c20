#pragma once
// The lab's motion-planner layers (docs/lab.md): the planners of src/plan that move in the
// plane rather than from cell to cell, on the lab's map made a scene (game/lab_scene.h),
// in cell units, from the centre of the start cell to the centre of the goal cell.
//
// Sections: LabCar (what they plan for) · the caps · the reactive policies (walk-to, Bug2,
// Bug1, the potential field) · the visibility graph · hybrid A*.
//
// Each plans on the whole map when its scene is within the layer's caps, else in the box
// round S and G grown by kLabWindowMargin cells (lab_window; outside it counts as wall, and
// the note says so), and plans nothing, saying why, when even that is over a cap: so a
// frame never freezes on a big map.
// - walk_to, bug2, bug1, potential_field: reactive policies for a disc robot; no bound on
//   their length, and the field can stop in a local minimum (status "stuck"). At most
//   kLabMaxSceneObstacles obstacles.
// - visibility_graph: the shortest any-angle path for the disc among the obstacles grown by
//   its radius; its length can be below the 8-connected optimum (which bends only at 45
//   degrees). Its edges are drawn. Built for at most kLabMaxVisibilityObstacles obstacles.
// - hybrid_astar: the car's rectangle over (x, y, heading), from the start heading to the
//   goal heading (LabQuery), arcs no tighter than the car's turning radius, reverse allowed;
//   drawn with the car's footprint every few poses and, as an overlay, the C-space slice at
//   the start heading (the cells where the car's centre may not stand). It searches at
//   most kLabMaxHybridCells cells and stops after kLabHybridExpansions expansions.
#include <memory>
#include <optional>

#include "game/lab_layer.h"
#include "game/lab_scene.h"
#include "plan/hybrid_astar.h"
#include "plan/potential_field.h"

namespace racer {

// ---- LabCar --------------------------------------------------------------------------------

/// What the motion planners plan for, in cells.
struct LabCar {
  double half_length = 0.8;   ///< cells: half the car's length (hybrid A*)
  double half_width = 0.4;    ///< cells: half its width
  double turn_radius = 2.0;   ///< cells: the tightest arc of the car's centre (hybrid A*)
  double robot_radius = 0.25; ///< cells: the disc that walk-to, Bug, the field and the visibility graph move
  bool scaled = false;        ///< true on a track (from the car's metres), false: defaults for a map without a scale
};
/// On a track (metres_per_cell > 0): a 4.4 m x 1.8 m car turning on a 5 m radius (the sedan's
/// radius with the stuck recovery's margin, docs/planners/motion_hybrid_astar.md), the disc
/// its half width. On a map without a scale: a car of 1.6 x 0.8 cells turning on 2 cells, a
/// disc of radius 0.25 cells (so a corridor one cell wide still lets the disc and Bug's
/// margin through).
LabCar lab_car(const LabMap& map);

/// The potential field's parameters, in cells: the conic pull zeta d* = 2 balances a wall's
/// push at about 0.6 cells of clearance; walls with more than 1.5 cells of clearance do not push.
FieldParams lab_field_params();

// ---- the caps ------------------------------------------------------------------------------

inline constexpr int kLabMaxSceneObstacles = 4000;     ///< walk-to, Bug, the field: each step asks every obstacle
inline constexpr int kLabMaxVisibilityObstacles = 400; ///< the graph's build is O(corners^2 x obstacles)
inline constexpr int kLabMaxHybridCells = 180000;      ///< hybrid A*'s closed set: cells x 72 headings x 4 bytes (52 MB)
inline constexpr int kLabHybridExpansions = 30000;

// ---- the motion layers ---------------------------------------------------------------------

/// What every motion layer shares: the scene it plans in (kept while the map, the drawn
/// polygons and the window stay the same), its car, and the outcome's common figures.
class MotionLayer : public LabLayer {
 public:
  double bound() const override { return 0.0; }
  bool continuous() const override { return true; }

 protected:
  /// The whole map's scene if it has at most `max_cells` cells and `max_obstacles`
  /// obstacles, else the scene of the box round S and G (which the caller checks again).
  const LabScene& scene_for(const LabMap& map, const LabQuery& query, int max_obstacles, long max_cells);
  /// " (in the box round S and G)" when the scene is not the whole map, else "".
  static std::string boxed(const LabMap& map, const LabScene& scene);
  /// Fills out.result (status, length = cost, expanded) and out.path from a polyline.
  static void answer(const std::vector<Vec2>& path, bool reached, long expanded, LabOutcome& out);
  /// Plans nothing: out says why (status "too big", the note).
  static void refuse(const std::string& why, LabOutcome& out);

 private:
  struct Cached {
    std::optional<LabScene> scene;
    const SearchGrid* grid = nullptr;
    std::uint64_t revision = 0;
    std::vector<Vec2> corners;  ///< the drawn polygons' corners, in order (a changed one rebuilds)
  };
  const LabScene& cached(Cached& c, const LabMap& map, const LabWindow& w);
  Cached whole_, box_;
};

enum class ReactivePolicy { walk_to, bug2, bug1, potential_field };

/// walk_to, bug2, bug1 or potential_field. The field's layer also fills `field` with its
/// potential over the window's cells (log(1 + U), for the heat map).
class ReactiveLayer final : public MotionLayer {
 public:
  explicit ReactiveLayer(ReactivePolicy policy) : policy_(policy) {}
  std::string_view name() const override;
  void run(const LabMap& map, const LabQuery& query, LabOutcome& out) override;

 private:
  ReactivePolicy policy_;
};

/// The visibility graph of the scene's obstacles grown by the robot's radius; its edges as
/// `segments`.
class VisibilityGraphLayer final : public MotionLayer {
 public:
  std::string_view name() const override { return "visibility_graph"; }
  double bound() const override { return 1.0; }
  void run(const LabMap& map, const LabQuery& query, LabOutcome& out) override;
};

/// Hybrid A* for the car's rectangle (LabCar), its centre as the reference point.
class HybridAStarLayer final : public MotionLayer {
 public:
  std::string_view name() const override { return "hybrid_astar"; }
  void run(const LabMap& map, const LabQuery& query, LabOutcome& out) override;
  /// The last plan's poses (cell units, y down: heading = -the screen's heading).
  const HybridPath& last_path() const { return path_; }

 private:
  HybridAStar planner_;
  HybridPath path_;
};

/// Whether the car (LabCar's rectangle) centred at (x, y) with `heading` (rad, in cell units
/// with y down) is clear of the blocked cells of `map` and of the scene's drawn polygons,
/// touching counting as a collision (as plan/cspace.h's): the rectangle against every
/// blocked cell under its bounding box, by separating axes.
bool lab_car_free(const LabMap& map, const LabScene& scene, const LabCar& car, double x, double y, double heading);

}  // namespace racer
