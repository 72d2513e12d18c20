#include "sim/contact_points.h"

#include <box2d/box2d.h>

#include "sim/world.h"

namespace racer {

void touching_contacts(const World& world, std::vector<ContactPoint>& out) {
  out.clear();
  const std::size_t n = world.car_count();
  for (std::size_t i = 0; i < n; ++i) {
    const b2Body* body = world.car(i).body();
    for (const b2ContactEdge* e = body->GetContactList(); e != nullptr; e = e->next) {
      const b2Contact* contact = e->contact;
      if (!contact->IsTouching()) continue;
      const int count = contact->GetManifold()->pointCount;
      if (count <= 0) continue;
      int other = -1;
      if (e->other->GetType() != b2_staticBody) {
        const auto j = static_cast<std::size_t>(e->other->GetUserData().pointer) - 1;  // car index + 1
        if (j >= n || j <= i) continue;  // each pair once, from its lower index
        other = static_cast<int>(j);
      }
      b2WorldManifold manifold;
      contact->GetWorldManifold(&manifold);
      b2Vec2 point(0.0f, 0.0f);
      for (int k = 0; k < count; ++k) point += manifold.points[k];
      point *= 1.0f / static_cast<float>(count);
      // The manifold's normal points from fixture A to fixture B; turn it to point away from this car.
      const b2Vec2 normal = contact->GetFixtureA()->GetBody() == body ? manifold.normal : -manifold.normal;
      const b2Vec2 relative = body->GetLinearVelocityFromWorldPoint(point) - e->other->GetLinearVelocityFromWorldPoint(point);
      const b2Vec2 tangent = relative - b2Dot(relative, normal) * normal;
      out.push_back({static_cast<int>(i), other, {point.x, point.y}, {normal.x, normal.y},
                     static_cast<double>(tangent.Length())});
    }
  }
}

}  // namespace racer
