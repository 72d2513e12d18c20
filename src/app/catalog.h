#pragma once
// The catalog: the shipped tracks (tracks/*.json), the user's own tracks (the track
// editor's $XDG_DATA_HOME/racer/tracks/*.json, listed after them and marked "[user]"), cars
// (assets/cars/*.json, then the Car editor's $XDG_DATA_HOME/racer/cars/*.json) and AI profiles (assets/ai/{easy,medium,hard}.json), found at
// start-up. Of the shipped files only the specs are read (cheap); a track is built when a
// race starts. A user track is built and checked in full (it may have been edited by
// hand), so a broken one is listed with trackcheck's messages. A file that does not load
// is kept in the list with its error, so the menu can show it and refuse it.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/ai_params.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {

struct CatalogEntry {
  std::string id;     ///< file stem ("lantern_hill")
  std::string name;   ///< from the file ("Lantern Hill"), or the id if it did not load
  std::string path;   ///< as found (resolve_asset'ed)
  std::string error;  ///< "" when the file loaded
  int laps = 3;       ///< tracks: the file's race length
  std::string description;  ///< tracks: the file's one-line description
  bool user = false;        ///< tracks: one of the user's own (id "user_<stem>")
  bool ok() const { return error.empty(); }
};

struct Catalog {
  std::vector<CatalogEntry> tracks;  ///< sorted by id
  std::vector<CatalogEntry> cars;    ///< the shipped ones sorted by id, then the user's sorted by id
  std::vector<AiParams> profiles;    ///< easy, medium, hard (defaults where a file is bad)
  std::vector<std::string> problems; ///< bad profile files and clashing user cars, one message each
  /// Index of the entry with this id or path stem, -1 if none.
  int track_index(const std::string& id_or_path) const;
  int car_index(const std::string& id_or_path) const;
  /// The ids of the shipped tracks that loaded, in order (the championship's circuits).
  std::vector<std::string> raceable_track_ids() const;
};

/// Scans the folders (relative to the current directory, else the source tree), and in the
/// user's data dir the tracks saved by the editor (`data_dir/tracks/*.json`, editor/track_file.h)
/// and the cars saved by the Car editor (`data_dir/cars/*.json`, game/car_edit.h), after the
/// shipped ones; a user car with a shipped car's id is left out with a problem message.
/// No data dir, or missing folders: the shipped files only.
Catalog load_catalog(const std::optional<std::filesystem::path>& data_dir = std::nullopt);
/// "tracks/lantern_hill.json" -> "lantern_hill".
std::string file_stem(const std::string& path);

}  // namespace racer
