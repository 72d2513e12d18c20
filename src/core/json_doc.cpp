// JsonDoc implementation.
// One file on purpose: every section serves JsonDoc::parse's positioned errors, and the
// text helpers of section 1 are used by sections 3, 4 and 5, so a split would export a
// dozen one-line predicates through an internal header and spread one error path over
// four files.
//
// Sections
//   1. text helpers      positions from byte offsets, UTF-8 check, depth pre-scan, size
//   2. number overflow   is a number token too large for a double?
//   3. location scanner  non-recursive walk recording pointer -> position
//   4. nlohmann errors   byte offset -> position, tidied message
//   5. JsonDoc           parse, load_file, lookups
#include "core/json_doc.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <system_error>
#include <vector>

namespace racer {
namespace {

using Positions = std::vector<std::pair<std::string, TextPosition>>;

// ---- 1. text helpers -------------------------------------------------------------------

constexpr std::size_t kMaxShown = 40;  // longest excerpt of the text quoted in a message

bool has_bom(std::string_view text) { return text.substr(0, 3) == "\xEF\xBB\xBF"; }
bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0u) == 0x80u; }
bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_delimiter(char c) {
  return is_ws(c) || c == ',' || c == ':' || c == '[' || c == ']' || c == '{' || c == '}' ||
         c == '"';
}

/// Line and column (in code points) of byte `offset`; a leading BOM takes no column.
TextPosition position_of(std::string_view text, std::size_t offset) {
  TextPosition p;
  std::size_t i = has_bom(text) ? 3 : 0;
  for (const std::size_t end = std::min(offset, text.size()); i < end; ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else if (!is_continuation(text[i])) {
      ++p.column;
    }
  }
  return p;
}

std::string hex_byte(unsigned char b) {
  constexpr char kDigits[] = "0123456789ABCDEF";
  return std::string("0x") + kDigits[b >> 4] + kDigits[b & 0xFu];
}

/// Offset of the first byte that is not part of valid UTF-8 (RFC 3629), if any.
std::optional<std::size_t> find_invalid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {
      ++i;
      continue;
    }
    std::size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    if (b >= 0xC2 && b <= 0xDF) {
      len = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
      len = 3;
      if (b == 0xE0) lo = 0xA0;  // no overlongs
      if (b == 0xED) hi = 0x9F;  // no surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
      len = 4;
      if (b == 0xF0) lo = 0x90;  // no overlongs
      if (b == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
    } else {
      return i;
    }
    for (std::size_t k = 1; k < len; ++k) {
      if (i + k >= text.size()) return i;  // truncated sequence
      const auto c = static_cast<unsigned char>(text[i + k]);
      const unsigned char klo = k == 1 ? lo : 0x80, khi = k == 1 ? hi : 0xBF;
      if (c < klo || c > khi) return i;
    }
    i += len;
  }
  return std::nullopt;
}

/// Offset of the first '[' or '{' nested deeper than `max_depth`, if any. Ignores syntax
/// otherwise; runs before nlohmann so nothing downstream ever sees deep nesting.
std::optional<std::size_t> find_too_deep(std::string_view text, int max_depth) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) return i;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::nullopt;
}

/// `s` cut to kMaxShown bytes on a UTF-8 boundary, with "..." when cut.
std::string shorten(std::string_view s) {
  if (s.size() <= kMaxShown) return std::string(s);
  std::size_t n = kMaxShown;
  while (n > 0 && is_continuation(s[n])) --n;
  return std::string(s.substr(0, n)) + "...";
}

/// The message for a file over the size limit, located at the first byte past it.
std::string too_large(const std::string& size_text, const JsonLimits& limits) {
  return "file is too large: " + size_text + " bytes (the limit is " +
         std::to_string(limits.max_bytes) + "; the first byte past it is here)";
}

// ---- 2. number overflow ----------------------------------------------------------------

/// Length of the JSON number at the start of `s` (RFC 8259: -?digits(.digits)?([eE][+-]?digits)?),
/// 0 when there is none. nlohmann stops reading at a number that overflows, so the bytes
/// after it (up to the scanner's next delimiter) may be anything.
std::size_t json_number_length(std::string_view s) {
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i > start;
  };
  if (i < s.size() && s[i] == '-') ++i;
  if (!digits()) return 0;
  if (i + 1 < s.size() && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
    ++i;
    digits();
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    const std::size_t mark = i++;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digits()) i = mark;  // "1e" or "1e+": the number is "1"
  }
  return i;
}

/// True when the JSON number `tok` (as json_number_length delimits it) is too large for a
/// double (nlohmann turns 1e999 into inf and rejects it without a position).
bool overflows_double(std::string_view tok) {
  double value = 0.0;
  const auto [ptr, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), value);
  (void)ptr;
  if (ec == std::errc()) return !std::isfinite(value);
  if (ec != std::errc::result_out_of_range) return false;
  // Out of range is overflow or underflow: estimate the decimal magnitude to tell which.
  std::size_t i = 0;
  if (i < tok.size() && tok[i] == '-') ++i;
  long long magnitude = 0;
  bool seen_digit = false, in_fraction = false;
  for (; i < tok.size() && tok[i] != 'e' && tok[i] != 'E'; ++i) {
    if (tok[i] == '.') {
      in_fraction = true;
    } else if (!seen_digit && tok[i] == '0') {
      if (in_fraction) --magnitude;
    } else {
      seen_digit = true;
      if (!in_fraction) ++magnitude;
    }
  }
  if (!seen_digit) return false;  // zero
  long long exponent = 0;
  bool negative = false;
  if (i < tok.size()) ++i;  // 'e'
  if (i < tok.size() && (tok[i] == '-' || tok[i] == '+')) negative = tok[i++] == '-';
  for (; i < tok.size(); ++i) exponent = std::min(exponent * 10 + (tok[i] - '0'), 1000000000LL);
  return magnitude + (negative ? -exponent : exponent) > 0;
}

// ---- 3. location scanner ---------------------------------------------------------------

/// Walks JSON text that nlohmann accepted (or accepted up to a non-finite number) and
/// records the position of every value and key, in text order (see sort_positions).
/// Uses an explicit stack, never recursion.
class LocationScanner {
 public:
  LocationScanner(std::string_view text, const std::string& file, Positions& values,
                  Positions& keys, std::vector<DataError>& errors)
      : text_(text), file_(file), values_(values), keys_(keys), errors_(errors) {
    if (has_bom(text_)) pos_ = 3;
  }

  /// Returns false when it stopped at a number too large for a double (error added).
  bool run();

 private:
  struct Frame {
    bool object;
    std::string pointer;
    std::size_t index;
  };

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  void bump() {
    if (at_end()) return;
    const char c = text_[pos_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if (!is_continuation(c)) {
      ++column_;
    }
  }
  void skip_ws() {
    while (!at_end() && is_ws(peek())) bump();
  }
  TextPosition here() const { return {line_, column_}; }
  void add_error(TextPosition p, std::string message) {
    errors_.push_back({file_, p.line, p.column, std::move(message)});
  }

  std::string read_string();
  std::string_view read_scalar();
  bool read_key(const Frame& frame, std::string& pointer);

  std::string_view text_;
  const std::string& file_;
  Positions& values_;
  Positions& keys_;
  std::vector<DataError>& errors_;
  std::size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

void append_utf8(std::string& out, unsigned long cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

/// At '"': returns the unescaped string (as nlohmann stores it) and moves past it.
std::string LocationScanner::read_string() {
  std::string out;
  bump();  // opening quote
  auto hex4 = [this]() {
    unsigned long v = 0;
    for (int k = 0; k < 4 && !at_end(); ++k) {
      const char h = peek();
      v = v * 16 + static_cast<unsigned long>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
      bump();
    }
    return v;
  };
  while (!at_end() && peek() != '"') {
    if (peek() != '\\') {
      out += peek();
      bump();
      continue;
    }
    bump();
    const char e = peek();
    bump();
    switch (e) {
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        unsigned long cp = hex4();
        if (cp >= 0xD800 && cp <= 0xDBFF && peek() == '\\') {  // surrogate pair
          bump();
          bump();  // 'u'
          const unsigned long low = hex4();
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
        append_utf8(out, cp);
        break;
      }
      default: out += e; break;  // '"', '\\', '/'
    }
  }
  bump();  // closing quote
  return out;
}

/// A number or literal: the run of bytes up to the next delimiter.
std::string_view LocationScanner::read_scalar() {
  const std::size_t start = pos_;
  while (!at_end() && !is_delimiter(peek())) bump();
  return text_.substr(start, pos_ - start);
}

/// At a member's key: records it, sets `pointer` to the member, moves past the ':'.
bool LocationScanner::read_key(const Frame& frame, std::string& pointer) {
  if (peek() != '"') return false;
  const TextPosition key_pos = here();
  const std::string key = read_string();
  pointer = JsonDoc::child_pointer(frame.pointer, key);
  keys_.emplace_back(pointer, key_pos);
  skip_ws();
  if (peek() != ':') return false;
  bump();
  return true;
}

bool LocationScanner::run() {
  std::vector<Frame> stack;
  std::string pointer;  // of the value about to be read
  for (;;) {
    // One value at `pointer`.
    skip_ws();
    if (at_end()) return true;
    values_.emplace_back(pointer, here());
    const char c = peek();
    if (c == '{' || c == '[') {
      const bool object = c == '{';
      bump();
      skip_ws();
      if (peek() != (object ? '}' : ']')) {
        stack.push_back({object, pointer, 0});
        if (object) {
          if (!read_key(stack.back(), pointer)) return true;
        } else {
          pointer = JsonDoc::child_pointer(stack.back().pointer, std::size_t{0});
        }
        continue;
      }
      bump();  // empty container
    } else if (c == '"') {
      read_string();
    } else {
      const TextPosition at = here();
      const std::string_view token = read_scalar();
      const std::string_view number = token.substr(0, json_number_length(token));
      if (!number.empty() && overflows_double(number)) {
        add_error(at, "number " + shorten(number) + " is too large (it overflows to infinity)");
        return false;
      }
    }
    // After a value: close finished containers, or step to the next member.
    for (;;) {
      if (stack.empty()) return true;
      skip_ws();
      if (at_end()) return true;
      const char d = peek();
      bump();
      Frame& frame = stack.back();
      if (d == ',') {
        skip_ws();
        if (frame.object) {
          if (!read_key(frame, pointer)) return true;
        } else {
          pointer = JsonDoc::child_pointer(frame.pointer, ++frame.index);
        }
        break;
      }
      stack.pop_back();  // '}' or ']'
    }
  }
}

/// Sorts a scanner list by pointer for lookup, keeping the last of equal pointers (as
/// nlohmann keeps the last of duplicate keys); returns the positions of the others.
std::vector<std::pair<TextPosition, std::string>> sort_positions(Positions& list) {
  // In place (no buffer); equal pointers stay in text order through their positions.
  std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first < b.first;
    if (a.second.line != b.second.line) return a.second.line < b.second.line;
    return a.second.column < b.second.column;
  });
  std::vector<std::pair<TextPosition, std::string>> dropped;
  std::size_t out = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i + 1 < list.size() && list[i + 1].first == list[i].first) {
      dropped.emplace_back(list[i + 1].second, list[i].first);  // a repeat: report the later
      continue;
    }
    if (out != i) list[out] = std::move(list[i]);
    ++out;
  }
  list.resize(out);
  list.shrink_to_fit();
  return dropped;
}

std::string last_segment(std::string_view pointer) {
  std::string out;
  const std::string_view seg = pointer.substr(pointer.rfind('/') + 1);
  for (std::size_t i = 0; i < seg.size(); ++i) {
    if (seg[i] == '~' && i + 1 < seg.size()) {
      out += seg[++i] == '1' ? '/' : '~';
    } else {
      out += seg[i];
    }
  }
  return out;
}

// ---- 4. nlohmann errors ----------------------------------------------------------------

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

/// Start of the run of non-delimiter bytes containing `offset`.
std::size_t word_start(std::string_view text, std::size_t offset) {
  while (offset > 0 && !is_delimiter(text[offset - 1])) --offset;
  return offset;
}

/// Where to point for a syntax error nlohmann reported at byte `offset` (its last read
/// byte): the start of the token containing it, so `"b"` is shown at its opening quote.
std::size_t token_start(std::string_view text, std::size_t offset) {
  std::size_t i = has_bom(text) ? 3 : 0;
  while (i < text.size() && i <= offset) {
    const std::size_t start = i;
    if (text[i] == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\') ++i;
      }
      ++i;
    } else if (is_delimiter(text[i])) {
      ++i;
    } else {
      while (i < text.size() && !is_delimiter(text[i])) ++i;
    }
    if (offset < i) return start;
  }
  return offset;
}

/// nlohmann's message without its prefixes and internal detail.
std::string tidy_message(std::string msg) {
  if (starts_with(msg, "[json.exception.")) {
    const auto end = msg.find("] ");
    if (end != std::string::npos) msg.erase(0, end + 2);
  }
  if (starts_with(msg, "parse error")) {
    const auto end = msg.find(": ");
    if (end != std::string::npos) msg.erase(0, end + 2);
  }
  std::string context;
  if (starts_with(msg, "syntax error while parsing ")) {
    const auto end = msg.find(" - ");
    if (end != std::string::npos) {
      context = msg.substr(27, end - 27);
      msg.erase(0, end + 3);
    }
  }
  // "; last read: '...'" repeats the text with nlohmann's own escapes: drop it.
  const auto last = msg.find("; last read: '");
  if (last != std::string::npos) {
    const auto expected = msg.rfind("'; expected ");
    msg.erase(last, expected != std::string::npos && expected > last ? expected + 1 - last
                                                                      : std::string::npos);
  }
  // After a member nlohmann names only the closing bracket; a comma is just as valid.
  if (context == "object" && msg.ends_with("; expected '}'")) {
    msg.replace(msg.size() - 3, 3, "',' or '}'");
  } else if (context == "array" && msg.ends_with("; expected ']'")) {
    msg.replace(msg.size() - 3, 3, "',' or ']'");
  }
  return msg;
}

DataError syntax_error(std::string_view text, const std::string& file,
                       const nlohmann::json::parse_error& e) {
  // e.byte is 1-based and names the last byte read (size + 1 at the end of input).
  std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
  std::string message = tidy_message(e.what());
  if (offset < text.size()) {
    if (starts_with(message, "invalid literal")) {
      // Point at the start of the word that is not a literal, and quote it.
      const std::size_t start = word_start(text, offset);
      std::size_t end = start;
      while (end < text.size() && !is_delimiter(text[end])) ++end;
      if (end > start) {
        message.insert(15, " '" + shorten(text.substr(start, end - start)) + "'");
        offset = start;
      }
    } else if (!starts_with(message, "invalid string")) {
      offset = token_start(text, offset);
    }
  }
  const TextPosition p = position_of(text, offset);
  return {file, p.line, p.column, message};
}

}  // namespace

// ---- 5. JsonDoc ------------------------------------------------------------------------

Result<JsonDoc> JsonDoc::parse(std::string_view text, std::string file_name, Limits limits) {
  auto error_at_offset = [&](std::size_t offset, std::string message) {
    const TextPosition p = position_of(text, offset);
    return DataError{file_name, p.line, p.column, std::move(message)};
  };
  if (text.size() > limits.max_bytes) {
    return error_at_offset(limits.max_bytes, too_large(std::to_string(text.size()), limits));
  }
  if (const auto bad = find_invalid_utf8(text)) {
    return error_at_offset(*bad, "invalid UTF-8 byte " +
                                     hex_byte(static_cast<unsigned char>(text[*bad])) +
                                     " (the file must be UTF-8 text)");
  }
  if (text.substr(has_bom(text) ? 3 : 0).find_first_not_of(" \t\r\n") == std::string::npos) {
    return error_at_offset(text.size(), "file is empty (expected a JSON value)");
  }
  if (const auto deep = find_too_deep(text, limits.max_depth)) {
    return error_at_offset(*deep, "nesting is deeper than " + std::to_string(limits.max_depth) +
                                      " levels");
  }

  JsonDoc doc;
  doc.file_name_ = file_name;
  std::string overflow_message;
  try {
    doc.root_ = nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    return syntax_error(text, file_name, e);
  } catch (const nlohmann::json::out_of_range& e) {
    overflow_message = tidy_message(e.what());  // 1e999: the scanner finds where
  } catch (const nlohmann::json::exception& e) {
    return error_at_offset(0, tidy_message(e.what()));  // defensive: no position known
  }

  std::vector<DataError> errors;
  LocationScanner scanner(text, doc.file_name_, doc.values_, doc.keys_, errors);
  const bool finished = scanner.run();
  if (!overflow_message.empty() && finished) {
    errors.push_back(error_at_offset(0, overflow_message));  // defensive: scanner missed it
  }
  if (!errors.empty()) return errors;

  sort_positions(doc.values_);
  auto duplicates = sort_positions(doc.keys_);
  if (!duplicates.empty()) {
    std::sort(duplicates.begin(), duplicates.end(), [](const auto& a, const auto& b) {
      return a.first.line != b.first.line ? a.first.line < b.first.line
                                          : a.first.column < b.first.column;
    });
    for (const auto& [at, pointer] : duplicates) {
      errors.push_back({file_name, at.line, at.column,
                        "duplicate key \"" + shorten(last_segment(pointer)) + "\""});
    }
    return errors;
  }
  return doc;
}

Result<JsonDoc> JsonDoc::load_file(const std::string& path, Limits limits) {
  auto cannot_read = [&](const std::string& why) {
    return DataError{path, 0, 0, "cannot read the file (" + why + ")"};
  };
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return cannot_read("it is a directory");
  errno = 0;
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                             &std::fclose);
  if (!file) return cannot_read(errno != 0 ? std::strerror(errno) : "open failed");

  // Read at most max_bytes + 1, so a growing or endless file (a FIFO, /dev/zero) is cut off.
  std::string text;
  char buffer[1 << 16];
  while (text.size() <= limits.max_bytes) {
    const std::size_t want = std::min(sizeof buffer, limits.max_bytes + 1 - text.size());
    const std::size_t got = std::fread(buffer, 1, want, file.get());
    text.append(buffer, got);
    if (got < want) break;
  }
  if (std::ferror(file.get())) {
    return cannot_read(errno != 0 ? std::strerror(errno) : "read failed");
  }
  if (text.size() > limits.max_bytes) {
    // The size on disk when it is known; a FIFO or a growing file has none.
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    const std::string size_text = !ec && size > limits.max_bytes
                                      ? std::to_string(size)
                                      : "more than " + std::to_string(limits.max_bytes);
    const TextPosition p = position_of(text, limits.max_bytes);
    return DataError{path, p.line, p.column, too_large(size_text, limits)};
  }
  return parse(text, path, limits);
}

namespace {
const TextPosition* find_position(const Positions& list, std::string_view pointer) {
  const auto it = std::lower_bound(
      list.begin(), list.end(), pointer,
      [](const auto& entry, std::string_view p) { return std::string_view(entry.first) < p; });
  return it != list.end() && it->first == pointer ? &it->second : nullptr;
}
}  // namespace

TextPosition JsonDoc::position(std::string_view pointer) const {
  for (;;) {
    if (const TextPosition* p = find_position(values_, pointer)) return *p;
    if (pointer.empty()) return {};
    const std::size_t slash = pointer.rfind('/');
    pointer = pointer.substr(0, slash == std::string_view::npos ? 0 : slash);
  }
}

std::optional<TextPosition> JsonDoc::key_position(std::string_view pointer) const {
  if (const TextPosition* p = find_position(keys_, pointer)) return *p;
  return std::nullopt;
}

DataError JsonDoc::error_at(std::string_view pointer, std::string message) const {
  const TextPosition p = position(pointer);
  return {file_name_, p.line, p.column, std::move(message)};
}

DataError JsonDoc::error_at_key(std::string_view pointer, std::string message) const {
  const TextPosition p = key_position(pointer).value_or(position(pointer));
  return {file_name_, p.line, p.column, std::move(message)};
}

std::string JsonDoc::child_pointer(std::string_view base, std::string_view key) {
  std::string out(base);
  out.reserve(base.size() + key.size() + 1);
  out += '/';
  for (const char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

std::string JsonDoc::child_pointer(std::string_view base, std::size_t index) {
  return std::string(base) + '/' + std::to_string(index);
}

}  // namespace racer
