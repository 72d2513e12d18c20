#pragma once
// ElementRef: one editable element of a track spec (a centreline point, a zone or one of
// its corners, an obstacle, a barrier point, a branch point, the start line, ...), its JSON
// pointer in the saved file and back, and where it sits in the world.
// Pure: no SDL, no ImGui.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/vec2.h"
#include "track/track_spec.h"

namespace racer::editor {

enum class ElementKind {
  CentrelinePoint,  ///< index: the point
  KerbSpan,         ///< index: the span
  Zone,             ///< index: the zone (all its corners)
  ZonePoint,        ///< index: the zone, sub: the corner
  Obstacle,         ///< index: the obstacle
  Barrier,          ///< index: the barrier (all its points)
  BarrierPoint,     ///< index: the barrier, sub: the point
  Branch,           ///< index: the branch (all its points)
  BranchPoint,      ///< index: the branch, sub: the point
  SceneryObject,    ///< index: the object
  Start,            ///< the start line (start.point, offset, direction)
  Grid,             ///< the starting grid
  Track,            ///< the whole track (name, laps, sectors, widths, surfaces)
};

struct ElementRef {
  ElementKind kind = ElementKind::Track;
  int index = 0;  ///< which zone, obstacle, point, ... (0 for Start, Grid, Track)
  int sub = 0;    ///< which point of a zone, barrier or branch (0 otherwise)
  bool operator==(const ElementRef&) const = default;
};

/// True when the element exists in `spec` (indices in range).
bool element_exists(const TrackSpec& spec, const ElementRef& e);
/// The element's JSON pointer in a file saved by save_track_spec ("/centreline/4").
std::string pointer_of(const ElementRef& e);
/// The most specific element a JSON pointer falls in ("/centreline/4/2" -> point 4;
/// "/zones/1/polygon/2/0" -> corner 2 of zone 1); Track for anything else.
ElementRef element_of_pointer(std::string_view pointer);
/// Where the element is drawn and picked, m (a zone, barrier or branch: its first point;
/// the start: its control point; the grid and the track: nullopt).
std::optional<Vec2> element_position(const TrackSpec& spec, const ElementRef& e);
/// "centreline point 4", "zone 1 corner 2", "obstacle 3 (tyres)", ... for lists and history.
std::string element_name(const TrackSpec& spec, const ElementRef& e);
/// True for elements that MovePoints can move (points, zones, obstacles, barriers, branches,
/// scenery objects).
bool element_movable(ElementKind kind);

}  // namespace racer::editor
