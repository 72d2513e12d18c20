// Quadtree decompositions. Sections: Quadtree::build · shared query helpers ·
// QuadtreePlanner::plan · FramedQuadtreePlanner (prepare, plan).
#include "plan/quadtree.h"

#include <algorithm>
#include <cmath>

namespace racer {
namespace {

constexpr double kSqrt2 = 1.41421356237309504880;

Vec2 centre_of(GridCell c) { return {c.x + 0.5, c.y + 0.5}; }

// Both endpoints in bounds and passable (else the answer is blocked_endpoint).
bool endpoints_passable(const SearchGrid& grid, GridCell start, GridCell goal) {
  return grid.passable(start.x, start.y) && grid.passable(goal.x, goal.y);
}

// An empty answer, status blocked_endpoint until the planner knows better.
void clear_answer(SearchResult& r, std::vector<Vec2>& waypoints) {
  r.status = SearchStatus::blocked_endpoint;
  r.path.clear();
  r.cost = 0.0;
  r.length = 0.0;
  r.expanded = 0;
  waypoints.clear();
}

void push_point(std::vector<Vec2>& points, Vec2 p) {
  if (points.empty() || !(points.back() == p)) points.push_back(p);
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Quadtree::build

void Quadtree::build(const SearchGrid& grid) {
  width_ = grid.width();
  height_ = grid.height();
  revision_ = grid.revision();
  built_ = true;
  leaves_.clear();
  free_count_ = 0;
  side_ = 0;
  const std::size_t cells = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
  leaf_of_.assign(cells, kNone);
  if (cells == 0) {
    adjacency_start_.assign(1, 0);
    adjacency_.clear();
    component_.clear();
    return;
  }
  side_ = 1;
  while (side_ < std::max(width_, height_)) side_ *= 2;

  // Prefix sums of passable cells: sum[y][x] = passable cells in [0, x) x [0, y).
  const std::size_t row = static_cast<std::size_t>(width_) + 1;
  std::vector<std::int32_t> sum(row * (static_cast<std::size_t>(height_) + 1), 0);
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) {
      const std::size_t at = static_cast<std::size_t>(y + 1) * row + static_cast<std::size_t>(x + 1);
      sum[at] = sum[at - 1] + sum[at - row] - sum[at - row - 1] + (grid.passable(x, y) ? 1 : 0);
    }
  const auto free_cells = [&](int x, int y, int s) {  // passable cells of the square, clipped
    const int x1 = std::min(x + s, width_), y1 = std::min(y + s, height_);
    if (x >= x1 || y >= y1) return 0;
    const auto at = [&](int cx, int cy) { return sum[static_cast<std::size_t>(cy) * row + static_cast<std::size_t>(cx)]; };
    return at(x1, y1) - at(x, y1) - at(x1, y) + at(x, y);
  };

  struct Square {
    int x, y, s;
  };
  std::vector<Square> stack{{0, 0, side_}};
  while (!stack.empty()) {
    const Square q = stack.back();
    stack.pop_back();
    const int n = free_cells(q.x, q.y, q.s);
    const bool inside = q.x + q.s <= width_ && q.y + q.s <= height_;
    if (n == 0 || (inside && n == q.s * q.s)) {
      const auto id = static_cast<std::uint32_t>(leaves_.size());
      leaves_.push_back({q.x, q.y, q.s, n != 0});
      if (n != 0) ++free_count_;
      for (int y = q.y; y < std::min(q.y + q.s, height_); ++y)
        for (int x = q.x; x < std::min(q.x + q.s, width_); ++x)
          leaf_of_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)] = id;
      continue;
    }
    const int h = q.s / 2;  // pushed in reverse so NW is taken first
    stack.push_back({q.x + h, q.y + h, h});
    stack.push_back({q.x, q.y + h, h});
    stack.push_back({q.x + h, q.y, h});
    stack.push_back({q.x, q.y, h});
  }

  // Adjacency: the free leaves met by walking just outside each side of a free leaf.
  adjacency_start_.assign(leaves_.size() + 1, 0);
  adjacency_.clear();
  std::vector<std::uint32_t> found;
  for (std::size_t id = 0; id < leaves_.size(); ++id) {
    adjacency_start_[id] = static_cast<std::uint32_t>(adjacency_.size());
    const QuadLeaf& l = leaves_[id];
    if (!l.free) continue;
    found.clear();
    const auto look = [&](int x, int y) {
      if (!grid.passable(x, y)) return;
      const std::uint32_t other = leaf_at(x, y);
      if (found.empty() || found.back() != other) found.push_back(other);
    };
    for (int k = 0; k < l.size; ++k) {
      look(l.x + k, l.y - 1);
      look(l.x + k, l.y + l.size);
      look(l.x - 1, l.y + k);
      look(l.x + l.size, l.y + k);
    }
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    adjacency_.insert(adjacency_.end(), found.begin(), found.end());
  }
  adjacency_start_[leaves_.size()] = static_cast<std::uint32_t>(adjacency_.size());

  // Components: flood fill over the adjacency.
  component_.assign(leaves_.size(), kNone);
  std::uint32_t next = 0;
  std::vector<std::uint32_t> queue;
  for (std::uint32_t id = 0; id < leaves_.size(); ++id) {
    if (!leaves_[id].free || component_[id] != kNone) continue;
    component_[id] = next;
    queue.assign(1, id);
    while (!queue.empty()) {
      const std::uint32_t u = queue.back();
      queue.pop_back();
      for (const std::uint32_t v : neighbours(u))
        if (component_[v] == kNone) {
          component_[v] = next;
          queue.push_back(v);
        }
    }
    ++next;
  }
}

// ---------------------------------------------------------------------------------------
// QuadtreePlanner::plan

const SearchResult& QuadtreePlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  clear_answer(result_, waypoints_);
  if (!endpoints_passable(grid, start, goal)) return result_;
  if (!tree_.built() || tree_.revision() != grid.revision()) tree_.build(grid);
  const std::uint32_t ls = tree_.leaf_at(start.x, start.y), lg = tree_.leaf_at(goal.x, goal.y);
  if (tree_.component(ls) != tree_.component(lg)) {
    result_.status = SearchStatus::unreachable;
    return result_;
  }
  const Vec2 sp = centre_of(start), gp = centre_of(goal);
  const auto& leaves = tree_.leaves();
  push_point(waypoints_, sp);
  if (ls != lg) {
    const auto goal_node = static_cast<std::uint32_t>(leaves.size());
    astar_.reset(leaves.size() + 1);
    astar_.offer(ls, length(leaves[ls].centre() - sp), length(gp - leaves[ls].centre()), NodeAstar::kNone);
    std::uint32_t u = 0;
    while (astar_.pop(u)) {
      ++result_.expanded;
      if (u == goal_node) break;
      if (trace_) trace_->expanded.push_back({leaves[u].x + leaves[u].size / 2, leaves[u].y + leaves[u].size / 2});
      const Vec2 cu = leaves[u].centre();
      if (u == lg) astar_.offer(goal_node, astar_.g(u) + length(gp - cu), 0.0, u);
      for (const std::uint32_t v : tree_.neighbours(u)) {
        const Vec2 cv = leaves[v].centre();
        astar_.offer(v, astar_.g(u) + length(cv - cu), length(gp - cv), u);
      }
    }
    if (!astar_.reached(goal_node)) {  // cannot happen within one component; answered honestly
      waypoints_.clear();
      result_.status = SearchStatus::unreachable;
      return result_;
    }
    // The chain of leaves from the goal's back to the start's.
    const std::size_t first = waypoints_.size();
    for (std::uint32_t v = astar_.parent(goal_node); v != NodeAstar::kNone; v = astar_.parent(v))
      waypoints_.push_back(leaves[v].centre());
    std::reverse(waypoints_.begin() + static_cast<std::ptrdiff_t>(first), waypoints_.end());
    if (waypoints_.size() > first && waypoints_[first] == sp) waypoints_.erase(waypoints_.begin() + static_cast<std::ptrdiff_t>(first));
  }
  push_point(waypoints_, gp);
  const long expanded = result_.expanded;
  walker_.walk(grid, waypoints_, result_);
  result_.expanded = expanded;
  return result_;
}

// ---------------------------------------------------------------------------------------
// FramedQuadtreePlanner

void FramedQuadtreePlanner::prepare(const SearchGrid& grid) {
  tree_.build(grid);
  const auto& leaves = tree_.leaves();
  border_start_.assign(leaves.size() + 1, 0);
  border_.clear();
  for (std::size_t id = 0; id < leaves.size(); ++id) {
    border_start_[id] = static_cast<std::uint32_t>(border_.size());
    const QuadLeaf& l = leaves[id];
    if (!l.free) continue;
    for (int y = l.y; y < l.y + l.size; ++y)
      for (int x = l.x; x < l.x + l.size; ++x)
        if (y == l.y || y == l.y + l.size - 1 || x == l.x || x == l.x + l.size - 1)
          border_.push_back(static_cast<std::uint32_t>(grid.index(x, y)));
  }
  border_start_[leaves.size()] = static_cast<std::uint32_t>(border_.size());
}

const SearchResult& FramedQuadtreePlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  clear_answer(result_, waypoints_);
  if (!endpoints_passable(grid, start, goal)) return result_;
  if (!tree_.built() || tree_.revision() != grid.revision()) prepare(grid);
  const std::uint32_t ls = tree_.leaf_at(start.x, start.y), lg = tree_.leaf_at(goal.x, goal.y);
  if (tree_.component(ls) != tree_.component(lg)) {
    result_.status = SearchStatus::unreachable;
    return result_;
  }
  const Vec2 gp = centre_of(goal);
  if (ls == lg) {  // one convex leaf: the straight line
    waypoints_.push_back(centre_of(start));
    push_point(waypoints_, gp);
  } else {
    const auto s = static_cast<std::uint32_t>(grid.index(start.x, start.y));
    const auto t = static_cast<std::uint32_t>(grid.index(goal.x, goal.y));
    astar_.reset(static_cast<std::size_t>(grid.width()) * static_cast<std::size_t>(grid.height()));
    astar_.offer(s, 0.0, length(gp - centre_of(start)), NodeAstar::kNone);
    constexpr int kDx[8] = {1, -1, 0, 0, 1, -1, 1, -1};
    constexpr int kDy[8] = {0, 0, 1, -1, 1, 1, -1, -1};
    std::uint32_t u = 0;
    while (astar_.pop(u)) {
      ++result_.expanded;
      if (trace_) trace_->expanded.push_back(grid.cell(u));
      if (u == t) break;
      const GridCell c = grid.cell(u);
      const Vec2 cp = centre_of(c);
      const double g = astar_.g(u);
      const std::uint32_t leaf = tree_.leaf_at(c.x, c.y);
      for (const std::uint32_t b : border(leaf)) {  // straight across the leaf
        if (b == u) continue;
        const Vec2 bp = centre_of(grid.cell(b));
        astar_.offer(b, g + length(bp - cp), length(gp - bp), u);
      }
      if (leaf == lg) astar_.offer(t, g + length(gp - cp), 0.0, u);
      bool open[4] = {};
      for (int k = 0; k < 8; ++k) {  // one grid move into another leaf
        const GridCell n{c.x + kDx[k], c.y + kDy[k]};
        const bool ok = grid.passable(n.x, n.y) && (k < 4 || (open[k == 5 || k == 7 ? 1 : 0] && open[k < 6 ? 2 : 3]));
        if (k < 4) open[k] = ok;
        if (!ok || tree_.leaf_at(n.x, n.y) == leaf) continue;
        const Vec2 np = centre_of(n);
        astar_.offer(static_cast<std::uint32_t>(grid.index(n.x, n.y)), g + (k < 4 ? 1.0 : kSqrt2), length(gp - np), u);
      }
    }
    if (!astar_.reached(t)) {  // cannot happen within one component; answered honestly
      result_.status = SearchStatus::unreachable;
      return result_;
    }
    for (std::uint32_t v = t; v != NodeAstar::kNone; v = astar_.parent(v)) waypoints_.push_back(centre_of(grid.cell(v)));
    std::reverse(waypoints_.begin(), waypoints_.end());
  }
  const long expanded = result_.expanded;
  walker_.walk(grid, waypoints_, result_);
  result_.expanded = expanded;
  return result_;
}

}  // namespace racer
