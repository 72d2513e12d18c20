// Track: the queries the simulation makes every step, loading, and the order of the
// builder's phases. TrackBuilder::build below reads as the table of contents of a build;
// the phases live in the files listed in track_build.h.
// Sections:
//   1. TrackBuilder: build (the phases in order), the centrelines, finish
//   2. Track: load, build, queries
#include "track/track.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "core/json_doc.h"
#include "core/math.h"
#include "track/track_build.h"
#include "track/track_parse.h"

namespace racer {

using namespace track_build;

// ---------------------------------------------------------------- 1. TrackBuilder

Result<std::shared_ptr<const Track>> TrackBuilder::build() {
  if (!check_structure()) return finish();  // track_checks.cpp: the spec's values
  build_centrelines();                      // below
  check_widths();                           // track_checks.cpp: the roads' geometry
  check_crossings();
  check_overlaps();
  check_branches();
  check_zones();
  if (!compute_bounds()) return finish();   // surface_raster.cpp
  mark_kerbs();
  rasterise_roads();
  classify_cells();
  paint_zones();
  extract_walls();                          // wall_contours.cpp
  place_stations();                         // stations.cpp
  road_ = {};                               // the road distance raster's last reader was above
  place_grid();                             // placements.cpp
  check_placements();
  check_scenery();
  build_cost_grid();                        // track_cost_grid.cpp
  return finish();
}

// The main loop's centreline (control points in driving order), then each branch from
// its point `from` through its own points to its point `to`.
void TrackBuilder::build_centrelines() {
  const int n = point_count();
  std::vector<ControlPoint> pts(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) pts[static_cast<std::size_t>(j)] = spec().centreline[static_cast<std::size_t>(map_point(j))];
  track_->centreline_ = Centreline(pts, true, kSampleSpacing);
  for (const BranchSpec& br : spec().branches) {
    std::vector<ControlPoint> bp;
    bp.push_back(pts[static_cast<std::size_t>(map_point(br.from))]);
    bp.insert(bp.end(), br.points.begin(), br.points.end());
    bp.push_back(pts[static_cast<std::size_t>(map_point(br.to))]);
    track_->branches_.emplace_back(bp, false, kSampleSpacing);
  }
}

// The track, or the problems located in the file (file:line:col when parsed from one).
Result<std::shared_ptr<const Track>> TrackBuilder::finish() {
  if (problems_.empty()) return std::shared_ptr<const Track>(std::move(track_));
  std::vector<DataError> errors;
  for (const TrackProblem& p : problems_)
    errors.push_back(doc_ ? doc_->error_at(p.pointer, p.message)
                          : DataError{file_, 0, 0, p.message});
  return errors;
}

// ---------------------------------------------------------------- 2. Track

namespace {

// Reads a whole file (at most max_bytes + 1, so a FIFO cannot make it grow forever). A
// directory opens on Linux and fails only at the read, so it is named before the open.
Result<std::string> read_text(const std::string& path, std::size_t max_bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    return DataError{path, 0, 0, "cannot read the file (it is a directory, not a track file)"};
  errno = 0;
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) return DataError{path, 0, 0, std::string("cannot read the file (") + (errno ? std::strerror(errno) : "open failed") + ")"};
  std::string text;
  char buffer[1 << 16];
  while (text.size() <= max_bytes) {
    const std::size_t want = std::min(sizeof buffer, max_bytes + 1 - text.size());
    const std::size_t got = std::fread(buffer, 1, want, file.get());
    text.append(buffer, got);
    if (got < want) break;
  }
  if (std::ferror(file.get())) return DataError{path, 0, 0, "cannot read the file (read failed)"};
  return text;
}

}  // namespace

Result<std::shared_ptr<const Track>> Track::load(const std::string& path) {
  // One read: the text gives the positions (JsonDoc) and the spec (parse_track_spec).
  auto text = read_text(path, JsonLimits{}.max_bytes);
  if (!text) return text.errors();
  return parse_track(text.value(), path);
}

Result<std::shared_ptr<const Track>> parse_track(std::string_view text, const std::string& file_name) {
  auto doc = JsonDoc::parse(text, file_name);
  if (!doc) return doc.errors();
  auto spec = parse_track_spec(text, file_name);
  if (!spec) return spec.errors();
  return TrackBuilder(spec.value(), file_name, &doc.value()).build();
}

Result<std::shared_ptr<const Track>> Track::build(const TrackSpec& spec, const std::string& file_name) {
  return TrackBuilder(spec, file_name, nullptr).build();
}

Surface Track::surface_at(Vec2 p) const {
  const double fx = (p.x - raster_origin_.x) / raster_cell_;
  const double fy = (p.y - raster_origin_.y) / raster_cell_;
  // Written so NaN fails the test too.
  if (!(fx >= 0.0 && fy >= 0.0 && fx < raster_w_ && fy < raster_h_)) return spec_.runoff.surface;
  return static_cast<Surface>(cells_.get(static_cast<int>(fx), static_cast<int>(fy)) & 0x0F);
}

std::uint8_t Track::flags_at(Vec2 p) const {
  const double fx = (p.x - raster_origin_.x) / raster_cell_;
  const double fy = (p.y - raster_origin_.y) / raster_cell_;
  if (!(fx >= 0.0 && fy >= 0.0 && fx < raster_w_ && fy < raster_h_))
    return spec_.walls.automatic ? kCellOutside : kCellRunoff;
  return static_cast<std::uint8_t>(cells_.get(static_cast<int>(fx), static_cast<int>(fy)) >> 4);
}

std::vector<Vec2> Track::corridor_tiles() const {
  std::vector<Vec2> out;
  const double side = corridor_tile_size();
  for (int ty = 0; ty < cells_.tiles_h(); ++ty)
    for (int tx = 0; tx < cells_.tiles_w(); ++tx)
      if (cells_.tile_stored(tx, ty)) out.push_back(raster_origin_ + Vec2{tx * side, ty * side});
  return out;
}

double Track::race_distance(Vec2 p, int* hint) const {
  const Projection pr = centreline_.project(p, hint ? *hint : -1);
  if (hint) *hint = pr.index;
  const double L = centreline_.length();
  if (L <= 0.0) return 0.0;
  const double line_s = sector_starts_.empty() ? 0.0 : sector_starts_.front();
  const double d = wrap_s(pr.s - line_s, L);
  return d >= L ? 0.0 : d;
}

}  // namespace racer
