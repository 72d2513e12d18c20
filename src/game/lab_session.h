#pragma once
// LabSession: the planner lab's state (racer --lab, docs/lab.md), without the drawing: the
// map and its edits, start and goal, the layers (game/lab_layer.h) with their colours and
// on/off switches, each enabled layer's last answer and time, Dijkstra's optimal cost for
// the ratios, and the step through the selected layer's expansions.
//
// Every change answers at once: a new start or goal plans every enabled layer afresh; an
// edit of the map (cells blocked or freed, a polygon added) repairs the incremental layers
// (update_cells) and plans the others afresh. Times are taken with the clock the caller
// gives (the lab's view passes a wall clock; tests a fake one): this unit never reads one.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "game/lab_layer.h"
#include "plan/best_first.h"

namespace racer {

/// Seconds from any fixed origin, never decreasing.
using LabClock = std::function<double()>;

/// One layer in the session.
struct LabEntry {
  std::unique_ptr<LabLayer> layer;
  std::uint32_t colour = 0;  ///< 0xRRGGBB, distinct per layer
  bool enabled = false;
  bool answered = false;     ///< `outcome` holds an answer for the current map and query
  LabOutcome outcome;
  double time_us = 0.0;      ///< the wall time of the run or repair that gave `outcome`
};

class LabSession {
 public:
  /// `clock` may be empty (times then read 0).
  LabSession(std::vector<std::unique_ptr<LabLayer>> layers, LabClock clock);

  /// Replaces the map; start and goal become default_lab_query's; enabled layers plan.
  void set_map(LabMap map);
  const LabMap& map() const { return map_; }
  const LabQuery& query() const { return query_; }
  /// Cells out of bounds are ignored (false); a blocked cell is accepted (planners answer
  /// blocked_endpoint). Enabled layers plan afresh.
  bool set_start(GridCell c);
  bool set_goal(GridCell c);
  void set_query(const LabQuery& q);

  int layer_count() const { return static_cast<int>(entries_.size()); }
  const LabEntry& entry(int i) const { return entries_[static_cast<std::size_t>(i)]; }
  /// Index of the layer called `name`, -1 if none.
  int find(std::string_view name) const;
  /// Switches a layer on (planning it if it has no current answer) or off. Switched on, it
  /// keeps its colour unless a shown layer has it; then it takes the palette's first free one.
  void set_enabled(int i, bool on);

  /// Blocks or frees cells (out-of-bounds ones ignored); returns the cells that changed,
  /// after repairing or re-planning the enabled layers.
  std::vector<GridCell> set_blocked(std::span<const GridCell> cells, bool blocked);
  /// Adds a polygon obstacle (cell units): kept in map().obstacles and its cells blocked.
  /// Returns the cells that changed.
  std::vector<GridCell> add_polygon(const Polygon& polygon);
  /// Removes the drawn polygons and frees the cells they blocked (cells blocked otherwise
  /// stay blocked only if they were before the polygon; see set_blocked for single cells).
  void clear_polygons();

  /// Dijkstra's cost from start to goal on the current map; nullopt when there is no path.
  std::optional<double> optimal_cost() const { return optimal_; }
  /// The shortest 8-connected length from start to goal ignoring the cells' multipliers
  /// (Dijkstra on the same cells at multiplier 1: optimal_cost() on a map without them);
  /// known once a continuous layer is enabled. nullopt when there is no path.
  std::optional<double> optimal_length() const { return optimal_length_; }
  /// A layer's cost over the optimal one; for a continuous layer (a motion planner, which
  /// ignores multipliers) its length over optimal_length(). nullopt without both.
  std::optional<double> ratio(int i) const;

  /// The layer whose expansions are shown and stepped (-1: none).
  int selected() const { return selected_; }
  void select(int i);
  /// How many of the selected layer's expansions are shown: all of them unless stepping.
  long shown_expansions() const;
  long trace_size() const;
  bool stepping() const { return step_ >= 0; }
  /// Shows the first k expansions (clamped to the trace); k < 0 shows all (stepping off).
  void set_step(long k);
  /// Moves the step by `d` expansions (starting from 0 when not stepping).
  void step_by(long d);

  /// Edits and re-plans so far (a view redraws what depends on them when this changes).
  std::uint64_t generation() const { return generation_; }

 private:
  void plan_all();
  void plan(LabEntry& e);
  void after_edit(std::span<const GridCell> changed);
  void compute_optimal();
  /// optimal_length_ when a continuous layer is enabled (else left unknown).
  void compute_optimal_length();
  double now() const { return clock_ ? clock_() : 0.0; }

  std::vector<LabEntry> entries_;
  LabClock clock_;
  LabMap map_;
  LabQuery query_;
  std::vector<std::vector<GridCell>> polygon_changes_;  ///< per polygon: the cells it blocked
  DijkstraPlanner dijkstra_;
  std::optional<double> optimal_;
  std::optional<double> optimal_length_;
  bool optimal_length_known_ = false;
  int selected_ = -1;
  long step_ = -1;
  std::uint64_t generation_ = 0;
};

/// Colours in the lab's palette.
inline constexpr int kLabColours = 16;
/// The lab's palette: the colour of the i-th layer (0xRRGGBB), distinct for i < kLabColours;
/// layers past it start from colours the first grid planners do not use.
/// A layer switched on takes another colour if a shown layer has its own (set_enabled), so
/// up to kLabColours shown layers always differ.
std::uint32_t lab_colour(int i);

}  // namespace racer
