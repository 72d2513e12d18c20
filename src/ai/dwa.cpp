// DWA planner (see dwa.h): the decision. One call to DwaPlanner::decide runs, in order:
//   1. stall and escape timers
//   2. broad phase, then the dynamic window (with its braking-distance limit)
//   3. lookahead target and passing side (choose_target), or the most open direction
//   4. score weights (anti-stall)
//   5. samples, traced best bound first
//   6. fallback when nothing is admissible: hardest braking, least-bad yaw rate
// With a road (DwaInput::road) and a preferred arc, arcs leaving the road by more than the
// preferred one count as colliding from the first check point beyond it (road_limit).
// The parts it uses live beside it (shared through ai/dwa_internal.h): dwa_geometry.cpp
// (distances, DwaObstacle), dwa_arcs.cpp (arcs), dwa_sweep.cpp (the swept-disc check),
// dwa_polyline.cpp (stations, corridor intervals).
//
// Anti-stall. Seed 004 notes that a high clearance weight makes the car "jitter in place"
// in front of an obstacle (every forward arc scores low, the speed collapses, the yaw
// samples sway it left and right) and adds a longitudinal term multiplied by a speedAlive
// factor (current speed / target speed). That factor vanishes exactly when the car has
// stopped, and nothing in it stops the sway or moves the goal off the obstacle (in the
// seed's own scene the reference line runs through the barrier's end, so the heading term
// keeps pulling the car into it). Here:
//   - alive: the speed weight grows as the car slows (w_speed + w_alive (1 - v/alive_speed))
//     and the clearance weight shrinks by up to half; the hard collision check keeps it safe.
//   - side: the lookahead target is shifted along the waypoints' normal out of the
//     (inflated) obstacles ahead, to the side needing the smaller shift over a corridor
//     reaching past the horizon; the side is kept with hysteresis until the road ahead is
//     clear, and arcs moving towards it get a small bonus. This removes the sway.
//   - escape: stalled (v < stall_speed) for escape_after seconds, the car switches side and
//     for escape_time seconds scores heading at a quarter weight and speed at full alive
//     weight, so it drives out along the obstacle instead of waiting in front of it.
#include "ai/dwa.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "ai/dwa_internal.h"
#include "core/math.h"

namespace racer {

using dwa_detail::Arc;
using dwa_detail::blocked_interval;
using dwa_detail::kInf;
using dwa_detail::kN;
using dwa_detail::make_arc;
using dwa_detail::make_column;
using dwa_detail::required_shift;
using dwa_detail::Station;
using dwa_detail::station_at;
using dwa_detail::Trace;
using dwa_detail::trace_arc;
using dwa_detail::Walls;

namespace {

// m the arc leaves the road by at its worst, at kWallChecks points along it.
double worst_off_road(const Arc& arc, const DwaRoad& road) {
  constexpr int stride = kN / DwaPlanner::kWallChecks;
  std::size_t hint = 0;
  double worst = -kInf;
  for (int k = stride; k <= kN; k += stride) worst = std::max(worst, road.outside(arc.p[static_cast<std::size_t>(k)], hint));
  return worst;
}

// s at which the arc is first found beyond the road by more than `limit` m (at the same
// points, timed like a wall contact: the check point before), infinity when never.
double off_road_time(const Arc& arc, const DwaRoad& road, double limit) {
  constexpr int stride = kN / DwaPlanner::kWallChecks;
  std::size_t hint = 0;
  for (int k = stride; k <= kN; k += stride)
    if (road.outside(arc.p[static_cast<std::size_t>(k)], hint) > limit) return (k - stride) * arc.dt;
  return kInf;
}

}  // namespace

DwaPlanner::DwaPlanner(DwaParams params) : params_(params) {
  assert(params_.v_samples >= 1 && params_.w_samples >= 1);
  assert(params_.horizon > 0.0 && params_.limits.period > 0.0);
  const auto nw = static_cast<std::size_t>(std::max(params_.w_samples, 1));
  columns_.resize(nw * (kSegments + 1));
  end_dirs_.resize(nw);
}

void DwaPlanner::reset() {
  side_ = 0;
  escapes_ = 0;
  stall_steps_ = 0;
  escape_steps_ = 0;
}

void DwaPlanner::broad_phase(const DwaInput& in, double arc_reach, double corridor_reach) {
  near_.clear();
  ahead_.clear();
  if (near_.capacity() < in.obstacles.size()) {
    near_.reserve(in.obstacles.size());
    ahead_.reserve(in.obstacles.size());
    intervals_.reserve(2 * in.obstacles.size());
  }
  const double T = params_.horizon;
  for (const DwaObstacle& o : in.obstacles) {
    const double d = length(o.centre - in.state.pos) - o.bound_radius();
    const double drift = length(o.velocity) * T;
    if (d - drift <= arc_reach) near_.push_back(&o);
    if (d - 2.0 * drift <= corridor_reach) ahead_.push_back(&o);
  }
}

DwaWindow DwaPlanner::window(const DwaInput& in) {
  const DwaLimits& L = params_.limits;
  const DwaState& s = in.state;
  DwaWindow w;
  w.v_lo = std::max(L.min_speed, s.v - L.decel * L.period);
  w.v_hi = std::min(L.max_speed, s.v + L.accel * L.period);
  if (w.v_lo > w.v_hi) w.v_lo = w.v_hi = std::clamp(s.v - L.decel * L.period, L.min_speed, L.max_speed);
  w.w_lo = std::max(-L.max_yaw_rate, s.omega - L.yaw_accel * L.period);
  w.w_hi = std::min(L.max_yaw_rate, s.omega + L.yaw_accel * L.period);
  if (w.w_lo > w.w_hi) w.w_lo = w.w_hi = std::clamp(s.omega, -L.max_yaw_rate, L.max_yaw_rate);

  // Braking-distance limit along the current arc (straight ahead when nearly stopped):
  // v <= sqrt(2 d a_dec), d the free distance before the disc with margin touches.
  const double probe_len = L.max_speed * L.max_speed / (2.0 * L.decel) + 1.0;
  const double u = std::max(std::abs(s.v), 1.0);
  const double kappa = std::abs(s.v) > 0.1 ? s.omega / s.v : 0.0;
  Arc probe;
  make_arc(s, u, kappa * u, probe_len / u, probe);
  const Trace tr = trace_arc(probe, ahead_, params_.car_radius + params_.margin, 0.0, 0.0, true, Walls(in));
  w.free_distance = std::isfinite(tr.hit_time) ? u * tr.hit_time : probe_len;
  const double v_brake = std::sqrt(2.0 * w.free_distance * L.decel);
  // Curvature and braking limits lower the top of the window, never below what full
  // braking reaches this period (the window never becomes empty).
  const double cap = std::min(v_brake, in.speed_limit);
  w.v_hi = std::max(std::min(w.v_hi, cap), w.v_lo);
  return w;
}

void DwaPlanner::choose_target(const DwaInput& in, DwaDecision& out) {
  const DwaParams& P = params_;
  const DwaState& s = in.state;
  const std::span<const Vec2> wps = in.waypoints;
  if (wps.size() < 2) {
    out.target = wps.empty() ? s.pos + from_angle(s.heading) * P.lookahead_min : wps[0];
    side_ = 0;
    out.side = 0;
    return;
  }
  cumulative_.resize(wps.size());  // grows once to the longest waypoint list
  cumulative_[0] = 0.0;
  for (std::size_t i = 1; i < wps.size(); ++i)
    cumulative_[i] = cumulative_[i - 1] + length(wps[i] - wps[i - 1]);

  const double s_car = polyline_progress(wps, s.pos);
  const double v = std::max(s.v, 0.0);
  const double la = lerp(P.lookahead_min, P.lookahead_max, clamp01(v / P.limits.max_speed));
  lookahead_ = la;
  std::size_t seg = 0;

  // Corridor: stations from the car to past the horizon; at each, the shift
  // along the normal that clears every obstacle (predicted to when the car gets there).
  const double s0 = s_car;
  const double s1 = s_car + la + std::max(v, 8.0) * P.horizon + 6.0;
  const double grow = P.car_radius + P.margin + P.corridor_clearance;
  double cost[2] = {0.0, 0.0};  // [left, right]
  if (!ahead_.empty()) {
    for (int j = 0; j < kStations; ++j) {
      const double sj = lerp(s0, s1, j / static_cast<double>(kStations - 1));
      const Station st = station_at(wps, cumulative_, sj, seg);
      const Vec2 n = perp(st.tangent);
      const double t = std::min((sj - s_car) / std::max(v, 1.0), 2.0 * P.horizon);
      intervals_.clear();
      for (const DwaObstacle* o : ahead_) {
        double lo = 0, hi = 0;
        if (blocked_interval(*o, o->centre + o->velocity * t, st.p, n, grow, lo, hi)) {
          intervals_.push_back(lo);
          intervals_.push_back(hi);
        }
      }
      if (intervals_.empty()) continue;
      cost[0] = std::max(cost[0], required_shift(intervals_, +1));
      cost[1] = std::max(cost[1], required_shift(intervals_, -1));
    }
  }
  auto cost_of = [&](int side) {
    const double c = cost[side > 0 ? 0 : 1];
    return c > P.max_offset ? kInf : c;
  };
  double offset = 0.0;
  if (out.escaping) {
    if (side_ == 0) side_ = 1;
    offset = std::isfinite(cost_of(side_)) ? cost_of(side_) : P.max_offset;
  } else if (cost[0] == 0.0 && cost[1] == 0.0) {
    side_ = 0;  // road ahead clear: forget the side
  } else {
    const int preferred = cost_of(+1) <= cost_of(-1) ? +1 : -1;
    const bool keep = side_ != 0 && std::isfinite(cost_of(side_)) &&
                      cost_of(side_) <= cost_of(-side_) + P.side_hysteresis;
    if (!keep) side_ = std::isfinite(cost_of(preferred)) ? preferred : side_;
    if (side_ != 0 && std::isfinite(cost_of(side_))) offset = cost_of(side_);
  }
  // The target: la ahead, shifted. When the straight line to it crosses an obstacle (the
  // car is beside or in front of one), pull it back towards the car's own station so the
  // heading term points along the way round instead of into the corner.
  const double R = P.car_radius + P.margin;
  auto visible = [&](Vec2 target) {
    for (const DwaObstacle* o : ahead_) {
      if (o->distance(s.pos) < R) continue;  // already inside the margin: cannot judge
      if (dwa_segment_distance(*o, s.pos, target) < R) return false;
    }
    return true;
  };
  constexpr double kPullBack[] = {1.0, 0.66, 0.33, 0.0};
  Vec2 first;
  for (std::size_t k = 0; k < std::size(kPullBack); ++k) {
    seg = 0;
    const Station tgt = station_at(wps, cumulative_, s_car + la * kPullBack[k], seg);
    const Vec2 candidate = tgt.p + perp(tgt.tangent) * (side_ * offset);
    if (k == 0) first = candidate;
    if (side_ == 0 || visible(candidate)) {
      out.target = candidate;
      break;
    }
    out.target = first;  // nothing visible: keep the full lookahead
  }
  out.side = side_;
  out.offset = offset;
}

// The heading term along the path: the arc's end direction against the bearing from its end
// to the lookahead point beyond the end's place on the waypoints, shifted to the side.
double DwaPlanner::path_heading(const DwaInput& in, const DwaDecision& out, Vec2 end, Vec2 end_dir) {
  std::size_t seg = 0;
  const Station st = station_at(in.waypoints, cumulative_, polyline_progress(in.waypoints, end) + lookahead_, seg);
  const Vec2 aim = st.p + perp(st.tangent) * (out.side * out.offset) - end;
  const double d = length(aim);
  return d > 1e-9 ? dot(end_dir, aim / d) : 1.0;
}

DwaDecision DwaPlanner::decide(const DwaInput& in) {
  const DwaParams& P = params_;
  const DwaLimits& L = P.limits;
  const DwaState& s = in.state;
  const double T = P.horizon;
  const double radius = P.car_radius + P.margin;
  DwaDecision out;

  // Phase 1: stall and escape timers.
  const int escape_after = static_cast<int>(std::lround(P.escape_after / L.period));
  if (std::abs(s.v) < P.stall_speed) ++stall_steps_;
  else stall_steps_ = 0;
  if (escape_steps_ > 0) {
    --escape_steps_;
  } else if (stall_steps_ >= escape_after && escape_after > 0) {
    escape_steps_ = static_cast<int>(std::lround(P.escape_time / L.period));
    stall_steps_ = 0;
    // First escape: push on along the committed side; the next one tries the other side.
    if (side_ == 0) side_ = 1;
    else if ((++escapes_ & 1) == 0) side_ = -side_;
  }
  out.escaping = escape_steps_ > 0;

  // Phase 2: broad phase (once per decision), then the dynamic window.
  const double v_reach = std::max(std::abs(s.v) + L.accel * L.period, 1.0);
  const double probe_len = L.max_speed * L.max_speed / (2.0 * L.decel) + 1.0;
  const double arc_reach = v_reach * T + radius + P.clearance_cap;
  const double corridor_reach = std::max(P.lookahead_max + std::max(v_reach, 8.0) * T + 8.0, probe_len) +
                                radius + P.corridor_clearance + P.max_offset;
  broad_phase(in, arc_reach, corridor_reach);
  out.window = window(in);
  const DwaWindow& win = out.window;
  const Walls walls(in);

  // Phase 2b: the caller's own arc (the line it tracks), checked like a sample.
  if (std::isfinite(in.preferred_omega)) {
    Arc arc;
    make_arc(s, win.v_hi, std::clamp(in.preferred_omega, -L.max_yaw_rate, L.max_yaw_rate), T, arc);
    out.preferred_clear = !std::isfinite(trace_arc(arc, near_, radius, 0.0, 0.0, false, walls).hit_time);
    if (in.road != nullptr && !in.road->empty()) out.preferred_off_road = worst_off_road(arc, *in.road);
  }
  // Samples may leave the road by no more than the preferred arc (infinity: no road check).
  const double road_limit = std::isfinite(out.preferred_off_road) ? std::max(out.preferred_off_road, 0.0) + P.road_slack : kInf;
  auto road_hit = [&](const Arc& a) { return std::isfinite(road_limit) ? off_road_time(a, *in.road, road_limit) : kInf; };

  // Phase 3: lookahead target and passing side.
  choose_target(in, out);
  Vec2 to_target = out.target - s.pos;
  Vec2 bearing = length(to_target) > 1e-9 ? to_target / length(to_target) : from_angle(s.heading);
  // Slow and boxed in (the way to the target blocked within a few metres): steer for the
  // most open direction, weighted towards the target. A disc turns in place freely, so
  // the car can always face it; without this, arcs at v ~ 0 all look alike and the
  // heading term keeps the car facing whatever blocks it.
  out.open_heading = false;
  if (std::abs(s.v) < P.open_speed) {
    const double ray_len = P.open_length;
    auto free_along = [&](Vec2 dir) {
      Arc ray;
      make_arc({s.pos, std::atan2(dir.y, dir.x), 0.0, 0.0}, ray_len / T, 0.0, T, ray);
      const Trace tr = trace_arc(ray, ahead_, radius, 0.0, 0.0, true, walls);
      return std::isfinite(tr.hit_time) ? tr.hit_time / T * ray_len : ray_len;
    };
    if (free_along(bearing) < P.open_needed) {
      double best_value = -1.0;
      Vec2 best_dir = bearing;
      for (int k = 0; k < kOpenDirections; ++k) {
        const Vec2 dir = rotate(bearing, 2.0 * kPi * k / kOpenDirections);
        const double value = free_along(dir) / ray_len * (1.0 + dot(dir, bearing)) * 0.5;
        if (value > best_value + 1e-12) {
          best_value = value;
          best_dir = dir;
        }
      }
      bearing = best_dir;
      out.open_heading = true;
    }
  }
  Vec2 path_dir = bearing;
  if (in.waypoints.size() >= 2) {
    std::size_t seg = 0;
    path_dir = station_at(in.waypoints, cumulative_, polyline_progress(in.waypoints, s.pos), seg).tangent;
  }

  // Phase 4: weights (anti-stall).
  const double alive_ref = std::max(std::min({P.alive_speed, in.speed_limit, L.max_speed}), 0.1);
  const double alive = clamp01(1.0 - std::abs(s.v) / alive_ref);
  double wh = P.w_heading;
  const double ws = P.w_speed;
  double wa = P.w_alive * alive;  // on the speed's place inside the window
  double wc = P.w_clearance * (1.0 - 0.5 * alive);
  double wside = out.offset > 0.0 ? P.w_side : 0.0;
  if (out.escaping) {
    wh *= 0.25;
    wa = P.w_alive;
    wside = 3.0 * P.w_side;
  }

  // Phase 5: samples. The score of a sample is known before its arc is traced except for
  // the clearance term (in [0, 1]), so each sample has an upper bound. Samples are traced
  // best bound first and the search stops when no bound reaches the best score found; ties
  // go to the lowest (row, column) index, so the choice is the one an exhaustive scan in
  // row-major order makes (first sample with the highest score).
  const int nv = win.v_hi - win.v_lo > 1e-9 ? P.v_samples : 1;
  const int nw = win.w_hi - win.w_lo > 1e-9 ? P.w_samples : 1;
  out.sample_count = nv * nw;
  out.score = -1.0;
  // Yaw-rate columns once per decision (the arcs are linear in v), built when first needed:
  // all of them for the side term, else only those of traced samples.
  constexpr std::size_t stride = kN + 1;
  auto v_of = [&](int i) { return nv == 1 ? win.v_hi : lerp(win.v_lo, win.v_hi, i / static_cast<double>(nv - 1)); };
  auto w_of = [&](int j) { return nw == 1 ? win.w_hi : lerp(win.w_lo, win.w_hi, j / static_cast<double>(nw - 1)); };
  column_ready_.assign(static_cast<std::size_t>(nw), 0);
  auto column = [&](int j) {
    const auto col = static_cast<std::size_t>(j);
    if (!column_ready_[col]) {
      make_column(s.heading, w_of(j), T, &columns_[col * stride]);
      column_ready_[col] = 1;
    }
    return &columns_[col * stride];
  };
  // Heading along the path: each sample's own end against the waypoints (not while
  // heading for open space, which has no path to follow).
  const bool along = P.heading_along_path && !out.open_heading && in.waypoints.size() >= 2;
  for (int j = 0; j < nw; ++j) {
    end_dirs_[static_cast<std::size_t>(j)] = from_angle(s.heading + w_of(j) * T);
    if (wside > 0.0 || along) column(j);
  }
  const double clearance_bound = std::max(wc, 0.0);  // wc * clearance <= this
  candidates_.clear();
  for (int i = 0; i < nv; ++i) {
    const double v = v_of(i);
    const double speed = v / L.max_speed;
    const double push = nv > 1 ? (v - win.v_lo) / (win.v_hi - win.v_lo) : 0.0;
    for (int j = 0; j < nw; ++j) {
      const auto col = static_cast<std::size_t>(j);
      const double heading = along ? path_heading(in, out, s.pos + column(j)[kN] * v, end_dirs_[col])
                                   : dot(end_dirs_[col], bearing);
      double side = 0.0;
      if (wside > 0.0) {
        const Vec2 end = s.pos + column(j)[kN] * v;  // make_arc's last point
        const double lat = cross(path_dir, end - s.pos) / (L.max_speed * T);
        side = std::clamp(side_ * lat, -1.0, 1.0);
      }
      // The score's sum with the clearance term at its largest: rounding is monotone, so
      // the score (the same sum, term for term) is never above it.
      const double bound = wh * heading + clearance_bound + ws * speed + wa * push + wside * side;
      candidates_.push_back({bound, i * nw + j, heading, speed, push, side});
    }
  }
  // A heap, not a sort: usually only a few samples are taken off it.
  const auto later = [](const Candidate& a, const Candidate& b) {
    return a.bound != b.bound ? a.bound < b.bound : a.index > b.index;
  };
  std::make_heap(candidates_.begin(), candidates_.end(), later);
  if (in.trace != nullptr) {  // every sample starts as pruned at its bound; the search overwrites those it traces
    in.trace->rows = nv, in.trace->columns = nw;
    in.trace->samples.assign(candidates_.size(), {});
    for (const Candidate& c : candidates_)
      in.trace->samples[static_cast<std::size_t>(c.index)] = {v_of(c.index / nw), w_of(c.index % nw), c.bound, kInf, false};
  }
  fallback_hits_.assign(static_cast<std::size_t>(nw), kInf);
  double best = -kInf;
  int best_index = -1;
  Arc arc;
  for (auto end = candidates_.end(); end != candidates_.begin(); --end) {
    std::pop_heap(candidates_.begin(), end, later);
    const Candidate& c = *(end - 1);
    if (c.bound < best) break;  // nothing left can reach the best (a tie can: go on)
    const int i = c.index / nw, j = c.index % nw;
    const double v = v_of(i), w = w_of(j);
    make_arc(s, v, w, T, column(j), arc);
    const double gap_time = v > 1e-9 ? P.clearance_length / v : T;
    Trace tr = trace_arc(arc, near_, radius, P.clearance_cap, gap_time, i == 0, walls);
    if (i == 0 || !std::isfinite(tr.hit_time)) tr.hit_time = std::min(tr.hit_time, road_hit(arc));
    if (std::isfinite(tr.hit_time)) {
      if (i == 0) fallback_hits_[static_cast<std::size_t>(j)] = tr.hit_time;
      if (in.trace != nullptr) in.trace->samples[static_cast<std::size_t>(c.index)] = {v, w, -1.0, tr.hit_time, true};
      continue;
    }
    ++out.admissible_count;
    const double clearance = tr.gap / P.clearance_cap;
    const double score = wh * c.heading + wc * clearance + ws * c.speed + wa * c.push + wside * c.side;
    if (in.trace != nullptr) in.trace->samples[static_cast<std::size_t>(c.index)] = {v, w, score, kInf, true};
    if (score > best || (score == best && c.index < best_index)) {
      best = score;
      best_index = c.index;
      out.v = v;
      out.omega = w;
      out.v_index = i;
      out.w_index = j;
      out.gap = tr.gap;
    }
  }
  if (in.trace != nullptr) {  // display only: score the pruned samples too (the choice is made)
    for (const Candidate& c : candidates_) {
      DwaSampleTrace& t = in.trace->samples[static_cast<std::size_t>(c.index)];
      if (t.traced) continue;
      make_arc(s, t.v, t.omega, T, column(c.index % nw), arc);
      const Trace tr = trace_arc(arc, near_, radius, P.clearance_cap, t.v > 1e-9 ? P.clearance_length / t.v : T, true, walls);
      t.hit_time = std::min(tr.hit_time, road_hit(arc));
      t.score = std::isfinite(t.hit_time)
                    ? -1.0
                    : wh * c.heading + wc * tr.gap / P.clearance_cap + ws * c.speed + wa * c.push + wside * c.side;
    }
  }
  // Least bad among the hardest-braking row (only used when nothing is admissible, and then
  // every sample was traced): latest contact, then the yaw rate nearest the preferred one
  // (straight on without one), in column order: in a bend, straight on is towards the
  // outside wall.
  double fallback_hit = -1.0;
  int fallback_j = 0;
  double fallback_w = kInf;
  const double w_ref = std::isfinite(in.preferred_omega) ? std::clamp(in.preferred_omega, -L.max_yaw_rate, L.max_yaw_rate) : 0.0;
  for (int j = 0; j < nw; ++j) {
    const double hit = fallback_hits_[static_cast<std::size_t>(j)];
    if (!std::isfinite(hit)) continue;
    const double w = w_of(j);
    if (hit > fallback_hit + 1e-12 || (hit > fallback_hit - 1e-12 && std::abs(w - w_ref) < std::abs(fallback_w - w_ref))) {
      fallback_hit = hit;
      fallback_j = j;
      fallback_w = w;
    }
  }

  // Phase 6: nothing admissible: brake as hard as the window allows, least-bad yaw.
  if (out.admissible_count > 0) {
    out.admissible = true;
    out.score = best;
  } else {
    out.v = win.v_lo;
    out.v_index = 0;
    out.w_index = fallback_j;
    out.omega = std::isfinite(fallback_w) ? fallback_w : std::clamp(0.0, win.w_lo, win.w_hi);
    out.collision_time = std::max(fallback_hit, 0.0);
  }
  return out;
}

}  // namespace racer
