// ObjectReader implementation.
//
// Sections
//   1. message text   numbers, values, ranges, counts, suggestions
//   2. ObjectReader   scalar reads, arrays, objects, errors, finish
//   3. entry points   root_reader, format_version
#include "core/json_reader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <utility>

namespace racer {
namespace {

// ---- 1. message text -------------------------------------------------------------------

constexpr std::size_t kMaxShown = 40;

std::string in_quotes(std::string_view s) { return "\"" + std::string(s) + "\""; }

/// " in [a, b]", " >= a", " <= b" or "" for unbounded.
std::string range_text(double min, double max) {
  const bool has_min = std::isfinite(min), has_max = std::isfinite(max);
  if (has_min && has_max) return " in [" + format_number(min) + ", " + format_number(max) + "]";
  if (has_min) return " >= " + format_number(min);
  if (has_max) return " <= " + format_number(max);
  return "";
}

std::string number_text(double min, double max, std::string_view unit, bool plural) {
  std::string out = plural ? "numbers" : "a number";
  if (!unit.empty()) out += " of " + std::string(unit);
  return out + range_text(min, max);
}

std::string integer_text(int min, int max) {
  return "an integer in [" + std::to_string(min) + ", " + std::to_string(max) + "]";
}

std::string list_words(std::initializer_list<std::string_view> words) {
  std::string out;
  for (const std::string_view w : words) {
    if (!out.empty()) out += ", ";
    out += in_quotes(w);
  }
  return out;
}

/// "2 to 8", "exactly 4", "at least 1"; "" when there is no limit at all.
std::string count_text(std::size_t min_count, std::size_t max_count) {
  if (max_count == ObjectReader::kNoLimit) {
    return min_count == 0 ? "" : "at least " + std::to_string(min_count);
  }
  if (min_count == max_count) return "exactly " + std::to_string(min_count);
  if (min_count == 0) return "at most " + std::to_string(max_count);
  return std::to_string(min_count) + " to " + std::to_string(max_count);
}

/// "an array of 2 to 8 <plural_noun>".
std::string array_text(std::size_t min_count, std::size_t max_count,
                       const std::string& plural_noun) {
  if (min_count == 1 && max_count == ObjectReader::kNoLimit) {
    return "a non-empty array of " + plural_noun;
  }
  const std::string count = count_text(min_count, max_count);
  return "an array of " + (count.empty() ? "" : count + " ") + plural_noun;
}

/// The integer value of a JSON number (2 and 2.0 alike), if it is one that fits int64.
std::optional<std::int64_t> as_integer(const nlohmann::json& v) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return std::nullopt;
    }
    return static_cast<std::int64_t>(u);
  }
  if (v.is_number_integer()) return v.get<std::int64_t>();
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e18) {
      return static_cast<std::int64_t>(d);
    }
  }
  return std::nullopt;
}

/// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

std::string format_number(double v) {
  if (!std::isfinite(v)) return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
  // Both zeros as "0": "-0" would read back as the integer 0, so a file holding -0.0 would
  // not save to the same text twice.
  if (v == 0.0) return "0";
  char buf[40];
  for (int precision = 6; precision <= 17; ++precision) {
    const auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, precision);
    double back = 0.0;
    std::from_chars(buf, res.ptr, back);
    if (back == v || precision == 17) return std::string(buf, res.ptr);
  }
  return {};  // not reached
}

std::string describe_json(const nlohmann::json& value) {
  std::string text;
  if (value.is_number_float()) {
    text = format_number(value.get<double>());
  } else {
    text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  if (text.size() <= kMaxShown) return text;
  std::size_t n = kMaxShown;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0u) == 0x80u) --n;
  return text.substr(0, n) + "...";
}

// ---- 2. ObjectReader -------------------------------------------------------------------

ObjectReader::ObjectReader(const JsonDoc& doc, const nlohmann::json* value, std::string pointer,
                           std::string path, std::vector<DataError>& errors)
    : doc_(&doc),
      value_(value),
      pointer_(std::move(pointer)),
      path_(std::move(path)),
      errors_(&errors) {}

const nlohmann::json* ObjectReader::find(std::string_view key) {
  if (!valid()) return nullptr;
  if (asked_.find(key) == asked_.end()) asked_.emplace(key);
  const auto it = value_->find(std::string(key));
  return it == value_->end() ? nullptr : &*it;
}

bool ObjectReader::has(std::string_view key) const {
  return valid() && value_->contains(std::string(key));
}

const nlohmann::json* ObjectReader::raw(std::string_view key) { return find(key); }

void ObjectReader::error(std::string_view key, std::string message) {
  if (!valid()) return;  // already reported as not an object
  if (find(key) != nullptr) {
    errors_->push_back(doc_->error_at(JsonDoc::child_pointer(pointer_, key), std::move(message)));
  } else {
    object_error(std::move(message));
  }
}

void ObjectReader::object_error(std::string message) {
  if (!valid()) return;
  errors_->push_back(doc_->error_at(pointer_, std::move(message)));
}

void ObjectReader::missing(std::string_view key, const std::string& expected) {
  object_error("missing required key " + in_quotes(key) + " (" + expected + ")");
}

void ObjectReader::wrong(std::string_view key, const std::string& expected,
                         const nlohmann::json& got) {
  error(key, in_quotes(key) + " must be " + expected + ", got " + describe_json(got));
}

double ObjectReader::read_number(std::string_view key, double min, double max,
                                 std::string_view unit, const double* fallback) {
  const double on_error = fallback ? *fallback : std::clamp(0.0, min, max);
  const nlohmann::json* v = find(key);
  if (v == nullptr) {
    if (fallback == nullptr && valid()) missing(key, number_text(min, max, unit, false));
    return on_error;
  }
  const double d = v->is_number() ? v->get<double>() : 0.0;
  if (!v->is_number() || !std::isfinite(d) || d < min || d > max) {
    wrong(key, number_text(min, max, unit, false), *v);
    if (fallback == nullptr && v->is_number() && std::isfinite(d)) return std::clamp(d, min, max);
    return on_error;
  }
  return d;
}

double ObjectReader::number(std::string_view key, double min, double max, std::string_view unit) {
  return read_number(key, min, max, unit, nullptr);
}

double ObjectReader::number(std::string_view key, double min, double max, std::string_view unit,
                            double fallback) {
  return read_number(key, min, max, unit, &fallback);
}

int ObjectReader::read_integer(std::string_view key, int min, int max, const int* fallback) {
  const nlohmann::json* v = find(key);
  if (v == nullptr) {
    if (fallback == nullptr && valid()) missing(key, integer_text(min, max));
    return fallback ? *fallback : min;
  }
  const std::optional<std::int64_t> i = as_integer(*v);
  if (!i || *i < min || *i > max) {
    wrong(key, integer_text(min, max), *v);
    if (fallback) return *fallback;
    if (i) return static_cast<int>(std::clamp<std::int64_t>(*i, min, max));
    return min;
  }
  return static_cast<int>(*i);
}

int ObjectReader::integer(std::string_view key, int min, int max) {
  return read_integer(key, min, max, nullptr);
}

int ObjectReader::integer(std::string_view key, int min, int max, int fallback) {
  return read_integer(key, min, max, &fallback);
}

bool ObjectReader::boolean(std::string_view key) {
  const nlohmann::json* v = find(key);
  if (v == nullptr) {
    if (valid()) missing(key, "true or false");
    return false;
  }
  if (!v->is_boolean()) {
    wrong(key, "true or false", *v);
    return false;
  }
  return v->get<bool>();
}

bool ObjectReader::boolean(std::string_view key, bool fallback) {
  const nlohmann::json* v = find(key);
  if (v == nullptr) return fallback;
  if (!v->is_boolean()) {
    wrong(key, "true or false", *v);
    return fallback;
  }
  return v->get<bool>();
}

std::string ObjectReader::string(std::string_view key) {
  const nlohmann::json* v = find(key);
  if (v == nullptr) {
    if (valid()) missing(key, "a non-empty string");
    return {};
  }
  if (!v->is_string() || v->get_ref<const std::string&>().empty()) {
    wrong(key, "a non-empty string", *v);
    return {};
  }
  return v->get<std::string>();
}

std::string ObjectReader::string(std::string_view key, std::string fallback) {
  const nlohmann::json* v = find(key);
  if (v == nullptr) return fallback;
  if (!v->is_string()) {
    wrong(key, "a string", *v);
    return fallback;
  }
  return v->get<std::string>();
}

std::string ObjectReader::read_choice(std::string_view key,
                                      std::initializer_list<std::string_view> allowed,
                                      const std::string_view* fallback) {
  const std::string expected = "one of " + list_words(allowed);
  const std::string on_error(fallback         ? *fallback
                             : allowed.size() ? *allowed.begin()
                                              : std::string_view());
  const nlohmann::json* v = find(key);
  if (v == nullptr) {
    if (fallback == nullptr && valid()) missing(key, expected);
    return on_error;
  }
  if (v->is_string()) {
    const auto& word = v->get_ref<const std::string&>();
    if (std::find(allowed.begin(), allowed.end(), word) != allowed.end()) return word;
  }
  wrong(key, expected, *v);
  return on_error;
}

std::string ObjectReader::choice(std::string_view key,
                                 std::initializer_list<std::string_view> allowed) {
  return read_choice(key, allowed, nullptr);
}

std::string ObjectReader::choice(std::string_view key,
                                 std::initializer_list<std::string_view> allowed,
                                 std::string_view fallback) {
  return read_choice(key, allowed, &fallback);
}

/// The array at `key` after type and count checks (count errors are reported but the
/// array is still returned); nullptr when absent or not an array.
const nlohmann::json* ObjectReader::read_array(std::string_view key, const std::string& expected,
                                               std::size_t min_count, std::size_t max_count,
                                               bool required) {
  const nlohmann::json* v = find(key);
  if (v == nullptr) {
    if (required && valid()) missing(key, expected);
    return nullptr;
  }
  if (!v->is_array()) {
    wrong(key, expected, *v);
    return nullptr;
  }
  if (v->size() < min_count || v->size() > max_count) {
    const std::string count = count_text(min_count, max_count);
    const bool one = max_count == 1 || (max_count == kNoLimit && min_count == 1);
    error(key, in_quotes(key) + " must have " + count + (one ? " item" : " items") + ", got " +
                   std::to_string(v->size()));
  }
  return v;
}

std::vector<double> ObjectReader::numbers(std::string_view key, double min, double max,
                                          std::string_view unit, std::size_t min_count,
                                          std::size_t max_count) {
  const std::string expected = array_text(min_count, max_count, number_text(min, max, unit, true));
  const nlohmann::json* array = read_array(key, expected, min_count, max_count, true);
  std::vector<double> out;
  if (array == nullptr) return out;
  const std::string array_pointer = JsonDoc::child_pointer(pointer_, key);
  const std::size_t n = std::min(array->size(), max_count);
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const nlohmann::json& item = (*array)[i];
    const double d = item.is_number() ? item.get<double>() : 0.0;
    if (!item.is_number() || !std::isfinite(d) || d < min || d > max) {
      errors_->push_back(doc_->error_at(
          JsonDoc::child_pointer(array_pointer, i),
          in_quotes(key) + "[" + std::to_string(i) + "] must be " +
              number_text(min, max, unit, false) + ", got " + describe_json(item)));
      out.push_back(std::clamp(item.is_number() && std::isfinite(d) ? d : 0.0, min, max));
    } else {
      out.push_back(d);
    }
  }
  return out;
}

std::vector<double> ObjectReader::numbers(std::string_view key, double min, double max,
                                          std::string_view unit, std::size_t min_count,
                                          std::size_t max_count, std::vector<double> fallback) {
  const nlohmann::json* v = find(key);
  if (v == nullptr) return fallback;
  if (!v->is_array()) {
    wrong(key, array_text(min_count, max_count, number_text(min, max, unit, true)), *v);
    return fallback;
  }
  return numbers(key, min, max, unit, min_count, max_count);
}

std::optional<ObjectReader> ObjectReader::object(std::string_view key, bool required) {
  const nlohmann::json* v = find(key);
  if (v == nullptr) {
    if (required && valid()) missing(key, "an object");
    return std::nullopt;
  }
  if (!v->is_object()) {
    wrong(key, "an object", *v);
    return std::nullopt;
  }
  return ObjectReader(*doc_, v, JsonDoc::child_pointer(pointer_, key), child_path(key), *errors_);
}

std::vector<ObjectReader> ObjectReader::objects(std::string_view key, std::size_t min_count,
                                                std::size_t max_count, bool required) {
  const std::string expected = array_text(min_count, max_count, "objects");
  const nlohmann::json* array = read_array(key, expected, min_count, max_count, required);
  std::vector<ObjectReader> out;
  if (array == nullptr) return out;
  const std::string array_pointer = JsonDoc::child_pointer(pointer_, key);
  const std::size_t n = std::min(array->size(), max_count);
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const nlohmann::json& item = (*array)[i];
    const std::string index = "[" + std::to_string(i) + "]";
    const std::string item_pointer = JsonDoc::child_pointer(array_pointer, i);
    if (!item.is_object()) {
      errors_->push_back(doc_->error_at(
          item_pointer, in_quotes(key) + index + " must be an object, got " + describe_json(item)));
    }
    out.push_back(ObjectReader(*doc_, item.is_object() ? &item : nullptr, item_pointer,
                               child_path(key) + index, *errors_));
  }
  return out;
}

std::string ObjectReader::child_path(std::string_view key) const {
  return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

void ObjectReader::finish() {
  if (!valid() || finished_) return;
  finished_ = true;
  struct Unknown {
    TextPosition at;
    std::string key;
  };
  std::vector<Unknown> unknown;
  for (const auto& [key, value] : value_->items()) {
    (void)value;
    if (asked_.find(key) != asked_.end()) continue;
    const std::string member = JsonDoc::child_pointer(pointer_, key);
    unknown.push_back({doc_->key_position(member).value_or(doc_->position(member)), key});
  }
  std::sort(unknown.begin(), unknown.end(), [](const Unknown& a, const Unknown& b) {
    return a.at.line != b.at.line ? a.at.line < b.at.line : a.at.column < b.at.column;
  });
  for (const Unknown& u : unknown) {
    std::string message = "unknown key " + in_quotes(u.key) + " in " +
                          (path_.empty() ? std::string("the top-level object") : in_quotes(path_));
    // Suggest the closest key that was asked for but is absent (the likely intent).
    const std::size_t limit = u.key.size() <= 4 ? 1 : 2;
    std::size_t best = limit + 1;
    std::string suggestion;
    for (const std::string& candidate : asked_) {
      if (value_->contains(candidate)) continue;
      const std::size_t d = edit_distance(u.key, candidate);
      if (d < best) {
        best = d;
        suggestion = candidate;
      }
    }
    if (!suggestion.empty()) message += " (did you mean " + in_quotes(suggestion) + "?)";
    errors_->push_back({doc_->file_name(), u.at.line, u.at.column, std::move(message)});
  }
}

// ---- 3. entry points -------------------------------------------------------------------

ObjectReader root_reader(const JsonDoc& doc, std::vector<DataError>& errors) {
  const nlohmann::json& root = doc.root();
  if (!root.is_object()) {
    errors.push_back(
        doc.error_at("", "the top-level value must be an object, got " + describe_json(root)));
  }
  return ObjectReader(doc, root.is_object() ? &root : nullptr, "", "", errors);
}

int format_version(ObjectReader& reader, int supported) {
  const std::string expected =
      "an integer format version in [1, " + std::to_string(supported) + "]";
  const nlohmann::json* v = reader.raw("format");
  if (v == nullptr) {
    if (reader.valid()) reader.object_error("missing required key \"format\" (" + expected + ")");
    return 0;
  }
  const std::optional<std::int64_t> version = as_integer(*v);
  if (!version) {
    reader.error("format", "\"format\" must be " + expected + ", got " + describe_json(*v));
    return 0;
  }
  if (*version > supported) {
    reader.error("format", "\"format\" " + std::to_string(*version) +
                               " is newer than this game supports (" + std::to_string(supported) +
                               ")");
    return 0;
  }
  if (*version < 1) {
    reader.error("format", "\"format\" " + std::to_string(*version) +
                               " is not a valid format version (versions start at 1)");
    return 0;
  }
  return static_cast<int>(*version);
}

}  // namespace racer
