// Best-first grid search: one core (Dijkstra, greedy, A*, weighted A*) and its planners.
//
// Sections
//   Keys: fixed-point costs and heuristics
//   The search core
//   The heap (indexed binary heap; f, then larger g, then lower cell index)
//   The planners
#include "plan/best_first.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace racer {
namespace {

// ---- Keys ----------------------------------------------------------------------------------

using Key = std::uint64_t;
constexpr double kSqrt2 = 1.41421356237309504880;
constexpr double kUnit = 4294967296.0;  // 2^32 key units per cell of cost
constexpr Key kOrthogonalKey = Key{1} << 32;
const Key kDiagonalKey = static_cast<Key>(std::llround(kSqrt2 * kUnit));
constexpr Key kKeyLimit = Key{1} << 62;  // keys saturate here (never reached in practice)

Key add_keys(Key a, Key b) { return std::min(a + b, kKeyLimit); }  // both <= 2^62: no wrap

// The key of a move: exactly kOrthogonalKey / kDiagonalKey on uniform grids, else the
// rounded cost, which is >= those (multipliers >= 1 and rounding is monotone), so the
// heuristics below stay consistent in keys.
Key move_key(const SearchGrid& grid, GridCell a, const GridMove& move) {
  if (grid.uniform_cost()) return move.length > 1.0 ? kDiagonalKey : kOrthogonalKey;  // 1 or sqrt 2
  return static_cast<Key>(std::llround(move_cost(grid, a, move.to, move.length) * kUnit));
}

// h in keys: manhattan, octile, chebyshev and hex are sums of whole move keys (exactly
// consistent); euclidean is rounded down (never above the true distance).
Key heuristic_key(Heuristic h, Connectivity connectivity, GridCell a, GridCell b) {
  const auto dx = static_cast<Key>(std::abs(a.x - b.x)), dy = static_cast<Key>(std::abs(a.y - b.y));
  switch (h) {
    case Heuristic::zero: return 0;
    case Heuristic::manhattan: return (dx + dy) * kOrthogonalKey;
    case Heuristic::octile: return std::max(dx, dy) * kOrthogonalKey + std::min(dx, dy) * (kDiagonalKey - kOrthogonalKey);
    case Heuristic::chebyshev: return std::max(dx, dy) * kOrthogonalKey;
    case Heuristic::hex: return static_cast<Key>(heuristic_cells(h, connectivity, a, b)) * kOrthogonalKey;
    case Heuristic::euclidean: return static_cast<Key>(std::floor(heuristic_cells(h, connectivity, a, b) * kUnit));
  }
  return 0;
}

}  // namespace

void measure_path(const SearchGrid& grid, SearchResult& result) {
  result.cost = 0.0;
  result.length = 0.0;
  for (std::size_t i = 1; i < result.path.size(); ++i) {
    const GridCell a = result.path[i - 1], b = result.path[i];
    const double length = move_length(grid, a, b);
    result.length += length;
    result.cost += move_cost(grid, a, b, length);
  }
}

// ---- The search core -------------------------------------------------------------------------

void BestFirstSearch::prepare(std::size_t cells) {
  if (nodes_.size() < cells) {  // new nodes carry generation 0: stale
    nodes_.resize(cells);
    heap_pos_.resize(cells);
  }
  if (++generation_ == 0) {  // wrapped after 2^32 searches: restamp everything once
    for (Node& n : nodes_) n.generation = 0;
    generation_ = 1;
  }
  heap_.clear();
}

BestFirstSearch::Node& BestFirstSearch::touch(std::uint32_t cell) {
  Node& n = nodes_[cell];
  if (n.generation != generation_) {
    n = {kKeyLimit, cell, generation_};
    heap_pos_[cell] = -1;
  }
  return n;
}

const SearchResult& BestFirstSearch::search(const SearchGrid& grid, GridCell start, GridCell goal,
                                            const BestFirstParams& params) {
  result_.status = SearchStatus::blocked_endpoint;
  result_.path.clear();
  result_.cost = 0.0;
  result_.length = 0.0;
  result_.expanded = 0;
  if (!grid.passable(start.x, start.y) || !grid.passable(goal.x, goal.y)) return result_;

  const int w = grid.width();
  const auto index_of = [w](GridCell c) {
    return static_cast<std::uint32_t>(static_cast<std::size_t>(c.y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(c.x));
  };
  const auto cell_of = [w](std::uint32_t i) {
    return GridCell{static_cast<int>(i % static_cast<std::uint32_t>(w)), static_cast<int>(i / static_cast<std::uint32_t>(w))};
  };
  prepare(static_cast<std::size_t>(w) * static_cast<std::size_t>(grid.height()));

  const Connectivity connectivity = grid.connectivity();
  const bool use_g = params.g_weight > 0.0;
  const double h_weight = std::max(params.h_weight, 0.0);
  const bool use_h = h_weight > 0.0 && params.heuristic != Heuristic::zero;
  const auto priority = [&](Key g, GridCell c) -> Key {
    Key f = use_g ? g : 0;
    if (use_h) {
      const Key h = heuristic_key(params.heuristic, connectivity, c, goal);
      const Key weighted = h_weight == 1.0 ? h : static_cast<Key>(std::min(h_weight * static_cast<double>(h), static_cast<double>(kKeyLimit)));
      f = add_keys(f, weighted);
    }
    return f;
  };

  const std::uint32_t source = index_of(start), target = index_of(goal);
  touch(source).g = 0;
  heap_push({priority(0, start), 0, source});

  bool found = false;
  GridMove moves[8];
  while (!heap_.empty()) {
    const HeapEntry current = heap_pop();
    ++result_.expanded;
    if (trace_) trace_->expanded.push_back(grid.cell(current.cell));
    if (current.cell == target) {
      found = true;
      break;
    }
    const GridCell here = cell_of(current.cell);
    const int count = grid_moves(grid, here, moves);
    for (int k = 0; k < count; ++k) {
      const std::uint32_t cell = index_of(moves[k].to);
      Node& next = touch(cell);
      const std::int32_t pos = heap_pos_[cell];
      if (pos == kClosed) continue;  // consistent heuristics: closed nodes are final
      const Key g = add_keys(current.g, move_key(grid, here, moves[k]));
      if (pos == -1 || g < next.g) {
        next.g = g;
        next.parent = current.cell;
        const Key f = priority(g, moves[k].to);
        if (pos == -1) heap_push({f, g, cell});
        else heap_update(pos, f, g);
      }
    }
  }
  if (!found) {
    result_.status = SearchStatus::unreachable;
    return result_;
  }
  result_.status = SearchStatus::found;
  for (std::uint32_t cell = target;; cell = nodes_[cell].parent) {
    result_.path.push_back(cell_of(cell));
    if (cell == source) break;
  }
  std::reverse(result_.path.begin(), result_.path.end());
  measure_path(grid, result_);
  return result_;
}

// ---- The heap --------------------------------------------------------------------------------

bool BestFirstSearch::before(const HeapEntry& a, const HeapEntry& b) {
  if (a.f != b.f) return a.f < b.f;
  if (a.g != b.g) return a.g > b.g;
  return a.cell < b.cell;
}

void BestFirstSearch::place(std::size_t pos, const HeapEntry& entry) {
  heap_[pos] = entry;
  heap_pos_[entry.cell] = static_cast<std::int32_t>(pos);
}

void BestFirstSearch::sift_up(std::size_t pos) {
  const HeapEntry entry = heap_[pos];
  while (pos > 0) {
    const std::size_t parent = (pos - 1) / 2;
    if (!before(entry, heap_[parent])) break;
    place(pos, heap_[parent]);
    pos = parent;
  }
  place(pos, entry);
}

void BestFirstSearch::sift_down(std::size_t pos) {
  const HeapEntry entry = heap_[pos];
  const std::size_t n = heap_.size();
  for (;;) {
    std::size_t child = 2 * pos + 1;
    if (child >= n) break;
    if (child + 1 < n && before(heap_[child + 1], heap_[child])) ++child;
    if (!before(heap_[child], entry)) break;
    place(pos, heap_[child]);
    pos = child;
  }
  place(pos, entry);
}

void BestFirstSearch::heap_push(HeapEntry entry) {
  heap_.push_back(entry);
  sift_up(heap_.size() - 1);
}

BestFirstSearch::HeapEntry BestFirstSearch::heap_pop() {
  const HeapEntry top = heap_.front();
  heap_pos_[top.cell] = kClosed;
  const HeapEntry last = heap_.back();
  heap_.pop_back();
  if (heap_.empty()) return top;
  // Bottom-up: walk the hole down along the smaller children to a leaf (one comparison a
  // level), then drop the last entry into it and let it rise (rarely far).
  const std::size_t n = heap_.size();
  std::size_t pos = 0;
  for (std::size_t child = 1; child < n; child = 2 * pos + 1) {
    if (child + 1 < n && before(heap_[child + 1], heap_[child])) ++child;
    place(pos, heap_[child]);
    pos = child;
  }
  heap_[pos] = last;
  sift_up(pos);
  return top;
}

void BestFirstSearch::heap_update(std::int32_t pos, Key f, Key g) {
  const auto p = static_cast<std::size_t>(pos);
  heap_[p].f = f;
  heap_[p].g = g;
  const std::uint32_t cell = heap_[p].cell;
  sift_up(p);  // a lower g lowers f (or, for greedy, only improves the tie-break)...
  sift_down(static_cast<std::size_t>(heap_pos_[cell]));  // ...unless f saturated
}

// ---- The planners ----------------------------------------------------------------------------

const SearchResult& DijkstraPlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  search_.set_trace(trace_);
  return search_.search(grid, start, goal, {Heuristic::zero, 1.0, 0.0});
}

const SearchResult& AStarPlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  search_.set_trace(trace_);
  return search_.search(grid, start, goal, {heuristic_.value_or(exact_heuristic(grid.connectivity())), 1.0, 1.0});
}

WeightedAStarPlanner::WeightedAStarPlanner(double w, std::optional<Heuristic> heuristic)
    : w_(std::isfinite(w) ? std::max(w, 1.0) : 1.0), heuristic_(heuristic) {}

const SearchResult& WeightedAStarPlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  search_.set_trace(trace_);
  return search_.search(grid, start, goal, {heuristic_.value_or(exact_heuristic(grid.connectivity())), 1.0, w_});
}

const SearchResult& GreedyPlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  search_.set_trace(trace_);
  return search_.search(grid, start, goal, {heuristic_.value_or(exact_heuristic(grid.connectivity())), 0.0, 1.0});
}

}  // namespace racer
