#include "ai/passing.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace racer {

double hold_lane(double goal, std::span<const LineCar> cars, const LaneHold& me) {
  double lo = -std::numeric_limits<double>::infinity(), hi = std::numeric_limits<double>::infinity();
  for (const LineCar& c : cars) {
    if (std::abs(c.ds) >= me.half_length + c.half_length + me.overlap) continue;  // not beside us
    const double apart = me.half_width + c.half_width + me.gap;
    const double coming = c.lat_rate * me.lead;
    if (c.lat > me.lateral) hi = std::min(hi, c.lat + std::min(0.0, coming) - apart);  // beside us on the left
    else if (c.lat < me.lateral) lo = std::max(lo, c.lat + std::max(0.0, coming) + apart);
  }
  if (lo > hi) return 0.5 * (lo + hi);  // a car on each side: the middle
  return std::clamp(goal, lo, hi);
}

double offset_rate(double lateral_use, const OffsetRate& r) {
  const double t = std::clamp((lateral_use - r.use_free) / std::max(r.use_full - r.use_free, 1e-9), 0.0, 1.0);
  return r.free_rate * (1.0 - t * (1.0 - r.min_share));
}

int pass_side(double usable_left, double usable_right, double turn_ahead, const PassRules& r) {
  if (usable_left <= 0.0 && usable_right <= 0.0) return 0;
  if (std::abs(turn_ahead) >= r.bend_turn) {
    const int inside = turn_ahead > 0.0 ? +1 : -1;
    if ((inside > 0 ? usable_left : usable_right) > 0.0) return inside;
  }
  return usable_left >= usable_right ? +1 : -1;
}

void keep_pass(PassPlan& plan, bool in_reach, bool side_shut, double dt, const PassRules& r) {
  plan.cooldown_s = std::max(0.0, plan.cooldown_s - dt);
  if (plan.target < 0) return;
  if (!in_reach) {
    plan = PassPlan{-1, 0, 0.0, plan.cooldown_s};
    return;
  }
  plan.shut_s = side_shut ? plan.shut_s + dt : 0.0;
  if (plan.shut_s >= r.shut_hold) plan = PassPlan{-1, 0, 0.0, r.cooldown};
}

int defend_side(const LineCar& behind, double our_lateral, double our_half_length, double catching, double speed,
                double turn_ahead, const DefendRules& r) {
  if (std::abs(turn_ahead) < r.bend_turn || catching < r.min_catching) return 0;
  const double gap = -behind.ds - our_half_length - behind.half_length;  // m, its nose to our tail
  if (gap < 0.0 || gap > std::max(r.min_reach, r.reach_s * speed)) return 0;
  const int inside = turn_ahead > 0.0 ? +1 : -1;
  if (inside * (behind.lat - our_lateral) > r.committed) return 0;
  return inside;
}

}  // namespace racer
