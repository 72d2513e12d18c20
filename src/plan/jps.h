#pragma once
// Jump Point Search (Harabor & Grastien 2011) for uniform 8-connected grids without corner
// cutting (a diagonal move needs both orthogonal neighbours passable), the variant of
// PathFinding.js's JPFMoveDiagonallyIfNoObstacles:
// - a straight jump stops at a cell with a forced neighbour: moving along x, a passable cell
//   beside it (y +- 1) whose cell one step back (x - dx, y +- 1) is blocked (and likewise
//   along y); a diagonal jump stops at a cell from which a straight jump (along either of
//   its two components) finds a jump point; every jump stops at the goal;
// - a jump point reached along a diagonal tries that diagonal and its two components; one
//   reached straight tries straight on, the two diagonals ahead and the two sides.
// Exact: the costs equal Dijkstra's (tests/plan/jps_test.cpp checks thousands of random grids
// and every MovingAI scenario of ../shared/pathfinding). The straight scans read 64 cells at
// a time from bit rows (and bit columns, for vertical scans) made once per grid revision.
//
// The answer: the full cell path (jump points joined by their straight or diagonal runs),
// cost = length in cells, `expanded` = jump points expanded. On a weighted grid or one that
// is not 8-connected, JPS does not apply: the plan falls back to GridSearch (A*), or to the
// generic search of plan/astar_planner.h for four and hex grids, and says so in
// fell_back().
#include <cstdint>
#include <string_view>
#include <vector>

#include "plan/astar_planner.h"
#include "plan/planner.h"

namespace racer {

class JumpPointSearch final : public GridPlanner {
 public:
  std::string_view name() const override { return "jps"; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;
  /// True when the last plan was not JPS's own (weighted or not 8-connected grid).
  bool fell_back() const { return fell_back_; }

 private:
  using Key = std::uint64_t;  // cost in 2^-32 cell, as GridSearch's keys
  struct Node {
    Key g = 0;
    std::uint32_t parent = 0;      // cell of the previous jump point; kClosedBit once expanded
    std::uint32_t generation = 0;
  };
  struct OpenEntry {
    Key f;
    Key g;
    std::uint32_t cell;
  };
  static constexpr std::uint32_t kClosedBit = 1u << 31;

  void load(const SearchGrid& grid);
  bool open(int x, int y) const;  // passable; false outside (the bit planes' blocked border)
  int scan(const std::vector<std::uint64_t>& plane, std::size_t words, int line, int from, int dir, int goal_line,
           int goal_pos) const;
  bool jump(int x, int y, int dx, int dy, GridCell goal, GridCell& out) const;
  void relax(std::uint32_t from, Key from_g, GridCell at, GridCell to, GridCell goal);

  FastAStarPlanner fallback_;
  bool fell_back_ = false;
  bool loaded_ = false;
  std::uint64_t revision_ = 0;
  int w_ = 0, h_ = 0;
  std::size_t row_words_ = 0, column_words_ = 0;
  std::vector<std::uint64_t> rows_;     // (h + 2) lines of row_words_: bit x + 1 of line y + 1
  std::vector<std::uint64_t> columns_;  // (w + 2) lines of column_words_: bit y + 1 of line x + 1
  std::vector<Node> nodes_;
  std::vector<OpenEntry> heap_;
  std::uint32_t generation_ = 0;
  SearchResult result_;
};

}  // namespace racer
