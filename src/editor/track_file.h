#pragma once
// Track files the editor writes: where user tracks live ($XDG_DATA_HOME/racer/tracks/),
// a file name from a track's name, the template a new track starts from, and saving: only
// a valid track, in the documented format (save_track_spec: stable key order, one control
// point per line), written atomically.
// Pure apart from file I/O: no SDL, no ImGui, no printing.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/storage.h"
#include "track/track_spec.h"

namespace racer::editor {

/// `data_dir / "tracks"`: the user's own tracks.
std::filesystem::path user_tracks_dir(const std::filesystem::path& data_dir);
/// user_tracks_dir of the environment's data dir (error when there is none).
Result<std::filesystem::path> user_tracks_dir(const StorageEnvironment& env);
/// "Kestrel Downs 2" -> "kestrel_downs_2.json": lower-case letters and digits, runs of
/// anything else as one '_'; "track.json" when nothing is left.
std::string track_file_name(std::string_view track_name);

/// Saves `spec` to `path` if it is valid (validate_track: every problem trackcheck would
/// report, named by `path`), atomically (write_file_atomic). Empty on success; otherwise the
/// problems, and nothing written.
std::vector<DataError> save_track_file(const TrackSpec& spec, const std::filesystem::path& path);

/// The small track a new one starts from: a 16-point oval about 1 km round, 12 m wide,
/// with the start on its bottom straight. Valid as it is.
TrackSpec template_track();

}  // namespace racer::editor
