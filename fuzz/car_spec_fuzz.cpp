// Fuzz target: the car file loader (parse_car_spec, then save and reload).
#include "fuzz_check.h"
#include "vehicle/car_spec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace racer;
  const Result<CarSpec> spec = parse_car_spec(fuzz::as_text(data, size), "car.json");
  if (!spec.ok()) {
    fuzz::check_errors(spec.errors(), "car.json");
    return 0;
  }
  fuzz::check_round_trip(save_car_spec(spec.value()), save_car_spec, parse_car_spec);
  return 0;
}
