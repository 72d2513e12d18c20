// Racing line: minimum-curvature offsets (cascadic projected SOR warm start, projected Newton
// finish), then uniform resampling.
//   1. corridor from a centreline
//   2. the solver: bounds, levels, weights, sweeps
//   3. curvature and resampling
//   4. RacingLine queries
#include "ai/racing_line.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstddef>

#include "core/math.h"
#include "track/centreline.h"

namespace racer {

namespace {

constexpr std::size_t kMinCoarse = 24;  // the coarsest level keeps at least this many samples
constexpr int kWeightRefresh = 8;       // sweeps between refreshes of the curvature weights
constexpr int kReweightings = 3;          // exact solves, each with the normals and weights of the last
constexpr int kMaxNewtonIterations = 200;  // projected Newton iterations per reweighting
constexpr double kNewtonTolerance = 1e-7;  // m: projected scaled-gradient step that counts as converged

std::size_t wrap_index(std::ptrdiff_t i, std::size_t n) {
  const auto m = static_cast<std::ptrdiff_t>(n);
  return static_cast<std::size_t>(((i % m) + m) % m);
}

}  // namespace

// ---- 1. corridor from a centreline -------------------------------------------------------

std::vector<CorridorSample> corridor_from_centreline(const Centreline& line, double spacing) {
  const double total = line.length();
  const auto count = static_cast<std::size_t>(std::max(4.0, std::round(total / std::max(spacing, 0.1))));
  std::vector<CorridorSample> out;
  out.reserve(count);
  for (std::size_t k = 0; k < count; ++k) {
    const CentreSample cs = line.at(total * static_cast<double>(k) / static_cast<double>(count));
    const double nl = length(cs.normal);
    const Vec2 normal = nl > 0.0 ? cs.normal / nl : perp(cs.tangent);
    out.push_back({cs.position, normal, 0.5 * cs.width, 0.5 * cs.width});
  }
  return out;
}

// ---- 2. the solver -----------------------------------------------------------------------

namespace {

/// One level of the cascade: a subset of the corridor samples, in order.
struct Level {
  std::vector<std::size_t> idx;  // corridor indices
};

class OffsetSolver {
 public:
  OffsetSolver(const std::vector<CorridorSample>& corridor, const RacingLineParams& params)
      : c_(corridor), p_(params) {
    const std::size_t n = c_.size();
    lo_.resize(n);
    hi_.resize(n);
    alpha_.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      double lo = -(c_[i].right - p_.margin), hi = c_[i].left - p_.margin;
      if (lo > hi) lo = hi = 0.5 * (c_[i].left - c_[i].right);  // no room: the middle of the road
      lo_[i] = lo;
      hi_[i] = hi;
      alpha_[i] = std::clamp(0.0, lo, hi);
    }
  }

  std::vector<double> solve(int* sweeps) {
    std::vector<Level> levels(1);
    for (std::size_t i = 0; i < c_.size(); ++i) levels[0].idx.push_back(i);
    while (levels.back().idx.size() >= 2 * kMinCoarse) {
      Level next;
      const auto& prev = levels.back().idx;
      for (std::size_t k = 0; k < prev.size(); k += 2) next.idx.push_back(prev[k]);
      levels.push_back(std::move(next));
    }
    int total = 0;
    for (std::size_t l = levels.size(); l-- > 0;) {
      if (l + 1 < levels.size()) prolong(levels[l]);
      total += relax(levels[l], l + 1 == levels.size() ? p_.max_sweeps_coarse : p_.max_sweeps_fine);
    }
    // Exact finish: projected Newton on the fine level, kReweightings times, each with the
    // line normals and weights of the last answer. If it does not settle, more sweeps
    // polish what it reached.
    bool exact = true;
    for (int o = 0; o < kReweightings && exact; ++o) exact = active_set(&total);
    if (!exact) total += relax(levels[0], p_.max_sweeps_fine);
    if (sweeps) *sweeps = total;
    return alpha_;
  }

 private:
  // ---- the exact finish -------------------------------------------------------------------
  // With w and nu fixed, J(alpha) = sum_k w_k (nu_k . (D0_k + n_{k-1} a_{k-1} - 2 n_k a_k + n_{k+1} a_{k+1}))^2
  // is a convex quadratic with a cyclic pentadiagonal Hessian H (5 diagonals per row) and
  // gradient H alpha + g. Sweeps alone leave the long-wavelength error (this is a
  // fourth-order problem), so the sweeps' answer warm-starts a projected Newton method; its
  // free subsystem is banded once the loop is cut at two neighbouring held samples (rows
  // couple at most 2 apart), so each Newton step is a banded Cholesky in O(n).

  void assemble() {
    const std::size_t n = c_.size();
    // Weights from the current line against the corridor's mean spacing.
    pts_.resize(n);
    seg_.resize(n);
    w_.resize(n);
    nu_.resize(n);
    double h = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
      pts_[k] = point(k);
      h += length(c_[(k + 1) % n].centre - c_[k].centre);
    }
    refresh_weights(h / static_cast<double>(n));
    hess_.assign(n, {0.0, 0.0, 0.0, 0.0, 0.0});
    grad0_.assign(n, 0.0);
    static constexpr double kCoef[3] = {1.0, -2.0, 1.0};
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t ids[3] = {wrap_index(static_cast<std::ptrdiff_t>(k) - 1, n), k, (k + 1) % n};
      const Vec2 d0 = c_[ids[0]].centre - 2.0 * c_[k].centre + c_[ids[2]].centre;
      const Vec2 nu = nu_[k];
      for (int a = 0; a < 3; ++a) {
        const std::size_t i = ids[a];
        const double wa = w_[k] * kCoef[a] * dot(nu, c_[i].normal);
        grad0_[i] += wa * dot(nu, d0);
        for (int b = 0; b < 3; ++b)
          hess_[i][static_cast<std::size_t>(b - a + 2)] += wa * kCoef[b] * dot(nu, c_[ids[b]].normal);
      }
    }
    double diag = 0.0;
    for (const auto& row : hess_) diag += row[2];
    for (auto& row : hess_) row[2] += 1e-10 * diag / static_cast<double>(n);  // strictly convex
  }

  double gradient(std::size_t i) const {
    const std::size_t n = c_.size();
    double r = grad0_[i];
    for (std::ptrdiff_t d = -2; d <= 2; ++d)
      r += hess_[i][static_cast<std::size_t>(d + 2)] * alpha_[wrap_index(static_cast<std::ptrdiff_t>(i) + d, n)];
    return r;
  }

  double objective() const {
    const std::size_t n = c_.size();
    double j = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      double hx = 0.0;
      for (std::ptrdiff_t d = -2; d <= 2; ++d)
        hx += hess_[i][static_cast<std::size_t>(d + 2)] * alpha_[wrap_index(static_cast<std::ptrdiff_t>(i) + d, n)];
      j += alpha_[i] * (0.5 * hx + grad0_[i]);
    }
    return j;
  }

  /// One reweighting of the exact finish: Bertsekas' projected Newton method (1982) on the
  /// box QP. Offsets on (or within eps of) a bound with the gradient pushing outwards step
  /// along their scaled gradient; the rest take the Newton step of their own subsystem; an
  /// Armijo search along the projected arc keeps every step a descent, so it converges
  /// (where the plain active-set switching of a semismooth Newton method cycles on this
  /// fourth-order problem). False if no cut exists or it did not settle.
  bool active_set(int* iterations) {
    const std::size_t n = c_.size();
    if (n < 8) return false;
    assemble();
    std::vector<signed char> held(n);
    std::vector<double> grad(n), dir(n), start(n);
    for (int it = 0; it < kMaxNewtonIterations; ++it) {
      ++*iterations;
      double residual = 0.0;
      for (std::size_t i = 0; i < n; ++i) {
        grad[i] = gradient(i);
        const double projected = std::clamp(alpha_[i] - grad[i] / hess_[i][2], lo_[i], hi_[i]);
        residual = std::max(residual, std::abs(projected - alpha_[i]));
      }
      const double eps = std::min(1e-3, residual);
      for (std::size_t i = 0; i < n; ++i)
        held[i] = (lo_[i] == hi_[i]) || (alpha_[i] <= lo_[i] + eps && grad[i] > 0.0) ||
                  (alpha_[i] >= hi_[i] - eps && grad[i] < 0.0);
      if (!newton_direction(held, grad, dir)) return false;
      // Converged when the projected Newton step itself is tiny (the gradient alone is a
      // poor measure here: long-wavelength errors have almost none).
      double step_size = 0.0;
      for (std::size_t i = 0; i < n; ++i)
        step_size = std::max(step_size, std::abs(std::clamp(alpha_[i] + dir[i], lo_[i], hi_[i]) - alpha_[i]));
      if (step_size < kNewtonTolerance) return true;
      double slope = 0.0;  // the Armijo reference: sum of grad * (alpha - alpha(t)) at t = 1
      const double j0 = objective();
      start = alpha_;
      bool accepted = false;
      for (double step = 1.0; step > 1e-6 && !accepted; step *= 0.5) {
        slope = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
          alpha_[i] = std::clamp(start[i] + step * dir[i], lo_[i], hi_[i]);
          slope += grad[i] * (start[i] - alpha_[i]);
        }
        accepted = j0 - objective() >= 1e-4 * slope;
      }
      if (!accepted) {
        alpha_ = start;
        return step_size < 1e3 * kNewtonTolerance;
      }
    }
    return false;
  }

  /// Newton direction of the free offsets (H_FF d = -grad_F) and scaled gradient steps for
  /// the held ones. False without a cut (two neighbouring held offsets) or if H_FF is not
  /// positive definite.
  bool newton_direction(const std::vector<signed char>& held, const std::vector<double>& grad, std::vector<double>& dir) {
    const std::size_t n = c_.size();
    std::size_t cut = n;
    for (std::size_t k = 0; k < n && cut == n; ++k)
      if (held[k] && held[(k + 1) % n]) cut = k;
    if (cut == n) return false;
    for (std::size_t i = 0; i < n; ++i) dir[i] = held[i] ? -grad[i] / hess_[i][2] : 0.0;
    free_.clear();
    for (std::size_t k = 2; k < n; ++k) {
      const std::size_t i = (cut + k) % n;
      if (!held[i]) free_.push_back(i);
    }
    const std::size_t m = free_.size();
    if (m == 0) return true;
    // Banded Cholesky of H restricted to the free offsets (rows couple at most 2 apart).
    chol_.assign(m, {0.0, 0.0, 0.0});
    rhs_.assign(m, 0.0);
    const auto rot = [&](std::size_t i) { return (i + n - cut) % n; };  // position after the cut
    const auto h_at = [&](std::size_t i, std::size_t j) {
      const auto d = static_cast<std::ptrdiff_t>(rot(j)) - static_cast<std::ptrdiff_t>(rot(i));
      return d < -2 || d > 2 ? 0.0 : hess_[i][static_cast<std::size_t>(d + 2)];
    };
    for (std::size_t a = 0; a < m; ++a) {
      const std::size_t i = free_[a];
      rhs_[a] = -grad[i];
      for (std::size_t back = std::min<std::size_t>(a, 2) + 1; back-- > 0;) {  // columns a-2..a
        const std::size_t col = a - back;
        double sum = h_at(i, free_[col]);
        for (std::size_t k = (a >= 2 ? a - 2 : 0); k < col; ++k) sum -= chol_[a][a - k] * chol_[col][col - k];
        if (back == 0) {
          if (!(sum > 0.0)) return false;
          chol_[a][0] = std::sqrt(sum);
        } else {
          chol_[a][back] = sum / chol_[col][0];
        }
      }
    }
    // L y = b, then L^T x = y.
    for (std::size_t a = 0; a < m; ++a) {
      double sum = rhs_[a];
      for (std::size_t back = 1; back <= 2 && back <= a; ++back) sum -= chol_[a][back] * rhs_[a - back];
      rhs_[a] = sum / chol_[a][0];
    }
    for (std::size_t a = m; a-- > 0;) {
      double sum = rhs_[a];
      for (std::size_t fwd = 1; fwd <= 2 && a + fwd < m; ++fwd) sum -= chol_[a + fwd][fwd] * rhs_[a + fwd];
      rhs_[a] = sum / chol_[a][0];
    }
    for (std::size_t a = 0; a < m; ++a) dir[free_[a]] = rhs_[a];
    return true;
  }

  /// Odd members of a level sit between two members of the coarser level: interpolate.
  void prolong(const Level& level) {
    const std::size_t m = level.idx.size();
    for (std::size_t k = 1; k < m; k += 2) {
      const std::size_t i = level.idx[k];
      const double a = 0.5 * (alpha_[level.idx[k - 1]] + alpha_[level.idx[(k + 1) % m]]);
      alpha_[i] = std::clamp(a, lo_[i], hi_[i]);
    }
  }

  Vec2 point(std::size_t i) const { return c_[i].centre + c_[i].normal * alpha_[i]; }

  /// From the current points of the level: the line's own normals nu_k (the second
  /// difference is measured along them, so uneven spacing along the line is not mistaken
  /// for curvature) and the weights (h / l_k)^e, h the level's mean corridor spacing.
  void refresh_weights(double h) {
    const std::size_t m = pts_.size();
    for (std::size_t k = 0; k < m; ++k) seg_[k] = length(pts_[(k + 1) % m] - pts_[k]);
    for (std::size_t k = 0; k < m; ++k) {
      const std::size_t prev = wrap_index(static_cast<std::ptrdiff_t>(k) - 1, m);
      const Vec2 chord = pts_[(k + 1) % m] - pts_[prev];
      const double cl = length(chord);
      nu_[k] = cl > 0.0 ? perp(chord / cl) : c_[0].normal;
      const double l = std::max(0.5 * (seg_[k] + seg_[prev]), 0.05 * h);
      const double r = h / l;
      w_[k] = p_.weight_exponent == 0.0   ? 1.0
              : p_.weight_exponent == 3.0 ? r * r * r
                                          : std::pow(r, p_.weight_exponent);
    }
  }

  /// Projected SOR sweeps until no offset moves more than the tolerance; returns sweeps done.
  int relax(const Level& level, int max_sweeps) {
    const std::size_t m = level.idx.size();
    pts_.resize(m);
    seg_.resize(m);
    w_.resize(m);
    nu_.resize(m);
    double h = 0.0;
    for (std::size_t k = 0; k < m; ++k) {
      pts_[k] = point(level.idx[k]);
      h += length(c_[level.idx[(k + 1) % m]].centre - c_[level.idx[k]].centre);
    }
    h /= static_cast<double>(m);
    const auto at = [m](std::size_t k, std::ptrdiff_t d) { return wrap_index(static_cast<std::ptrdiff_t>(k) + d, m); };
    int sweep = 0;
    while (sweep < max_sweeps) {
      if (sweep % kWeightRefresh == 0) refresh_weights(h);
      double moved = 0.0;
      for (std::size_t k = 0; k < m; ++k) {
        const std::size_t km2 = at(k, -2), km1 = at(k, -1), kp1 = at(k, 1), kp2 = at(k, 2);
        const Vec2 d_prev = pts_[km2] - 2.0 * pts_[km1] + pts_[k];
        const Vec2 d_here = pts_[km1] - 2.0 * pts_[k] + pts_[kp1];
        const Vec2 d_next = pts_[k] - 2.0 * pts_[kp1] + pts_[kp2];
        const std::size_t i = level.idx[k];
        const Vec2 n = c_[i].normal;
        const double e_prev = w_[km1] * dot(n, nu_[km1]), e_here = w_[k] * dot(n, nu_[k]), e_next = w_[kp1] * dot(n, nu_[kp1]);
        const double g = e_prev * dot(nu_[km1], d_prev) - 2.0 * e_here * dot(nu_[k], d_here) + e_next * dot(nu_[kp1], d_next);
        const double diag = e_prev * dot(n, nu_[km1]) + 4.0 * e_here * dot(n, nu_[k]) + e_next * dot(n, nu_[kp1]);
        const double a = std::clamp(alpha_[i] - p_.relaxation * g / diag, lo_[i], hi_[i]);
        moved = std::max(moved, std::abs(a - alpha_[i]));
        alpha_[i] = a;
        pts_[k] = point(i);
      }
      ++sweep;
      if (moved < p_.tolerance) break;
    }
    return sweep;
  }

  const std::vector<CorridorSample>& c_;
  const RacingLineParams& p_;
  std::vector<double> lo_, hi_, alpha_;
  std::vector<Vec2> pts_;    // current level's points
  std::vector<double> seg_;  // current level's segment lengths
  std::vector<double> w_;    // current level's weights
  std::vector<Vec2> nu_;     // current level's line normals
  std::vector<std::array<double, 5>> hess_;  // fine-level Hessian, diagonals -2..2
  std::vector<double> grad0_;                // fine-level gradient at alpha = 0
  std::vector<std::size_t> free_;            // free offsets in order after the cut
  std::vector<std::array<double, 3>> chol_;  // banded Cholesky factor: [0] diagonal, [1], [2] left of it
  std::vector<double> rhs_;
};

}  // namespace

std::vector<double> solve_min_curvature_offsets(const std::vector<CorridorSample>& corridor,
                                                const RacingLineParams& params, int* sweeps) {
  assert(corridor.size() >= 4);
  OffsetSolver solver(corridor, params);
  return solver.solve(sweeps);
}

// ---- 3. curvature and resampling ---------------------------------------------------------

std::vector<double> closed_polyline_curvature(const std::vector<Vec2>& points) {
  const std::size_t n = points.size();
  std::vector<double> k(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 a = points[wrap_index(static_cast<std::ptrdiff_t>(i) - 1, n)], b = points[i], c = points[(i + 1) % n];
    const double denom = length(b - a) * length(c - b) * length(c - a);
    k[i] = denom > 1e-12 ? 2.0 * cross(b - a, c - b) / denom : 0.0;
  }
  return k;
}

namespace {

Vec2 catmull_rom(Vec2 p0, Vec2 p1, Vec2 p2, Vec2 p3, double t) {
  const double t2 = t * t, t3 = t2 * t;
  return 0.5 * ((2.0 * p1) + (p2 - p0) * t + (2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3) * t2 +
                (3.0 * p1 - p0 - 3.0 * p2 + p3) * t3);
}

/// Closed moving average with weights 1 2 3 2 1 (keeps a constant, damps sample noise).
std::vector<double> smooth_closed(const std::vector<double>& v) {
  const std::size_t n = v.size();
  std::vector<double> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto at = [&](std::ptrdiff_t d) { return v[wrap_index(static_cast<std::ptrdiff_t>(i) + d, n)]; };
    out[i] = (at(-2) + 2.0 * at(-1) + 3.0 * at(0) + 2.0 * at(1) + at(2)) / 9.0;
  }
  return out;
}

}  // namespace

RacingLine racing_line_from_points(const std::vector<Vec2>& points, double spacing, const std::vector<double>* offset,
                                   const std::vector<double>* corridor_u) {
  const std::size_t n = points.size();
  assert(n >= 4);
  std::vector<double> s(n + 1, 0.0);
  for (std::size_t i = 0; i < n; ++i) s[i + 1] = s[i] + length(points[(i + 1) % n] - points[i]);
  RacingLine line;
  line.length = s[n];
  const auto count = static_cast<std::size_t>(std::max(4.0, std::round(line.length / std::max(spacing, 0.1))));
  const double ds = line.length / static_cast<double>(count);
  line.points.reserve(count);
  line.s.reserve(count);
  const bool with_offset = offset && offset->size() == n, with_u = corridor_u && corridor_u->size() == n;
  std::size_t seg = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const double sk = ds * static_cast<double>(k);
    while (seg + 1 < n && s[seg + 1] <= sk) ++seg;
    const double len = s[seg + 1] - s[seg];
    const double t = len > 0.0 ? std::clamp((sk - s[seg]) / len, 0.0, 1.0) : 0.0;
    const std::size_t i0 = wrap_index(static_cast<std::ptrdiff_t>(seg) - 1, n), i2 = (seg + 1) % n, i3 = (seg + 2) % n;
    line.points.push_back(catmull_rom(points[i0], points[seg], points[i2], points[i3], t));
    line.s.push_back(sk);
    if (with_offset) line.offset.push_back(lerp((*offset)[seg], (*offset)[i2], t));
    if (with_u) {
      double u0 = (*corridor_u)[seg], u1 = (*corridor_u)[i2];
      if (u1 < u0) u1 += static_cast<double>(n);  // the closing segment
      double u = lerp(u0, u1, t);
      if (u >= static_cast<double>(n)) u -= static_cast<double>(n);
      line.corridor_u.push_back(u);
    }
  }
  line.curvature = smooth_closed(closed_polyline_curvature(line.points));
  return line;
}

RacingLine compute_racing_line(const std::vector<CorridorSample>& corridor, const RacingLineParams& params,
                               std::vector<double>* corridor_offsets) {
  int sweeps = 0;
  const std::vector<double> alpha = solve_min_curvature_offsets(corridor, params, &sweeps);
  std::vector<Vec2> pts(corridor.size());
  std::vector<double> u(corridor.size());
  for (std::size_t i = 0; i < corridor.size(); ++i) {
    pts[i] = corridor[i].centre + corridor[i].normal * alpha[i];
    u[i] = static_cast<double>(i);
  }
  RacingLine line = racing_line_from_points(pts, params.spacing, &alpha, &u);
  line.sweeps = sweeps;
  if (corridor_offsets) *corridor_offsets = alpha;
  return line;
}

// ---- 4. RacingLine queries ---------------------------------------------------------------

std::size_t RacingLine::index_at(double at_s) const {
  if (points.empty()) return 0;
  const double w = at_s - length * std::floor(at_s / length);
  const auto i = static_cast<std::size_t>(w / spacing());
  return std::min(i, points.size() - 1);
}

Vec2 RacingLine::position_at(double at_s) const {
  const std::size_t i = index_at(at_s), j = (i + 1) % points.size();
  const double w = at_s - length * std::floor(at_s / length);
  const double t = clamp01((w - s[i]) / spacing());
  return points[i] + (points[j] - points[i]) * t;
}

double RacingLine::curvature_at(double at_s) const {
  const std::size_t i = index_at(at_s), j = (i + 1) % points.size();
  const double w = at_s - length * std::floor(at_s / length);
  const double t = clamp01((w - s[i]) / spacing());
  return lerp(curvature[i], curvature[j], t);
}

}  // namespace racer
