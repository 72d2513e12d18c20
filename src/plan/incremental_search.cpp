// IncrementalSearch: keys, heuristics, the LPA* / D* Lite core, tracing, the heap.
//
// Sections
//   Keys, heuristics and results
//   Reset, focus, changes
//   compute(): the optimised LPA* / D* Lite loop
//   Tracing paths
//   The heap
#include "plan/incremental_search.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace racer {
namespace {

constexpr double kSqrt2 = 1.41421356237309504880;
constexpr PathKey kOrthogonalKey = PathKey{1} << 32;
const PathKey kDiagonalKey = static_cast<PathKey>(std::llround(kSqrt2 * kPathKeyUnit));

PathKey add_keys(PathKey a, PathKey b) { return std::min(a + b, kPathKeyInfinity); }  // both <= 2^62

}  // namespace

// ---- Keys, heuristics and results ------------------------------------------------------------

PathKey move_key(const SearchGrid& grid, GridCell a, GridCell b, double length) {
  return static_cast<PathKey>(std::llround(move_cost(grid, a, b, length) * kPathKeyUnit));
}

PathKey path_key(const SearchGrid& grid, const std::vector<GridCell>& path) {
  PathKey sum = 0;
  GridMove moves[8];
  for (std::size_t i = 1; i < path.size(); ++i) {
    if (!grid.passable(path[i - 1].x, path[i - 1].y)) return kPathKeyInfinity;
    const int n = grid_moves(grid, path[i - 1], moves);
    const GridMove* move = std::find_if(moves, moves + n, [&](const GridMove& m) { return m.to == path[i]; });
    if (move == moves + n) return kPathKeyInfinity;
    sum = add_keys(sum, move_key(grid, path[i - 1], path[i], move->length));
  }
  return sum;
}

double key_to_cost(PathKey key) {
  return key >= kPathKeyInfinity ? std::numeric_limits<double>::infinity() : static_cast<double>(key) / kPathKeyUnit;
}

PathKey heuristic_key(const SearchGrid& grid, GridCell a, GridCell b) {
  switch (grid.connectivity()) {
    case Connectivity::four:
      return static_cast<PathKey>(std::abs(a.x - b.x) + std::abs(a.y - b.y)) * kOrthogonalKey;
    case Connectivity::eight: {
      const auto dx = static_cast<PathKey>(std::abs(a.x - b.x)), dy = static_cast<PathKey>(std::abs(a.y - b.y));
      return std::max(dx, dy) * kOrthogonalKey + std::min(dx, dy) * (kDiagonalKey - kOrthogonalKey);
    }
    case Connectivity::hex: {  // odd-r offset -> axial (q, r); distance (|dq| + |dr| + |dq + dr|) / 2
      const int qa = a.x - (a.y - (a.y & 1)) / 2, qb = b.x - (b.y - (b.y & 1)) / 2;
      const int dq = qa - qb, dr = a.y - b.y;
      return static_cast<PathKey>((std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2) * kOrthogonalKey;
    }
  }
  return 0;
}

void fill_search_result(const SearchGrid& grid, std::vector<GridCell>&& path, SearchResult& result) {
  result.path = std::move(path);
  result.cost = 0.0;
  result.length = 0.0;
  if (result.path.empty()) {
    result.status = SearchStatus::unreachable;
    return;
  }
  result.status = SearchStatus::found;
  for (std::size_t i = 1; i < result.path.size(); ++i) {
    const GridCell a = result.path[i - 1], b = result.path[i];
    const double length = move_length(grid, a, b);
    result.length += length;
    result.cost += move_cost(grid, a, b, length);
  }
}

// ---- Reset, focus, changes -------------------------------------------------------------------

void IncrementalSearch::reset(const SearchGrid& grid, std::span<const GridCell> sources, std::optional<GridCell> focus) {
  assert(!focus || grid.in_bounds(focus->x, focus->y));
  grid_ = &grid;
  focus_ = focus;
  km_ = 0;
  const std::size_t cells = static_cast<std::size_t>(grid.width()) * static_cast<std::size_t>(grid.height());
  g_.assign(cells, kPathKeyInfinity);
  rhs_.assign(cells, kPathKeyInfinity);
  source_.assign(cells, 0);
  heap_pos_.assign(cells, -1);
  heap_.clear();
  for (const GridCell s : sources) {
    if (!grid.in_bounds(s.x, s.y)) continue;
    const std::uint32_t i = index(s);
    source_[i] = 1;
    rhs_[i] = 0;
    heap_set(i, calculate_key(i));
  }
}

void IncrementalSearch::move_focus(GridCell focus) {
  assert(grid_ != nullptr && grid_->in_bounds(focus.x, focus.y));
  // A key computed for the old focus exceeds the new one's by at most h(old, new): adding that
  // to km keeps every queued key a lower bound of its current value (D* Lite, section 4).
  // Keys queued with no focus had h = 0: lower bounds already.
  if (focus_) km_ = add_keys(km_, heuristic_key(*grid_, *focus_, focus));
  focus_ = focus;
}

long IncrementalSearch::update_cells(std::span<const GridCell> changed) {
  long touched = 0;
  for (const GridCell c : changed) {
    for (int y = std::max(c.y - 1, 0); y <= std::min(c.y + 1, grid_->height() - 1); ++y)
      for (int x = std::max(c.x - 1, 0); x <= std::min(c.x + 1, grid_->width() - 1); ++x) {
        const std::uint32_t i = index({x, y});
        if (source_[i] == 0) rhs_[i] = lookahead(i);
        update_vertex(i);
        ++touched;
      }
  }
  return touched;
}

int IncrementalSearch::neighbours(std::uint32_t cell, Neighbour out[8]) const {
  const GridCell from = cell_of(cell);
  if (!grid_->passable(from.x, from.y)) return 0;  // a blocked cell has no moves at all
  GridMove moves[8];
  const int n = grid_moves(*grid_, from, moves);
  if (grid_->uniform_cost()) {  // the keys move_key gives for lengths 1 and sqrt(2), without rounding
    for (int k = 0; k < n; ++k) out[k] = {index(moves[k].to), moves[k].length == 1.0 ? kOrthogonalKey : kDiagonalKey};
    return n;
  }
  for (int k = 0; k < n; ++k) out[k] = {index(moves[k].to), move_key(*grid_, from, moves[k].to, moves[k].length)};
  return n;
}

PathKey IncrementalSearch::heuristic(std::uint32_t cell) const {
  return focus_ ? heuristic_key(*grid_, cell_of(cell), *focus_) : 0;
}

IncrementalSearch::Key IncrementalSearch::calculate_key(std::uint32_t cell) const {
  const PathKey m = std::min(g_[cell], rhs_[cell]);
  if (m >= kPathKeyInfinity) return {kPathKeyInfinity, kPathKeyInfinity};
  return {add_keys(add_keys(m, heuristic(cell)), km_), m};
}

PathKey IncrementalSearch::lookahead(std::uint32_t cell) const {
  Neighbour nb[8];
  const int n = neighbours(cell, nb);
  PathKey best = kPathKeyInfinity;
  for (int k = 0; k < n; ++k) best = std::min(best, add_keys(nb[k].cost, g_[nb[k].cell]));
  return best;
}

void IncrementalSearch::update_vertex(std::uint32_t cell) {
  if (g_[cell] != rhs_[cell]) heap_set(cell, calculate_key(cell));
  else if (heap_pos_[cell] >= 0) heap_remove(cell);
}

// ---- compute() -------------------------------------------------------------------------------
// The optimised loop of D* Lite's Figure 4 (LPA*'s with km = 0). rhs(s) always equals
// lookahead(s) (0 at sources) for the current grid: update_cells() restores it around changes,
// and the loop keeps it as g values change, so the lowering step may take min(rhs, c + g) and
// the raising step need only recompute the neighbours whose rhs came through the raised cell.

bool IncrementalSearch::focus_settled() const {
  if (!focus_) return heap_.empty();
  const std::uint32_t f = index(*focus_);
  if (heap_.empty()) return true;
  return !(heap_.front().key < calculate_key(f)) && rhs_[f] == g_[f];
}

long IncrementalSearch::compute() {
  long expanded = 0;
  Neighbour nb[8];
  while (!focus_settled()) {
    const std::uint32_t u = heap_.front().cell;
    const Key k_old = heap_.front().key;
    const Key k_new = calculate_key(u);
    if (k_old < k_new) {  // queued under an older focus: re-key, no expansion
      heap_set(u, k_new);
      continue;
    }
    ++expanded;
    if (trace_) trace_->expanded.push_back(cell_of(u));
    if (g_[u] > rhs_[u]) {  // overconsistent: its cost is final; lower the neighbours
      g_[u] = rhs_[u];
      heap_remove(u);
      const int n = neighbours(u, nb);
      for (int k = 0; k < n; ++k) {
        const std::uint32_t s = nb[k].cell;
        if (source_[s] != 0) continue;
        rhs_[s] = std::min(rhs_[s], add_keys(nb[k].cost, g_[u]));
        update_vertex(s);
      }
    } else {  // underconsistent: raise to infinity; neighbours that leaned on it look again
      const PathKey g_old = g_[u];
      g_[u] = kPathKeyInfinity;
      const int n = neighbours(u, nb);
      for (int k = 0; k < n; ++k) {
        const std::uint32_t s = nb[k].cell;
        if (source_[s] != 0 || rhs_[s] != add_keys(nb[k].cost, g_old)) continue;
        rhs_[s] = lookahead(s);
        update_vertex(s);
      }
      if (source_[u] == 0) rhs_[u] = lookahead(u);
      update_vertex(u);
    }
  }
  return expanded;
}

// ---- Tracing paths -----------------------------------------------------------------------------

std::optional<GridCell> IncrementalSearch::best_neighbour(GridCell from) const {
  if (!grid_->in_bounds(from.x, from.y)) return std::nullopt;
  const std::uint32_t cell = index(from);
  if (source_[cell] != 0) return std::nullopt;
  Neighbour nb[8];
  const int n = neighbours(cell, nb);
  PathKey best = kPathKeyInfinity;
  std::optional<GridCell> to;
  for (int k = 0; k < n; ++k) {
    const PathKey v = add_keys(nb[k].cost, g_[nb[k].cell]);
    if (v < best) {
      best = v;
      to = cell_of(nb[k].cell);
    }
  }
  return to;
}

bool IncrementalSearch::trace(GridCell from, std::vector<GridCell>& path) const {
  path.clear();
  if (!grid_->in_bounds(from.x, from.y) || !grid_->passable(from.x, from.y)) return false;
  // Each step's g falls by at least one move's key (> 0), so a walk longer than the grid
  // has cells only happens on inconsistent values: stop there rather than loop.
  const std::size_t limit = g_.size();
  GridCell at = from;
  path.push_back(at);
  while (source_[index(at)] == 0) {
    const std::optional<GridCell> next = best_neighbour(at);
    if (!next || path.size() > limit) {
      path.clear();
      return false;
    }
    at = *next;
    path.push_back(at);
  }
  return true;
}

// ---- The heap ------------------------------------------------------------------------------------

bool IncrementalSearch::before(const HeapEntry& a, const HeapEntry& b) {
  if (a.key < b.key) return true;
  if (b.key < a.key) return false;
  return a.cell < b.cell;
}

void IncrementalSearch::place(std::size_t pos, const HeapEntry& e) {
  heap_[pos] = e;
  heap_pos_[e.cell] = static_cast<std::int32_t>(pos);
}

void IncrementalSearch::sift_up(std::size_t pos) {
  const HeapEntry e = heap_[pos];
  while (pos > 0) {
    const std::size_t parent = (pos - 1) / 2;
    if (!before(e, heap_[parent])) break;
    place(pos, heap_[parent]);
    pos = parent;
  }
  place(pos, e);
}

void IncrementalSearch::sift_down(std::size_t pos) {
  const HeapEntry e = heap_[pos];
  const std::size_t n = heap_.size();
  for (;;) {
    std::size_t child = 2 * pos + 1;
    if (child >= n) break;
    if (child + 1 < n && before(heap_[child + 1], heap_[child])) ++child;
    if (!before(heap_[child], e)) break;
    place(pos, heap_[child]);
    pos = child;
  }
  place(pos, e);
}

void IncrementalSearch::heap_set(std::uint32_t cell, Key key) {
  const std::int32_t pos = heap_pos_[cell];
  if (pos < 0) {
    heap_.push_back({key, cell});
    sift_up(heap_.size() - 1);
    return;
  }
  const auto p = static_cast<std::size_t>(pos);
  const bool lower = key < heap_[p].key;
  heap_[p].key = key;
  if (lower) sift_up(p);
  else sift_down(p);
}

void IncrementalSearch::heap_remove(std::uint32_t cell) {
  const auto p = static_cast<std::size_t>(heap_pos_[cell]);
  heap_pos_[cell] = -1;
  const HeapEntry last = heap_.back();
  heap_.pop_back();
  if (p == heap_.size()) return;  // it was the last entry
  if (p == 0) {
    // The usual case, the top leaves: walk the hole down along the smaller children to a
    // leaf (one comparison a level), drop the last entry in and let it rise (rarely far).
    const std::size_t n = heap_.size();
    std::size_t hole = 0;
    for (std::size_t child = 1; child < n; child = 2 * hole + 1) {
      if (child + 1 < n && before(heap_[child + 1], heap_[child])) ++child;
      place(hole, heap_[child]);
      hole = child;
    }
    place(hole, last);
    sift_up(hole);
    return;
  }
  place(p, last);
  sift_up(p);
  sift_down(static_cast<std::size_t>(heap_pos_[last.cell]));
}

}  // namespace racer
