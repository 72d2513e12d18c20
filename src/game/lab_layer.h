#pragma once
// The planner lab's layers (racer --lab, docs/lab.md): one planner as the lab shows it. A
// layer plans on the lab's map and answers with figures and with geometry to draw, all in
// cell units (x right, y down, cell (x, y) covers [x, x + 1) x [y, y + 1)), so the lab's
// view draws any layer the same way: the path, the expanded cells in order (stepped through
// by the view), extra segments (a visibility graph, a tree) and a per-cell field (a heat map).
//
// The layers here: GridPlannerLayer (any GridPlanner of src/plan, planned afresh),
// IncrementalLayer (LPA*, D* Lite: repaired with update_cells when the map changes) and
// FlowFieldLayer (Dijkstra's distances to the goal, repaired likewise, and the path that
// follows them). The motion planners (walk-to, Bug2, Bug1, the potential field, the
// visibility graph, hybrid A*) are layers of game/lab_motion.h, planning in the plane on the
// map made a scene (game/lab_scene.h); all are listed in lab_layers() (game/lab_planners.h).
// Pure: no clock, no SDL; the session (game/lab_session.h) times run() and repair() with
// the clock its caller gives it.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/vec2.h"
#include "plan/dstar_lite.h"
#include "plan/flow_field.h"
#include "plan/lpa_star.h"
#include "plan/planner.h"
#include "plan/shapes.h"

namespace racer {

/// The lab's map: the grid every grid planner searches, and the polygon obstacles drawn on
/// it (cell units; already rasterised into the grid: a cell whose centre is inside one is
/// blocked), which motion planners may use as a continuous scene.
struct LabMap {
  std::string name;           ///< shown in the lab ("arena.map", "Kestrel Downs", "built-in")
  SearchGrid grid;
  std::vector<Polygon> obstacles;
  double metres_per_cell = 0.0;  ///< > 0 for a track's grid, 0 for maps without a scale
};

/// What is asked: start and goal cells, and headings for planners of poses.
struct LabQuery {
  GridCell start, goal;
  /// rad, counter-clockwise on screen from +x (screen right; pi/2 points up the screen,
  /// which is north on a track); hybrid A* only. In the layers' cell units, whose y runs
  /// down, the same direction is the angle -heading.
  double heading = 0.0;
  double goal_heading = 0.0;  ///< rad, as `heading`: the car's heading wanted at the goal
};

/// A layer's answer to one run or repair.
struct LabOutcome {
  SearchResult result;             ///< status, path cells, cost, length, expanded
  std::vector<Vec2> path;          ///< the drawn path, cell units (cell centres for a cell path)
  std::vector<GridCell> expanded;  ///< the cells expanded, in order (empty: not recorded)
  std::vector<Segment> segments;   ///< extra geometry to draw (a graph's edges), cell units
  /// Per cell, row-major: a value to draw as a heat map (a flow field's distance to the
  /// goal, in cells); empty for none. Infinity = unreachable.
  std::vector<float> field;
  bool repaired = false;           ///< true when this answer came from an incremental repair
  long repair_touched = 0;         ///< cells an incremental repair re-evaluated
  /// Outlines to draw in the layer's colour (a car's footprint along a hybrid A* path), cell units.
  std::vector<Polygon> footprints;
  /// Per cell, row-major: 1 where the cell is shown as closed to this layer (hybrid A*'s
  /// C-space slice: the car's centre there at the start heading collides); empty for none.
  /// Drawn for the selected layer.
  std::vector<std::uint8_t> overlay;
  /// The table's status when result.status says too little ("stuck", "gave up"); empty:
  /// from result.status.
  std::string status;
  /// What the figures mean for this answer (the table's note): e.g. "reactive, no bound".
  std::string note;
};

class LabLayer {
 public:
  virtual ~LabLayer() = default;
  /// Short name, as --lab-planners and the lab's list spell it.
  virtual std::string_view name() const = 0;
  /// The promised ratio of the cost to the optimal one: 1 exact, w weighted, 0 none.
  virtual double bound() const { return 1.0; }
  /// True when repair() repairs (rather than plans afresh).
  virtual bool incremental() const { return false; }
  /// True for planners in the plane (the motion planners): they ignore the cells' cost
  /// multipliers, so their ratio is their length over the shortest 8-connected length.
  virtual bool continuous() const { return false; }
  /// Plans afresh on `map` (which stays the same object while this layer is used).
  virtual void run(const LabMap& map, const LabQuery& query, LabOutcome& out) = 0;
  /// `changed` cells of map.grid changed since the last run or repair (same start, goal).
  /// The default plans afresh.
  virtual void repair(const LabMap& map, const LabQuery& query, std::span<const GridCell> changed, LabOutcome& out) {
    (void)changed;
    run(map, query, out);
  }
};

/// Cell centres of a cell path.
std::vector<Vec2> cell_centres(const std::vector<GridCell>& path);

/// Any GridPlanner, planned afresh every time, its expansions traced.
class GridPlannerLayer final : public LabLayer {
 public:
  explicit GridPlannerLayer(std::unique_ptr<GridPlanner> planner) : planner_(std::move(planner)) {}
  std::string_view name() const override { return planner_->name(); }
  double bound() const override { return planner_->bound(); }
  void run(const LabMap& map, const LabQuery& query, LabOutcome& out) override;

 private:
  std::unique_ptr<GridPlanner> planner_;
  PlanTrace trace_;
};

/// LPA* or D* Lite: the first run searches, a repair reports the changed cells with
/// update_cells and computes again; `expanded` then counts the repair's expansions only.
template <class Incremental>
class IncrementalLayer final : public LabLayer {
 public:
  std::string_view name() const override { return planner_.name(); }
  bool incremental() const override { return true; }
  void run(const LabMap& map, const LabQuery& query, LabOutcome& out) override;
  void repair(const LabMap& map, const LabQuery& query, std::span<const GridCell> changed, LabOutcome& out) override;

 private:
  void answer(const SearchResult& r, LabOutcome& out);
  Incremental planner_;
  PlanTrace trace_;
  const SearchGrid* grid_ = nullptr;  ///< the grid the planner was reset on
};

/// The flow field toward the goal: its distances as `field`, the path that follows it from
/// the start, repaired with update_cells when cells change. `expanded` counts the cells the
/// last reset or repair settled (the whole reachable map first, then what a change touched).
class FlowFieldLayer final : public LabLayer {
 public:
  std::string_view name() const override { return "flow_field"; }
  bool incremental() const override { return true; }
  void run(const LabMap& map, const LabQuery& query, LabOutcome& out) override;
  void repair(const LabMap& map, const LabQuery& query, std::span<const GridCell> changed, LabOutcome& out) override;

 private:
  void answer(const LabMap& map, const LabQuery& query, long expanded, LabOutcome& out) const;
  FlowField field_;
  const SearchGrid* grid_ = nullptr;
  GridCell goal_;
};

extern template class IncrementalLayer<LpaStar>;
extern template class IncrementalLayer<DStarLite>;

}  // namespace racer
