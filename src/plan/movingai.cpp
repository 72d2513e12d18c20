// MovingAI `.map` and `.scen` readers.
//
// Sections
//   Text helpers (lines, numbers, reading a file)
//   .map
//   .scen
#include "plan/movingai.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

namespace racer {
namespace {

// ---- Text helpers ----------------------------------------------------------------------------

constexpr std::size_t kMaxErrors = 20;  // more than this and the file is not worth listing

// Splits text into lines (without "\n" or a trailing "\r"), keeping 1-based line numbers.
class Lines {
 public:
  explicit Lines(std::string_view text) : text_(text) {}
  /// The next line, or false at the end.
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    const std::size_t end = text_.find('\n', pos_);
    const std::size_t stop = end == std::string_view::npos ? text_.size() : end;
    line = text_.substr(pos_, stop - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = stop + 1;
    ++number_;
    return true;
  }
  int number() const { return number_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int number_ = 0;
};

bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  const char* end = s.data() + s.size();
  const auto [ptr, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc() && ptr == end;
}

bool parse_double(std::string_view s, double& out) {
  if (s.empty()) return false;
  const char* end = s.data() + s.size();
  const auto [ptr, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc() && ptr == end && std::isfinite(out);
}

// The text of a field for a message: quoted, cut after 32 characters.
std::string quoted(std::string_view s) {
  std::string out = "\"" + std::string(s.substr(0, 32));
  if (s.size() > 32) out += "...";
  return out + "\"";
}

Result<std::string> read_file(const std::string& path) {
  errno = 0;
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file)
    return DataError{path, 0, 0, std::string("cannot read the file (") + (errno != 0 ? std::strerror(errno) : "open failed") + ")"};
  std::string text;
  char buffer[1 << 16];
  while (text.size() <= kMovingAiMaxBytes) {  // at most max + 1 bytes: a FIFO cannot grow forever
    const std::size_t want = std::min(sizeof buffer, kMovingAiMaxBytes + 1 - text.size());
    const std::size_t got = std::fread(buffer, 1, want, file.get());
    text.append(buffer, got);
    if (got < want) break;
  }
  if (std::ferror(file.get())) return DataError{path, 0, 0, "cannot read the file (read failed; is it a directory?)"};
  if (text.size() > kMovingAiMaxBytes)
    return DataError{path, 0, 0, "file is too large (the limit is " + std::to_string(kMovingAiMaxBytes) + " bytes)"};
  return text;
}

// Passable, blocked, or not a terrain character.
enum class Terrain { passable, blocked, unknown };

Terrain terrain(char c) {
  switch (c) {
    case '.': case 'G': return Terrain::passable;
    case '@': case 'O': case 'T': case 'S': case 'W': return Terrain::blocked;
    default: return Terrain::unknown;
  }
}

}  // namespace

// ---- .map ------------------------------------------------------------------------------------

Result<SearchGrid> parse_movingai_map(std::string_view text, const std::string& file_name) {
  std::vector<DataError> errors;
  auto error = [&](int line, int column, std::string message) {
    if (errors.size() < kMaxErrors) errors.push_back({file_name, line, column, std::move(message)});
  };
  Lines lines(text);
  std::string_view line;
  int width = -1, height = -1;
  bool header_done = false;
  while (!header_done && lines.next(line)) {
    if (line == "map") {
      header_done = true;
      break;
    }
    const std::size_t space = line.find(' ');
    const std::string_view key = line.substr(0, space);
    const std::string_view value = space == std::string_view::npos ? std::string_view{} : line.substr(space + 1);
    const int value_column = static_cast<int>(key.size()) + 2;
    if (key == "type") {
      if (value != "octile") error(lines.number(), value_column, "map type must be \"octile\", got " + quoted(value));
    } else if (key == "height" || key == "width") {
      int v = 0;
      if (!parse_int(value, v) || v < 1 || v > SearchGrid::kMaxSide) {
        error(lines.number(), value_column, std::string(key) + " must be a whole number in [1, " +
                                                std::to_string(SearchGrid::kMaxSide) + "], got " + quoted(value));
        v = 0;
      }
      (key == "height" ? height : width) = v;
    } else {
      error(lines.number(), 1, "expected a header line \"type octile\", \"height H\", \"width W\" or \"map\", got " + quoted(line));
    }
  }
  if (!header_done) {
    error(lines.number() + 1, 0, "the header never ends: expected a line \"map\" before the rows");
    return errors;
  }
  if (height < 0) error(lines.number(), 0, "the header has no \"height H\" line");
  if (width < 0) error(lines.number(), 0, "the header has no \"width W\" line");
  if (!errors.empty()) return errors;

  SearchGrid grid(width, height);
  for (int y = 0; y < height; ++y) {
    if (!lines.next(line)) {
      error(lines.number() + 1, 0, "the map ends after " + std::to_string(y) + " rows, expected " + std::to_string(height));
      break;
    }
    if (line.size() != static_cast<std::size_t>(width))
      error(lines.number(), static_cast<int>(std::min(line.size(), static_cast<std::size_t>(width))) + 1,
            "row has " + std::to_string(line.size()) + " characters, expected " + std::to_string(width));
    const std::size_t n = std::min(line.size(), static_cast<std::size_t>(width));
    for (std::size_t x = 0; x < n; ++x) {
      const Terrain t = terrain(line[x]);
      if (t == Terrain::unknown) {
        const auto byte = static_cast<unsigned char>(line[x]);
        const std::string shown = byte >= 32 && byte < 127 ? "'" + std::string(1, line[x]) + "'" : "byte " + std::to_string(byte);
        error(lines.number(), static_cast<int>(x) + 1,
              "unknown terrain " + shown + ", expected one of . G (passable) @ O T S W (blocked)");
      }
      grid.set_passable(static_cast<int>(x), y, t == Terrain::passable);
    }
    for (std::size_t x = n; x < static_cast<std::size_t>(width); ++x) grid.set_passable(static_cast<int>(x), y, false);
  }
  if (!errors.empty()) return errors;
  return grid;
}

Result<SearchGrid> load_movingai_map(const std::string& path) {
  const Result<std::string> text = read_file(path);
  if (!text) return text.errors();
  return parse_movingai_map(text.value(), path);
}

// ---- .scen -----------------------------------------------------------------------------------

Result<std::vector<MovingAiScenario>> parse_movingai_scenarios(std::string_view text, const std::string& file_name) {
  std::vector<DataError> errors;
  std::vector<MovingAiScenario> out;
  Lines lines(text);
  std::string_view line;
  while (lines.next(line)) {
    std::string_view fields[9];
    int columns[9] = {};
    std::size_t count = 0, pos = 0;
    for (;;) {
      const std::size_t tab = line.find('\t', pos);
      const std::size_t stop = tab == std::string_view::npos ? line.size() : tab;
      if (count < 9) {
        fields[count] = line.substr(pos, stop - pos);
        columns[count] = static_cast<int>(pos) + 1;
      }
      ++count;
      if (tab == std::string_view::npos) break;
      pos = tab + 1;
    }
    if (count != 9) continue;  // the version line, citations, blank lines

    MovingAiScenario s;
    s.map = std::string(fields[1]);
    bool ok = true;
    auto field_error = [&](int i, const std::string& what) {
      ok = false;
      if (errors.size() < kMaxErrors)
        errors.push_back({file_name, lines.number(), columns[i], what + ", got " + quoted(fields[i])});
    };
    auto whole = [&](int i, int lo, int hi, const char* name, int& v) {
      if (!parse_int(fields[i], v) || v < lo || v > hi)
        field_error(i, std::string(name) + " must be a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    };
    whole(0, 0, 1 << 30, "bucket", s.bucket);
    whole(2, 1, SearchGrid::kMaxSide, "map width", s.map_width);
    whole(3, 1, SearchGrid::kMaxSide, "map height", s.map_height);
    if (ok) {
      whole(4, 0, s.map_width - 1, "start x", s.start.x);
      whole(5, 0, s.map_height - 1, "start y", s.start.y);
      whole(6, 0, s.map_width - 1, "goal x", s.goal.x);
      whole(7, 0, s.map_height - 1, "goal y", s.goal.y);
    }
    if (!parse_double(fields[8], s.optimal_length) || s.optimal_length < 0.0)
      field_error(8, "optimal length must be a finite number >= 0");
    if (ok) out.push_back(std::move(s));
  }
  if (!errors.empty()) return errors;
  if (out.empty()) return DataError{file_name, 0, 0, "no scenarios: expected lines of 9 tab-separated fields"};
  return out;
}

Result<std::vector<MovingAiScenario>> load_movingai_scenarios(const std::string& path) {
  const Result<std::string> text = read_file(path);
  if (!text) return text.errors();
  return parse_movingai_scenarios(text.value(), path);
}

}  // namespace racer
