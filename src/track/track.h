#pragma once
// Track: a loaded track with everything derived from its spec: the smoothed centreline and
// branches, kerbs, a surface raster answering the wheels' per-step query in O(1), the walls
// (closed loops around the drivable area, plus barrier polylines), obstacles, the start
// line, grid slots, progress stations and the AI's cost grid.
//
// Building never crashes on any spec; geometry that cannot be driven (self-intersecting
// road, road narrower than 4 m, a grid slot in a wall, a branch that does not rejoin,
// an obstacle on the racing surface's only way through, ...) is reported as problems
// located in the file.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "track/centreline.h"
#include "track/cost_grid.h"
#include "track/progress.h"
#include "track/surface_map.h"
#include "track/tiled_raster.h"
#include "track/track_spec.h"

namespace racer {

struct Pose {
  Vec2 position;        ///< m
  double heading = 0.0; ///< rad
};

/// Raster cell flags (besides the surface).
enum CellFlag : std::uint8_t {
  kCellRoad = 1,     ///< on the road (main loop or a branch), kerbs included
  kCellKerb = 2,
  kCellRunoff = 4,   ///< beside the road, inside the walls
  kCellOutside = 8,  ///< beyond the walls
};

/// A closed wall loop and which side of it cars belong on.
struct WallLoop {
  std::vector<Vec2> points;  ///< m
  bool keep_inside = true;   ///< true: the outer boundary; false: an island (infield)
};

/// A geometric problem, located by JSON pointer into the track file ("/centreline/14").
struct TrackProblem {
  std::string pointer;
  std::string message;
};

class Track final : public SurfaceMap {
 public:
  /// Loads, builds and validates a track file. Problems come back as file:line:col errors.
  static Result<std::shared_ptr<const Track>> load(const std::string& path);
  /// Builds from a spec (no file positions: problems are located at the file's root).
  static Result<std::shared_ptr<const Track>> build(const TrackSpec& spec, const std::string& file_name);

  /// The surface under a world point: O(1) raster lookup. Beyond the raster: runoff surface.
  Surface surface_at(Vec2 p) const override;
  /// Raster flags under a point (CellFlag bits).
  std::uint8_t flags_at(Vec2 p) const;
  bool on_road(Vec2 p) const { return (flags_at(p) & kCellRoad) != 0; }

  const TrackSpec& spec() const { return spec_; }
  const Centreline& centreline() const { return centreline_; }
  const std::vector<Centreline>& branches() const { return branches_; }
  const std::vector<WallLoop>& wall_loops() const { return walls_; }
  const std::vector<std::vector<Vec2>>& barriers() const { return spec_.walls.barriers; }
  const std::vector<ObstacleSpec>& obstacles() const { return spec_.obstacles; }
  /// Kerb strips as quads (4 corners each, m) for drawing.
  const std::vector<std::array<Vec2, 4>>& kerb_quads() const { return kerbs_; }
  /// The start/finish line across the road (left end, right end).
  const Gate& start_line() const { return stations_.front().gates.front(); }
  /// Grid slots, pole first, each facing the direction of travel.
  const std::vector<Pose>& grid() const { return grid_; }
  /// Progress stations in driving order; [0] is the start/finish line.
  const std::vector<Station>& stations() const { return stations_; }
  /// s along the centreline where each sector begins (sector 0 at the line).
  const std::vector<double>& sector_starts() const { return sector_starts_; }
  const CostGrid& cost_grid() const { return cost_grid_; }
  /// Bytes the surface raster holds (its stored tiles and their index).
  std::size_t raster_bytes() const { return cells_.memory_bytes(); }
  /// The road corridor: the surface raster's stored tiles (squares of corridor_tile_size()
  /// metres, lower-left corners, m, row by row). Every point of the raster outside them
  /// has the background's surface and flags (beyond the walls, or run-off without
  /// automatic walls), so passes over "everything near the track" visit only these.
  std::vector<Vec2> corridor_tiles() const;
  double corridor_tile_size() const { return raster_cell_ * TiledRaster<std::uint8_t>::kSide; }
  /// Bounding box of everything inside the walls, m.
  Vec2 bounds_min() const { return bounds_min_; }
  Vec2 bounds_max() const { return bounds_max_; }
  /// Distance along the direction of travel from the line: s measured so that it grows as
  /// cars drive, 0 at the start line, in [0, length).
  double race_distance(Vec2 p, int* hint = nullptr) const;

 private:
  Track() = default;
  friend class TrackBuilder;

  TrackSpec spec_;
  Centreline centreline_;
  std::vector<Centreline> branches_;
  std::vector<WallLoop> walls_;
  std::vector<std::array<Vec2, 4>> kerbs_;
  std::vector<Pose> grid_;
  std::vector<Station> stations_;
  std::vector<double> sector_starts_;
  CostGrid cost_grid_;
  // Surface raster: cells of raster_cell_ metres from raster_origin_, each one byte: the
  // surface in the low four bits, the CellFlag bits in the high four (cell_byte). Tiled:
  // the cells far from the roads, all alike, share one tile.
  static constexpr std::uint8_t cell_byte(Surface s, std::uint8_t flags) {
    return static_cast<std::uint8_t>(static_cast<std::uint8_t>(s) | (flags << 4));
  }
  static_assert(kSurfaceCount <= 16, "a surface must fit in four bits of a raster cell");
  Vec2 raster_origin_;
  double raster_cell_ = 0.25;
  int raster_w_ = 0, raster_h_ = 0;
  TiledRaster<std::uint8_t> cells_;
  Vec2 bounds_min_, bounds_max_;
};

}  // namespace racer
