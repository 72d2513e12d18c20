// The lab's layers: grid planners planned afresh, incremental planners and the flow field
// repaired in place.
#include "game/lab_layer.h"

#include <limits>

namespace racer {

std::vector<Vec2> cell_centres(const std::vector<GridCell>& path) {
  std::vector<Vec2> out;
  out.reserve(path.size());
  for (const GridCell& c : path) out.push_back({c.x + 0.5, c.y + 0.5});
  return out;
}

// ---- GridPlannerLayer ---------------------------------------------------------------------

void GridPlannerLayer::run(const LabMap& map, const LabQuery& query, LabOutcome& out) {
  trace_.expanded.clear();
  planner_->set_trace(&trace_);
  out = {};
  out.result = planner_->plan(map.grid, query.start, query.goal);
  planner_->set_trace(nullptr);
  out.path = cell_centres(out.result.path);
  out.expanded = trace_.expanded;
}

// ---- IncrementalLayer ---------------------------------------------------------------------

template <class Incremental>
void IncrementalLayer<Incremental>::answer(const SearchResult& r, LabOutcome& out) {
  out = {};
  out.result = r;
  out.path = cell_centres(r.path);
  out.expanded = trace_.expanded;
}

template <class Incremental>
void IncrementalLayer<Incremental>::run(const LabMap& map, const LabQuery& query, LabOutcome& out) {
  trace_.expanded.clear();
  planner_.set_trace(&trace_);
  planner_.reset(map.grid, query.start, query.goal);
  grid_ = &map.grid;
  answer(planner_.compute(), out);
  planner_.set_trace(nullptr);
}

template <class Incremental>
void IncrementalLayer<Incremental>::repair(const LabMap& map, const LabQuery& query, std::span<const GridCell> changed,
                                           LabOutcome& out) {
  if (grid_ != &map.grid) {  // never reset on this grid: nothing to repair
    run(map, query, out);
    return;
  }
  trace_.expanded.clear();
  planner_.set_trace(&trace_);
  const long touched = planner_.update_cells(changed);
  answer(planner_.compute(), out);
  planner_.set_trace(nullptr);
  out.repaired = true;
  out.repair_touched = touched;
}

template class IncrementalLayer<LpaStar>;
template class IncrementalLayer<DStarLite>;

// ---- FlowFieldLayer -----------------------------------------------------------------------

void FlowFieldLayer::answer(const LabMap& map, const LabQuery& query, long expanded, LabOutcome& out) const {
  out = {};
  out.result = field_.follow(query.start);
  out.result.expanded = expanded;
  out.path = cell_centres(out.result.path);
  const SearchGrid& g = map.grid;
  out.field.resize(static_cast<std::size_t>(g.width()) * static_cast<std::size_t>(g.height()));
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x) {
      const PathKey k = field_.distance_key({x, y});
      out.field[g.index(x, y)] =
          k >= kPathKeyInfinity ? std::numeric_limits<float>::infinity() : static_cast<float>(key_to_cost(k));
    }
}

void FlowFieldLayer::run(const LabMap& map, const LabQuery& query, LabOutcome& out) {
  const GridCell goals[1] = {query.goal};
  const long expanded = field_.reset(map.grid, goals);
  grid_ = &map.grid;
  goal_ = query.goal;
  answer(map, query, expanded, out);
}

void FlowFieldLayer::repair(const LabMap& map, const LabQuery& query, std::span<const GridCell> changed,
                            LabOutcome& out) {
  if (grid_ != &map.grid || !(goal_ == query.goal)) {
    run(map, query, out);
    return;
  }
  const long expanded = field_.update_cells(changed);
  answer(map, query, expanded, out);
  out.repaired = true;
  out.repair_touched = expanded;
}

}  // namespace racer
