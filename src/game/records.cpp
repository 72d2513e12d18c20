// Records: best laps and championship progress; strict parse, save, load (never fails).
// Sections: 1. Records and ChampionshipProgress  2. reading  3. writing  4. load and save
#include "game/records.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "core/json_doc.h"
#include "core/json_reader.h"
#include "game/storage.h"

namespace racer {

// ---------------------------------------------------------------- 1. values

void ChampionshipProgress::add_round(RecordedRound result) {
  for (const RecordedResult& e : result.entries) points[e.driver] += e.points;
  rounds.push_back(std::move(result));
  ++round_index;
}

std::vector<std::pair<std::string, int>> ChampionshipProgress::standings() const {
  std::vector<std::pair<std::string, int>> out(points.begin(), points.end());
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

const BestLap* Records::best_lap(std::string_view track_id, std::string_view car_id) const {
  const auto it = best_laps_.find({std::string(track_id), std::string(car_id)});
  return it == best_laps_.end() ? nullptr : &it->second;
}

bool Records::submit_lap(std::string_view track_id, std::string_view car_id, BestLap lap) {
  if (!std::isfinite(lap.lap_time) || !(lap.lap_time > 0.0)) return false;
  const BestLap* old = best_lap(track_id, car_id);
  if (old != nullptr && !(lap.lap_time < old->lap_time)) return false;
  best_laps_[{std::string(track_id), std::string(car_id)}] = std::move(lap);
  return true;
}

// ---------------------------------------------------------------- 2. reading

namespace {

constexpr double kMaxTime = 1e6;  // s: no lap or race takes 11 days
constexpr std::size_t kMaxSectors = 64;
// Counts far beyond any real file (a few tracks times a few cars; up to 40 cars a race; a
// season of at most 1000 rounds, as "round" allows): a file with more is damaged or hostile.
constexpr std::size_t kMaxBestLaps = 10000;
constexpr std::size_t kMaxEntries = 1000;  // results in a round, drivers in the standings
constexpr std::size_t kMaxRounds = 1000;

void read_best_laps(ObjectReader& root, Records& records) {
  std::set<std::pair<std::string, std::string>> seen;
  for (ObjectReader& r : root.objects("best_laps", 0, kMaxBestLaps, false)) {
    const std::string track = r.string("track");
    const std::string car = r.string("car");
    BestLap lap;
    lap.lap_time = r.number("lap_time_s", 1e-3, kMaxTime, "seconds");
    lap.sector_times = r.numbers("sector_times_s", 0.0, kMaxTime, "seconds", 0, kMaxSectors, {});
    if (r.valid() && !seen.insert({track, car}).second) {
      r.object_error("a second best lap for track \"" + track + "\" and car \"" + car +
                     "\" (each pair may appear once)");
    }
    r.finish();
    records.submit_lap(track, car, std::move(lap));
  }
}

RecordedRound read_round(ObjectReader& r) {
  RecordedRound round;
  round.track_id = r.string("track");
  for (ObjectReader& e : r.objects("results", 0, kMaxEntries, true)) {
    RecordedResult entry;
    entry.driver = e.string("driver");
    entry.position = e.integer("position", 1, 1000);
    entry.classified = e.boolean("classified", true);
    entry.points = e.integer("points", 0, 100000);
    if (e.has("time_s")) entry.time = e.number("time_s", 0.0, kMaxTime, "seconds");
    e.finish();
    round.entries.push_back(std::move(entry));
  }
  return round;
}

void read_championship(ObjectReader& c, ChampionshipProgress& p) {
  p.championship_id = c.string("id");
  p.round_index = c.integer("round", 0, 1000);
  for (ObjectReader& s : c.objects("points", 0, kMaxEntries, true)) {
    const std::string driver = s.string("driver");
    const int points = s.integer("points", 0, 100000000);
    if (s.valid() && !p.points.emplace(driver, points).second) {
      s.object_error("driver \"" + driver + "\" is listed twice in \"points\"");
    }
    s.finish();
  }
  for (ObjectReader& r : c.objects("rounds", 0, kMaxRounds, true)) {
    p.rounds.push_back(read_round(r));
    r.finish();
  }
}

Result<Records> read_records(const JsonDoc& doc) {
  std::vector<DataError> errors;
  ObjectReader root = root_reader(doc, errors);
  Records records;
  if (root.valid() && format_version(root, kRecordsFormat) != 0) {
    read_best_laps(root, records);
    if (auto c = root.object("championship", false)) {
      ChampionshipProgress p;
      read_championship(*c, p);
      c->finish();
      records.championship = std::move(p);
    }
    root.finish();
  }
  if (!errors.empty()) return errors;
  return records;
}

// ---------------------------------------------------------------- 3. writing

nlohmann::ordered_json round_json(const RecordedRound& round) {
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  for (const RecordedResult& e : round.entries) {
    nlohmann::ordered_json j = {{"driver", e.driver}, {"position", e.position},
                                  {"classified", e.classified}, {"points", e.points}};
    if (e.time) j["time_s"] = *e.time;
    results.push_back(std::move(j));
  }
  return {{"track", round.track_id}, {"results", std::move(results)}};
}

}  // namespace

Result<Records> parse_records(std::string_view text, const std::string& file_name) {
  Result<JsonDoc> doc = JsonDoc::parse(text, file_name);
  if (!doc) return doc.errors();
  return read_records(doc.value());
}

std::string records_to_json(const Records& records) {
  using nlohmann::ordered_json;
  ordered_json j;
  j["format"] = kRecordsFormat;
  ordered_json laps = ordered_json::array();
  for (const auto& [key, lap] : records.best_laps()) {
    laps.push_back({{"track", key.first}, {"car", key.second}, {"lap_time_s", lap.lap_time},
                    {"sector_times_s", lap.sector_times}});
  }
  j["best_laps"] = std::move(laps);
  if (const auto& c = records.championship) {
    ordered_json points = ordered_json::array();
    for (const auto& [driver, p] : c->points) points.push_back({{"driver", driver}, {"points", p}});
    ordered_json rounds = ordered_json::array();
    for (const RecordedRound& r : c->rounds) rounds.push_back(round_json(r));
    j["championship"] = {{"id", c->championship_id}, {"round", c->round_index},
                         {"points", std::move(points)}, {"rounds", std::move(rounds)}};
  }
  return j.dump(2) + "\n";
}

// ---------------------------------------------------------------- 4. load and save

RecordsLoad load_records(const std::filesystem::path& path) {
  RecordsLoad out;
  const std::string name = path.string();
  Result<std::optional<std::string>> text = read_text_file(path, JsonLimits{}.max_bytes);
  std::vector<DataError> errors;
  if (!text) {
    errors = text.errors();
  } else if (!text.value()) {
    return out;  // no records yet
  } else {
    Result<Records> parsed = parse_records(*text.value(), name);
    if (parsed) {
      out.records = std::move(parsed).value();
      return out;
    }
    errors = parsed.errors();
  }
  out.message = join_errors(errors) + "\n" + name + ": the records could not be read and start empty; " +
                set_aside_for_message(path, &out.set_aside_as);
  out.may_save = out.set_aside_as.has_value();
  return out;
}

std::optional<DataError> save_records(const std::filesystem::path& path, const Records& records) {
  return write_file_atomic(path, records_to_json(records));
}

}  // namespace racer
