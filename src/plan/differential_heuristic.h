#pragma once
// A differential heuristic (Goldberg & Harrelson's ALT landmarks; Sturtevant et al. 2009)
// for uniform 8-connected grids without corner cutting: the exact distances from a few
// landmark cells to every cell, made once per grid; then for any cells n and goal,
// |d(L, goal) - d(L, n)| <= d(n, goal) for every landmark L (triangle inequality), so the
// largest of these, and the octile distance, is a lower bound on the distance to the goal.
//
// Exact and consistent: distances are sums of the fixed-point step keys of GridSearch
// (2^-32 cell: 1 and sqrt(2) each rounded once), kept exactly as the counts of orthogonal
// and diagonal steps of a shortest path; the heuristic is then exactly consistent in the
// same keys as the search's g, so A* (and JPS) with it stays exact with closed nodes never
// reopened. A cell that a landmark reaching the goal cannot reach cannot reach the goal:
// the heuristic says so (kUnreachable), and the search drops it.
//
// Landmarks are chosen farthest-first: the cell farthest from an arbitrary one, then each
// time the cell farthest from all landmarks so far (as in Goldberg & Harrelson). Building
// costs one Dijkstra flood of the grid per landmark, plus one.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "plan/grid.h"

namespace racer {

class DifferentialHeuristic {
 public:
  using Key = std::uint64_t;  ///< cost in 2^-32 cell
  static constexpr Key kUnreachable = ~Key{0};
  static constexpr Key kOrthogonalKey = Key{1} << 32;  ///< an orthogonal step (1 cell)
  static constexpr Key kDiagonalKey = 6074001000;      ///< a diagonal step: round(sqrt(2) * 2^32), as GridSearch's

  /// Floods `grid` (read as 8-connected and uniform) from up to `landmarks` landmarks (at most
  /// kMaxLandmarks) and writes cell i's distance from landmark l, as step counts, to
  /// out[i * stride + l] (out holds width * height * stride words). Returns the number of
  /// landmarks placed: fewer on a grid with fewer passable cells, 0 (heuristic unusable) when
  /// a distance needs 65535 or more steps of one kind (grids far larger than 512 x 512 mazes).
  int build(const SearchGrid& grid, int landmarks, std::uint32_t* out, std::size_t stride);
  bool usable() const { return count_ > 0; }
  int landmarks() const { return count_; }
  GridCell landmark(int i) const { return landmarks_[static_cast<std::size_t>(i)]; }

  /// Fixes the goal of the following at() calls: its counts, as build() wrote them.
  void set_goal(const std::uint32_t* goal_counts);
  /// For a cell's counts as build() wrote them: max over landmarks of |d(L, goal) - d(L, cell)|
  /// (0 with no landmark), or kUnreachable when the cell cannot reach the goal.
  Key at(const std::uint32_t* counts) const {
    Key best = 0;
    for (int l = 0; l < count_; ++l) {
      const std::uint32_t c = counts[l];
      if ((c == kFar) != goal_far_[l]) return kUnreachable;  // the landmark reaches one of the two only
      if (c == kFar) continue;
      const Key d = key_of(c), gd = goal_keys_[l];
      best = std::max(best, d > gd ? d - gd : gd - d);
    }
    return best;
  }

  static constexpr int kMaxLandmarks = 16;

 private:
  static constexpr std::uint32_t kFar = ~std::uint32_t{0};  // a landmark does not reach the cell
  static Key key_of(std::uint32_t counts) { return (counts >> 16) * kOrthogonalKey + (counts & 0xFFFFu) * kDiagonalKey; }
  void flood(std::uint32_t source, std::uint32_t* out, std::size_t stride);

  int w_ = 0, h_ = 0;
  int count_ = 0;
  bool overflow_ = false;
  std::vector<GridCell> landmarks_;
  std::vector<std::uint8_t> open_;  // (w + 2) x (h + 2), blocked border
  Key goal_keys_[kMaxLandmarks] = {};
  bool goal_far_[kMaxLandmarks] = {};
};

}  // namespace racer
