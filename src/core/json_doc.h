#pragma once
// JsonDoc: a parsed JSON data file that remembers where every value and object key sits
// in the text, so loaders can report "file:line:col: message". nlohmann::json does the
// parsing; a small non-recursive scanner then walks the same text and records the 1-based
// line and column of each value and key by JSON pointer ("/body/width", "/gears/2").
// Hostile input (huge, deeply nested, non-finite numbers, bad UTF-8) becomes a DataError,
// never a crash, a hang or a huge allocation.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace racer {

/// 1-based line and column (column counts UTF-8 code points; a tab is one column).
struct TextPosition {
  int line = 1;
  int column = 1;
};

/// Limits applied before and while parsing.
struct JsonLimits {
  std::size_t max_bytes = std::size_t{4} << 20;  ///< larger files are rejected (4 MiB)
  int max_depth = 64;                            ///< deepest allowed nesting of [ and {
};

class JsonDoc {
 public:
  using Limits = JsonLimits;

  /// Parses `text`; `file_name` is used in error messages. Returns every error found
  /// (for a syntax error that is the first one: JSON parsing cannot go on after it).
  static Result<JsonDoc> parse(std::string_view text, std::string file_name, Limits limits = {});
  /// Reads and parses a file; a missing or unreadable file is a DataError naming it.
  static Result<JsonDoc> load_file(const std::string& path, Limits limits = {});

  /// The parsed value.
  const nlohmann::json& root() const { return root_; }
  /// File name used in messages.
  const std::string& file_name() const { return file_name_; }

  /// Position of the value at `pointer`; falls back to the nearest recorded ancestor.
  TextPosition position(std::string_view pointer) const;
  /// Position of the object key naming the member at `pointer`, if it is an object member.
  std::optional<TextPosition> key_position(std::string_view pointer) const;

  /// An error located at the value at `pointer`.
  DataError error_at(std::string_view pointer, std::string message) const;
  /// An error located at the key of the member at `pointer` (or its value if no key).
  DataError error_at_key(std::string_view pointer, std::string message) const;

  /// `base` + "/" + `key`, with "~" and "/" escaped as JSON pointer requires.
  static std::string child_pointer(std::string_view base, std::string_view key);
  /// `base` + "/" + `index`.
  static std::string child_pointer(std::string_view base, std::size_t index);

 private:
  JsonDoc() = default;

  nlohmann::json root_;
  std::string file_name_;
  // pointer -> position, sorted by pointer (a flat list: about half the memory of a map).
  using PositionList = std::vector<std::pair<std::string, TextPosition>>;
  PositionList values_;  // of every value
  PositionList keys_;    // of every object member's key
};

}  // namespace racer
