// GridSearch as the "astar" and "dijkstra" GridPlanners, and their plain A* over
// grid_moves() for grids that are four-connected or hexagonal.
#include "plan/astar_planner.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace racer {
namespace {

// A lower bound on the moves from a to b: Manhattan distance (four), hex distance (hex,
// odd-r rows converted to axial coordinates).
double moves_between(Connectivity c, GridCell a, GridCell b) {
  if (c == Connectivity::four) return std::abs(a.x - b.x) + std::abs(a.y - b.y);
  const auto axial_q = [](GridCell p) { return p.x - (p.y - (p.y & 1)) / 2; };
  const int dq = axial_q(a) - axial_q(b), dr = a.y - b.y;
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

// Max-heap order "a pops after b": f, then larger g, then lower cell.
constexpr auto kPopsAfter = [](const auto& a, const auto& b) {
  if (a.f != b.f) return a.f > b.f;
  if (a.g != b.g) return a.g < b.g;
  return a.cell > b.cell;
};

}  // namespace

const SearchResult& AstarPlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  if (grid.connectivity() == Connectivity::eight) return search_.search(grid, start, goal, mode_);
  return plan_other(grid, start, goal);
}

const SearchResult& AstarPlanner::plan_other(const SearchGrid& grid, GridCell start, GridCell goal) {
  result_ = SearchResult{};
  if (!grid.passable(start.x, start.y) || !grid.passable(goal.x, goal.y)) return result_;
  const std::size_t cells = static_cast<std::size_t>(grid.width()) * static_cast<std::size_t>(grid.height());
  if (g_.size() < cells) {
    g_.resize(cells);
    parent_.resize(cells);
    stamp_.resize(cells, 0);
    closed_.resize(cells, 0);
  }
  if (++generation_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0u);
    std::fill(closed_.begin(), closed_.end(), 0u);
    generation_ = 1;
  }
  heap_.clear();
  const bool heuristic = mode_ == SearchMode::astar;
  const auto h = [&](GridCell c) { return heuristic ? moves_between(grid.connectivity(), c, goal) : 0.0; };
  const auto source = static_cast<std::uint32_t>(grid.index(start.x, start.y));
  const auto target = static_cast<std::uint32_t>(grid.index(goal.x, goal.y));
  g_[source] = 0.0;
  parent_[source] = source;
  stamp_[source] = generation_;
  heap_.push_back({h(start), 0.0, source});
  bool found = false;
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), kPopsAfter);
    const Entry top = heap_.back();
    heap_.pop_back();
    if (closed_[top.cell] == generation_) continue;  // stale copy
    closed_[top.cell] = generation_;
    ++result_.expanded;
    if (top.cell == target) {
      found = true;
      break;
    }
    const GridCell at = grid.cell(top.cell);
    GridMove moves[8];
    const int n = grid_moves(grid, at, moves);
    for (int i = 0; i < n; ++i) {
      const auto cell = static_cast<std::uint32_t>(grid.index(moves[i].to.x, moves[i].to.y));
      if (closed_[cell] == generation_) continue;
      const double g = top.g + move_cost(grid, at, moves[i].to, moves[i].length);
      if (stamp_[cell] == generation_ && g >= g_[cell]) continue;
      stamp_[cell] = generation_;
      g_[cell] = g;
      parent_[cell] = top.cell;
      heap_.push_back({g + h(moves[i].to), g, cell});
      std::push_heap(heap_.begin(), heap_.end(), kPopsAfter);
    }
  }
  if (!found) {
    result_.status = SearchStatus::unreachable;
    return result_;
  }
  result_.status = SearchStatus::found;
  for (std::uint32_t cell = target;; cell = parent_[cell]) {
    result_.path.push_back(grid.cell(cell));
    if (cell == source) break;
  }
  std::reverse(result_.path.begin(), result_.path.end());
  for (std::size_t i = 1; i < result_.path.size(); ++i) {
    const double length = move_length(grid, result_.path[i - 1], result_.path[i]);
    result_.length += length;
    result_.cost += move_cost(grid, result_.path[i - 1], result_.path[i], length);
  }
  return result_;
}

}  // namespace racer
