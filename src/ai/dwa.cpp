// DWA planner (see dwa.h).
//
// Sections:
//   1. geometry: exact distances (point/segment to circle and oriented box)
//   2. arcs: closed-form poses, the sampled polyline and its chord-deviation bound
//   3. swept-disc check: a bounding-segment hierarchy per obstacle, in the obstacle's frame
//   4. polyline helpers
//   5. the decision: window, broad phase, target and passing side, samples, fallback
//
// Collision check. An arc is sampled at kSegments + 1 times t_k. Between two samples the
// car's true position stays within |v omega| (t_j - t_i)^2 / 8 of the chord (interpolation
// error bound of a curve with |p''| = |v omega|). Subtracting an obstacle's linear motion
// changes nothing in that bound, so in the obstacle's frame the relative path is a polyline
// with a known deviation: distance(segment, shape) - deviation is a lower bound on the
// clearance over that time span. Spans of 8, 4, 2, 1 segments are tested coarse to fine
// and a span is dropped when its bound already exceeds the best gap found: the check is
// exact up to the leaf deviation (under 1 cm for the seed's limits) and always on the safe
// side.
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

#include "core/math.h"
#include "track/cost_grid.h"

namespace racer {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kN = DwaPlanner::kSegments;

// ---------------------------------------------------------------- 1. geometry

double point_segment_distance(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const double len2 = length_squared(ab);
  double t = len2 > 0.0 ? dot(p - a, ab) / len2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  return length(p - (a + ab * t));
}

double point_box_distance(Vec2 p, double hx, double hy) {
  const double dx = std::max(std::abs(p.x) - hx, 0.0);
  const double dy = std::max(std::abs(p.y) - hy, 0.0);
  return std::sqrt(dx * dx + dy * dy);
}

// Does segment ab (box frame) touch the box [-hx, hx] x [-hy, hy]? (Liang-Barsky clip.)
bool segment_hits_box(Vec2 a, Vec2 b, double hx, double hy) {
  double t0 = 0.0, t1 = 1.0;
  const Vec2 d = b - a;
  const double lo[2] = {-hx, -hy}, hi[2] = {hx, hy};
  const double o[2] = {a.x, a.y}, dd[2] = {d.x, d.y};
  for (int k = 0; k < 2; ++k) {
    if (std::abs(dd[k]) < 1e-300) {
      if (o[k] < lo[k] || o[k] > hi[k]) return false;
      continue;
    }
    double ta = (lo[k] - o[k]) / dd[k], tb = (hi[k] - o[k]) / dd[k];
    if (ta > tb) std::swap(ta, tb);
    t0 = std::max(t0, ta);
    t1 = std::min(t1, tb);
    if (t0 > t1) return false;
  }
  return true;
}

// Segment to box in the box's frame: 0 when they touch, else the closest pair is a segment
// end against the box or a box corner against the segment (two convex sets in the plane).
double segment_box_distance(Vec2 a, Vec2 b, double hx, double hy) {
  if (segment_hits_box(a, b, hx, hy)) return 0.0;
  double d = std::min(point_box_distance(a, hx, hy), point_box_distance(b, hx, hy));
  const Vec2 corners[4] = {{hx, hy}, {-hx, hy}, {-hx, -hy}, {hx, -hy}};
  for (const Vec2& c : corners) d = std::min(d, point_segment_distance(c, a, b));
  return d;
}

Vec2 to_local(const DwaObstacle& o, Vec2 p) {
  const Vec2 d = p - o.centre;
  return {o.cos_a * d.x + o.sin_a * d.y, -o.sin_a * d.x + o.cos_a * d.y};
}

// ---------------------------------------------------------------- 2. arcs

struct Arc {
  std::array<Vec2, kN + 1> p;  // positions at t_k = k * dt
  double dt = 0.0;
  double curve = 0.0;  // |v omega| / 8: times span^2 bounds the distance to the chord
};

// Unit-speed displacements of a yaw-rate column: F_k = integral of the heading direction
// over [0, t_k], so the arc at speed v is p0 + v F_k (linear in v). Built by a rotation
// recurrence; each step's chord is exact for the arc.
void make_column(double heading, double w, double duration, Vec2* f) {
  const double dt = duration / kN;
  const double dth = w * dt;
  // chord of one step at unit speed: 2 sin(w dt / 2) / w, or dt on a straight
  const double chord = std::abs(dth) > 1e-9 ? 2.0 * std::sin(0.5 * dth) / w : dt;
  Vec2 dir = from_angle(heading + 0.5 * dth);  // chord direction of the first step
  const double c = std::cos(dth), sn = std::sin(dth);
  f[0] = {0.0, 0.0};
  for (std::size_t k = 0; k < static_cast<std::size_t>(kN); ++k) {
    f[k + 1] = f[k] + dir * chord;
    dir = {c * dir.x - sn * dir.y, sn * dir.x + c * dir.y};
  }
}

void make_arc(const DwaState& s, double v, double w, double duration, const Vec2* f, Arc& arc) {
  arc.dt = duration / kN;
  arc.curve = std::abs(v * w) / 8.0;
  for (std::size_t k = 0; k <= static_cast<std::size_t>(kN); ++k) arc.p[k] = s.pos + f[k] * v;
}

void make_arc(const DwaState& s, double v, double w, double duration, Arc& arc) {
  std::array<Vec2, kN + 1> f;
  make_column(s.heading, w, duration, f.data());
  make_arc(s, v, w, duration, f.data(), arc);
}

// ---------------------------------------------------------------- 3. swept-disc check

// m: clearances (for scoring) are refined only to this; contacts are always exact.
constexpr double kGapTolerance = 0.2;

struct Probe {
  const DwaObstacle* o;
  const Arc* arc;
  double threshold;  // m, contact distance (radius + margin, less when already inside it)
  int gap_end;       // spans starting at or after this index count for contact only
  double bound;      // m, the obstacle's bounding radius (boxes: a cheap first test)
};

double relative_distance(const Probe& pr, int i, int j) {
  const DwaObstacle& o = *pr.o;
  const double ti = i * pr.arc->dt, tj = j * pr.arc->dt;
  Vec2 a = pr.arc->p[static_cast<std::size_t>(i)] - o.velocity * ti;
  Vec2 b = pr.arc->p[static_cast<std::size_t>(j)] - o.velocity * tj;
  if (o.shape == DwaObstacle::Shape::Circle)
    return std::max(point_segment_distance(o.centre, a, b) - o.radius, 0.0);
  return segment_box_distance(to_local(o, a), to_local(o, b), o.half_w, o.half_h);
}

// Span [i, j] of the arc against one obstacle. Returns true on contact (hit = its start).
bool check_span(const Probe& pr, int i, int j, double& gap, double& hit) {
  const double span = (j - i) * pr.arc->dt;
  const double deviation = pr.arc->curve * span * span;
  if (pr.o->shape == DwaObstacle::Shape::Rect) {
    // The box's bounding circle first: when even that is far enough to end the check the
    // exact distance (never smaller; the 1e-9 covers rounding) would end it the same way.
    const DwaObstacle& o = *pr.o;
    const Vec2 a = pr.arc->p[static_cast<std::size_t>(i)] - o.velocity * (i * pr.arc->dt);
    const Vec2 b = pr.arc->p[static_cast<std::size_t>(j)] - o.velocity * (j * pr.arc->dt);
    const double quick = point_segment_distance(o.centre, a, b) - pr.bound - deviation - pr.threshold - 1e-9;
    if (quick >= 0.0 && (i >= pr.gap_end || quick >= gap - kGapTolerance)) return false;
  }
  const double lb = relative_distance(pr, i, j) - deviation - pr.threshold;
  if (lb >= 0.0 && i >= pr.gap_end) return false;  // beyond the clearance length: contact only
  if (lb >= 0.0) {
    // No contact in this span. Nothing to refine when it cannot lower the gap by more than
    // the tolerance, or when the chord is already that close to the arc.
    if (lb >= gap - kGapTolerance) return false;
    if ((deviation <= kGapTolerance && j <= pr.gap_end) || j - i == 1) {
      gap = std::min(gap, lb);
      return false;
    }
  } else if (j - i == 1) {
    hit = i * pr.arc->dt;
    return true;
  }
  const int m = (i + j) / 2;
  return check_span(pr, i, m, gap, hit) || check_span(pr, m, j, gap, hit);
}

struct Trace {
  double hit_time = kInf;  // s, first contact; infinity when free
  double gap = 0.0;        // m, clearance beyond radius + margin, capped
};

// The input's wall clearance (callback or cost grid), with its value at the car's position
// (every arc of one decision starts there) looked up once per decision.
struct Walls {
  const DwaWallDistance* fn = nullptr;
  const CostGrid* grid = nullptr;
  double start = 0.0;  // m, at the car

  explicit Walls(const DwaInput& in) : fn(in.walls != nullptr && *in.walls ? in.walls : nullptr), grid(in.wall_grid) {
    if (active()) start = (*this)(in.state.pos);
  }
  bool active() const { return grid != nullptr || fn != nullptr; }
  double operator()(Vec2 p) const {
    if (grid == nullptr) return (*fn)(p);
    int x = 0, y = 0;
    grid->cell_of(p, x, y);
    return static_cast<double>(grid->clearance(x, y)) - 0.5 * grid->cell_size();
  }
};

// The whole arc against the broad-phase obstacles and the walls. Without need_hit_time
// the first contact found ends the check. The arc starts at the car (walls.start).
Trace trace_arc(const Arc& arc, std::span<const DwaObstacle* const> near, double radius,
                double cap, double gap_time, bool need_hit_time, const Walls& walls) {
  Trace out;
  out.gap = cap;
  const int gap_end = std::clamp(static_cast<int>(std::ceil(gap_time / arc.dt - 1e-9)), 0, kN);
  for (const DwaObstacle* o : near) {
    // Already inside the margin (pushed there): contact means getting closer than now.
    const double d0 = o->distance(arc.p[0], 0.0);
    const double threshold = std::min(radius, d0 - 0.05);
    const Probe pr{o, &arc, threshold, gap_end, o->bound_radius()};
    double hit = kInf;
    check_span(pr, 0, kN, out.gap, hit);
    if (hit < out.hit_time) {
      out.hit_time = hit;
      if (!need_hit_time) return out;
    }
  }
  if (walls.active()) {
    constexpr int stride = kN / DwaPlanner::kWallChecks;
    const double threshold = std::min(radius, walls.start - 0.05);
    for (int k = stride; k <= kN; k += stride) {
      const double g = walls(arc.p[static_cast<std::size_t>(k)]) - threshold;
      if (g < 0.0) {
        out.hit_time = std::min(out.hit_time, (k - stride) * arc.dt);
        break;
      }
      if (k <= gap_end) out.gap = std::min(out.gap, g);
    }
  }
  out.gap = std::max(out.gap, 0.0);
  return out;
}

// ---------------------------------------------------------------- 4. polyline helpers

struct Station {
  Vec2 p;        // m
  Vec2 tangent;  // unit
};

// Point at arc length s (extrapolated past both ends along the end segments). `seg` is a
// hint that only moves forward for increasing s.
Station station_at(std::span<const Vec2> line, std::span<const double> cum, double s,
                   std::size_t& seg) {
  if (line.size() < 2) return {line.empty() ? Vec2{} : line[0], {1.0, 0.0}};
  const std::size_t last = line.size() - 2;
  while (seg < last && cum[seg + 1] < s) ++seg;
  while (seg > 0 && cum[seg] > s) --seg;
  const Vec2 a = line[seg], b = line[seg + 1];
  const double len = cum[seg + 1] - cum[seg];
  const Vec2 t = len > 1e-12 ? (b - a) / len : Vec2{1.0, 0.0};
  return {a + t * (s - cum[seg]), t};
}

// Blocked interval [lo, hi] of the line p + o n (o in metres) by the obstacle grown by
// `grow`; false when the line misses it. Boxes are grown square-cornered (a little
// conservative at the corners, fine for placing a target).
bool blocked_interval(const DwaObstacle& o, Vec2 centre, Vec2 p, Vec2 n, double grow,
                      double& lo, double& hi) {
  if (o.shape == DwaObstacle::Shape::Circle) {
    const double r = o.radius + grow;
    const Vec2 w = centre - p;
    const double a = dot(w, n);
    const double b2 = length_squared(w) - a * a;
    if (b2 >= r * r) return false;
    const double half = std::sqrt(r * r - b2);
    lo = a - half;
    hi = a + half;
    return true;
  }
  const Vec2 d = p - centre;
  const Vec2 pl{o.cos_a * d.x + o.sin_a * d.y, -o.sin_a * d.x + o.cos_a * d.y};
  const Vec2 nl{o.cos_a * n.x + o.sin_a * n.y, -o.sin_a * n.x + o.cos_a * n.y};
  const double h[2] = {o.half_w + grow, o.half_h + grow};
  const double pp[2] = {pl.x, pl.y}, nn[2] = {nl.x, nl.y};
  double t0 = -kInf, t1 = kInf;
  for (int k = 0; k < 2; ++k) {
    if (std::abs(nn[k]) < 1e-12) {
      if (std::abs(pp[k]) > h[k]) return false;
      continue;
    }
    double ta = (-h[k] - pp[k]) / nn[k], tb = (h[k] - pp[k]) / nn[k];
    if (ta > tb) std::swap(ta, tb);
    t0 = std::max(t0, ta);
    t1 = std::min(t1, tb);
  }
  if (t0 > t1) return false;
  lo = t0;
  hi = t1;
  return true;
}

// Smallest shift (>= 0) to the left (side +1) or right (-1) out of every interval.
double required_shift(std::span<const double> iv, int side) {
  double o = 0.0;
  const std::size_t n = iv.size() / 2;
  for (std::size_t pass = 0; pass <= n; ++pass) {
    bool moved = false;
    for (std::size_t k = 0; k < n; ++k) {
      const double lo = side > 0 ? iv[2 * k] : -iv[2 * k + 1];
      const double hi = side > 0 ? iv[2 * k + 1] : -iv[2 * k];
      if (lo <= o && o < hi) {
        o = hi;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return o;
}

}  // namespace

// ---------------------------------------------------------------- obstacles

DwaObstacle DwaObstacle::circle(Vec2 centre, double radius, Vec2 velocity) {
  DwaObstacle o;
  o.shape = Shape::Circle;
  o.centre = centre;
  o.velocity = velocity;
  o.radius = radius;
  return o;
}

DwaObstacle DwaObstacle::rect(Vec2 centre, double half_w, double half_h, double angle,
                              Vec2 velocity) {
  DwaObstacle o;
  o.shape = Shape::Rect;
  o.centre = centre;
  o.velocity = velocity;
  o.half_w = half_w;
  o.half_h = half_h;
  o.angle = angle;
  o.cos_a = std::cos(angle);
  o.sin_a = std::sin(angle);
  return o;
}

double DwaObstacle::bound_radius() const {
  return shape == Shape::Circle ? radius : std::hypot(half_w, half_h);
}

double DwaObstacle::distance(Vec2 p, double t) const {
  const Vec2 q = p - velocity * t;
  if (shape == Shape::Circle) return std::max(length(q - centre) - radius, 0.0);
  return point_box_distance(to_local(*this, q), half_w, half_h);
}

// ---------------------------------------------------------------- helpers

DwaState dwa_predict(const DwaState& s, double v, double omega, double t) {
  DwaState out = s;
  out.v = v;
  out.omega = omega;
  out.heading = s.heading + omega * t;
  if (std::abs(omega * t) < 1e-9) {
    out.pos = s.pos + from_angle(s.heading + 0.5 * omega * t) * (v * t);
  } else {
    const double r = v / omega;
    out.pos = s.pos + Vec2{r * (std::sin(out.heading) - std::sin(s.heading)),
                           -r * (std::cos(out.heading) - std::cos(s.heading))};
  }
  return out;
}

double dwa_segment_distance(const DwaObstacle& o, Vec2 a, Vec2 b) {
  if (o.shape == DwaObstacle::Shape::Circle)
    return std::max(point_segment_distance(o.centre, a, b) - o.radius, 0.0);
  return segment_box_distance(to_local(o, a), to_local(o, b), o.half_w, o.half_h);
}

double polyline_length(std::span<const Vec2> line) {
  double s = 0.0;
  for (std::size_t i = 1; i < line.size(); ++i) s += length(line[i] - line[i - 1]);
  return s;
}

double polyline_progress(std::span<const Vec2> line, Vec2 p) {
  if (line.size() < 2) return 0.0;
  double best = kInf, best_s = 0.0, s = 0.0;
  for (std::size_t i = 0; i + 1 < line.size(); ++i) {
    const Vec2 ab = line[i + 1] - line[i];
    const double len2 = length_squared(ab);
    const double t = len2 > 0.0 ? std::clamp(dot(p - line[i], ab) / len2, 0.0, 1.0) : 0.0;
    const double d = length_squared(p - (line[i] + ab * t));
    const double len = std::sqrt(len2);
    if (d < best) {
      best = d;
      best_s = s + t * len;
    }
    s += len;
  }
  return best_s;
}

// ---------------------------------------------------------------- 5. the decision

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
  }

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
  for (int j = 0; j < nw; ++j) {
    end_dirs_[static_cast<std::size_t>(j)] = from_angle(s.heading + w_of(j) * T);
    if (wside > 0.0) column(j);
  }
  const double clearance_bound = std::max(wc, 0.0);  // wc * clearance <= this
  candidates_.clear();
  for (int i = 0; i < nv; ++i) {
    const double v = v_of(i);
    const double speed = v / L.max_speed;
    const double push = nv > 1 ? (v - win.v_lo) / (win.v_hi - win.v_lo) : 0.0;
    for (int j = 0; j < nw; ++j) {
      const auto col = static_cast<std::size_t>(j);
      const double heading = dot(end_dirs_[col], bearing);
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
    const Trace tr = trace_arc(arc, near_, radius, P.clearance_cap, gap_time, i == 0, walls);
    if (std::isfinite(tr.hit_time)) {
      if (i == 0) fallback_hits_[static_cast<std::size_t>(j)] = tr.hit_time;
      continue;
    }
    ++out.admissible_count;
    const double clearance = tr.gap / P.clearance_cap;
    const double score = wh * c.heading + wc * clearance + ws * c.speed + wa * c.push + wside * c.side;
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
  // Least bad among the hardest-braking row (only used when nothing is admissible, and then
  // every sample was traced): latest contact, then smallest |w|, in column order.
  double fallback_hit = -1.0;
  int fallback_j = 0;
  double fallback_w = kInf;
  for (int j = 0; j < nw; ++j) {
    const double hit = fallback_hits_[static_cast<std::size_t>(j)];
    if (!std::isfinite(hit)) continue;
    const double w = w_of(j);
    if (hit > fallback_hit + 1e-12 || (hit > fallback_hit - 1e-12 && std::abs(w) < std::abs(fallback_w))) {
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
