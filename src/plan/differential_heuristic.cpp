// Differential heuristic: components, landmark floods, farthest-first landmarks.
#include "plan/differential_heuristic.h"

#include <algorithm>
#include <bit>

namespace racer {
namespace {

using Key = DifferentialHeuristic::Key;
constexpr int kDx[8] = {1, -1, 0, 0, 1, -1, 1, -1};  // E W S N, SE SW NE NW
constexpr int kDy[8] = {0, 0, 1, -1, 1, 1, -1, -1};
constexpr Key kUnset = ~Key{0};

}  // namespace

// Component labels by a flood fill over the legal moves (moves_), each component labelled
// with its first cell's index.
void DifferentialHeuristic::label(const SearchGrid& grid) {
  const std::size_t cells = static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_);
  // The moves from a copy of the passability with a blocked border (no bounds checks): bit m
  // when the cell m leads to is passable and, for a diagonal, both cells beside the move too.
  const auto pw = static_cast<std::size_t>(w_) + 2;
  padded_.assign(pw * (static_cast<std::size_t>(h_) + 2), 0);
  const std::vector<std::uint8_t>& pass = grid.passable_cells();
  for (int y = 0; y < h_; ++y)
    for (int x = 0; x < w_; ++x)
      padded_[static_cast<std::size_t>(y + 1) * pw + static_cast<std::size_t>(x + 1)] = pass[grid.index(x, y)] != 0 ? 1 : 0;
  moves_.assign(cells, 0);
  for (int y = 0; y < h_; ++y) {
    const std::uint8_t* p = padded_.data() + static_cast<std::size_t>(y + 1) * pw + 1;
    for (int x = 0; x < w_; ++x, ++p) {
      if (*p == 0) continue;
      const unsigned e = p[1], wv = p[-1], s = p[pw], n = p[-static_cast<std::ptrdiff_t>(pw)];
      const unsigned se = e & s & p[pw + 1], sw = wv & s & p[pw - 1];
      const unsigned ne = e & n & p[1 - static_cast<std::ptrdiff_t>(pw)], nw = wv & n & p[-1 - static_cast<std::ptrdiff_t>(pw)];
      moves_[grid.index(x, y)] = static_cast<std::uint8_t>(e | wv << 1 | s << 2 | n << 3 | se << 4 | sw << 5 | ne << 6 | nw << 7);
    }
  }
  components_.assign(cells, ~std::uint32_t{0});
  std::vector<std::uint32_t>& stack = stack_;
  const auto uw = static_cast<std::uint32_t>(w_);
  for (std::size_t first = 0; first < cells; ++first) {
    if (components_[first] != ~std::uint32_t{0}) continue;
    const auto id = static_cast<std::uint32_t>(first);
    components_[first] = id;
    if (pass[first] == 0) continue;
    stack.assign(1, id);
    while (!stack.empty()) {
      const std::uint32_t cell = stack.back();
      stack.pop_back();
      for (unsigned m = moves_[cell]; m != 0; m &= m - 1) {
        const int k = std::countr_zero(m);
        const std::uint32_t next = cell + static_cast<std::uint32_t>(kDy[k]) * uw + static_cast<std::uint32_t>(kDx[k]);
        if (components_[next] != ~std::uint32_t{0}) continue;
        components_[next] = id;
        stack.push_back(next);
      }
    }
  }
}

// Dijkstra from `source` over the legal moves, writing each reached cell's orthogonal and
// diagonal step counts of a shortest path to (*row)(cell)[landmark] (cells of other
// components are not written; nothing is written when row is null). The open list is two FIFO queues, one per step length: cells leave in
// order of distance, so the keys d + 1 (or d + sqrt(2)) each queue receives arrive sorted,
// and the smaller of the two heads is the next cell. A cell reached again more cheaply is
// queued again; the stale entry is skipped.
void DifferentialHeuristic::flood(std::uint32_t source, const CountsRow* row, std::size_t landmark) {
  const std::size_t cells = static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_);
  dist_.assign(cells, kUnset);
  straight_.clear();
  diagonal_.clear();
  std::size_t s = 0, d = 0;  // the queues' heads
  const auto uw = static_cast<std::uint32_t>(w_);
  dist_[source] = 0;
  straight_.push_back({0, source, 0});
  while (s < straight_.size() || d < diagonal_.size()) {
    const bool take_straight = d == diagonal_.size() || (s < straight_.size() && straight_[s].key <= diagonal_[d].key);
    const Queued q = take_straight ? straight_[s++] : diagonal_[d++];
    if (q.key != dist_[q.cell]) continue;
    if (row != nullptr) (*row)(q.cell)[landmark] = q.counts;
    const int x = static_cast<int>(q.cell % uw), y = static_cast<int>(q.cell / uw);
    for (unsigned m = moves_[q.cell]; m != 0; m &= m - 1) {
      const int k = std::countr_zero(m);
      const bool diagonal = k >= 4;
      const Key key = q.key + (diagonal ? kDiagonalKey : kOrthogonalKey);
      const std::uint32_t next = static_cast<std::uint32_t>(y + kDy[k]) * uw + static_cast<std::uint32_t>(x + kDx[k]);
      if (key >= dist_[next]) continue;
      // Both parts of q.counts are below count_limit_ <= 65535, so the step cannot carry.
      const std::uint32_t counts = diagonal ? q.counts + 1 : q.counts + (1u << 16);
      if ((counts >> 16) >= count_limit_ || (counts & 0xFFFFu) >= count_limit_) {
        overflow_ = true;
        continue;
      }
      dist_[next] = key;
      (diagonal ? diagonal_ : straight_).push_back({key, next, counts});
    }
  }
}

int DifferentialHeuristic::build(const SearchGrid& grid, int landmarks, const CountsRow& row, std::uint32_t count_limit) {
  w_ = grid.width();
  h_ = grid.height();
  count_ = 0;
  overflow_ = false;
  count_limit_ = std::min(count_limit, std::uint32_t{0xFFFFu});
  landmarks_.clear();
  const std::size_t cells = static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_);
  label(grid);
  const int wanted = std::clamp(landmarks, 0, kMaxLandmarks);
  const auto clear_rows = [&] {
    for (std::size_t i = 0; i < cells; ++i) std::fill_n(row(i), wanted, std::uint32_t{0});
  };
  if (wanted == 0) return 0;  // the labels only
  clear_rows();

  // The largest component and a cell of it (its label is its first cell).
  std::vector<std::uint32_t> sizes(cells, 0);
  std::uint32_t seed = 0, seed_size = 0;
  for (std::size_t i = 0; i < cells; ++i)
    if (grid.passable(static_cast<int>(i % static_cast<std::size_t>(w_)), static_cast<int>(i / static_cast<std::size_t>(w_))) &&
        ++sizes[components_[i]] > seed_size) {
      seed_size = sizes[components_[i]];
      seed = components_[i];
    }
  if (seed_size < 2) return 0;

  // Farthest-first: `nearest` holds each cell's distance to the closest landmark so far (the
  // seed's distances before the first); the next landmark is the cell with the largest.
  flood(seed, nullptr, 0);
  std::vector<Key> nearest(dist_);
  for (int l = 0; l < wanted; ++l) {
    std::uint32_t best = 0;
    Key best_key = 0;
    for (std::size_t i = 0; i < cells; ++i)
      if (nearest[i] != kUnset && nearest[i] > best_key) {
        best = static_cast<std::uint32_t>(i);
        best_key = nearest[i];
      }
    if (best_key == 0) break;  // every cell of the component is a landmark already
    flood(best, &row, static_cast<std::size_t>(l));
    landmarks_.push_back(grid.cell(best));
    for (std::size_t i = 0; i < cells; ++i) nearest[i] = std::min(nearest[i], dist_[i]);
  }
  count_ = static_cast<int>(landmarks_.size());
  if (overflow_) {  // counts did not fit: no landmark bounds at all
    clear_rows();
    landmarks_.clear();
    count_ = 0;
  }
  return count_;
}

void DifferentialHeuristic::set_goal(const std::uint32_t* goal_counts, const std::uint32_t* from_counts, int active) {
  set_goal(goal_counts, &from_counts, 1, active);
}

void DifferentialHeuristic::set_goal(const std::uint32_t* goal_counts, const std::uint32_t* const* from_counts, int count, int active) {
  // Each landmark's bounds at the `from` cells, summed (bounds below 2^50, so sums of up to
  // 2^12 of them fit), negated, with the landmark in the low bits: one integer sort key, ties
  // to the lower index; then the `active` largest by selection.
  std::int64_t keyed[kMaxLandmarks];
  for (int l = 0; l < count_; ++l) {
    std::int64_t sum = 0;
    for (int k = 0; k < count; ++k) {
      const std::uint32_t c = from_counts[k][l], g = goal_counts[l];
      const std::int64_t d = ((static_cast<std::int64_t>(c >> 16) - static_cast<std::int64_t>(g >> 16)) << 32) +
                             (static_cast<std::int64_t>(c & 0xFFFFu) - static_cast<std::int64_t>(g & 0xFFFFu)) * static_cast<std::int64_t>(kDiagonalKey);
      sum += d < 0 ? -d : d;
    }
    keyed[l] = -(sum >> 5) * 32 + l;  // 5 bits of the landmark (as before, for one row)
  }
  const int chosen = std::clamp(active, 0, count_);
  if (chosen < count_) std::nth_element(keyed, keyed + chosen, keyed + count_);
  for (int i = 0; i < chosen; ++i) {
    const int l = static_cast<int>(keyed[i] & 31);
    active_[i] = l;
    goal_key_[i] = static_cast<double>(key_of(goal_counts[l]));  // below 2^50: exact
  }
  // Padding for at()'s steps of four: copies of the first landmark change no maximum.
  active_count_ = chosen == 0 ? 0 : (chosen + 3) / 4 * 4;
  for (int i = chosen; i < active_count_; ++i) {
    active_[i] = active_[0];
    goal_key_[i] = goal_key_[0];
  }
}

}  // namespace racer
