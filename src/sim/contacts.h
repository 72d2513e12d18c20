#pragma once
// Contact counting: Box2D reports when two fixtures begin touching; each begin counts once
// for the car(s) involved, against a wall/obstacle or against another car.
// Contact impulses (for damage): when given a list, PostSolve appends each touching
// contact's summed normal impulse once per car involved, in that car's body frame.
#include <box2d/b2_world_callbacks.h>

#include <cstdint>
#include <vector>

#include "core/vec2.h"

namespace racer {

struct ContactCounts {
  int walls = 0;  ///< contact begins with static geometry (walls, barriers, obstacles)
  int cars = 0;   ///< contact begins with another car
};

/// One car's share of one solved contact (PostSolve; Box2D may solve a contact twice in a
/// step, once in the regular solve and once in a time-of-impact sub-step).
struct ContactImpulse {
  int car = 0;             ///< car index
  int other = -1;          ///< the other car's index, -1 for static geometry
  double impulse_ns = 0.0; ///< sum of the manifold points' normal impulses, N·s
  Vec2 point;              ///< impulse-weighted contact point, the car's body frame, m
  Vec2 normal;             ///< unit, from this car towards the other body, body frame
  double slide_mps = 0.0;  ///< tangential speed of the contact after the solve, m/s
};

/// Bodies carry their car index + 1 in userData.pointer; 0 marks static geometry.
class ContactCounter final : public b2ContactListener {
 public:
  explicit ContactCounter(std::vector<ContactCounts>& counts) : counts_(counts) {}
  void BeginContact(b2Contact* contact) override;
  void PostSolve(b2Contact* contact, const b2ContactImpulse* impulse) override;
  /// Where PostSolve appends impulses; nullptr (the default) = not collected.
  void collect_impulses(std::vector<ContactImpulse>* out) { impulses_ = out; }

 private:
  std::vector<ContactCounts>& counts_;
  std::vector<ContactImpulse>* impulses_ = nullptr;
};

}  // namespace racer
