#pragma once
// Contact counting: Box2D reports when two fixtures begin touching; each begin counts once
// for the car(s) involved, against a wall/obstacle or against another car.
#include <box2d/b2_world_callbacks.h>

#include <cstdint>
#include <vector>

namespace racer {

struct ContactCounts {
  int walls = 0;  ///< contact begins with static geometry (walls, barriers, obstacles)
  int cars = 0;   ///< contact begins with another car
};

/// Bodies carry their car index + 1 in userData.pointer; 0 marks static geometry.
class ContactCounter final : public b2ContactListener {
 public:
  explicit ContactCounter(std::vector<ContactCounts>& counts) : counts_(counts) {}
  void BeginContact(b2Contact* contact) override;

 private:
  std::vector<ContactCounts>& counts_;
};

}  // namespace racer
