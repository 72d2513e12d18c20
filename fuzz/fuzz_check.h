#pragma once
// Checks shared by the loaders' fuzz targets. A loader given any bytes must return either
// a value or errors that each name the file, a line and a column; a value it returns must
// save to text that loads again and saves to the same text. A broken rule aborts, which
// libFuzzer reports as a crash with the input that caused it.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace racer::fuzz {

/// The fuzzer's bytes as text.
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// Prints `what` and aborts (libFuzzer then saves the input as crash-*).
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
  std::abort();
}

/// Every error names `file`, a line and a column, and says something.
inline void check_errors(const std::vector<DataError>& errors, const std::string& file) {
  if (errors.empty()) fail("a failure with no error");
  for (const DataError& e : errors) {
    if (e.file != file || e.line < 1 || e.column < 1 || e.message.empty()) {
      fail("an error without file:line:col: \"" + e.to_string() + "\"");
    }
  }
}

/// For a loaded value: save(value) loads again, and saving that gives the same text.
template <class Save, class Parse>
void check_round_trip(const std::string& saved, Save save, Parse parse) {
  const auto again = parse(saved, "saved.json");
  if (!again.ok()) fail("saved text does not load:\n" + saved + "\n" + again.error_text());
  const std::string resaved = save(again.value());
  if (resaved != saved) fail("save(load(save(x))) differs:\n" + saved + "\n---\n" + resaved);
}

}  // namespace racer::fuzz
