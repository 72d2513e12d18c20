// Navigation mesh. Sections: NavMesh::build (rectangles, portals, components) ·
// NavMeshPlanner::plan (A* over portal crossings) · NavMeshPlanner::pull_string (funnel).
#include "plan/navmesh.h"

#include <algorithm>
#include <cmath>

namespace racer {
namespace {

Vec2 centre_of(GridCell c) { return {c.x + 0.5, c.y + 0.5}; }

}  // namespace

// ---------------------------------------------------------------------------------------
// NavMesh::build

void NavMesh::build(const SearchGrid& grid) {
  width_ = grid.width();
  height_ = grid.height();
  revision_ = grid.revision();
  built_ = true;
  rects_.clear();
  portals_.clear();
  rect_of_.assign(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), kNone);
  const auto open = [&](int x, int y) { return grid.passable(x, y) && rect_at(x, y) == kNone; };

  // Rectangles: greedy, widest first, then as tall as the rows below allow.
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) {
      if (!open(x, y)) continue;
      int w = 1, h = 1;
      while (open(x + w, y)) ++w;
      for (;; ++h) {
        bool row_open = y + h < height_;
        for (int k = 0; row_open && k < w; ++k) row_open = open(x + k, y + h);
        if (!row_open) break;
      }
      const auto id = static_cast<std::uint32_t>(rects_.size());
      rects_.push_back({x, y, w, h});
      for (int cy = y; cy < y + h; ++cy)
        for (int cx = x; cx < x + w; ++cx) rect_of_[grid.index(cx, cy)] = id;
    }

  // Portals: runs of one neighbouring rectangle along each rectangle's right and bottom side
  // (each shared edge is found once, from the rectangle left of or above it).
  for (std::uint32_t id = 0; id < rects_.size(); ++id) {
    const NavRect r = rects_[id];
    const auto scan = [&](bool vertical, int at, int from, int to) {
      int lo = from;
      std::uint32_t run = kNone;
      for (int k = from; k <= to; ++k) {
        std::uint32_t other = kNone;
        if (k < to) {
          const int cx = vertical ? at : k, cy = vertical ? k : at;
          if (grid.passable(cx, cy)) other = rect_at(cx, cy);
        }
        if (other == run) continue;
        if (run != kNone) portals_.push_back({id, run, vertical, at, lo, k});
        run = other;
        lo = k;
      }
    };
    if (r.x + r.w < width_) scan(true, r.x + r.w, r.y, r.y + r.h);
    if (r.y + r.h < height_) scan(false, r.y + r.h, r.x, r.x + r.w);
  }
  std::vector<std::uint32_t> count(rects_.size() + 1, 0);
  for (const NavPortal& p : portals_) {
    ++count[p.a];
    ++count[p.b];
  }
  portal_start_.assign(rects_.size() + 1, 0);
  for (std::size_t r = 0; r < rects_.size(); ++r) portal_start_[r + 1] = portal_start_[r] + count[r];
  portal_list_.assign(portal_start_.back(), 0);
  std::vector<std::uint32_t> fill(portal_start_.begin(), portal_start_.end() - 1);
  for (std::uint32_t p = 0; p < portals_.size(); ++p) {  // ascending p: each list comes out sorted
    portal_list_[fill[portals_[p].a]++] = p;
    portal_list_[fill[portals_[p].b]++] = p;
  }

  component_.assign(rects_.size(), kNone);
  std::uint32_t next = 0;
  std::vector<std::uint32_t> stack;
  for (std::uint32_t id = 0; id < rects_.size(); ++id) {
    if (component_[id] != kNone) continue;
    component_[id] = next;
    stack.assign(1, id);
    while (!stack.empty()) {
      const std::uint32_t u = stack.back();
      stack.pop_back();
      for (const std::uint32_t p : portals_of(u)) {
        const std::uint32_t v = portals_[p].a == u ? portals_[p].b : portals_[p].a;
        if (component_[v] == kNone) {
          component_[v] = next;
          stack.push_back(v);
        }
      }
    }
    ++next;
  }
}

// ---------------------------------------------------------------------------------------
// NavMeshPlanner::plan
//
// Node 2p is portal p crossed into its rectangle b, node 2p + 1 crossed into a; the last node
// is the goal. point_[node] is where the best path found so far crosses the portal.

const SearchResult& NavMeshPlanner::plan(const SearchGrid& grid, GridCell start, GridCell goal) {
  result_.status = SearchStatus::blocked_endpoint;
  result_.path.clear();
  result_.cost = result_.length = 0.0;
  result_.expanded = 0;
  waypoints_.clear();
  if (!grid.passable(start.x, start.y) || !grid.passable(goal.x, goal.y)) return result_;
  if (!mesh_.built() || mesh_.revision() != grid.revision()) mesh_.build(grid);
  const std::uint32_t rs = mesh_.rect_at(start.x, start.y), rg = mesh_.rect_at(goal.x, goal.y);
  if (mesh_.component(rs) != mesh_.component(rg)) {
    result_.status = SearchStatus::unreachable;
    return result_;
  }
  const Vec2 sp = centre_of(start), gp = centre_of(goal);
  const auto& portals = mesh_.portals();
  gates_.clear();
  gates_.push_back({sp, sp});
  if (rs != rg) {
    const auto goal_node = static_cast<std::uint32_t>(2 * portals.size());
    const auto node = [&](std::uint32_t p, std::uint32_t into) { return 2 * p + (into == portals[p].b ? 0u : 1u); };
    const auto other = [&](std::uint32_t p, std::uint32_t r) { return portals[p].a == r ? portals[p].b : portals[p].a; };
    astar_.reset(2 * portals.size() + 1);
    if (point_.size() < 2 * portals.size()) point_.resize(2 * portals.size());
    for (const std::uint32_t q : mesh_.portals_of(rs)) {
      const Vec2 c = portals[q].crossing_near(sp);
      const std::uint32_t n = node(q, other(q, rs));
      if (astar_.offer(n, length(c - sp), length(gp - c), NodeAstar::kNone)) point_[n] = c;
    }
    std::uint32_t u = 0;
    while (astar_.pop(u)) {
      ++result_.expanded;
      if (u == goal_node) break;
      if (trace_)  // the cell where the best path so far crosses the portal
        trace_->expanded.push_back({static_cast<int>(std::floor(point_[u].x)), static_cast<int>(std::floor(point_[u].y))});
      const std::uint32_t p = u / 2, into = (u & 1u) != 0 ? portals[p].a : portals[p].b;
      const Vec2 m = point_[u];
      if (into == rg) astar_.offer(goal_node, astar_.g(u) + length(gp - m), 0.0, u);
      for (const std::uint32_t q : mesh_.portals_of(into)) {
        if (q == p) continue;
        const Vec2 c = portals[q].crossing_near(m);
        const std::uint32_t n = node(q, other(q, into));
        if (astar_.offer(n, astar_.g(u) + length(c - m), length(gp - c), u)) point_[n] = c;
      }
    }
    if (!astar_.reached(goal_node)) {  // cannot happen within one component; answered honestly
      result_.status = SearchStatus::unreachable;
      return result_;
    }
    // The crossings from the start: each gives the funnel two gates, the centres of the cells
    // on the near side of the portal and those on the far side.
    const std::size_t first = gates_.size();
    for (std::uint32_t v = astar_.parent(goal_node); v != NodeAstar::kNone; v = astar_.parent(v)) {
      const NavPortal& p = portals[v / 2];
      const bool into_b = (v & 1u) == 0;
      const int near = into_b ? p.at - 1 : p.at, far = into_b ? p.at : p.at - 1;  // column or row
      const auto side = [&](int line) {  // endpoints ordered so `left` is left of the travel
        const double c = line + 0.5, lo = p.lo + 0.5, hi = p.hi - 0.5;
        const Vec2 e_lo = p.vertical ? Vec2{c, lo} : Vec2{lo, c}, e_hi = p.vertical ? Vec2{c, hi} : Vec2{hi, c};
        const Vec2 travel = p.vertical ? Vec2{into_b ? 1.0 : -1.0, 0.0} : Vec2{0.0, into_b ? 1.0 : -1.0};
        return cross(travel, e_hi - e_lo) > 0.0 ? Gate{e_hi, e_lo} : Gate{e_lo, e_hi};
      };
      gates_.push_back(side(far));  // reversed below
      gates_.push_back(side(near));
    }
    std::reverse(gates_.begin() + static_cast<std::ptrdiff_t>(first), gates_.end());
  }
  gates_.push_back({gp, gp});
  pull_string(grid);
  const long expanded = result_.expanded;
  walker_.walk(grid, waypoints_, result_);
  result_.expanded = expanded;
  return result_;
}

// ---------------------------------------------------------------------------------------
// NavMeshPlanner::pull_string: the "simple stupid funnel" (Mononen 2010). The funnel is an
// apex and two rays, to the left and right ends of the gates seen so far; each gate narrows
// it, and when one side would cross the other, that side's end becomes a corner of the path
// and the new apex. Coordinates are multiples of 0.5, so the cross products are exact.

void NavMeshPlanner::pull_string(const SearchGrid& grid) {
  waypoints_.clear();
  const auto turn = [](Vec2 apex, Vec2 a, Vec2 b) { return cross(a - apex, b - apex); };  // > 0: b left of apex->a
  Vec2 apex = gates_[0].left, left = apex, right = apex;
  std::size_t apex_i = 0, left_i = 0, right_i = 0;
  waypoints_.push_back(apex);
  for (std::size_t i = 1; i < gates_.size(); ++i) {
    const Vec2 l = gates_[i].left, r = gates_[i].right;
    if (turn(apex, right, r) >= 0.0) {  // r narrows the funnel from the right
      if (apex == right || turn(apex, left, r) < 0.0) {
        right = r;
        right_i = i;
      } else {  // it crosses the left ray: the left end is a corner
        apex = left;
        apex_i = left_i;
        waypoints_.push_back(apex);
        right = left = apex;
        right_i = left_i = apex_i;
        i = apex_i;
        continue;
      }
    }
    if (turn(apex, left, l) <= 0.0) {  // l narrows the funnel from the left
      if (apex == left || turn(apex, right, l) > 0.0) {
        left = l;
        left_i = i;
      } else {  // it crosses the right ray: the right end is a corner
        apex = right;
        apex_i = right_i;
        waypoints_.push_back(apex);
        right = left = apex;
        right_i = left_i = apex_i;
        i = apex_i;
        continue;
      }
    }
  }
  const Vec2 goal = gates_.back().left;
  if (!(waypoints_.back() == goal)) waypoints_.push_back(goal);

  // The string lies in the corridor by construction; should a piece ever not be clear, take
  // the gates' midpoints instead (each piece inside one rectangle or one portal: clear).
  bool clear = true;
  for (std::size_t k = 1; clear && k < waypoints_.size(); ++k) clear = segment_clear(grid, waypoints_[k - 1], waypoints_[k]);
  if (clear) return;
  ++string_fallbacks_;
  waypoints_.clear();
  for (const Gate& g : gates_) {
    const Vec2 m = (g.left + g.right) * 0.5;
    if (waypoints_.empty() || !(waypoints_.back() == m)) waypoints_.push_back(m);
  }
}

}  // namespace racer
