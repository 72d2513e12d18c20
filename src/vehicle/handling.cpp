#include "vehicle/handling.h"

#include <algorithm>

#include "core/math.h"
#include "vehicle/tyre.h"

namespace racer {

// Steady cornering at lateral acceleration a: the axles' forces balance the yaw moment
// about the CG, each acting its pneumatic trail t behind its axle,
//   F_f (a_f - t_f) = F_r (a_r + t_r),  F_f + F_r = m a,
// so each axle carries the mass m_f or m_r of the car's lateral force. Slip angles F / C
// (the rear's C with rear_cornering_factor and its compliance steer); the front wheels turn
// back by (t_f + caster trail) F_f / K_steer; the road-wheel angle is
// L / R + alpha_f + compliance - alpha_r.
LinearHandling linear_handling(const CarSpec& spec) {
  const Tyre front(spec.tyre), rear(spec.wheel_tyre(2));
  const double m = spec.body.mass, L = spec.body.wheelbase;
  const double to_rear = spec.rear_axle_to_cg(), to_front = L - to_rear;
  const double t_f = spec.tyre.pneumatic_trail, t_r = spec.wheel_tyre(2).pneumatic_trail;
  const double static_f = m * to_rear / L, static_r = m - static_f;  // kg on each axle at rest
  const double m_f = (t_f > 0.0 || t_r > 0.0) ? m * (to_rear + t_r) / (to_front - t_f + to_rear + t_r) : static_f;
  const double m_r = m - m_f;
  constexpr double kAlpha = 0.005;  // rad, well inside the linear range
  LinearHandling h;
  h.front_cornering_stiffness = 2.0 * front.pure_fy(0.5 * static_f * kGravity, kAlpha) / kAlpha;
  h.rear_cornering_stiffness = 2.0 * rear.pure_fy(0.5 * static_r * kGravity, kAlpha * spec.tyre.rear_cornering_factor) / kAlpha;
  // Each rear wheel toes towards its force by eps F / 2, adding to the slip angle the body
  // gives it: F = C (alpha + eps F / 2), an axle stiffer by 1 / (1 - C eps / 2).
  if (spec.suspension.rear_compliance_steer > 0.0)
    h.rear_cornering_stiffness /= std::max(0.1, 1.0 - 0.5 * h.rear_cornering_stiffness * spec.suspension.rear_compliance_steer);
  h.front_force_share = m_f / m;
  if (spec.steering.stiffness > 0.0) h.compliance = (t_f + spec.steering.caster_trail) / spec.steering.stiffness;
  if (h.front_cornering_stiffness > 0.0 && h.rear_cornering_stiffness > 0.0)
    h.understeer_gradient = m_f / h.front_cornering_stiffness + m_f * h.compliance - m_r / h.rear_cornering_stiffness;
  return h;
}

}  // namespace racer
