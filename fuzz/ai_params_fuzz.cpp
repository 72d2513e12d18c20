// Fuzz target: the AI profile loader (parse_ai_params, then save and reload).
#include "ai/ai_params.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace racer;
  const Result<AiParams> params = parse_ai_params(fuzz::as_text(data, size), "profile.json");
  if (!params.ok()) {
    fuzz::check_errors(params.errors(), "profile.json");
    return 0;
  }
  fuzz::check_round_trip(save_ai_params(params.value()), save_ai_params, parse_ai_params);
  return 0;
}
