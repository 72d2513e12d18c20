#pragma once
// Grid search: A* (and Dijkstra, for tests) on 8-connected grids, the global-routing layer's
// search. One reusable GridSearch object owns its node arrays and binary heap; a generation
// counter marks stale nodes, so a new search clears nothing and allocates nothing once the
// arrays have grown to the grid's size.
//
// Sections
//   GridCell, SearchGrid     the abstract grid: size, passable cells, cost multipliers
//   RouteCosts               how a track's CostGrid becomes multipliers (clearance, surface)
//   SearchResult, GridSearch the search and its answer
//
// Moves and costs (the MovingAI convention, see ../shared/pathfinding/README.md):
// - 8 neighbours; an orthogonal step is 1 cell long, a diagonal step sqrt(2).
// - No corner cutting: a diagonal step needs both orthogonally adjacent cells passable.
// - A step from a to b costs length * (m(a) + m(b)) / 2, m = the cells' multipliers (>= 1):
//   the mean, so a path costs the same in both directions. With m = 1 everywhere the cost
//   is the path's length.
// - The octile heuristic h = max(dx, dy) + (sqrt(2) - 1) * min(dx, dy) never overestimates
//   (multipliers >= 1) and is consistent, so A* returns optimal costs.
// - The open list is ordered on exact fixed-point keys (units of 2^-32 cell, 64-bit): every
//   step's cost is rounded once, so equal costs are exactly equal and the heuristic is
//   exactly consistent (floating-point sums differ in the last bit and would break ties at
//   random). The returned path is optimal to within 2^-32 cell per step; its reported cost
//   is summed in double along the path.
// - Ties in f = g + h go to the larger g (deeper node), then to the lower cell index:
//   the same query always gives the same path and the same expansion count, and A*
//   expands a subset of what Dijkstra expands.
#include <cstdint>
#include <vector>

namespace racer {

class CostGrid;

/// A cell of a grid: column x (0 at the left or west), row y.
struct GridCell {
  int x = 0;
  int y = 0;
  bool operator==(const GridCell&) const = default;
};

/// A plain grid to search: passable cells and an optional cost multiplier per cell.
/// Grids up to 32768 x 32768 cells; a fresh grid is all passable with multiplier 1.
/// Multipliers are clamped to [1, kMaxCost] by the search.
class SearchGrid {
 public:
  static constexpr int kMaxSide = 32768;
  static constexpr float kMaxCost = 1000.0f;

  SearchGrid() = default;
  /// w x h passable cells of multiplier 1 (w, h clamped to [0, kMaxSide]).
  SearchGrid(int w, int h);

  int width() const { return w_; }
  int height() const { return h_; }
  bool in_bounds(int x, int y) const { return x >= 0 && y >= 0 && x < w_ && y < h_; }
  /// False out of bounds.
  bool passable(int x, int y) const { return in_bounds(x, y) && passable_[index(x, y)] != 0; }
  /// Cost multiplier of a cell, >= 1 (1 everywhere until set_cost is called).
  float cost(int x, int y) const { return cost_.empty() ? 1.0f : cost_[index(x, y)]; }
  /// True while no multiplier was set: the search then skips the multiplier lookups.
  bool uniform_cost() const { return cost_.empty(); }

  /// (x, y) must be in bounds.
  void set_passable(int x, int y, bool passable) { passable_[index(x, y)] = passable ? 1 : 0; }
  /// (x, y) must be in bounds; multiplier must be >= 1 (asserted; smaller values are
  /// raised to 1 so the heuristic stays admissible).
  void set_cost(int x, int y, float multiplier);

  /// Row-major cell index, y * width + x; (x, y) must be in bounds.
  std::size_t index(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(w_) + static_cast<std::size_t>(x);
  }
  const std::vector<std::uint8_t>& passable_cells() const { return passable_; }  ///< row-major, 1 = passable
  const std::vector<float>& costs() const { return cost_; }  ///< row-major; empty while uniform

 private:
  int w_ = 0, h_ = 0;
  std::vector<std::uint8_t> passable_;
  std::vector<float> cost_;
};

/// How a track's CostGrid is costed for routing. Multiplier of a drivable cell:
///   surface_cost (if use_surface) * (1 + clearance_penalty * max(0, 1 - clearance / margin))
/// so a cell touching a wall costs (1 + clearance_penalty) times a cell at least
/// `clearance_margin_m` from any wall, fading linearly in between. Cells with less than
/// `min_clearance_m` (e.g. half the car's width) are impassable. The CostGrid's clearance
/// field must have been computed (CostGrid::compute_clearance).
struct RouteCosts {
  double clearance_margin_m = 2.0;  ///< m, > 0: closer than this to a wall costs extra
  double clearance_penalty = 3.0;   ///< >= 0: extra multiplier at zero clearance
  double min_clearance_m = 0.0;     ///< m, >= 0: cells with less clearance are blocked
  bool use_surface = true;          ///< multiply by the cell's surface cost (>= 1)

  /// The multiplier of a cell with this clearance (m) and surface cost (>= 1).
  double multiplier(double clearance_m, double surface_cost) const;
};

/// Fills `out` with the CostGrid costed by `costs` (passable = drivable and clear enough):
/// for many searches on an unchanging track, or to add temporary blockers (a stopped car)
/// before searching.
void make_route_grid(const CostGrid& grid, const RouteCosts& costs, SearchGrid& out);

enum class SearchMode {
  astar,     ///< octile heuristic
  dijkstra,  ///< heuristic 0 (reference for tests)
};

enum class SearchStatus {
  found,             ///< path holds an optimal path from start to goal
  unreachable,       ///< start and goal passable, but no path joins them
  blocked_endpoint,  ///< start or goal out of bounds or impassable (nothing searched)
};

/// The answer of one search.
struct SearchResult {
  SearchStatus status = SearchStatus::blocked_endpoint;
  std::vector<GridCell> path;  ///< start ... goal inclusive when found, else empty
  double cost = 0.0;           ///< sum of step costs (multipliers applied), in cells; 0 unless found
  double length = 0.0;         ///< geometric length of the path in cells (1 or sqrt(2) a step)
  long expanded = 0;           ///< nodes taken off the open list and expanded (goal included)

  bool found() const { return status == SearchStatus::found; }
};

/// Reusable A* / Dijkstra search. Not thread-safe; use one object per thread (or per AI).
class GridSearch {
 public:
  GridSearch() = default;

  /// Searches `grid` from start to goal. The returned reference stays valid until the next
  /// search on this object.
  const SearchResult& search(const SearchGrid& grid, GridCell start, GridCell goal,
                             SearchMode mode = SearchMode::astar);
  /// Searches a track's CostGrid costed by `costs` directly, computing each cell's
  /// multiplier when it is reached (no O(cells) set-up); same answer as make_route_grid
  /// followed by the search above.
  const SearchResult& search(const CostGrid& grid, GridCell start, GridCell goal, const RouteCosts& costs,
                             SearchMode mode = SearchMode::astar);

  /// The last answer.
  const SearchResult& result() const { return result_; }
  /// Nodes currently allocated (grows to the largest grid searched, never shrinks).
  std::size_t node_capacity() const { return nodes_.size(); }

 private:
  using Key = std::uint64_t;  // cost in 2^-32 cell units (see the header comment)
  struct Node {                  // 16 bytes: a 512 x 512 grid's nodes fit in 4 MiB
    Key g = 0;                     // best cost from start so far (valid in this generation)
    std::uint32_t parent = 0;      // cell index of the predecessor
    std::uint32_t generation = 0;  // search that last touched the node
  };
  struct HeapEntry {
    Key f;
    Key g;
    std::uint32_t cell;
  };
  static constexpr std::int32_t kClosed = -2;

  template <class View>
  const SearchResult& run(const View& view, GridCell start, GridCell goal, SearchMode mode);
  void prepare(std::size_t cells);
  Node& touch(std::uint32_t cell);
  static bool before(const HeapEntry& a, const HeapEntry& b);  // a leaves the heap first
  void heap_push(HeapEntry entry);
  HeapEntry heap_pop();
  void heap_decrease(std::int32_t pos, Key f, Key g);
  void sift_up(std::size_t pos);
  void sift_down(std::size_t pos);
  void place(std::size_t pos, const HeapEntry& entry);

  std::vector<Node> nodes_;
  std::vector<std::int32_t> heap_pos_;  // per cell: index in heap_, kClosed, or -1 (not reached);
                                        // apart from nodes_ so the heap's writes stay in cache
  std::vector<HeapEntry> heap_;
  std::uint32_t generation_ = 0;
  SearchResult result_;
};

}  // namespace racer
