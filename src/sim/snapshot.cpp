#include "sim/snapshot.h"

#include "core/math.h"

namespace racer {
namespace {

Vec2 mix(Vec2 a, Vec2 b, double t) { return a + (b - a) * t; }
double mix_angle(double a, double b, double t) { return a + wrap_angle(b - a) * t; }

}  // namespace

WorldSnapshot interpolate(const WorldSnapshot& a, const WorldSnapshot& b, double alpha) {
  WorldSnapshot out = b;
  out.time = lerp(a.time, b.time, alpha);
  if (a.cars.size() != b.cars.size()) return out;  // a car was added: nothing to blend
  for (std::size_t i = 0; i < b.cars.size(); ++i) {
    const CarSnapshot& ca = a.cars[i];
    CarSnapshot& co = out.cars[i];
    co.position = mix(ca.position, b.cars[i].position, alpha);
    co.heading = mix_angle(ca.heading, b.cars[i].heading, alpha);
    co.velocity = mix(ca.velocity, b.cars[i].velocity, alpha);
    co.pitch = lerp(ca.pitch, b.cars[i].pitch, alpha);
    co.roll = lerp(ca.roll, b.cars[i].roll, alpha);
    for (std::size_t w = 0; w < co.wheels.size(); ++w) {
      co.wheels[w].position = mix(ca.wheels[w].position, b.cars[i].wheels[w].position, alpha);
      co.wheels[w].steer = lerp(ca.wheels[w].steer, b.cars[i].wheels[w].steer, alpha);
      co.wheels[w].spin_angle = mix_angle(ca.wheels[w].spin_angle, b.cars[i].wheels[w].spin_angle, alpha);
    }
  }
  return out;
}

}  // namespace racer
