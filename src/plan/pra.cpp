// PRA*: the clique abstraction and the partial refinement query.
//
// Sections
//   The abstraction: level 0 from the grid, each level above by cliques
//   Level search (A*, optionally restricted to a corridor)
//   The query
#include "plan/pra.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>

namespace racer {
namespace {

constexpr double kSqrt2 = 1.41421356237309504880;
constexpr int kDx[8] = {1, -1, 0, 0, 1, -1, 1, -1};
constexpr int kDy[8] = {0, 0, 1, -1, 1, 1, -1, -1};

// Min-heap order on f, ties to the larger g (the deeper node), then to the lower id.
struct HeapAfter {
  template <class Item>
  bool operator()(const Item& a, const Item& b) const {
    if (a.f != b.f) return a.f > b.f;
    if (a.g != b.g) return a.g < b.g;
    return a.id > b.id;
  }
};

// n + 1 zeros (written as n and one more: GCC 12 warns on assign(n + 1, ...) that n + 1
// might wrap).
void assign_offsets(std::vector<std::int32_t>& v, std::size_t n) {
  v.assign(n, 0);
  v.push_back(0);
}

}  // namespace

bool PraLevel::adjacent(int a, int b) const {
  const auto first = edge_to.begin() + edge_begin[static_cast<std::size_t>(a)];
  const auto last = edge_to.begin() + edge_begin[static_cast<std::size_t>(a) + 1];
  return std::binary_search(first, last, b);
}

PraPlanner::PraPlanner(PraConfig config) : config_(config) {
  config_.k = std::max(config_.k, 0);
  config_.start_level_fraction = std::clamp(config_.start_level_fraction, 0.0, 1.0);
}

int PraPlanner::node_of(GridCell c) const {
  if (c.x < 0 || c.y < 0 || c.x >= width_) return -1;
  const std::size_t i = static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(c.x);
  return i < node_of_cell_.size() ? node_of_cell_[i] : -1;
}

// ---- The abstraction ----------------------------------------------------------------------------

void PraPlanner::build_level_zero(const SearchGrid& grid) {
  width_ = grid.width();
  PraLevel level;
  cells_.clear();
  node_of_cell_.assign(static_cast<std::size_t>(grid.width()) * static_cast<std::size_t>(grid.height()), -1);
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x)
      if (grid.passable(x, y)) {
        node_of_cell_[grid.index(x, y)] = static_cast<std::int32_t>(cells_.size());
        cells_.push_back({x, y});
      }
  const std::size_t n = cells_.size();
  level.parent.assign(n, -1);
  assign_offsets(level.child_begin, n);
  level.clique_size.assign(n, 0);
  level.cells.assign(n, 1);
  level.x.resize(n);
  level.y.resize(n);
  level.multiplier.resize(n);
  assign_offsets(level.edge_begin, n);
  for (std::size_t i = 0; i < n; ++i) {
    const GridCell c = cells_[i];
    level.x[i] = c.x;
    level.y[i] = c.y;
    level.multiplier[i] = std::clamp(static_cast<double>(grid.cost(c.x, c.y)), 1.0, static_cast<double>(SearchGrid::kMaxCost));
    std::pair<std::int32_t, double> out[8];
    int count = 0;
    for (int k = 0; k < 8; ++k) {
      const GridCell to{c.x + kDx[k], c.y + kDy[k]};
      if (!grid.passable(to.x, to.y)) continue;
      if (k >= 4 && (!grid.passable(to.x, c.y) || !grid.passable(c.x, to.y))) continue;  // no corner cutting
      out[count++] = {node_of_cell_[grid.index(to.x, to.y)], move_cost(grid, c, to, k < 4 ? 1.0 : kSqrt2)};
    }
    for (int a = 1; a < count; ++a)  // insertion sort by target (at most 8 moves)
      for (int j = a; j > 0 && out[j].first < out[j - 1].first; --j) std::swap(out[j], out[j - 1]);
    for (int e = 0; e < count; ++e) {
      level.edge_to.push_back(out[e].first);
      level.edge_cost.push_back(out[e].second);
    }
    level.edge_begin[i + 1] = static_cast<std::int32_t>(level.edge_to.size());
  }
  levels_.push_back(std::move(level));
}

void PraPlanner::build_level_above() {
  PraLevel& below = levels_.back();
  const int n = below.size();
  const auto edges_of = [&](int a) {
    return std::pair{below.edge_begin[static_cast<std::size_t>(a)], below.edge_begin[static_cast<std::size_t>(a) + 1]};
  };
  std::vector<std::int32_t> group(static_cast<std::size_t>(n), -1);
  std::vector<std::vector<std::int32_t>> members;  // per group: its clique, then its orphans
  std::vector<std::int32_t> clique;
  std::vector<std::int32_t> free_nb;
  for (int a = 0; a < n; ++a) {
    if (group[static_cast<std::size_t>(a)] >= 0) continue;
    free_nb.clear();
    const auto [e0, e1] = edges_of(a);
    for (int e = e0; e < e1; ++e)
      if (group[static_cast<std::size_t>(below.edge_to[static_cast<std::size_t>(e)])] < 0)
        free_nb.push_back(below.edge_to[static_cast<std::size_t>(e)]);
    // The largest clique of a with its ungrouped neighbours (4, else 3, else 2 nodes).
    clique = {a};
    const std::size_t m = free_nb.size();
    for (std::size_t i = 0; i < m && clique.size() < 4; ++i)
      for (std::size_t j = i + 1; j < m && clique.size() < 4; ++j) {
        if (!below.adjacent(free_nb[i], free_nb[j])) continue;
        for (std::size_t k = j + 1; k < m && clique.size() < 4; ++k)
          if (below.adjacent(free_nb[i], free_nb[k]) && below.adjacent(free_nb[j], free_nb[k]))
            clique = {a, free_nb[i], free_nb[j], free_nb[k]};
        if (clique.size() < 3) clique = {a, free_nb[i], free_nb[j]};
      }
    if (clique.size() < 2 && m > 0) clique = {a, free_nb[0]};
    if (clique.size() == 1 && e1 - e0 == 1) {  // an orphan of degree 1: joins its neighbour's group
      const std::int32_t g = group[static_cast<std::size_t>(below.edge_to[static_cast<std::size_t>(e0)])];
      group[static_cast<std::size_t>(a)] = g;
      members[static_cast<std::size_t>(g)].push_back(a);
      continue;
    }
    const auto id = static_cast<std::int32_t>(members.size());
    for (std::int32_t b : clique) group[static_cast<std::size_t>(b)] = id;
    members.push_back(clique);
  }

  PraLevel above;
  const std::size_t groups = members.size();
  above.parent.assign(groups, -1);
  assign_offsets(above.child_begin, groups);
  above.clique_size.assign(groups, 0);
  above.cells.assign(groups, 0);
  above.x.assign(groups, 0.0);
  above.y.assign(groups, 0.0);
  above.multiplier.assign(groups, 0.0);
  for (std::size_t g = 0; g < groups; ++g) {
    const std::vector<std::int32_t>& ms = members[g];
    // The clique is the first members; orphans were appended after it.
    std::size_t clique_n = 0;
    while (clique_n < ms.size() && (clique_n == 0 || below.adjacent(ms[0], ms[clique_n])) &&
           std::all_of(ms.begin(), ms.begin() + static_cast<std::ptrdiff_t>(clique_n),
                       [&](std::int32_t o) { return below.adjacent(o, ms[clique_n]); }))
      ++clique_n;
    above.clique_size[g] = static_cast<std::int32_t>(clique_n);
    double sx = 0.0, sy = 0.0, sm = 0.0;
    std::int32_t cells = 0;
    for (std::int32_t b : ms) {
      const auto bu = static_cast<std::size_t>(b);
      below.parent[bu] = static_cast<std::int32_t>(g);
      above.children.push_back(b);
      const double w = below.cells[bu];
      sx += below.x[bu] * w;
      sy += below.y[bu] * w;
      sm += below.multiplier[bu] * w;
      cells += below.cells[bu];
    }
    above.child_begin[g + 1] = static_cast<std::int32_t>(above.children.size());
    above.cells[g] = cells;
    above.x[g] = sx / cells;
    above.y[g] = sy / cells;
    above.multiplier[g] = sm / cells;
  }
  // Edges: every edge below between two groups, deduplicated, sorted by target.
  assign_offsets(above.edge_begin, groups);
  std::vector<std::int32_t> targets;
  for (std::size_t g = 0; g < groups; ++g) {
    targets.clear();
    for (std::int32_t b : members[g]) {
      const auto [e0, e1] = edges_of(b);
      for (int e = e0; e < e1; ++e) {
        const std::int32_t t = group[static_cast<std::size_t>(below.edge_to[static_cast<std::size_t>(e)])];
        if (t != static_cast<std::int32_t>(g)) targets.push_back(t);
      }
    }
    std::sort(targets.begin(), targets.end());
    targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
    for (std::int32_t t : targets) {
      const auto tu = static_cast<std::size_t>(t);
      above.edge_to.push_back(t);
      above.edge_cost.push_back(std::hypot(above.x[g] - above.x[tu], above.y[g] - above.y[tu]) * 0.5 *
                                (above.multiplier[g] + above.multiplier[tu]));
    }
    above.edge_begin[g + 1] = static_cast<std::int32_t>(above.edge_to.size());
  }
  levels_.push_back(std::move(above));
}

void PraPlanner::preprocess(const SearchGrid& grid) {
  levels_.clear();
  build_level_zero(grid);
  // Each level with an edge groups at least two nodes, so the count falls every level.
  while (!levels_.back().edge_to.empty()) build_level_above();
  std::size_t largest = 0;
  for (const PraLevel& l : levels_) largest = std::max(largest, l.parent.size());
  g_.resize(largest);
  came_from_.resize(largest);
  stamp_.assign(largest, 0);
  closed_.resize(largest);
  corridor_.assign(largest, 0);
  gen_ = corridor_gen_ = 0;
  revision_ = grid.revision();
  built_ = true;
}

// ---- Level search -------------------------------------------------------------------------------

bool PraPlanner::level_search(int level, int from, int goal, int tail, bool restricted) {
  const PraLevel& lv = levels_[static_cast<std::size_t>(level)];
  if (++gen_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0u);
    gen_ = 1;
  }
  // The heuristic's target: the goal node, or the position of the tail above.
  double tx = 0.0, ty = 0.0;
  if (goal >= 0) {
    tx = lv.x[static_cast<std::size_t>(goal)];
    ty = lv.y[static_cast<std::size_t>(goal)];
  } else {
    const PraLevel& up = levels_[static_cast<std::size_t>(level) + 1];
    tx = up.x[static_cast<std::size_t>(tail)];
    ty = up.y[static_cast<std::size_t>(tail)];
  }
  const auto h = [&](int node) {
    const double dx = std::abs(lv.x[static_cast<std::size_t>(node)] - tx), dy = std::abs(lv.y[static_cast<std::size_t>(node)] - ty);
    if (level == 0) return std::max(dx, dy) + (kSqrt2 - 1.0) * std::min(dx, dy);  // octile: exact grid moves
    return std::hypot(dx, dy);
  };
  const auto is_target = [&](int node) {
    return goal >= 0 ? node == goal : lv.parent[static_cast<std::size_t>(node)] == tail;
  };
  const HeapAfter after;

  heap_.clear();
  const auto fu = static_cast<std::size_t>(from);
  g_[fu] = 0.0;
  came_from_[fu] = -1;
  stamp_[fu] = gen_;
  closed_[fu] = 0;
  heap_.push_back({h(from), 0.0, from});
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), after);
    const HeapItem top = heap_.back();
    heap_.pop_back();
    const auto tu = static_cast<std::size_t>(top.id);
    if (closed_[tu] != 0 || top.g > g_[tu]) continue;
    closed_[tu] = 1;
    ++expanded_;
    if (trace_)  // the node's cell: the mean of its cells' coordinates, rounded
      trace_->expanded.push_back({static_cast<int>(std::lround(lv.x[tu])), static_cast<int>(std::lround(lv.y[tu]))});
    if (is_target(top.id)) {
      path_.clear();
      for (std::int32_t i = top.id; i >= 0; i = came_from_[static_cast<std::size_t>(i)]) path_.push_back(i);
      std::reverse(path_.begin(), path_.end());
      return true;
    }
    for (std::int32_t e = lv.edge_begin[tu]; e < lv.edge_begin[tu + 1]; ++e) {
      const std::int32_t to = lv.edge_to[static_cast<std::size_t>(e)];
      const auto to_u = static_cast<std::size_t>(to);
      if (restricted && corridor_[static_cast<std::size_t>(lv.parent[to_u])] != corridor_gen_) continue;
      const double g = top.g + lv.edge_cost[static_cast<std::size_t>(e)];
      if (stamp_[to_u] == gen_ && (closed_[to_u] != 0 || g_[to_u] <= g)) continue;
      stamp_[to_u] = gen_;
      closed_[to_u] = 0;
      g_[to_u] = g;
      came_from_[to_u] = top.id;
      heap_.push_back({g + h(to), g, to});
      std::push_heap(heap_.begin(), heap_.end(), after);
    }
  }
  return false;
}

// ---- The query ----------------------------------------------------------------------------------

bool PraPlanner::round(GridCell start, GridCell goal, int k) {
  const std::size_t levels = levels_.size();
  std::vector<std::int32_t> s(levels), g(levels);
  s[0] = node_of(start);
  g[0] = node_of(goal);
  for (std::size_t i = 1; i < levels; ++i) {
    s[i] = levels_[i - 1].parent[static_cast<std::size_t>(s[i - 1])];
    g[i] = levels_[i - 1].parent[static_cast<std::size_t>(g[i - 1])];
  }
  std::size_t meet = 0;
  while (meet < levels && s[meet] != g[meet]) ++meet;
  if (meet == levels) return false;  // different components: the top level separates them
  const auto top = static_cast<std::size_t>(std::floor(static_cast<double>(meet) * config_.start_level_fraction));
  const auto truncate = [&] {
    if (k > 0 && path_.size() > static_cast<std::size_t>(k) + 1) path_.resize(static_cast<std::size_t>(k) + 1);
  };
  if (!level_search(static_cast<int>(top), s[top], g[top], -1, false)) return false;
  truncate();
  for (std::size_t i = top; i-- > 0;) {
    if (++corridor_gen_ == 0) {
      std::fill(corridor_.begin(), corridor_.end(), 0u);
      corridor_gen_ = 1;
    }
    const PraLevel& up = levels_[i + 1];
    for (std::int32_t node : path_) {
      corridor_[static_cast<std::size_t>(node)] = corridor_gen_;
      if (!config_.widen_corridor) continue;
      for (std::int32_t e = up.edge_begin[static_cast<std::size_t>(node)]; e < up.edge_begin[static_cast<std::size_t>(node) + 1]; ++e)
        corridor_[static_cast<std::size_t>(up.edge_to[static_cast<std::size_t>(e)])] = corridor_gen_;
    }
    const std::int32_t tail = path_.back();
    const bool to_goal = tail == g[i + 1];
    // The corridor joins s[i] to every child of the tail: a group's members are connected.
    if (!level_search(static_cast<int>(i), s[i], to_goal ? g[i] : -1, tail, true)) return false;
    truncate();
  }
  for (std::size_t i = 1; i < path_.size(); ++i) result_.path.push_back(cells_[static_cast<std::size_t>(path_[i])]);
  return true;
}

const SearchResult& PraPlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  result_ = SearchResult{};
  if (!grid.passable(start.x, start.y) || !grid.passable(goal.x, goal.y)) return result_;
  if (!built_ || revision_ != grid.revision()) preprocess(grid);
  expanded_ = 0;
  result_.path = {start};
  bool ok = true;
  first_round_expanded_ = 0;
  if (config_.k == 0) {
    ok = start == goal || round(start, goal, 0);
    first_round_expanded_ = expanded_;
  } else {
    const std::size_t cap = cells_.size();
    for (std::size_t rounds = 0; ok && result_.path.back() != goal; ++rounds) {
      ok = round(result_.path.back(), goal, rounds < cap ? config_.k : 0);
      if (rounds == 0) first_round_expanded_ = expanded_;
    }
  }
  result_.expanded = expanded_;
  if (!ok) {
    result_.path.clear();
    result_.status = SearchStatus::unreachable;
    return result_;
  }
  result_.status = SearchStatus::found;
  for (std::size_t i = 1; i < result_.path.size(); ++i) {
    const GridCell a = result_.path[i - 1], b = result_.path[i];
    const double len = (a.x != b.x && a.y != b.y) ? kSqrt2 : 1.0;
    result_.length += len;
    result_.cost += move_cost(grid, a, b, len);
  }
  return result_;
}

}  // namespace racer
