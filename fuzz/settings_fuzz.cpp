// Fuzz target: the settings loader. parse_settings always gives settings (bad values at
// their defaults) plus the errors found; the settings it gives save and reload cleanly.
#include "fuzz_check.h"
#include "game/settings.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace racer;
  const SettingsParse parsed = parse_settings(fuzz::as_text(data, size), "settings.json");
  if (!parsed.errors.empty()) fuzz::check_errors(parsed.errors, "settings.json");
  if (parsed.whole_file_rejected) {
    if (parsed.errors.empty()) fuzz::fail("rejected with no error");
    if (!(parsed.settings == Settings{})) fuzz::fail("rejected but the settings are not the defaults");
    return 0;  // the defaults' round trip is the same every time: checked on the seed files
  }
  const std::string saved = settings_to_json(parsed.settings);
  const SettingsParse again = parse_settings(saved, "saved.json");
  if (!again.errors.empty()) {
    fuzz::fail("saved settings do not load:\n" + saved + "\n" + join_errors(again.errors));
  }
  if (settings_to_json(again.settings) != saved) fuzz::fail("save(load(save(x))) differs:\n" + saved);
  return 0;
}
