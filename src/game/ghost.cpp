// Ghost: hashes, pose lookup, recording, compact JSON save, strict load with version checks.
// Sections: 1. hashes  2. pose lookup and mismatch  3. recorder  4. writing  5. reading
//           6. load and save
#include "game/ghost.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/hash.h"
#include "core/json_doc.h"
#include "core/json_reader.h"
#include "core/math.h"
#include "game/storage.h"

namespace racer {

// ---------------------------------------------------------------- 1. hashes

std::uint64_t content_hash(std::string_view bytes) {
  Hash64 h;
  for (const char c : bytes) h.add(c);
  return h.value();
}

std::string hash_to_hex(std::uint64_t hash) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash));
  return buf;
}

std::optional<std::uint64_t> hash_from_hex(std::string_view text) {
  if (text.empty() || text.size() > 16) return std::nullopt;
  std::uint64_t v = 0;
  for (const char c : text) {
    int d = -1;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    if (d < 0) return std::nullopt;
    v = (v << 4) | static_cast<std::uint64_t>(d);
  }
  return v;
}

// ---------------------------------------------------------------- 2. pose lookup, mismatch

GhostPose Ghost::pose_at(double t) const {
  if (samples.empty()) return {};
  auto pose = [](const GhostSample& s) { return GhostPose{{s.x, s.y}, wrap_angle(s.heading), s.speed}; };
  if (!(t > samples.front().t)) return pose(samples.front());  // also NaN
  if (t >= samples.back().t) return pose(samples.back());
  const auto hi = std::upper_bound(samples.begin(), samples.end(), t,
                                   [](double v, const GhostSample& s) { return v < s.t; });
  const GhostSample& b = *hi;
  const GhostSample& a = *(hi - 1);
  const double span = b.t - a.t;
  const double f = span > 0.0 ? (t - a.t) / span : 0.0;
  return GhostPose{{lerp(a.x, b.x, f), lerp(a.y, b.y, f)},
                   wrap_angle(a.heading + wrap_angle(b.heading - a.heading) * f),
                   lerp(a.speed, b.speed, f)};
}

std::optional<std::string> ghost_mismatch(const GhostKey& recorded, const GhostKey& current) {
  const std::string not_loaded = "; it was not loaded";
  if (recorded.physics_version != current.physics_version) {
    return "ghost recorded with physics version " + std::to_string(recorded.physics_version) +
           ", this build is " + std::to_string(current.physics_version) + not_loaded;
  }
  if (recorded.track_id != current.track_id) {
    return "ghost recorded on track \"" + recorded.track_id + "\", not \"" + current.track_id + "\"" + not_loaded;
  }
  if (recorded.track_hash != current.track_hash) {
    return "ghost recorded on another version of track \"" + current.track_id + "\" (hash " +
           hash_to_hex(recorded.track_hash) + ", this one is " + hash_to_hex(current.track_hash) + ")" +
           not_loaded;
  }
  if (recorded.car_id != current.car_id) {
    return "ghost recorded with car \"" + recorded.car_id + "\", not \"" + current.car_id + "\"" + not_loaded;
  }
  if (recorded.car_hash != current.car_hash) {
    return "ghost recorded with another version of car \"" + current.car_id + "\" (hash " +
           hash_to_hex(recorded.car_hash) + ", this one is " + hash_to_hex(current.car_hash) + ")" + not_loaded;
  }
  return std::nullopt;
}

// ---------------------------------------------------------------- 3. recorder

GhostRecorder::GhostRecorder(int every_steps) : every_steps_(std::max(every_steps, 1)) {
  assert(every_steps >= 1);
}

void GhostRecorder::start() {
  recording_ = true;
  steps_ = 0;
  samples_.clear();
  last_.reset();
  last_kept_ = false;
}

void GhostRecorder::step(double lap_time, Vec2 position, double heading, double speed) {
  if (!recording_) return;
  const GhostSample s{lap_time, position.x, position.y, heading, speed};
  last_ = s;
  last_kept_ = false;
  const bool due = steps_ % every_steps_ == 0;
  ++steps_;
  if (!due) return;
  if (!samples_.empty() && !(lap_time > samples_.back().t)) return;  // time must go forward
  if (samples_.size() >= kMaxGhostSamples) return;
  samples_.push_back(s);
  last_kept_ = true;
}

Ghost GhostRecorder::finish(const GhostKey& key, double lap_time) {
  if (last_ && !last_kept_ && (samples_.empty() || last_->t > samples_.back().t)) samples_.push_back(*last_);
  Ghost g{key, lap_time, std::move(samples_)};
  samples_ = {};
  recording_ = false;
  last_.reset();
  steps_ = 0;
  return g;
}

// ---------------------------------------------------------------- 4. writing

namespace {

/// v rounded to 1/scale (scale a power of ten): dividing the rounded integer by the exact
/// scale gives the double nearest the decimal, which prints short ("0.0042", not
/// "0.004200000000000001").
double rounded(double v, double scale) {
  const double r = std::round(v * scale) / scale;
  return r == 0.0 ? 0.0 : r;  // no "-0"
}

}  // namespace

std::string ghost_to_json(const Ghost& g) {
  using nlohmann::ordered_json;
  ordered_json j;
  j["format"] = kGhostFormat;
  j["physics_version"] = g.key.physics_version;
  j["track_id"] = g.key.track_id;
  j["track_hash"] = hash_to_hex(g.key.track_hash);
  j["car_id"] = g.key.car_id;
  j["car_hash"] = hash_to_hex(g.key.car_hash);
  j["lap_time_s"] = g.lap_time;
  ordered_json samples = ordered_json::array();
  double last_t = -1.0;
  for (const GhostSample& s : g.samples) {
    const double t = rounded(s.t, 1e4);
    if (!(t > last_t)) continue;  // rounding may merge samples closer than 0.1 ms
    last_t = t;
    samples.push_back(ordered_json::array({t, rounded(s.x, 1e3), rounded(s.y, 1e3),
                                           rounded(wrap_angle(s.heading), 1e4), rounded(s.speed, 1e2)}));
  }
  j["samples"] = std::move(samples);
  return j.dump() + "\n";
}

// ---------------------------------------------------------------- 5. reading

namespace {

constexpr std::size_t kMaxSampleErrors = 10;
const char* const kSampleText = "an array [t, x, y, heading, speed] of 5 numbers";

std::uint64_t read_hash(ObjectReader& r, std::string_view key) {
  const nlohmann::json* v = r.raw(key);
  const std::string expected = "a hash of 1 to 16 hex digits";
  if (v == nullptr) {
    if (r.valid()) r.object_error("missing required key \"" + std::string(key) + "\" (" + expected + ")");
    return 0;
  }
  const std::optional<std::uint64_t> h = v->is_string() ? hash_from_hex(v->get<std::string>()) : std::nullopt;
  if (!h) {
    r.error(key, "\"" + std::string(key) + "\" must be " + expected + ", got " + describe_json(*v));
    return 0;
  }
  return *h;
}

/// The header; false if it had errors (reported). `readable` false when the rest of the
/// file is not worth reading (not an object, no or an unsupported format).
bool read_header(ObjectReader& root, Ghost& g, std::vector<DataError>& errors, bool& readable) {
  const std::size_t before = errors.size();
  readable = root.valid() && format_version(root, kGhostFormat) != 0;
  if (!readable) return false;
  g.key.physics_version = root.integer("physics_version", 1, 1'000'000);
  g.key.track_id = root.string("track_id");
  g.key.track_hash = read_hash(root, "track_hash");
  g.key.car_id = root.string("car_id");
  g.key.car_hash = read_hash(root, "car_hash");
  g.lap_time = root.number("lap_time_s", 1e-3, 1e6, "seconds");
  return errors.size() == before;
}

/// What is out of range in a sample ("speed 1e+308 m/s, expected [-1000, 1000]"), if
/// anything. The ranges are far beyond any lap (a lap under 11 days, 100 km from the origin,
/// 1000 m/s) and keep the writer's rounding (value times 10^4 at most) exact.
std::optional<std::string> out_of_range(const GhostSample& s) {
  struct Field {
    const char* name;
    double value, limit;
    const char* unit;
  };
  for (const Field& f : {Field{"time", s.t, 1e6, "s"}, Field{"x", s.x, 1e5, "m"}, Field{"y", s.y, 1e5, "m"},
                         Field{"heading", s.heading, 1e6, "rad"}, Field{"speed", s.speed, 1e3, "m/s"}}) {
    if (std::fabs(f.value) > f.limit) {
      return std::string(f.name) + " " + format_number(f.value) + " " + f.unit + ", expected [" +
             format_number(-f.limit) + ", " + format_number(f.limit) + "]";
    }
  }
  return std::nullopt;
}

void read_samples(ObjectReader& root, Ghost& g, std::vector<DataError>& errors) {
  const JsonDoc& doc = root.doc();
  const nlohmann::json* v = root.raw("samples");
  if (v == nullptr) {
    root.object_error(std::string("missing required key \"samples\" (an array of 2 to ") +
                      std::to_string(kMaxGhostSamples) + " samples, each " + kSampleText + ")");
    return;
  }
  if (!v->is_array() || v->size() < 2 || v->size() > kMaxGhostSamples) {
    root.error("samples", "\"samples\" must be an array of 2 to " + std::to_string(kMaxGhostSamples) +
                              " samples, got " + (v->is_array() ? std::to_string(v->size()) + " samples"
                                                                : describe_json(*v)));
    return;
  }
  const std::string base = JsonDoc::child_pointer(root.pointer(), "samples");
  std::size_t bad = 0;
  auto report = [&](std::size_t i, const std::string& message) {
    if (bad++ < kMaxSampleErrors) errors.push_back(doc.error_at(JsonDoc::child_pointer(base, i), message));
  };
  g.samples.reserve(v->size());
  for (std::size_t i = 0; i < v->size(); ++i) {
    const nlohmann::json& e = (*v)[i];
    const bool shape = e.is_array() && e.size() == 5 &&
                       std::all_of(e.begin(), e.end(), [](const nlohmann::json& n) {
                         return n.is_number() && std::isfinite(n.get<double>());
                       });
    if (!shape) {
      report(i, "sample " + std::to_string(i) + " must be " + kSampleText + ", got " + describe_json(e));
      continue;
    }
    const GhostSample s{e[0].get<double>(), e[1].get<double>(), e[2].get<double>(), e[3].get<double>(),
                        e[4].get<double>()};
    if (const std::optional<std::string> why = out_of_range(s)) {
      report(i, "sample " + std::to_string(i) + " has " + *why);
      continue;
    }
    if (!(s.t >= 0.0) || (!g.samples.empty() && !(s.t > g.samples.back().t))) {
      report(i, "sample " + std::to_string(i) + " has time " + format_number(s.t) +
                    " s: times must start at 0 or later and increase from sample to sample");
      continue;
    }
    g.samples.push_back(s);
  }
  if (bad > kMaxSampleErrors) {
    errors.push_back(doc.error_at(base, "... and " + std::to_string(bad - kMaxSampleErrors) +
                                            " more bad samples"));
  }
}

/// Reads the whole ghost; with `current`, stops after the header when it does not match
/// (setting `stale`).
Result<Ghost> read_ghost(const JsonDoc& doc, const GhostKey* current, std::optional<std::string>* stale) {
  std::vector<DataError> errors;
  ObjectReader root = root_reader(doc, errors);
  Ghost g;
  bool readable = false;
  const bool header_ok = read_header(root, g, errors, readable);
  if (header_ok && current != nullptr) {
    if (std::optional<std::string> why = ghost_mismatch(g.key, *current)) {
      const DataError e{doc.file_name(), 0, 0, *why};
      *stale = e.to_string();
      return e;
    }
  }
  if (readable) {
    read_samples(root, g, errors);
    root.finish();
  }
  if (!errors.empty()) return errors;
  return g;
}

JsonLimits ghost_limits() {
  JsonLimits limits;
  limits.max_bytes = kMaxStoredFileBytes;
  return limits;
}

}  // namespace

Result<Ghost> parse_ghost(std::string_view text, const std::string& file_name) {
  Result<JsonDoc> doc = JsonDoc::parse(text, file_name, ghost_limits());
  if (!doc) return doc.errors();
  return read_ghost(doc.value(), nullptr, nullptr);
}

// ---------------------------------------------------------------- 6. load and save

GhostLoad load_ghost(const std::filesystem::path& path, const GhostKey& current) {
  GhostLoad out;
  Result<std::optional<std::string>> text = read_text_file(path, kMaxStoredFileBytes);
  if (text && !text.value()) return out;  // Missing
  out.status = GhostLoad::Status::Bad;
  if (!text) {
    out.message = text.error_text() + "; the ghost was not loaded";
    return out;
  }
  Result<JsonDoc> doc = JsonDoc::parse(*text.value(), path.string(), ghost_limits());
  if (!doc) {
    out.message = doc.error_text() + "\n" + path.string() + ": the ghost was not loaded";
    return out;
  }
  std::optional<std::string> stale;
  Result<Ghost> ghost = read_ghost(doc.value(), &current, &stale);
  if (stale) {
    out.status = GhostLoad::Status::Stale;
    out.message = *stale;
  } else if (!ghost) {
    out.message = ghost.error_text() + "\n" + path.string() + ": the ghost was not loaded";
  } else {
    out.status = GhostLoad::Status::Loaded;
    out.ghost = std::move(ghost).value();
  }
  return out;
}

std::optional<DataError> save_ghost(const std::filesystem::path& path, const Ghost& ghost) {
  return write_file_atomic(path, ghost_to_json(ghost));
}

}  // namespace racer
