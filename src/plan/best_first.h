#pragma once
// Best-first grid search on any connectivity (plan/grid.h): one core for Dijkstra, greedy
// best-first, A* and weighted A*, and the GridPlanners built on it.
//
// The core orders its open list on f = g_weight * g + h_weight * h(cell, goal):
//   Dijkstra          g_weight 1, h_weight 0: optimal.
//   A*                g_weight 1, h_weight 1: optimal when the heuristic is admissible for
//                     the grid's connectivity (plan/heuristics.h).
//   weighted A*       g_weight 1, h_weight w >= 1: cost <= w * optimal with an admissible
//                     heuristic (all the admissible ones here are consistent, so no node
//                     needs reopening: Likhachev, Gordon, Thrun, ARA*, 2003).
//   greedy            g_weight 0, h_weight 1: any path, no bound; usually few expansions.
// Costs are those of plan/grid.h (length * mean multiplier). As in GridSearch, the open list
// works on exact fixed-point keys (2^-32 cell): manhattan, octile, chebyshev and hex are
// computed in keys and are then exactly consistent; euclidean is rounded down. Ties in f go
// to the larger g, then to the lower cell index, so a query always gives the same path and
// expansion count. The reported cost is summed in double along the path.
// Working memory (generation-stamped nodes, an indexed binary heap) grows to the largest grid
// searched and is reused: a search allocates nothing once grown, and clears nothing.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "plan/grid.h"
#include "plan/grid_search.h"
#include "plan/heuristics.h"
#include "plan/planner.h"

namespace racer {

/// How the open list is ordered: f = g_weight * g + h_weight * h.
struct BestFirstParams {
  Heuristic heuristic = Heuristic::zero;
  double g_weight = 1.0;  ///< 1 (Dijkstra, A*, weighted A*) or 0 (greedy)
  double h_weight = 1.0;  ///< >= 0; w of weighted A*
};

/// Reusable best-first search over a SearchGrid of any connectivity. Not thread-safe.
class BestFirstSearch {
 public:
  /// Searches `grid` from start to goal. The reference stays valid until the next search.
  const SearchResult& search(const SearchGrid& grid, GridCell start, GridCell goal, const BestFirstParams& params);

  const SearchResult& result() const { return result_; }
  /// From the next search on, appends each expanded cell to `trace` (nullptr: none).
  void set_trace(PlanTrace* trace) { trace_ = trace; }
  /// Nodes currently allocated (grows to the largest grid searched, never shrinks).
  std::size_t node_capacity() const { return nodes_.size(); }

 private:
  using Key = std::uint64_t;
  struct Node {
    Key g = 0;
    std::uint32_t parent = 0;
    std::uint32_t generation = 0;
  };
  struct HeapEntry {
    Key f;
    Key g;
    std::uint32_t cell;
  };
  static constexpr std::int32_t kClosed = -2;

  void prepare(std::size_t cells);
  Node& touch(std::uint32_t cell);
  static bool before(const HeapEntry& a, const HeapEntry& b);
  void heap_push(HeapEntry entry);
  HeapEntry heap_pop();
  void heap_update(std::int32_t pos, Key f, Key g);
  void sift_up(std::size_t pos);
  void sift_down(std::size_t pos);
  void place(std::size_t pos, const HeapEntry& entry);

  std::vector<Node> nodes_;
  std::vector<std::int32_t> heap_pos_;  // per cell: index in heap_, kClosed, or -1 (not reached)
  std::vector<HeapEntry> heap_;
  std::uint32_t generation_ = 0;
  SearchResult result_;
  PlanTrace* trace_ = nullptr;
};

/// Fills result.cost and result.length from result.path: the sums of move_cost and
/// move_length (plan/grid.h) along it; 0 for a path of fewer than two cells.
void measure_path(const SearchGrid& grid, SearchResult& result);

/// Dijkstra: optimal on every grid; expands every cell cheaper than the goal.
class DijkstraPlanner final : public GridPlanner {
 public:
  std::string_view name() const override { return "dijkstra"; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

 private:
  BestFirstSearch search_;
};

/// A* on any connectivity. Without a heuristic given it takes exact_heuristic() of each
/// grid's connectivity; with one that is not admissible for the grid (heuristic_admissible)
/// the answer is a path but bound() no longer holds.
class AStarPlanner final : public GridPlanner {
 public:
  explicit AStarPlanner(std::optional<Heuristic> heuristic = std::nullopt) : heuristic_(heuristic) {}
  std::string_view name() const override { return "astar_generic"; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

 private:
  std::optional<Heuristic> heuristic_;
  BestFirstSearch search_;
};

/// Weighted A*, f = g + w h: cost <= w * optimal (w >= 1; smaller values are raised to 1)
/// with an admissible heuristic (default: exact_heuristic() of the grid's connectivity).
class WeightedAStarPlanner final : public GridPlanner {
 public:
  explicit WeightedAStarPlanner(double w = 1.5, std::optional<Heuristic> heuristic = std::nullopt);
  std::string_view name() const override { return "weighted_astar"; }
  double bound() const override { return w_; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

 private:
  double w_;
  std::optional<Heuristic> heuristic_;
  BestFirstSearch search_;
};

/// Greedy best-first: ordered on h alone (default: exact_heuristic() of the grid), ignores
/// costs while searching; finds a path whenever one exists, of no promised cost.
class GreedyPlanner final : public GridPlanner {
 public:
  explicit GreedyPlanner(std::optional<Heuristic> heuristic = std::nullopt) : heuristic_(heuristic) {}
  std::string_view name() const override { return "greedy"; }
  double bound() const override { return 0.0; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

 private:
  std::optional<Heuristic> heuristic_;
  BestFirstSearch search_;
};

}  // namespace racer
