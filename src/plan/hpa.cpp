// HPA*: clusters, entrances, the abstract graph, and the query (insert, search, refine,
// smooth).
//
// Sections
//   Helpers: moves, the octile heuristic, the open list order
//   Preprocessing: clusters, entrances, intra-cluster edges
//   In-cluster search (A* to a cell, or Dijkstra to the whole cluster)
//   The query
//   Smoothing
#include "plan/hpa.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace racer {
namespace {

constexpr double kSqrt2 = 1.41421356237309504880;
constexpr int kDx[8] = {1, -1, 0, 0, 1, -1, 1, -1};
constexpr int kDy[8] = {0, 0, 1, -1, 1, 1, -1, -1};
constexpr int kSideA[8] = {0, 0, 0, 0, 0, 1, 0, 1};  // the x-move (E or W) of a diagonal
constexpr int kSideB[8] = {0, 0, 0, 0, 2, 2, 3, 3};  // the y-move (S or N) of a diagonal

double octile(GridCell a, GridCell b) {
  const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  return std::max(dx, dy) + (kSqrt2 - 1.0) * std::min(dx, dy);
}

// The 8-connected move from `from` in direction k is legal: target passable and, for a
// diagonal, both orthogonal cells passable (no corner cutting).
bool legal_move(const SearchGrid& grid, GridCell from, int k) {
  const int tx = from.x + kDx[k], ty = from.y + kDy[k];
  if (!grid.passable(tx, ty)) return false;
  return k < 4 || (grid.passable(tx, from.y) && grid.passable(from.x, ty));
}

}  // namespace

HpaPlanner::HpaPlanner(HpaConfig config) : config_(config) {
  config_.cluster_size = std::max(config_.cluster_size, 2);
  config_.long_entrance = std::max(config_.long_entrance, 1);
}

namespace {

// Min-heap order on f, ties to the larger g (the deeper node), then to the lower id.
struct HeapAfter {
  template <class Item>
  bool operator()(const Item& a, const Item& b) const {
    if (a.f != b.f) return a.f > b.f;
    if (a.g != b.g) return a.g < b.g;
    return a.id > b.id;
  }
};

}  // namespace

// ---- Preprocessing ------------------------------------------------------------------------------

HpaPlanner::Rect HpaPlanner::cluster_rect(int cluster) const {
  const int cs = config_.cluster_size;
  const int cx = cluster % clusters_x_, cy = cluster / clusters_x_;
  Rect r{cx * cs, cy * cs, 0, 0};
  r.w = std::min(cs, width_ - r.x0);
  r.h = std::min(cs, height_ - r.y0);
  return r;
}

int HpaPlanner::cluster_of(GridCell c) const {
  return (c.y / config_.cluster_size) * clusters_x_ + c.x / config_.cluster_size;
}

int HpaPlanner::add_node(GridCell c) {
  const std::size_t cell = static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(c.x);
  if (node_of_cell_[cell] >= 0) return node_of_cell_[cell];
  const int id = static_cast<int>(nodes_.size());
  node_of_cell_[cell] = id;
  nodes_.push_back(Node{c, cluster_of(c), {}});
  cluster_nodes_[static_cast<std::size_t>(cluster_of(c))].push_back(id);
  return id;
}

// Entrances on the border between clusters c_a (left or top) and c_b (right or bottom).
void HpaPlanner::add_entrances(const SearchGrid& grid, int c_a, int c_b, bool vertical_border) {
  const Rect ra = cluster_rect(c_a), rb = cluster_rect(c_b);
  const int span = vertical_border ? ra.h : ra.w;
  // Cell pair i of the border: a in c_a, b in c_b.
  const auto pair_at = [&](int i, GridCell& a, GridCell& b) {
    if (vertical_border) {
      a = {ra.x0 + ra.w - 1, ra.y0 + i};
      b = {rb.x0, ra.y0 + i};
    } else {
      a = {ra.x0 + i, ra.y0 + ra.h - 1};
      b = {ra.x0 + i, rb.y0};
    }
  };
  const auto open_at = [&](int i) {
    GridCell a, b;
    pair_at(i, a, b);
    return grid.passable(a.x, a.y) && grid.passable(b.x, b.y);
  };
  const auto add_transition = [&](int i) {
    GridCell a, b;
    pair_at(i, a, b);
    const int na = add_node(a), nb = add_node(b);
    const double cost = move_cost(grid, a, b, 1.0);
    nodes_[static_cast<std::size_t>(na)].edges.push_back({nb, cost});
    nodes_[static_cast<std::size_t>(nb)].edges.push_back({na, cost});
    ++stats_.inter_edges;
  };
  for (int i = 0; i < span;) {
    if (!open_at(i)) {
      ++i;
      continue;
    }
    int j = i;
    while (j + 1 < span && open_at(j + 1)) ++j;
    ++stats_.entrances;
    if (j - i + 1 < config_.long_entrance) {
      add_transition((i + j) / 2);
    } else {
      add_transition(i);
      add_transition(j);
    }
    i = j + 1;
  }
}

void HpaPlanner::preprocess(const SearchGrid& grid) {
  const int cs = config_.cluster_size;
  width_ = grid.width();
  height_ = grid.height();
  clusters_x_ = (width_ + cs - 1) / cs;
  clusters_y_ = (height_ + cs - 1) / cs;
  stats_ = {};
  stats_.clusters = clusters_x_ * clusters_y_;
  nodes_.clear();
  cluster_nodes_.assign(static_cast<std::size_t>(stats_.clusters), {});
  node_of_cell_.assign(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), -1);

  for (int cy = 0; cy < clusters_y_; ++cy)
    for (int cx = 0; cx < clusters_x_; ++cx) {
      const int c = cy * clusters_x_ + cx;
      if (cx + 1 < clusters_x_) add_entrances(grid, c, c + 1, true);
      if (cy + 1 < clusters_y_) add_entrances(grid, c, c + clusters_x_, false);
    }

  // Intra-cluster edges: one Dijkstra per node, restricted to its cluster.
  for (int c = 0; c < stats_.clusters; ++c) {
    const std::vector<int>& members = cluster_nodes_[static_cast<std::size_t>(c)];
    const Rect rect = cluster_rect(c);
    for (std::size_t i = 0; i + 1 < members.size(); ++i) {
      Node& u = nodes_[static_cast<std::size_t>(members[i])];
      local_search(grid, rect, u.cell, GridCell{-1, -1});
      for (std::size_t j = i + 1; j < members.size(); ++j) {
        Node& v = nodes_[static_cast<std::size_t>(members[j])];
        const double cost = local_cost(rect, v.cell);
        if (cost < 0.0) continue;
        u.edges.push_back({members[j], cost});
        v.edges.push_back({members[i], cost});
        ++stats_.intra_edges;
      }
    }
  }
  // The edges in one array (node i's are edges_[edge_begin_[i] .. edge_begin_[i + 1])) and
  // the cells in another: the abstract search reads them densely.
  edge_begin_.assign(1, 0);
  edges_.clear();
  node_cells_.clear();
  for (Node& node : nodes_) {
    edges_.insert(edges_.end(), node.edges.begin(), node.edges.end());
    edge_begin_.push_back(static_cast<std::int32_t>(edges_.size()));
    node_cells_.push_back(node.cell);
    node.edges = {};
  }
  stats_.nodes = static_cast<int>(nodes_.size());
  revision_ = grid.revision();
  built_ = true;
}

// ---- In-cluster search ----------------------------------------------------------------------------

double HpaPlanner::local_search(const SearchGrid& grid, const Rect& rect, GridCell from, GridCell goal) {
  // Up to 2 x 2 clusters: the direct search of a query between neighbouring clusters.
  const std::size_t cells = 4 * static_cast<std::size_t>(config_.cluster_size) * static_cast<std::size_t>(config_.cluster_size);
  if (local_g_.size() < cells) {
    local_g_.resize(cells);
    local_parent_.resize(cells);
    local_stamp_.assign(cells, 0);
    local_closed_.resize(cells);
  }
  if (++local_gen_ == 0) {
    std::fill(local_stamp_.begin(), local_stamp_.end(), 0u);
    local_gen_ = 1;
  }
  const bool to_goal = goal.x >= 0;
  const auto local = [&](GridCell c) { return (c.y - rect.y0) * rect.w + (c.x - rect.x0); };
  const auto cell_of = [&](int i) { return GridCell{rect.x0 + i % rect.w, rect.y0 + i / rect.w}; };
  const auto h = [&](GridCell c) { return to_goal ? octile(c, goal) : 0.0; };

  const std::vector<std::uint8_t>& passable = grid.passable_cells();
  heap_.clear();
  const int s = local(from);
  const auto su = static_cast<std::size_t>(s);
  local_g_[su] = 0.0;
  local_parent_[su] = -1;
  local_stamp_[su] = local_gen_;
  local_closed_[su] = 0;
  heap_.push_back({h(from), 0.0, s});
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), HeapAfter{});
    const HeapItem top = heap_.back();
    heap_.pop_back();
    const auto tu = static_cast<std::size_t>(top.id);
    if (local_closed_[tu] != 0 || top.g > local_g_[tu]) continue;
    local_closed_[tu] = 1;
    ++local_expanded_;
    const GridCell c = cell_of(top.id);
    if (trace_) trace_->expanded.push_back(c);
    if (to_goal && c == goal) {
      local_path_.clear();
      for (int i = top.id; i >= 0; i = local_parent_[static_cast<std::size_t>(i)]) local_path_.push_back(cell_of(i));
      return top.g;
    }
    // The rectangle lies inside the grid, so a move that stays in it needs no bounds
    // check, and neither do the two cells a diagonal must not cut (also in it).
    const std::size_t ci = grid.index(c.x, c.y);
    bool open[8] = {};
    for (int k = 0; k < 8; ++k) {
      const GridCell n{c.x + kDx[k], c.y + kDy[k]};
      if (n.x < rect.x0 || n.y < rect.y0 || n.x >= rect.x0 + rect.w || n.y >= rect.y0 + rect.h) continue;
      const std::size_t ni_grid = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(ci) + kDy[k] * width_ + kDx[k]);
      open[k] = passable[ni_grid] != 0 && (k < 4 || (open[kSideA[k]] && open[kSideB[k]]));
      if (!open[k]) continue;
      const int ni = local(n);
      const auto nu = static_cast<std::size_t>(ni);
      const double g = top.g + move_cost(grid, c, n, k < 4 ? 1.0 : kSqrt2);
      if (local_stamp_[nu] == local_gen_ && (local_closed_[nu] != 0 || local_g_[nu] <= g)) continue;
      local_stamp_[nu] = local_gen_;
      local_closed_[nu] = 0;
      local_g_[nu] = g;
      local_parent_[nu] = top.id;
      heap_.push_back({g + h(n), g, ni});
      std::push_heap(heap_.begin(), heap_.end(), HeapAfter{});
    }
  }
  return to_goal ? -1.0 : 0.0;
}

double HpaPlanner::local_cost(const Rect& rect, GridCell c) const {
  const auto i = static_cast<std::size_t>((c.y - rect.y0) * rect.w + (c.x - rect.x0));
  return local_stamp_[i] == local_gen_ && local_closed_[i] != 0 ? local_g_[i] : -1.0;
}

// ---- The query ----------------------------------------------------------------------------------

const SearchResult& HpaPlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  result_ = SearchResult{};
  if (!grid.passable(start.x, start.y) || !grid.passable(goal.x, goal.y)) return result_;
  if (!built_ || revision_ != grid.revision()) preprocess(grid);
  local_expanded_ = 0;
  if (start == goal) {
    result_.status = SearchStatus::found;
    result_.path = {start};
    result_.expanded = 1;
    return result_;
  }

  // Insertion: the start's links (ids S, G are the two temporary nodes).
  const int n = static_cast<int>(nodes_.size());
  const int s_id = n, g_id = n + 1;
  const auto cell_of_node = [&](int id) { return id == s_id ? start : id == g_id ? goal : node_cells_[static_cast<std::size_t>(id)]; };
  std::vector<Edge> start_edges;
  const int s_cluster = cluster_of(start), g_cluster = cluster_of(goal);
  {
    const Rect rect = cluster_rect(s_cluster);
    local_search(grid, rect, start, GridCell{-1, -1});
    for (int m : cluster_nodes_[static_cast<std::size_t>(s_cluster)]) {
      const double c = local_cost(rect, nodes_[static_cast<std::size_t>(m)].cell);
      if (c >= 0.0) start_edges.push_back({m, c});
    }
  }
  // Start and goal in the same or neighbouring clusters (8-neighbourhood): the direct path
  // inside the rectangle of both clusters is one more edge S -> G.
  const int scx = s_cluster % clusters_x_, scy = s_cluster / clusters_x_;
  const int gcx = g_cluster % clusters_x_, gcy = g_cluster / clusters_x_;
  Rect direct;
  if (std::abs(scx - gcx) <= 1 && std::abs(scy - gcy) <= 1) {
    const Rect a = cluster_rect(std::min(scy, gcy) * clusters_x_ + std::min(scx, gcx));
    const Rect b = cluster_rect(std::max(scy, gcy) * clusters_x_ + std::max(scx, gcx));
    direct = {a.x0, a.y0, b.x0 + b.w - a.x0, b.y0 + b.h - a.y0};
    const double c = local_search(grid, direct, start, goal);
    if (c >= 0.0) start_edges.push_back({g_id, c});
  }
  if (goal_link_.size() < static_cast<std::size_t>(n)) goal_link_.resize(static_cast<std::size_t>(n), -1.0);
  const std::vector<int>& goal_members = cluster_nodes_[static_cast<std::size_t>(g_cluster)];
  {
    const Rect rect = cluster_rect(g_cluster);
    local_search(grid, rect, goal, GridCell{-1, -1});  // costs are symmetric: goal -> m == m -> goal
    for (int m : goal_members) goal_link_[static_cast<std::size_t>(m)] = local_cost(rect, nodes_[static_cast<std::size_t>(m)].cell);
  }

  // A* over the abstract graph.
  const std::size_t total = static_cast<std::size_t>(n) + 2;
  if (abs_g_.size() < total) {
    abs_g_.resize(total);
    abs_parent_.resize(total);
    abs_stamp_.resize(total, 0);
    abs_closed_.resize(total);
  }
  if (++abs_gen_ == 0) {
    std::fill(abs_stamp_.begin(), abs_stamp_.end(), 0u);
    abs_gen_ = 1;
  }
  long abstract_expanded = 0;
  bool reached = false;
  heap_.clear();
  abs_g_[static_cast<std::size_t>(s_id)] = 0.0;
  abs_parent_[static_cast<std::size_t>(s_id)] = -1;
  abs_stamp_[static_cast<std::size_t>(s_id)] = abs_gen_;
  abs_closed_[static_cast<std::size_t>(s_id)] = 0;
  heap_.push_back({octile(start, goal), 0.0, s_id});
  const auto relax = [&](int from, int to, double g) {
    const auto tu = static_cast<std::size_t>(to);
    if (abs_stamp_[tu] == abs_gen_ && (abs_closed_[tu] != 0 || abs_g_[tu] <= g)) return;
    abs_stamp_[tu] = abs_gen_;
    abs_closed_[tu] = 0;
    abs_g_[tu] = g;
    abs_parent_[tu] = from;
    heap_.push_back({g + octile(cell_of_node(to), goal), g, to});
    std::push_heap(heap_.begin(), heap_.end(), HeapAfter{});
  };
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), HeapAfter{});
    const HeapItem top = heap_.back();
    heap_.pop_back();
    const auto tu = static_cast<std::size_t>(top.id);
    if (abs_closed_[tu] != 0 || top.g > abs_g_[tu]) continue;
    abs_closed_[tu] = 1;
    ++abstract_expanded;
    if (trace_) trace_->expanded.push_back(cell_of_node(top.id));
    if (top.id == g_id) {
      reached = true;
      break;
    }
    if (top.id == s_id) {
      for (const Edge& e : start_edges) relax(top.id, e.to, top.g + e.cost);
      continue;
    }
    for (std::int32_t e = edge_begin_[tu]; e < edge_begin_[tu + 1]; ++e)
      relax(top.id, edges_[static_cast<std::size_t>(e)].to, top.g + edges_[static_cast<std::size_t>(e)].cost);
    if (goal_link_[tu] >= 0.0) relax(top.id, g_id, top.g + goal_link_[tu]);
  }
  for (int m : goal_members) goal_link_[static_cast<std::size_t>(m)] = -1.0;

  if (!reached) {
    result_.status = SearchStatus::unreachable;
    result_.expanded = abstract_expanded + local_expanded_;
    return result_;
  }

  // Refinement: abstract path -> cells.
  std::vector<int> abstract_path;
  for (int id = g_id; id >= 0; id = abs_parent_[static_cast<std::size_t>(id)]) abstract_path.push_back(id);
  std::reverse(abstract_path.begin(), abstract_path.end());
  result_.path = {start};
  for (std::size_t i = 1; i < abstract_path.size(); ++i) {
    const GridCell a = cell_of_node(abstract_path[i - 1]), b = cell_of_node(abstract_path[i]);
    if (a == b) continue;
    if (abstract_path[i - 1] == s_id && abstract_path[i] == g_id) {  // the direct edge
      local_search(grid, direct, a, b);
      for (auto it = local_path_.rbegin() + 1; it != local_path_.rend(); ++it) result_.path.push_back(*it);
      continue;
    }
    const int ca = cluster_of(a);
    if (ca != cluster_of(b)) {  // an inter-cluster edge: one move
      result_.path.push_back(b);
      continue;
    }
    local_search(grid, cluster_rect(ca), a, b);  // reaches b: the edge's cost came from this cluster
    for (auto it = local_path_.rbegin() + 1; it != local_path_.rend(); ++it) result_.path.push_back(*it);
  }
  if (config_.smooth) smooth_path(grid);
  result_.status = SearchStatus::found;
  result_.expanded = abstract_expanded + local_expanded_;
  finish(grid);
  return result_;
}

// The path's cost and length, summed along its moves.
void HpaPlanner::finish(const SearchGrid& grid) {
  result_.cost = 0.0;
  result_.length = 0.0;
  for (std::size_t i = 1; i < result_.path.size(); ++i) {
    const GridCell a = result_.path[i - 1], b = result_.path[i];
    const double len = (a.x != b.x && a.y != b.y) ? kSqrt2 : 1.0;
    result_.length += len;
    result_.cost += move_cost(grid, a, b, len);
  }
}

// ---- Smoothing ----------------------------------------------------------------------------------

void HpaPlanner::smooth_path(const SearchGrid& grid) {
  const std::vector<GridCell>& p = result_.path;
  const std::size_t cells = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
  if (path_pos_.size() < cells) {
    path_pos_.resize(cells);
    path_stamp_.assign(cells, 0);
  }
  if (++path_gen_ == 0) {
    std::fill(path_stamp_.begin(), path_stamp_.end(), 0u);
    path_gen_ = 1;
  }
  const auto idx = [&](GridCell c) { return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(c.x); };
  std::vector<double> prefix(p.size(), 0.0);  // cost from p[0] to p[i] along the path
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (i > 0) prefix[i] = prefix[i - 1] + move_cost(grid, p[i - 1], p[i], (p[i].x != p[i - 1].x && p[i].y != p[i - 1].y) ? kSqrt2 : 1.0);
    path_pos_[idx(p[i])] = static_cast<std::int32_t>(i);  // a repeated cell keeps its last index
    path_stamp_[idx(p[i])] = path_gen_;
  }
  const int max_walk = 2 * config_.cluster_size;
  std::vector<GridCell> out = {p.front()};
  for (std::size_t i = 0; i + 1 < p.size();) {
    std::size_t best_j = i + 1;
    int best_dir = -1, best_steps = 0;
    for (int k = 0; k < 8; ++k) {
      GridCell c = p[i];
      double cost = 0.0;
      for (int t = 1; t <= max_walk && legal_move(grid, c, k); ++t) {
        const GridCell n{c.x + kDx[k], c.y + kDy[k]};
        cost += move_cost(grid, c, n, k < 4 ? 1.0 : kSqrt2);
        c = n;
        if (path_stamp_[idx(c)] != path_gen_) continue;
        const auto j = static_cast<std::size_t>(path_pos_[idx(c)]);
        // 1e-9: the straight piece must be cheaper by more than rounding, not merely equal.
        if (j > best_j && cost < prefix[j] - prefix[i] - 1e-9) {
          best_j = j;
          best_dir = k;
          best_steps = t;
        }
      }
    }
    if (best_dir < 0) {
      out.push_back(p[i + 1]);
      ++i;
      continue;
    }
    GridCell c = p[i];
    for (int t = 0; t < best_steps; ++t) {
      c = {c.x + kDx[best_dir], c.y + kDy[best_dir]};
      out.push_back(c);
    }
    i = best_j;
  }
  result_.path = std::move(out);
}

}  // namespace racer
