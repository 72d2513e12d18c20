#pragma once
// Jump Point Search (Harabor & Grastien 2011, 2014) for uniform 8-connected grids without
// corner cutting (a diagonal move needs both orthogonal neighbours passable):
// - a straight jump stops at a cell with a forced neighbour: moving along x, a passable cell
//   beside it (y +- 1) whose cell one step back (x - dx, y +- 1) is blocked (and likewise
//   along y); a diagonal jump stops at a cell from which a straight jump (along either of
//   its two components) finds a jump point; every jump stops at the goal;
// - a jump point reached along a diagonal tries that diagonal and its two components; one
//   reached straight tries straight on and, on each side with a forced neighbour, that
//   side and the diagonal ahead on that side (the start tries all eight directions).
// Exact: the costs equal Dijkstra's (tests/plan/jps_test.cpp checks thousands of random grids
// and every MovingAI scenario of ../shared/pathfinding).
//
// JPS+ (Harabor & Grastien 2014): from the second query on a grid revision, every cell has,
// for each of the 8 directions, the distance of its jump (to the jump point, or how far it
// can go before the run dies), so a jump is one table read plus a check for the goal on the
// way; the first query on a revision scans each jump along the grid instead (the same jumps),
// so a grid planned once does not pay for the tables. A diagonal jump whose quadrant holds
// the goal also stops where it crosses the goal's row or column (a straight jump from there
// may reach the goal); that extra node keeps the search exact.
//
// The heuristic: the larger of the octile distance and a differential heuristic
// (plan/differential_heuristic.h: exact distances from up to 32 landmarks, made with the
// tables by the second plan() on a grid revision; exactly consistent in the same
// fixed-point keys as g, so the search stays exact). The distances are kept as step counts
// packed in 3 bytes a landmark (below 4096 steps of each kind; a grid whose shortest paths
// need more, a long maze, drops its landmarks and searches with the octile bound). A query
// uses the 16 landmarks whose bounds at the start and at three cells of the straight line to
// the goal sum largest (8, ranked at the start alone, when the ends lie within 64 cells in x
// and y). The first plan() on a revision labels components: start and goal in different
// components are answered without a search. On room maps the octile bound ignores walls,
// doors and scattered blocks, and these bounds cut the jump points a query expands several
// times over (docs/planners/astar_jps.md has the figures).
//
// The open list: a ring of buckets of f (plan/jps_open_list.h), popped in the order of a
// binary heap on (f, larger g, lower cell).
//
// Memory: one 128-byte record a cell (jumps, 32 packed landmark distances, search node), so
// a jump's end costs two adjacent cache lines; the ends of one expansion's jumps are
// prefetched together before they are relaxed. With the tables' scratch (16 bytes a cell) and
// the heuristic's labels and flood distances, about 160 bytes a cell (40 MiB for 512 x 512);
// building the landmarks borrows 4 bytes a cell and landmark more (32 MiB there), freed after.
//
// The answer: the full cell path (jump points joined by their straight or diagonal runs),
// cost = length in cells, `expanded` = jump points expanded (0 when the labels tell the goal
// is unreachable). On a weighted grid or one that is not 8-connected, JPS does not apply: the
// plan falls back to GridSearch (A*), or to the generic search of plan/astar_planner.h for
// four and hex grids, and says so in fell_back().
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "plan/astar_planner.h"
#include "plan/differential_heuristic.h"
#include "plan/jps_open_list.h"
#include "plan/planner.h"

namespace racer {

class JumpPointSearch final : public GridPlanner {
 public:
  static constexpr int kDefaultLandmarks = 32;
  /// `landmarks` (0..32): the differential heuristic's landmarks, 0 for the octile heuristic
  /// alone (the preprocessing then costs one pass for the jumps and the labels).
  explicit JumpPointSearch(int landmarks = kDefaultLandmarks) : landmark_count_(landmarks) {}
  std::string_view name() const override { return "jps"; }
  const SearchResult& plan(const SearchGrid& grid, GridCell start, GridCell goal) override;
  /// True when the last plan was not JPS's own (weighted or not 8-connected grid).
  bool fell_back() const { return fell_back_; }

 private:
  using Key = std::uint64_t;  // cost in 2^-32 cell, as GridSearch's keys
  static constexpr int kLandmarkSlots = 32;
  static constexpr int kActiveLandmarks = 16;
  static constexpr int kShortQueryActive = 8;  // active landmarks of a query whose ends lie within kShortQuery
  static constexpr int kLandmarkSamples = 4;  // cells on the start-goal line that rank the landmarks
  static constexpr int kShortQuery = 64;      // cells: closer ends rank them at the start alone
  // Everything the search reads of a cell, in two adjacent cache lines: expanding a cell and
  // relaxing a jump to it touch one record each (the cells visited lie far apart).
  struct alignas(128) Cell {
    std::int16_t jumps[8];                    // > 0: jump point that many steps away; <= 0: -steps free, none
    std::uint8_t landmarks[3 * kLandmarkSlots];  // DifferentialHeuristic's packed step counts
    Key g;  // also the readable byte after the last landmark's (at_packed reads 4 bytes a landmark)
    std::uint32_t parent;  // cell of the previous jump point
    std::uint32_t stamp;   // generation << 4 | closed << 3 | direction of arrival (0..7)
  };

  void load(const SearchGrid& grid);  // passability, records, labels: every new revision
  void build_jumps();                 // the jump tables: from the second query of a revision
  int scan_jump(int x, int y, int direction) const;  // one table entry, computed
  void build_landmarks(const SearchGrid& grid, int landmarks);  // and the component labels
  const unsigned char* packed_landmarks(const Cell& c) const {  // the record's bytes from its counts on
    return reinterpret_cast<const unsigned char*>(&c) + offsetof(Cell, landmarks);
  }
  void unpack_landmarks(std::uint32_t cell, std::uint32_t* counts) const;  // landmarks_.landmarks() counts
  bool open(int x, int y) const {  // passable; false outside (the padded blocked border)
    return open_[static_cast<std::size_t>(y + 1) * static_cast<std::size_t>(w_ + 2) + static_cast<std::size_t>(x + 1)] != 0;
  }
  void relax(std::uint32_t from, Key g, std::uint32_t cell, int x, int y, int direction, GridCell goal);
  void prefetch(std::uint32_t cell) const;  // both cache lines of a cell's record

  FastAStarPlanner fallback_;
  int landmark_count_ = 0;
  DifferentialHeuristic landmarks_;
  bool fell_back_ = false;
  bool loaded_ = false;
  std::uint64_t revision_ = 0;
  int queries_on_revision_ = 0;  // plan() calls on the loaded revision
  int w_ = 0, h_ = 0;
  std::vector<std::uint8_t> open_;  // (w + 2) x (h + 2) passability bytes, blocked border
  std::vector<Cell> cells_;         // row-major
  std::vector<std::int16_t> jump_rows_;  // load()'s scratch: the jump tables, direction-major
  std::vector<std::uint32_t> counts_scratch_;  // build_landmarks()'s: unpacked counts, freed after
  JpsOpenList open_list_;  // entries: f, then larger g first, then lower cell (one tie word)
  std::uint64_t row_reciprocal_ = 0;  // ceil(2^40 / w): y = cell * it >> 40 below 2^20 cells; 0: divide
  std::uint32_t generation_ = 0;
  SearchResult result_;
};

}  // namespace racer
