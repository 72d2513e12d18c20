// Damage: impacts -> zone and tyre levels, marks, mechanical effects.
// Sections: 1. names and effects  2. construction  3. impacts  4. marks  5. effects, summary, hash
#include "vehicle/damage.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/math.h"
#include "vehicle/car_spec.h"

namespace racer {

// ---------------------------------------------------------------- 1. names and effects

const char* damage_zone_name(DamageZone zone) {
  switch (zone) {
    case DamageZone::Front: return "front";
    case DamageZone::Rear: return "rear";
    case DamageZone::Left: return "left";
    case DamageZone::Right: return "right";
  }
  return "?";
}

bool DamageEffects::neutral() const {
  return steer_offset == 0.0 && torque_factor == 1.0 &&
         std::all_of(grip_factor.begin(), grip_factor.end(), [](double g) { return g == 1.0; });
}

// ---------------------------------------------------------------- 2. construction

Damage::Damage(const CarSpec& spec, const DamageTuning& tuning) : tuning_(tuning), mass_(spec.body.mass) {
  assert(tuning.threshold_j >= 0.0 && tuning.zone_energy_j > 0.0 && tuning.tyre_energy_j > 0.0);
  assert(tuning.max_steer_pull >= 0.0 && tuning.max_steer_pull <= 0.2);
  assert(tuning.max_power_loss >= 0.0 && tuning.max_power_loss <= 0.8);
  assert(tuning.max_grip_loss >= 0.0 && tuning.max_grip_loss <= 0.8);
  const BodySpec& b = spec.body;
  const double centre_x = (b.cg_to_front_axle - spec.rear_axle_to_cg()) / 2.0;  // as the Box2D body box
  rear_ = centre_x - b.length / 2.0;
  front_ = centre_x + b.length / 2.0;
  half_width_ = b.width / 2.0;
  const double a = b.cg_to_front_axle, r = spec.rear_axle_to_cg();
  const double tf = spec.wheel_track(0) / 2.0, tr = spec.wheel_track(2) / 2.0;
  wheels_ = {Vec2{a, tf}, Vec2{a, -tf}, Vec2{-r, tr}, Vec2{-r, -tr}};  // FL, FR, RL, RR as the suspension
}

void Damage::repair() {
  zone_energy_ = zone_level_ = scrape_m_ = {};
  tyre_energy_ = tyre_level_ = {};
  marks_ = {};
  mark_count_ = 0;
  impacts_ = 0;
  last_impact_j_ = 0.0;
}

// ---------------------------------------------------------------- 3. impacts

DamageZone Damage::zone_of(Vec2 normal) {
  if (std::abs(normal.x) >= std::abs(normal.y)) return normal.x >= 0.0 ? DamageZone::Front : DamageZone::Rear;
  return normal.y >= 0.0 ? DamageZone::Left : DamageZone::Right;
}

double Damage::level_of(double energy, double e0) const { return 1.0 - std::exp(-energy / e0); }

int Damage::nearest_wheel(Vec2 point) const {
  int best = 0;
  for (int i = 1; i < 4; ++i)
    if (length_squared(point - wheels_[static_cast<std::size_t>(i)]) <
        length_squared(point - wheels_[static_cast<std::size_t>(best)]))
      best = i;
  return best;
}

void Damage::add_impact(const Impact& hit) {
  if (!(hit.impulse_ns > 0.0) || !std::isfinite(hit.impulse_ns)) return;
  const DamageZone zone = zone_of(hit.normal);
  const auto z = static_cast<std::size_t>(zone);
  // Sliding contact (a car along a wall) scrapes the paint whatever its energy.
  if (hit.slide_mps > 1.0 && std::isfinite(hit.slide_m)) scrape_m_[z] += hit.slide_m;
  const double energy = impact_energy(hit.impulse_ns, mass_);
  if (energy < tuning_.threshold_j) return;
  ++impacts_;
  last_impact_j_ = energy;
  zone_energy_[z] += energy;
  zone_level_[z] = level_of(zone_energy_[z], tuning_.zone_energy_j);
  const auto w = static_cast<std::size_t>(nearest_wheel(hit.point));
  tyre_energy_[w] += energy;
  tyre_level_[w] = level_of(tyre_energy_[w], tuning_.tyre_energy_j);
  // Glancing: the contact still slides at more than twice the normal speed change.
  const bool scuff = hit.slide_mps > 2.0 * hit.impulse_ns / mass_;
  add_mark(on_outline(hit.point, zone), zone, energy, scuff);
}

// ---------------------------------------------------------------- 4. marks

Vec2 Damage::on_outline(Vec2 point, DamageZone zone) const {
  Vec2 p{std::clamp(point.x, rear_, front_), std::clamp(point.y, -half_width_, half_width_)};
  switch (zone) {
    case DamageZone::Front: p.x = front_; break;
    case DamageZone::Rear: p.x = rear_; break;
    case DamageZone::Left: p.y = half_width_; break;
    case DamageZone::Right: p.y = -half_width_; break;
  }
  return p;
}

void Damage::add_mark(Vec2 point, DamageZone zone, double energy, bool scuff) {
  // Deepen the nearest mark of the same zone if close (or if there is no room for another).
  int nearest = -1;
  double best = 0.0;
  for (int i = 0; i < mark_count_; ++i) {
    const DamageMark& m = marks_[static_cast<std::size_t>(i)];
    if (m.zone != zone && mark_count_ < kMaxDamageMarks) continue;
    const double d2 = length_squared(m.point - point);
    if (nearest < 0 || d2 < best) {
      nearest = i;
      best = d2;
    }
  }
  const bool merge = nearest >= 0 && (best <= square(tuning_.mark_merge_m) || mark_count_ == kMaxDamageMarks);
  if (!merge) {
    marks_[static_cast<std::size_t>(mark_count_++)] = {point, zone, energy, level_of(energy, tuning_.zone_energy_j), scuff};
    return;
  }
  DamageMark& m = marks_[static_cast<std::size_t>(nearest)];
  // The mark moves towards the new hit in proportion to its energy.
  m.point = m.point + (point - m.point) * (energy / (m.energy_j + energy));
  m.energy_j += energy;
  m.severity = level_of(m.energy_j, tuning_.zone_energy_j);
  m.scuff = m.scuff && scuff;  // a dent on a scratch makes it a dent
}

// ---------------------------------------------------------------- 5. effects, summary, hash

DamageEffects Damage::effects() const {
  DamageEffects e;
  const auto lv = [this](DamageZone z) { return level(z); };
  e.steer_offset = tuning_.max_steer_pull * (lv(DamageZone::Left) - lv(DamageZone::Right));
  e.torque_factor = 1.0 - tuning_.max_power_loss * std::max(lv(DamageZone::Front), 0.5 * lv(DamageZone::Rear));
  for (std::size_t i = 0; i < 4; ++i) e.grip_factor[i] = 1.0 - tuning_.max_grip_loss * tyre_level_[i];
  return e;
}

DamageSummary Damage::summary() const {
  DamageSummary s;
  s.zones = zone_level_;
  s.tyres = tyre_level_;
  s.scrape_m = scrape_m_;
  s.marks = marks_;
  s.mark_count = mark_count_;
  s.impacts = impacts_;
  s.worst = *std::max_element(zone_level_.begin(), zone_level_.end());
  s.last_impact_j = last_impact_j_;
  s.effects = effects();
  return s;
}

void Damage::hash_into(Hash64& h) const {
  for (double e : zone_energy_) h.add(e);
  for (double e : tyre_energy_) h.add(e);
  for (double s : scrape_m_) h.add(s);
  h.add(mark_count_);
  for (int i = 0; i < mark_count_; ++i) {
    const DamageMark& m = marks_[static_cast<std::size_t>(i)];
    h.add(m.point.x);
    h.add(m.point.y);
    h.add(m.energy_j);
    h.add(m.scuff);
  }
  h.add(impacts_);
}

}  // namespace racer
