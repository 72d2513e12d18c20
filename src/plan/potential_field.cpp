// Potential field: the attractive and repulsive potentials, their gradient, the descent
// policy and grid sampling.
#include "plan/potential_field.h"

#include <cmath>
#include <limits>

#include "plan/obstacle_distance.h"

namespace racer {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

double attractive(Vec2 goal, const FieldParams& f, Vec2 q) {
  const double d = length(q - goal);
  if (d <= f.quadratic_radius) return 0.5 * f.attraction * d * d;
  return f.attraction * f.quadratic_radius * (d - 0.5 * f.quadratic_radius);
}

Vec2 attractive_gradient(Vec2 goal, const FieldParams& f, Vec2 q) {
  const Vec2 v = q - goal;
  const double d = length(v);
  if (d <= f.quadratic_radius) return v * f.attraction;
  return v * (f.attraction * f.quadratic_radius / d);
}

// Calls visit(nearest point, distance) for each obstacle of the scene.
template <typename Visit>
void each_obstacle(const Scene& scene, Vec2 q, Visit visit) {
  for (const Polygon& p : scene.polygons) {
    const Vec2 c = closest_point(p, q);
    visit(c, length(q - c));
  }
  for (const Disc& d : scene.discs) {
    const Vec2 c = closest_point(d, q);
    visit(c, length(q - c));
  }
}

}  // namespace

double field_potential(const Scene& scene, double radius, Vec2 goal, const FieldParams& params, Vec2 q) {
  double u = attractive(goal, params, q);
  each_obstacle(scene, q, [&](Vec2, double d) {
    const double rho = d - radius;
    if (rho <= 0.0) {
      u = kInfinity;
    } else if (rho <= params.influence) {
      const double k = 1.0 / rho - 1.0 / params.influence;
      u += 0.5 * params.repulsion * k * k;
    }
  });
  return u;
}

Vec2 field_gradient(const Scene& scene, double radius, Vec2 goal, const FieldParams& params, Vec2 q) {
  Vec2 g = attractive_gradient(goal, params, q);
  bool free = true;
  each_obstacle(scene, q, [&](Vec2 c, double d) {
    const double rho = d - radius;
    if (rho <= 0.0) {
      free = false;
    } else if (rho <= params.influence) {
      const double k = 1.0 / rho - 1.0 / params.influence;
      g -= (q - c) * (params.repulsion * k / (rho * rho * d));  // (q - c) / d is grad rho
    }
  });
  return free ? g : Vec2{};
}

FieldResult follow_field(const Scene& scene, double radius, Vec2 start, Vec2 goal, const FieldParams& params,
                         const FieldPolicyOptions& options) {
  FieldResult result;
  result.path.push_back(start);
  double u = field_potential(scene, radius, goal, params, start);
  if (!std::isfinite(u)) {
    result.status = FieldStatus::start_blocked;
    return result;
  }
  constexpr double kArmijo = 1e-4;   // fraction of the slope's promise a step must deliver
  constexpr int kHalvings = 60;      // a step of max_step / 2^60 is no step
  Vec2 q = start;
  for (int k = 0; k <= options.max_steps; ++k) {
    const Vec2 g = field_gradient(scene, radius, goal, params, q);
    const double slope = length(g);
    result.gradient_norm = slope;
    if (length(q - goal) <= options.goal_tolerance) {
      result.status = FieldStatus::reached;
      return result;
    }
    if (slope <= options.gradient_tolerance) {
      result.status = FieldStatus::local_minimum;
      return result;
    }
    if (k == options.max_steps) break;
    const Vec2 down = g * (-1.0 / slope);
    double s = options.max_step;
    bool moved = false;
    for (int b = 0; b < kHalvings && !moved; ++b, s *= 0.5) {
      const Vec2 p = q + down * s;
      const double up = field_potential(scene, radius, goal, params, p);
      if (up <= u - kArmijo * s * slope && clearance(scene, {q, p}) > radius) {
        result.length += s;
        q = p;
        u = up;
        result.path.push_back(q);
        moved = true;
      }
    }
    if (!moved) {  // no step lowers U: a stationary point up to rounding
      result.status = FieldStatus::local_minimum;
      return result;
    }
  }
  result.status = FieldStatus::step_limit;
  return result;
}

FieldSamples sample_field(const Scene& scene, double radius, Vec2 goal, const FieldParams& params, Vec2 origin,
                          double spacing, int nx, int ny) {
  FieldSamples out{origin, spacing, nx, ny, {}, {}};
  out.potential.reserve(static_cast<std::size_t>(nx * ny));
  out.gradient.reserve(static_cast<std::size_t>(nx * ny));
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const Vec2 q = origin + Vec2{spacing * i, spacing * j};
      out.potential.push_back(field_potential(scene, radius, goal, params, q));
      out.gradient.push_back(field_gradient(scene, radius, goal, params, q));
    }
  return out;
}

}  // namespace racer
