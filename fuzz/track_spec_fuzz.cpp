// Fuzz target: the track file loader (parse_track_spec, then save and reload).
#include "fuzz_check.h"
#include "track/track_spec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace racer;
  const Result<TrackSpec> spec = parse_track_spec(fuzz::as_text(data, size), "track.json");
  if (!spec.ok()) {
    fuzz::check_errors(spec.errors(), "track.json");
    return 0;
  }
  fuzz::check_round_trip(save_track_spec(spec.value()), save_track_spec, parse_track_spec);
  return 0;
}
