#pragma once
// Contact points: where the cars touch walls, obstacles and each other after a step, read
// from Box2D's contact lists (read-only: nothing in the World changes, so the state hash
// cannot). For effects (sparks) and anything else that needs to see a contact's place.
#include <vector>

#include "core/vec2.h"

namespace racer {

class World;

/// One touching contact of car `car` with static geometry (other = -1) or with car `other`
/// (each pair once, from the lower index).
struct ContactPoint {
  int car = 0;             ///< car index
  int other = -1;          ///< the other car's index, -1 for walls, barriers and obstacles
  Vec2 point;              ///< m, world: the mean of the manifold's points
  Vec2 normal;             ///< unit, world, from `car` towards the other body
  double slide_mps = 0.0;  ///< m/s, speed of the two surfaces past each other at the point
};

/// Fills `out` (cleared first) with every touching contact after the World's last step, in a
/// fixed order (cars by index, then Box2D's contact list order, which is deterministic).
void touching_contacts(const World& world, std::vector<ContactPoint>& out);

}  // namespace racer
