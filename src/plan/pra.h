#pragma once
// PRA*, partial-refinement A* (Sturtevant, Buro 2005, "Partial pathfinding using map
// abstraction and refinement"), over a clique abstraction of the grid.
//
// The abstraction (built once per grid revision):
// - Level 0: one node per passable cell, an edge per legal 8-connected move (plan/grid.h's
//   moves and costs, no corner cutting), whatever the grid's connectivity() says.
// - Level i+1 groups the nodes of level i: in index order, each node not yet grouped takes
//   the largest clique (4, else 3, else 2 nodes) it forms with ungrouped neighbours; a node
//   left alone whose only neighbour is grouped (an orphan of degree 1) joins that
//   neighbour's group, as in the paper; any other lone node becomes a group of its own.
//   So every group is a clique of level-i nodes plus possibly degree-1 orphans, each
//   adjacent to a member of the clique. Two groups are adjacent when any of their members
//   are. A group sits at the mean position of its cells; an abstract edge costs the
//   Euclidean distance between the two positions times the mean of the two groups' mean
//   multipliers.
// - Levels are added until no level has an edge: the top level holds one node per
//   connected component.
// The query PRA*(k):
// - l = the lowest level where start and goal share a node (none: unreachable); the search
//   starts at level s = floor(l * start_level_fraction). The paper starts half-way (0.5);
//   the default here is a third, which on the shared maps gives paths about twice as
//   close to optimal for about the same expansions (docs/planners/hierarchical.md).
// - A* on level s from the start's node to the goal's; then on each level below, A*
//   restricted to the corridor, from the start's node to the goal's node when the path
//   above reaches the goal's parent, else to any child of its last node. The corridor is
//   the children of the nodes of the path from the level above and, with widen_corridor
//   (default), of their neighbours there too: the abstract path's positions are coarse.
//   Mean path length over optimal on the two room maps: 14-20 % too long with the paper's
//   settings (half-way, plain corridor), 8-12 % with a third and the plain corridor, 3-5 %
//   half-way and widened, 2-3.5 % with both changes.
// - PRA*(k) truncates the path of every level to its first k moves; k = 0 stands for
//   infinity (no truncation: the full path).
// As a GridPlanner, plan() returns a full path: with k = 0 one refinement; with k > 0 it
// repeats PRA*(k) from the end of the partial path until the goal is reached (as a unit
// following the partial paths would); after as many rounds as level-0 nodes (a safety cap
// that stops a cycle, never met in the tests) the rest is planned with k = infinity.
// Not optimal (bound() is 0). `expanded` counts the nodes expanded on all levels in all
// rounds. Heuristics: octile distance on level 0, Euclidean distance between positions
// above (consistent with the abstract edge costs).
#include <cstdint>
#include <string_view>
#include <vector>

#include "plan/grid.h"
#include "plan/grid_search.h"
#include "plan/planner.h"

namespace racer {

struct PraConfig {
  int k = 0;                           ///< moves refined per level and round; 0 = infinity
  double start_level_fraction = 1.0 / 3.0;  ///< in [0, 1]; 0 = plain A* on the grid
  bool widen_corridor = true;               ///< the corridor also holds the path's neighbours above
};

/// One level of the clique abstraction (level 0: the grid's passable cells).
struct PraLevel {
  std::vector<std::int32_t> parent;       ///< per node: its node on the level above (-1 on the top)
  std::vector<std::int32_t> child_begin;  ///< per node + 1: its children on the level below (empty on level 0)
  std::vector<std::int32_t> children;     ///< the first clique_size of a node's children form a clique
  std::vector<std::int32_t> clique_size;  ///< per node (0 on level 0)
  std::vector<std::int32_t> edge_begin;   ///< per node + 1: its edges, sorted by target
  std::vector<std::int32_t> edge_to;
  std::vector<double> edge_cost;
  std::vector<double> x, y;               ///< position: mean of its cells' coordinates
  std::vector<double> multiplier;         ///< mean multiplier of its cells
  std::vector<std::int32_t> cells;        ///< number of grid cells it holds

  int size() const { return static_cast<int>(parent.size()); }
  bool adjacent(int a, int b) const;
};

class PraPlanner final : public GridPlanner {
 public:
  explicit PraPlanner(PraConfig config = {});

  std::string_view name() const override { return "pra"; }
  double bound() const override { return 0.0; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

  /// Builds the abstraction now (plan() does it when the grid's revision changed).
  void preprocess(const SearchGrid& grid);
  const std::vector<PraLevel>& levels() const { return levels_; }
  /// Level-0 node of a cell, -1 when blocked or out of the last preprocessed grid.
  int node_of(GridCell c) const;
  GridCell cell_of(int node) const { return cells_[static_cast<std::size_t>(node)]; }
  const PraConfig& config() const { return config_; }
  /// Nodes the last plan() expanded before its first k moves were known (its first round;
  /// all of them with k = 0): the delay before a unit following the path can start.
  long first_round_expanded() const { return first_round_expanded_; }

 private:
  struct HeapItem {
    double f = 0.0;
    double g = 0.0;
    std::int32_t id = 0;
  };

  void build_level_zero(const SearchGrid& grid);
  void build_level_above();
  // One PRA*(k) round from start to goal cells; appends the level-0 path (without its first
  // cell) to result_.path. k = 0: full path. Returns false when unreachable.
  bool round(GridCell start, GridCell goal, int k);
  // A* on `level` from `from`; the target is `goal` (>= 0) or, when goal < 0, any node whose
  // parent is `tail`; restricted to nodes whose parent is stamped in corridor_ (when
  // restricted). Fills path_ (from first). Returns false when the target is not reached.
  bool level_search(int level, int from, int goal, int tail, bool restricted);

  PraConfig config_;
  std::uint64_t revision_ = 0;
  bool built_ = false;
  int width_ = 0;
  std::vector<PraLevel> levels_;
  std::vector<GridCell> cells_;             // level-0 node -> cell
  std::vector<std::int32_t> node_of_cell_;  // cell index -> level-0 node or -1

  std::vector<double> g_;
  std::vector<std::int32_t> came_from_;
  std::vector<std::uint32_t> stamp_;
  std::vector<std::uint8_t> closed_;
  std::uint32_t gen_ = 0;
  std::vector<std::uint32_t> corridor_;  // per node of the level above: stamp when on the path
  std::uint32_t corridor_gen_ = 0;
  std::vector<HeapItem> heap_;
  std::vector<std::int32_t> path_;
  long expanded_ = 0;
  long first_round_expanded_ = 0;

  SearchResult result_;
};

}  // namespace racer
