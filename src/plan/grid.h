#pragma once
// The grid every planner in src/plan searches: a width x height array of cells, each
// passable or blocked, with an optional cost multiplier (>= 1), and the moves between them.
//
// Connectivity (how a cell reaches its neighbours; a move's length in cells):
// - four:  E, W, S, N, length 1.
// - eight: the four, plus the diagonals, length sqrt(2); no corner cutting: a diagonal move
//          needs both orthogonally adjacent cells passable (the MovingAI convention,
//          ../shared/pathfinding/README.md).
// - hex:   hexagonal cells in "odd-r" offset rows: odd rows sit half a cell to the right of
//          even rows. Six neighbours, every move length 1: E, W, and the two cells above and
//          the two below that touch the cell.
// A move from a to b costs length * (m(a) + m(b)) / 2, m = the cells' multipliers: the mean,
// so a path costs the same both ways. With m = 1 everywhere the cost is the path's length.
// Cell (0, 0) is the top-left one in MovingAI maps (x right, y down); planners need no
// orientation.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace racer {

/// A cell of a grid: column x (0 at the left or west), row y.
struct GridCell {
  int x = 0;
  int y = 0;
  bool operator==(const GridCell&) const = default;
};

enum class Connectivity : std::uint8_t { four, eight, hex };

/// A plain grid to search: passable cells, an optional cost multiplier per cell, and the
/// connectivity of its moves. Grids up to 32768 x 32768 cells; a fresh grid is all passable
/// with multiplier 1, 8-connected. Multipliers are clamped to [1, kMaxCost] by the searches.
class SearchGrid {
 public:
  static constexpr int kMaxSide = 32768;
  static constexpr float kMaxCost = 1000.0f;

  SearchGrid() = default;
  /// w x h passable cells of multiplier 1 (w, h clamped to [0, kMaxSide]).
  SearchGrid(int w, int h, Connectivity connectivity = Connectivity::eight);

  Connectivity connectivity() const { return connectivity_; }
  void set_connectivity(Connectivity c) {
    connectivity_ = c;
    revise();
  }

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
  void set_passable(int x, int y, bool passable) {
    passable_[index(x, y)] = passable ? 1 : 0;
    revise();
  }
  /// (x, y) must be in bounds; multiplier must be >= 1 (asserted; smaller values are
  /// raised to 1 so the heuristic stays admissible).
  void set_cost(int x, int y, float multiplier);

  /// The cell of a row-major index.
  GridCell cell(std::size_t index) const {
    return {static_cast<int>(index % static_cast<std::size_t>(w_)), static_cast<int>(index / static_cast<std::size_t>(w_))};
  }
  /// Row-major cell index, y * width + x; (x, y) must be in bounds.
  std::size_t index(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(w_) + static_cast<std::size_t>(x);
  }
  const std::vector<std::uint8_t>& passable_cells() const { return passable_; }  ///< row-major, 1 = passable
  const std::vector<float>& costs() const { return cost_; }  ///< row-major; empty while uniform
  /// A number that changes on every change of any grid's cells and is never shared by two
  /// grids' states (a copy keeps it until changed): a planner that preprocesses a grid
  /// (labels, clusters, trees) keeps its work while the revision it saw is unchanged.
  std::uint64_t revision() const { return revision_; }

 private:
  static std::uint64_t next_revision();
  void revise() { revision_ = next_revision(); }

  int w_ = 0, h_ = 0;
  Connectivity connectivity_ = Connectivity::eight;
  std::uint64_t revision_ = next_revision();
  std::vector<std::uint8_t> passable_;
  std::vector<float> cost_;
};


/// One move out of a cell: the neighbour reached and the move's length in cells.
struct GridMove {
  GridCell to;
  double length = 1.0;
};

/// The moves out of `from` on `grid` under its connectivity: in bounds, onto passable cells,
/// no corner cutting; `from` itself need not be passable. Writes at most 8 moves into `out`,
/// in a fixed order (orthogonal moves first), and returns how many.
int grid_moves(const SearchGrid& grid, GridCell from, GridMove out[8]);

/// The cost of the move from a to b of `length` cells: length * (m(a) + m(b)) / 2, each
/// multiplier clamped to [1, kMaxCost].
double move_cost(const SearchGrid& grid, GridCell a, GridCell b, double length);

/// The length of a move from a to b under the grid's connectivity (1, sqrt(2)), or 0 when b
/// is not one move from a (corner cutting and passability are not checked).
double move_length(const SearchGrid& grid, GridCell a, GridCell b);

}  // namespace racer
