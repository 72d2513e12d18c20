#pragma once
// HPA*, hierarchical path-finding A* (Botea, Müller, Schaeffer 2004, "Near optimal
// hierarchical path-finding"): one level of abstraction over square clusters.
//
// Preprocessing (once per grid revision):
// - The grid is cut into clusters of cluster_size x cluster_size cells (the last row and
//   column of clusters may be smaller).
// - Entrances: on every border between two neighbouring clusters, each maximal run of cell
//   pairs (one cell each side, both passable) is an entrance. A run shorter than
//   long_entrance cells gets one transition in its middle, a longer one two, at its ends
//   (the paper's rule, with its constant 6). A transition is a pair of abstract nodes, one
//   cell each side, joined by an inter-cluster edge (one orthogonal move).
// - Intra-cluster edges: between every two abstract nodes of a cluster that reach each
//   other inside the cluster, of the optimal cost of a path restricted to the cluster
//   (one Dijkstra per node, restricted to its cluster; the costs are cached, the paths are
//   searched again when refined).
// Query:
// - Start and goal are inserted: linked to the abstract nodes of their cluster by one
//   in-cluster Dijkstra each. When both lie in the same cluster or in neighbouring ones
//   (8-neighbourhood), a direct A* restricted to the rectangle of their clusters also
//   runs and its path is one more abstract edge S -> G, so the cheaper answer wins (the
//   paper searches directly in the same-cluster case only; without the neighbour case a
//   query one cell across a border can detour to a distant transition: on arena up to
//   3.5 times the optimum before smoothing).
// - A* over the abstract graph (heuristic: octile distance to the goal's cell).
// - Refinement: every abstract edge becomes cells (in-cluster A* for intra edges, one move
//   for inter edges), concatenated into one path of legal 8-connected moves.
// - Optional smoothing (the paper's): from each path cell, walk straight in each of the 8
//   directions (legal moves only, no corner cutting) up to 2 cluster sizes; when the walk
//   meets a later cell of the path and the straight piece costs less than the piece it
//   replaces, the straight piece replaces it.
// Moves and costs are plan/grid.h's for Connectivity::eight (as GridSearch: the grid is
// searched as 8-connected whatever its connectivity() says); multipliers are honoured.
// The answer is not optimal (bound() is 0): the path passes through transition cells.
// `expanded` counts the abstract nodes expanded plus the cells expanded by the insertion
// searches, the direct same-cluster search and the refinement searches.
#include <cstdint>
#include <string_view>
#include <vector>

#include "plan/grid.h"
#include "plan/grid_search.h"
#include "plan/planner.h"

namespace racer {

struct HpaConfig {
  int cluster_size = 10;   ///< cells per cluster side, >= 2 (smaller values are raised to 2)
  int long_entrance = 6;   ///< entrances of at least this many cells get two transitions
  bool smooth = true;      ///< straighten the refined path (see above)
};

/// Sizes of the abstract graph of the last preprocessed grid.
struct HpaStats {
  int clusters = 0;
  int entrances = 0;
  int nodes = 0;         ///< abstract nodes (transition cells)
  long intra_edges = 0;  ///< undirected intra-cluster edges
  int inter_edges = 0;   ///< undirected inter-cluster edges (one per transition)
};

class HpaPlanner final : public GridPlanner {
 public:
  explicit HpaPlanner(HpaConfig config = {});

  std::string_view name() const override { return "hpa"; }
  double bound() const override { return 0.0; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;

  /// Builds the abstract graph now (plan() does it when the grid's revision changed).
  void preprocess(const SearchGrid& grid);
  const HpaStats& stats() const { return stats_; }
  const HpaConfig& config() const { return config_; }
  /// Smoothing on or off (keeps the preprocessing).
  void set_smooth(bool smooth) { config_.smooth = smooth; }

 private:
  struct Edge {
    int to = 0;
    double cost = 0.0;
  };
  struct Node {
    GridCell cell;
    int cluster = 0;
    std::vector<Edge> edges;  // while building; then moved to edges_
  };
  struct Rect {
    int x0 = 0, y0 = 0, w = 0, h = 0;
  };
  struct HeapItem {  // open-list entry; stale entries are skipped when popped
    double f = 0.0;
    double g = 0.0;
    std::int32_t id = 0;
  };

  Rect cluster_rect(int cluster) const;
  int cluster_of(GridCell c) const;
  int add_node(GridCell c);
  void add_entrances(const SearchGrid& grid, int c_a, int c_b, bool vertical_border);
  // Search from `from` restricted to the cells of `rect` (a cluster, or up to 2 x 2
  // clusters for the direct search). With a goal: A* to it, the path
  // in local_path_ (goal first), returns its cost or -1. Without (goal.x < 0): Dijkstra to
  // every cell of the rect, the costs in local_g_ (stamped local_gen_), returns 0.
  double local_search(const SearchGrid& grid, const Rect& rect, GridCell from, GridCell goal);
  double local_cost(const Rect& rect, GridCell c) const;  // after a Dijkstra; -1 when not reached
  void smooth_path(const SearchGrid& grid);
  void finish(const SearchGrid& grid);

  HpaConfig config_;
  HpaStats stats_;
  std::uint64_t revision_ = 0;
  bool built_ = false;
  int width_ = 0, height_ = 0, clusters_x_ = 0, clusters_y_ = 0;
  std::vector<Node> nodes_;
  std::vector<std::vector<int>> cluster_nodes_;
  std::vector<std::int32_t> node_of_cell_;  // -1 when the cell is no abstract node
  std::vector<GridCell> node_cells_;        // per node
  std::vector<std::int32_t> edge_begin_;    // per node + 1: its edges in edges_
  std::vector<Edge> edges_;

  // In-cluster search memory (cluster_size^2 cells, generation-stamped).
  std::vector<double> local_g_;
  std::vector<std::int32_t> local_parent_;
  std::vector<std::uint32_t> local_stamp_;
  std::vector<std::uint8_t> local_closed_;
  std::uint32_t local_gen_ = 0;
  std::vector<GridCell> local_path_;
  std::vector<HeapItem> heap_;
  long local_expanded_ = 0;

  // Abstract search memory.
  std::vector<double> abs_g_;
  std::vector<std::int32_t> abs_parent_;
  std::vector<std::uint32_t> abs_stamp_;
  std::vector<std::uint8_t> abs_closed_;
  std::uint32_t abs_gen_ = 0;
  std::vector<double> goal_link_;  // per node: cost to the goal inside the goal's cluster, or < 0

  std::vector<std::int32_t> path_pos_;  // per cell: index on the path being smoothed (stamped)
  std::vector<std::uint32_t> path_stamp_;
  std::uint32_t path_gen_ = 0;

  SearchResult result_;
};

}  // namespace racer
