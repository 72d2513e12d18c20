// Differential heuristic: landmark floods (Dijkstra with exact step counts) and the lookup.
#include "plan/differential_heuristic.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <utility>

namespace racer {
namespace {

using Key = DifferentialHeuristic::Key;
constexpr std::uint32_t kMaxCount = 0xFFFEu;  // a step count kept in 16 bits (0xFFFF marks kFar)

}  // namespace

// Dijkstra from `source` over the 8-connected moves without corner cutting; writes each
// cell's orthogonal and diagonal step counts of a shortest path to out[cell * stride]
// (kFar where unreachable).
void DifferentialHeuristic::flood(std::uint32_t source, std::uint32_t* out, std::size_t stride) {
  const std::size_t cells = static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_);
  const auto pw = static_cast<std::size_t>(w_) + 2;
  std::vector<Key> dist(cells, ~Key{0});
  std::vector<std::uint32_t> counts(cells, kFar);
  using Entry = std::pair<Key, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  dist[source] = 0;
  counts[source] = 0;
  open.push({0, source});
  const auto uw = static_cast<std::uint32_t>(w_);
  const auto passable = [&](int x, int y) {
    return open_[static_cast<std::size_t>(y + 1) * pw + static_cast<std::size_t>(x + 1)] != 0;
  };
  while (!open.empty()) {
    const auto [d, cell] = open.top();
    open.pop();
    if (d != dist[cell]) continue;
    const int x = static_cast<int>(cell % uw), y = static_cast<int>(cell / uw);
    const std::uint32_t c = counts[cell];
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        if ((dx == 0 && dy == 0) || !passable(x + dx, y + dy)) continue;
        const bool diagonal = dx != 0 && dy != 0;
        if (diagonal && (!passable(x + dx, y) || !passable(x, y + dy))) continue;
        const Key nd = d + (diagonal ? kDiagonalKey : kOrthogonalKey);
        const std::uint32_t next = static_cast<std::uint32_t>(y + dy) * uw + static_cast<std::uint32_t>(x + dx);
        if (nd >= dist[next]) continue;
        const std::uint32_t nc = diagonal ? c + 1 : c + (1u << 16);
        if ((nc >> 16) > kMaxCount || (nc & 0xFFFFu) > kMaxCount) {
          overflow_ = true;
          continue;
        }
        dist[next] = nd;
        counts[next] = nc;
        open.push({nd, next});
      }
  }
  for (std::size_t i = 0; i < cells; ++i) out[i * stride] = counts[i];
}

int DifferentialHeuristic::build(const SearchGrid& grid, int landmarks, std::uint32_t* out, std::size_t stride) {
  w_ = grid.width();
  h_ = grid.height();
  count_ = 0;
  overflow_ = false;
  landmarks_.clear();
  const std::size_t cells = static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_);
  const auto pw = static_cast<std::size_t>(w_) + 2;
  open_.assign(pw * (static_cast<std::size_t>(h_) + 2), 0);
  std::uint32_t seed = kFar;
  for (int y = 0; y < h_; ++y)
    for (int x = 0; x < w_; ++x)
      if (grid.passable(x, y)) {
        open_[static_cast<std::size_t>(y + 1) * pw + static_cast<std::size_t>(x + 1)] = 1;
        if (seed == kFar) seed = static_cast<std::uint32_t>(grid.index(x, y));
      }
  const int wanted = std::clamp(landmarks, 0, kMaxLandmarks);
  if (seed == kFar || wanted == 0) return 0;

  // Farthest-first: `nearest` holds each cell's distance to the closest landmark so far (the
  // seed's distances before the first); the next landmark is the reachable cell with the
  // largest.
  std::vector<std::uint32_t> scratch(cells);
  flood(seed, scratch.data(), 1);
  std::vector<Key> nearest(cells, ~Key{0});
  for (std::size_t i = 0; i < cells; ++i)
    if (scratch[i] != kFar) nearest[i] = key_of(scratch[i]);
  for (int l = 0; l < wanted; ++l) {
    std::uint32_t best = kFar;
    Key best_key = 0;
    for (std::size_t i = 0; i < cells; ++i)
      if (nearest[i] != ~Key{0} && (best == kFar || nearest[i] > best_key)) {
        best = static_cast<std::uint32_t>(i);
        best_key = nearest[i];
      }
    if (best == kFar || best_key == 0) break;  // every reachable cell is a landmark already
    flood(best, out + l, stride);
    landmarks_.push_back(grid.cell(best));
    for (std::size_t i = 0; i < cells; ++i) {
      const std::uint32_t c = out[i * stride + static_cast<std::size_t>(l)];
      if (c != kFar) nearest[i] = std::min(nearest[i], key_of(c));
    }
  }
  if (overflow_) landmarks_.clear();
  count_ = static_cast<int>(landmarks_.size());
  return count_;
}

void DifferentialHeuristic::set_goal(const std::uint32_t* goal_counts) {
  for (int l = 0; l < count_; ++l) {
    const std::uint32_t c = goal_counts[l];
    goal_far_[l] = c == kFar;
    goal_keys_[l] = goal_far_[l] ? 0 : key_of(c);
  }
}

}  // namespace racer
