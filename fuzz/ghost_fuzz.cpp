// Fuzz target: the ghost file loader (parse_ghost, then save and reload).
#include "fuzz_check.h"
#include "game/ghost.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace racer;
  const Result<Ghost> ghost = parse_ghost(fuzz::as_text(data, size), "ghost.json");
  if (!ghost.ok()) {
    fuzz::check_errors(ghost.errors(), "ghost.json");
    return 0;
  }
  fuzz::check_round_trip(ghost_to_json(ghost.value()), ghost_to_json, parse_ghost);
  return 0;
}
