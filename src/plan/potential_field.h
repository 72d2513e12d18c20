#pragma once
// Potential field policy (seed 001, "POTENTIAL FIELD POLICY"; Khatib 1986): the robot, a disc
// of radius r, is a charged particle pulled toward the goal and pushed away from obstacles,
// and it follows the negative gradient of the sum
//   U(q) = U_att(q) + sum over obstacles i of U_rep,i(q)
//   U_att = 1/2 zeta d^2 within d* of the goal, zeta d* d - 1/2 zeta d*^2 beyond (d = |q - goal|;
//           quadratic near the goal, conic far away so the pull does not grow without bound)
//   U_rep,i = 1/2 eta (1/rho_i - 1/Q*)^2 when rho_i <= Q*, else 0
//           (rho_i = clearance to obstacle i = its distance minus r; +infinity when rho_i <= 0).
// Cheap, local and smooth, and neither complete nor optimal: the gradient can vanish away from
// the goal (a local minimum), as it does in front of a U-shaped obstacle opening toward the
// robot, where the pull and the push cancel (the seed's warning).
//
// Units are the caller's (metres, cells); zeta and eta set the units of U.
#include <vector>

#include "core/vec2.h"
#include "plan/shapes.h"

namespace racer {

struct FieldParams {
  double attraction = 1.0;        ///< zeta, > 0
  double quadratic_radius = 1.0;  ///< d*: quadratic attraction within, conic beyond, > 0
  double repulsion = 1.0;         ///< eta, >= 0
  double influence = 1.0;         ///< Q*: obstacles with clearance above this do not push, > 0
};

/// U(q) for a robot of radius r; +infinity where q is not free (clearance <= 0 to an obstacle).
double field_potential(const Scene& scene, double radius, Vec2 goal, const FieldParams& params, Vec2 q);
/// Gradient of U at q (analytic; each obstacle pushes along the direction from its nearest
/// point to q). Zero where q is not free.
Vec2 field_gradient(const Scene& scene, double radius, Vec2 goal, const FieldParams& params, Vec2 q);

struct FieldPolicyOptions {
  double max_step = 0.1;             ///< longest step, > 0
  double goal_tolerance = 0.01;      ///< reached within this of the goal
  double gradient_tolerance = 1e-6;  ///< |grad U| below this is a stationary point
  int max_steps = 20000;
};

enum class FieldStatus {
  reached,        ///< within goal_tolerance of the goal
  local_minimum,  ///< stopped where the gradient vanishes (or no step lowers U) away from the goal
  start_blocked,  ///< the start is not free
  step_limit,     ///< max_steps taken
};

struct FieldResult {
  FieldStatus status = FieldStatus::step_limit;
  std::vector<Vec2> path;       ///< start, then one point per step
  double gradient_norm = 0.0;   ///< |grad U| at the last point
  double length = 0.0;          ///< of the path
};

/// Steepest descent on U from start: each step goes down the negative gradient, at most
/// max_step long, shortened (halved) until U falls by a small fraction of what the slope
/// promises (Armijo) and the point stays free; so U falls at every step and the walk settles
/// at a stationary point: the goal or a local minimum.
FieldResult follow_field(const Scene& scene, double radius, Vec2 start, Vec2 goal, const FieldParams& params,
                         const FieldPolicyOptions& options = {});

/// U and its gradient sampled on a grid of nx x ny points, for drawing as a heat map and
/// arrows. Point (i, j) is origin + spacing * (i, j); rows of constant j are stored together
/// (index j * nx + i). Potential +infinity and gradient zero where not free.
struct FieldSamples {
  Vec2 origin;
  double spacing = 1.0;
  int nx = 0, ny = 0;
  std::vector<double> potential;
  std::vector<Vec2> gradient;
  double at(int i, int j) const { return potential[static_cast<std::size_t>(j * nx + i)]; }
};
FieldSamples sample_field(const Scene& scene, double radius, Vec2 goal, const FieldParams& params, Vec2 origin,
                          double spacing, int nx, int ny);

}  // namespace racer
