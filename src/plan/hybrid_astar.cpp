#include "plan/hybrid_astar.h"

// Sections: arcs | the heuristic's grid | the search | the path

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numbers>
#include <queue>

namespace racer {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
constexpr double kInf = std::numeric_limits<double>::infinity();

// ---------------------------------------------------------------- arcs

// The pose after driving `s` m (signed: < 0 in reverse) along an arc of curvature `kappa`
// (1/m, + = turning left when driving forwards) from `p`. The reference point moves on a
// circle of radius 1/|kappa| whichever way the car drives.
HybridPose drive_arc(const HybridPose& p, double kappa, double s) {
  HybridPose q = p;
  if (std::abs(kappa) < 1e-12) {
    q.position = p.position + Vec2{std::cos(p.heading), std::sin(p.heading)} * s;
    return q;
  }
  const double h1 = p.heading + s * kappa;
  q.position.x = p.position.x + (std::sin(h1) - std::sin(p.heading)) / kappa;
  q.position.y = p.position.y + (std::cos(p.heading) - std::cos(h1)) / kappa;
  q.heading = h1;
  return q;
}

double wrap_pi(double a) {
  a = std::fmod(a, kTwoPi);
  if (a > std::numbers::pi) a -= kTwoPi;
  if (a <= -std::numbers::pi) a += kTwoPi;
  return a;
}

bool in_area(const HybridAStarParams& p, Vec2 q) {
  return q.x >= p.lo.x && q.y >= p.lo.y && q.x <= p.hi.x && q.y <= p.hi.y;
}

bool in_goal(const HybridAStarParams& p, const HybridPose& q, const HybridPose& goal) {
  return length_squared(q.position - goal.position) <= p.goal_tolerance * p.goal_tolerance &&
         std::abs(wrap_pi(q.heading - goal.heading)) <= p.goal_heading_tolerance;
}

}  // namespace

// ---------------------------------------------------------------- the heuristic's grid

// Dijkstra from the goal's cell over the free cells, 8-connected, in metres.
void HybridAStar::heuristic_grid(const HybridAStarParams& p, Vec2 goal, const PoseFree& pose_free,
                                 const PointFree& point_free) {
  const std::size_t n = static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_rows_);
  std::vector<std::uint8_t> free(n, 0);
  for (int y = 0; y < h_rows_; ++y)
    for (int x = 0; x < w_; ++x) {
      const Vec2 c = p.lo + Vec2{(x + 0.5) * p.cell, (y + 0.5) * p.cell};
      bool ok = false;
      if (point_free) {
        ok = point_free(c.x, c.y);
      } else {
        for (int k = 0; k < 16 && !ok; ++k) ok = pose_free(c.x, c.y, k * kTwoPi / 16.0);
      }
      free[static_cast<std::size_t>(y) * static_cast<std::size_t>(w_) + static_cast<std::size_t>(x)] = ok ? 1 : 0;
    }
  h_.assign(n, kInf);
  const int gx = std::clamp(static_cast<int>(std::floor((goal.x - p.lo.x) / p.cell)), 0, w_ - 1);
  const int gy = std::clamp(static_cast<int>(std::floor((goal.y - p.lo.y) / p.cell)), 0, h_rows_ - 1);
  // (distance, cell) entries: smallest first, then lowest cell
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  const int g = gy * w_ + gx;
  h_[static_cast<std::size_t>(g)] = 0.0;
  open.push({0.0, g});
  const double diagonal = p.cell * std::numbers::sqrt2;
  while (!open.empty()) {
    const auto [d, c] = open.top();
    open.pop();
    if (d > h_[static_cast<std::size_t>(c)]) continue;
    const int cx = c % w_, cy = c / w_;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        if (dx == 0 && dy == 0) continue;
        const int x = cx + dx, y = cy + dy;
        if (x < 0 || y < 0 || x >= w_ || y >= h_rows_) continue;
        const std::size_t k = static_cast<std::size_t>(y * w_ + x);
        if (!free[k]) continue;
        const double nd = d + (dx != 0 && dy != 0 ? diagonal : p.cell);
        if (nd < h_[k]) {
          h_[k] = nd;
          open.push({nd, y * w_ + x});
        }
      }
  }
}

// max(Euclidean, the grid distance of q's cell); a cell the grid never reached takes its
// best neighbour's plus a diagonal (a node may stand in a cell whose centre is not free);
// +infinity when none reached: the goal cannot be reached from there.
double HybridAStar::heuristic(const HybridAStarParams& p, const HybridPose& pose, const HybridPose& goal_pose) const {
  const Vec2 q = pose.position, goal = goal_pose.position;
  const int cx = static_cast<int>(std::floor((q.x - p.lo.x) / p.cell));
  const int cy = static_cast<int>(std::floor((q.y - p.lo.y) / p.cell));
  double grid = kInf;
  if (cx >= 0 && cy >= 0 && cx < w_ && cy < h_rows_) grid = h_[static_cast<std::size_t>(cy * w_ + cx)];
  if (grid == kInf) {
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int x = cx + dx, y = cy + dy;
        if (x < 0 || y < 0 || x >= w_ || y >= h_rows_) continue;
        grid = std::min(grid, h_[static_cast<std::size_t>(y * w_ + x)] + p.cell * std::numbers::sqrt2);
      }
    if (grid == kInf) return kInf;
  }
  // Every metre turns the heading by at most 1/R: the heading still to turn (beyond the
  // goal's tolerance) needs at least R times it in metres.
  const double turn = std::max(0.0, std::abs(wrap_pi(goal_pose.heading - pose.heading)) - p.goal_heading_tolerance);
  return p.heuristic_weight * std::max({length(q - goal), grid, p.min_turn_radius * turn});
}

// ---------------------------------------------------------------- the search

HybridPath HybridAStar::plan(const HybridAStarParams& p, const HybridPose& start, const HybridPose& goal,
                             const PoseFree& pose_free, const PointFree& point_free, const PoseCost& pose_cost) {
  begin(p, start, goal, pose_free, point_free);
  while (!advance(std::numeric_limits<int>::max(), pose_free, pose_cost)) {
  }
  return result();
}

std::size_t HybridAStar::state_of(const HybridPose& q) const {
  const int cx = std::clamp(static_cast<int>(std::floor((q.position.x - p_.lo.x) / p_.cell)), 0, w_ - 1);
  const int cy = std::clamp(static_cast<int>(std::floor((q.position.y - p_.lo.y) / p_.cell)), 0, h_rows_ - 1);
  double a = std::fmod(q.heading, kTwoPi);
  if (a < 0.0) a += kTwoPi;
  const int b = std::min(p_.heading_bins - 1, static_cast<int>(a / kTwoPi * p_.heading_bins));
  return (static_cast<std::size_t>(cy) * static_cast<std::size_t>(w_) + static_cast<std::size_t>(cx)) *
             static_cast<std::size_t>(p_.heading_bins) +
         static_cast<std::size_t>(b);
}

void HybridAStar::begin(const HybridAStarParams& p, const HybridPose& start, const HybridPose& goal,
                        const PoseFree& pose_free, const PointFree& point_free) {
  assert(p.min_turn_radius > 0.0 && p.step > p.cell * std::numbers::sqrt2 && p.collision_step > 0.0);
  assert(p.heading_bins >= 4 && p.hi.x > p.lo.x && p.hi.y > p.lo.y);
  p_ = p;
  start_ = start;
  goal_ = goal;
  nodes_.clear();
  open_.clear();
  reached_ = -1;
  expansions_ = 0;
  searching_ = false;
  status_ = HybridStatus::start_blocked;
  if (!in_area(p, start.position) || !pose_free(start.position.x, start.position.y, start.heading)) return;
  w_ = std::max(1, static_cast<int>(std::ceil((p.hi.x - p.lo.x) / p.cell)));
  h_rows_ = std::max(1, static_cast<int>(std::ceil((p.hi.y - p.lo.y) / p.cell)));
  heuristic_grid(p, goal.position, pose_free, point_free);
  const std::size_t states = static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_rows_) *
                             static_cast<std::size_t>(p.heading_bins);
  if (closed_.size() < states) closed_.resize(states, 0);
  if (++generation_ == 0) {  // the stamps wrapped: clear them once
    std::fill(closed_.begin(), closed_.end(), 0u);
    generation_ = 1;
  }
  locks_ = {0.0, 1.0, -1.0};
  if (p.half_lock) locks_.insert(locks_.end(), {0.5, -0.5});
  substeps_ = std::max(1, static_cast<int>(std::ceil(p.step / p.collision_step)));
  sub_ = p.step / substeps_;
  nodes_.push_back({start, 0.0, -1, 0});
  status_ = HybridStatus::not_found;
  const double h0 = heuristic(p, start, goal);
  if (h0 == kInf) return;
  open_.push_back({h0, 0});
  if (in_goal(p, start, goal)) {
    reached_ = 0;
    status_ = HybridStatus::found;
    return;
  }
  searching_ = true;
}

bool HybridAStar::advance(int budget, const PoseFree& pose_free, const PoseCost& pose_cost) {
  assert(budget > 0);
  for (int spent = 0; searching_ && spent < budget;) {
    if (open_.empty()) {  // not_found: the reachable set is exhausted
      searching_ = false;
      break;
    }
    std::pop_heap(open_.begin(), open_.end(), std::greater<>{});
    const int id = open_.back().second;
    open_.pop_back();
    const std::size_t state = state_of(nodes_[static_cast<std::size_t>(id)].pose);
    if (closed_[state] == generation_) continue;
    closed_[state] = generation_;
    if (expansions_ >= p_.max_expansions) {
      status_ = HybridStatus::limit_reached;
      searching_ = false;
      break;
    }
    expansions_ += 1;
    spent += 1;
    expand(id, pose_free, pose_cost);
    if (reached_ >= 0) {
      status_ = HybridStatus::found;
      searching_ = false;
    }
  }
  return !searching_;
}

// Every move from node `id` that stays free: a new node (or reached_, inside the goal region).
void HybridAStar::expand(int id, const PoseFree& pose_free, const PoseCost& pose_cost) {
  const HybridAStarParams& p = p_;
  const Node from = nodes_[static_cast<std::size_t>(id)];
  for (int dir = 0; dir < (p.allow_reverse ? 2 : 1); ++dir) {
    const bool reverse = dir == 1;
    for (int li = 0; li < static_cast<int>(locks_.size()); ++li) {
      const double kappa = locks_[static_cast<std::size_t>(li)] / p.min_turn_radius;
      HybridPose q = from.pose;
      bool ok = true;
      for (int k = 1; k <= substeps_ && ok; ++k) {
        q = drive_arc(from.pose, kappa, (reverse ? -sub_ : sub_) * k);
        ok = in_area(p, q.position) && pose_free(q.position.x, q.position.y, q.heading);
      }
      if (!ok) continue;
      q.heading = wrap_pi(q.heading);
      q.reverse = reverse;
      if (closed_[state_of(q)] == generation_) continue;
      const double h = heuristic(p, q, goal_);
      if (h == kInf) continue;
      double g = from.g + p.step * (reverse ? p.reverse_factor : 1.0) +
                 p.steer_penalty * p.step * std::abs(locks_[static_cast<std::size_t>(li)]);
      if (pose_cost) g += p.step * pose_cost(q.position.x, q.position.y, q.heading);
      if (id != 0 && from.pose.reverse != reverse) g += p.switch_penalty;
      const int child = static_cast<int>(nodes_.size());
      nodes_.push_back({q, g, id, li});
      if (in_goal(p, q, goal_)) {
        reached_ = child;
        return;
      }
      open_.push_back({g + h, child});
      std::push_heap(open_.begin(), open_.end(), std::greater<>{});
    }
  }
}

// ---------------------------------------------------------------- the path

HybridPath HybridAStar::result() const {
  HybridPath out;
  out.status = status_;
  out.expansions = expansions_;
  if (status_ != HybridStatus::found || searching_) {
    if (searching_) out.status = HybridStatus::not_found;
    return out;
  }
  std::vector<int> chain;
  for (int k = reached_; k >= 0; k = nodes_[static_cast<std::size_t>(k)].parent) chain.push_back(k);
  std::reverse(chain.begin(), chain.end());
  out.cost = nodes_[static_cast<std::size_t>(reached_)].g;
  HybridPose first = start_;
  first.reverse = chain.size() > 1 ? nodes_[static_cast<std::size_t>(chain[1])].pose.reverse : false;
  out.poses.push_back(first);
  for (std::size_t k = 1; k < chain.size(); ++k) {
    const Node& parent = nodes_[static_cast<std::size_t>(chain[k - 1])];
    const Node& n = nodes_[static_cast<std::size_t>(chain[k])];
    const double kappa = locks_[static_cast<std::size_t>(n.lock)] / p_.min_turn_radius;
    for (int j = 1; j <= substeps_; ++j) {
      HybridPose q = drive_arc(parent.pose, kappa, (n.pose.reverse ? -sub_ : sub_) * j);
      q.heading = wrap_pi(q.heading);
      q.reverse = n.pose.reverse;
      out.poses.push_back(q);
    }
    out.length += p_.step;
    if (k > 1 && parent.pose.reverse != n.pose.reverse) out.switches += 1;
  }
  return out;
}

}  // namespace racer
