// Visibility graph over grown convex obstacles, searched with A*.
#include "plan/visibility_graph.h"

#include <algorithm>

namespace racer {

VisibilityGraph::VisibilityGraph(const Scene& scene, VisibilityOptions options) : options_(options) {
  const double r = options_.robot_radius + options_.push;
  const int arcs = options_.robot_radius > 0.0 ? options_.arc_segments : 1;
  for (const Polygon& p : scene.polygons)
    for (const Polygon& piece : convex_pieces(p)) grown_.push_back(grown_convex(piece, r, arcs));
  for (const Disc& d : scene.discs) grown_.push_back(circumscribed_polygon({d.centre, d.radius + r}, options_.disc_sides));
  for (const Polygon& g : grown_) boxes_.push_back(bounds(g));

  for (const Polygon& g : grown_)
    for (Vec2 v : g.vertices)
      if (!blocked(v)) nodes_.push_back(v);

  const std::size_t n = nodes_.size();
  std::vector<std::vector<Arc>> adjacency(n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (visible(nodes_[i], nodes_[j])) {
        const double cost = length(nodes_[j] - nodes_[i]);
        adjacency[i].push_back({static_cast<std::uint32_t>(j), cost});
        adjacency[j].push_back({static_cast<std::uint32_t>(i), cost});
        edges_.emplace_back(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j));
      }
  first_.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    first_[i + 1] = first_[i] + static_cast<std::uint32_t>(adjacency[i].size());
    arcs_.insert(arcs_.end(), adjacency[i].begin(), adjacency[i].end());
  }
}

bool VisibilityGraph::blocked(Vec2 p) const {
  const double depth = 0.5 * options_.push;
  for (std::size_t k = 0; k < grown_.size(); ++k)
    if (boxes_[k].contains(p) && convex_contains_deeper(grown_[k], p, depth)) return true;
  return false;
}

bool VisibilityGraph::visible(Vec2 a, Vec2 b) const {
  const double depth = 0.5 * options_.push;
  const Segment s{a, b};
  const Aabb sb = bounds(s);
  for (std::size_t k = 0; k < grown_.size(); ++k)
    if (boxes_[k].overlaps(sb) && crosses_interior(s, grown_[k], depth)) return false;
  return true;
}

VisibilityPath VisibilityGraph::query(Vec2 start, Vec2 goal) {
  VisibilityPath out;
  if (blocked(start) || blocked(goal)) return out;
  const auto n = static_cast<std::uint32_t>(nodes_.size());
  const std::uint32_t s = n, t = n + 1;  // the query's temporary nodes
  const auto node_point = [&](std::uint32_t i) { return i == s ? start : (i == t ? goal : nodes_[i]); };
  const auto h = [&](std::uint32_t i) { return length(goal - node_point(i)); };

  // The query's edges: goal edges are looked up per node, start edges offered at once.
  to_goal_.assign(n, -1.0);
  for (std::uint32_t i = 0; i < n; ++i)
    if (visible(nodes_[i], goal)) to_goal_[i] = length(goal - nodes_[i]);

  search_.reset(n + 2);
  search_.offer(s, 0.0, h(s), NodeAstar::kNone);
  std::uint32_t u = 0;
  bool reached = false;
  while (search_.pop(u)) {
    ++out.expanded;
    if (u == t) {
      reached = true;
      break;
    }
    const double g = search_.g(u);
    if (u == s) {
      if (visible(start, goal)) search_.offer(t, g + length(goal - start), 0.0, u);
      for (std::uint32_t i = 0; i < n; ++i)
        if (visible(start, nodes_[i])) search_.offer(i, g + length(nodes_[i] - start), h(i), u);
      continue;
    }
    if (to_goal_[u] >= 0.0) search_.offer(t, g + to_goal_[u], 0.0, u);
    for (std::uint32_t a = first_[u]; a < first_[u + 1]; ++a) search_.offer(arcs_[a].to, g + arcs_[a].cost, h(arcs_[a].to), u);
  }
  if (!reached) return out;
  out.found = true;
  out.length = search_.g(t);
  for (std::uint32_t i = t; i != NodeAstar::kNone; i = search_.parent(i)) out.points.push_back(node_point(i));
  std::reverse(out.points.begin(), out.points.end());
  return out;
}

}  // namespace racer
