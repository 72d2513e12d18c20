// trackcheck: validates track files and renders them for review.
//
//   trackcheck FILE...                       one line per problem (file:line:col: message),
//                                            or "FILE: ok — NAME, ..." for a good file
//   trackcheck --render FILE --out PNG [--scale PX_PER_M] [--max-size PX]
//
// Exit status: 0 all files good (and the PNG written), 1 a bad file or a failed write,
// 2 bad usage. Never crashes on any input: every problem is a message.
//
//   usage        help text and argument parsing
//   check        trackcheck FILE...
//   render       trackcheck --render (drawing lives in track_render.cpp)
//   main
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "track/track.h"
#include "track_render.h"

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

namespace {

using racer::Track;

// --- usage ---------------------------------------------------------------------------

constexpr const char* kUsage =
    "usage: trackcheck FILE...\n"
    "       trackcheck --render FILE --out PNG [--scale PX_PER_M] [--max-size PX]\n"
    "\n"
    "Loads and validates track files (tracks/*.json, see docs/track-format.md).\n"
    "Prints one line per problem as file:line:col: message, or for a good file\n"
    "  FILE: ok — NAME, LENGTH m, N grid slots, M stations[, K branches]\n"
    "\n"
    "  --render FILE    draw FILE's track to a PNG for review (road, kerbs, surfaces,\n"
    "                   walls, obstacles, start line, grid, stations, branches)\n"
    "  --out PNG        where to write the picture (required with --render)\n"
    "  --scale PX       pixels per metre (default: fit the track into --max-size)\n"
    "  --max-size PX    longest side of the picture in pixels, 64..8192 (default 2048)\n"
    "  --help           this text\n"
    "\n"
    "Exit status: 0 when every file is good, 1 when any is not (or the PNG could not be\n"
    "written), 2 on bad usage.\n";

struct Options {
  bool help = false;
  std::vector<std::string> files;
  std::string render, out;
  racer::tools::RenderOptions render_options;
};

bool parse_number(std::string_view text, double& value) {
  const std::string s(text);
  char* end = nullptr;
  value = std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size() && std::isfinite(value);
}

// Returns an error message, or "" when the arguments make sense.
std::string parse_args(int argc, char** argv, Options& o) {
  bool max_size_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&](std::string_view& v) {
      if (i + 1 >= argc) return false;
      v = argv[++i];
      return true;
    };
    std::string_view v;
    if (arg == "--help" || arg == "-h") {
      o.help = true;
    } else if (arg == "--render") {
      if (!value(v)) return "--render needs a track file";
      o.render = v;
    } else if (arg == "--out") {
      if (!value(v)) return "--out needs a PNG file name";
      o.out = v;
    } else if (arg == "--scale") {
      double s = 0;
      if (!value(v) || !parse_number(v, s) || s <= 0.0 || s > 1000.0)
        return "--scale needs pixels per metre, a number in (0, 1000]";
      o.render_options.scale = s;
    } else if (arg == "--max-size") {
      double s = 0;
      if (!value(v) || !parse_number(v, s) || s < 64 || s > 8192 || s != std::floor(s))
        return "--max-size needs a whole number of pixels in [64, 8192]";
      o.render_options.max_size = static_cast<int>(s);
      max_size_given = true;
    } else if (arg == "--") {
      for (++i; i < argc; ++i) o.files.emplace_back(argv[i]);
    } else if (arg.size() > 1 && arg[0] == '-') {
      return "unknown option " + std::string(arg);
    } else {
      o.files.emplace_back(arg);
    }
  }
  if (o.help) return "";
  if (!o.render.empty()) {
    if (o.out.empty()) return "--render needs --out PNG";
    if (!o.files.empty()) return "--render draws one file; do not list others";
    return "";
  }
  if (!o.out.empty() || o.render_options.scale > 0.0 || max_size_given)
    return "--out, --scale and --max-size go with --render";
  if (o.files.empty()) return "no track files given";
  return "";
}

// --- check ---------------------------------------------------------------------------

using LoadResult = racer::Result<std::shared_ptr<const Track>>;

// Loads a track; an exception escaping the loader (it should not) becomes a message.
LoadResult load(const std::string& path) {
  try {
    LoadResult r = Track::load(path);
    if (r.ok() && !r.value()) return racer::DataError{path, 0, 0, "the loader returned no track"};
    return r;
  } catch (const std::exception& e) {
    return racer::DataError{path, 0, 0, std::string("internal error while loading: ") + e.what()};
  } catch (...) {
    return racer::DataError{path, 0, 0, "internal error while loading"};
  }
}

void print_problems(const LoadResult& r) {
  for (const racer::DataError& e : r.errors()) std::printf("%s\n", e.to_string().c_str());
}

std::string summary(const std::string& path, const Track& t) {
  char length[32];
  std::snprintf(length, sizeof length, "%.0f", t.centreline().length());
  std::string line = path + ": ok — " + (t.spec().name.empty() ? "(unnamed)" : t.spec().name) + ", " +
                     length + " m, " + std::to_string(t.grid().size()) + " grid slots, " +
                     std::to_string(t.stations().size()) + " stations";
  if (!t.branches().empty())
    line += ", " + std::to_string(t.branches().size()) + (t.branches().size() == 1 ? " branch" : " branches");
  return line;
}

int check(const std::vector<std::string>& files) {
  int status = 0;
  for (const std::string& path : files) {
    const LoadResult r = load(path);
    if (r.ok()) {
      std::printf("%s\n", summary(path, *r.value()).c_str());
    } else {
      print_problems(r);
      status = 1;
    }
    std::fflush(stdout);
  }
  return status;
}

// --- render --------------------------------------------------------------------------

int render(const Options& o) {
  const LoadResult r = load(o.render);
  if (!r.ok()) {
    print_problems(r);
    return 1;
  }
  const Track& track = *r.value();
  racer::tools::Canvas image(1, 1);
  racer::tools::RenderInfo info;
  std::string error;
  if (!racer::tools::render_track(track, o.render_options, image, info, error)) {
    std::printf("%s: %s\n", o.render.c_str(), error.c_str());
    return 1;
  }
  if (info.scale_reduced)
    std::fprintf(stderr, "trackcheck: --scale %g does not fit in --max-size %d; using %.3g px/m\n",
                 o.render_options.scale, o.render_options.max_size, info.scale);
  const int ok = stbi_write_png(o.out.c_str(), image.width(), image.height(), 3, image.bytes().data(),
                                image.width() * 3);
  if (ok == 0) {
    std::printf("%s: cannot write the PNG file\n", o.out.c_str());
    return 1;
  }
  std::printf("%s\n", summary(o.render, track).c_str());
  std::printf("%s: %dx%d px, %.3g px/m\n", o.out.c_str(), info.width, info.height, info.scale);
  return 0;
}

}  // namespace

// --- main ----------------------------------------------------------------------------

int main(int argc, char** argv) {
  try {
    Options o;
    const std::string usage_error = parse_args(argc, argv, o);
    if (o.help) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (!usage_error.empty()) {
      std::fprintf(stderr, "trackcheck: %s\n\n%s", usage_error.c_str(), kUsage);
      return 2;
    }
    return o.render.empty() ? check(o.files) : render(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "trackcheck: internal error: %s\n", e.what());
    return 1;
  } catch (...) {
    std::fprintf(stderr, "trackcheck: internal error\n");
    return 1;
  }
}
