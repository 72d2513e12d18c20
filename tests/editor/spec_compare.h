#pragma once
// Comparing track specs in the editor's tests. same_spec is exact (every field, every bit):
// undo restores a snapshot, so nothing may differ. Saved and reloaded specs compare with
// saved_equal: exact too, except box and scenery angles, which the file holds in degrees
// (one rounding each way, within 1e-14 rad).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "track/track_spec.h"

namespace racer::test {

inline ::testing::AssertionResult specs_match(const TrackSpec& a, const TrackSpec& b, double angle_tolerance) {
  auto fail = [](const std::string& what) { return ::testing::AssertionFailure() << what << " differs"; };
  auto points = [](const std::vector<ControlPoint>& x, const std::vector<ControlPoint>& y) {
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!(x[i].position == y[i].position) || x[i].width != y[i].width) return false;
    return true;
  };
  auto angle = [&](double x, double y) { return angle_tolerance == 0.0 ? x == y : std::fabs(x - y) <= angle_tolerance; };
  if (a.name != b.name || a.author != b.author || a.description != b.description) return fail("name/author/description");
  if (a.laps != b.laps || a.sectors != b.sectors || a.road_surface != b.road_surface) return fail("laps/sectors/surface");
  if (!points(a.centreline, b.centreline)) return fail("centreline");
  if (a.kerbs.automatic != b.kerbs.automatic || a.kerbs.min_radius != b.kerbs.min_radius ||
      a.kerbs.width != b.kerbs.width || a.kerbs.spans.size() != b.kerbs.spans.size())
    return fail("kerbs");
  for (std::size_t i = 0; i < a.kerbs.spans.size(); ++i)
    if (a.kerbs.spans[i].from != b.kerbs.spans[i].from || a.kerbs.spans[i].to != b.kerbs.spans[i].to ||
        a.kerbs.spans[i].side != b.kerbs.spans[i].side)
      return fail("kerb span " + std::to_string(i));
  if (a.runoff.surface != b.runoff.surface || a.runoff.width != b.runoff.width) return fail("runoff");
  if (a.zones.size() != b.zones.size()) return fail("zone count");
  for (std::size_t i = 0; i < a.zones.size(); ++i)
    if (a.zones[i].surface != b.zones[i].surface || a.zones[i].polygon != b.zones[i].polygon)
      return fail("zone " + std::to_string(i));
  if (a.walls.automatic != b.walls.automatic || a.walls.barriers != b.walls.barriers) return fail("walls");
  if (a.obstacles.size() != b.obstacles.size()) return fail("obstacle count");
  for (std::size_t i = 0; i < a.obstacles.size(); ++i) {
    const ObstacleSpec &x = a.obstacles[i], &y = b.obstacles[i];
    const bool box = x.shape == ObstacleShape::Box;
    if (x.shape != y.shape || x.kind != y.kind || !(x.position == y.position) ||
        (!box && x.radius != y.radius) ||
        (box && (x.half_length != y.half_length || x.half_width != y.half_width || !angle(x.angle, y.angle))))
      return fail("obstacle " + std::to_string(i));
  }
  if (a.branches.size() != b.branches.size()) return fail("branch count");
  for (std::size_t i = 0; i < a.branches.size(); ++i) {
    const BranchSpec &x = a.branches[i], &y = b.branches[i];
    if (x.name != y.name || x.from != y.from || x.to != y.to || x.surface != y.surface || !points(x.points, y.points))
      return fail("branch " + std::to_string(i));
  }
  if (a.start.point != b.start.point || a.start.offset != b.start.offset || a.start.reverse != b.start.reverse)
    return fail("start");
  if (a.grid.slots != b.grid.slots || a.grid.spacing != b.grid.spacing || a.grid.first_offset != b.grid.first_offset ||
      a.grid.columns != b.grid.columns)
    return fail("grid");
  if (a.scenery.theme != b.scenery.theme || a.scenery.automatic != b.scenery.automatic ||
      a.scenery.objects.size() != b.scenery.objects.size())
    return fail("scenery");
  for (std::size_t i = 0; i < a.scenery.objects.size(); ++i) {
    const SceneryObjectSpec &x = a.scenery.objects[i], &y = b.scenery.objects[i];
    if (x.kind != y.kind || !(x.position == y.position) || !angle(x.facing, y.facing) || x.length != y.length ||
        x.depth != y.depth || x.variant != y.variant)
      return fail("scenery object " + std::to_string(i));
  }
  return ::testing::AssertionSuccess();
}

/// Every field, every bit.
inline ::testing::AssertionResult same_spec(const TrackSpec& a, const TrackSpec& b) { return specs_match(a, b, 0.0); }
/// As read back from a saved file: angles within 1e-14 rad (degrees in the file).
inline ::testing::AssertionResult saved_equal(const TrackSpec& a, const TrackSpec& b) {
  return specs_match(a, b, 1e-14);
}

}  // namespace racer::test
