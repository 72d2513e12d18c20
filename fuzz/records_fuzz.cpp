// Fuzz target: the records file loader (parse_records, then save and reload).
#include "fuzz_check.h"
#include "game/records.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace racer;
  const Result<Records> records = parse_records(fuzz::as_text(data, size), "records.json");
  if (!records.ok()) {
    fuzz::check_errors(records.errors(), "records.json");
    return 0;
  }
  fuzz::check_round_trip(records_to_json(records.value()), records_to_json, parse_records);
  return 0;
}
