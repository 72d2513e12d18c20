#pragma once
// TrackSpec: a track as its file describes it (tracks/*.json, documented in
// docs/track-format.md). Plain data, SI units (metres, radians); no derived geometry here
// (see track/geometry.h). Positions are world metres, x east, y north.
#include <string>
#include <vector>

#include "core/result.h"
#include "core/vec2.h"
#include "track/scenery_spec.h"
#include "track/surface.h"

namespace racer {

/// One control point of a closed centreline (or of a branch), with the road width there.
struct ControlPoint {
  Vec2 position;        ///< m
  double width = 12.0;  ///< m, full road width, [4, 60]
};

/// Explicit kerb along the main loop between two control points (inclusive, wrapping).
enum class KerbSide { Left, Right, Both };
struct KerbSpan {
  int from = 0, to = 0;  ///< control point indices
  KerbSide side = KerbSide::Both;
};

struct KerbSpec {
  bool automatic = true;        ///< kerbs on both edges wherever the road bends tighter than min_radius
  double min_radius = 120.0;    ///< m: a corner tighter than this gets kerbs
  double width = 1.2;           ///< m, kerb strip width, laid on the road edge
  std::vector<KerbSpan> spans;  ///< extra explicit kerbs
};

/// What lies beside the road up to the walls.
struct RunoffSpec {
  Surface surface = Surface::Grass;
  double width = 12.0;  ///< m from the road edge to the automatic wall
};

/// An explicit surface patch (gravel trap, ice, dirt shortcut); later zones win.
struct SurfaceZone {
  Surface surface = Surface::Gravel;
  std::vector<Vec2> polygon;  ///< m, simple polygon, 3..256 points
};

struct WallSpec {
  bool automatic = true;                     ///< wall at runoff.width beyond each road edge
  std::vector<std::vector<Vec2>> barriers;   ///< extra open polylines (two-sided), m
};

enum class ObstacleShape { Circle, Box };
/// Static obstacles: tyre stacks and cones (circles), barriers and parked trucks (boxes).
struct ObstacleSpec {
  ObstacleShape shape = ObstacleShape::Circle;
  std::string kind = "tyres";   ///< free text for drawing: tyres, cone, barrier, truck, ...
  Vec2 position;                ///< m, centre
  double radius = 0.5;          ///< m, circles
  double half_length = 1.0;     ///< m, boxes, along `angle`
  double half_width = 0.5;      ///< m, boxes
  double angle = 0.0;           ///< rad, boxes
};

/// An alternative route leaving the main loop at control point `from` and rejoining it at
/// `to` (forward along the loop), through its own control points.
struct BranchSpec {
  std::string name;
  int from = 0, to = 0;               ///< main-loop control point indices
  std::vector<ControlPoint> points;   ///< interior points, in driving order, >= 1
  Surface surface = Surface::Asphalt; ///< road surface of the branch
};

struct StartSpec {
  int point = 0;            ///< start/finish line at this control point...
  double offset = 0.0;      ///< ...plus this distance along the centreline, m
  bool reverse = false;     ///< drive the loop against the order of its points
};

struct GridSpec {
  int slots = 12;            ///< starting positions, 1..24
  double spacing = 8.0;      ///< m between rows along the track
  double first_offset = 6.0; ///< m from the start line back to the first row
  int columns = 2;           ///< slots per row, 1..3 (staggered)
};

struct TrackSpec {
  std::string name;
  std::string author;
  std::string description;
  int laps = 3;                         ///< default race length
  Surface road_surface = Surface::Asphalt;
  std::vector<ControlPoint> centreline; ///< closed loop, 4..512 points
  KerbSpec kerbs;
  RunoffSpec runoff;
  std::vector<SurfaceZone> zones;
  WallSpec walls;
  std::vector<ObstacleSpec> obstacles;
  std::vector<BranchSpec> branches;
  StartSpec start;
  GridSpec grid;
  int sectors = 3;                      ///< timing sectors, equal length, 1..10
  ScenerySpec scenery;                  ///< visual only: theme and objects around the circuit
};

/// Reads a track file; every problem is reported as file:line:col: message.
/// Only the file's own structure is checked here; drivability (self-intersection, grid in
/// a wall, ...) is checked by validate_track in track/geometry.h.
Result<TrackSpec> load_track_spec(const std::string& path);
Result<TrackSpec> parse_track_spec(std::string_view json_text, const std::string& file_name);
/// Writes a file that parse_track_spec reads back to an equal spec.
std::string save_track_spec(const TrackSpec& spec);
/// m: the most common finite width of the centreline and branch points (the first of
/// equals), which save_track_spec writes as `default_width_m` so that most points are [x, y].
double common_width(const TrackSpec& spec);

}  // namespace racer
