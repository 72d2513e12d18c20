#pragma once
// The shipped cars for tests: `shipped_car("sedan")` loads assets/cars/sedan.json, and a
// car that does not load fails the test with the loader's message (file:line:col).
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

}  // namespace racer::test
