#pragma once
// The cars for tests: `shipped_car("sedan")` loads assets/cars/sedan.json, `reference_sedan()`
// a fixed car kept for the tests; a car that does not load fails the test with the loader's
// message (file:line:col).
#include <gtest/gtest.h>

#include <string>

#include "test_paths.h"
#include "vehicle/car_spec.h"

namespace racer::test {

inline CarSpec shipped_car(const std::string& name) {
  Result<CarSpec> r = load_car_spec(car_path(name));
  EXPECT_TRUE(r.ok()) << r.error_text();
  return r.ok() ? r.value() : CarSpec{};
}

// A fixed rear-drive sedan for tests of one feature's effect, whose figures must not move
// when the shipped cars are retuned: tests/vehicle/reference_sedan.json (a Pacejka tyre with
// a weak load sensitivity, the balance from rear_cornering_factor 1.8, no optional keys).
inline CarSpec reference_sedan() {
  Result<CarSpec> r = load_car_spec(source_path("tests/vehicle/reference_sedan.json"));
  EXPECT_TRUE(r.ok()) << r.error_text();
  return r.ok() ? r.value() : CarSpec{};
}

}  // namespace racer::test
