// Track files: load (validating, every problem with file:line:col) and save (the inverse).
// Format 1 is documented in docs/track-format.md.
// Sections: 1. limits  2. points, indices, surfaces  3. sections  4. load  5. save
#include "track/track_spec.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>

#include <nlohmann/json.hpp>

#include "core/json_doc.h"
#include "core/json_reader.h"
#include "core/math.h"

namespace racer {
namespace {

using nlohmann::json;

// ---------------------------------------------------------------- 1. limits

constexpr int kTrackFormat = 1;
constexpr double kMaxCoordinate = 20000.0;  // m, either side of the origin
constexpr double kMinWidth = 4.0, kMaxWidth = 60.0;
constexpr std::size_t kMinCentrelinePoints = 4, kMaxCentrelinePoints = 512;
constexpr std::size_t kMaxZones = 256, kMinZonePoints = 3, kMaxZonePoints = 256;
constexpr std::size_t kMaxObstacles = 512;
constexpr std::size_t kMaxBranches = 16, kMinBranchPoints = 1, kMaxBranchPoints = 256;
constexpr std::size_t kMaxBarriers = 256, kMinBarrierPoints = 2, kMaxBarrierPoints = 1024;
constexpr std::size_t kMaxKerbSpans = 256;
constexpr double kMaxAngleDeg = 360.0;
constexpr std::size_t kMaxSceneryObjects = 2048;

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

std::string count_text(std::size_t min_count, std::size_t max_count) {
  return min_count == 0 ? "at most " + std::to_string(max_count)
                        : std::to_string(min_count) + " to " + std::to_string(max_count);
}

// ---------------------------------------------------------------- 2. points, indices, surfaces

/// Where problems go while reading one document.
struct Context {
  const JsonDoc& doc;
  std::vector<DataError>& errors;
  double default_width = ControlPoint{}.width;

  void error_at(const std::string& pointer, std::string message) {
    errors.push_back(doc.error_at(pointer, std::move(message)));
  }
};

/// The integer value of a JSON number (3 and 3.0 alike), if it is one.
std::optional<std::int64_t> as_integer(const json& v) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(INT64_MAX)) return std::nullopt;
    return static_cast<std::int64_t>(u);
  }
  if (v.is_number_integer()) return v.get<std::int64_t>();
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e18) return static_cast<std::int64_t>(d);
  }
  return std::nullopt;
}

/// One number of a point: finite and in [min, max], else reported and clamped.
double read_component(Context& c, const json& v, const std::string& pointer, const std::string& label,
                      double min, double max) {
  const double d = v.is_number() ? v.get<double>() : 0.0;
  if (v.is_number() && std::isfinite(d) && d >= min && d <= max) return d;
  c.error_at(pointer, label + " must be a number of metres in [" + format_number(min) + ", " + format_number(max) +
                          "], got " + describe_json(v));
  return std::clamp(v.is_number() && std::isfinite(d) ? d : 0.0, min, max);
}

/// A point `[x, y]`, or with `with_width` also `[x, y, width]` (else default_width).
ControlPoint read_point(Context& c, const json& v, const std::string& pointer, const std::string& label,
                        bool with_width) {
  ControlPoint p;
  p.width = c.default_width;
  const std::size_t max_size = with_width ? 3 : 2;
  if (!v.is_array() || v.size() < 2 || v.size() > max_size) {
    c.error_at(pointer, label + " must be " + (with_width ? "[x, y] or [x, y, width]" : "an [x, y] point") +
                            " in metres, got " + describe_json(v));
    return p;
  }
  p.position.x = read_component(c, v[0], JsonDoc::child_pointer(pointer, 0), label + "[0] (x)",
                                -kMaxCoordinate, kMaxCoordinate);
  p.position.y = read_component(c, v[1], JsonDoc::child_pointer(pointer, 1), label + "[1] (y)",
                                -kMaxCoordinate, kMaxCoordinate);
  if (v.size() == 3)
    p.width = read_component(c, v[2], JsonDoc::child_pointer(pointer, 2), label + "[2] (width)", kMinWidth, kMaxWidth);
  return p;
}

/// An array of min_count..max_count points at `pointer`; reads at most max_count of them.
std::vector<ControlPoint> read_point_list(Context& c, const json& v, const std::string& pointer,
                                          const std::string& label, std::size_t min_count,
                                          std::size_t max_count, bool with_width) {
  std::vector<ControlPoint> out;
  const std::string counted = count_text(min_count, max_count) + " points";
  if (!v.is_array()) {
    c.error_at(pointer, label + " must be an array of " + counted + " " +
                            (with_width ? "[x, y] or [x, y, width]" : "[x, y]") + ", got " + describe_json(v));
    return out;
  }
  if (v.size() < min_count || v.size() > max_count)
    c.error_at(pointer, label + " must have " + counted + ", got " + std::to_string(v.size()));
  const std::size_t n = std::min(v.size(), max_count);
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    out.push_back(read_point(c, v[i], JsonDoc::child_pointer(pointer, i), label + "[" + std::to_string(i) + "]",
                             with_width));
  return out;
}

/// The point list at `key` of `r`; empty when absent (an error if required).
std::vector<ControlPoint> read_points(Context& c, ObjectReader& r, std::string_view key, std::size_t min_count,
                                      std::size_t max_count, bool with_width, bool required) {
  const json* v = r.raw(key);
  if (v == nullptr) {
    if (required)
      r.object_error("missing required key " + quoted(key) + " (an array of " + count_text(min_count, max_count) +
                     " points)");
    return {};
  }
  return read_point_list(c, *v, JsonDoc::child_pointer(r.pointer(), key), quoted(key), min_count, max_count,
                         with_width);
}

std::vector<Vec2> positions(const std::vector<ControlPoint>& points) {
  std::vector<Vec2> out;
  out.reserve(points.size());
  for (const ControlPoint& p : points) out.push_back(p.position);
  return out;
}

/// Consecutive equal points cannot be smoothed (the spline needs a direction). A closed
/// loop joins its last point to its first by itself, so repeating the first is an error too.
void check_distinct(Context& c, const std::vector<ControlPoint>& points, const std::string& pointer,
                    const std::string& label, bool closed) {
  const std::size_t n = points.size();
  for (std::size_t i = 1; i < n; ++i)
    if (points[i].position == points[i - 1].position)
      c.error_at(JsonDoc::child_pointer(pointer, i), label + "[" + std::to_string(i) + "] is the same point as [" +
                                                         std::to_string(i - 1) + "]; consecutive points must differ");
  if (closed && n > 2 && points[n - 1].position == points[0].position)
    c.error_at(JsonDoc::child_pointer(pointer, n - 1),
               label + "[" + std::to_string(n - 1) +
                   "] repeats the first point; the loop closes by itself, leave the repeat out");
}

/// A control-point index at `key`: an integer in [0, count - 1] (count 0: the centreline
/// itself was unreadable, so only the type is checked). nullopt when absent or bad.
std::optional<int> read_index(ObjectReader& r, std::string_view key, std::size_t count, bool required) {
  const std::string expected =
      count > 0 ? "a centreline point index in [0, " + std::to_string(count - 1) + "]" : "a centreline point index";
  const json* v = r.raw(key);
  if (v == nullptr) {
    if (required) r.object_error("missing required key " + quoted(key) + " (" + expected + ")");
    return std::nullopt;
  }
  const std::optional<std::int64_t> i = as_integer(*v);
  const auto limit = static_cast<std::int64_t>(count > 0 ? count : kMaxCentrelinePoints);
  if (!i || *i < 0 || *i >= limit) {
    r.error(key, quoted(key) + " must be " + expected + ", got " + describe_json(*v));
    return std::nullopt;
  }
  return static_cast<int>(*i);
}

std::string surface_list() {
  std::string out;
  for (std::size_t i = 0; i < kSurfaceCount; ++i) {
    if (!out.empty()) out += ", ";
    out += quoted(surface_name(static_cast<Surface>(i)));
  }
  return out;
}

/// A surface by name at `key`; `fallback` when absent (nullopt: required).
Surface read_surface(ObjectReader& r, std::string_view key, std::optional<Surface> fallback) {
  const std::string expected = "one of " + surface_list();
  const json* v = r.raw(key);
  if (v == nullptr) {
    if (!fallback) r.object_error("missing required key " + quoted(key) + " (a surface: " + expected + ")");
    return fallback.value_or(Surface::Asphalt);
  }
  if (v->is_string())
    if (const std::optional<Surface> s = surface_from_name(v->get_ref<const std::string&>())) return *s;
  r.error(key, quoted(key) + " must be " + expected + ", got " + describe_json(*v));
  return fallback.value_or(Surface::Asphalt);
}

// ---------------------------------------------------------------- 3. sections

void read_kerbs(ObjectReader& r, KerbSpec& k, std::size_t points) {
  k.automatic = r.boolean("automatic", k.automatic);
  k.min_radius = r.number("min_radius_m", 10.0, 2000.0, "metres", k.min_radius);
  k.width = r.number("width_m", 0.2, 5.0, "metres", k.width);
  for (ObjectReader& s : r.objects("spans", 0, kMaxKerbSpans, false)) {
    KerbSpan span;
    span.from = read_index(s, "from", points, true).value_or(0);
    span.to = read_index(s, "to", points, true).value_or(0);
    const std::string side = s.choice("side", {"left", "right", "both"}, "both");
    span.side = side == "left" ? KerbSide::Left : side == "right" ? KerbSide::Right : KerbSide::Both;
    s.finish();
    k.spans.push_back(span);
  }
}

void read_runoff(ObjectReader& r, RunoffSpec& o) {
  o.surface = read_surface(r, "surface", o.surface);
  o.width = r.number("width_m", 0.0, 100.0, "metres", o.width);
}

void read_zones(Context& c, ObjectReader& root, std::vector<SurfaceZone>& zones) {
  for (ObjectReader& z : root.objects("zones", 0, kMaxZones, false)) {
    SurfaceZone zone;
    zone.surface = read_surface(z, "surface", std::nullopt);
    zone.polygon = positions(read_points(c, z, "polygon", kMinZonePoints, kMaxZonePoints, false, true));
    z.finish();
    zones.push_back(std::move(zone));
  }
}

void read_walls(Context& c, ObjectReader& r, WallSpec& w) {
  w.automatic = r.boolean("automatic", w.automatic);
  const json* barriers = r.raw("barriers");
  if (barriers == nullptr) return;
  const std::string pointer = JsonDoc::child_pointer(r.pointer(), "barriers");
  if (!barriers->is_array()) {
    r.error("barriers", "\"barriers\" must be an array of " + count_text(0, kMaxBarriers) +
                            " polylines (each an array of [x, y] points), got " + describe_json(*barriers));
    return;
  }
  if (barriers->size() > kMaxBarriers)
    r.error("barriers", "\"barriers\" must have " + count_text(0, kMaxBarriers) + " polylines, got " +
                            std::to_string(barriers->size()));
  const std::size_t n = std::min(barriers->size(), kMaxBarriers);
  for (std::size_t i = 0; i < n; ++i)
    w.barriers.push_back(positions(read_point_list(c, (*barriers)[i], JsonDoc::child_pointer(pointer, i),
                                                   "\"barriers\"[" + std::to_string(i) + "]", kMinBarrierPoints,
                                                   kMaxBarrierPoints, false)));
}

void read_obstacles(Context& c, ObjectReader& root, std::vector<ObstacleSpec>& obstacles) {
  for (ObjectReader& r : root.objects("obstacles", 0, kMaxObstacles, false)) {
    ObstacleSpec o;
    o.shape = r.choice("shape", {"circle", "box"}, "circle") == "box" ? ObstacleShape::Box : ObstacleShape::Circle;
    o.kind = r.string("kind", o.shape == ObstacleShape::Box ? "barrier" : "tyres");
    if (const json* v = r.raw("position"))
      o.position = read_point(c, *v, JsonDoc::child_pointer(r.pointer(), "position"), "\"position\"", false).position;
    else
      r.object_error("missing required key \"position\" (an [x, y] point in metres)");
    // The other shape's keys would be reported as unknown; say what this shape takes.
    for (const char* key : {"radius_m", "length_m", "width_m", "angle_deg"})
      if ((std::string_view(key) == "radius_m") == (o.shape == ObstacleShape::Box) && r.has(key))
        r.error(key, quoted(key) + (o.shape == ObstacleShape::Box
                                        ? " is for circles; a box takes \"length_m\", \"width_m\" and \"angle_deg\""
                                        : " is for boxes (\"shape\": \"box\"); a circle takes \"radius_m\""));
    if (o.shape == ObstacleShape::Circle) {
      o.radius = r.number("radius_m", 0.05, 20.0, "metres", o.radius);
    } else {
      o.half_length = r.number("length_m", 0.1, 100.0, "metres", 2.0 * o.half_length) / 2.0;
      o.half_width = r.number("width_m", 0.1, 50.0, "metres", 2.0 * o.half_width) / 2.0;
      o.angle = deg_to_rad(r.number("angle_deg", -kMaxAngleDeg, kMaxAngleDeg, "degrees", 0.0));
    }
    r.finish();
    obstacles.push_back(std::move(o));
  }
}

void read_branches(Context& c, ObjectReader& root, std::vector<BranchSpec>& branches, std::size_t points) {
  for (ObjectReader& r : root.objects("branches", 0, kMaxBranches, false)) {
    BranchSpec b;
    b.name = r.string("name", "");
    b.from = read_index(r, "from", points, true).value_or(0);
    b.to = read_index(r, "to", points, true).value_or(0);
    const std::size_t errors_before = c.errors.size();
    b.points = read_points(c, r, "points", kMinBranchPoints, kMaxBranchPoints, true, true);
    if (c.errors.size() == errors_before)
      check_distinct(c, b.points, JsonDoc::child_pointer(r.pointer(), "points"), "\"points\"", false);
    b.surface = read_surface(r, "surface", b.surface);
    r.finish();
    branches.push_back(std::move(b));
  }
}

void read_start(ObjectReader& r, StartSpec& s, std::size_t points) {
  s.point = read_index(r, "point", points, false).value_or(s.point);
  s.offset = r.number("offset_m", -1000.0, 1000.0, "metres", s.offset);
  s.reverse = r.boolean("reverse", s.reverse);
}

void read_grid(ObjectReader& r, GridSpec& g) {
  g.slots = r.integer("slots", 1, 24, g.slots);
  g.spacing = r.number("spacing_m", 3.0, 50.0, "metres", g.spacing);
  g.first_offset = r.number("first_offset_m", 0.0, 200.0, "metres", g.first_offset);
  g.columns = r.integer("columns", 1, 3, g.columns);
}

/// "a", "b", "c": the names of every scenery kind or theme, for messages.
template <typename Name, std::size_t N>
std::string name_list(Name name_of) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) out += (i ? ", " : "") + quoted(name_of(i));
  return out;
}

std::string kind_list() {
  return name_list<std::string_view (*)(std::size_t), kSceneryKindCount>(
      [](std::size_t i) { return scenery_kind_name(static_cast<SceneryKind>(i)); });
}

std::string theme_list() {
  return name_list<std::string_view (*)(std::size_t), kSceneryThemeCount>(
      [](std::size_t i) { return scenery_theme_name(static_cast<SceneryTheme>(i)); });
}

void read_scenery_object(Context& c, ObjectReader& r, SceneryObjectSpec& o) {
  const json* kind = r.raw("kind");
  if (kind == nullptr) {
    r.object_error("missing required key \"kind\" (one of " + kind_list() + ")");
  } else if (const std::optional<SceneryKind> k =
                 kind->is_string() ? scenery_kind_from_name(kind->get_ref<const std::string&>()) : std::nullopt) {
    o.kind = *k;
  } else {
    r.error("kind", "\"kind\" must be one of " + kind_list() + ", got " + describe_json(*kind));
  }
  if (const json* v = r.raw("position"))
    o.position = read_point(c, *v, JsonDoc::child_pointer(r.pointer(), "position"), "\"position\"", false).position;
  else
    r.object_error("missing required key \"position\" (an [x, y] point in metres)");
  const bool round = scenery_kind_round(o.kind);
  const ScenerySize size = scenery_default_size(o.kind);
  const std::string name = quoted(scenery_kind_name(o.kind));
  // The other shape's keys would be reported as unknown; say what this kind takes.
  for (const char* key : {"size_m", "length_m", "depth_m"})
    if ((std::string_view(key) == "size_m") != round && r.has(key))
      r.error(key, quoted(key) + (round ? " is for box kinds; a " + name + " takes \"size_m\" (its diameter)"
                                        : " is for round kinds; a " + name + " takes \"length_m\" and \"depth_m\""));
  o.facing = deg_to_rad(r.number("facing_deg", -kMaxAngleDeg, kMaxAngleDeg, "degrees", 0.0));
  if (round) {
    o.length = o.depth = r.number("size_m", 0.3, 60.0, "metres", size.length);
  } else {
    o.length = r.number("length_m", 0.5, 400.0, "metres", size.length);
    o.depth = r.number("depth_m", 0.3, 200.0, "metres", size.depth);
  }
  o.variant = r.integer("variant", 0, kSceneryVariants - 1, o.variant);
}

void read_scenery(Context& c, ObjectReader& r, ScenerySpec& s) {
  if (const json* v = r.raw("theme")) {
    const std::optional<SceneryTheme> t =
        v->is_string() ? scenery_theme_from_name(v->get_ref<const std::string&>()) : std::nullopt;
    if (t)
      s.theme = *t;
    else
      r.error("theme", "\"theme\" must be one of " + theme_list() + ", got " + describe_json(*v));
  }
  s.automatic = r.boolean("automatic", s.automatic);
  for (ObjectReader& o : r.objects("objects", 0, kMaxSceneryObjects, false)) {
    SceneryObjectSpec object;
    read_scenery_object(c, o, object);
    o.finish();
    s.objects.push_back(object);
  }
}

template <typename Fn>
void section(ObjectReader& root, std::string_view key, Fn read) {
  if (auto r = root.object(key, false)) {
    read(*r);
    r->finish();
  }
}

// ---------------------------------------------------------------- 4. load

Result<TrackSpec> read_track(const JsonDoc& doc) {
  std::vector<DataError> errors;
  Context c{doc, errors};
  ObjectReader root = root_reader(doc, errors);
  TrackSpec t;
  format_version(root, kTrackFormat);
  t.name = root.string("name");
  t.author = root.string("author", "");
  t.description = root.string("description", "");
  t.laps = root.integer("laps", 1, 100, t.laps);
  t.sectors = root.integer("sectors", 1, 10, t.sectors);
  t.road_surface = read_surface(root, "road_surface", t.road_surface);
  c.default_width = root.number("default_width_m", kMinWidth, kMaxWidth, "metres", c.default_width);
  const std::size_t errors_before = errors.size();
  t.centreline = read_points(c, root, "centreline", kMinCentrelinePoints, kMaxCentrelinePoints, true, true);
  if (errors.size() == errors_before) check_distinct(c, t.centreline, "/centreline", "\"centreline\"", true);
  const std::size_t n = t.centreline.size();
  section(root, "kerbs", [&](ObjectReader& r) { read_kerbs(r, t.kerbs, n); });
  section(root, "runoff", [&](ObjectReader& r) { read_runoff(r, t.runoff); });
  read_zones(c, root, t.zones);
  section(root, "walls", [&](ObjectReader& r) { read_walls(c, r, t.walls); });
  read_obstacles(c, root, t.obstacles);
  read_branches(c, root, t.branches, n);
  section(root, "start", [&](ObjectReader& r) { read_start(r, t.start, n); });
  section(root, "grid", [&](ObjectReader& r) { read_grid(r, t.grid); });
  section(root, "scenery", [&](ObjectReader& r) { read_scenery(c, r, t.scenery); });
  root.finish();
  if (!errors.empty()) {
    // In file order, so a reader can fix them top to bottom.
    std::stable_sort(errors.begin(), errors.end(), [](const DataError& a, const DataError& b) {
      return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    return errors;
  }
  return t;
}

// ---------------------------------------------------------------- 5. save
//
// nlohmann's pretty printer puts every number of a point on its own line; this one keeps a
// point, a span or an obstacle on one line and puts each element of a list of points on
// its own line.

using OrderedJson = nlohmann::ordered_json;

/// A scalar as JSON text; a double as the shortest text that reads back as the same
/// double, non-finite as null (which the loader then reports).
std::string scalar_text(const OrderedJson& v) {
  if (v.is_number_float()) {
    const double d = v.get<double>();
    return std::isfinite(d) ? format_number(d) : "null";
  }
  return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

bool has_array_of_arrays(const OrderedJson& v) {
  for (const OrderedJson& e : v) {  // iterates values of arrays and objects; none for scalars
    if (v.is_array() && e.is_array()) return true;
    if (e.is_structured() && has_array_of_arrays(e)) return true;
  }
  return false;
}

std::string inline_text(const OrderedJson& v) {
  if (v.is_array()) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + inline_text(v[i]);
    return out + "]";
  }
  if (v.is_object()) {
    if (v.empty()) return "{}";
    std::string out = "{ ";
    bool first = true;
    for (const auto& item : v.items()) {
      out += (first ? "" : ", ") + scalar_text(item.key()) + ": " + inline_text(item.value());
      first = false;
    }
    return out + " }";
  }
  return scalar_text(v);
}

bool is_point_list(const OrderedJson& v) {
  return v.is_array() && !v.empty() &&
         std::all_of(v.begin(), v.end(), [](const OrderedJson& e) { return e.is_array() && !has_array_of_arrays(e); });
}

/// Writes `v` at the current position, its inner lines indented by `indent` + 2. Control
/// points (`one_per_line`) get a line each, so a line is a point; other point lists are
/// packed several to a line.
void write_value(std::string& out, const OrderedJson& v, std::size_t indent, bool one_per_line = false) {
  constexpr std::size_t kLineWidth = 110;
  if (!v.is_structured() || v.empty()) {
    out += inline_text(v);
    return;
  }
  if (indent > 0 && (!has_array_of_arrays(v) || (is_point_list(v) && !one_per_line))) {
    const std::string text = inline_text(v);
    if (indent + text.size() <= kLineWidth) {
      out += text;
      return;
    }
  }
  const std::string inner(indent + 2, ' ');
  if (is_point_list(v) && !one_per_line) {
    out += "[\n" + inner;
    std::size_t column = inner.size();
    for (std::size_t i = 0; i < v.size(); ++i) {
      const std::string text = inline_text(v[i]) + (i + 1 < v.size() ? "," : "");
      if (i > 0 && column + 1 + text.size() > kLineWidth) {
        out += "\n" + inner;
        column = inner.size();
      } else if (i > 0) {
        out += ' ';
        ++column;
      }
      out += text;
      column += text.size();
    }
    out += "\n" + std::string(indent, ' ') + "]";
    return;
  }
  out += v.is_array() ? "[\n" : "{\n";
  std::size_t i = 0;
  for (const auto& item : v.items()) {
    out += inner;
    if (v.is_object()) out += scalar_text(item.key()) + ": ";
    const bool points = v.is_object() && (item.key() == "centreline" || item.key() == "points");
    write_value(out, item.value(), indent + 2, points);
    out += ++i < v.size() ? ",\n" : "\n";
  }
  out += std::string(indent, ' ') + (v.is_array() ? "]" : "}");
}

OrderedJson point_json(Vec2 p) { return {p.x, p.y}; }

OrderedJson points_json(const std::vector<ControlPoint>& points, double default_width) {
  OrderedJson out = OrderedJson::array();
  for (const ControlPoint& p : points)
    out.push_back(p.width == default_width ? point_json(p.position)
                                           : OrderedJson{p.position.x, p.position.y, p.width});
  return out;
}

OrderedJson polyline_json(const std::vector<Vec2>& points) {
  OrderedJson out = OrderedJson::array();
  for (const Vec2 p : points) out.push_back(point_json(p));
  return out;
}


std::string surface_text(Surface s) { return std::string(surface_name(s)); }

}  // namespace

Result<TrackSpec> parse_track_spec(std::string_view json_text, const std::string& file_name) {
  Result<JsonDoc> doc = JsonDoc::parse(json_text, file_name);
  if (!doc) return doc.errors();
  return read_track(doc.value());
}

Result<TrackSpec> load_track_spec(const std::string& path) {
  Result<JsonDoc> doc = JsonDoc::load_file(path);
  if (!doc) return doc.errors();
  return read_track(doc.value());
}

double common_width(const TrackSpec& t) {
  std::vector<std::pair<double, int>> counts;
  auto count = [&](const std::vector<ControlPoint>& points) {
    for (const ControlPoint& p : points) {
      auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& e) { return e.first == p.width; });
      if (it == counts.end())
        counts.emplace_back(p.width, 1);
      else
        ++it->second;
    }
  };
  count(t.centreline);
  for (const BranchSpec& b : t.branches) count(b.points);
  double best = ControlPoint{}.width;
  int best_count = 0;
  for (const auto& [width, n] : counts)
    if (n > best_count && std::isfinite(width)) best = width, best_count = n;
  return best;
}

std::string save_track_spec(const TrackSpec& t) {
  const double width = common_width(t);
  OrderedJson j;
  j["format"] = kTrackFormat;
  j["name"] = t.name;
  j["author"] = t.author;
  j["description"] = t.description;
  j["laps"] = t.laps;
  j["sectors"] = t.sectors;
  j["road_surface"] = surface_text(t.road_surface);
  j["default_width_m"] = width;
  j["centreline"] = points_json(t.centreline, width);

  OrderedJson kerbs = {{"automatic", t.kerbs.automatic}, {"min_radius_m", t.kerbs.min_radius},
                        {"width_m", t.kerbs.width}};
  if (!t.kerbs.spans.empty()) {
    OrderedJson spans = OrderedJson::array();
    for (const KerbSpan& s : t.kerbs.spans) {
      const char* side = s.side == KerbSide::Left ? "left" : s.side == KerbSide::Right ? "right" : "both";
      spans.push_back({{"from", s.from}, {"to", s.to}, {"side", side}});
    }
    kerbs["spans"] = spans;
  }
  j["kerbs"] = kerbs;
  j["runoff"] = {{"surface", surface_text(t.runoff.surface)}, {"width_m", t.runoff.width}};

  if (!t.zones.empty()) {
    OrderedJson zones = OrderedJson::array();
    for (const SurfaceZone& z : t.zones)
      zones.push_back({{"surface", surface_text(z.surface)}, {"polygon", polyline_json(z.polygon)}});
    j["zones"] = zones;
  }

  OrderedJson walls = {{"automatic", t.walls.automatic}};
  if (!t.walls.barriers.empty()) {
    OrderedJson barriers = OrderedJson::array();
    for (const std::vector<Vec2>& b : t.walls.barriers) barriers.push_back(polyline_json(b));
    walls["barriers"] = barriers;
  }
  j["walls"] = walls;

  if (!t.obstacles.empty()) {
    OrderedJson obstacles = OrderedJson::array();
    for (const ObstacleSpec& o : t.obstacles) {
      OrderedJson e;
      e["shape"] = o.shape == ObstacleShape::Box ? "box" : "circle";
      e["kind"] = o.kind;
      e["position"] = point_json(o.position);
      if (o.shape == ObstacleShape::Circle) {
        e["radius_m"] = o.radius;
      } else {
        e["length_m"] = 2.0 * o.half_length;
        e["width_m"] = 2.0 * o.half_width;
        e["angle_deg"] = std::clamp(rad_to_deg(o.angle), -kMaxAngleDeg, kMaxAngleDeg);
      }
      obstacles.push_back(e);
    }
    j["obstacles"] = obstacles;
  }

  if (!t.branches.empty()) {
    OrderedJson branches = OrderedJson::array();
    for (const BranchSpec& b : t.branches)
      branches.push_back({{"name", b.name}, {"from", b.from}, {"to", b.to},
                          {"surface", surface_text(b.surface)}, {"points", points_json(b.points, width)}});
    j["branches"] = branches;
  }

  j["start"] = {{"point", t.start.point}, {"offset_m", t.start.offset}, {"reverse", t.start.reverse}};
  j["grid"] = {{"slots", t.grid.slots}, {"spacing_m", t.grid.spacing}, {"first_offset_m", t.grid.first_offset},
               {"columns", t.grid.columns}};

  // Written only when it differs from the defaults, so a file without scenery saves as
  // it did before the section existed.
  const ScenerySpec plain;
  OrderedJson scenery = {{"theme", std::string(scenery_theme_name(t.scenery.theme))},
                         {"automatic", t.scenery.automatic}};
  if (!t.scenery.objects.empty()) {
    OrderedJson objects = OrderedJson::array();
    for (const SceneryObjectSpec& o : t.scenery.objects) {
      OrderedJson e;
      e["kind"] = std::string(scenery_kind_name(o.kind));
      e["position"] = point_json(o.position);
      e["facing_deg"] = std::clamp(rad_to_deg(o.facing), -kMaxAngleDeg, kMaxAngleDeg);
      if (scenery_kind_round(o.kind)) {
        e["size_m"] = o.length;
      } else {
        e["length_m"] = o.length;
        e["depth_m"] = o.depth;
      }
      if (o.variant >= 0) e["variant"] = o.variant;
      objects.push_back(e);
    }
    scenery["objects"] = objects;
  }
  if (t.scenery.theme != plain.theme || t.scenery.automatic != plain.automatic || !t.scenery.objects.empty())
    j["scenery"] = scenery;

  std::string out;
  write_value(out, j, 0);
  return out + "\n";
}

}  // namespace racer
