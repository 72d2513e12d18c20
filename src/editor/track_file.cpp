// Track files: user track paths, file names, saving a valid spec, the new-track template.
#include "editor/track_file.h"

#include <cctype>

#include "editor/validation.h"

namespace racer::editor {

std::filesystem::path user_tracks_dir(const std::filesystem::path& data_dir) { return data_dir / "tracks"; }

Result<std::filesystem::path> user_tracks_dir(const StorageEnvironment& env) {
  Result<std::filesystem::path> data = data_dir(env);
  if (!data) return data.errors();
  return user_tracks_dir(data.value());
}

std::string track_file_name(std::string_view track_name) {
  std::string out;
  for (const char c : track_name) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) && u < 128)
      out += static_cast<char>(std::tolower(u));
    else if (!out.empty() && out.back() != '_')
      out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return (out.empty() ? "track" : out) + ".json";
}

std::vector<DataError> save_track_file(const TrackSpec& spec, const std::filesystem::path& path) {
  const Validation v = validate_track(spec, path.string());
  std::vector<DataError> errors;
  for (const Issue& i : v.issues) errors.push_back(i.error);
  if (!errors.empty()) return errors;
  if (std::optional<DataError> e = write_file_atomic(path, save_track_spec(spec))) errors.push_back(*e);
  return errors;
}

TrackSpec template_track() {
  TrackSpec t;
  t.name = "New Track";
  t.description = "A new track, started from the editor's template.";
  // Two 240 m straights joined by half circles of radius 80 m, driven anticlockwise, a
  // point every 60 m or so (evenly spaced points keep the straights straight).
  const double points[][2] = {{-120, -80}, {-60, -80}, {0, -80},   {60, -80},  {120, -80}, {177, -57},
                              {200, 0},    {177, 57},  {120, 80},  {60, 80},   {0, 80},    {-60, 80},
                              {-120, 80},  {-177, 57}, {-200, 0},  {-177, -57}};
  for (const auto& p : points) t.centreline.push_back({{p[0], p[1]}, 12.0});
  t.start.point = 2;
  t.runoff.width = 12.0;
  return t;
}

}  // namespace racer::editor
