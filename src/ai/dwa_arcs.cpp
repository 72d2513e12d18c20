// DWA arcs: the constant-(v, omega) motion of seed 004's kinematic car, in closed form
// (dwa_predict) and as the kN-segment polyline the swept-disc check traces (make_column,
// make_arc). A yaw-rate column is built once per decision and scaled by each speed.
#include <array>
#include <cmath>
#include <cstddef>

#include "ai/dwa.h"
#include "ai/dwa_internal.h"

namespace racer {

namespace dwa_detail {

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

}  // namespace dwa_detail

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

}  // namespace racer
