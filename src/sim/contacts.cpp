#include "sim/contacts.h"

#include <box2d/box2d.h>

namespace racer {
namespace {

/// Car index of a fixture's body, or -1 for static geometry.
int car_of(b2Fixture* f) { return static_cast<int>(f->GetBody()->GetUserData().pointer) - 1; }

}  // namespace

void ContactCounter::BeginContact(b2Contact* contact) {
  const int a = car_of(contact->GetFixtureA()), b = car_of(contact->GetFixtureB());
  const auto valid = [this](int i) { return i >= 0 && static_cast<std::size_t>(i) < counts_.size(); };
  if (valid(a) && valid(b)) {
    ++counts_[static_cast<std::size_t>(a)].cars;
    ++counts_[static_cast<std::size_t>(b)].cars;
  } else if (valid(a)) {
    ++counts_[static_cast<std::size_t>(a)].walls;
  } else if (valid(b)) {
    ++counts_[static_cast<std::size_t>(b)].walls;
  }
}

void ContactCounter::PostSolve(b2Contact* contact, const b2ContactImpulse* impulse) {
  if (impulses_ == nullptr) return;
  const int n = impulse->count;
  b2WorldManifold manifold;
  contact->GetWorldManifold(&manifold);
  double total = 0.0;
  b2Vec2 point(0.0f, 0.0f);
  for (int i = 0; i < n; ++i) {
    const float j = impulse->normalImpulses[i];
    total += static_cast<double>(j);
    point += j * manifold.points[i];
  }
  if (!(total > 0.0)) return;
  point *= static_cast<float>(1.0 / total);
  b2Body* body_a = contact->GetFixtureA()->GetBody();
  b2Body* body_b = contact->GetFixtureB()->GetBody();
  const b2Vec2 relative = body_a->GetLinearVelocityFromWorldPoint(point) - body_b->GetLinearVelocityFromWorldPoint(point);
  const b2Vec2 tangent = relative - b2Dot(relative, manifold.normal) * manifold.normal;
  const int a = car_of(contact->GetFixtureA()), b = car_of(contact->GetFixtureB());
  const auto valid = [this](int i) { return i >= 0 && static_cast<std::size_t>(i) < counts_.size(); };
  // The manifold normal points from A to B.
  const auto add = [&](int car, int other, b2Body* body, b2Vec2 outward) {
    const b2Vec2 p = body->GetLocalPoint(point), v = body->GetLocalVector(outward);
    impulses_->push_back({car, valid(other) ? other : -1, total, {p.x, p.y}, {v.x, v.y},
                          static_cast<double>(tangent.Length())});
  };
  if (valid(a)) add(a, b, body_a, manifold.normal);
  if (valid(b)) add(b, a, body_b, -manifold.normal);
}

}  // namespace racer
