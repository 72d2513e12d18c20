#include "race/contact_count.h"

#include <box2d/b2_body.h>
#include <box2d/b2_contact.h>

#include "sim/world.h"

namespace racer {

void ContactCount::resize(std::size_t n) {
  if (walls_.size() == n) return;
  walls_.assign(n, 0);
  cars_.assign(n, 0);
  wall_touch_.assign(n, -1e9);
  pair_touch_.assign(n * n, -1e9);
}

void ContactCount::update(const World& world, const std::vector<bool>& finished) {
  const std::size_t n = world.car_count();
  resize(n);
  const double now = world.time();
  counted_.clear();
  for (std::size_t i = 0; i < n; ++i) {
    for (const b2ContactEdge* e = world.car(i).body()->GetContactList(); e != nullptr; e = e->next) {
      if (!e->contact->IsTouching()) continue;
      if (e->other->GetType() == b2_staticBody) {
        if (!finished[i] && now - wall_touch_[i] > kContactGap) {
          ++walls_[i];
          counted_.push_back({static_cast<int>(i), -1, true, false});
        }
        wall_touch_[i] = now;
        continue;
      }
      const auto j = static_cast<std::size_t>(e->other->GetUserData().pointer) - 1;  // car index + 1
      if (j >= n || j <= i) continue;  // each pair once, from its lower index
      double& last = pair_touch_[i * n + j];
      if (now - last > kContactGap) {
        if (!finished[i]) ++cars_[i];
        if (!finished[j]) ++cars_[j];
        counted_.push_back({static_cast<int>(i), static_cast<int>(j), !finished[i], !finished[j]});
      }
      last = now;
    }
  }
}

}  // namespace racer
