#include "race/grid_jitter.h"

#include <cmath>

#include "ai/rng.h"

namespace racer {

void jitter_grid(Race& race, double jitter, std::uint64_t seed) {
  if (jitter <= 0.0) return;
  for (std::size_t i = 0; i < race.world().car_count(); ++i) {
    AiRng rng(seed * 0x100000001b3ull + i);
    Car& car = race.world().car(i);
    const double h = car.heading();
    car.place(car.position() + Vec2{std::cos(h), std::sin(h)} * rng.uniform(-jitter, jitter), h, 0.0);
  }
}

}  // namespace racer
