#pragma once
// Detour: the AI driver's routing layer (about 2 Hz). When a stopped car has blocked the way
// ahead for a while, a grid planner (AiParams::router: A* by default, JPS, HPA*, D* Lite)
// on a window of the track's cost grid (stopped cars blocked, grown by our half width) gives
// a path round it to the racing line AiRouting::reach (40 m) ahead; the tracker and DWA follow it at walking
// pace until we are past, or the blockage moves off. Owns the planner, the window, the
// detour path and its projection hint, and the blocked clock.
//
// Deterministic; metres, seconds.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ai/ai_params.h"
#include "ai/driver_road.h"
#include "ai/driver_view.h"
#include "ai/path.h"
#include "ai/traffic.h"
#include "plan/planner.h"

namespace racer {

class Track;

/// m/s: a car this slow blocks the way (routing) and is stopped (racecraft).
inline constexpr double kBlockedSpeed = 2.0;
/// The routing layer's rate, Hz.
inline constexpr double kRouteHz = 2.0;

/// The router's last search, recorded for the debug overlays (Detour::set_recording).
struct RouterRecord {
  std::int64_t step = -1;      ///< the fixed step of the last search (-1: none yet)
  bool found = false;          ///< it found a way
  double cell = 0.0;           ///< m, the grid's cell size
  std::vector<Vec2> expanded;  ///< m, world: centres of the cells it expanded, in order
  std::vector<Vec2> cells;     ///< m, world: centres of the cells of the way it found
};

class Detour {
 public:
  /// Routes with the grid planner named `router` (one of kRouterPlanners, ai/ai_params.h).
  /// `routing`: the grid's costs, the reach and the wait (the profile's).
  explicit Detour(std::string_view router = "astar", const AiRouting& routing = {}) : routing_(routing) {
    set_router(router);
  }
  /// Takes the profile's costs, reach and wait (from the next routing step on).
  void set_routing(const AiRouting& routing) { routing_ = routing; }
  /// Plans the next detours with another planner (the AI panel); an unknown name keeps A*.
  void set_router(std::string_view router);
  std::string_view router() const { return planner_->name(); }
  /// One routing step: ends a detour we are past (by `progress`, m along our line since the
  /// start) or whose blockage moved off; plans one when the car ahead in `traffic` has
  /// blocked us for long enough. `scan` gives the other cars' projection hints.
  void plan(const DriverView& v, const AiRoute& route, LinePosition me, double progress, const TrafficPicture& traffic,
            const TrafficScan& scan, const Track& track, double queue_gap, CarSize us);
  bool active() const { return active_; }
  int count() const { return count_; }  ///< detours planned
  const Path& path() const { return path_; }
  int hint() const { return hint_; }
  /// Projects `p` on the detour path from the last hint, and keeps the new hint.
  PathProjection project(Vec2 p) {
    const PathProjection pr = path_.project(p, hint_);
    hint_ = pr.index;
    return pr;
  }
  /// Records each search from the next on (on) or stops (off); never changes a search.
  void set_recording(bool on);
  /// The last search's record, null when not recording.
  const RouterRecord* record() const { return recording_ ? &record_ : nullptr; }
  /// Forgets the detour and the blocked clock (a respawn; a new route: `new_route` also
  /// forgets the projection hint).
  void reset(bool new_route);

 private:
  bool stopped_ahead(const DriverView& v, const AiRoute& route, LinePosition me, const TrafficScan& scan,
                     CarSize us) const;

  AiRouting routing_;
  std::unique_ptr<GridPlanner> planner_;
  bool uniform_window_ = false;  // JPS searches uniform cells: the window leaves out clearance and surface costs
  SearchGrid window_;
  Path path_;
  int hint_ = -1;
  double end_ = 0.0;                  // m of progress where the detour rejoins the line
  double blocked_for_ = 0.0;          // s a stopped car has been in our way
  double blocked_ahead_speed_ = 0.0;  // m/s of the car ahead at the last routing step
  bool active_ = false;
  int count_ = 0;
  bool recording_ = false;
  PlanTrace trace_;
  RouterRecord record_;
};

}  // namespace racer
