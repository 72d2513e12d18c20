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

}  // namespace racer
