#include "app/catalog.h"

#include <algorithm>
#include <filesystem>

#include "app/asset_path.h"
#include "editor/track_file.h"
#include "game/car_edit.h"
#include "track/track.h"
#include "track/track_spec.h"

namespace racer {
namespace {

std::vector<std::string> json_files(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".json" && it->is_regular_file(ec)) out.push_back(it->path().string());
  std::sort(out.begin(), out.end());
  return out;
}

int index_of(const std::vector<CatalogEntry>& list, const std::string& id_or_path) {
  const std::string id = file_stem(id_or_path);
  for (std::size_t i = 0; i < list.size(); ++i)
    if (list[i].id == id) return static_cast<int>(i);
  return -1;
}

}  // namespace

std::string file_stem(const std::string& path) { return std::filesystem::path(path).stem().string(); }

int Catalog::track_index(const std::string& id_or_path) const { return index_of(tracks, id_or_path); }
int Catalog::car_index(const std::string& id_or_path) const { return index_of(cars, id_or_path); }

std::vector<std::string> Catalog::raceable_track_ids() const {
  std::vector<std::string> out;
  for (const CatalogEntry& t : tracks)
    if (t.ok() && !t.user) out.push_back(t.id);
  return out;
}

namespace {

CatalogEntry car_entry(const std::string& path) {
  CatalogEntry e{file_stem(path), file_stem(path), path, {}, 0, {}};
  const Result<CarSpec> spec = load_car_spec(path);
  if (spec) e.name = spec.value().name.empty() ? e.id : spec.value().name;
  else e.error = spec.error_text();
  return e;
}

// A user track: built in full, its problems as trackcheck prints them.
CatalogEntry user_track(const std::string& path) {
  CatalogEntry e{"user_" + file_stem(path), file_stem(path) + "  [user]", path, {}, 3, {}, true};
  const Result<std::shared_ptr<const Track>> track = Track::load(path);
  if (!track) {
    e.error = track.error_text();
    return e;
  }
  const TrackSpec& spec = track.value()->spec();
  e.name = (spec.name.empty() ? file_stem(path) : spec.name) + "  [user]";
  e.laps = spec.laps;
  e.description = "Your track (" + path + ")" + (spec.description.empty() ? "" : ": " + spec.description);
  return e;
}

}  // namespace

Catalog load_catalog(const std::optional<std::filesystem::path>& data_dir) {
  Catalog c;
  for (const std::string& path : json_files(resolve_asset("tracks"))) {
    CatalogEntry e{file_stem(path), file_stem(path), path, {}, 3, {}};
    const Result<TrackSpec> spec = load_track_spec(path);
    if (spec) {
      e.name = spec.value().name.empty() ? e.id : spec.value().name;
      e.laps = spec.value().laps;
      e.description = spec.value().description;
    } else {
      e.error = spec.error_text();
    }
    c.tracks.push_back(std::move(e));
  }
  if (data_dir)
    for (const std::string& path : json_files(editor::user_tracks_dir(*data_dir))) c.tracks.push_back(user_track(path));
  for (const std::string& path : json_files(resolve_asset("assets/cars"))) c.cars.push_back(car_entry(path));
  if (data_dir)
    for (const std::filesystem::path& path : user_car_files(*data_dir)) {
      if (c.car_index(path.string()) >= 0) {
        c.problems.push_back(path.string() + ": a shipped car has the id \"" + file_stem(path.string()) +
                             "\"; save it under another name to race it");
        continue;
      }
      c.cars.push_back(car_entry(path.string()));
    }
  for (const char* level : kDifficultyLevels) {  // each on its own: a bad one falls back alone
    const Result<AiParams> p = load_ai_params(resolve_asset(ai_profile_file(level)));
    if (p) {
      c.profiles.push_back(p.value());
    } else {
      AiParams fallback;
      fallback.name = fallback.difficulty = level;
      c.profiles.push_back(fallback);
      c.problems.push_back(p.error_text());
    }
  }
  return c;
}

}  // namespace racer
