// BFS and bidirectional BFS over grid_moves: fewest moves, on any connectivity.
#include "plan/bfs.h"

#include <algorithm>

#include "plan/best_first.h"

namespace racer {
namespace {

constexpr double kSqrt2 = 1.41421356237309504880;

std::uint32_t index_of(const SearchGrid& grid, GridCell c) { return static_cast<std::uint32_t>(grid.index(c.x, c.y)); }

// Resets a result to "blocked endpoint" and says whether both ends are passable.
bool begin(SearchResult& result, const SearchGrid& grid, GridCell start, GridCell goal) {
  result.status = SearchStatus::blocked_endpoint;
  result.path.clear();
  result.cost = 0.0;
  result.length = 0.0;
  result.expanded = 0;
  return grid.passable(start.x, start.y) && grid.passable(goal.x, goal.y);
}

// Grows per-cell arrays to the grid and steps the generation (restamping on wrap-around).
std::uint32_t next_generation(std::uint32_t generation, std::size_t cells, std::vector<std::uint32_t>& stamp,
                              std::vector<std::uint32_t>& parent) {
  if (stamp.size() < cells) {
    stamp.resize(cells, 0);
    parent.resize(cells, 0);
  }
  if (++generation == 0) {
    std::fill(stamp.begin(), stamp.end(), 0u);
    generation = 1;
  }
  return generation;
}

}  // namespace

double fewest_moves_bound(const SearchGrid& grid) {
  if (!grid.uniform_cost()) return 0.0;
  return grid.connectivity() == Connectivity::eight ? kSqrt2 : 1.0;
}

const SearchResult& BfsPlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  if (!begin(result_, grid, start, goal)) return result_;
  const std::size_t cells = static_cast<std::size_t>(grid.width()) * static_cast<std::size_t>(grid.height());
  generation_ = next_generation(generation_, cells, stamp_, parent_);
  const std::uint32_t source = index_of(grid, start), target = index_of(grid, goal);
  queue_.clear();
  queue_.push_back(source);
  stamp_[source] = generation_;
  parent_[source] = source;

  bool found = source == target;
  GridMove moves[8];
  for (std::size_t head = 0; !found && head < queue_.size(); ++head) {
    const std::uint32_t current = queue_[head];
    ++result_.expanded;
    if (trace_) trace_->expanded.push_back(grid.cell(current));
    const int count = grid_moves(grid, grid.cell(current), moves);
    for (int k = 0; k < count; ++k) {
      const std::uint32_t cell = index_of(grid, moves[k].to);
      if (stamp_[cell] == generation_) continue;
      stamp_[cell] = generation_;
      parent_[cell] = current;
      if (cell == target) {  // the first time the goal is reached is by fewest moves
        found = true;
        break;
      }
      queue_.push_back(cell);
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
  measure_path(grid, result_);
  return result_;
}

const SearchResult& BidirectionalBfsPlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  if (!begin(result_, grid, start, goal)) return result_;
  const std::size_t cells = static_cast<std::size_t>(grid.width()) * static_cast<std::size_t>(grid.height());
  const std::uint32_t generation = next_generation(generation_, cells, sides_[0].stamp, sides_[0].parent);
  next_generation(generation_, cells, sides_[1].stamp, sides_[1].parent);  // same steps: restamps on the same wrap
  generation_ = generation;

  const std::uint32_t roots[2] = {index_of(grid, start), index_of(grid, goal)};
  for (int s = 0; s < 2; ++s) {
    Side& side = sides_[s];
    side.frontier.assign(1, roots[s]);
    side.next.clear();
    side.stamp[roots[s]] = generation_;
    side.parent[roots[s]] = roots[s];
  }

  // A meeting: the move from `near` (side `s`) to `far` (reached by the other side).
  int meet_side = -1;
  std::uint32_t near = roots[0], far = roots[0];
  if (roots[0] == roots[1]) meet_side = 0;
  GridMove moves[8];
  while (meet_side < 0 && !sides_[0].frontier.empty() && !sides_[1].frontier.empty()) {
    const int s = sides_[1].frontier.size() < sides_[0].frontier.size() ? 1 : 0;
    Side& side = sides_[s];
    const Side& other = sides_[1 - s];
    side.next.clear();
    for (std::size_t i = 0; meet_side < 0 && i < side.frontier.size(); ++i) {
      const std::uint32_t current = side.frontier[i];
      ++result_.expanded;
      if (trace_) trace_->expanded.push_back(grid.cell(current));
      const int count = grid_moves(grid, grid.cell(current), moves);
      for (int k = 0; k < count; ++k) {
        const std::uint32_t cell = index_of(grid, moves[k].to);
        if (other.stamp[cell] == generation_) {
          meet_side = s;
          near = current;
          far = cell;
          break;
        }
        if (side.stamp[cell] == generation_) continue;
        side.stamp[cell] = generation_;
        side.parent[cell] = current;
        side.next.push_back(cell);
      }
    }
    std::swap(side.frontier, side.next);
  }
  if (meet_side < 0) {
    result_.status = SearchStatus::unreachable;
    return result_;
  }

  // The start's half: from the meeting back to the start, reversed; then the goal's half.
  const std::uint32_t from_start = meet_side == 0 ? near : far, from_goal = meet_side == 0 ? far : near;
  result_.status = SearchStatus::found;
  for (std::uint32_t cell = from_start;; cell = sides_[0].parent[cell]) {
    result_.path.push_back(grid.cell(cell));
    if (cell == roots[0]) break;
  }
  std::reverse(result_.path.begin(), result_.path.end());
  if (roots[0] != roots[1]) {
    for (std::uint32_t cell = from_goal;; cell = sides_[1].parent[cell]) {
      result_.path.push_back(grid.cell(cell));
      if (cell == roots[1]) break;
    }
  }
  measure_path(grid, result_);
  return result_;
}

}  // namespace racer
