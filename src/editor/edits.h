#pragma once
// Edits: every change the track editor makes, as a value. apply_edit changes a TrackSpec
// by one edit, or says why it cannot (an index that is not there) and leaves it alone.
// Values are not range-checked here: a width of 80 m is applied and then reported by
// validation (editor/validation.h) with the loader's message, so nothing invalid is saved.
// Indices into the centreline that other parts of the spec hold (kerb spans, branch
// from/to, the start point) follow inserted and deleted points.
// Sections: points | track settings | kerbs | zones | obstacles | barriers | branches |
// start, grid, laps | the Edit variant
// Pure: no SDL, no ImGui. Units as in track/track_spec.h (m), angles in degrees as the
// file writes them.
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "editor/element.h"
#include "track/track_spec.h"

namespace racer::editor {

// ---------------------------------------------------------------- points

/// Moves every listed element by `delta` (m): points, whole zones, barriers and branches,
/// obstacles, scenery objects. With `snap` > 0 each moved point then lands on the grid of
/// that spacing (m). An element listed twice (a zone and one of its corners) moves once.
struct MovePoints {
  std::vector<ElementRef> elements;
  Vec2 delta;
  double snap = 0.0;
};
/// Sets the position of one point-like element (m), e.g. a dragged point or a typed value.
struct SetPosition {
  ElementRef element;
  Vec2 position;
};
/// Inserts a control point before index `index` (== size: appends).
struct InsertCentrelinePoint {
  int index = 0;
  ControlPoint point;
};
struct DeleteCentrelinePoint {
  int index = 0;
};
/// Full road width (m) at a centreline or branch point.
struct SetPointWidth {
  ElementRef point;
  double width = 12.0;
};
/// Every centreline and branch point as wide as the current default (the most common
/// width, written as default_width_m) gets `width` (m).
struct SetDefaultWidth {
  double width = 12.0;
};

// ---------------------------------------------------------------- track settings

struct SetTrackInfo {
  std::string name, author, description;
};
struct SetRoadSurface {
  Surface surface = Surface::Asphalt;
};
struct SetRunoff {
  RunoffSpec runoff;
};
struct SetSceneryTheme {
  SceneryTheme theme = SceneryTheme::Downs;
  bool automatic = true;
};

// ---------------------------------------------------------------- kerbs

/// Automatic kerbs on/off, their minimum radius (m) and strip width (m).
struct SetKerbSettings {
  bool automatic = true;
  double min_radius = 120.0;
  double width = 1.2;
};
struct AddKerbSpan {
  KerbSpan span;
};
struct SetKerbSpan {
  int index = 0;
  KerbSpan span;
};
struct DeleteKerbSpan {
  int index = 0;
};

// ---------------------------------------------------------------- zones

struct AddZone {
  SurfaceZone zone;
};
struct DeleteZone {
  int index = 0;
};
struct SetZoneSurface {
  int index = 0;
  Surface surface = Surface::Gravel;
};
/// Inserts a corner before `corner` (== size: appends).
struct InsertZonePoint {
  int zone = 0, corner = 0;
  Vec2 position;
};
struct DeleteZonePoint {
  int zone = 0, corner = 0;
};

// ---------------------------------------------------------------- obstacles

struct AddObstacle {
  ObstacleSpec obstacle;
};
struct DeleteObstacle {
  int index = 0;
};
/// A box's direction, degrees counter-clockwise from east (as the file writes it).
struct RotateObstacle {
  int index = 0;
  double angle_deg = 0.0;
};
/// A circle's radius, or a box's full length and width (m); the other shape's values are kept.
struct ResizeObstacle {
  int index = 0;
  double radius = 0.5, length = 2.0, width = 1.0;
};
/// Turns a circle into a box of the same extent and back; `kind` is what to draw.
struct SetObstacleShape {
  int index = 0;
  ObstacleShape shape = ObstacleShape::Circle;
  std::string kind;
};

// ---------------------------------------------------------------- barriers

struct SetWallsAutomatic {
  bool automatic = true;
};
struct AddBarrier {
  std::vector<Vec2> points;
};
struct DeleteBarrier {
  int index = 0;
};
struct InsertBarrierPoint {
  int barrier = 0, point = 0;
  Vec2 position;
};
struct DeleteBarrierPoint {
  int barrier = 0, point = 0;
};

// ---------------------------------------------------------------- branches

struct AddBranch {
  BranchSpec branch;
};
struct DeleteBranch {
  int index = 0;
};
/// Where the branch leaves and rejoins the main loop (centreline point indices).
struct SetBranchEnds {
  int index = 0;
  int from = 0, to = 0;
};
struct SetBranchInfo {
  int index = 0;
  std::string name;
  Surface surface = Surface::Asphalt;
};
struct InsertBranchPoint {
  int branch = 0, point = 0;
  ControlPoint position;
};
struct DeleteBranchPoint {
  int branch = 0, point = 0;
};

// ---------------------------------------------------------------- start, grid, laps

struct SetStart {
  StartSpec start;
};
struct SetGrid {
  GridSpec grid;
};
struct SetSectors {
  int sectors = 3;
};
struct SetLaps {
  int laps = 3;
};

// ---------------------------------------------------------------- the Edit variant

using Edit = std::variant<MovePoints, SetPosition, InsertCentrelinePoint, DeleteCentrelinePoint, SetPointWidth,
                          SetDefaultWidth, SetTrackInfo, SetRoadSurface, SetRunoff, SetSceneryTheme,
                          SetKerbSettings, AddKerbSpan, SetKerbSpan, DeleteKerbSpan, AddZone, DeleteZone,
                          SetZoneSurface, InsertZonePoint, DeleteZonePoint, AddObstacle, DeleteObstacle,
                          RotateObstacle, ResizeObstacle, SetObstacleShape, SetWallsAutomatic, AddBarrier,
                          DeleteBarrier, InsertBarrierPoint, DeleteBarrierPoint, AddBranch, DeleteBranch,
                          SetBranchEnds, SetBranchInfo, InsertBranchPoint, DeleteBranchPoint, SetStart, SetGrid,
                          SetSectors, SetLaps>;

/// Applies `edit` to `spec`: nullopt when done, else why not (and `spec` unchanged).
std::optional<std::string> apply_edit(TrackSpec& spec, const Edit& edit);
/// One line for the undo history: "move centreline point 4", "delete zone 1 (gravel)", ...
/// (`before`: the spec the edit applies to, for names).
std::string edit_label(const TrackSpec& before, const Edit& edit);
/// `p` on the grid of spacing `step` (m); `p` itself when step <= 0.
Vec2 snap_to_grid(Vec2 p, double step);

}  // namespace racer::editor
