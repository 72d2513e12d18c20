#pragma once
// Racing line: a minimum-curvature closed line inside a corridor (the road minus margins).
//
// The corridor is a closed sequence of samples (centre point, left normal, room on each
// side), so any route can be fed in: the main loop of a Track (corridor_from_centreline),
// or later a route through a branch. The line is P_i = c_i + alpha_i n_i with each offset
// alpha_i clamped to [-(right_i - margin), left_i - margin]; the offsets minimise
//   sum_k w_k (nu_k . (P_{k-1} - 2 P_k + P_{k+1}))^2,   w_k = (h / l_k)^e
// with nu_k the line's own normal, l_k its local spacing and h the corridor's. The second
// difference along nu is kappa l^2, so e = 3 (the default) is the integral of kappa^2 ds:
// minimum curvature proper. Measuring along the line's normal matters: the raw second
// difference also counts the uneven spacing where fixed corridor normals fan out in a
// corner, which keeps the line off the apex. nu and w come from the previous solution
// (three reweightings, each an exact solve).
// Each solve is a convex box-constrained QP with a cyclic pentadiagonal Hessian:
//   1. warm start: projected Gauss-Seidel/SOR sweeps on a cascade of levels (every 2^k-th
//      sample, coarsest first, each level's answer interpolated onto the next);
//   2. exact finish: Bertsekas' projected Newton method with an Armijo search along the
//      projected arc; the free subsystem is banded once the loop is cut at two neighbouring
//      held samples, so each Newton step is a banded Cholesky, O(n). (Sweeps alone leave
//      long-wavelength errors of a metre after thousands of sweeps: a fourth-order problem.)
// Fixed order, fixed iteration caps: bit-identical output for the same input.
//
// Pure and deterministic; the queries never allocate.
#include <vector>

#include "core/vec2.h"

namespace racer {

class Centreline;

/// One corridor sample: where the road is and how much of it there is on each side.
struct CorridorSample {
  Vec2 centre;          ///< m, reference point (a centreline sample)
  Vec2 normal;          ///< unit, to the left of travel
  double left = 6.0;    ///< m of usable road from `centre` to the left edge (kerbs count)
  double right = 6.0;   ///< m of usable road from `centre` to the right edge
};

struct RacingLineParams {
  double margin = 1.4;          ///< m kept from each road edge to the line: car half width + safety
  double spacing = 2.0;         ///< m between output samples (the line is resampled to this)
  double weight_exponent = 3.0; ///< w = (h/l)^e: 3 = integral of kappa^2 ds; 0 also rewards a shorter line
  double relaxation = 1.0;      ///< over-relaxation factor of the projected SOR sweeps, (0, 2)
  int max_sweeps_coarse = 1000; ///< sweep cap on the coarsest level
  int max_sweeps_fine = 20;     ///< sweep cap on every other level (the warm start only)
  double tolerance = 1e-5;      ///< m: a level stops when no offset moved more than this in a sweep
};

/// The result, resampled to uniform spacing along the line itself.
struct RacingLine {
  std::vector<Vec2> points;       ///< m, closed (the last joins the first; not repeated)
  std::vector<double> s;          ///< m along the line, s[0] = 0, uniform spacing
  std::vector<double> curvature;  ///< 1/m, signed (+ = turning left), lightly smoothed
  std::vector<double> offset;     ///< m, lateral offset from the corridor centre (+ = left)
  std::vector<double> corridor_u; ///< corridor index parameter (i + t between samples i, i+1)
  double length = 0.0;            ///< m, closed length
  int sweeps = 0;                 ///< solver sweeps (all levels) plus Newton iterations, for diagnostics

  std::size_t size() const { return points.size(); }
  double spacing() const { return points.empty() ? 0.0 : length / static_cast<double>(points.size()); }
  /// Index of the sample at or before s (s wraps).
  std::size_t index_at(double s) const;
  /// Position at s (wraps), linear between samples.
  Vec2 position_at(double s) const;
  /// Curvature at s (wraps), linear between samples.
  double curvature_at(double s) const;
};

/// The corridor of a centreline (closed), resampled every ~`spacing` m: half the road width
/// on each side. Kerbs lie inside the road width, so they count as usable; run-off does not.
std::vector<CorridorSample> corridor_from_centreline(const Centreline& line, double spacing = 2.0);

/// Offsets per corridor sample of the minimum-curvature line (see the top of this file).
/// `sweeps` (optional) receives sweeps plus Newton iterations. Needs >= 4 samples.
std::vector<double> solve_min_curvature_offsets(const std::vector<CorridorSample>& corridor,
                                                const RacingLineParams& params, int* sweeps = nullptr);

/// Curvature of a closed polyline at every vertex (Menger: exact on a circle), 1/m, signed.
std::vector<double> closed_polyline_curvature(const std::vector<Vec2>& points);

/// Builds a RacingLine from a closed point sequence (any spacing, >= 4 points): resampled
/// uniformly at ~`spacing` m (Catmull-Rom through the points), curvature from the points.
/// `offset` and `corridor_u`, when given (one value per point), are interpolated onto the
/// new samples; otherwise those vectors stay empty.
RacingLine racing_line_from_points(const std::vector<Vec2>& points, double spacing,
                                   const std::vector<double>* offset = nullptr,
                                   const std::vector<double>* corridor_u = nullptr);

/// The whole pipeline: solve the offsets on the corridor, then resample the line.
/// `corridor_offsets` (optional) receives the solved offsets, one per corridor sample.
RacingLine compute_racing_line(const std::vector<CorridorSample>& corridor, const RacingLineParams& params,
                               std::vector<double>* corridor_offsets = nullptr);

}  // namespace racer
