#pragma once
// ObjectReader: typed, validating reads from one JSON object of a JsonDoc, shared by every
// loader (cars, tracks, AI profiles). Each read checks type and range; a problem is added
// to a shared error list with its file:line:col and reading goes on, so one pass reports
// every problem. After reading, finish() reports keys that were never read (typos).
//
//   std::vector<DataError> errors;
//   ObjectReader root = root_reader(doc, errors);
//   format_version(root, 1);
//   double mass = root.number("mass_kg", 100, 5000, "kg");
//   if (auto body = root.object("body", true)) { w = body->number("width", 1, 3, "metres");
//                                                body->finish(); }
//   root.finish();   // then: errors.empty() ? value : Result{errors}
//
// Messages: `"width" must be a number of metres in [4, 60], got "wide"` (at the value),
// `missing required key "mass_kg" (a number of kg in [100, 5000])` (at the object's '{'),
// `unknown key "widht" in "body" (did you mean "width"?)` (at the key).
// A reader refers to its JsonDoc and error list: it must not outlive either.
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_doc.h"
#include "core/result.h"

namespace racer {

/// Shortest text that reads back as `v`, at least 6 significant digits: 4, 60, 0.5, 1e-06;
/// -0.0 as "0".
std::string format_number(double v);
/// A JSON value as compact JSON text for messages, cut to about 40 characters ("...").
std::string describe_json(const nlohmann::json& value);

class ObjectReader {
 public:
  /// max_count meaning "no upper limit".
  static constexpr std::size_t kNoLimit = std::numeric_limits<std::size_t>::max();

  /// Required number in [min, max] (either may be infinite); unit is a phrase for messages
  /// ("metres", "kg", "N·m", "" for plain). On error returns a value clamped into range.
  double number(std::string_view key, double min, double max, std::string_view unit);
  /// Optional number in [min, max]; `fallback` when absent or on error.
  double number(std::string_view key, double min, double max, std::string_view unit,
                double fallback);
  /// Required integer in [min, max] (2.0 counts as an integer). On error: clamped / min.
  int integer(std::string_view key, int min, int max);
  /// Optional integer in [min, max]; `fallback` when absent or on error.
  int integer(std::string_view key, int min, int max, int fallback);
  /// Required true/false. On error: false.
  bool boolean(std::string_view key);
  /// Optional true/false; `fallback` when absent or on error.
  bool boolean(std::string_view key, bool fallback);
  /// Required non-empty string. On error: "".
  std::string string(std::string_view key);
  /// Optional string (may be empty); `fallback` when absent or on error.
  std::string string(std::string_view key, std::string fallback);
  /// Required word from `allowed` (the message lists them). On error: the first allowed.
  std::string choice(std::string_view key, std::initializer_list<std::string_view> allowed);
  /// Optional word from `allowed`; `fallback` when absent or on error.
  std::string choice(std::string_view key, std::initializer_list<std::string_view> allowed,
                     std::string_view fallback);
  /// Required array of min_count..max_count numbers, each in [min, max]. Returns at most
  /// max_count values; a bad element is reported at its position and read as clamped / min.
  std::vector<double> numbers(std::string_view key, double min, double max,
                              std::string_view unit, std::size_t min_count,
                              std::size_t max_count);
  /// Optional array of numbers; `fallback` when absent or when the value is not an array.
  std::vector<double> numbers(std::string_view key, double min, double max,
                              std::string_view unit, std::size_t min_count,
                              std::size_t max_count, std::vector<double> fallback);
  /// Member object; nullopt when absent (an error if required) or not an object (an error).
  std::optional<ObjectReader> object(std::string_view key, bool required);
  /// Array of objects, each one a reader (call finish() on each). At most max_count
  /// readers; an element that is not an object is reported and gives an invalid reader,
  /// so indices still match the file.
  std::vector<ObjectReader> objects(std::string_view key, std::size_t min_count,
                                    std::size_t max_count, bool required);

  /// True when the object has `key` (does not count as reading it).
  bool has(std::string_view key) const;
  /// The raw value of `key` for shapes the typed reads do not cover, or nullptr when
  /// absent; counts as reading it. Report problems with error().
  const nlohmann::json* raw(std::string_view key);
  /// Reports an error at this key's value (or at the object if the key is absent);
  /// `message` is used as is. Counts as reading the key. Silent on an invalid reader.
  void error(std::string_view key, std::string message);
  /// Reports an error located at this object's opening brace. Silent on an invalid reader.
  void object_error(std::string message);
  /// Reports every key that was never read as unknown, at the key:
  /// `unknown key "widht" in "body"`, plus `(did you mean "width"?)` when a key that was
  /// asked for but is absent is close. Call once after reading; later calls do nothing.
  void finish();

  /// False when this reader stands for a value that was not an object (already reported):
  /// reads then return their fallbacks silently, so one mistake gives one message.
  bool valid() const { return value_ != nullptr; }
  /// JSON pointer of this object ("" for the root, "/body", "/wheels/2").
  const std::string& pointer() const { return pointer_; }
  /// Readable path for messages ("" for the root, "body", "chassis.body", "wheels[2]").
  const std::string& path() const { return path_; }
  /// The document this reader reads from.
  const JsonDoc& doc() const { return *doc_; }

 private:
  friend ObjectReader root_reader(const JsonDoc& doc, std::vector<DataError>& errors);
  ObjectReader(const JsonDoc& doc, const nlohmann::json* value, std::string pointer,
               std::string path, std::vector<DataError>& errors);

  const nlohmann::json* find(std::string_view key);  // marks read; nullptr if absent
  void missing(std::string_view key, const std::string& expected);
  void wrong(std::string_view key, const std::string& expected, const nlohmann::json& got);
  double read_number(std::string_view key, double min, double max, std::string_view unit,
                     const double* fallback);
  int read_integer(std::string_view key, int min, int max, const int* fallback);
  std::string read_choice(std::string_view key, std::initializer_list<std::string_view> allowed,
                          const std::string_view* fallback);
  const nlohmann::json* read_array(std::string_view key, const std::string& expected,
                                   std::size_t min_count, std::size_t max_count, bool required);
  std::string child_path(std::string_view key) const;

  const JsonDoc* doc_;
  const nlohmann::json* value_;  // the object, or nullptr for an invalid reader
  std::string pointer_;
  std::string path_;
  std::vector<DataError>* errors_;
  std::set<std::string, std::less<>> asked_;  // every key read or asked for
  bool finished_ = false;
};

/// Reader for the document's top-level value, which must be an object (else an error and
/// an invalid reader).
ObjectReader root_reader(const JsonDoc& doc, std::vector<DataError>& errors);

/// Reads the required integer key "format" and checks it against the newest version this
/// build reads (`supported`). Returns the version (1..supported, so loaders can upgrade old
/// files) or 0 after reporting an error such as `"format" 7 is newer than this game
/// supports (1)`.
int format_version(ObjectReader& reader, int supported);

}  // namespace racer
