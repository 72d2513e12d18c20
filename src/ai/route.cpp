#include "ai/route.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

#include "core/math.h"
#include "track/track.h"

namespace racer {

// ---------------------------------------------------------------- corridor of a route

namespace {

constexpr double kMarchStep = 0.25;  // m, along a sample's normal
// m two branches may overlap where one rejoins the loop and the next leaves it: their fork
// points projected on the loop may differ by this much when they share a control point
constexpr double kForkSlack = 1.0;

bool free_at(const Track& track, Vec2 p) {
  if (!track.on_road(p)) return false;
  int x = 0, y = 0;
  track.cost_grid().cell_of(p, x, y);
  return track.cost_grid().drivable(x, y);
}

// p within `pad` m of a static obstacle's footprint.
bool near_obstacle(const Track& track, Vec2 p, double pad) {
  for (const ObstacleSpec& o : track.obstacles()) {
    const Vec2 d = p - o.position;
    if (o.shape == ObstacleShape::Circle) {
      if (length_squared(d) <= square(o.radius + pad)) return true;
      continue;
    }
    const Vec2 ax = from_angle(o.angle);
    if (std::abs(dot(d, ax)) <= o.half_length + pad && std::abs(dot(d, perp(ax))) <= o.half_width + pad) return true;
  }
  return false;
}

// free_at as if no static obstacle stood on the road: the cost grid's cells on and round an
// obstacle (within a cell and a half of its footprint) count as free. Where no obstacle is
// near, exactly free_at.
bool open_at(const Track& track, Vec2 p) {
  if (!track.on_road(p)) return false;
  int x = 0, y = 0;
  track.cost_grid().cell_of(p, x, y);
  return track.cost_grid().drivable(x, y) || near_obstacle(track, p, 1.5 * track.cost_grid().cell_size());
}

/// m of free road (`free`: free_at or open_at) from `from` along `dir`, up to `limit`.
double march(const Track& track, Vec2 from, Vec2 dir, double limit, bool (*free)(const Track&, Vec2) = free_at) {
  double d = 0.0;
  while (d + kMarchStep <= limit && free(track, from + dir * (d + kMarchStep))) d += kMarchStep;
  return d;
}

/// The lateral span [lo, hi] (m along sample `c`'s normal from its centre) that obstacle `o`
/// takes within `half_window` m either way of the sample along the road; false: none of it
/// lies there. A box's span is its corners' (a little wide for a box set at an angle).
bool obstacle_span(const ObstacleSpec& o, const CorridorSample& c, double half_window, double& lo, double& hi) {
  const Vec2 along{c.normal.y, -c.normal.x};  // the road's direction (the normal is to its left)
  const Vec2 d = o.position - c.centre;
  if (o.shape == ObstacleShape::Circle) {
    lo = dot(d, c.normal) - o.radius, hi = dot(d, c.normal) + o.radius;
    return std::abs(dot(d, along)) <= half_window + o.radius;
  }
  const Vec2 ax = from_angle(o.angle), ay = perp(ax);
  double a_lo = 1e18, a_hi = -1e18;
  lo = 1e18, hi = -1e18;
  for (const double sx : {-1.0, 1.0})
    for (const double sy : {-1.0, 1.0}) {
      const Vec2 p = d + ax * (sx * o.half_length) + ay * (sy * o.half_width);
      a_lo = std::min(a_lo, dot(p, along)), a_hi = std::max(a_hi, dot(p, along));
      lo = std::min(lo, dot(p, c.normal)), hi = std::max(hi, dot(p, c.normal));
    }
  return a_lo <= half_window && a_hi >= -half_window;
}

/// Cuts sample `c`'s room by every obstacle within `half_window` m of it along the road that
/// lies wholly on one side of its centre (one across the centre is the march's: a blocked
/// centre). The march along the normal alone misses an obstacle that falls between two
/// samples (Quarry Stage's tyre stack, 1.8 m across, between samples 2 m apart: cars on a
/// lane beside it hit it).
void cut_by_footprints(const Track& track, CorridorSample& c, double half_window) {
  for (const ObstacleSpec& o : track.obstacles()) {
    double lo = 0.0, hi = 0.0;
    if (!obstacle_span(o, c, half_window, lo, hi)) continue;
    if (lo > 0.0) c.left = std::max(0.0, std::min(c.left, lo));
    else if (hi < 0.0) c.right = std::max(0.0, std::min(c.right, -hi));
  }
}

/// Shrinks one sample to its free road: obstacles cut the room (the march along its normal,
/// then the footprints within `half_window` m of it along the road); a blocked centre moves
/// to the wider free interval across the road.
CorridorSample cut_obstacles(const Track& track, CorridorSample c, double half_window) {
  const double half_span = std::max(c.left, c.right);
  if (free_at(track, c.centre)) {
    c.left = march(track, c.centre, c.normal, c.left);
    c.right = march(track, c.centre, -c.normal, c.right);
    cut_by_footprints(track, c, half_window);
    return c;
  }
  // Blocked centre: find the widest free interval in [-right, left].
  double best_lo = 0.0, best_hi = 0.0, lo = 0.0;
  bool in_free = false;
  for (double u = -c.right; u <= c.left + 1e-9; u += kMarchStep) {
    const bool f = free_at(track, c.centre + c.normal * u);
    if (f && !in_free) lo = u;
    if (!f && in_free && u - kMarchStep - lo > best_hi - best_lo) best_lo = lo, best_hi = u - kMarchStep;
    in_free = f;
  }
  if (in_free && c.left - lo > best_hi - best_lo) best_lo = lo, best_hi = c.left;
  (void)half_span;
  if (best_hi - best_lo <= 0.0) return c;  // nothing free: leave it (the track validator forbids this)
  const double mid = 0.5 * (best_lo + best_hi);
  c.centre = c.centre + c.normal * mid;
  c.left = best_hi - mid;
  c.right = mid - best_lo;
  cut_by_footprints(track, c, half_window);
  return c;
}

CorridorSample sample_of(const CentreSample& cs) {
  const double nl = length(cs.normal);
  const Vec2 normal = nl > 0.0 ? cs.normal / nl : perp(cs.tangent);
  return {cs.position, normal, 0.5 * cs.width, 0.5 * cs.width};
}

}  // namespace

BranchSpan branch_span(const Track& track, int branch) {
  const Centreline& main = track.centreline();
  const Centreline& b = track.branches()[static_cast<std::size_t>(branch)];
  BranchSpan span;
  span.leaves = main.project(b.samples().front().position).s;
  span.rejoins = main.project(b.samples().back().position).s;
  span.skipped = std::fmod(span.rejoins - span.leaves + 2.0 * main.length(), main.length());
  return span;
}

std::string branch_name(const Track& track, int branch) {
  const std::string& name = track.spec().branches[static_cast<std::size_t>(branch)].name;
  return name.empty() ? "branch " + std::to_string(branch + 1) : name;
}

bool branches_compatible(const Track& track, const std::vector<int>& branches) {
  const double total = track.centreline().length();
  for (std::size_t i = 0; i < branches.size(); ++i)
    for (std::size_t j = 0; j < branches.size(); ++j) {
      if (i == j) continue;
      const BranchSpan a = branch_span(track, branches[i]), b = branch_span(track, branches[j]);
      // b must leave at or after a rejoins and before a leaves again (going forwards).
      const double from_a_out = std::fmod(b.leaves - a.leaves + 2.0 * total, total);
      if (from_a_out < a.skipped - kForkSlack) return false;
    }
  return true;
}

std::vector<CorridorSample> route_corridor(const Track& track, int branch, double spacing) {
  if (branch < 0 || branch >= static_cast<int>(track.branches().size()))
    return route_corridor(track, std::vector<int>{}, spacing);
  return route_corridor(track, std::vector<int>{branch}, spacing);
}

std::vector<CorridorSample> route_corridor(const Track& track, std::vector<int> branches, double spacing) {
  std::vector<CorridorSample> out = road_corridor(track, std::move(branches), spacing);
  for (CorridorSample& c : out) c = cut_obstacles(track, c, 0.5 * spacing);
  return out;
}

std::vector<CorridorSample> road_corridor(const Track& track, std::vector<int> branches, double spacing) {
  const Centreline& main = track.centreline();
  std::vector<CorridorSample> out;
  const double total = main.length();
  if (branches.empty()) {
    out = corridor_from_centreline(main, spacing);
  } else {
    assert(branches_compatible(track, branches));
    std::sort(branches.begin(), branches.end(),
              [&](int a, int b) { return branch_span(track, a).leaves < branch_span(track, b).leaves; });
    // From each branch's rejoining point along the loop to where the next one leaves, then
    // that branch: the last branch first, so a single branch's corridor starts where it rejoins.
    for (std::size_t k = 0; k < branches.size(); ++k) {
      const BranchSpan prev = branch_span(track, branches[(k + branches.size() - 1) % branches.size()]);
      const BranchSpan next = branch_span(track, branches[k]);
      double kept = next.leaves - prev.rejoins;  // loop part kept
      if (kept < 0.0) kept += total;
      if (kept >= spacing) {
        const auto n_main = static_cast<int>(std::max(2.0, std::round(kept / spacing)));
        for (int i = 0; i < n_main; ++i) out.push_back(sample_of(main.at(prev.rejoins + kept * i / n_main)));
      }
      const Centreline& b = track.branches()[static_cast<std::size_t>(branches[k])];
      const auto n_branch = static_cast<int>(std::max(2.0, std::round(b.length() / spacing)));
      for (int i = 0; i < n_branch; ++i) out.push_back(sample_of(b.at(b.length() * i / n_branch)));
    }
  }
  return out;
}

// ---------------------------------------------------------------- AiRoute and plan_route

namespace {

constexpr double kLaneSplit = 1.35;  // m from the road's middle to a lane's inner bound: a half width and 0.45 m
// m from the racing line to a let-by lane's inner bound: the passer's half width on its line,
// ours, and 2.2 m of daylight for its line wandering and ours
constexpr double kLetByApart = 4.0;
constexpr int kSetsTried = 3;  // sets of two or more branches built and timed, by their estimated saving

/// m between corridor parameters a and b on a loop of m samples.
double loop_gap(double a, double b, double m) {
  const double d = std::fmod(std::abs(a - b), m);
  return std::min(d, m - d);
}

/// The lane on `side` (+1 left) of `corridor`: the minimum-curvature line kept beyond
/// `inner` (per corridor sample, an offset from its centre: the lane keeps to offsets above
/// it on the left, below it on the right; where the road ends first, at its edge), read
/// abreast of every sample of `line`.
PassingLane passing_lane(const std::vector<CorridorSample>& corridor, const std::vector<double>& inner,
                         const RacingLine& line, const Path& path, int side, double margin) {
  std::vector<CorridorSample> half = corridor;
  for (std::size_t i = 0; i < half.size(); ++i) {
    CorridorSample& c = half[i];
    if (side > 0) c.right = std::max(margin - inner[i], margin - (c.left - margin));  // offsets >= inner
    else c.left = std::max(inner[i] + margin, margin - (c.right - margin));           // offsets <= inner
  }
  RacingLineParams lp;
  lp.margin = margin;
  PassingLane lane;
  lane.line = compute_racing_line(half, lp);
  const RacingLine& l = lane.line;
  const std::size_t n = line.size(), k = l.size();
  const auto m = static_cast<double>(corridor.size());
  lane.offset.assign(n, 0.0);
  lane.lane_s.assign(n, 0.0);
  if (k < 2 || line.corridor_u.size() != n || l.corridor_u.size() != k) return lane;
  std::size_t j = 0;  // the lane sample abreast (nearest in corridor parameter), walked forward
  for (std::size_t t = 1; t < k; ++t)
    if (loop_gap(l.corridor_u[t], line.corridor_u[0], m) < loop_gap(l.corridor_u[j], line.corridor_u[0], m)) j = t;
  for (std::size_t i = 0; i < n; ++i) {
    const double u = line.corridor_u[i];
    for (std::size_t step = 0; step < k && loop_gap(l.corridor_u[(j + 1) % k], u, m) < loop_gap(l.corridor_u[j], u, m);
         ++step)
      j = (j + 1) % k;
    // Abreast: the lane point on the racing line's normal (one correction along the tangent).
    const PathSample at = path.at(line.s[i]);
    double ls = l.s[j] - dot(l.points[j] - at.position, at.tangent);
    ls = std::fmod(ls + l.length, l.length);
    lane.lane_s[i] = ls;
    lane.offset[i] = dot(l.position_at(ls) - at.position, at.normal);
  }
  return lane;
}

// The corridor a route was planned in, and its racing line's offset at each sample (its
// lanes are planned in it).
struct RouteCorridor {
  std::vector<CorridorSample> samples;
  std::vector<double> line_offset;  // m from each sample's centre (+ = left)
};

// m from each sample's centre of `corridor` (route_corridor's, obstacles cut out) to the
// road's edges as if no static obstacle stood on it: the same marches along the samples of
// road_corridor, with open_at; equal to the sample's own room where no obstacle is near.
struct OpenRoom {
  double left = 0.0, right = 0.0;
};
std::vector<OpenRoom> open_room(const Track& track, const std::vector<int>& branches,
                                const std::vector<CorridorSample>& corridor) {
  const std::vector<CorridorSample> road = road_corridor(track, branches);
  assert(road.size() == corridor.size());
  std::vector<OpenRoom> out(corridor.size());
  for (std::size_t k = 0; k < corridor.size(); ++k) {
    const CorridorSample& c = road[k];
    if (track.obstacles().empty()) {
      out[k] = {corridor[k].left, corridor[k].right};
      continue;
    }
    const double shift = dot(corridor[k].centre - c.centre, c.normal);  // the cut sample's centre, moved off a blocked one
    out[k].left = march(track, c.centre, c.normal, c.left, open_at) - shift;
    out[k].right = march(track, c.centre, -c.normal, c.right, open_at) + shift;
  }
  return out;
}

// The route through `branches`, and in `planned`, the corridor it was planned in.
AiRoute build(const Track& track, const CarEnvelope& env, const std::vector<int>& branches, double margin,
              RouteCorridor& planned) {
  AiRoute r;
  r.branches = branches;
  r.envelope = env;
  planned.samples = route_corridor(track, branches);
  const std::vector<CorridorSample>& corridor = planned.samples;
  RacingLineParams lp;
  lp.margin = margin;
  r.line = compute_racing_line(corridor, lp, &planned.line_offset);
  r.path = Path(r.line.points, r.line.curvature, true);
  const std::size_t n = r.line.size();
  r.room_left.assign(n, 0.0);
  r.room_right.assign(n, 0.0);
  r.open_left.assign(n, 0.0);
  r.open_right.assign(n, 0.0);
  const std::size_t m = corridor.size();
  const std::vector<OpenRoom> open = open_room(track, branches, corridor);
  for (std::size_t i = 0; i < n; ++i) {
    // Room from the corridor sample the line point came from (interpolated).
    double u = r.line.corridor_u.empty() ? 0.0 : r.line.corridor_u[i];
    u = std::fmod(std::max(u, 0.0), static_cast<double>(m));
    const auto a = static_cast<std::size_t>(u) % m;
    const std::size_t b2 = (a + 1) % m;
    const double t = u - std::floor(u);
    const double left = lerp(corridor[a].left, corridor[b2].left, t);
    const double right = lerp(corridor[a].right, corridor[b2].right, t);
    const double off = r.line.offset.empty() ? 0.0 : r.line.offset[i];
    r.room_left[i] = std::max(0.0, left - off - margin);
    r.room_right[i] = std::max(0.0, right + off - margin);
    r.open_left[i] = std::max(r.room_left[i], lerp(open[a].left, open[b2].left, t) - off - margin);
    r.open_right[i] = std::max(r.room_right[i], lerp(open[a].right, open[b2].right, t) + off - margin);
  }
  r.limit = compute_speed_profile(r.line, env, track);
  r.limit_lap_time = r.limit.lap_time;
  return r;
}

/// Sets of two or more branches that can be driven in one lap (each rejoins the loop before
/// the next leaves it), each branch saving time alone, the `count` with the largest summed
/// saving first. A lap's limit time is nearly the sum of its parts, so a set saves about
/// what its branches save alone; only the sets picked here are built and timed.
std::vector<std::vector<int>> promising_sets(const Track& track, const std::vector<double>& saving, int count) {
  std::vector<int> useful;
  for (int b = 0; b < static_cast<int>(saving.size()); ++b)
    if (saving[static_cast<std::size_t>(b)] > 0.0) useful.push_back(b);
  const std::size_t n = useful.size();
  std::vector<std::vector<char>> pair_ok(n, std::vector<char>(n, 1));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      pair_ok[i][j] = pair_ok[j][i] = branches_compatible(track, {useful[i], useful[j]}) ? 1 : 0;
  std::vector<std::pair<double, std::vector<int>>> sets;
  for (std::uint32_t mask = 1; mask < (1u << n); ++mask) {
    if (std::popcount(mask) < 2) continue;
    std::vector<int> set;
    double total = 0.0;
    bool ok = true;
    for (std::size_t i = 0; i < n && ok; ++i) {
      if (!(mask & (1u << i))) continue;
      for (std::size_t j = 0; j < i && ok; ++j)
        if ((mask & (1u << j)) && !pair_ok[i][j]) ok = false;
      set.push_back(useful[i]);
      total += saving[static_cast<std::size_t>(useful[i])];
    }
    if (ok) sets.emplace_back(total, std::move(set));
  }
  std::stable_sort(sets.begin(), sets.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::vector<int>> out;
  for (std::size_t k = 0; k < sets.size() && static_cast<int>(k) < count; ++k) out.push_back(sets[k].second);
  return out;
}

}  // namespace

std::shared_ptr<const AiRoute> plan_route(const Track& track, const CarSpec& car, double margin) {
  return plan_route(track, car_envelope(car), margin);
}

std::shared_ptr<const AiRoute> plan_route(const Track& track, const CarEnvelope& env, double margin) {
  RouteCorridor planned, tried;
  AiRoute best = build(track, env, {}, margin, planned);
  const double main_time = best.limit_lap_time;
  std::vector<double> times{main_time};
  const auto n_branches = static_cast<int>(track.branches().size());
  std::vector<double> saving(static_cast<std::size_t>(n_branches), 0.0);
  const auto consider = [&](const std::vector<int>& branches) {
    AiRoute r = build(track, env, branches, margin, tried);
    times.push_back(r.limit_lap_time);
    if (branches.size() == 1) saving[static_cast<std::size_t>(branches[0])] = main_time - r.limit_lap_time;
    if (r.limit_lap_time < best.limit_lap_time) {
      best = std::move(r);
      planned = std::move(tried);
    }
  };
  for (int b = 0; b < n_branches; ++b) consider({b});
  for (const std::vector<int>& set : promising_sets(track, saving, kSetsTried)) consider(set);
  best.candidate_lap_times = times;
  const std::vector<CorridorSample>& corridor = planned.samples;
  // The passing lanes, each kLaneSplit beyond the road's middle.
  std::vector<double> inner_left(corridor.size()), inner_right(corridor.size());
  for (std::size_t i = 0; i < corridor.size(); ++i) {
    const double mid = 0.5 * (corridor[i].left - corridor[i].right);  // the road's middle, as an offset (+ = left)
    inner_left[i] = mid + kLaneSplit, inner_right[i] = mid - kLaneSplit;
  }
  best.lane_left = passing_lane(corridor, inner_left, best.line, best.path, +1, margin);
  best.lane_right = passing_lane(corridor, inner_right, best.line, best.path, -1, margin);
  // The let-by lanes, each kLetByApart beyond the racing line.
  for (std::size_t i = 0; i < corridor.size(); ++i) {
    const double line = planned.line_offset[i];
    inner_left[i] = line + kLetByApart, inner_right[i] = line - kLetByApart;
  }
  best.let_by_left = passing_lane(corridor, inner_left, best.line, best.path, +1, margin);
  best.let_by_right = passing_lane(corridor, inner_right, best.line, best.path, -1, margin);
  return std::make_shared<const AiRoute>(std::move(best));
}

}  // namespace racer
