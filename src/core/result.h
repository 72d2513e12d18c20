#pragma once
// DataError and Result<T>: error values for bad data (design rule 4). A loader returns
// either the loaded value or every problem it found, each as "file:line:col: message".
#include <cassert>
#include <string>
#include <utility>
#include <optional>
#include <vector>

namespace racer {

/// One problem in a data file, located by 1-based line and column (0 = no position).
struct DataError {
  std::string file;     ///< file name as given to the loader (may be empty)
  int line = 0;         ///< 1-based line, 0 when the error has no position
  int column = 0;       ///< 1-based column in characters (UTF-8 code points), 0 = unknown
  std::string message;  ///< what is wrong and what was expected

  /// "file:line:col: message"; ":line:col" is omitted when line is 0.
  std::string to_string() const {
    std::string out = file;
    if (line > 0) {
      out += ':' + std::to_string(line);
      if (column > 0) out += ':' + std::to_string(column);
    }
    if (!out.empty()) out += ": ";
    out += message;
    return out;
  }
};

/// Joins errors one per line (no trailing newline).
inline std::string join_errors(const std::vector<DataError>& errors) {
  std::string out;
  for (const DataError& e : errors) {
    if (!out.empty()) out += '\n';
    out += e.to_string();
  }
  return out;
}

/// Either a T or a non-empty list of DataErrors (all errors found, not just the first).
template <class T>
class Result {
 public:
  /// Success.
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
  /// Failure; `errors` must not be empty.
  Result(std::vector<DataError> errors) : errors_(std::move(errors)) {  // NOLINT
    assert(!errors_.empty() && "Result: failure needs at least one error");
  }
  /// Failure with a single error.
  Result(DataError error) : errors_{std::move(error)} {}  // NOLINT

  /// True when a value is held.
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }

  /// The value; only call when ok() (programming error otherwise).
  const T& value() const& { assert(ok()); return *value_; }
  T& value() & { assert(ok()); return *value_; }
  T&& value() && { assert(ok()); return *std::move(value_); }

  /// The errors; empty when ok().
  const std::vector<DataError>& errors() const { return errors_; }
  /// All errors as text, one "file:line:col: message" per line; empty when ok().
  std::string error_text() const { return join_errors(errors()); }

 private:
  // Not a std::variant: GCC 12 gives false -Wmaybe-uninitialized warnings for it.
  std::optional<T> value_;
  std::vector<DataError> errors_;
};

}  // namespace racer
